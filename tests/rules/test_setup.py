"""Rulebook I, "Preparation for Play", "Choose a Bank Director" and "Now We Can Begin to Play":
capital, market, pawns and the roll for the first player."""

from __future__ import annotations

import pytest

from playboss.rules import GameConfig, RuleViolation, new_game
from playboss.rules import actions as A
from playboss.rules.config import DEFAULT_BOARD

from .helpers import FULL, HALF, game, idle, play, refused, walk


def test_each_team_starts_with_10000_marks() -> None:
    """Rulebook I, "Choose a Bank Director": each business manager gets 10,000 Marks of
    starting capital."""
    state = game()
    for team in state.teams.values():
        assert team.cash == 10_000
        assert team.capital_received == 10_000
        assert state.ledger.balance("capital", team.name) == 10_000
        assert team.raw == team.finished == team.web == 0
        assert team.machines == [] and team.computers_owned == 0 and team.bank_debt == 0


def test_second_10000_at_the_first_crossing_of_start() -> None:
    """Rulebook I, "Choose a Bank Director": after the players cross the start point for the
    FIRST time each gets an additional 10,000 Marks."""
    state = game()
    walk(state, "Red", 40)  # Red stands just before the start field
    assert state.teams["Red"].cash == 10_000
    idle(state, "Blue")
    events = play(state, A.Roll("Red", die=3))
    red = state.teams["Red"]
    assert red.position == 1 and red.years == 1
    assert red.cash == 20_000 and red.capital_received == 20_000
    assert any(e["type"] == "capital" and e["amount"] == 10_000 for e in events)


def test_no_more_starting_capital_at_later_crossings() -> None:
    """Rulebook I, "Choose a Bank Director": under no circumstance more starting capital than
    20,000 Marks in all: the second crossing of start pays nothing."""
    state = game()
    walk(state, "Red", 1)  # one full lap, across the start field
    assert state.teams["Red"].cash == 20_000
    idle(state, "Blue")
    walk(state, "Red", 1)  # a second lap
    red = state.teams["Red"]
    assert red.years == 2
    assert red.cash == 20_000 and red.capital_received == 20_000
    assert state.ledger.balance("capital", "Red") == 20_000


def test_landing_on_start_counts_as_crossing_it() -> None:
    """Rulebook I, "The Start Field": every time a player crosses the start field a year is
    complete; landing exactly on it completes the year too (and pays the second capital)."""
    state = game()
    walk(state, "Red", 0)
    red = state.teams["Red"]
    assert red.position == 0 and red.years == 1 and red.cash == 20_000
    assert state.current == "Blue"  # the start field asks no decision


@pytest.mark.parametrize("teams", [1, 2, 3, 4])
def test_fewer_than_five_teams_fill_half_the_market(teams: int) -> None:
    """Rulebook I, "Preparation for Play": with less than 5 players only half the market is
    filled; the zones 150 to 300 Marks remain empty."""
    names = tuple(f"T{i}" for i in range(teams))
    state = new_game(GameConfig(teams=names))
    assert state.config.zone_prices == (150, 200, 250, 300, 350, 400, 450, 500)
    assert state.market == list(HALF)
    assert state.box == 20  # the other 20 products stay in the box


@pytest.mark.parametrize("teams", [5, 6, 9])
def test_five_or_more_teams_fill_the_whole_market(teams: int) -> None:
    """Rulebook I, "Preparation for Play": with 5 or more players all 40 products lie in the
    market, five in each zone."""
    names = tuple(f"T{i}" for i in range(teams))
    state = new_game(GameConfig(teams=names))
    assert state.market == list(FULL)
    assert state.box == 0


def test_pawns_start_on_the_red_field_next_to_start() -> None:
    """Rulebook I, "Now We Can Begin to Play": all game pieces are placed on the red square
    next to the start."""
    state = game(teams=("Red", "Blue", "Green"))
    assert DEFAULT_BOARD[0] == "S" and DEFAULT_BOARD[1] == "R"
    assert {t.position for t in state.teams.values()} == {1}


