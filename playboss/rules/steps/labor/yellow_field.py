"""The yellow cost field with step 6: producing costs 3,000 Marks per machine used plus the
salaries; the sale at half price sells only what may be sold (see ``fresh_goods``).

Rulebook: "The Yellow Cost Field"."""

from __future__ import annotations

from ... import actions as A
from ... import engine as E
from ...errors import RuleViolation, marks
from ...fields import sell_at_half_price
from ...money import _need_cash
from ...red_field import _make
from ...state import GameState, Team
from .books import _team_pays_workers, salary_bill
from .constants import STEP, YELLOW_PRODUCTION_PER_MACHINE, section
from .fresh_goods import fresh_units, sellable_finished
from .production import _no_production, machines_for, producible

_base_cost_choice = E.HANDLERS[A.CostChoice]


def _cost_choice(turn: E.Turn, action: A.CostChoice) -> None:
    state = turn.state
    if STEP not in state.config.steps or action.option not in ("produce", "sell_half"):
        _base_cost_choice(turn, action)
        return
    team = E._require_turn(turn, action, "yellow", "A cost-field choice", "The Yellow Cost Field")
    if action.option == "produce":
        _yellow_produce(turn, team)
    elif fresh_units(state, team)[1]:
        _yellow_sell_half(turn, team)
    else:
        _base_cost_choice(turn, action)


def yellow_cost(state: GameState, team: Team, units: int) -> tuple[int, int]:
    """(production costs, salaries) of producing ``units`` on a yellow field."""
    return (YELLOW_PRODUCTION_PER_MACHINE * machines_for(state, team, units),
            salary_bill(team))


def _yellow_produce(turn: E.Turn, team: Team) -> None:
    state = turn.state
    rule = section("The Yellow Cost Field")
    why = _no_production(state, team, on_red=False, rule=rule)
    if why:
        raise why
    units = producible(state, team, on_red=False)
    if units < 1:
        raise RuleViolation("You cannot produce: you need a delivered machine with a worker, "
                            "and raw material bought before your last red field.", rule,
                            code="cannot_produce_on_cost_field_staffed")
    cost, wages = yellow_cost(state, team, units)
    machines = machines_for(state, team, units)
    _need_cash(team, cost + wages, f"producing {units} units on {machines} machine(s) at "
               f"{marks(YELLOW_PRODUCTION_PER_MACHINE)} each plus {marks(wages)} salaries",
               rule, code="cash_for_cost_field_production_staffed",
               params={"units": units, "machines": machines,
                       "each": YELLOW_PRODUCTION_PER_MACHINE, "salaries": wages})
    state.pending.pop(0)
    _make(turn, team, units, cost, "cost-field production")
    if wages:
        _team_pays_workers(turn, team, wages, "salaries (cost field)")
        turn.emit("salaries", f"{team.name} pays {marks(wages)} Marks salaries to the worker "
                  "representative for producing on the cost field.", team=team.name,
                  amount=wages, how="cost_field")


def _yellow_sell_half(turn: E.Turn, team: Team) -> None:
    """The base model's sale at half price, of the units the team may sell now."""
    state = turn.state
    rule = section("Production")
    sellable = sellable_finished(state, team)
    if sellable < 1:
        raise RuleViolation("Your finished units were all made since you last landed on a red "
                            "field: they can be sold from your next red field on.", rule,
                            code="all_finished_fresh")
    sell_at_half_price(turn, team, sellable,
                       " (those made since its last red field stay)")
