"""Schoko & Co. speed: random bots with invariants after every action (actions a second on
one core; goal 20,000) and the replay of a 12-month 4-team log (goal under 20 ms).

    python bench/bench_schoko.py [--games 40]
"""

from __future__ import annotations

import argparse
import json
import time

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
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        replay(log)
        times.append(time.perf_counter() - start)
    times.sort()
    return {"actions": len(log.entries), "median_ms": round(times[len(times) // 2] * 1000, 2),
            "best_ms": round(times[0] * 1000, 2)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    print(json.dumps({"random_with_invariants": random_games(args.games),
                      "replay_12_months_4_teams": replay_12_months(args.rounds)}))


if __name__ == "__main__":
    main()
