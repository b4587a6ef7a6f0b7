"""What each player may see, and what each may do: views hide a team's books from the other
teams (rulebook I, "Choose a Bank Director": the bank keeps the books), and every move the
engine lists as legal is one the rules accept."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from playboss.rules import GameConfig, apply, legal_actions, new_game, view
from playboss.rules import actions as A
from playboss.rules.bots import GreedyBot, RandomBot
from playboss.rules.invariants import check
from playboss.rules.legal import to_move
from playboss.rules.state import GameState

from .helpers import (
    MAJOR_BREAKDOWN,
    bankrupt_red,
    buy_webs,
    computer_game,
    double_machine_game,
    finished_game,
    game,
    idle,
    lease_game,
    lend,
    machine_game,
    play,
    roll_to,
    three_webs_and_a_machine,
    turn_to,
    walk,
)

BOOKS = ("cash", "bank_debt", "private_debt", "loans_given", "loans", "capital_received",
         "sales_total", "machine_list", "leased_out", "lease_field", "balance_sheet")


def row(v: dict[str, Any], team: str) -> dict[str, Any]:
    return next(t for t in v["teams"] if t["name"] == team)


def books_game() -> GameState:
    """Red: a machine on 5,000 bank credit, a private loan of 3,000 from Blue, an offer of a
    deal to Blue; Blue: 7,000 Marks."""
    state = machine_game()
    lend(state, "Blue", "Red", 3_000)
    play(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 100}, take={}))
    return state


# ------------------------------------------------------------------ views
def test_a_team_does_not_see_another_teams_cash_or_debts() -> None:
    """Rulebook I, "Choose a Bank Director": the bank director keeps the accounts; a team's
    cash and debts are its own - Blue sees Red's table, not Red's books."""
    state = books_game()
    seen = view(state, "Blue")
    red = row(seen, "Red")
    for key in BOOKS:
        assert key not in red, key
    assert red["machines"] == {"single": 1, "double": 0}  # what lies on the table
    assert red["raw"] == 0 and red["web"] == 0 and red["position"] == 3
    blue = row(seen, "Blue")
    assert blue["cash"] == 7_000 and blue["loans_given"] == 3_000  # its own books


def test_the_bank_sees_every_teams_books() -> None:
    """Rulebook I, "Lines of Credit": it is the banker's job to keep book about the credit and
    loans - the bank's view shows every team's cash and debts."""
    state = books_game()
    seen = view(state, "bank")
    red = row(seen, "Red")
    assert red["cash"] == 8_000 and red["bank_debt"] == 5_000 and red["private_debt"] == 3_000
    assert red["balance_sheet"]["profit"] == 10_000 + 8_000 - 10_000 - 5_000 - 3_000
    assert row(seen, "Blue")["cash"] == 7_000
    assert len(seen["deals"]) == 1


def test_the_public_view_shows_the_table_only() -> None:
    """Rulebook I, "Choose a Bank Director": the projector shows the board, not anybody's
    books."""
    state = books_game()
    seen = view(state, "public")
    for team in seen["teams"]:
        assert not set(BOOKS) & set(team)
    assert seen["deals"] == []
    assert seen["market"]["zones"][4] == {"price": 350, "units": 5, "capacity": 5}


def test_deals_are_seen_by_their_two_teams_and_the_bank() -> None:
    """Rulebook I, "Private Business between Players": business between two players is theirs
    (and the bank's books)."""
    state = game(teams=("Red", "Blue", "Green"))
    play(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 100}))
    assert len(view(state, "Red")["deals"]) == len(view(state, "Blue")["deals"]) == 1
    assert view(state, "Green")["deals"] == []


def test_the_order_of_the_risk_deck_is_secret() -> None:
    """Rulebook I, "Preparation for Play": the risk cards lie face down in a stack."""
    state = game()
    for viewer in ("Red", "bank", "public"):
        seen = view(state, viewer)
        assert seen["bank"]["risk_cards"] == 30
        assert "deck" not in json.dumps(seen) and "risk_order" not in json.dumps(seen)


def test_an_unknown_viewer_is_refused() -> None:
    """Rulebook I, "Choose a Bank Director": views are for the teams, the bank and the table."""
    with pytest.raises(ValueError, match="unknown viewer"):
        view(game(), "Green")


