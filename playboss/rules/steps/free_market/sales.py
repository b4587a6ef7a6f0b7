"""The sales the step makes: units into the highest open zones whatever their price, paid by
the bank; and the units the competition did not cover in round 1, sold to the first supplier
at the market price.

Rulebook: "1. Step: Free Market for Sales" ("Sold units go into the highest open zones")."""

from __future__ import annotations

from typing import Any

from ...errors import marks
from ...goods import to_market
from ...money import move_cash
from ...red_field import sale_prices
from ...state import Team
from ...turn import Turn
from .market_state import room
from .phase import units_offered
from .stock import sellable
from .wording import units_text


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
    turn.emit("uncovered", f"The competition offers {covered} of the "
              f"{data['announced_units']} units: {seller.name} sells {units_text(units)} without "
              "competition at the market price.", team=seller.name, units=units,
              covered=covered, announced=data["announced_units"])
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
    each = (f"{marks(prices[0])} Marks each" if len(set(prices)) == 1
            else f"{marks(revenue)} Marks")
    label = {"advertising": " (advertising)", "uncovered": " (not covered by the competition)"
             }.get(how, "")
    turn.emit("sell", f"{team.name} sells {units_text(units)} at {each}{label}.", team=team.name,
              units=units, revenue=revenue, prices=prices, how=how)
