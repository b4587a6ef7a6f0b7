"""The first supplier's offer: on a red field a sale becomes an offer of N units at a price no
higher than the market price, which opens the bidding; with an advertising campaign it cannot
be underbid and goes through at once at the advertising price.

Rulebook: "1. Step: Free Market for Sales", "Advertising Campaigns (2 WEBs)"."""

from __future__ import annotations

from typing import Any, NoReturn

from ... import advertising
from ...actions import Action, Sell
from ...errors import RuleViolation, marks
from ...market import open_dimples
from ...red_field import decided, sale_prices
from ...ruleset import Check, Handler
from ...state import GameState, Pending, Team
from ...turn import ALL, Turn
from ...turn_checks import check_turn, need_units
from . import asking_price
from .actions import OfferSale
from .checks import check_offer_price, whole_number
from .constants import ADVERTISING_RULE, KEY, KIND, RULE, STEP
from .market_state import current_market_price
from .rounds import progress
from .sales import sell_units
from .stock import sellable


def _refuse_sale(state: GameState) -> NoReturn:
    """With the free market a sale is an offer."""
    price = current_market_price(state)
    at_most = f" (at most the market price, {marks(price)} Marks)" if price else ""
    raise RuleViolation("With the free market a sale is an offer: send offer_sale with the "
                        f"units and your price{at_most}.", RULE,
                        code="sell_is_offer" if price else "sell_is_offer_no_price",
                        params={"market_price": price} if price else {})


def check_sell(state: GameState, action: Sell, base: Check) -> Any:
    """The check of ``sell`` with the free market (``PART.check_wraps``)."""
    if STEP not in state.config.steps:
        return base(state, action)
    _refuse_sale(state)


def sell(turn: Turn, action: Sell, base: Handler) -> None:
    """Wraps the base model's ``sell`` (``PART.wraps``): with the free market a sale is an
    offer."""
    state = turn.state
    if STEP not in state.config.steps:
        return base(turn, action)
    _refuse_sale(state)


def check_offer_sale(state: GameState, action: OfferSale) -> Team:
    """The conditions of an offer (its handler's, and ``why.why_not``'s)."""
    if STEP not in state.config.steps:
        raise RuleViolation("This game does not play the free market (step 1): sell with "
                            "'sell'.", RULE, code="free_market_off")
    team = check_turn(state, action, "red", "Selling", RULE)
    units = whole_number(action.units, "number of units", code="units_whole_number")
    price = whole_number(action.price, "price", code="price_whole_number")
    need_units(units, "unit to sell", RULE, code="no_units_to_sell")
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
        return team
    market = current_market_price(state)
    assert market is not None  # there is room, so a zone has an empty dimple
    check_offer_price(price, market, any_price=asking_price.any_price(state.config))
    return team


def offer_sale(turn: Turn, action: OfferSale) -> None:
    state = turn.state
    team = check_offer_sale(state, action)
    if advertising.applies(team):
        _advertised_sale(turn, team, action.units)
        return
    market = current_market_price(state)
    assert market is not None  # there is room, so a zone has an empty dimple
    _open_bidding(turn, team, action.units, action.price, market)


def offer_moves(state: GameState, team: Team, moves: list[Action]) -> list[Action]:
    """On a red field the sale is an offer: of one unit at the market price (at none with an
    advertising campaign) (``PART.nearest_moves``)."""
    if STEP not in state.config.steps:
        return moves
    out: list[Action] = []
    for move in moves:
        if isinstance(move, Sell):
            price = 0 if advertising.applies(team) else current_market_price(state) or 0
            move = OfferSale(team.name, units=1, price=price)
        out.append(move)
    return out


def _advertised_sale(turn: Turn, team: Team, units: int) -> None:
    """"Insofar as you have agreed to free trade, no one can underbid you": the sale goes
    through at once, each unit at the next higher price (at most 5,000)."""
    prices = sale_prices(turn.state, team, units, advertising=True)
    decided(turn, team)  # the red decision is made; the campaign is spent on it
    sell_units(turn, team, units, prices, "advertising")


def _open_bidding(turn: Turn, team: Team, units: int, price: int, market: int) -> None:
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
    turn.emit("offer_sale", ALL, team=team.name, units=units, price=price, market_price=market)
    data["waiting"] = [n for n, t in state.teams.items()
                       if n != team.name and not t.bankrupt and sellable(state, t) >= 1]
    progress(turn)
