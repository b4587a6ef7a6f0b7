"""Rulebook I, "Explanations: Financial Statement and Profit": the balance sheet - assets at
their end-of-game values against bank debt, other debt and starting capital; the difference is
the profit or loss."""

from __future__ import annotations

from playboss.rules import actions as A
from playboss.rules.statements import balance_sheet, balance_sheet_from, final_results

from .helpers import MANAGEMENT_CONSULTANT, game, lend, play, roll_to, turn_to, walk


def test_the_rulebook_example_2150_profit() -> None:
    """Rulebook I, "Explanations: Financial Statement and Profit": 3 machines, 1 raw material,
    2 finished products and 1,000 cash make 34,150; starting capital 20,000, bank debts 10,000
    and other debts 2,000 make 32,000; 2,150 profit."""
    sheet = balance_sheet_from("Example", machines_single=3, raw=1, finished=2, cash=1_000,
                               bank_debt=10_000, other_debt=2_000, starting_capital=20_000)
    assert sheet.machines_value == 30_000
    assert sheet.raw_value == 150
    assert sheet.finished_value == 3_000
    assert sheet.loans_given == 0
    assert sheet.cash == 1_000
    assert sheet.total_assets == 34_150
    assert sheet.starting_capital + sheet.bank_debt + sheet.other_debt == 32_000
    assert sheet.profit == 2_150
    # The two-sided account: profit on the liabilities side, both sides 34,150.
    assert sheet.total_liabilities == sheet.total_assets == 34_150
    assert sheet.equity == 22_150  # profit and starting capital: the owned capital


def test_the_rulebook_example_with_15000_bank_debt_is_a_2850_loss() -> None:
    """Rulebook I, "Explanations: Financial Statement and Profit": with bank debt of 15,000
    the liabilities are 37,000: 34,150 minus 37,000 = -2,850, a loss."""
    sheet = balance_sheet_from("Example", machines_single=3, raw=1, finished=2, cash=1_000,
                               bank_debt=15_000, other_debt=2_000, starting_capital=20_000)
    assert sheet.total_assets == 34_150
    assert sheet.profit == -2_850
    assert sheet.total_liabilities == 34_150
    assert sheet.equity == 17_150  # the final assets are worth less than the capital + debt


def test_double_machines_and_loans_given_in_the_balance_sheet() -> None:
    """Rulebook I, "Explanations: Financial Statement and Profit": machines (a double one at
    the same 10,000) and loans given are assets; WEBs are not on the balance sheet."""
    sheet = balance_sheet_from("T", machines_single=1, machines_double=1, computers=1,
                               loans_given=3_000, cash=500, starting_capital=10_000)
    assert sheet.machines_value == 20_000 and sheet.computers_value == 20_000
    assert sheet.total_assets == 43_500 and sheet.profit == 33_500
    assert "web" not in sheet.to_dict()


def test_the_rulebook_example_played() -> None:
    """Rulebook I, "Explanations: Financial Statement and Profit": the example's position
    reached in play - its balance sheet, computed from the ledger, is the rulebook's, and so
    is the final result."""
    state = game()
    play(state, A.Roll("Red", die=2), A.Invest("Red"))  # machine 1: cash 0
    play(state, A.Roll("Blue", die=2), A.Purchase("Blue", units=3))  # the 350 zone: 2 left
    walk(state, "Red", 1)  # first crossing: the second 10,000
    turn_to(state, "Blue", "R", A.Pass("Blue"), rest=False)
    red = state.teams["Red"]
    assert (red.cash, red.bank_debt, red.capital_received) == (10_000, 0, 20_000)
    turn_to(state, "Red", "R", A.Invest("Red"))  # machine 2: cash 0
    play(state, A.TakeCredit("Red", amount=10_000))  # the limit of two machines
    turn_to(state, "Red", "R", A.Invest("Red"))  # machine 3: cash 0, debt 10,000
    lend(state, "Blue", "Red", 2_000)
    turn_to(state, "Red", "R", A.Purchase("Red", units=4))  # 350 + 350 + 400 + 400
    assert red.cash == 500
    play(state, A.TakeCredit("Red", amount=5_000))
    turn_to(state, "Red", "R", A.Produce("Red", units=3))  # all three machines ready
    assert red.cash == 2_500
    turn_to(state, "Red", "R", A.Sell("Red", units=1))  # into the 400 zone: 4,000
    play(state, A.RepayCredit("Red", amount=5_000))
    assert red.cash == 1_500
    roll_to(state, "Red", "B")
    play(state, A.DrawRisk("Red", card=MANAGEMENT_CONSULTANT))  # pays 500
    assert (len(red.machines), red.raw, red.finished, red.cash) == (3, 1, 2, 1_000)

    sheet = balance_sheet(state, "Red")
    example = balance_sheet_from("Red", machines_single=3, raw=1, finished=2, cash=1_000,
                                 bank_debt=10_000, other_debt=2_000, starting_capital=20_000)
    assert sheet == example
    assert sheet.total_assets == 34_150 and sheet.profit == 2_150

    play(state, A.CallTime("bank"))
    turn_to(state, "Blue", "R", A.Pass("Blue"), rest=False)
    assert state.phase == "ended"
    assert next(r for r in final_results(state) if r["team"] == "Red")["result"] == 2_150
