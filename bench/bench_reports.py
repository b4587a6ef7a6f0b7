"""Speed and memory of the reports: one team's year statement, and the full pack of a class.

    python bench/bench_reports.py                  # a class of 5 games x 6 teams, 10 years
    python bench/bench_reports.py --games 2 --runs 3

A class of 30 teams is five games of six teams (a game has at most nine), played to the end
of 10 years by greedy bots with all six expansion steps (goal: profit), so every document has
every part (taxes, personal goals, yields). The logs are written to a temporary folder; then
two fresh processes measure, each on its own so that its peak memory (ru_maxrss) is its own:

- ``pure``: what a worker does after reading the database. Per game: replay the log, ask the
  engine for every statement, build each team's statements, the class debrief, the XLSX and the
  CSV files, and zip them. Also one team's year statement on its own, from a fresh context
  (the engine's year accounts included): every team-year of the first game.
- ``jobs``: the site's real path on one worker, against a temporary SQLite database: the games
  imported from their logs, then one ``PACK`` report job per game run by
  ``reports.services.run_job`` (the Celery task's body) one after the other — reading the game
  from the database, building, writing the files, the per-team jobs and the ZIP.

Times are wall-clock; nothing here is a test: no figure is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

STEPS = frozenset({1, 2, 3, 4, 5, 6})


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


# ====================================================================== the class
def make_class(folder: Path, games: int, teams: int, years: int, seed: int) -> list[Path]:
    """``games`` games played to the end of ``years`` years (the first seeds from ``seed`` on
    whose game lasts that long: a game may end sooner when only one business is left)."""
    from playboss.rules import GameConfig
    from playboss.rules.simulate import play_game

    paths: list[Path] = []
    s = seed
    while len(paths) < games:
        g = len(paths)
        names = tuple(f"Team {g * teams + i + 1}" for i in range(teams))
        config = GameConfig(teams=names, seed=s, years=years, steps=STEPS)
        s += 1
        state, log = play_game(config, "greedy", checks=False, log=True)
        assert log is not None
        most = max(t.years for t in state.teams.values())
        if most < years:
            continue
        path = folder / f"game-{g + 1}.json"
        path.write_text(log.dumps(), "utf-8")
        bankrupt = sum(t.bankrupt for t in state.teams.values())
        print(f"game {g + 1} (seed {s - 1}): {teams} teams, {len(log.entries)} moves, "
              f"{len(state.ledger)} ledger entries, {most} years, {bankrupt} bankrupt")
        paths.append(path)
    return paths


# ====================================================================== child: pure
def child_pure(paths: list[Path], runs: int) -> dict[str, Any]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playboss.settings")
    import django

    django.setup()
    from playboss.rules.gamelog import GameLog, replay
    from reports import exports, packs
    from reports.builders import Ctx, GameMeta, year_statement

    def meta(name: str, state: Any) -> GameMeta:
        return GameMeta(name=name, code="BENCH1", classroom="Bench class", seq=state.seq,
                        ended=state.phase == "ended")

    # one team's year statement, from a fresh context each time
    state = replay(GameLog.load(paths[0]))
    year_ms: list[float] = []
    for _ in range(runs):
        for team in state.teams:
            for account in Ctx.of(meta("g", state), state).fig.accounts(team):
                began = time.perf_counter()
                ctx = Ctx.of(meta("g", state), state)
                year_statement(ctx, team, account.year)
                year_ms.append((time.perf_counter() - began) * 1_000)

    # the whole class
    pack_s: list[float] = []
    pack_cpu: list[float] = []
    files = size = pages = 0
    for _ in range(runs):
        began, cpu = time.perf_counter(), time.process_time()
        files = size = 0
        for n, path in enumerate(paths, start=1):
            state = replay(GameLog.load(path))
            ctx = Ctx.of(meta(f"Game {n}", state), state)
            actions = [exports.ActionRecord(i, e["actor"], e, e.get("chance"))
                       for i, e in enumerate(GameLog.load(path).entries, start=1)]
            built = packs.build_pack(ctx, actions)
            archive = packs.zip_pack(ctx, built)
            files += len(built)
            size += len(archive)
        pack_s.append(time.perf_counter() - began)
        pack_cpu.append(time.process_time() - cpu)
    from pypdf import PdfReader

    sample = packs.build_pack(Ctx.of(meta("x", state), state), [])
    pages = sum(len(PdfReader(__import__("io").BytesIO(f.data)).pages)
                for f in sample if f.name.endswith(".pdf"))
    return {"year_ms": year_ms, "pack_s": pack_s, "pack_cpu_s": pack_cpu, "files": files,
            "zip_bytes": size,
            "pages_last_game": pages, "peak_mb": peak_mb()}


# ====================================================================== child: jobs
def child_jobs(paths: list[Path], folder: Path) -> dict[str, Any]:
    os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'bench.sqlite3'}"
    os.environ["MEDIA_ROOT"] = str(folder / "media")
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playboss.settings")
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from classroom import services as classroom_services
    from reports import services
    from reports.models import ReportJob

    call_command("migrate", verbosity=0)
    teacher = User.objects.create_user("bench", password="bench-pass-1")
    classroom = classroom_services.create_classroom(teacher=teacher, name="Bench class")
    games = [classroom_services.import_log(classroom=classroom, name=f"Game {n}",
                                           log_data=json.loads(p.read_text("utf-8")))
             for n, p in enumerate(paths, start=1)]
    before = peak_mb()
    jobs = [ReportJob.objects.create(game=g, kind=ReportJob.Kind.PACK, by_teacher=True)
            for g in games]
    began, cpu = time.perf_counter(), time.process_time()
    per_game = []
    for job in jobs:
        start = time.perf_counter()
        assert services.run_job(job_id=job.pk) == "done"
        per_game.append(time.perf_counter() - start)
    total, total_cpu = time.perf_counter() - began, time.process_time() - cpu
    done = ReportJob.objects.filter(status="done").count()
    # one team's year statement as a job: read the game from the database, replay it from its
    # latest snapshot, the engine's accounts, the PDF, the file and the job row
    year_ms = []
    game = games[0]
    from reports.selectors import team_years

    for team in game.teams.all():
        played = [y["year"] for y in team_years(game, team.name)]
        for year in sorted({played[0], played[len(played) // 2], played[-1]}):
            job = ReportJob.objects.create(game=game, kind=ReportJob.Kind.YEAR, team=team,
                                           year=year, by_teacher=False)
            start = time.perf_counter()
            assert services.run_job(job_id=job.pk) == "done"
            year_ms.append((time.perf_counter() - start) * 1_000)
    return {"total_s": total, "cpu_s": total_cpu, "per_game_s": per_game, "jobs_done": done,
            "year_job_ms": year_ms,
            "peak_mb": peak_mb(), "peak_mb_before_build": before}


# ====================================================================== parent
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--teams", type=int, default=6)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="repeats of the pure measurements")
    parser.add_argument("--child", choices=["pure", "jobs"], help=argparse.SUPPRESS)
    parser.add_argument("--folder", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.child:
        folder = Path(args.folder)
        paths = sorted(folder.glob("game-*.json"))
        result = (child_pure(paths, args.runs) if args.child == "pure"
                  else child_jobs(paths, folder))
        print(json.dumps(result))
        return 0

    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} CPUs; reportlab accelerator: {accelerated()}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_class(folder, args.games, args.teams, args.years, args.seed)

        def run(child: str) -> dict[str, Any]:
            out = subprocess.run(
                [sys.executable, __file__, "--child", child, "--folder", str(folder),
                 "--runs", str(args.runs)], cwd=ROOT, capture_output=True, text=True)
            if out.returncode:
                raise SystemExit(f"the {child} measurement failed:\n{out.stderr}")
            return dict(json.loads(out.stdout.strip().splitlines()[-1]))

        pure = run("pure")
        jobs = run("jobs")
    ms = sorted(pure["year_ms"])
    print(f"\none team's year statement ({len(ms) // args.runs} team-years x {args.runs}): "
          f"median {statistics.median(ms):.1f} ms, p95 {ms[int(len(ms) * .95) - 1]:.1f} ms, "
          f"max {max(ms):.1f} ms")
    teams = args.games * args.teams
    print(f"full pack of {teams} teams, no database ({args.runs} runs): "
          f"median {statistics.median(pure['pack_s']):.2f} s, min {min(pure['pack_s']):.2f} s "
          f"(CPU {statistics.median(pure['pack_cpu_s']):.2f} s); "
          f"{pure['files']} files, ZIPs {pure['zip_bytes'] / 1e6:.1f} MB; "
          f"peak memory {pure['peak_mb']:.0f} MB")
    print(f"  (the last game's PDFs have {pure['pages_last_game']} pages)")
    per_game = ", ".join(f"{s:.2f}" for s in jobs["per_game_s"])
    print(f"full pack of {teams} teams as report jobs on one worker (SQLite): "
          f"{jobs['total_s']:.2f} s, CPU {jobs['cpu_s']:.2f} s (per game {per_game} s); "
          f"{jobs['jobs_done']} jobs done; peak memory {jobs['peak_mb']:.0f} MB "
          f"({jobs['peak_mb_before_build']:.0f} MB before the first build)")
    job_ms = sorted(jobs["year_job_ms"])
    print(f"one team's year statement as a report job (SQLite, {len(job_ms)} jobs): median "
          f"{statistics.median(job_ms):.1f} ms, max {max(job_ms):.1f} ms")
    return 0


def accelerated() -> bool:
    from reportlab.lib import rl_accel

    return not getattr(rl_accel.fp_str, "__name__", "").startswith("_py")


if __name__ == "__main__":
    raise SystemExit(main())
