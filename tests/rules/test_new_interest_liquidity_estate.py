"""Interest, liquidity and a bankrupt team's lot, played through the public surface.

Each test here catches one mutant of ``bench/mutants.py`` that no test caught before
(issue 14): interest rounded down instead of up, liquidity without finished product, a lot
valued without its computer. The positions are built with moves only (``public_play``), so
they hold however the engine's modules are arranged.
"""

from __future__ import annotations

from typing import Any

import pytest

from playboss.rules import GameState, RuleViolation, legal_actions
from playboss.rules.cli import final_state

from .public_play import (
    TAX_AUDIT,
    cross_start,
    do,
    land_on,
    legal_types,
    red_turn,
    start,
    waiting,
)

#: Risk card 5 (playboss/rules/risk_deck.json): pay 2,000, insured.
ACCIDENT_AT_WORK = 5


def _paid(events: list[dict[str, Any]], reason: str) -> list[int]:
    return [e["amount"] for e in events if e["type"] == "paid" and e["reason"] == reason]


def _interest_on(debt: int) -> list[int]:
    """Red owes the bank ``debt`` (a machine on 5,000 credit, the rest repaid) and crosses
    the start; the interest it pays there."""
    state = start()
    red_turn(state, "Red", "invest", credit=5_000)
    do(state, "Red", "repay_credit", amount=5_000 - debt)
    return _paid(cross_start(state, "Red"), "interest")


def test_interest_is_rounded_up_to_a_whole_mark() -> None:
    """Rulebook I, "Lines of Credit": 10 percent of the outstanding debt at each crossing of the
    start - of 3,766 Marks that is 376.6, rounded up to 377 (docs/rules.md, "Interest")."""
    assert _interest_on(3_766) == [377]


def test_half_a_mark_of_interest_is_a_whole_mark() -> None:
    """Rulebook I, "Lines of Credit": a debt of 5 Marks owes 0.5 Marks interest: rounded up,
    1 Mark (rounded down nothing would be owed, yet the debt was outstanding)."""
    assert _interest_on(5) == [1]


def test_a_whole_number_of_interest_is_not_rounded() -> None:
    """Rulebook I, "Lines of Credit": 10 % of 3,770 Marks is exactly 377: nothing to round."""
    assert _interest_on(3_770) == [377]


def _red_with_goods_only(cash: int) -> GameState:
    """Red holds 1 raw unit, 1 finished unit, ``cash`` Marks and no bank debt: no machine
    (sold back after producing; its price repaid the 5,000 it secured, ``collateral``), so no
    credit is open."""
    state = start()
    red_turn(state, "Red", "invest", credit=5_000)
    red_turn(state, "Red", "purchase", units=2)
    red_turn(state, "Red", "produce", units=1)
    do(state, "Red", "sell_back", item="machine")
    red = state.teams["Red"]
    do(state, "bank", "correction", team="Red", amount=cash - red.cash, reason="the test")
    assert (red.raw, red.finished, red.machines, red.bank_debt) == (1, 1, [], 0)
    return state


def test_finished_product_counts_before_bankruptcy() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": bankrupt only when the
    assets do not cover what is due - 1,000 due against 300 cash, raw 150 and a finished unit
    the bank buys for 1,500: the turn waits while Red sells its product."""
    state = _red_with_goods_only(cash=300)
    land_on(state, "Red", "B")
    do(state, "Red", "draw_risk", card=TAX_AUDIT)
    red = state.teams["Red"]
    assert not red.bankrupt
    assert waiting(state) == "pay"
    events = do(state, "Red", "sell_back", item="finished")
    assert _paid(events, "risk") == [1_000]
    assert red.cash == 300 + 1_500 - 1_000 and not red.bankrupt


def test_a_payment_beyond_cash_goods_and_credit_is_bankruptcy() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the control of the test
    above - with no cash, 2,000 due is more than 150 + 1,500 for the goods: bankrupt."""
    state = _red_with_goods_only(cash=0)
    land_on(state, "Red", "B")
    events = do(state, "Red", "draw_risk", card=ACCIDENT_AT_WORK)  # uninsured: no WEB chip
    assert [e["amount"] for e in events if e["type"] == "bankrupt"] == [2_000]


