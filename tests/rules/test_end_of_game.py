"""Rulebook I, "Goal of the Game" and "End of the Game": the game lasts an agreed time; then
the current round is played to its end and every business is valued."""

from __future__ import annotations

import pytest

from playboss.rules import actions as A
from playboss.rules import legal_actions, view
from playboss.rules.state import GameState
from playboss.rules.statements import balance_sheet, final_results

from .helpers import (
    buy_webs,
    computer_game,
    double_machine_game,
    game,
    idle,
    play,
    refused,
    turn_to,
    walk,
)


def results(state: GameState) -> dict[str, int]:
    return {r["team"]: r["result"] for r in final_results(state)}


# ------------------------------------------------------------------ when the game ends
def test_after_the_agreed_years_the_round_is_played_out() -> None:
    """Rulebook I, "End of the Game": at the agreed completion time (here: one year, reached by
    the first team to complete it) the current round is run to its conclusion."""
    state = game(years=1)
    walk(state, "Red", 40)
    idle(state, "Blue")
    events = play(state, A.Roll("Red", die=3), A.Pass("Red"))  # Red completes its year
    assert any(e["type"] == "time_up" for e in events)
    assert state.time_called and state.phase == "turn" and state.current == "Blue"
    events = turn_to(state, "Blue", "R", A.Pass("Blue"), rest=False)  # the round's last turn
    assert state.phase == "ended" and state.current is None
    assert any(e["type"] == "game_over" for e in events)
    assert state.teams["Blue"].years == 0


def test_time_called_in_the_last_seat_ends_the_game_at_once() -> None:
    """Rulebook I, "End of the Game": the current round is run to its conclusion - when the
    last team of the round completes the years, the round is over with its turn."""
    state = game(years=1)
    idle(state, "Red")
    walk(state, "Blue", 40)
    idle(state, "Red")
    play(state, A.Roll("Blue", die=3), A.Pass("Blue"))
    assert state.phase == "ended"


def test_time_called_in_the_middle_of_the_round() -> None:
    """Rulebook I, "End of the Game": the round is played out - the teams after the one that
    completed the years still take their turn, the first player does not."""
    state = game(teams=("Red", "Blue", "Green"), years=1)
    idle(state, "Red")
    walk(state, "Blue", 40)
    idle(state, "Green")
    idle(state, "Red")
    play(state, A.Roll("Blue", die=3), A.Pass("Blue"))
    assert state.time_called and state.current == "Green"
    idle(state, "Green")
    assert state.phase == "ended"
    assert state.teams["Red"].years == 0


@pytest.mark.parametrize("caller_turn", ["Red", "Blue"])
def test_the_bank_calls_time(caller_turn: str) -> None:
    """Rulebook I, "Goal of the Game": a fixed duration agreed before the game; the bank
    director calls time and the current round is played out."""
    state = game(years=None)
    if caller_turn == "Blue":
        idle(state, "Red")
    play(state, A.CallTime("bank"))
    assert state.time_called and state.phase == "turn"
    refused(state, A.CallTime("bank"), "Time has been called already")
    if caller_turn == "Red":
        idle(state, "Red")
    idle(state, "Blue")
    assert state.phase == "ended"


def test_without_a_time_limit_the_game_goes_on() -> None:
    """Rulebook I, "Goal of the Game": the duration is what the players agree; with no set
    number of years only the bank ends the game."""
    state = game(years=None)
    for _ in range(3):
        walk(state, "Red", 1)
        idle(state, "Blue")
    assert state.teams["Red"].years == 3 and state.phase == "turn"


def test_nothing_is_played_after_the_end() -> None:
    """Rulebook I, "End of the Game": after the round is played out the businesses are
    valued; no more moves."""
    state = game(years=None)
    play(state, A.CallTime("bank"))
    idle(state, "Red")
    idle(state, "Blue")
    refused(state, A.Roll("Red", die=2), "The game is over")
    refused(state, A.TakeCredit("Red", amount=500), "The game is over")
    refused(state, A.CallTime("bank"), "The game is over")
    assert legal_actions(state, "Red") == legal_actions(state, "bank") == []
    assert [r["team"] for r in view(state, "public")["results"]] == ["Red", "Blue"]