def test_a_pending_interest_payment_does_not_reveal_the_debt() -> None:
    """Rulebook I, "Lines of Credit": the bank keeps book about the loans - while Red's
    interest waits to be paid, Blue must not read Red's bank debt off the table."""
    state = machine_game()  # debt 5,000
    walk(state, "Red", 1)
    lend(state, "Red", "Blue", state.teams["Red"].cash)  # Red has no cash left
    idle(state, "Blue")
    walk(state, "Red", 40)
    idle(state, "Blue")
    play(state, A.Roll("Red", die=3))  # the interest (500) waits
    assert state.pending[0].reason == "interest"
    text = json.dumps(view(state, "Blue")["pending"])
    assert "5,000" not in text and "500" not in text


# ------------------------------------------------------------------ legal moves
def accepted(state: GameState) -> int:
    """Apply every legal action of every actor to a copy; each must be accepted and leave the
    invariants intact. The number of actions tried."""
    tried = 0
    for actor in [*state.config.teams, "bank"]:
        for action in legal_actions(state, actor):
            copy = state.clone()
            apply(copy, action)
            check(copy)
            tried += 1
    return tried


def order_phase() -> GameState:
    state = game(teams=("Red", "Blue", "Green"), first_team=None)
    play(state, A.Roll("Red", die=4))
    return state


def red_field_with_goods() -> GameState:
    state = finished_game()
    buy_webs(state, "Red", 2)
    roll_to(state, "Red", "R")
    return state


def green_field() -> GameState:
    state = machine_game()
    roll_to(state, "Red", "G")
    return state


def yellow_field() -> GameState:
    state = double_machine_game()
    buy_webs(state, "Red", 1)
    roll_to(state, "Red", "Y")
    return state


def white_field() -> GameState:
    state = three_webs_and_a_machine()
    play(state, A.Efficiency("Red"))
    lend(state, "Blue", "Red", 1_000)
    play(state, A.ProposeDeal("Blue", partner="Red", give={"cash": 500}, take={"machines": [1]}))
    play(state, A.Roll("Red", die=1))  # field 21
    return state


def blue_field() -> GameState:
    state = computer_game("owned")
    roll_to(state, "Red", "B")
    return state


def lease_pending() -> GameState:
    state = lease_game()
    play(state, A.Roll("Red", die=2))
    return state


def payment_pending() -> GameState:
    state = machine_game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=12))
    play(state, A.Roll("Red", die=5), A.DrawRisk("Red", card=MAJOR_BREAKDOWN))
    assert state.pending[0].kind == "pay"
    return state


def after_bankruptcy() -> GameState:
    return bankrupt_red()[0]


def game_over() -> GameState:
    state = game(years=None)
    play(state, A.CallTime("bank"))
    idle(state, "Red")
    idle(state, "Blue")
    return state


POSITIONS: dict[str, Callable[[], GameState]] = {
    "order": order_phase,
    "start": game,
    "red": red_field_with_goods,
    "green": green_field,
    "yellow": yellow_field,
    "white": white_field,
    "blue": blue_field,
    "lease": lease_pending,
    "payment": payment_pending,
    "bankrupt": after_bankruptcy,
}


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_every_legal_action_is_accepted(position: str) -> None:
    """Rulebook I, "Choose a Bank Director": the director ensures proper gameplay - every move
    the engine offers a team or the bank is accepted when applied to a copy of the game."""
    state = POSITIONS[position]()
    assert accepted(state) > 0


def test_no_legal_actions_after_the_game() -> None:
    """Rulebook I, "End of the Game": after the last round there is nothing left to do."""
    state = game_over()
    assert accepted(state) == 0


def test_the_white_field_offers_returning_a_double_machine() -> None:
    """Rulebook I, "The White Write-off Field": the listed write-offs include returning the
    double machine, and the rules accept it."""
    state = white_field()
    assert state.pending[0].kind == "white"
    moves = legal_actions(state, "Red")
    assert A.WriteOff("Red", option="return", machine=1) in moves
    assert A.WriteOff("Red", option="downgrade", machine=1) in moves
    assert accepted(state) > 0


@pytest.mark.parametrize("seed", [3, 8])
def test_legal_actions_in_bot_games(seed: int) -> None:
    """Rulebook I, "Choose a Bank Director": proper gameplay - in positions reached by bots
    (engine dice), every move offered is accepted."""
    config = GameConfig(teams=("A", "B", "C"), seed=seed, years=2)
    state = new_game(config)
    bots = {name: (GreedyBot if seed % 2 else RandomBot)(seed * 10 + i)
            for i, name in enumerate(config.teams)}
    steps = 0
    while state.phase != "ended" and steps < 1_500:
        if steps % 40 == 0:
            accepted(state)
        actor = to_move(state)
        apply(state, bots[actor].choose(state, actor))
        check(state)
        steps += 1
