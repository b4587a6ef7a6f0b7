"""Rulebook I, "Now We Can Begin to Play" and "The Start Field": the die moves the pawn
clockwise, the teams take turns clockwise, and crossing the start field ends a team's year."""

from __future__ import annotations

import pytest

from playboss.rules import actions as A
from playboss.rules.config import DEFAULT_BOARD

from .helpers import game, idle, play, refused, settle, walk


@pytest.mark.parametrize(("die", "kind"), [
    (1, "green"), (2, "red"), (3, "risk"), (4, "red"), (5, "yellow"), (6, "red"),
])
def test_the_die_moves_the_pawn_that_many_fields_clockwise(die: int, kind: str) -> None:
    """Rulebook I, "Now We Can Begin to Play": the pawn moves by the number rolled, clockwise,
    and the field it lands on asks for its decision."""
    state = game()
    events = play(state, A.Roll("Red", die=die))
    assert state.teams["Red"].position == 1 + die
    assert state.teams["Red"].rolls == 1
    assert state.pending[0].kind == kind
    assert events[0]["type"] == "move" and events[0]["field"] == 1 + die
    assert events[0]["color"] == DEFAULT_BOARD[1 + die]


def test_teams_take_turns_clockwise_from_the_first_player() -> None:
    """Rulebook I, "Now We Can Begin to Play": whoever rolls highest begins; the die then
    passes clockwise (the order of the seats)."""
    state = game(teams=("Red", "Blue", "Green", "White"), first_team=None)
    play(state, A.Roll("Red", die=1), A.Roll("Blue", die=2), A.Roll("Green", die=6),
         A.Roll("White", die=3))
    order = []
    for _ in range(8):
        current = state.current
        assert current is not None
        order.append(current)
        idle(state, current)
    assert order == ["Green", "White", "Red", "Blue"] * 2
    assert state.rounds == 2


def test_a_team_cannot_roll_twice_in_its_turn() -> None:
    """Rulebook I, "Now We Can Begin to Play": one roll of the die per turn."""
    state = game()
    play(state, A.Roll("Red", die=2))
    refused(state, A.Roll("Red", die=2), "Red has rolled already", "red field")


def test_the_die_shows_one_to_six() -> None:
    """Rulebook "Game Materials": one die; a roll entered from the table is 1 to 6."""
    state = game()
    refused(state, A.Roll("Red", die=7), "1 to 6", "not 7")
    refused(state, A.Roll("Red", die=0), "1 to 6")
    refused(state, A.Roll("Red"), "Enter the number the die shows")


def test_with_engine_dice_the_engine_rolls() -> None:
    """Rulebook "Game Materials": one die; when the engine rolls it, a team cannot choose
    the number."""
    state = game(dice="engine")
    refused(state, A.Roll("Red", die=6), "The engine rolls the die")
    events = play(state, A.Roll("Red"))
    die = events[0]["die"]
    assert 1 <= die <= 6 and state.teams["Red"].position == 1 + die


def test_crossing_the_start_field_ends_the_year() -> None:
    """Rulebook I, "The Start Field": every time a player crosses the starting field he has
    completed one year of business operation."""
    state = game()
    walk(state, "Red", 38)
    idle(state, "Blue")
    assert state.teams["Red"].years == 0
    events = play(state, A.Roll("Red", die=5))  # 38 -> 1, across the start field
    settle(state, "Red")
    assert state.teams["Red"].years == 1 and state.teams["Red"].position == 1
    assert [e["year"] for e in events if e["type"] == "year_end"] == [1]
    assert state.teams["Blue"].years == 0  # a team's own year: Blue has not crossed yet


def test_one_year_per_crossing() -> None:
    """Rulebook I, "The Start Field": one year per trip around the board."""
    state = game()
    walk(state, "Red", 1)
    idle(state, "Blue")
    walk(state, "Red", 1)
    assert state.teams["Red"].years == 2
