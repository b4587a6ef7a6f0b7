"""The engine's speed for looking ahead (issue 12): copying a mid-game state and playing it
forward with sensible bots, as the strong bot's futures do.

    python bench/bench_playout.py [--teams 4] [--years 4] [--seed 1] [--runs 7] [--steps all]
                                  [--horizon 8]

The state: a ``--teams`` game of sensible bots played until the first team has closed
``--years`` years. Each run measures, on that state:

* ``clone``: ``state.clone()`` (µs, the mean of 500 copies);
* ``determinize``: a copy with the hidden things redrawn (``bots.strong.determinize``, µs);
* ``horizon``: a determinized copy played forward until the first team has rolled
  ``--horizon`` more times, every team a sensible bot (ms, the mean of 100 futures; the
  strong bot's default future);
* ``year``: the same until the first team has closed one more year (ms, 50 futures);
* ``playouts/s``: futures of the horizon a second, copy included.

Prints the median (min-max) of ``--runs`` runs. Then the strong bot's decisions with its
default budget: every decision of the first team in a whole game of sensible bots (same
seed) on which the strong bot looks ahead, each timed ``--runs`` times; the median, p95 and
largest of the per-decision medians. Then the figures as one JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playboss.rules.bots import Bot, RandomBot, SensibleBot  # noqa: E402
from playboss.rules.bots.strong import Budget, StrongBot, determinize  # noqa: E402
from playboss.rules.cli import parse_steps  # noqa: E402
from playboss.rules.config import GameConfig  # noqa: E402
from playboss.rules.engine import apply, new_game  # noqa: E402
from playboss.rules.legal import to_move  # noqa: E402
from playboss.rules.state import GameState, Team  # noqa: E402


def play(state: GameState, done: Callable[[GameState], bool], seed: int) -> int:
    """Sensible bots play ``state`` until ``done``; the number of actions."""
    players: dict[str, Bot] = {n: SensibleBot(seed + i) for i, n in enumerate(state.teams)}
    actions = 0
    while state.phase != "ended" and not done(state):
        actor = to_move(state)
        player = players.setdefault(actor, RandomBot(seed + 999))
        apply(state, player.choose(state, actor))
        actions += 1
    return actions


def mid_game(teams: int, years: int, seed: int, steps: frozenset[int]) -> GameState:
    config = GameConfig(teams=tuple(f"Team {i + 1}" for i in range(teams)), seed=seed,
                        years=10, steps=steps)
    state = new_game(config)
    first = state.teams["Team 1"]
    play(state, lambda s: first.years >= years, seed)
    return state


def rolled(team: Team, rolls: int) -> Callable[[GameState], bool]:
    """Done once ``team`` has rolled ``rolls`` more times (the strong bot's horizon), or is
    bankrupt (it rolls no more)."""
    stop = team.rolls + rolls
    return lambda _: team.rolls >= stop or team.bankrupt


def closed_a_year(team: Team) -> Callable[[GameState], bool]:
    stop = team.years + 1
    return lambda _: team.years >= stop or team.bankrupt


def one_run(state: GameState, horizon: int) -> dict[str, float]:
    name = "Team 1"
    began = time.perf_counter()
    for _ in range(500):
        state.clone()
    clone_us = (time.perf_counter() - began) / 500 * 1e6
    began = time.perf_counter()
    for k in range(500):
        determinize(state, name, k)
    determinize_us = (time.perf_counter() - began) / 500 * 1e6
    actions = 0
    began = time.perf_counter()
    for k in range(100):
        world = determinize(state, name, k)
        actions += play(world, rolled(world.teams[name], horizon), k)
    horizon_s = (time.perf_counter() - began) / 100
    horizon_actions = actions / 100
    actions = 0
    began = time.perf_counter()
    for k in range(50):
        world = determinize(state, name, k)
        actions += play(world, closed_a_year(world.teams[name]), k)
    year_s = (time.perf_counter() - began) / 50
    return {"clone_us": clone_us, "determinize_us": determinize_us,
            "horizon_ms": horizon_s * 1e3, "horizon_actions": horizon_actions,
            "year_ms": year_s * 1e3, "year_actions": actions / 50,
            "playouts_per_s": 1 / horizon_s}


def decision_states(teams: int, seed: int, steps: frozenset[int]) -> list[GameState]:
    """Copies of every state of a sensible game at which the strong bot would look ahead
    for the first team."""
    config = GameConfig(teams=tuple(f"Team {i + 1}" for i in range(teams)), seed=seed,
                        years=10, steps=steps)
    state = new_game(config)
    players: dict[str, Bot] = {n: SensibleBot(seed + i) for i, n in enumerate(state.teams)}
    probe = StrongBot(seed)
    found: list[GameState] = []
    while state.phase != "ended":
        actor = to_move(state)
        move = players.setdefault(actor, RandomBot(seed + 999)).choose(state, actor)
        if actor == "Team 1" and len(probe.candidates(state, state.teams[actor], move)) > 1:
            found.append(state.clone())
        apply(state, move)
    return found


def time_decisions(states: list[GameState], runs: int) -> tuple[list[float], list[float]]:
    """Per decision, the median of ``runs`` timings of a fresh strong bot's choice: wall
    clock and this process's CPU time (ms; on a shared machine the CPU time is what a quiet
    machine would take)."""
    wall, cpu = [], []
    for state in states:
        walls, cpus = [], []
        for run in range(runs):
            bot = StrongBot(run)
            began, began_cpu = time.perf_counter(), time.process_time()
            bot.choose(state, "Team 1")
            walls.append((time.perf_counter() - began) * 1e3)
            cpus.append((time.process_time() - began_cpu) * 1e3)
        wall.append(statistics.median(walls))
        cpu.append(statistics.median(cpus))
    return wall, cpu


def spread_of(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median": round(statistics.median(values), 1),
            "p95": round(ordered[int(0.95 * len(ordered))], 1), "max": round(ordered[-1], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=4)
    parser.add_argument("--years", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--steps", default="")
    parser.add_argument("--horizon", type=int, default=Budget().horizon_rolls)
    args = parser.parse_args()
    state = mid_game(args.teams, args.years, args.seed, parse_steps(args.steps))
    runs = [one_run(state, args.horizon) for _ in range(args.runs)]
    figures: dict[str, object] = {
        "bench": "playout", "teams": args.teams, "years": args.years, "seed": args.seed,
        "steps": sorted(parse_steps(args.steps)), "horizon_rolls": args.horizon,
        "runs": args.runs, "state_actions": state.seq,
        "ledger_entries": len(state.ledger.entries)}
    for key in runs[0]:
        values = [r[key] for r in runs]
        figures[key] = {"median": round(statistics.median(values), 2),
                        "min": round(min(values), 2), "max": round(max(values), 2)}
        print(f"{key:16} {statistics.median(values):10.2f}  ({min(values):.2f}-"
              f"{max(values):.2f})", file=sys.stderr)
    wall, cpu = time_decisions(
        decision_states(args.teams, args.seed, parse_steps(args.steps)), args.runs)
    figures["decisions"] = len(wall)
    for key, values in (("decision_ms", wall), ("decision_cpu_ms", cpu)):
        spread = figures[key] = spread_of(values)
        print(f"strong {key} over {len(wall)} decisions: median {spread['median']}, "
              f"p95 {spread['p95']}, max {spread['max']}", file=sys.stderr)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
