"""The view of the running bidding, the same for every viewer: the bidding happens out loud.

Rulebook: "1. Step: Free Market for Sales"."""

from __future__ import annotations

from typing import Any

from ...state import GameState
from .choices import waiting
from .constants import KEY, STEP
from .phase import allowed_prices, phase_of, units_offered


def view(state: GameState, viewer: str) -> dict[str, Any]:
    if STEP not in state.config.steps:
        return {}
    data = phase_of(state)
    if data is None:
        return {KEY: None}
    offers = [{"team": n, **data["offers"][n]} for n in state.teams if n in data["offers"]]
    return {KEY: {
        "seller": data["seller"],
        "announced_units": data["announced_units"],
        "announced_price": data["announced_price"],
        "market_price": data["market_price"],
        "units_sought": data["units"],
        "seller_price": data["seller_price"],
        "seller_in": data["seller_in"],
        "round": data["round"],
        "round_limit": state.config.free_market_round_limit,
        "stage": data["stage"],
        "price_point": data["point"],
        "prices_open": allowed_prices(data, ""),
        "offers": offers,
        "units_on_offer": units_offered(data),
        "withdrawn": list(data["withdrawn"]),
        "waiting": waiting(state),
        "sold": list(data["sold"]),
    }}
