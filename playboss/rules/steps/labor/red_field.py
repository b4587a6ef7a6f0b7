"""Landing on a red field: notice takes effect, a called strike becomes active, the salaries of
all the team's workers are due (or, struck or locked out, the idle costs, and the
representative pays strike wages), and the production item is queued after the decision.

Rulebook: "Labor Costs", "Strike", "Lockout", "Termination", "Production"."""

from __future__ import annotations

from ...bankruptcy import declare as declare_bankrupt
from ...errors import marks
from ...money import liquidity
from ...state import BANK, GameState, Pending, Team
from ...turn import ALL, Turn
from .books import books, team_pays_workers, workers_of, workers_pay_bank, workers_text
from .constants import (
    LOCKOUT_IDLE_COST,
    PRODUCTION_ITEM,
    SALARIES,
    STEP,
    STRIKE_IDLE_COST,
    WORKERS,
)
from .strikes_and_lockouts import stop_strike
from .termination import release_leaving


def _last_index(pending: list[Pending], kind: str) -> int | None:
    for i in range(len(pending) - 1, -1, -1):
        if pending[i].kind == kind:
            return i
    return None


def on_landed(turn: Turn, team: Team, letter: str) -> None:
    state = turn.state
    if STEP not in state.config.steps:
        return
    if letter != "R":
        return
    red_at = _last_index(state.pending, "red")
    if red_at is None:
        return
    release_leaving(turn, team)  # (a field left unfinished cannot happen; never keep them)
    data = team.step["labor"]
    data["mark"] = len(state.ledger)
    name = team.name
    lab = state.step["labor"]
    if lab["strikes"].get(name) and not data["contracts"]:
        stop_strike(turn, name, "no_workers")
    if lab["strikes"].get(name) == "called":
        lab["strikes"][name] = "active"
        turn.emit("strike_active", ALL, team=name)
    idle = ("strike" if lab["strikes"].get(name) == "active"
            else "lockout" if name in lab["lockouts"] else None)
    data["field"] = {"roll": team.rolls, "produced": False, "idle": idle}
    bill = 0
    for contract in data["contracts"]:
        if contract["notice"]:
            contract["leaving"] = True
        bill += int(contract["salary"])
    before: list[Pending] = []
    if idle is not None:
        before.extend(_idle_field(turn, team, idle))
    elif bill:
        before.append(Pending(SALARIES, bill, "salaries", workers_text(len(data["contracts"])),
                              {"workers": len(data["contracts"])}))
    state.pending[red_at:red_at] = before
    state.pending.insert(red_at + len(before) + 1, Pending(PRODUCTION_ITEM))


def idle_terms(state: GameState, team: Team, idle: str) -> dict[str, int]:
    """What a red field under strike or lockout costs (rulebook II, "Strike", "Lockout"): the
    team's idle costs by machine, and the strike wages the representative pays for its
    workers at the highest salary."""
    per = STRIKE_IDLE_COST if idle == "strike" else LOCKOUT_IDLE_COST
    machines = len(team.machines)
    workers = workers_of(team)
    salary = int(books(state)["highest_salary"])
    return {"per_machine": per, "machines": machines, "idle_costs": per * machines,
            "workers": workers, "salary": salary, "wages": salary * workers}


def _idle_field(turn: Turn, team: Team, idle: str) -> list[Pending]:
    """A red field under strike or lockout: no salaries; the team owes idle costs, the
    representative pays strike wages to the bank."""
    terms = idle_terms(turn.state, team, idle)
    lab = books(turn.state)
    per, machines = terms["per_machine"], terms["machines"]
    workers, wages = terms["workers"], terms["wages"]
    paid = workers_pay_bank(turn, wages, "strike wages")
    lab["strike_wages_paid"] += paid
    turn.emit("idle_field", ALL, team=team.name, idle=idle, idle_costs=per * machines,
              strike_wages=paid, machines=machines, each=per, workers=workers, wages_due=wages)
    if not per * machines:
        return []
    return [Pending("pay", per * machines, "idle costs",
                    f"{idle}: {machines} machine(s) at {marks(per)}",
                    {"idle": idle, "machines": machines, "each": per})]


def auto_salaries(turn: Turn, team: Team, head: Pending) -> bool:
    """Salaries are paid on arrival when the cash covers them; otherwise the team raises the
    money (credit, sales to the bank), or goes bankrupt if even that cannot cover them."""
    state = turn.state
    if team.cash >= head.amount:
        state.pending.pop(0)
        team_pays_workers(turn, team, head.amount, "salaries")
        turn.emit("salaries", ALL, team=team.name, amount=head.amount, how="red_field", **head.data)
        return True
    if liquidity(state, team) >= head.amount:
        return False
    start = len(state.ledger)
    declare_bankrupt(turn, team, head)
    # The bank sold the assets and took what was due first; it hands that to the
    # representative, whose claim it was.
    collected = sum(e.qty for e in state.ledger.entries[start:]
                    if e.kind == "cash" and e.source == team.name and e.target == BANK
                    and e.reason == head.reason)
    if collected:
        books(state)["cash"] += collected
        state.ledger.post(state.seq, "cash", BANK, WORKERS, collected, "salaries (bankruptcy)")
        turn.emit("salaries", ALL, team=team.name, amount=collected, how="bankruptcy")
    return True
