"""Producing on a red field: one worker runs one machine (a double machine too), machines
produce from the red field after their delivery, once per red field (not while struck or
locked out), at 500 Marks a unit (250 with a computer); ``produce`` beside the decision or at
the production item after it, ``pass`` there to produce nothing.

Rulebook: "Production", "Production Costs", "Double Production (Efficiency)"."""

from __future__ import annotations

from typing import Any

from ...actions import Pass, Produce
from ...errors import RuleViolation, units_of
from ...money import require_cash
from ...red_field import make_products
from ...ruleset import Check, Handler
from ...state import GameState, Pending, Team
from ...turn import ALL, Turn
from ...turn_checks import check_turn, need_units
from .books import locked_out, strike_of, team_data, workers_of, workers_text
from .checks import whole_number
from .constants import (
    COMPUTER_PRODUCTION_COST,
    PRODUCTION_COST,
    PRODUCTION_ITEM,
    STEP,
    section,
)
from .fresh_goods import fresh_units, usable_raw
from .termination import release_leaving


# ---------------------------------------------------------------- production capacity
def _staffed(state: GameState, team: Team) -> list[int]:
    """Units per run of each delivered machine a worker runs: doubles staffed first. A machine
    counts once the team has landed on a red field after its delivery time: machines bought
    or received on a turn produce "from the next red field" (not on a yellow field before)."""
    here = team_data(team)["field"]
    landed_at = int(here["roll"]) if here else 0  # the roll of the team's last red landing
    caps = sorted((2 if state.machines[m].double else 1 for m in team.machines
                   if state.machines[m].ready_at <= landed_at), reverse=True)
    return caps[:workers_of(team)]


def staffed_capacity(state: GameState, team: Team) -> int:
    """Units the team's machines with a worker can make now: ``sum(_staffed(...))``, counted
    without sorting (the doubles are staffed first, two units each, then the singles)."""
    data = team.step["labor"]
    here = data["field"]
    landed_at = int(here["roll"]) if here else 0
    machines = state.machines
    doubles = singles = 0
    for m in team.machines:
        if machines[m].ready_at <= landed_at:
            if machines[m].double:
                doubles += 1
            else:
                singles += 1
    workers = len(data["contracts"])
    if workers <= doubles:
        return 2 * workers
    return 2 * doubles + min(singles, workers - doubles)


def machines_for(state: GameState, team: Team, units: int) -> int:
    """Machines the team runs to make ``units`` (doubles first)."""
    used = 0
    for cap in _staffed(state, team):
        if units <= 0:
            break
        used += 1
        units -= cap
    return used


def unit_cost(team: Team) -> int:
    return COMPUTER_PRODUCTION_COST if team.has_computer else PRODUCTION_COST


def no_production(state: GameState, team: Team, on_red: bool, rule: str = ""
                   ) -> RuleViolation | None:
    """Why the team cannot produce now (strike, lockout, produced already), as the refusal to
    raise (citing ``rule``), or None."""
    name = team.name
    if on_red:
        here = team_data(team)["field"] or {}
        if here.get("idle") == "strike":
            return RuleViolation("Your workers are on strike: no production on this red field.",
                                 rule, code="struck_on_red")
        if here.get("idle") == "lockout":
            return RuleViolation("Your workers are locked out: no production on this red "
                                 "field.", rule, code="locked_out_on_red")
        if here.get("produced"):
            return RuleViolation("You have produced on this red field already: production is "
                                 "once per red field.", rule, code="produced_on_red_already")
    elif strike_of(state, name) == "active":
        return RuleViolation("Your workers are on strike: you cannot produce.", rule,
                             code="struck")
    if locked_out(state, name):
        return RuleViolation("You have locked your workers out: you cannot produce until you "
                             "end the lockout.", rule, code="locked_out")
    return None


def producible(state: GameState, team: Team, on_red: bool) -> int:
    """Units the team could produce now, cash aside."""
    if no_production(state, team, on_red) is not None:
        return 0
    return min(staffed_capacity(state, team), usable_raw(state, team))


def _check_units(state: GameState, team: Team, units: int, rule: str) -> None:
    capacity = staffed_capacity(state, team)
    if units > capacity:
        here = team_data(team)["field"]
        landed_at = int(here["roll"]) if here else 0
        ready = sum(1 for m in team.machines if state.machines[m].ready_at <= landed_at)
        raise RuleViolation(
            f"Your machines with a worker can make {units_of(capacity)} now, not {units}: "
            f"{workers_text(workers_of(team))} for {ready} delivered machine(s); one worker runs "
            "one machine, a double machine too.", section("Production"),
            code="staffed_capacity",
            params={"capacity": capacity, "units": units, "workers": workers_of(team),
                    "machines": ready})
    fresh, usable = fresh_units(state, team)[0], usable_raw(state, team)
    if units > usable:
        note = (f" ({fresh} bought since you last landed on a red field: they can be produced "
                "from your next red field on)") if fresh else ""
        params = {"have": usable, "units": units}
        raise RuleViolation(f"You have {usable} unit(s) of raw material to produce, not "
                            f"{units}{note}.", rule,
                            code="usable_raw_fresh" if fresh else "usable_raw",
                            params={**params, "fresh": fresh} if fresh else params)


# ---------------------------------------------------------------- producing
def auto_production(turn: Turn, team: Team, head: Pending) -> bool:
    """After the decision: the team may still produce; without anything to produce (or once
    it has), the red field is over."""
    if producible(turn.state, team, on_red=True) >= 1:
        return False
    turn.state.pending.pop(0)
    release_leaving(turn, team)
    return True


def _check_staffed_produce(state: GameState, action: Produce) -> Team:
    rule = section("Production")
    team = check_turn(state, action, ("red", PRODUCTION_ITEM), "Producing", rule)
    units = whole_number(action.units, "number of units", rule, code="units_whole_number")
    need_units(units, "unit to produce", rule, code="no_units_to_produce")
    why = no_production(state, team, on_red=True, rule=rule)
    if why:
        raise why
    _check_units(state, team, units, rule)
    require_cash(team, units * unit_cost(team), f"producing {units_of(units)}",
                 section("Production Costs"), code="cash_for_production",
                 params={"units": units})
    return team


def check_produce(state: GameState, action: Produce, base: Check) -> Any:
    """The check of ``produce`` with workers; wraps the base model's (``PART.check_wraps``)."""
    if STEP not in state.config.steps:
        return base(state, action)
    return _check_staffed_produce(state, action)


def produce(turn: Turn, action: Produce, base: Handler) -> None:
    """Producing with workers; wraps the base model's produce (``PART.wraps``)."""
    state = turn.state
    if STEP not in state.config.steps:
        base(turn, action)
        return
    team = _check_staffed_produce(state, action)
    head = state.pending[0].kind
    units = action.units
    cost = units * unit_cost(team)
    make_products(turn, team, units, cost, "production")
    team_data(team)["field"]["produced"] = True
    if head == PRODUCTION_ITEM:
        state.pending.pop(0)
        release_leaving(turn, team)


def production_pass(turn: Turn, action: Pass, base: Handler) -> None:
    """``pass`` at the production item: the team produces nothing on this red field. Wraps
    the pass in force before (the base model's, or step 3's) (``PART.wraps``)."""
    state = turn.state
    if (STEP in state.config.steps and state.phase == "turn" and action.actor == state.current
            and state.pending and state.pending[0].kind == PRODUCTION_ITEM):
        team = state.teams[action.actor]
        state.pending.pop(0)
        turn.emit("pass", ALL, team=team.name, on="production")
        release_leaving(turn, team)
        return
    base(turn, action)
