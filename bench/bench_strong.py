"""The strong bot against the sensible bot (issue 12): one strong team and three sensible
teams in 4-team games, the strong seat rotated, and how long its decisions take.

    python bench/bench_strong.py [--games 100] [--seed 1] [--teams 4] [--years 10]
                                 [--steps all] [--playouts 8] [--horizon 8] [--candidates 6]

"Beats" is counted pairwise: in each game the strong team is compared with each sensible team
(three pairs a game); it wins a pair when it ranks above that team in the final results (the
rulebook's ranking: bankrupt teams last, then the result; step 5's goal when it is on). The
pairwise win rate is the share of pairs won (Wilson 95 % interval over the pairs; pairs of
one game are not independent, so the game-level figures are printed too): 50 % is parity.
Also printed: the share of games the strong team wins outright (rank 1; parity 25 % with four
teams), and per look-ahead decision the median, p95 and largest time (wall clock, this
machine, whatever else runs on it). Prints a table, then the figures as one JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playboss.rules import actions as A  # noqa: E402
from playboss.rules.bots import Bot, SensibleBot  # noqa: E402
from playboss.rules.bots.strong import Budget, StrongBot  # noqa: E402
from playboss.rules.cli import parse_steps  # noqa: E402
from playboss.rules.config import GameConfig  # noqa: E402
from playboss.rules.simulate import play_seated  # noqa: E402
from playboss.rules.state import GameState  # noqa: E402
from playboss.rules.statements import final_results  # noqa: E402
from playboss.rules.tournament import wilson  # noqa: E402


class TimedStrongBot(StrongBot):
    """Times each decision the look-ahead made (trivial ones are the sensible bot's)."""

    def __init__(self, seed: int, budget: Budget, times: list[float]) -> None:
        super().__init__(seed, budget)
        self.times = times

    def choose(self, state: GameState, actor: str) -> A.Action:
        began = time.perf_counter()
        move = super().choose(state, actor)
        if self.last is not None:
            self.times.append(time.perf_counter() - began)
        return move


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--teams", type=int, default=4)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--steps", default="")
    default = Budget()
    parser.add_argument("--playouts", type=int, default=default.playouts)
    parser.add_argument("--horizon", type=int, default=default.horizon_rolls)
    parser.add_argument("--candidates", type=int, default=default.candidates)
    args = parser.parse_args()
    budget = Budget(args.playouts, args.horizon, args.candidates)
    steps = parse_steps(args.steps)
    names = tuple(f"Team {i + 1}" for i in range(args.teams))
    times: list[float] = []
    pairs_won = pairs = wins = games_ahead = 0
    margins: list[int] = []
    began = time.perf_counter()
    for g in range(args.games):
        config = GameConfig(teams=names, seed=args.seed + g, years=args.years, steps=steps)
        strong = names[g % args.teams]
        seats: dict[str, Bot] = {
            name: TimedStrongBot(config.seed * 1_000 + i, budget, times) if name == strong
            else SensibleBot(config.seed * 1_000 + i) for i, name in enumerate(names)}
        state, _ = play_seated(config, seats, checks=False)
        rows = {str(r["team"]): r for r in final_results(state)}
        mine = rows[strong]
        won = sum(1 for name, r in rows.items() if name != strong and mine["rank"] < r["rank"])
        pairs_won += won
        pairs += args.teams - 1
        wins += mine["rank"] == 1
        games_ahead += 2 * won > args.teams - 1
        others = [int(r["result"]) for name, r in rows.items() if name != strong]
        margins.append(int(mine["result"]) - round(statistics.fmean(others)))
        print(f"game {g + 1}: strong rank {mine['rank']}, pairs won {won}, "
              f"result {mine['result']:,} vs mean {statistics.fmean(others):,.0f}",
              file=sys.stderr, flush=True)
    low, high = wilson(pairs_won, pairs)
    win_low, win_high = wilson(wins, args.games)
    figures = {
        "bench": "strong", "games": args.games, "seed": args.seed, "teams": args.teams,
        "years": args.years, "steps": sorted(steps),
        "budget": {"playouts": budget.playouts, "horizon_rolls": budget.horizon_rolls,
                   "candidates": budget.candidates},
        "pairwise_win_rate": round(pairs_won / pairs, 4),
        "pairwise_ci95": [round(low, 4), round(high, 4)],
        "pairs": pairs,
        "rank1_rate": round(wins / args.games, 4),
        "rank1_ci95": [round(win_low, 4), round(win_high, 4)],
        "games_ahead_of_most": round(games_ahead / args.games, 4),
        "mean_margin": round(statistics.fmean(margins)),
        "decisions": len(times),
        "decision_ms_median": round(1000 * statistics.median(times), 1) if times else 0,
        "decision_ms_p95": round(1000 * percentile(times, 0.95), 1),
        "decision_ms_max": round(1000 * max(times, default=0.0), 1),
        "seconds": round(time.perf_counter() - began, 1),
    }
    print(f"strong vs sensible: pairwise {figures['pairwise_win_rate']:.1%} "
          f"({low:.1%}-{high:.1%}) over {pairs} pairs; rank 1 in {wins}/{args.games} games "
          f"({win_low:.1%}-{win_high:.1%}); mean margin {figures['mean_margin']:,}; decisions "
          f"median {figures['decision_ms_median']} ms, p95 {figures['decision_ms_p95']} ms, "
          f"max {figures['decision_ms_max']} ms", file=sys.stderr)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
