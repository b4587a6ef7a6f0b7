"""The red decision field (rulebook I: "Decision: Purchasing", "Investment", "Producing",
"Selling", "Do Nothing").

On a red field the team makes one decision. Also here: what its machines can make now, what
production costs, and what the market pays for finished product — the yellow field and several
steps ask the same.
"""

from __future__ import annotations

from . import advertising
from .actions import Invest, Pass, Produce, Purchase, Sell
from .constants import (
    ADVERTISING_CAP,
    COMPUTER_PRODUCTION_COST,
    MACHINE_CREDIT,
    MACHINE_PRICE,
    PRODUCTION_COST,
)
from .errors import RuleViolation, marks, units_of
from .goods import give_machine, to_market
from .market import open_dimples, placement_zones, purchase_zones
from .money import borrow, check_credit_amount, credit_available, move_cash, require_cash
from .state import MARKET, PRODUCTION, GameState, Team
from .turn import ALL, Turn
from .turn_checks import check_turn, need_units, require_turn, team_of


def ready_capacity(state: GameState, team: Team) -> int:
    """Units the team's machines can make now: one each, two on a double machine, counting
    only machines past their delivery time."""
    cap = 0
    for mid in team.machines:
        m = state.machines[mid]
        if m.ready_at <= team.rolls:
            cap += 2 if m.double else 1
    return cap


def production_cost(team: Team) -> int:
    return COMPUTER_PRODUCTION_COST if team.has_computer else PRODUCTION_COST


# ---------------------------------------------------------------- each decision's check
def purchase_cost(state: GameState, units: int) -> int:
    """What ``units`` of raw material cost, cheapest zone first."""
    prices = state.config.zone_prices
    return sum(prices[z] for z in purchase_zones(state.market, units))


