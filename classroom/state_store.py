"""Rebuilding a game's engine state from its log, with a small in-process cache.

State = latest snapshot + replay of the live actions after it. The state depends only on the
game's ``history`` (grows with every undo) and ``seq`` (live actions), so the cache holds the
last state per game under that pair. A process whose copy is a few moves behind (another server
process or the Celery worker made them) catches up by applying just the newer actions rather
than rebuilding from a snapshot; a copy of another history (an undo, made here or in another
process) is never served. A writer takes the state out of the cache (so no reader sees it
half-changed), and puts it back only once its transaction has committed — or, after a refused
move, only if the refusal provably left it as it was (``keep_if_unchanged``).

Each process has one ``StateStore`` (``STORE``; the module's functions are its methods); a
test makes a second one to play a second process.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings

from playboss.rules import (
    GameConfig,
    GameState,
    action_from_dict,
    apply,
    check_invariants,
    new_game,
    state_from_dict,
)

from .models import Game

T = TypeVar("T")
log = logging.getLogger(__name__)

_CACHE_GAMES = 128  # a year group plays 30 games at once; a school a few year groups
#: Beyond this many missing actions a rebuild from the newest snapshot is as cheap.
CATCH_UP_LIMIT = 200

#: What a refused move must leave as it found: the move count, the journal's length and the
#: generator's state. The engine's handlers raise before they change anything; a state
#: whose mark moved was changed by a refusal and is rebuilt from the log instead of kept.
Mark = tuple[int, int, int]


def mark(state: GameState) -> Mark:
    return state.seq, len(state.ledger.entries), state.rng.state


def checks_refusals() -> bool:
    """Whether a refusal also checks the engine's invariants on the state it leaves (in tests
    and with ``DEBUG``: a broken one raises; in class the mark alone decides, at no cost)."""
    return bool(settings.PLAYBOSS_CHECK_AFTER_REFUSAL)


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


class StateStore:
    """One process's cache: game id → (history, state); the state's own ``seq`` says how
    far it is."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.cache: dict[int, tuple[int, GameState]] = {}

    def take_state(self, game: Game) -> GameState:
        """The state for a writer holding the game's row lock; it owns it until
        ``keep_state`` (after the commit) or ``keep_if_unchanged`` (after a refusal)."""
        with self.lock:
            cached = self.cache.pop(game.pk, None)
        if cached is not None and _usable(game, cached):
            state = cached[1]
            if state.seq < game.seq:
                _apply_rows(state, _rows_after(game, state.seq))
            return state
        return build_state(game)

    def keep_state(self, game_id: int, history: int, state: GameState) -> None:
        with self.lock:
            self.keep_state_locked(game_id, history, state)

    def keep_if_unchanged(self, game_id: int, history: int, state: GameState,
                          before: Mark) -> bool:
        """After a refused move: put the taken state back only if its ``mark`` is the one
        taken ``before`` the move (otherwise the next writer rebuilds it from the log);
        whether it was kept. With ``checks_refusals`` the invariants must hold too, or
        ``InvariantBroken`` is raised (and the state is not kept)."""
        if checks_refusals():
            check_invariants(state)
        if mark(state) != before:
            log.warning("a refused move changed the state of game %s (%s -> %s); it is "
                        "rebuilt from the log", game_id, before, mark(state))
            return False
        self.keep_state(game_id, history, state)
        return True

    def forget(self, game_id: int) -> None:
        with self.lock:
            self.cache.pop(game_id, None)

    def clear(self) -> None:
        with self.lock:
            self.cache.clear()

    def read_state(self, game: Game, reader: Callable[[GameState], T]) -> T:
        """Run ``reader`` on the state at ``game``'s (history, seq) without changing it
        (views, selectors). A cached copy a few moves behind catches up; one ahead (this
        ``game`` row was read before a newer move) or of another history is rebuilt."""
        with self.lock:
            cached = self.cache.get(game.pk)
            if _usable(game, cached) and cached is not None and cached[1].seq == game.seq:
                return reader(cached[1])
        if _usable(game, cached) and cached is not None:
            base = cached[1].seq
            missing = _rows_after(game, base)  # outside the lock: a database read
            with self.lock:
                current = self.cache.get(game.pk)
                # Still the same copy at the same move (no other reader caught it up meanwhile).
                if (current is cached and current[1].seq == base
                        and len(missing) == game.seq - base):
                    _apply_rows(current[1], missing)
                    return reader(current[1])
        state = build_state(game)
        with self.lock:
            current = self.cache.get(game.pk)
            if current is None or current[0] != game.history or current[1].seq <= game.seq:
                self.keep_state_locked(game.pk, game.history, state)
            return reader(state)

    def keep_state_locked(self, game_id: int, history: int, state: GameState) -> None:
        if game_id not in self.cache and len(self.cache) >= _CACHE_GAMES:
            self.cache.pop(next(iter(self.cache)))
        self.cache[game_id] = (history, state)


#: This process's store.
STORE = StateStore()
_lock = STORE.lock  # (tests empty the cache between tests: ``tests/conftest.py``)
_cache = STORE.cache
take_state = STORE.take_state
keep_state = STORE.keep_state
keep_if_unchanged = STORE.keep_if_unchanged
forget = STORE.forget
read_state = STORE.read_state
keep_state_locked = STORE.keep_state_locked
