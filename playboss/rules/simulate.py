"""Bots play whole games to the end, the invariants checked after every action."""

from __future__ import annotations

import time
from dataclasses import dataclass

from .bots import BOTS, Bot, RandomBot
from .config import GameConfig
from .engine import apply
from .gamelog import GameLog
from .invariants import check
from .legal import to_move
from .state import GameState

#: A game that runs this long is stuck: a bug, not a long game.
MAX_ACTIONS = 200_000


@dataclass
class SimulationReport:
    games: int
    actions: int
    seconds: float
    bankruptcies: int

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


def play_game(
    config: GameConfig, bot: str = "random", checks: bool = True, log: bool = False
) -> tuple[GameState, GameLog | None]:
    """One game played by bots to its end, every seat by the same kind of bot."""
    seats: dict[str, Bot] = {
        name: BOTS[bot](config.seed * 1_000 + seat) for seat, name in enumerate(config.teams)
    }
    return play_seated(config, seats, checks, log)


def play_seated(
    config: GameConfig, seats: dict[str, Bot], checks: bool = True, log: bool = False
) -> tuple[GameState, GameLog | None]:
    """One game to its end with the given bot in each seat; the bank and the worker
    representative, where the game waits on them, are played by a random bot."""
    game_log, state = GameLog.start(config)
    bots = dict(seats)
    while state.phase != "ended":
        if state.seq >= MAX_ACTIONS:
            raise RuntimeError(f"game with seed {config.seed} did not end in {MAX_ACTIONS} "
                               "actions")
        actor = to_move(state)
        if actor not in bots:  # the bank or the worker representative
            bots[actor] = RandomBot(config.seed * 1_000 + 999)
        action = bots[actor].choose(state, actor)
        apply(state, action)
        if log:
            game_log.record(action, state)
        if checks:
            check(state)
    return state, game_log if log else None


def simulate(
    games: int, teams: int, seed: int, years: int = 10, steps: frozenset[int] = frozenset(),
    bot: str = "sensible", checks: bool = True,
) -> SimulationReport:
    names = tuple(f"Team {i + 1}" for i in range(teams))
    actions = bankruptcies = 0
    began = time.perf_counter()
    for g in range(games):
        config = GameConfig(teams=names, seed=seed + g, years=years, steps=steps)
        state, _ = play_game(config, bot, checks)
        actions += state.seq
        bankruptcies += sum(1 for t in state.teams.values() if t.bankrupt)
    return SimulationReport(games, actions, time.perf_counter() - began, bankruptcies)
