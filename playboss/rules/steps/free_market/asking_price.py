"""The first supplier's asking price (setting ``free_market_asking_price``).

Rulebook II, "1. Step: Free Market for Sales": "This price may NOT be higher than the currently
set market price, but it may be lower." The 500-Mark steps are the underbidding's ("You can only
underbid in price in decrements of 500 Marks"). With ``"any"`` (the literal reading) any whole
Mark from 1 up to the market price may be announced; with ``"steps"`` (the engine's earlier
reading) only the market price and 500-Mark steps below it.

Listing every Mark would make thousands of choices per decision, so the legal choices offer a
bounded set under ``"any"``: the market price and every price on a 100-Mark grid below it, down
to ``OFFER_SPAN`` under the market price (at most 21 prices). Any other price up to the market
price is accepted all the same, as open-ended moves are (a deal's terms).
"""

from __future__ import annotations

from ...config import GameConfig
from .constants import OFFER_SPAN
from .market_state import offer_prices

#: The grid of the listed asking prices under the literal reading.
LISTED_GRID = 100


def any_price(config: GameConfig) -> bool:
    return config.free_market_asking_price == "any"


def listed_offer_prices(config: GameConfig, market: int) -> list[int]:
    """The asking prices the legal choices offer, dearest first."""
    floor = market - OFFER_SPAN
    if not any_price(config):
        return [p for p in offer_prices(market) if p >= floor]
    top = market - market % LISTED_GRID  # the dearest grid price ...
    if top == market:
        top -= LISTED_GRID  # ... below the market price, which is listed first
    return [market, *range(top, max(floor, 1) - 1, -LISTED_GRID)]
