"""Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": "The bank will then
auction off all of your assets" — the teams may bid against the bank's own price."""

from __future__ import annotations

from playboss.rules import legal_actions, waiting_for
from playboss.rules.bankruptcy import CloseEstate, EstateBid, EstatePass

from .helpers import bankrupt_red, play, refused


def _auction() -> tuple:  # type: ignore[type-arg]
    return bankrupt_red(bankruptcy_auction="teams")


def test_the_assets_go_to_auction_and_the_highest_bidder_buys_them() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the bank auctions
    the assets; the cash belongs first to the bank, then to the private lenders."""
    state, events = _auction()
    red, blue, green, yellow = (state.teams[n] for n in ("Red", "Blue", "Green", "Yellow"))
    assert red.bankrupt and state.pending[0].kind == "estate"
    lot = next(e for e in events if e["type"] == "estate_auction")
    assert lot["value"] == 10 * 150 + 5_000  # 10 raw and the machine called back from Blue
    assert waiting_for(state) == ["Blue", "Green", "Yellow"]
    play(state, EstateBid("Blue", price=7_000), EstatePass("Green"))
    assert waiting_for(state) == ["Yellow"]
    play(state, EstatePass("Yellow"))
    # 250 cash + 7,000 + the 5,000 claim on Green: 3,000 due, 5,000 bank debt, 4,000 to the
    # two private lenders in full; 250 stays with Red.
    assert blue.raw == 10 and blue.machines == [1] and state.machines[1].owner == "Blue"
    assert blue.cash == 10_000 - 2_000 + 2_000 - 7_000
    assert yellow.cash == 10_000
    assert red.cash == 250 and red.raw == 0 and red.bank_debt == 0 and not state.loans
    assert green.bank_debt == 5_000
    assert "estate" not in state.step and state.current == "Blue"


def test_without_a_bid_the_bank_takes_the_assets_at_its_price() -> None:
    """Rulebook I, "Repurchase Value": the bank pays 150 a raw unit and 5,000 a machine."""
    state, _ = _auction()
    play(state, EstatePass("Blue"), EstatePass("Green"), EstatePass("Yellow"))
    red = state.teams["Red"]
    assert state.machines == {} and red.raw == 0
    assert state.teams["Blue"].cash == 10_000 - 2_000 + 1_875  # as in the bank's sale


def test_the_bank_closes_the_auction_at_its_deadline() -> None:
    """Rulebook I, "Choose a Bank Director": the bank runs the auction."""
    state, _ = _auction()
    play(state, EstateBid("Green", price=6_600))
    assert CloseEstate("bank") in legal_actions(state, "bank")
    play(state, CloseEstate("bank"))
    assert state.teams["Green"].machines == [1] and state.teams["Green"].raw == 10


def test_refused_bids_change_nothing() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": a bid must beat the
    bank's price and the highest bid, and be paid in cash."""
    state, _ = _auction()
    refused(state, EstateBid("Blue", price=6_500), "Bid more than 6,500")
    refused(state, EstateBid("Blue", price=90_000), "you cannot bid 90,000")
    refused(state, EstateBid("Red", price=7_000), "Red is bankrupt")
    play(state, EstateBid("Blue", price=7_000))
    refused(state, EstateBid("Blue", price=7_500), "highest bid already")
    refused(state, EstateBid("Green", price=7_000), "Bid more than 7,000")
    play(state, EstatePass("Green"))
    refused(state, EstatePass("Green"), "passed already")
    refused(state, CloseEstate("Blue"), "Only the bank director")


def test_a_new_bid_asks_the_others_again() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": an auction goes on
    while someone may still bid more."""
    state, _ = _auction()
    play(state, EstatePass("Green"), EstatePass("Yellow"))
    assert waiting_for(state) == ["Blue"]
    play(state, EstateBid("Blue", price=6_600))
    assert waiting_for(state) == ["Green", "Yellow"]
    play(state, EstatePass("Green"), EstatePass("Yellow"))
    assert "estate" not in state.step and state.teams["Blue"].raw == 10
