"""How well the bots play (issue 12): every seat one bot, many seeded games.

    python bench/bench_bots.py [--games 300] [--teams 6] [--years 10] [--steps all] [--seed 1]
                               [--bots sensible,greedy,random]

For each bot: the share of its teams that end in profit (Wilson 95 % interval), bankruptcies a
game, the mean and median result. Prints a table, then the figures as one JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playboss.rules.cli import parse_steps  # noqa: E402
from playboss.rules.config import GameConfig  # noqa: E402
from playboss.rules.simulate import play_game  # noqa: E402
from playboss.rules.statements import final_results  # noqa: E402
from playboss.rules.tournament import wilson  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--teams", type=int, default=6)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--steps", default="")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="sensible,greedy,random")
    args = parser.parse_args()
    steps = parse_steps(args.steps)
    names = tuple(f"Team {i + 1}" for i in range(args.teams))
    figures = []
    for bot in args.bots.split(","):
        began = time.perf_counter()
        results: list[int] = []
        in_profit = bankrupt = 0
        for g in range(args.games):
            config = GameConfig(teams=names, seed=args.seed + g, years=args.years, steps=steps)
            state, _ = play_game(config, bot, checks=False)
            for row in final_results(state):
                results.append(int(row["result"]))
                bankrupt += bool(row["bankrupt"])
                in_profit += int(row["result"]) > 0 and not row["bankrupt"]
        low, high = wilson(in_profit, len(results))
        figures.append({
            "bot": bot, "games": args.games, "teams": args.teams, "years": args.years,
            "steps": sorted(steps), "seed": args.seed,
            "in_profit": round(in_profit / len(results), 4),
            "in_profit_ci95": [round(low, 4), round(high, 4)],
            "bankruptcies_per_game": round(bankrupt / args.games, 3),
            "mean_result": round(statistics.fmean(results)),
            "median_result": round(statistics.median(results)),
            "seconds": round(time.perf_counter() - began, 1),
        })
        f = figures[-1]
        print(f"{bot:9} in profit {f['in_profit']:.1%} ({low:.1%}-{high:.1%}), "
              f"{f['bankruptcies_per_game']:.2f} bankruptcies a game, mean {f['mean_result']:,}, "
              f"median {f['median_result']:,}", file=sys.stderr)
    print(json.dumps({"bench": "bots", "figures": figures}))


if __name__ == "__main__":
    main()