# ------------------------------------------------------------------ the valuation
def test_final_valuation_of_machines_computer_goods_cash_and_debts() -> None:
    """Rulebook I, "End of the Game": machines 10,000, a purchased computer 20,000, raw
    material 150, plus cash; less "the 20,000 Marks of starting capital" and the outstanding
    loans - private loans subtracted from the borrower and added to the lender."""
    state = computer_game("owned")
    red = state.teams["Red"]
    # Red: 1 machine, an owned computer, 2 raw units, 1,300 Marks; bank debt 15,000, a
    # private loan of 7,000 from Blue, 10,000 starting capital received (no crossing yet).
    assert (red.cash, red.raw, red.bank_debt, red.capital_received) == (1_300, 2, 15_000,
                                                                        10_000)
    play(state, A.CallTime("bank"))
    idle(state, "Red")
    idle(state, "Blue")
    assert state.phase == "ended"
    assert results(state) == {
        "Red": 10_000 + 20_000 + 2 * 150 + 1_300 - 20_000 - 15_000 - 7_000,  # -10,400
        "Blue": 3_000 + 7_000 - 20_000,  # the loan given counts for the lender: -10,000
    }
    assert [r["team"] for r in final_results(state)] == ["Blue", "Red"]
    assert [r["rank"] for r in final_results(state)] == [1, 2]


def test_final_valuation_double_machine_finished_goods_and_web() -> None:
    """Rulebook I, "End of the Game": a double machine is worth 10,000 like any machine,
    finished product 1,500 per unit; WEBs have no final value."""
    state = double_machine_game()  # double machine, 2 raw, debt 5,000, 2,000 from Blue
    turn_to(state, "Red", "R", A.Produce("Red", units=2))
    buy_webs(state, "Red", 1)
    red = state.teams["Red"]
    assert (red.finished, red.raw, red.web, red.cash) == (2, 0, 1, 300)
    play(state, A.CallTime("bank"))
    idle(state, "Red")
    idle(state, "Blue")
    assert results(state)["Red"] == 10_000 + 2 * 1_500 + 300 - 20_000 - 5_000 - 2_000


def test_a_leased_computer_has_no_final_value() -> None:
    """Rulebook I, "End of the Game": WEBs and leased computers have no final value."""
    state = computer_game("leased")  # machine, 2 raw, leased computer; debt 5,000
    red = state.teams["Red"]
    play(state, A.CallTime("bank"))
    idle(state, "Red")
    idle(state, "Blue")
    assert results(state)["Red"] == 10_000 + 2 * 150 + red.cash - 20_000 - 5_000


def test_the_full_starting_capital_is_subtracted_at_the_end() -> None:
    """Rulebook I, "End of the Game": "subtract the 20,000 Marks of starting capital" - also
    from a team that never crossed the start and received only 10,000 of it; "Whoever has the
    highest owned capital at the end of the game is the winner", and with the same capital
    subtracted from everyone the highest profit is the highest owned capital."""
    state = game(years=1)
    walk(state, "Red", 1)
    idle(state, "Blue")
    assert state.phase == "ended"
    assert state.teams["Red"].capital_received == 20_000
    assert state.teams["Blue"].capital_received == 10_000
    assert results(state) == {"Red": 0, "Blue": -10_000}
    assert [r["team"] for r in final_results(state)] == ["Red", "Blue"]
    blue = balance_sheet(state, "Blue")
    assert (blue.starting_capital, blue.equity) == (20_000, 10_000)


def test_the_setting_final_capital_received_subtracts_what_was_paid_in() -> None:
    """Rulebook I, "End of the Game" (setting final_capital = "received"): a teacher may
    subtract only the starting capital the bank paid in. During the game the balance sheet
    counts what was paid in, whatever the setting."""
    state = game(years=1, final_capital="received")
    walk(state, "Red", 1)
    assert balance_sheet(state, "Blue").starting_capital == 10_000
    idle(state, "Blue")
    assert results(state) == {"Red": 0, "Blue": 0}
