"""Bot games from start to end, for the command line, the tests and the benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from .bots import BOTS, Bot
from .config import GameConfig
from .gamelog import GameLog
from .legal import waiting_for
from .state import BANK, GameState


def play_game(config: GameConfig, bots: Sequence[str] | dict[str, str],
              check: Callable[[GameState], None] | None = None,
              max_actions: int = 100_000) -> tuple[GameLog, GameState]:
    """Play to the end with one bot per team (``bots`` by team, or in seat order); the bank's
    steps are the careful bot's (the default step). Returns the log and the final state."""
    names = dict(bots) if isinstance(bots, dict) else dict(
        zip(config.teams, bots, strict=False))
    players: dict[str, Bot] = {
        team: BOTS[names.get(team, "careful")](config.seed * 31 + i)
        for i, team in enumerate(config.teams)}
    players[BANK] = BOTS["careful"](0)
    log, state = GameLog.start(config)
    for _ in range(max_actions):
        if state.phase == "ended":
            break
        actor = waiting_for(state)[0]
        action, _reason = players[actor].choose(state, actor)
        log.apply(state, action)
        if check is not None:
            check(state)
    return log, state


def with_seed(config: GameConfig, seed: int) -> GameConfig:
    return replace(config, seed=seed)
