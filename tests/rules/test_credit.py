"""Rulebook I, "Lines of Credit" and "Explanations: Credit, Bankruptcy and Private Trade": bank
credit up to half the value of machines and purchased computers, repaid at any time, interest
at the start field; private loans between teams."""

from __future__ import annotations

from playboss.rules import actions as A
from playboss.rules.readings import LEGACY

from .helpers import (
    computer_game,
    game,
    idle,
    lend,
    machine_game,
    play,
    refused,
    turn_to,
    walk,
)


# ------------------------------------------------------------------ the bank's limit
def test_no_credit_without_capital_equipment() -> None:
    """Rulebook I, "Lines of Credit": on raw material and finished product the bank places no
    value and gives no credit."""
    state = game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=5))
    refused(state, A.TakeCredit("Red", amount=500), "0 Marks more at most, not 500")


def test_credit_up_to_5000_per_machine() -> None:
    """Rulebook I, "Lines of Credit": the bank lends up to half the value of capital
    equipment - 5,000 Marks per machine."""
    state = machine_game(credit=0)  # a machine bought for cash
    refused(state, A.TakeCredit("Red", amount=5_500), "5,000 Marks more at most, not 5,500")
    events = play(state, A.TakeCredit("Red", amount=5_000))
    red = state.teams["Red"]
    assert red.cash == 5_000 and red.bank_debt == 5_000
    assert state.ledger.balance("bank_debt", "Red") == 5_000
    assert any(e["type"] == "credit" for e in events)
    refused(state, A.TakeCredit("Red", amount=500), "0 Marks more at most")


def test_credit_up_to_10000_per_purchased_computer() -> None:
    """Rulebook I, "Lines of Credit": 10,000 Marks per (purchased) computer."""
    state = game()
    lend(state, "Blue", "Red", 10_000)
    play(state, A.BuyComputer("Red"))  # 20,000 in cash
    refused(state, A.TakeCredit("Red", amount=10_500), "10,000 Marks more at most")
    play(state, A.TakeCredit("Red", amount=10_000))
    assert state.teams["Red"].bank_debt == 10_000


def test_a_leased_computer_gives_no_credit() -> None:
    """Rulebook I, "Lines of Credit": 10,000 Marks per PURCHASED computer - a leased one is no
    collateral."""
    state = computer_game("leased")  # a machine with 5,000 of credit on it, a leased computer
    refused(state, A.TakeCredit("Red", amount=500), "0 Marks more at most")


def test_credit_in_steps_of_500() -> None:
    """Rulebook I, "Choose a Bank Director": money comes in notes of 500 and 1,000 Marks; the
    bank lends in steps of 500."""
    state = machine_game(credit=0)
    refused(state, A.TakeCredit("Red", amount=700), "The bank lends in steps of 500 Marks")
    refused(state, A.TakeCredit("Red", amount=0), "positive amount")
    refused(state, A.TakeCredit("Red", amount=-500), "positive amount")
    play(state, A.TakeCredit("Red", amount=1_500))


def test_credit_at_any_time() -> None:
    """Rulebook I, "Lines of Credit": credit is no red-field decision; Red borrows during
    Blue's turn."""
    state = machine_game(credit=0)
    assert state.current == "Red"
    idle(state, "Red")
    play(state, A.Roll("Blue", die=1), A.TakeCredit("Red", amount=2_500))
    assert state.teams["Red"].bank_debt == 2_500


# ------------------------------------------------------------------ repaying
def test_repay_at_any_time_in_part_or_in_full() -> None:
    """Rulebook I, "Lines of Credit": the debtor can pay back the loan at any time in the
    year."""
    state = machine_game()  # debt 5,000, cash 5,000
    idle(state, "Red")
    play(state, A.Roll("Blue", die=2), A.RepayCredit("Red", amount=1_000))
    red = state.teams["Red"]
    assert red.bank_debt == 4_000 and red.cash == 4_000
    play(state, A.RepayCredit("Red", amount=4_000))
    assert red.bank_debt == 0 and red.cash == 0
    assert state.ledger.balance("bank_debt", "Red") == 0


def test_repay_refusals() -> None:
    """Rulebook I, "Lines of Credit": pay back what is owed - not more, and not more than the
    cash."""
    state = machine_game()
    refused(state, A.RepayCredit("Red", amount=5_500), "You owe the bank 5,000 Marks, not 5,500")
    refused(state, A.RepayCredit("Red", amount=0), "Repay a positive amount")
    play(state, A.Roll("Red", die=2), A.Purchase("Red", units=12))  # 4,650: 350 left
    refused(state, A.RepayCredit("Red", amount=500), "You have 350 Marks", "500")
    refused(state, A.RepayCredit("Blue", amount=500), "You owe the bank 0 Marks")