def test_highest_roll_begins() -> None:
    """Rulebook I, "Now We Can Begin to Play": everyone rolls the die and whoever rolls the
    highest begins."""
    state = game(teams=("Red", "Blue", "Green"), first_team=None)
    assert state.phase == "order"
    play(state, A.Roll("Red", die=3), A.Roll("Blue", die=5), A.Roll("Green", die=1))
    assert state.phase == "turn" and state.current == "Blue" and state.leader == "Blue"
    assert {t.position for t in state.teams.values()} == {1}  # the opening roll moves nobody


def test_a_tie_for_the_highest_roll_is_rolled_again_by_the_tied_teams() -> None:
    """Rulebook I, "Now We Can Begin to Play": whoever rolls the highest begins; teams tied
    for the highest roll roll again, the others wait."""
    state = game(teams=("Red", "Blue", "Green"), first_team=None)
    events = play(state, A.Roll("Red", die=6), A.Roll("Blue", die=2), A.Roll("Green", die=6))
    assert any(e["type"] == "order_tie" for e in events)
    assert state.phase == "order" and state.order_contest == ["Red", "Green"]
    refused(state, A.Roll("Blue", die=6), "Blue does not roll for first place",
            "Red, Green")
    play(state, A.Roll("Red", die=4), A.Roll("Green", die=5))
    assert state.current == "Green"


def test_a_team_rolls_once_for_first_place() -> None:
    """Rulebook I, "Now We Can Begin to Play": everyone rolls the die once for first place."""
    state = game(first_team=None)
    play(state, A.Roll("Red", die=2))
    refused(state, A.Roll("Red", die=6), "Red does not roll for first place", "Blue")


def test_a_six_gives_no_second_roll() -> None:
    """Rulebook I, "Now We Can Begin to Play": rolling a six does not allow the player to
    roll the die a second time."""
    state = game()
    play(state, A.Roll("Red", die=6))  # field 7, red
    assert state.teams["Red"].position == 7
    play(state, A.Pass("Red"))
    assert state.current == "Blue"
    refused(state, A.Roll("Red", die=2), "It is Blue's turn, not Red's")


def test_a_six_for_first_place_gives_no_extra_roll_either() -> None:
    """Rulebook I, "Now We Can Begin to Play": a six in the roll for first place only wins
    the first turn; it moves the pawn nowhere."""
    state = game(first_team=None)
    play(state, A.Roll("Red", die=6), A.Roll("Blue", die=4))
    assert state.current == "Red" and state.teams["Red"].position == 1
    play(state, A.Roll("Red", die=2), A.Pass("Red"))
    assert state.current == "Blue"


def test_nothing_happens_before_the_first_player_is_found() -> None:
    """Rulebook I, "Now We Can Begin to Play": the game begins once the first player is
    found; until then there is no turn to take."""
    state = game(first_team=None)
    refused(state, A.Pass("Red"), "The game has not begun")
    refused(state, A.Purchase("Red", units=1), "The game has not begun")


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"teams": ()}, "1 to 9 teams"),
        ({"teams": tuple(f"T{i}" for i in range(10))}, "1 to 9 teams"),
        ({"teams": ("Red", "Red")}, "distinct"),
        ({"teams": ("Red", "bank")}, "not 'bank'"),
        ({"teams": ("Red", "Blue"), "first_team": "Green"}, "first_team"),
        ({"teams": ("Red", "Blue"), "market_fill": (5,) * 7}, "market_fill"),
        ({"teams": ("Red", "Blue"), "market_fill": (6,) * 8}, "market_fill"),
        ({"teams": ("Red", "Blue"), "dice": "loaded"}, "dice"),
        ({"teams": ("Red", "Blue"), "years": 0}, "at least one year"),
        ({"teams": ("Red", "Blue"), "board": "RRS"}, "start field"),
    ],
)
def test_a_bad_set_up_is_refused(settings: dict[str, object], words: str) -> None:
    """Rulebook I, "Preparation for Play": a game is set up with its teams, board and market;
    a set-up that cannot be played is refused with a reason."""
    with pytest.raises(RuleViolation) as info:
        new_game(GameConfig(**settings))  # type: ignore[arg-type]
    assert words in info.value.message
