"""The end of the bidding: the red decision is complete and the sales go through; when more
units are on offer than sought, the lowest offers sell first and a tie at the margin is broken
by a recorded draw.

Rulebook: "1. Step: Free Market for Sales" and its "Explanations"."""

from __future__ import annotations

from typing import Any

from ...turn import ALL, Turn
from .constants import ALL_UNCOVERED, KEY, KIND
from .market_state import room
from .sales import sell_units
from .stock import sellable


def competitor_sales(data: dict[str, Any]) -> list[tuple[str, int, int]]:
    return [(n, o["units"], o["price"])
            for n, o in sorted(data["offers"].items(), key=lambda item: item[1]["price"])]


def finish_by_rank(turn: Turn, data: dict[str, Any], why: str) -> None:
    """More units are on offer than sought and the bidding must end: the lowest offers sell
    first; where offers at the same price do not all fit, chance decides their order."""
    state = turn.state
    if data["seller_in"]:
        data["seller_in"] = False
        turn.emit("withdraw_bid", ALL, team=data["seller"], seller=True, why="not_matched",
                  price=data["seller_price"])
    left = data["units"]
    sales: list[tuple[str, int, int]] = []
    by_price: dict[int, list[str]] = {}
    for name in state.teams:
        if name in data["offers"]:
            by_price.setdefault(data["offers"][name]["price"], []).append(name)
    draws = 0
    for price in sorted(by_price):
        tied = by_price[price]
        if sum(data["offers"][n]["units"] for n in tied) > left and len(tied) > 1:
            order = []
            while tied:
                order.append(tied.pop(_draw_index(turn, f"free_market_tie_{draws}",
                                                  len(tied))))
                draws += 1
            turn.emit("bidding_tie", ALL, price=price, order=order)
            tied = order
        for name in tied:
            units = min(data["offers"][name]["units"], left)
            if units:
                sales.append((name, units, price))
                left -= units
    finish(turn, data, sales, why)


def _draw_index(turn: Turn, name: str, n: int) -> int:
    """A recorded draw of one of ``n`` places (a replayed outcome is kept in range)."""
    return turn.draw(name, lambda: turn.state.rng.below(n)) % n


#: Why a bidding ends (the ``why`` of ``_finish``), in a word for the event's ``ended``.
_ENDED = {
    ALL_UNCOVERED: "all_uncovered",
    "the competition does not go lower": "not_lower",
    "the round limit is reached": "round_limit",
    "only the units sought are on offer": "units_sought",
    "a round changed nothing": "no_change",
}


def finish(turn: Turn, data: dict[str, Any], sales: list[tuple[str, int, int]],
            why: str) -> None:
    """The bidding ends: the red decision is complete, the sales go through."""
    state = turn.state
    # A sale's hook may have put a payment in front: remove the items by their kind.
    for kind in (KIND, "red"):  # the bidding, then the first supplier's decision
        for i, item in enumerate(state.pending):
            if item.kind == kind:
                del state.pending[i]
                break
    del state.step[KEY]
    turn.emit("bidding_end", ALL, ended=_ENDED.get(why, ""),
              sales=[{"team": n, "units": u, "price": p} for n, u, p in sales])
    for name, units, price in sales:
        team = state.teams[name]
        count = min(units, sellable(state, team), room(state))
        if count >= 1:
            sell_units(turn, team, count, [price] * count,
                        "first supplier" if name == data["seller"] else "underbid")
