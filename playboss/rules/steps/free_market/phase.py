"""The running bidding's data (``state.step["free_market"]``) and what it says: the units and
the lowest price on offer, the prices open to a competitor this round, the most units a team
may offer, and who still takes part.

Rulebook: "1. Step: Free Market for Sales" and its "Explanations" (the bidding rounds)."""

from __future__ import annotations

from typing import Any

from ...state import GameState, Team
from .constants import KEY, KIND, STEP_MARKS
from .stock import sellable


def phase_of(state: GameState) -> dict[str, Any] | None:
    """The running bidding's data, or None when no bidding is at the head of the turn."""
    if state.pending and state.pending[0].kind == KIND:
        data: dict[str, Any] | None = state.step.get(KEY)
        return data
    return None


def units_offered(data: dict[str, Any]) -> int:
    return sum(o["units"] for o in data["offers"].values())


def lowest_price(data: dict[str, Any]) -> int | None:
    prices = [o["price"] for o in data["offers"].values()]
    return min(prices) if prices else None


def allowed_prices(data: dict[str, Any], name: str) -> list[int]:
    """The price points open to competitor ``name`` in the current round, dearest first:
    the round's price and 500 below it; after round 1 also its own standing price."""
    point = data["point"]
    out = {point}
    if point - STEP_MARKS > 0:
        out.add(point - STEP_MARKS)
    standing = data["offers"].get(name)
    if standing is not None:
        out.add(standing["price"])
    return sorted(out, reverse=True)


def most_units(state: GameState, data: dict[str, Any], team: Team) -> int:
    """The most units ``team`` may offer now: its stock, and after round 1 no more than it
    offered before (an offer can only be withdrawn in part)."""
    have = sellable(state, team)
    standing = data["offers"].get(team.name)
    return have if standing is None else min(have, standing["units"])


def eligible(state: GameState, data: dict[str, Any], name: str) -> bool:
    team = state.teams[name]
    if name == data["seller"]:
        return sellable(state, team) >= 1
    return sellable(state, team) >= 1 and (data["round"] == 1 or name in data["offers"])