def _deal_number(events: list[dict[str, Any]]) -> int:
    return int(next(e["deal"] for e in events if e["type"] == "deal_offered"))


def _bankrupt_with_a_computer(**settings: Any) -> tuple[GameState, list[dict[str, Any]]]:
    """Step 4: Red earns 40,000 (a correction), buys a computer for 20,000 and lends 38,000 to
    Blue; at the start the tax of 27,000 is more than it can raise (2,000 cash, 10,000 open
    credit, 10,000 for the computer; the loan it gave does not count): bankrupt."""
    state = start(steps=frozenset({4}), **settings)
    do(state, "bank", "correction", team="Red", amount=40_000, reason="a windfall")
    do(state, "Red", "buy_computer")
    events = do(state, "Red", "propose_deal", partner="Blue", give={"loan": 38_000})
    do(state, "Blue", "accept_deal", deal=_deal_number(events))
    events = cross_start(state, "Red")
    assert [e["amount"] for e in events if e["type"] == "bankrupt"] == [27_000]
    return state, events


def test_the_bank_buys_a_bankrupt_team_s_computer_with_its_lot() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the bank auctions all
    the assets, the computer too (10,000, its repurchase value): with its cash (2,000) and the
    claim on Blue (38,000) that pays the tax of 27,000 and leaves Red 23,000."""
    state, _ = _bankrupt_with_a_computer()
    red = final_state(state)["teams"]["Red"]
    assert red["bankrupt"] and red["computers"] == {"owned": 0, "leased": 0}
    assert red["cash"] == 2_000 + 10_000 + 38_000 - 27_000
    assert state.teams["Blue"].bank_debt == 38_000  # the bank took the claim over


def test_the_estate_auction_opens_at_the_value_of_the_computer() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": with teams bidding
    (``bankruptcy_auction = "teams"``) the bank's own price for the lot includes the computer."""
    _, events = _bankrupt_with_a_computer(bankruptcy_auction="teams")
    auction = next(e for e in events if e["type"] == "estate_auction")
    assert auction["computers"] == 1 and auction["value"] == 10_000


def test_a_team_that_buys_the_lot_gets_its_computer() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": "the bank will then
    auction off all of your assets" - Blue, the only bidder, is offered the lot above the
    bank's 10,000, bids 10,100 and takes the computer; Red's creditors get the 100 more."""
    state, _ = _bankrupt_with_a_computer(bankruptcy_auction="teams")
    offered = {int(a.to_dict()["price"]) for a in legal_actions(state, "Blue")
               if a.type == "estate_bid"}
    assert 10_100 in offered and all(p > 10_000 for p in offered)
    assert "estate_pass" in legal_types(state, "Blue")
    events = do(state, "Blue", "estate_bid", price=10_100)
    assert any(e["type"] == "estate_sold" for e in events)
    teams = final_state(state)["teams"]
    assert teams["Blue"]["computers"] == {"owned": 1, "leased": 0}
    assert teams["Red"]["computers"] == {"owned": 0, "leased": 0}
    assert teams["Red"]["cash"] == 2_000 + 10_100 + 38_000 - 27_000


def test_a_team_with_a_computer_cannot_bid_for_a_lot_with_one() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": a factory has one
    computer slot ("Computer Leasing (2 WEBs)"), so a team that has a computer is not offered,
    and may not buy, a lot holding another; it may pass."""
    state, _ = _bankrupt_with_a_computer(bankruptcy_auction="teams")
    do(state, "Blue", "buy_computer")
    assert legal_types(state, "Blue") >= {"estate_pass"}
    assert "estate_bid" not in legal_types(state, "Blue")
    with pytest.raises(RuleViolation, match="one already"):
        do(state, "Blue", "estate_bid", price=10_100)
    do(state, "Blue", "estate_pass")
    assert final_state(state)["teams"]["Red"]["cash"] == 2_000 + 10_000 + 38_000 - 27_000
