"""Rebuilding a game's engine state from its log, with a small in-process cache.

State = latest snapshot + replay of the live actions after it. The state depends only on the
game's ``history`` (grows with every undo) and ``seq`` (live actions), so the cache holds the
last state per game under that pair. A process whose copy is a few moves behind (another server
process or the Celery worker made them) catches up by applying just the newer actions rather
than rebuilding from a snapshot. A writer takes the state out of the cache (so no reader sees
it half-changed), and puts it back only once its transaction has committed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from playboss.rules import GameConfig, GameState, action_from_dict, apply, new_game
from playboss.rules.snapshot import state_from_dict

from .models import Game

T = TypeVar("T")

_lock = threading.Lock()
#: game id → (history, state); the state's own ``seq`` says how far it is.
_cache: dict[int, tuple[int, GameState]] = {}
_CACHE_GAMES = 128  # a year group plays 30 games at once; a school a few year groups
#: Beyond this many missing actions a rebuild from the newest snapshot is as cheap.
CATCH_UP_LIMIT = 200


def build_state(game: Game) -> GameState:
    """The state after the game's live actions, from the database alone."""
    snapshot = game.snapshots.filter(seq__lte=game.seq).order_by("-seq").first()
    if snapshot is not None:
        state = state_from_dict(snapshot.state)
    else:
        state = new_game(GameConfig.from_dict(game.config))
    _apply_rows(state, _rows_after(game, state.seq))
    return state


def _rows_after(game: Game, seq: int) -> list[tuple[dict[str, Any], Any]]:
    rows = game.actions.filter(undone=False, seq__gt=seq, seq__lte=game.seq).order_by("seq")
    return list(rows.values_list("action", "chance"))


def _apply_rows(state: GameState, rows: list[tuple[dict[str, Any], Any]]) -> None:
    for action, chance in rows:
        apply(state, action_from_dict(action), chance)


def _usable(game: Game, cached: tuple[int, GameState] | None) -> bool:
    return (cached is not None and cached[0] == game.history
            and game.seq - CATCH_UP_LIMIT <= cached[1].seq <= game.seq)


def take_state(game: Game) -> GameState:
    """The state for a writer holding the game's row lock; it owns it until ``keep_state``."""
    with _lock:
        cached = _cache.pop(game.pk, None)
    if cached is not None and _usable(game, cached):
        state = cached[1]
        if state.seq < game.seq:
            _apply_rows(state, _rows_after(game, state.seq))
        return state
    return build_state(game)


def keep_state(game_id: int, history: int, state: GameState) -> None:
    with _lock:
        keep_state_locked(game_id, history, state)


def forget(game_id: int) -> None:
    with _lock:
        _cache.pop(game_id, None)


def read_state(game: Game, reader: Callable[[GameState], T]) -> T:
    """Run ``reader`` on the state at ``game``'s (history, seq) without changing it (views,
    selectors). A cached copy a few moves behind catches up; one ahead (this ``game`` row was
    read before a newer move) or of another history is rebuilt."""
    with _lock:
        cached = _cache.get(game.pk)
        if _usable(game, cached) and cached is not None and cached[1].seq == game.seq:
            return reader(cached[1])
    if _usable(game, cached) and cached is not None:
        base = cached[1].seq
        missing = _rows_after(game, base)  # outside the lock: a database read
        with _lock:
            current = _cache.get(game.pk)
            # Still the same copy at the same move (no other reader caught it up meanwhile).
            if current is cached and current[1].seq == base and len(missing) == game.seq - base:
                _apply_rows(current[1], missing)
                return reader(current[1])
    state = build_state(game)
    with _lock:
        current = _cache.get(game.pk)
        if current is None or current[0] != game.history or current[1].seq <= game.seq:
            keep_state_locked(game.pk, game.history, state)
        return reader(state)


def keep_state_locked(game_id: int, history: int, state: GameState) -> None:
    if game_id not in _cache and len(_cache) >= _CACHE_GAMES:
        _cache.pop(next(iter(_cache)))
    _cache[game_id] = (history, state)
