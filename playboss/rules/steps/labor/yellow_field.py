"""The yellow cost field with step 6: producing costs 3,000 Marks per machine used plus the
salaries; the sale at half price sells only what may be sold (see ``fresh_goods``).

Rulebook: "The Yellow Cost Field"."""

from __future__ import annotations

from ...actions import CostChoice
from ...errors import RuleViolation, marks
from ...fields import sell_at_half_price
from ...money import require_cash
from ...red_field import make_products
from ...ruleset import Handler
from ...state import GameState, Team
from ...turn import ALL, Turn
from ...turn_checks import require_turn
from .books import salary_bill, team_pays_workers
from .constants import STEP, YELLOW_PRODUCTION_PER_MACHINE, section
from .fresh_goods import fresh_units, sellable_finished
from .production import machines_for, no_production, producible


def cost_choice(turn: Turn, action: CostChoice, base: Handler) -> None:
    """The yellow field's produce and half-price sale with workers; wraps the base model's
    cost choice (``PART.wraps``)."""
    state = turn.state
    if STEP not in state.config.steps or action.option not in ("produce", "sell_half"):
        base(turn, action)
        return
    team = require_turn(turn, action, "yellow", "A cost-field choice", "The Yellow Cost Field")
    if action.option == "produce":
        _yellow_produce(turn, team)
    elif fresh_units(state, team)[1]:
        _yellow_sell_half(turn, team)
    else:
        base(turn, action)


def yellow_cost(state: GameState, team: Team, units: int) -> tuple[int, int]:
    """(production costs, salaries) of producing ``units`` on a yellow field."""
    return (YELLOW_PRODUCTION_PER_MACHINE * machines_for(state, team, units),
            salary_bill(team))


def _yellow_produce(turn: Turn, team: Team) -> None:
    state = turn.state
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
    state.pending.pop(0)
    make_products(turn, team, units, cost, "cost-field production")
    if wages:
        team_pays_workers(turn, team, wages, "salaries (cost field)")
        turn.emit("salaries", ALL, team=team.name, amount=wages, how="cost_field")


def _yellow_sell_half(turn: Turn, team: Team) -> None:
    """The base model's sale at half price, of the units the team may sell now."""
    state = turn.state
    rule = section("Production")
    sellable = sellable_finished(state, team)
    if sellable < 1:
        raise RuleViolation("Your finished units were all made since you last landed on a red "
                            "field: they can be sold from your next red field on.", rule,
                            code="all_finished_fresh")
    sell_at_half_price(turn, team, sellable)
