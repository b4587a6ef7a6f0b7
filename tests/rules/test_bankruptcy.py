"""Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": a team that cannot pay
what is due, even by borrowing and selling everything to the bank, is bankrupt; its assets are
sold, the bank is paid first, then the private lenders."""

from __future__ import annotations

from playboss.rules import actions as A
from playboss.rules import legal_actions
from playboss.rules.statements import final_results

from .helpers import (
    FOUR,
    MAJOR_BREAKDOWN,
    bankrupt_red,
    game,
    idle,
    lend,
    machine_game,
    play,
    refused,
    turn_to,
)


def test_bankrupt_when_a_payment_exceeds_everything_the_team_can_raise() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": if your assets are not
    sufficient to pay what is due you are bankrupt - 3,000 due against 250 cash, no open credit
    and 1,500 for the raw material (its leased-out machine it cannot sell)."""
    state, events = bankrupt_red()
    red = state.teams["Red"]
    assert red.bankrupt
    assert any(e["type"] == "bankrupt" and e["amount"] == 3_000 for e in events)
    assert state.current == "Blue"  # the turn passes on


def test_bankrupt_assets_are_sold_the_bank_first_then_private_lenders() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the bank auctions off
    all the assets; the bank has the first right to the money, what is left goes to the
    private lenders (in proportion to their loans)."""
    state, _ = bankrupt_red()
    red, blue, green, yellow = (state.teams[n] for n in FOUR)
    # Sold: 10 raw (1,500), the machine called back from Blue (5,000), the claim on Green
    # (5,000, taken over by the bank). 250 + 11,500 = 11,750: 3,000 due, 5,000 bank debt,
    # 3,750 for the private lenders, who are owed 4,000: 1,875 each.
    assert red.cash == 0 and red.raw == 0 and red.machines == [] and red.bank_debt == 0
    assert state.machines == {} and blue.machines == []
    assert blue.cash == 10_000 - 2_000 + 1_875
    assert yellow.cash == 10_000 - 2_000 + 1_875
    assert not state.loans
    assert green.bank_debt == 5_000 and green.cash == 15_000  # now owed to the bank
    assert state.market == [0, 0, 0, 0, 5, 5, 5, 5]  # the raw material back in the market


def test_a_bankrupt_team_is_out_of_the_game() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the bankrupt business
    is sold off; the team makes no more moves and the turn order skips it."""
    state, _ = bankrupt_red()
    refused(state, A.TakeCredit("Red", amount=500), "Red is bankrupt and out of the game")
    refused(state, A.Roll("Red", die=1), "Red is bankrupt")
    refused(state, A.ProposeDeal("Blue", partner="Red", give={"cash": 100}),
            "There is no team 'Red' in the game to deal with")
    assert legal_actions(state, "Red") == []
    order = []
    for _ in range(6):
        current = state.current
        assert current is not None
        order.append(current)
        idle(state, current)
    assert order == ["Blue", "Green", "Yellow"] * 2


def test_a_bankrupt_team_ranks_last() -> None:
    """Rulebook I, "End of the Game": the winner has the most profit; a bankrupt business is
    behind every business still running."""
    state, _ = bankrupt_red()
    play(state, A.CallTime("bank"))
    for name in ("Blue", "Green", "Yellow"):
        idle(state, name)
    assert state.phase == "ended"
    results = final_results(state)
    assert results[-1]["team"] == "Red" and results[-1]["bankrupt"]


def test_a_team_that_can_raise_the_money_is_not_bankrupt() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": only when the assets
    are not sufficient - a team that can sell to the bank must, and then pays. (With the
    machine free of its bank debt: ``collateral="free"``; the literal reading is below.)"""
    state = machine_game(collateral="free")  # cash 5,000, debt 5,000
    turn_to(state, "Red", "R", A.Purchase("Red", units=12))  # cash 350
    play(state, A.Roll("Red", die=5), A.DrawRisk("Red", card=MAJOR_BREAKDOWN))  # field 10
    red = state.teams["Red"]
    assert not red.bankrupt and state.pending[0].kind == "pay"
    assert state.pending[0].amount == 3_000
    play(state, A.SellBack("Red", item="machine"))
    assert red.cash == 350 + 5_000 - 3_000 and state.current == "Blue"


def test_the_machine_that_secures_the_debt_repays_the_bank_before_the_bill() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": "the machines are
    considered collateral which can be collected by the bank" - by default
    (``collateral="repay_first"``) the machine sold back repays the 5,000 of bank debt it
    secured; the 350 left cannot pay the 3,000 bill, and the team is bankrupt."""
    state = machine_game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=12))  # cash 350
    play(state, A.Roll("Red", die=5), A.DrawRisk("Red", card=MAJOR_BREAKDOWN))  # field 10
    red = state.teams["Red"]
    assert not red.bankrupt and state.pending[0].amount == 3_000
    play(state, A.SellBack("Red", item="machine"))
    assert red.bankrupt and red.bank_debt == 0


def test_open_credit_counts_before_bankruptcy() -> None:
    """Rulebook I, "Lines of Credit": machines are collateral; a team with open credit borrows
    to pay what is due."""
    state = machine_game(credit=0)  # cash 0, a machine bought for cash
    play(state, A.Roll("Red", die=1), A.DrawRisk("Red", card=MAJOR_BREAKDOWN))  # field 4
    assert not state.teams["Red"].bankrupt
    play(state, A.TakeCredit("Red", amount=3_000))
    assert state.teams["Red"].cash == 0 and state.current == "Blue"


def test_exactly_enough_is_not_bankrupt() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": bankrupt only if the
    assets are NOT sufficient - 1,500 cash and 10 raw units (1,500) pay 3,000."""
    state = game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=10))  # 3,750: 6,250 left
    lend(state, "Red", "Blue", 4_750)
    play(state, A.Roll("Red", die=1), A.DrawRisk("Red", card=MAJOR_BREAKDOWN))  # field 4
    red = state.teams["Red"]
    assert not red.bankrupt and red.cash == 1_500
    play(state, A.SellBack("Red", item="raw", units=10))
    assert red.cash == 0 and not red.bankrupt and state.current == "Blue"


def test_loans_given_by_a_bankrupt_team_are_taken_over_by_the_bank() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the bank auctions off
    ALL assets - a loan the bankrupt team gave becomes a debt to the bank (engine's choice)."""
    state = game()
    lend(state, "Red", "Blue", 9_500)
    play(state, A.Roll("Red", die=3), A.DrawRisk("Red", card=MAJOR_BREAKDOWN))  # field 4
    red, blue = state.teams["Red"], state.teams["Blue"]
    assert red.bankrupt
    assert blue.bank_debt == 9_500 and not state.loans
    assert red.cash == 500 + 9_500 - 3_000  # nothing else is owed: the rest stays Red's
