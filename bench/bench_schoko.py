"""Schoko & Co. speed: random bots with invariants after every action (actions a second on
one core; goal 20,000) and the replay of a 12-month 4-team log (goal under 20 ms).

    python bench/bench_schoko.py [--games 40] [--rounds 20] [--careful 150]

``--careful N`` also plays N 8-month 4-team games of careful bots (base and the variant) and
prints the share of teams richer than they started with its 95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

# the checkout this file is in, not an installed copy (as bench/fingerprint.py does)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playboss.schoko import GameConfig, apply, check_invariants, waiting_for
from playboss.schoko.bots import BOTS
from playboss.schoko.gamelog import GameLog, replay
from playboss.schoko.simulate import play_game


def random_games(games: int) -> dict[str, float]:
    actions = 0
    start = time.process_time()
    for seed in range(games):
        config = GameConfig(seed=seed)
        bots = {name: BOTS["random"](seed * 7 + i) for i, name in enumerate(config.teams)}
        bank = BOTS["careful"](0)
        _, state = GameLog.start(config)
        while state.phase != "ended":
            actor = waiting_for(state)[0]
            action, _ = (bots.get(actor) or bank).choose(state, actor)
            apply(state, action)
            check_invariants(state)
            actions += 1
    spent = time.process_time() - start
    return {"games": games, "actions": actions, "seconds": round(spent, 3),
            "actions_per_second": round(actions / spent)}


def replay_12_months(rounds: int) -> dict[str, float]:
    log, _ = play_game(GameConfig(seed=4, months=12), ["careful"] * 4)
    times, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        replay(log)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    times.sort()
    cpu.sort()
    # the CPU time is this process's alone: on a shared machine the wall clock is not
    return {"actions": len(log.entries), "median_ms": round(times[len(times) // 2] * 1000, 2),
            "best_ms": round(times[0] * 1000, 2),
            "cpu_median_ms": round(cpu[len(cpu) // 2] * 1000, 2),
            "cpu_best_ms": round(cpu[0] * 1000, 2)}


def careful_richer(games: int, months: int = 8, **settings: object) -> dict[str, object]:
    """The careful bot's goal: at least 80 % of its teams richer than they started in
    8-month 4-team games; the share with its 95 % Wilson interval."""
    richer = teams = bankrupt = 0
    worth: list[int] = []
    for seed in range(games):
        config = GameConfig(seed=seed, months=months, **settings)  # type: ignore[arg-type]
        _, state = play_game(config, ["careful"] * 4)
        for row in state.results:
            teams += 1
            richer += row["worth"] > config.capital
            bankrupt += row["bankrupt"]
            worth.append(row["worth"])
    low, high = wilson(richer, teams)
    worth.sort()
    return {"games": games, "teams": teams, "richer": richer,
            "share": round(richer / teams, 3), "wilson_95": [round(low, 3), round(high, 3)],
            "bankrupt": bankrupt, "median_worth": worth[len(worth) // 2]}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--careful", type=int, default=0,
                        help="also N 8-month 4-team games of careful bots (richer share)")
    args = parser.parse_args()
    if args.careful:
        print(json.dumps({"careful_richer": careful_richer(args.careful),
                          "careful_richer_variant": careful_richer(args.careful,
                                                                   hidden_cocoa=True)}))
    print(json.dumps({"random_with_invariants": random_games(args.games),
                      "replay_12_months_4_teams": replay_12_months(args.rounds)}))


if __name__ == "__main__":
    main()
