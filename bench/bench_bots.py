"""How well the bots play (issues 12 and 21): every seat one bot, many seeded games.

    python bench/bench_bots.py [--games 300] [--teams 6] [--years 10] [--steps all] [--seed 1]
                               [--bots sensible,greedy,random]
    python bench/bench_bots.py --sweep [--games 30] [--bots sensible]

For each bot: the share of its teams that hold a working machine (with a worker where step 6
is on) when they finish their first year, the share that end in profit (both with Wilson 95 %
intervals), bankruptcies a game, the mean and median result. ``--sweep`` measures a sample of
the sets of steps (none, each single step, a few pairs, all six) x teams 3/6/9 x years 2/3/10
and prints one row a cell, with the goals of issue 21 checked (>= 90 % working machine after
year 1, >= 80 % in profit, < 0.5 bankruptcies a game). Prints a table, then the figures as one
JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playboss.rules.bots import BOTS  # noqa: E402
from playboss.rules.bots.planning import holds_working_machine  # noqa: E402
from playboss.rules.cli import parse_steps  # noqa: E402
from playboss.rules.config import GameConfig  # noqa: E402
from playboss.rules.engine import apply  # noqa: E402
from playboss.rules.gamelog import GameLog  # noqa: E402
from playboss.rules.legal import to_move  # noqa: E402
from playboss.rules.simulate import MAX_ACTIONS  # noqa: E402
from playboss.rules.state import GameState  # noqa: E402
from playboss.rules.statements import final_results  # noqa: E402
from playboss.rules.tournament import wilson  # noqa: E402

#: The sampled sets of steps of ``--sweep``: none, each step alone, a few pairs, all six.
SWEEP_STEPS = ("none", "1", "2", "3", "4", "5", "6", "1,2", "2,6", "3,6", "4,5", "all")
SWEEP_TEAMS = (3, 6, 9)
SWEEP_YEARS = (2, 3, 10)
#: The goals of issue 21 for the sensible bot.
GOAL_MACHINE, GOAL_PROFIT, GOAL_BANKRUPT = 0.90, 0.80, 0.5


@dataclass
class Figures:
    """One bot's teams in one cell (set of steps, teams, years)."""

    teams: int = 0
    machine_after_year_1: int = 0
    in_profit: int = 0
    bankrupt: int = 0
    games: int = 0
    results: list[int] = field(default_factory=list)


def play_watched(config: GameConfig, bot: str) -> tuple[GameState, dict[str, bool]]:
    """One game, every seat ``bot``, as ``simulate.play_game`` plays it (the same seeds; the
    bank and the representative a random bot); also whether each team held a working machine
    when it finished its first year (False if it never did: bankrupt or the game ended)."""
    _, state = GameLog.start(config)
    seats = {name: BOTS[bot](config.seed * 1_000 + seat)
             for seat, name in enumerate(config.teams)}
    others = BOTS["random"](config.seed * 1_000 + 999)
    first_year: dict[str, bool] = {}
    while state.phase != "ended":
        if state.seq >= MAX_ACTIONS:
            raise RuntimeError(f"game with seed {config.seed} did not end")
        actor = to_move(state)
        apply(state, seats.get(actor, others).choose(state, actor))
        for team in state.teams.values():
            if team.years >= 1 and team.name not in first_year:
                first_year[team.name] = holds_working_machine(state, team)
    return state, {name: first_year.get(name, False) for name in config.teams}


def measure(bot: str, games: int, teams: int, years: int, steps: frozenset[int],
            seed: int) -> Figures:
    names = tuple(f"Team {i + 1}" for i in range(teams))
    figures = Figures()
    for g in range(games):
        config = GameConfig(teams=names, seed=seed + g, years=years, steps=steps)
        state, first_year = play_watched(config, bot)
        figures.games += 1
        for row in final_results(state):
            figures.teams += 1
            figures.results.append(int(row["result"]))
            figures.bankrupt += bool(row["bankrupt"])
            figures.in_profit += int(row["result"]) > 0 and not row["bankrupt"]
            figures.machine_after_year_1 += first_year[str(row["team"])]
    return figures


def as_json(bot: str, f: Figures, teams: int, years: int, steps: frozenset[int], seed: int,
            seconds: float) -> dict[str, object]:
    machine = wilson(f.machine_after_year_1, f.teams)
    profit = wilson(f.in_profit, f.teams)
    return {
        "bot": bot, "games": f.games, "teams": teams, "years": years, "steps": sorted(steps),
        "seed": seed,
        "machine_after_year_1": round(f.machine_after_year_1 / f.teams, 4),
        "machine_after_year_1_ci95": [round(machine[0], 4), round(machine[1], 4)],
        "in_profit": round(f.in_profit / f.teams, 4),
        "in_profit_ci95": [round(profit[0], 4), round(profit[1], 4)],
        "bankruptcies_per_game": round(f.bankrupt / f.games, 3),
        "mean_result": round(statistics.fmean(f.results)),
        "median_result": round(statistics.median(f.results)),
        "seconds": round(seconds, 1),
    }


def row(f: Figures, label: str) -> str:
    """One cell as a line of the table, the goals of issue 21 checked."""
    m_low, m_high = wilson(f.machine_after_year_1, f.teams)
    p_low, p_high = wilson(f.in_profit, f.teams)
    machine, profit = f.machine_after_year_1 / f.teams, f.in_profit / f.teams
    bankrupt = f.bankrupt / f.games
    ok = machine >= GOAL_MACHINE and profit >= GOAL_PROFIT and bankrupt < GOAL_BANKRUPT
    return (f"{label:24} machine y1 {machine:6.1%} ({m_low:.0%}-{m_high:.0%})  "
            f"profit {profit:6.1%} ({p_low:.0%}-{p_high:.0%})  "
            f"bankrupt/game {bankrupt:4.2f}  mean {statistics.fmean(f.results):>9,.0f}  "
            f"{'ok' if ok else 'MISSED'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--teams", type=int, default=6)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--steps", default="")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="sensible,greedy,random")
    parser.add_argument("--sweep", action="store_true",
                        help="sets of steps x teams 3/6/9 x years 2/3/10, one row a cell")
    parser.add_argument("--sweep-steps", default=";".join(SWEEP_STEPS),
                        help="the sets of steps of the sweep, ';' between them")
    parser.add_argument("--sweep-teams", default=",".join(map(str, SWEEP_TEAMS)))
    parser.add_argument("--sweep-years", default=",".join(map(str, SWEEP_YEARS)))
    args = parser.parse_args()
    if args.sweep:
        cells = [(parse_steps(s), int(t), int(y)) for s in args.sweep_steps.split(";")
                 for t in args.sweep_teams.split(",") for y in args.sweep_years.split(",")]
    else:
        cells = [(parse_steps(args.steps), args.teams, args.years)]
    figures = []
    for bot in args.bots.split(","):
        for steps, teams, years in cells:
            began = time.perf_counter()
            f = measure(bot, args.games, teams, years, steps, args.seed)
            figures.append(as_json(bot, f, teams, years, steps, args.seed,
                                   time.perf_counter() - began))
            label = f"{bot} {','.join(map(str, sorted(steps))) or 'base'} " \
                    f"{teams}t {years}y"
            print(row(f, label), file=sys.stderr, flush=True)
    print(json.dumps({"bench": "bots", "figures": figures}))


if __name__ == "__main__":
    main()
