"""Goods, machines and WEB chips changing hands (rulebook I: "Game Materials").

Raw material and finished product going back into the market, machines delivered by the bank
and returned to it, WEB chips paid to the bank, and which machine a team means when it names
one (or none). Every movement is booked in the ledger.
"""

from __future__ import annotations

from .constants import DELIVERY_ROLLS
from .errors import RuleViolation
from .market import placement_zones
from .state import BANK, MARKET, GameState, Machine, Team
from .turn import Turn


def delivery_rolls(state: GameState) -> int:
    """Die rolls before a new machine produces: "the turn after next (in 2 die rolls)"; with
    the labour market (step 6) machines produce "from the next red field" on."""
    return 1 if 6 in state.config.steps else DELIVERY_ROLLS


def to_market(turn: Turn, team: Team, kind: str, units: int, reason: str) -> list[int]:
    """Goods back into the dearest open zones; returns each unit's zone."""
    state = turn.state
    zones = placement_zones(state.market, state.config.zone_capacity, units)
    for z in zones:
        state.market[z] += 1
    if kind == "raw":
        team.raw -= units
    else:
        team.finished -= units
    state.ledger.post(state.seq, kind, team.name, MARKET, units, reason)
    return zones


def give_machine(turn: Turn, team: Team, double: bool = False) -> Machine:
    state = turn.state
    mid = next(i for i in range(1, state.config.limits.machines + 1) if i not in state.machines)
    machine = Machine(mid, team.name, team.name, double, team.rolls + delivery_rolls(state))
    state.machines[mid] = machine
    team.machines.append(mid)
    state.ledger.post(state.seq, "machine", BANK, team.name, 1, "investment")
    return machine


def machine_to_bank(turn: Turn, machine: Machine, reason: str) -> None:
    state = turn.state
    state.teams[machine.holder].machines.remove(machine.id)
    del state.machines[machine.id]
    state.ledger.post(state.seq, "machine", machine.owner, BANK, 1, reason)


def web_to_bank(turn: Turn, team: Team, chips: int, reason: str) -> None:
    team.web -= chips
    turn.state.web_bank += chips
    turn.state.ledger.post(turn.state.seq, "web", team.name, BANK, chips, reason)


def pick_machine(
    state: GameState, team: Team, mid: int | None, double: bool | None, rule: str,
    owned: bool = False,
) -> Machine:
    """The machine a team names, or, if it names none, the first that fits."""
    held = [state.machines[m] for m in team.machines]
    if owned:
        held = [m for m in held if m.owner == team.name]
    if mid is not None:
        machine = state.machines.get(mid)
        if machine is None or machine.holder != team.name:
            raise RuleViolation(f"Machine {mid} is not in your hall.", rule,
                                code="machine_not_in_hall", params={"machine": mid})
        if owned and machine.owner != team.name:
            raise RuleViolation(f"Machine {mid} is leased from {machine.owner}.", rule,
                                code="machine_leased_from",
                                params={"machine": mid, "owner": machine.owner})
        if double is True and not machine.double:
            raise RuleViolation(f"Machine {mid} is a single machine.", rule,
                                code="machine_is_single", params={"machine": mid})
        if double is False and machine.double:
            raise RuleViolation(f"Machine {mid} is a double machine already.", rule,
                                code="machine_is_double", params={"machine": mid})
        return machine
    fits = [m for m in held if double is None or m.double == double]
    if not fits:
        kind = {True: "double ", False: "single ", None: ""}[double]
        raise RuleViolation(f"You have no {kind}machine for that.", rule,
                            code={True: "no_double_machine", False: "no_single_machine",
                                  None: "no_machine"}[double])
    return min(fits, key=lambda m: m.id)