def most_units_to_buy(state: GameState, team: Team) -> int:
    """The most units ``check_purchase`` allows: as many as the market holds and the cash pays
    for at ``purchase_cost`` (cheapest zone first, as many of each zone's units as the cash
    left pays for)."""
    cost = 0
    units = 0
    cash = team.cash
    for price, count in zip(state.config.zone_prices, state.market, strict=False):
        if count:
            if price > 0:
                take = max(0, min(count, (cash - cost) // price))
            else:
                take = count if cost + price <= cash else 0
            cost += take * price
            units += take
    return units


def check_purchase(state: GameState, action: Purchase) -> Team:
    team = check_turn(state, action, "red", "Purchasing", "Decision: Purchasing")
    units = action.units
    need_units(units, "unit to buy", "Decision: Purchasing", code="no_units_to_buy")
    available = sum(state.market)
    if units > available:
        raise RuleViolation(f"The market holds {units_of(available)}; you cannot buy {units}.",
                            "Decision: Purchasing", code="market_holds",
                            params={"in_market": available, "units": units})
    require_cash(team, purchase_cost(state, units), units_of(units), "Decision: Purchasing",
                 code="cash_for_units", params={"units": units})
    return team


def check_invest(state: GameState, action: Invest) -> Team:
    team = check_turn(state, action, "red", "Investing", "Decision: Investment")
    if state.machines_in_bank() < 1:
        raise RuleViolation("The bank has no machine left: all "
                            f"{state.config.limits.machines} are in play.", "Game Materials",
                            code="bank_out_of_machines",
                            params={"limit": state.config.limits.machines})
    if action.credit > MACHINE_CREDIT:
        raise RuleViolation(f"An investment may borrow at most {marks(MACHINE_CREDIT)} Marks.",
                            "Decision: Investment", code="investment_credit_cap",
                            params={"max_credit": MACHINE_CREDIT, "credit": action.credit})
    check_credit_amount(state, action.credit, credit_available(state, team, MACHINE_CREDIT),
                         "Decision: Investment")
    if action.credit:
        what, verb = (f"a machine costs {marks(MACHINE_PRICE)} and with "
                      f"{marks(action.credit)} credit you", "pay")
        require_cash(team, MACHINE_PRICE - action.credit, what, "Decision: Investment", verb,
                   code="cash_for_machine_on_credit",
                   params={"price": MACHINE_PRICE, "credit": action.credit})
    else:
        require_cash(team, MACHINE_PRICE, "a machine", "Decision: Investment", "costs",
                   code="cash_for_machine")
    return team


def most_units_to_produce(state: GameState, team: Team) -> int:
    """The most units ``check_produce`` allows: what the ready machines make, of the raw
    material held, that the cash pays for."""
    return min(ready_capacity(state, team), team.raw, team.cash // production_cost(team))


def check_produce(state: GameState, action: Produce) -> Team:
    team = check_turn(state, action, "red", "Producing", "Decision: Producing")
    units = action.units
    need_units(units, "unit to produce", "Decision: Producing", code="no_units_to_produce")
    _check_production(state, team, units, "Decision: Producing")
    require_cash(team, units * production_cost(team), f"producing {units_of(units)}",
                 "Decision: Producing", code="cash_for_production", params={"units": units})
    return team


def most_units_to_sell(state: GameState, team: Team) -> int:
    """The most units ``check_sell`` allows: the finished units held, as many as the market
    has room for."""
    return min(team.finished, open_dimples(state.market, state.config.zone_capacity))


def check_sell(state: GameState, action: Sell) -> Team:
    team = check_turn(state, action, "red", "Selling", "Decision: Selling")
    units = action.units
    need_units(units, "unit to sell", "Decision: Selling", code="no_units_to_sell")
    if units > team.finished:
        raise RuleViolation(f"You have {units_of(team.finished, 'finished')}, not {units}.",
                            "Decision: Selling", code="not_enough_finished",
                            params={"have": team.finished, "units": units})
    room = open_dimples(state.market, state.config.zone_capacity)
    if units > room:
        raise RuleViolation(f"The market has room for {units_of(room)} only.", "Decision: Selling",
                            code="market_room", params={"room": room, "units": units})
    return team


# ---------------------------------------------------------------- the decisions
def purchase(turn: Turn, action: Purchase) -> None:
    state = turn.state
    team = check_purchase(state, action)
    units = action.units
    zones = purchase_zones(state.market, units)
    prices = state.config.zone_prices
    cost = sum(prices[z] for z in zones)
    for z in zones:
        state.market[z] -= 1
    team.raw += units
    state.ledger.post(state.seq, "raw", MARKET, team.name, units, "purchase")
    move_cash(turn, team, None, cost, "purchase")
    turn.emit("purchase", ALL, team=team.name, units=units, cost=cost,
              prices=[prices[z] for z in zones])
    decided(turn, team)


def invest(turn: Turn, action: Invest) -> None:
    state = turn.state
    team = check_invest(state, action)
    borrow(turn, team, action.credit)
    machine = give_machine(turn, team)
    move_cash(turn, team, None, MACHINE_PRICE, "investment")
    turn.emit("invest", ALL, team=team.name, machine=machine.id, credit=action.credit,
              price=MACHINE_PRICE, ready_at=machine.ready_at)
    decided(turn, team)


def produce(turn: Turn, action: Produce) -> None:
    team = check_produce(turn.state, action)
    units = action.units
    cost = units * production_cost(team)
    make_products(turn, team, units, cost, "production")
    decided(turn, team)


def _check_production(state: GameState, team: Team, units: int, rule: str) -> None:
    capacity = ready_capacity(state, team)
    if units > capacity:
        waiting = sum(1 for m in team.machines if state.machines[m].ready_at > team.rolls)
        note = f" ({waiting} machine(s) still being delivered)" if waiting else ""
        params = {"capacity": capacity, "units": units}
        raise RuleViolation(f"Your machines can make {units_of(capacity)} now{note}, not {units}.",
                            rule, code="production_capacity_delivering" if waiting
                            else "production_capacity",
                            params={**params, "delivering": waiting} if waiting else params)
    if units > team.raw:
        raise RuleViolation(f"You have {units_of(team.raw)} of raw material, not {units}.", rule,
                            code="not_enough_raw", params={"have": team.raw, "units": units})


def make_products(turn: Turn, team: Team, units: int, cost: int, reason: str) -> None:
    state = turn.state
    team.raw -= units
    team.finished += units
    state.ledger.post(state.seq, "raw", team.name, PRODUCTION, units, reason)
    state.ledger.post(state.seq, "finished", PRODUCTION, team.name, units, reason)
    move_cash(turn, team, None, cost, reason)
    turn.emit("produce", ALL, team=team.name, units=units, cost=cost)


def sale_prices(state: GameState, team: Team, units: int, advertising: bool) -> list[int]:
    """Marks per unit for ``units`` sold into the market now: ten times the zone the unit is
    placed into; with advertising the next higher price, at most 5,000."""
    prices = state.config.zone_prices
    zones = placement_zones(state.market, state.config.zone_capacity, units)
    out = []
    for z in zones:
        if advertising:
            higher = prices[z + 1] if z + 1 < len(prices) else prices[z]
            out.append(min(10 * higher, ADVERTISING_CAP))
        else:
            out.append(10 * prices[z])
    return out


def sell(turn: Turn, action: Sell) -> None:
    state = turn.state
    team = check_sell(state, action)
    units = action.units
    advertised = advertising.applies(team)
    prices = sale_prices(state, team, units, advertised)
    revenue = sum(prices)
    to_market(turn, team, "finished", units, "sale")
    move_cash(turn, None, team, revenue, "sale")
    team.sales_total += revenue
    turn.hook("sale", team, revenue)
    turn.emit("sell", ALL, team=team.name, units=units, revenue=revenue, prices=prices,
              how="advertising" if advertised else "")
    decided(turn, team)


def pass_move(turn: Turn, action: Pass) -> None:
    state = turn.state
    team = team_of(turn, action)
    if state.phase == "turn" and action.actor == state.current and state.pending:
        kind = state.pending[0].kind
        if kind == "red":
            turn.emit("pass", ALL, team=team.name, on="red")
            decided(turn, team)
            return
        if kind == "green":
            state.pending.pop(0)
            turn.emit("pass", ALL, team=team.name, on="green")
            return
    require_turn(turn, action, "red", "Doing nothing", "Decision: Do Nothing")


def decided(turn: Turn, team: Team) -> None:
    """One decision per red field; an advertising campaign is spent on it."""
    turn.state.pending.pop(0)
    advertising.red_field_decided(team)
