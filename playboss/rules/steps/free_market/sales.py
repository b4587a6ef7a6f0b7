"""The sales the step makes: units into the highest open zones whatever their price, paid by
the bank; and the units the competition did not cover in round 1, sold to the first supplier
at the market price.

Rulebook: "1. Step: Free Market for Sales" ("Sold units go into the highest open zones")."""

from __future__ import annotations

from typing import Any

from ...goods import to_market
from ...money import move_cash
from ...red_field import sale_prices
from ...state import Team
from ...turn import ALL, Turn
from .market_state import room
from .phase import units_offered
from .stock import sellable


def sell_uncovered(turn: Turn, data: dict[str, Any]) -> None:
    """"If the competition offers a lower number of units than offered by the original seller
    at the very first price bidding round, then the first seller may sell the difference ...
    without competition – he gets the market price for those units.\""""
    state = turn.state
    covered = units_offered(data)
    uncovered = data["units"] - covered
    if uncovered <= 0:
        return
    data["units"] = covered
    seller = state.teams[data["seller"]]
    units = min(uncovered, sellable(state, seller), room(state))
    if units < 1:
        return
    if state.config.free_market_uncovered == "market_price":
        prices = [data["market_price"]] * units
    else:
        prices = sale_prices(state, seller, units, advertising=False)
    turn.emit("uncovered", ALL, team=seller.name, units=units, covered=covered,
              announced=data["announced_units"])
    _record(data, seller.name, units, prices, "uncovered")
    sell_units(turn, seller, units, prices, "uncovered")


def _record(data: dict[str, Any], name: str, units: int, prices: list[int], how: str) -> None:
    data["sold"].append({"team": name, "units": units, "revenue": sum(prices), "how": how})


def sell_units(turn: Turn, team: Team, units: int, prices: list[int], how: str) -> None:
    """``units`` into the highest open zones, whatever their price; the bank pays
    ``prices`` (one per unit)."""
    revenue = sum(prices)
    to_market(turn, team, "finished", units, "sale")
    move_cash(turn, None, team, revenue, "sale")
    team.sales_total += revenue
    turn.hook("sale", team, revenue)
    turn.emit("sell", ALL, team=team.name, units=units, revenue=revenue, prices=prices, how=how)
