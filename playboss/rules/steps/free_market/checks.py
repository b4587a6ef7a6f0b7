"""The checks on an offer and a bid: whole numbers, the announced price (at most the market
price, in 500-Mark steps below it), a bid's units (no more than held, nor than offered before)
and its price (the round's price point or one step below it, or the team's standing price).

Rulebook: "1. Step: Free Market for Sales" ("You can only underbid in price in decrements of
500 Marks")."""

from __future__ import annotations

from typing import Any

from ...errors import RuleViolation, marks
from ...state import GameState, Team
from .constants import RULE, STEP_MARKS
from .market_state import offer_prices
from .phase import allowed_prices
from .stock import sellable
from .wording import prices_text


def whole_number(value: Any, name: str, *, code: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleViolation(f"The {name} must be a whole number.", "game log", code=code)
    return value


def check_offer_price(price: int, market: int, *, any_price: bool = False) -> None:
    """``any_price``: the literal reading (``asking_price``), any price up to the market's."""
    if price <= 0:
        raise RuleViolation("Announce a price per unit above 0 Marks.", RULE,
                            code="offer_price_positive", params={"price": price})
    if price > market:
        raise RuleViolation(f"The price may not be higher than the market price, "
                            f"{marks(market)} Marks; you asked {marks(price)}.", RULE,
                            code="offer_price_above_market",
                            params={"market_price": market, "price": price})
    if not any_price and (market - price) % STEP_MARKS:
        raise RuleViolation(f"Prices go in 500-Mark steps below the market price of "
                            f"{marks(market)}: {prices_text(offer_prices(market)[:3])} ...; "
                            f"not {marks(price)}.", RULE, code="offer_price_step",
                            params={"step": STEP_MARKS, "market_price": market,
                                    "prices": offer_prices(market)[:3], "price": price})


def check_bid_units(state: GameState, data: dict[str, Any], team: Team, units: int) -> None:
    have = sellable(state, team)
    if units > have:
        raise RuleViolation(f"You have {have} finished units, not {units}.", RULE,
                            code="not_enough_finished", params={"have": have, "units": units})
    standing = data["offers"].get(team.name)
    if standing is not None and units > standing["units"]:
        raise RuleViolation(f"You offered {standing['units']} units; you may offer fewer "
                            f"(withdraw in part) but not more.", RULE, code="bid_more_units",
                            params={"offered": standing["units"], "units": units})


def check_bid_price(data: dict[str, Any], name: str, price: int) -> None:
    allowed = allowed_prices(data, name)
    if price in allowed:
        return
    point = data["point"]
    if (point - price) % STEP_MARKS:
        raise RuleViolation(f"Underbid in steps of 500 Marks: {prices_text(allowed)}, not "
                            f"{marks(price)}.", RULE, code="bid_price_step",
                            params={"step": STEP_MARKS, "prices": allowed, "price": price})
    if price > max(allowed):
        raise RuleViolation(f"{marks(price)} Marks is above the current price point of "
                            f"{marks(point)}: offer {prices_text(allowed)}.", RULE,
                            code="bid_above_point",
                            params={"price": price, "point": point, "prices": allowed})
    if point - STEP_MARKS <= 0:
        raise RuleViolation(f"The price cannot go below {marks(point)} Marks.", RULE,
                            code="bid_price_floor", params={"point": point})
    raise RuleViolation(f"One step of 500 Marks per round: offer {prices_text(allowed)}, "
                        f"not {marks(price)}.", RULE, code="bid_one_step",
                        params={"step": STEP_MARKS, "prices": allowed, "price": price})
