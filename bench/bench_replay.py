"""Speed of ``gamelog.replay``: a long game log replayed, median of several runs.

    python bench/bench_replay.py                     # build the log, time 9 replays
    python bench/bench_replay.py --save game.json    # ... and keep the log
    python bench/bench_replay.py --log game.json     # time a stored log instead

Without ``--log`` the log is a greedy-bot game of ``--teams`` teams over ``--years`` years, the
first seed from ``--seed`` on whose game has at least ``--min-actions`` actions (a 6-team,
10-year greedy game has only ~1,200: too short for the 2,000-action goal). Times are
wall-clock milliseconds for the whole replay: parsing every entry, applying it, no checks;
``--check`` adds a run with the invariants checked after every action, and the time to load
the JSON file is shown apart. Nothing here is a test: no figure is asserted.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playboss.rules.config import GameConfig  # noqa: E402
from playboss.rules.gamelog import GameLog, replay  # noqa: E402
from playboss.rules.invariants import check  # noqa: E402
from playboss.rules.simulate import play_game  # noqa: E402


def build(teams: int, years: int, seed: int, min_actions: int) -> GameLog:
    names = tuple(f"Team {i + 1}" for i in range(teams))
    for s in range(seed, seed + 100):
        _, log = play_game(GameConfig(teams=names, seed=s, years=years), "greedy", log=True)
        assert log is not None
        if len(log.entries) >= min_actions:
            print(f"log: greedy bots, {teams} teams, {years} years, seed {s}: "
                  f"{len(log.entries)} actions")
            return log
    raise SystemExit(f"no seed from {seed} gives {min_actions} actions; raise --years")


def timed(runs: int, fn: object) -> list[float]:
    out = []
    for _ in range(runs):
        began = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append((time.perf_counter() - began) * 1_000)
    return out


def summary(ms: list[float]) -> str:
    return (f"median {statistics.median(ms):6.1f} ms  min {min(ms):6.1f}  "
            f"max {max(ms):6.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--log", default=None, help="a stored game log to time")
    parser.add_argument("--save", default=None, help="write the built log here")
    parser.add_argument("--teams", type=int, default=9)
    parser.add_argument("--years", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-actions", type=int, default=2_000)
    parser.add_argument("--check", action="store_true",
                        help="also time a replay with the invariants checked")
    args = parser.parse_args(argv)

    print(f"python {platform.python_version()} on {platform.machine()}")
    if args.log:
        log = GameLog.load(args.log)
        path = Path(args.log)
        print(f"log: {path}, {len(log.entries)} actions")
    else:
        log = build(args.teams, args.years, args.seed, args.min_actions)
        path = Path(args.save or tempfile.mkstemp(suffix=".json")[1])
        path.write_text(log.dumps(), encoding="utf-8")
    state = replay(log)  # warm up, and show what was replayed
    print(f"final: phase {state.phase}, {state.seq} actions, {len(state.ledger)} ledger entries")
    print(f"replay               {summary(timed(args.runs, lambda: replay(log)))}")
    if args.check:
        print(f"replay + invariants  {summary(timed(args.runs, lambda: replay(log, check=check)))}")
    print(f"load JSON file       {summary(timed(args.runs, lambda: GameLog.load(path)))}")
    if not (args.log or args.save):
        path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
