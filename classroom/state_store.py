"""Rebuilding a game's engine state from its log, with a small in-process cache.

State = latest snapshot + replay of the live actions after it. The cache holds the last state
per game under the game's ``revision``; a writer takes the state out of the cache (so no reader
sees it half-changed), and puts it back only once its transaction has committed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from playboss.rules import GameConfig, GameState, action_from_dict, apply, new_game
from playboss.rules.snapshot import state_from_dict

from .models import Game

T = TypeVar("T")

_lock = threading.Lock()
_cache: dict[int, tuple[int, GameState]] = {}
_CACHE_GAMES = 64  # a class of 40 plays in five games; a school runs a few classes at once


def build_state(game: Game) -> GameState:
    """The state after the game's live actions, from the database alone."""
    snapshot = game.snapshots.filter(seq__lte=game.seq).order_by("-seq").first()
    if snapshot is not None:
        state = state_from_dict(snapshot.state)
    else:
        state = new_game(GameConfig.from_dict(game.config))
    rows = game.actions.filter(undone=False, seq__gt=state.seq, seq__lte=game.seq)
    for row in rows.order_by("seq"):
        apply(state, action_from_dict(row.action), row.chance)
    return state


def take_state(game: Game) -> GameState:
    """The state for a writer holding the game's row lock; it owns it until ``keep_state``."""
    with _lock:
        cached = _cache.pop(game.pk, None)
    if cached is not None and cached[0] == game.revision:
        return cached[1]
    return build_state(game)


def keep_state(game_id: int, revision: int, state: GameState) -> None:
    with _lock:
        if len(_cache) >= _CACHE_GAMES:
            _cache.pop(next(iter(_cache)))
        _cache[game_id] = (revision, state)


def forget(game_id: int) -> None:
    with _lock:
        _cache.pop(game_id, None)


def read_state(game: Game, reader: Callable[[GameState], T]) -> T:
    """Run ``reader`` on the current state without changing it (views, selectors)."""
    with _lock:
        cached = _cache.get(game.pk)
        if cached is not None and cached[0] == game.revision:
            return reader(cached[1])
    state = build_state(game)
    keep_state(game.pk, game.revision, state)
    with _lock:
        return reader(state)