def test_interest_waits_until_the_team_raises_the_cash() -> None:
    """Rulebook I, "Lines of Credit": at the start field the interest and fees are due; a team
    short of cash raises it (here a private loan is repaid to it) before the game goes on."""
    state = machine_game()  # debt 5,000
    walk(state, "Red", 1)  # first crossing: +10,000, -1,500
    red = state.teams["Red"]
    assert red.cash == 13_500
    lend(state, "Red", "Blue", 13_500)  # Red lends all its cash to Blue
    loan = max(state.loans)
    idle(state, "Blue")
    walk(state, "Red", 40)
    idle(state, "Blue")
    play(state, A.Roll("Red", die=3))  # across the start with no cash
    assert state.pending[0].kind == "pay" and state.pending[0].amount == 500
    assert state.current == "Red" and not red.bankrupt
    refused(state, A.Roll("Blue", die=2), "It is Red's turn")
    refused(state, A.Pass("Red"), "a payment of 500 Marks (interest)")
    events = play(state, A.RepayPrivate("Blue", loan=loan, amount=2_000))
    paid = [(e["reason"], e["amount"]) for e in events if e["type"] == "paid"]
    assert paid == [("interest", 500), ("loan fee", 1_000)]
    assert red.cash == 500 and state.pending[0].kind == "red"


# ------------------------------------------------------------------ private loans
def test_private_loan_between_teams() -> None:
    """Rulebook I, "Lines of Credit": every player can offer private credit to fellow players;
    interest and fees are negotiated freely (the terms are written on the loan)."""
    state = game()
    play(state, A.ProposeDeal("Blue", partner="Red", give={"loan": 3_000},
                              terms="10% a year, back by year 2"))
    assert state.teams["Red"].cash == 10_000  # nothing moves before Red accepts
    play(state, A.AcceptDeal("Red", deal=max(state.deals)))
    (loan,) = state.loans.values()
    assert (loan.lender, loan.borrower, loan.amount) == ("Blue", "Red", 3_000)
    assert loan.terms == "10% a year, back by year 2"
    assert state.teams["Red"].cash == 13_000 and state.teams["Blue"].cash == 7_000
    assert state.ledger.balance("private_debt", "Red") == 3_000
    assert state.ledger.balance("private_debt", "Blue") == -3_000


def test_private_loan_repaid_in_part_and_in_full() -> None:
    """Rulebook I, "Lines of Credit": private loans on terms the players agree; the borrower
    repays the lender."""
    state = game()
    loan = lend(state, "Blue", "Red", 3_000)
    refused(state, A.RepayPrivate("Red", loan=loan, amount=3_500), "You owe 3,000 Marks")
    refused(state, A.RepayPrivate("Blue", loan=loan, amount=1_000), "no private loan")
    play(state, A.RepayPrivate("Red", loan=loan, amount=1_000))
    assert state.loans[loan].amount == 2_000 and state.teams["Blue"].cash == 8_000
    play(state, A.RepayPrivate("Red", loan=loan, amount=2_000))
    assert loan not in state.loans and state.teams["Blue"].cash == 10_000
    assert state.teams["Red"].cash == 10_000


def test_private_loans_carry_no_bank_interest() -> None:
    """Rulebook I, "Lines of Credit": the bank's 10 percent and fee fall on bank credit; the
    terms of private loans are the players' business."""
    state = game()
    lend(state, "Blue", "Red", 3_000)
    walk(state, "Red", 1)
    assert state.teams["Red"].cash == 13_000 + 10_000


def test_debt_above_the_line_may_remain() -> None:
    """Rulebook I, "Repurchase Value" and "Lines of Credit": machines can be sold back at any
    time; on the legacy reading (``collateral: "free"``, pinned: the literal one repays the
    debt from the price, tests/rules/test_literal_readings.py) the bank debt stays, above the
    new line, and nothing more is lent."""
    state = machine_game(collateral=LEGACY["collateral"])  # a machine, 5,000 borrowed on it
    play(state, A.SellBack("Red", item="machine"))
    red = state.teams["Red"]
    assert red.bank_debt == 5_000 and red.machines == [] and red.cash == 10_000
    refused(state, A.TakeCredit("Red", amount=500), "0 Marks more at most")


def test_interest_when_landing_on_the_start_field() -> None:
    """Rulebook I, "The Start Field": landing on the start completes the year like crossing
    it - the interest and fee are due."""
    state = machine_game()
    walk(state, "Red", 0)
    assert state.teams["Red"].cash == 5_000 + 10_000 - 500 - 1_000
