"""Issue 11: a game imported from its exported log keeps the original's dice.

Rulebook, "Preparation for Play": "The risk cards are shuffled"; the engine shuffles with the
game's generator and then rolls the dice with it ("Now We Can Begin to Play"). The export
holds the deck's order in its config; before the fix, a game set up from that config skipped
the shuffle's draws, and the import kept no move-0 snapshot, so the copy rolled other dice
than the original — and an undo in the copy could buy a better roll.
"""

from __future__ import annotations

import random

import pytest

from classroom import selectors, services
from classroom.models import Classroom, Game

from .conftest import make_game
from .walk import cached, submit, walk

TEAMS = ["Red", "Blue", "Green"]


@pytest.fixture
def original(classroom: Classroom) -> Game:
    """Three teams who roll for the first place, engine dice, past the first snapshot."""
    game = make_game(classroom, teams=TEAMS, dice="engine", first_team=None, seed=11)
    walk(game, random.Random(1), services.SNAPSHOT_EVERY + 15)
    game.refresh_from_db()
    assert game.seq > services.SNAPSHOT_EVERY
    return game


def _import(game: Game, classroom: Classroom) -> Game:
    return services.import_log(classroom=classroom, name="Copy",
                               log_data=selectors.export_log(game))


def _chances(game: Game, after: int) -> list[dict[str, int] | None]:
    return list(game.actions.filter(undone=False, seq__gt=after).order_by("seq")
                .values_list("chance", flat=True))


def test_an_imported_game_rolls_on_as_the_original(original: Game,
                                                   classroom: Classroom) -> None:
    """Rulebook I, "Now We Can Begin to Play": the copy rolls the dice the original rolls."""
    copy = _import(original, classroom)
    assert cached(copy) == cached(original)  # the generator too
    at = original.seq
    moves = walk(original, random.Random(2), 40)
    for actor, move in moves:
        submit(copy, actor, move)
    assert any(_chances(original, at)), "no die rolled or card drawn: nothing compared"
    assert _chances(copy, at) == _chances(original, at)
    assert cached(copy) == cached(original)


def test_undo_in_an_imported_game_rolls_what_the_original_rolled(
        original: Game, classroom: Classroom) -> None:
    """Rulebook I, "Now We Can Begin to Play": moves taken back and made again roll the same
    dice in the copy as in the original; no undo buys a better roll."""
    copy = _import(original, classroom)
    # The copy keeps the original's snapshots: move 0 and every SNAPSHOT_EVERY moves.
    assert {0, services.SNAPSHOT_EVERY} <= set(copy.snapshots.values_list("seq", flat=True))
    back_to = 10
    redo = [(row.actor, row.action) for row in
            original.actions.filter(undone=False, seq__gt=back_to).order_by("seq")]
    rolled = _chances(original, back_to)
    assert any(rolled), "no die rolled or card drawn after the undo point"
    end = cached(original)
    for game in (copy, original):
        services.undo(game_id=game.pk, to_seq=back_to)
        for actor, move in redo:  # the same moves again: the engine draws afresh
            submit(game, actor, move)
        assert _chances(game, back_to) == rolled, game.name
        assert cached(game) == end, game.name


def test_an_imported_copy_of_an_imported_game_is_the_same_game(
        original: Game, classroom: Classroom) -> None:
    """Rulebook I, "Preparation for Play": a copy of a copy has the original's deck and dice."""
    copy = _import(_import(original, classroom), classroom)
    assert selectors.export_log(copy)["config"] == original.config
    assert cached(copy) == cached(original)


def test_an_old_export_without_a_move_0_snapshot_still_rolls_as_the_original(
        original: Game, classroom: Classroom) -> None:
    """Rulebook I, "Now We Can Begin to Play": a game imported before the fix kept only its
    last snapshot; rebuilt from its config alone (an undo to before that snapshot), it now
    rolls what the original rolls."""
    copy = _import(original, classroom)
    copy.snapshots.exclude(seq=copy.seq).delete()
    services.undo(game_id=copy.pk, to_seq=5)
    services.undo(game_id=original.pk, to_seq=5)
    moves = walk(original, random.Random(3), 30)
    for actor, move in moves:
        submit(copy, actor, move)
    assert any(_chances(original, 5))
    assert cached(copy) == cached(original)
