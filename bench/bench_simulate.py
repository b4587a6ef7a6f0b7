"""Speed of bot games: actions/s and complete games/s, median of several runs.

    python bench/bench_simulate.py                      # random and greedy, checks on and off
    python bench/bench_simulate.py --bot greedy --checks on --runs 9
    python bench/bench_simulate.py --profile            # where the time goes (cProfile)
    python bench/bench_simulate.py --steps all          # with expansion steps (1,3,6 or all)

Each run is one ``simulate(...)`` call: ``--games`` games of ``--teams`` teams over ``--years``
years, seeds ``--seed`` upwards, with the expansion steps of ``--steps`` (none by default), the
same call ``python -m playboss.rules simulate`` makes. The
figures are wall-clock, one core; CPU seconds are printed beside them, which a busy machine
disturbs less. Nothing here is a test: no figure is asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import platform
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playboss.rules.cli import parse_steps  # noqa: E402
from playboss.rules.simulate import simulate  # noqa: E402


def one_run(args: argparse.Namespace, bot: str, checks: bool) -> tuple[float, float, float, int]:
    """(actions/s, games/s, actions per CPU second, actions) of one simulate call."""
    cpu = time.process_time()
    report = simulate(args.games, args.teams, args.seed, args.years, parse_steps(args.steps),
                      bot=bot, checks=checks)
    cpu = time.process_time() - cpu
    return (report.actions_per_second, report.games_per_second,
            report.actions / cpu if cpu else 0.0, report.actions)


def summary(values: list[float], fmt: str) -> str:
    return (f"median {format(statistics.median(values), fmt)}  min {format(min(values), fmt)}"
            f"  max {format(max(values), fmt)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--teams", type=int, default=6)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", default="", help="expansion steps: 1,3,6 or all (none: the "
                        "base model)")
    parser.add_argument("--bot", choices=("random", "greedy", "both"), default="both")
    parser.add_argument("--checks", choices=("on", "off", "both"), default="both")
    parser.add_argument("--profile", action="store_true",
                        help="profile one run of each case instead; print the top functions")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args(argv)

    bots = ["random", "greedy"] if args.bot == "both" else [args.bot]
    checks = [True, False] if args.checks == "both" else [args.checks == "on"]
    steps = parse_steps(args.steps)
    print(f"python {platform.python_version()} on {platform.machine()}; {args.runs} runs of "
          f"{args.games} games, {args.teams} teams, {args.years} years, seeds from {args.seed}, "
          f"steps {','.join(map(str, sorted(steps))) or 'none'}")
    simulate(2, args.teams, args.seed, args.years, steps)  # warm up: imports, caches
    for bot in bots:
        for check in checks:
            label = f"{bot:6} bots, invariants {'checked' if check else 'not checked'}"
            if args.profile:
                profiler = cProfile.Profile()
                profiler.enable()
                one_run(args, bot, check)
                profiler.disable()
                out = io.StringIO()
                pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.top)
                print(f"== {label} (under cProfile, which slows calls several times)")
                print(out.getvalue())
                continue
            runs = [one_run(args, bot, check) for _ in range(args.runs)]
            print(f"{label}: {runs[0][3]} actions per run")
            print(f"    actions/s  {summary([r[0] for r in runs], ',.0f')}")
            print(f"    games/s    {summary([r[1] for r in runs], ',.1f')}")
            print(f"    actions per CPU second  {summary([r[2] for r in runs], ',.0f')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
