"""The market as the free market sees it: the market price (ten times the dearest zone with an
empty dimple), the prices a first supplier may announce below it, and the room left.

Rulebook: "1. Step: Free Market for Sales" ("no higher than the market price")."""

from __future__ import annotations

from ...market import market_price, open_dimples
from ...state import GameState
from .constants import STEP_MARKS


def current_market_price(state: GameState) -> int | None:
    config = state.config
    return market_price(state.market, config.zone_capacity, config.zone_prices)


def offer_prices(market: int) -> list[int]:
    """Prices a first supplier may announce: the market price and 500-Mark steps below it."""
    return list(range(market, 0, -STEP_MARKS))


def room(state: GameState) -> int:
    return open_dimples(state.market, state.config.zone_capacity)
