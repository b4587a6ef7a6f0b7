"""The sales the step makes: units into the highest open zones whatever their price, paid by
the bank; and the units the competition did not cover in round 1, sold to the first supplier
at the market price.

Rulebook: "1. Step: Free Market for Sales" ("Sold units go into the highest open zones")."""

from __future__ import annotations

from typing import Any

from ... import engine as E
from ...errors import marks
from ...goods import _to_market
from ...money import _cash
from ...red_field import sale_prices
from ...state import Team
from .market_state import _room
from .phase import _total
from .stock import sellable
from .wording import _units


def _sell_uncovered(turn: E.Turn, data: dict[str, Any]) -> None:
    """"If the competition offers a lower number of units than offered by the original seller
    at the very first price bidding round, then the first seller may sell the difference ...
    without competition – he gets the market price for those units.\""""
    state = turn.state
    covered = _total(data)
    uncovered = data["units"] - covered
    if uncovered <= 0:
        return
    data["units"] = covered
    seller = state.teams[data["seller"]]
    units = min(uncovered, sellable(state, seller), _room(state))
    if units < 1:
        return
    if state.config.free_market_uncovered == "market_price":
        prices = [data["market_price"]] * units
    else:
        prices = sale_prices(state, seller, units, advertising=False)
    turn.emit("uncovered", f"The competition offers {covered} of the "
              f"{data['announced_units']} units: {seller.name} sells {_units(units)} without "
              "competition at the market price.", team=seller.name, units=units,
              covered=covered, announced=data["announced_units"])
    _record(data, seller.name, units, prices, "uncovered")
    _sell_units(turn, seller, units, prices, "uncovered")


def _record(data: dict[str, Any], name: str, units: int, prices: list[int], how: str) -> None:
    data["sold"].append({"team": name, "units": units, "revenue": sum(prices), "how": how})


def _sell_units(turn: E.Turn, team: Team, units: int, prices: list[int], how: str) -> None:
    """``units`` into the highest open zones, whatever their price; the bank pays
    ``prices`` (one per unit)."""
    revenue = sum(prices)
    _to_market(turn, team, "finished", units, "sale")
    _cash(turn, None, team, revenue, "sale")
    team.sales_total += revenue
    E._hook("sale", turn, team, revenue)
    each = (f"{marks(prices[0])} Marks each" if len(set(prices)) == 1
            else f"{marks(revenue)} Marks")
    label = {"advertising": " (advertising)", "uncovered": " (not covered by the competition)"
             }.get(how, "")
    turn.emit("sell", f"{team.name} sells {_units(units)} at {each}{label}.", team=team.name,
              units=units, revenue=revenue, prices=prices, how=how)
