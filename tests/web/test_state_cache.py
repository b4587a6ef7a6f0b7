"""The per-process state cache keeps only what is unchanged (issue 19, point 6).

A refused move leaves the state as it was: the engine's handlers raise before they change
anything. The cache does not take that on trust: after a refusal the state goes back only if
its move count, journal length and generator state are the ones taken (``state_store.mark``),
and in tests and with ``DEBUG`` the invariants must hold too. And an undo made by one process
is never answered by another process's copy of the history it took back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import override_settings

from classroom import services, state_store
from classroom.models import Classroom, Game, GameAction
from playboss.rules import GameState, RuleViolation
from playboss.rules.invariants import InvariantBroken
from playboss.rules.snapshot import state_to_dict

from .conftest import make_game

ROLL = {"type": "roll"}


def submit(game: Game, actor: str, payload: dict[str, Any]) -> services.Outcome:
    return services.submit_action(game_id=game.pk, actor=actor, payload=payload,
                                  run_bots=False)


def _careless_roll(game: Game, monkeypatch: pytest.MonkeyPatch,
                   change: Callable[[GameState], None]) -> None:
    """Make the game's roll handler change the state with ``change`` and then refuse (a
    handler that breaks the engine's promise; ``monkeypatch`` puts the real one back)."""
    rules = state_store.read_state(game, lambda state: state.rules)
    roll = next(cls for cls in rules.handlers if cls.type == "roll")

    def careless(turn: Any, action: Any) -> None:
        change(turn.state)
        raise RuleViolation("Refused after changing the state.", "a careless handler",
                            code="not_your_turn")

    monkeypatch.setitem(rules.handlers, roll, careless)  # type: ignore[index]


def _cached(game: Game) -> GameState | None:
    with state_store._lock:
        entry = state_store._cache.get(game.pk)
    return entry[1] if entry else None


@pytest.mark.django_db
def test_a_refusal_that_changed_the_state_is_not_kept(
    classroom: Classroom, monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """A careless handler draws from the generator and refuses: the cache forgets that state,
    and the next move is computed on a state rebuilt from the log — it rolls what a game that
    never met the refusal rolls, and its state is that game's."""
    careful, careless = (make_game(classroom, dice="engine", seed=7) for _ in range(2))
    for game in (careful, careless):
        state_store.read_state(game, lambda state: state)  # each game's state is cached
    with monkeypatch.context() as patch:
        _careless_roll(careless, patch, lambda state: state.rng.next64())
        with pytest.raises(services.ServiceError):
            submit(careless, "Red", ROLL)
    assert _cached(careless) is None  # forgotten, not kept
    with django_capture_on_commit_callbacks(execute=True):
        for game in (careful, careless):
            submit(game, "Red", ROLL)
    dice = [GameAction.objects.get(game=game, seq=1).chance for game in (careful, careless)]
    assert dice[0] == dice[1]
    cached = [_cached(game) for game in (careful, careless)]
    assert cached[0] is not None and cached[1] is not None  # the moves' states, kept
    assert state_to_dict(cached[1]) == state_to_dict(cached[0])


@pytest.mark.django_db
def test_a_refusal_that_booked_an_entry_is_not_kept(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal's length is part of the mark: a handler that books and refuses leaves a
    state the cache does not keep (the invariants alone would not tell: the entry is
    booked in the list, not in the balances)."""
    state_store.read_state(game, lambda state: state)
    _careless_roll(game, monkeypatch,
                   lambda state: state.ledger.entries.append(state.ledger.entries[-1]))
    with pytest.raises(services.ServiceError):
        submit(game, "Red", {"type": "roll", "die": 6})
    assert _cached(game) is None


@pytest.mark.django_db
def test_an_honest_refusal_keeps_the_cached_state(game: Game) -> None:
    """A refusal that changed nothing costs nothing: the same state object stays cached."""
    before = state_store.read_state(game, lambda state: state)
    with pytest.raises(services.ServiceError):
        submit(game, "Blue", {"type": "roll", "die": 6})  # not Blue's turn
    assert _cached(game) is before


@pytest.mark.django_db
def test_in_tests_a_refusal_checks_the_invariants(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cash changed without the journal keeps the mark, but breaks the books: with the check
    on (tests, ``DEBUG``) the refusal raises ``InvariantBroken`` and the state is not kept."""
    assert state_store.checks_refusals()  # tests/conftest.py turns the check on
    state_store.read_state(game, lambda state: state)

    def pocket(state: GameState) -> None:
        state.teams["Red"].cash += 100

    _careless_roll(game, monkeypatch, pocket)
    with pytest.raises(InvariantBroken, match="cash"):
        submit(game, "Red", {"type": "roll", "die": 6})
    assert _cached(game) is None


@pytest.mark.django_db
def test_without_the_check_the_refusal_is_an_ordinary_one(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In class (no ``DEBUG``) the invariants are not checked after a refusal: the student
    hears the refusal, and the mark alone decides whether the state is kept."""
    _careless_roll(game, monkeypatch, lambda state: state.rng.next64())
    with override_settings(PLAYBOSS_CHECK_AFTER_REFUSAL=False):
        assert not state_store.checks_refusals()
        with pytest.raises(services.ServiceError):
            submit(game, "Red", {"type": "roll", "die": 6})
    assert _cached(game) is None


ROLLS = [("Red", {"type": "roll", "die": 6}), ("Red", {"type": "pass"}),
         ("Blue", {"type": "roll", "die": 6}), ("Blue", {"type": "pass"})]


@pytest.mark.django_db
def test_an_undo_in_one_process_is_seen_by_the_other(game: Game) -> None:
    """Two processes, two caches: the second holds the state at move 4; the first undoes to
    move 2 and plays two other moves, so the game is at move 4 again, in a new history. The
    second process reads and writes from the new history, never from its copy of the old."""
    other = state_store.StateStore()  # the second process's cache
    for actor, move in ROLLS:
        submit(game, actor, move)
    game.refresh_from_db()
    old = other.read_state(game, lambda state: state)
    assert old.seq == 4
    services.undo(game_id=game.pk, to_seq=2)  # in this process
    for actor, move in [("Blue", {"type": "roll", "die": 2}), ("Blue", {"type": "pass"})]:
        submit(game, actor, move)
    game.refresh_from_db()
    assert (game.seq, game.history) == (4, 1)
    fresh = state_to_dict(state_store.build_state(game))
    assert fresh != state_to_dict(old)
    assert other.read_state(game, state_to_dict) == fresh
    other.keep_state(game.pk, 0, old)  # as if the old copy were still there for a writer
    assert state_to_dict(other.take_state(game)) == fresh
