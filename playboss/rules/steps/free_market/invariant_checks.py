"""The invariants of a running bidding: its data is there, it is the current team's sale, the
units and prices stay within the announcement, and its red decision waits behind it.

Rulebook: "1. Step: Free Market for Sales"."""

from __future__ import annotations

from ...state import GameState
from .constants import KEY, KIND


def problems(state: GameState) -> list[str]:
    head = state.pending[0] if state.pending else None
    if head is None or head.kind != KIND:
        return []
    data = state.step.get(KEY)
    if data is None:
        return ["a bidding is pending without its data"]
    out = []
    if data["seller"] != state.current:
        out.append(f"bidding on {data['seller']}'s sale during {state.current}'s turn")
    if not 0 <= data["units"] <= data["announced_units"]:
        out.append(f"bidding for {data['units']} of {data['announced_units']} units")
    for name, offer in data["offers"].items():
        if name == data["seller"] or offer["units"] < 1:
            out.append(f"bad offer of {name}: {offer}")
        if not 0 < offer["price"] <= data["announced_price"]:
            out.append(f"{name} offers at {offer['price']}, outside 1..announced price")
    if data["seller_price"] > data["announced_price"]:
        out.append("the first supplier's price rose")
    if not any(p.kind == "red" for p in state.pending[1:]):
        out.append("the bidding's red decision is missing")
    return out
