"""The bank's closes name what the close will do, from the close's own quote (issue 19,
point 1): who buys the auction's lot at what price, who takes a bankrupt team's assets for
how much. In-process: the engine's state and the site's forms, no database.

Each figure is checked against what ``apply`` then does, so a label that names another price
or buyer than the engine's fails (``bench/mutants.py``: ``console_auction_total_is_price``,
``console_estate_buyer_is_bank``, ``console_auction_ignores_default``).
"""

from __future__ import annotations

from typing import Any

from django.utils.formats import number_format

from classroom.presenters import form_for
from playboss.rules import BANK, GameConfig, GameState, apply, legal_choices, new_game
from playboss.rules import actions as A
from playboss.rules.steps.auction import AuctionBid
from tests.rules import helpers

HALF = (0, 0, 0, 0, 5, 5, 5, 5)


def mk(value: int) -> str:
    return number_format(value, force_grouping=True)


def bank_form(state: GameState, kind: str) -> dict[str, Any]:
    (choice,) = [c for c in legal_choices(state, BANK) if c.cls.type == kind]
    return form_for(choice, state)


def auction() -> tuple[GameState, dict[str, Any]]:
    """Step 2: Red buys 2 units at the market price, the rest of the zone is auctioned."""
    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered",
                                years=None, steps=frozenset({2}), market_fill=HALF,
                                auction_step=100))
    apply(state, A.Roll("Red", die=2))
    apply(state, A.Purchase("Red", units=2))
    assert state.pending[0].kind == "auction"
    return state, dict(state.step["auction"])


def test_closing_the_auction_names_the_buyer_and_the_lots_price() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": the highest bid buys the lot;
    the close's label names the buyer, the price a unit and the lot's total that ``apply``
    then books."""
    state, lot = auction()
    price = lot["opening"] + 300
    apply(state, AuctionBid("Blue", price=price))
    label = bank_form(state, "close_auction")["label"]
    units = int(lot["units"])
    assert label == (f"Close the auction: Blue buys {units} units at {mk(price)} Marks a "
                     f"unit ({mk(price * units)} Marks)")
    cash = state.teams["Blue"].cash
    apply(state, _close(state))
    assert cash - state.teams["Blue"].cash == price * units


def _close(state: GameState, kind: str = "close_auction") -> Any:
    (choice,) = [c for c in legal_choices(state, BANK) if c.cls.type == kind]
    return choice.cls(BANK, **choice.fixed)


def test_closing_the_auction_passes_over_a_bidder_who_can_no_longer_pay() -> None:
    """Rulebook II, "2. Step": a highest bidder whose cash no longer pays for the lot is
    passed over and the next highest bid counts, as the close itself does."""
    state, lot = auction()
    units = int(lot["units"])
    low, high = lot["opening"] + 100, lot["opening"] + 200
    apply(state, AuctionBid("Blue", price=low))
    apply(state, AuctionBid("Red", price=high))
    state.teams["Red"].cash = high * units - 1  # test set-up: Red can no longer pay
    label = bank_form(state, "close_auction")["label"]
    assert label.startswith(f"Close the auction: Blue buys {units} units at {mk(low)} "), label
    apply(state, _close(state))
    assert state.teams["Blue"].raw == units


def test_closing_an_auction_nobody_bid_in_leaves_the_lot_on_the_board() -> None:
    """Rulebook II, "2. Step": no bid above the opening price, the lot stays on the board."""
    state, lot = auction()
    label = bank_form(state, "close_auction")["label"]
    assert label == (f"Close the auction: nobody bid, the {lot['units']} units stay on "
                     "the board")
    raw = state.teams["Red"].raw, state.teams["Blue"].raw
    apply(state, _close(state))
    assert (state.teams["Red"].raw, state.teams["Blue"].raw) == raw


def test_closing_the_estate_auction_names_the_buyer_and_the_price() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the bank auctions a
    bankrupt team's assets; the highest bid buys them all, else the bank takes them at its
    price."""
    state, _ = helpers.bankrupt_red(bankruptcy_auction="teams")
    value = int(state.step["estate"]["value"])
    bank_takes = bank_form(state, "close_estate")["label"]
    assert bank_takes == f"Close the auction: the bank takes Red's assets for {mk(value)} Marks"
    apply(state, _estate_bid(state, "Blue", value + 100))
    sold = bank_form(state, "close_estate")["label"]
    assert sold == f"Close the auction: Blue buys Red's assets for {mk(value + 100)} Marks"
    sold_events = [e for e in apply(state, _close(state, "close_estate"))
                   if e["type"] == "estate_sold"]
    assert [(e["team"], e["price"]) for e in sold_events] == [("Blue", value + 100)]


def _estate_bid(state: GameState, team: str, price: int) -> Any:
    (choice,) = [c for c in legal_choices(state, team) if c.cls.type == "estate_bid"]
    return choice.cls(team, **choice.fixed, price=price)
