"""The yellow cost field with step 6: producing costs 3,000 Marks per machine used plus the
salaries; the sale at half price sells only what may be sold (see ``fresh_goods``).

Rulebook: "The Yellow Cost Field"."""

from __future__ import annotations

from typing import Any

from ...actions import CostChoice
from ...errors import RuleViolation, marks
from ...fields import sell_at_half_price
from ...money import require_cash
from ...red_field import make_products
from ...ruleset import Check, Handler
from ...state import GameState, Team
from ...turn import ALL, Turn
from ...turn_checks import check_turn
from .books import salary_bill, team_pays_workers
from .constants import STEP, YELLOW_PRODUCTION_PER_MACHINE, section
from .fresh_goods import fresh_units, sellable_finished
from .production import machines_for, no_production, producible


def _own_case(state: GameState, action: CostChoice) -> bool:
    """Whether step 6 answers this cost choice itself: producing, and a half-price sale while
    some finished units are fresh; the base model answers the rest."""
    if STEP not in state.config.steps:
        return False
    if action.option == "produce":
        return True
    return action.option == "sell_half" and bool(
        fresh_units(state, state.teams[action.actor])[1])


def _check_own_case(state: GameState, action: CostChoice) -> Team:
    team = check_turn(state, action, "yellow", "A cost-field choice", "The Yellow Cost Field")
    if action.option == "produce":
        _check_yellow_produce(state, team)
    elif sellable_finished(state, team) < 1:
        raise RuleViolation("Your finished units were all made since you last landed on a red "
                            "field: they can be sold from your next red field on.",
                            section("Production"), code="all_finished_fresh")
    return team


def check_cost_choice(state: GameState, action: CostChoice, base: Check) -> Any:
    """The check of the yellow field's produce and half-price sale with workers; wraps the
    base model's (``PART.check_wraps``)."""
    if not _own_case(state, action):
        return base(state, action)
    return _check_own_case(state, action)


def cost_choice(turn: Turn, action: CostChoice, base: Handler) -> None:
    """The yellow field's produce and half-price sale with workers; wraps the base model's
    cost choice (``PART.wraps``)."""
    state = turn.state
    if not _own_case(state, action):
        base(turn, action)
        return
    team = _check_own_case(state, action)
    if action.option == "produce":
        _yellow_produce(turn, team)
    else:  # the base model's sale at half price, of the units the team may sell now
        sell_at_half_price(turn, team, sellable_finished(state, team))


def yellow_cost(state: GameState, team: Team, units: int) -> tuple[int, int]:
    """(production costs, salaries) of producing ``units`` on a yellow field."""
    return (YELLOW_PRODUCTION_PER_MACHINE * machines_for(state, team, units),
            salary_bill(team))


def _check_yellow_produce(state: GameState, team: Team) -> None:
    rule = section("The Yellow Cost Field")
    why = no_production(state, team, on_red=False, rule=rule)
    if why:
        raise why
    units = producible(state, team, on_red=False)
    if units < 1:
        raise RuleViolation("You cannot produce: you need a delivered machine with a worker, "
                            "and raw material bought before your last red field.", rule,
                            code="cannot_produce_on_cost_field_staffed")
    cost, wages = yellow_cost(state, team, units)
    machines = machines_for(state, team, units)
    require_cash(team, cost + wages, f"producing {units} units on {machines} machine(s) at "
               f"{marks(YELLOW_PRODUCTION_PER_MACHINE)} each plus {marks(wages)} salaries",
               rule, code="cash_for_cost_field_production_staffed",
               params={"units": units, "machines": machines,
                       "each": YELLOW_PRODUCTION_PER_MACHINE, "salaries": wages})


def _yellow_produce(turn: Turn, team: Team) -> None:
    state = turn.state
    units = producible(state, team, on_red=False)
    cost, wages = yellow_cost(state, team, units)
    state.pending.pop(0)
    make_products(turn, team, units, cost, "cost-field production")
    if wages:
        team_pays_workers(turn, team, wages, "salaries (cost field)")
        turn.emit("salaries", ALL, team=team.name, amount=wages, how="cost_field")
