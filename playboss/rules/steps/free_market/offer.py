"""The first supplier's offer: on a red field a sale becomes an offer of N units at a price no
higher than the market price, which opens the bidding; with an advertising campaign it cannot
be underbid and goes through at once at the advertising price.

Rulebook: "1. Step: Free Market for Sales", "Advertising Campaigns (2 WEBs)"."""

from __future__ import annotations

from typing import Any

from ... import actions as A
from ... import advertising
from ... import engine as E
from ...errors import RuleViolation, marks
from ...market import open_dimples
from ...red_field import _decided, sale_prices
from ...state import Pending, Team
from . import asking_price
from .actions import OfferSale
from .checks import _check_offer_price, _whole
from .constants import ADVERTISING_RULE, KEY, KIND, RULE, STEP
from .market_state import _current_market_price
from .rounds import _progress
from .sales import _sell_units
from .stock import sellable
from .wording import _units

# Taken on import, before ``registration`` puts ``_sell`` in its place.
_base_sell = E.HANDLERS[A.Sell]


def _sell(turn: E.Turn, action: A.Sell) -> None:
    state = turn.state
    if STEP not in state.config.steps:
        return _base_sell(turn, action)
    price = _current_market_price(state)
    at_most = f" (at most the market price, {marks(price)} Marks)" if price else ""
    raise RuleViolation("With the free market a sale is an offer: send offer_sale with the "
                        f"units and your price{at_most}.", RULE,
                        code="sell_is_offer" if price else "sell_is_offer_no_price",
                        params={"market_price": price} if price else {})


def _offer_sale(turn: E.Turn, action: OfferSale) -> None:
    state = turn.state
    if STEP not in state.config.steps:
        raise RuleViolation("This game does not play the free market (step 1): sell with "
                            "'sell'.", RULE, code="free_market_off")
    team = E._require_turn(turn, action, "red", "Selling", RULE)
    units = _whole(action.units, "number of units", code="units_whole_number")
    price = _whole(action.price, "price", code="price_whole_number")
    E._need_units(units, "unit to sell", RULE, code="no_units_to_sell")
    have = sellable(state, team)
    if units > have:
        raise RuleViolation(f"You have {have} finished units to sell, not {units}.", RULE,
                            code="not_enough_finished", params={"have": have, "units": units})
    room = open_dimples(state.market, state.config.zone_capacity)
    if units > room:
        raise RuleViolation(f"The market has room for {room} units only.", RULE,
                            code="market_room", params={"room": room, "units": units})
    if advertising.applies(team):
        if price:
            raise RuleViolation("Your advertising campaign sells at the advertising price and "
                                "cannot be underbid: send the offer without a price.",
                                ADVERTISING_RULE, code="advertising_offer_price")
        _advertised_sale(turn, team, units)
        return
    market = _current_market_price(state)
    assert market is not None  # there is room, so a zone has an empty dimple
    _check_offer_price(price, market, any_price=asking_price.any_price(state.config))
    _open_bidding(turn, team, units, price, market)


def _advertised_sale(turn: E.Turn, team: Team, units: int) -> None:
    """"Insofar as you have agreed to free trade, no one can underbid you": the sale goes
    through at once, each unit at the next higher price (at most 5,000)."""
    prices = sale_prices(turn.state, team, units, advertising=True)
    _decided(turn, team)  # the red decision is made; the campaign is spent on it
    _sell_units(turn, team, units, prices, "advertising")


def _open_bidding(turn: E.Turn, team: Team, units: int, price: int, market: int) -> None:
    state = turn.state
    data: dict[str, Any] = {
        "seller": team.name,
        "announced_units": units,
        "announced_price": price,
        "market_price": market,
        "units": units,  # the units the contest sells (less those uncovered in round 1)
        "seller_price": price,
        "seller_in": True,
        "round": 1,
        "stage": "competitors",
        "point": price,
        "offers": {},
        "withdrawn": [],
        "waiting": [],
        "round_start": {},
        "sold": [],
    }
    state.step[KEY] = data
    # The bidding goes in front of the red decision, which is completed when it ends.
    state.pending.insert(0, Pending(KIND, units, "free market",
                                    f"{team.name} offers {units} at {marks(price)}"))
    turn.emit("offer_sale", f"{team.name} offers {_units(units)} at {marks(price)} Marks each "
              f"(market price {marks(market)}). Teams with finished product may underbid.",
              team=team.name, units=units, price=price, market_price=market)
    data["waiting"] = [n for n, t in state.teams.items()
                       if n != team.name and not t.bankrupt and sellable(state, t) >= 1]
    _progress(turn)
