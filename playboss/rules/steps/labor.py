"""Step 6: Labor Market.

The worker representative is the actor ``"workers"`` (played by the teacher, or a player who
runs no business). It holds the box's 20 workers (``limits.workers``) and an account that
starts with the unemployment fund of 5,000 Marks from the bank; salaries come into the same
account, support and strike wages go out of it (one account: the rulebook's representative
lends and invests "using the salaries he collects" and pays support from the fund, with no
rule for keeping them apart). Its cash is booked in the ledger under the party ``"workers"``;
its workers under the ledger kind ``"worker"`` (parties ``"workers"``, the teams,
``"retired"``).

- Hiring: a team offers (``offer_hire {workers, salary}``) and the representative answers
  (``accept_hire``/``reject_hire {offer}``), or the representative offers (``offer_hire {team,
  workers, salary}``) and the team answers. While a team's offer is open the game waits on the
  representative (pending item ``"hiring"``). Until the first team completes its first lap a
  salary is 500 Marks; then any whole number of Marks. Workers come from the unemployed first,
  then from the pool never hired.
- One worker runs one machine, a double machine too: a team produces on at most as many of its
  delivered machines as it has workers (doubles staffed first).
- On every red field a team pays the salaries of all its workers to the representative (pending
  item ``"salaries"``) and may produce once (500 Marks a unit, 250 with a computer) besides its
  one decision: ``produce`` while the decision is open, or afterwards at the pending item
  ``"production"`` (``produce`` or ``pass``) that follows the red item.
- Raw material bought from the market, and finished product made, since the team last landed
  on a red field cannot be produced / sold (to the market) until it lands on the next one;
  private deals are exempt (and so is the bank's repurchase, see the docs).
- Yellow field: producing costs 3,000 Marks per machine used plus the salaries.
- Termination: ``give_notice {workers}`` (team, or representative naming the team) while the
  team stands on its red field; on its next red field the workers produce a last time, are paid
  a last time, and go back to the representative as unemployed.
- After the first lap: unused workers retire; at every round end (the die passes the
  representative) it pays the bank the highest negotiated salary for every unemployed worker.
- Strike (``call_strike {teams}``, ``end_strike {team}``) and lockout (``declare_lockout``,
  ``end_lockout``): no salaries and no production on the red fields they cover, idle costs of
  3,000 / 300 Marks per machine, and strike wages at the highest negotiated salary per worker
  from the representative to the bank.

Data: ``state.step["labor"]`` (the representative's books, open offers, strikes, lockouts) and
``team.step["labor"]`` (contracts, the ledger mark of the last red landing, the current red
field). ``docs/rules.md`` (Part II) lists every interpretation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .. import actions as A
from .. import bots, invariants, legal, views
from .. import engine as E
from ..errors import RuleViolation, marks
from ..goods import _to_market
from ..ledger import EMPTY_ACCOUNT
from ..legal import Choice
from ..market import open_dimples
from ..money import _cash, _need_cash, liquidity
from ..red_field import _make, sale_prices
from ..state import BANK, MARKET, PRODUCTION, GameState, Pending, Team
from . import free_market, marketing

STEP = 6
RULE = "6. Step: Labor Market"
#: The worker representative: an actor, and its party in the ledger.
WORKERS = "workers"
RETIRED = "retired"  # ledger party of the workers removed from play after the first lap
WORKER = "worker"  # ledger kind
FUND = 5_000  # "This fund starts with a balance of 5,000 Marks."
START_SALARY = 500  # "The salaries are set to begin with at 500 Marks per worker unit"
PRODUCTION_COST = 500  # "Production Costs": per unit
COMPUTER_PRODUCTION_COST = 250
YELLOW_PRODUCTION_PER_MACHINE = 3_000  # "The Yellow Cost Field" (step 6)
STRIKE_IDLE_COST = 3_000  # per machine and red field
LOCKOUT_IDLE_COST = 300
#: Pending items: the representative answers a team's offer; a team pays its salaries; a
#: team may still produce on its red field after its decision.
HIRING, SALARIES, PRODUCTION_ITEM = "hiring", "salaries", "production"
#: Finished or raw units leaving a team by these ledger reasons to the market are not market
#: sales: the units may be ones made or bought since the last red field.
NOT_A_SALE = frozenset({"repurchase", "risk", "bankruptcy"})
#: How many workers a listed hiring choice offers at most (bots, the site's buttons).
LISTED_HIRES = 4
#: Workers a greedy bot hires before the first lap, machines or not.
GREEDY_EARLY_HIRES = 1
#: ``Ledger.memo`` key (with the team's name) of ``fresh_units``' running fold.
_FRESH = "labor.fresh_units"


def section(name: str) -> str:
    return f"{RULE}: {name}"


# ====================================================================== actions
@dataclass(frozen=True, slots=True)
class OfferHire(A.Action):
    """Hiring: ``workers`` at ``salary`` Marks each per red field. A team offers to the worker
    representative (no ``team``); the representative names the ``team``."""

    type: ClassVar[str] = "offer_hire"
    team: str = ""
    workers: int = 1
    salary: int = START_SALARY


@dataclass(frozen=True, slots=True)
class AcceptHire(A.Action):
    """The other side accepts hiring offer ``offer``: the workers join the team."""

    type: ClassVar[str] = "accept_hire"
    offer: int = 0


@dataclass(frozen=True, slots=True)
class RejectHire(A.Action):
    """The other side turns hiring offer ``offer`` down, or its maker withdraws it."""

    type: ClassVar[str] = "reject_hire"
    offer: int = 0


@dataclass(frozen=True, slots=True)
class GiveNotice(A.Action):
    """Termination: ``workers`` leave the team on its next red field. The team sends it for
    itself; the representative names the ``team``. Only while the team stands on red."""

    type: ClassVar[str] = "give_notice"
    team: str = ""
    workers: int = 1


@dataclass(frozen=True, slots=True)
class CallStrike(A.Action):
    """The representative calls a strike at ``teams`` while a business stands on red."""

    type: ClassVar[str] = "call_strike"
    teams: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class EndStrike(A.Action):
    """The representative ends the strike at ``team``."""

    type: ClassVar[str] = "end_strike"
    team: str = ""


@dataclass(frozen=True, slots=True)
class DeclareLockout(A.Action):
    """A team locks its workers out while another business is struck."""

    type: ClassVar[str] = "declare_lockout"


@dataclass(frozen=True, slots=True)
class EndLockout(A.Action):
    type: ClassVar[str] = "end_lockout"


for _cls in (OfferHire, AcceptHire, RejectHire, GiveNotice, CallStrike, EndStrike,
             DeclareLockout, EndLockout):
    A.register(_cls)


# ====================================================================== the books
def books(state: GameState) -> dict[str, Any]:
    """The representative's books (exist from set-up in a game with step 6)."""
    data: dict[str, Any] = state.step["labor"]
    return data


def team_data(team: Team) -> dict[str, Any]:
    data: dict[str, Any] = team.step["labor"]
    return data


def contracts(team: Team) -> list[dict[str, Any]]:
    """One entry per worker of the team: ``salary``, ``notice`` (given), ``leaving`` (its
    notice takes effect on the red field the team stands on)."""
    out: list[dict[str, Any]] = team.step["labor"]["contracts"]
    return out


def workers_of(team: Team) -> int:
    return len(team.step["labor"]["contracts"])


def salary_bill(team: Team) -> int:
    return sum(int(c["salary"]) for c in contracts(team))


def available(state: GameState) -> int:
    """Workers the representative can hire out: the unemployed and the pool."""
    lab = books(state)
    return int(lab["pool"]) + int(lab["unemployed"])


def salary_options(state: GameState) -> list[int]:
    """Salaries listed for offers (any whole number may be offered after the first lap)."""
    lab = books(state)
    if not lab["first_lap_done"]:
        return [START_SALARY]
    top = int(lab["highest_salary"])
    return sorted({START_SALARY, top, top + 100})


def open_offer(state: GameState, name: str) -> dict[str, Any] | None:
    """The team's open hiring offer, either way (a team has at most one)."""
    for offer in books(state)["offers"].values():
        if offer["team"] == name:
            return dict(offer)
    return None


def strike_of(state: GameState, name: str) -> str | None:
    """"called" (active from the team's next red field), "active", or None."""
    status: str | None = books(state)["strikes"].get(name)
    return status


def locked_out(state: GameState, name: str) -> bool:
    return name in books(state)["lockouts"]


# ---------------------------------------------------------------- money and workers
def _team_pays_workers(turn: E.Turn, team: Team, amount: int, reason: str) -> None:
    """Cash from a team to the representative (salaries)."""
    if amount <= 0:
        return
    team.cash -= amount
    books(turn.state)["cash"] += amount
    turn.state.ledger.post(turn.state.seq, "cash", team.name, WORKERS, amount, reason)


def _workers_pay_bank(turn: E.Turn, amount: int, reason: str) -> int:
    """The representative pays the bank what it owes, or all it has if that is less (its
    account never goes below zero); returns what it paid."""
    lab = books(turn.state)
    paid = min(amount, int(lab["cash"]))
    if paid > 0:
        lab["cash"] -= paid
        turn.state.ledger.post(turn.state.seq, "cash", WORKERS, BANK, paid, reason)
    return max(paid, 0)


def _move_workers(turn: E.Turn, source: str, target: str, count: int, reason: str) -> None:
    turn.state.ledger.post(turn.state.seq, WORKER, source, target, count, reason)


def _shortfall(due: int, paid: int) -> str:
    return "" if paid >= due else (f" It has only {marks(paid)} Marks and pays that "
                                   f"({marks(due - paid)} Marks unpaid).")


def _workers(n: int) -> str:
    return f"{n} worker{'' if n == 1 else 's'}"


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


def fresh_units(state: GameState, team: Team) -> tuple[int, int]:
    """(raw, finished): units the team may not yet produce / sell, read from the ledger since
    it last landed on a red field: raw material bought from the market (a purchase, an
    auction) and product finished since then. Units that leave otherwise than by production or
    a market sale (a private deal, the bank's repurchase, a risk card) are taken from these
    first: a team gives away the units it cannot use yet.

    The ledger only grows, so the fold over its entries since the mark is kept in the ledger's
    memo and carried on from where it stopped (legal moves, the automatic production and the
    sale checks ask several times an action); it starts again from the mark when the mark
    moved or the entries it ended on are no longer there."""
    name = team.name
    mark = int(team.step["labor"]["mark"])
    ledger = state.ledger
    entries = ledger.entries
    end = len(entries)
    key = (_FRESH, name)
    known = ledger.memo.get(key)  # (mark, upto, raw, finished, entries[upto - 1])
    if (known is not None and known[0] == mark and known[1] <= end
            and entries[known[1] - 1] is known[4]):
        start, raw, finished = known[1], known[2], known[3]
    else:
        start, raw, finished = mark, 0, 0
    for i in range(start, end):
        e = entries[i]
        if e.kind == "raw":
            if e.target == name:
                if e.source == MARKET:
                    raw += e.qty
            elif e.source == name and e.target != PRODUCTION:
                raw -= min(raw, e.qty)
        elif e.kind == "finished":
            if e.target == name:
                if e.source == PRODUCTION:
                    finished += e.qty
            elif e.source == name and not (e.target == MARKET and e.reason not in NOT_A_SALE):
                finished -= min(finished, e.qty)
    if end > start:
        ledger.memo[key] = (mark, end, raw, finished, entries[end - 1])
    return min(raw, team.raw), min(finished, team.finished)


def usable_raw(state: GameState, team: Team) -> int:
    return team.raw - fresh_units(state, team)[0]


def sellable_finished(state: GameState, team: Team) -> int:
    """Finished units the team may sell to the market now."""
    return team.finished - fresh_units(state, team)[1]


def _no_production(state: GameState, team: Team, on_red: bool) -> str | None:
    """Why the team cannot produce now (strike, lockout, produced already), or None."""
    name = team.name
    if on_red:
        here = team_data(team)["field"] or {}
        if here.get("idle") == "strike":
            return "Your workers are on strike: no production on this red field."
        if here.get("idle") == "lockout":
            return "Your workers are locked out: no production on this red field."
        if here.get("produced"):
            return "You have produced on this red field already: production is once per red field."
    elif strike_of(state, name) == "active":
        return "Your workers are on strike: you cannot produce."
    if locked_out(state, name):
        return "You have locked your workers out: you cannot produce until you end the lockout."
    return None


def producible(state: GameState, team: Team, on_red: bool) -> int:
    """Units the team could produce now, cash aside."""
    if _no_production(state, team, on_red) is not None:
        return 0
    return min(staffed_capacity(state, team), usable_raw(state, team))


def _check_units(state: GameState, team: Team, units: int, rule: str) -> None:
    capacity = staffed_capacity(state, team)
    if units > capacity:
        here = team_data(team)["field"]
        landed_at = int(here["roll"]) if here else 0
        ready = sum(1 for m in team.machines if state.machines[m].ready_at <= landed_at)
        raise RuleViolation(
            f"Your machines with a worker can make {capacity} unit(s) now, not {units}: "
            f"{_workers(workers_of(team))} for {ready} delivered machine(s); one worker runs "
            "one machine, a double machine too.", section("Production"))
    fresh, usable = fresh_units(state, team)[0], usable_raw(state, team)
    if units > usable:
        note = (f" ({fresh} bought since you last landed on a red field: they can be produced "
                "from your next red field on)") if fresh else ""
        raise RuleViolation(f"You have {usable} unit(s) of raw material to produce, not "
                            f"{units}{note}.", rule)


def _stands_on_red(state: GameState, team: Team) -> bool:
    """The team's turn waits on its red field: its decision or its production."""
    return (state.phase == "turn" and state.current == team.name
            and any(p.kind in ("red", PRODUCTION_ITEM) for p in state.pending))


# ====================================================================== set-up
def _set_up(state: GameState) -> None:
    if STEP not in state.config.steps:
        return
    total = state.config.limits.workers
    state.step["labor"] = {
        "cash": FUND, "pool": total, "unemployed": 0, "retired": 0,
        "first_lap_done": False, "highest_salary": START_SALARY,
        "offers": {}, "strikes": {}, "lockouts": [], "last_rejected": {},
        "support_paid": 0, "strike_wages_paid": 0,
    }
    led = state.ledger
    led.post(0, "cash", BANK, WORKERS, FUND, "unemployment fund")
    led.post(0, WORKER, "supply", WORKERS, total, "set-up")
    for team in state.teams.values():
        team.step["labor"] = {"contracts": [], "mark": len(led), "field": None}


# ====================================================================== checks
def _step_on(state: GameState) -> None:
    if STEP not in state.config.steps:
        raise RuleViolation("This game does not play the labor market (step 6).", RULE)


def _whole(value: Any, what: str, rule: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleViolation(f"The {what} must be a whole number.", rule)
    return value


def _team_concerned(state: GameState, action: Any, rule: str) -> Team:
    """The team an action is about: the actor itself, or the team the representative names."""
    name = action.team
    if action.actor == WORKERS:
        team = state.teams.get(name) if isinstance(name, str) else None
        if team is None:
            raise RuleViolation(f"Name the team: there is no team {name!r}.", rule)
        if team.bankrupt:
            raise RuleViolation(f"{name} is bankrupt and out of the game.", rule)
        return team
    if name not in ("", action.actor):
        raise RuleViolation("A team acts for itself: leave out 'team' or name yourself.", rule)
    return state.teams[action.actor]


# ====================================================================== hiring
def _sync_hiring(state: GameState) -> None:
    """While a team's offer waits for the representative, so does the game."""
    if state.phase != "turn":
        return
    wanted = queued = False  # loops, not any(genexpr): every landing asks
    for o in books(state)["offers"].values():
        if o["by"] != WORKERS:
            wanted = True
            break
    for p in state.pending:
        if p.kind == HIRING:
            queued = True
            break
    if wanted and not queued:
        state.pending.insert(0, Pending(HIRING, 0, "hiring", "an offer to the representative"))
    elif queued and not wanted:
        state.pending[:] = [p for p in state.pending if p.kind != HIRING]


def _offer_hire(turn: E.Turn, action: OfferHire) -> None:
    state = turn.state
    _step_on(state)
    rule = section("Hiring")
    team = _team_concerned(state, action, rule)
    workers = _whole(action.workers, "number of workers", rule)
    salary = _whole(action.salary, "salary", rule)
    lab = books(state)
    if workers < 1:
        raise RuleViolation("Offer at least one worker.", rule)
    if salary < 0:
        raise RuleViolation("A salary cannot be below 0 Marks.", rule)
    if not lab["first_lap_done"] and salary != START_SALARY:
        raise RuleViolation(f"Until the first team completes its first lap the salary is "
                            f"{marks(START_SALARY)} Marks a worker; then it is negotiated "
                            "freely.", section("Labor Costs"))
    if workers > available(state):
        raise RuleViolation(f"The worker representative has {available(state)} worker(s) to "
                            f"hire out, not {workers}.", rule)
    standing = open_offer(state, team.name)
    if standing is not None:
        raise RuleViolation(f"Hiring offer {standing['id']} between {team.name} and the worker "
                            "representative is open: answer or withdraw it first.", rule)
    oid = state.new_id()
    lab["offers"][str(oid)] = {"id": oid, "team": team.name, "by": action.actor,
                               "workers": workers, "salary": salary}
    who = "The worker representative" if action.actor == WORKERS else team.name
    to = team.name if action.actor == WORKERS else "the worker representative"
    turn.emit("hire_offered", f"{who} offers {to} {_workers(workers)} at {marks(salary)} Marks "
              f"a red field each (offer {oid}).", team=team.name, by=action.actor, offer=oid,
              workers=workers, salary=salary)
    _sync_hiring(state)


def _offer_to_answer(state: GameState, action: AcceptHire | RejectHire, rule: str
                     ) -> dict[str, Any]:
    oid = _whole(action.offer, "offer number", rule)
    offer: dict[str, Any] | None = books(state)["offers"].get(str(oid))
    if offer is None:
        raise RuleViolation(f"There is no open hiring offer {oid}.", rule)
    return offer


def _answerer(offer: dict[str, Any]) -> str:
    return str(offer["team"]) if offer["by"] == WORKERS else WORKERS


def _accept_hire(turn: E.Turn, action: AcceptHire) -> None:
    state = turn.state
    _step_on(state)
    rule = section("Hiring")
    offer = _offer_to_answer(state, action, rule)
    answerer = _answerer(offer)
    if action.actor != answerer:
        who = "the worker representative" if answerer == WORKERS else answerer
        raise RuleViolation(f"Offer {offer['id']} waits for {who}'s answer.", rule)
    workers, salary = int(offer["workers"]), int(offer["salary"])
    if workers > available(state):
        raise RuleViolation(f"The worker representative has {available(state)} worker(s) "
                            f"left, not {workers}.", rule)
    lab = books(state)
    team = state.teams[offer["team"]]
    del lab["offers"][str(offer["id"])]
    from_unemployed = min(workers, int(lab["unemployed"]))
    lab["unemployed"] -= from_unemployed
    lab["pool"] -= workers - from_unemployed
    lab["highest_salary"] = max(int(lab["highest_salary"]), salary)
    contracts(team).extend({"salary": salary, "notice": False, "leaving": False}
                           for _ in range(workers))
    _move_workers(turn, WORKERS, team.name, workers, "hiring")
    turn.emit("hired", f"{team.name} hires {_workers(workers)} at {marks(salary)} Marks a red "
              f"field each; it employs {workers_of(team)}.", team=team.name, offer=offer["id"],
              workers=workers, salary=salary)
    _sync_hiring(state)


def _reject_hire(turn: E.Turn, action: RejectHire) -> None:
    state = turn.state
    _step_on(state)
    rule = section("Hiring")
    offer = _offer_to_answer(state, action, rule)
    answerer = _answerer(offer)
    if action.actor not in (answerer, offer["by"]):
        raise RuleViolation(f"Offer {offer['id']} is between {offer['team']} and the worker "
                            "representative.", rule)
    lab = books(state)
    del lab["offers"][str(offer["id"])]
    if action.actor == answerer:
        team = state.teams[offer["team"]]
        lab["last_rejected"][team.name] = team.rolls  # a greedy bot does not ask twice a turn
        text = "turns down"
    else:
        text = "withdraws"
    who = "The worker representative" if action.actor == WORKERS else action.actor
    turn.emit("hire_rejected", f"{who} {text} hiring offer {offer['id']}.", team=offer["team"],
              offer=offer["id"], by=action.actor)
    _sync_hiring(state)


def _auto_hiring(turn: E.Turn, team: Team, head: Pending) -> bool:
    """The item goes once no team's offer waits any more (it never should linger)."""
    if any(o["by"] != WORKERS for o in books(turn.state)["offers"].values()):
        return False
    turn.state.pending.pop(0)
    return True


# ====================================================================== termination
def _give_notice(turn: E.Turn, action: GiveNotice) -> None:
    state = turn.state
    _step_on(state)
    rule = section("Termination")
    team = _team_concerned(state, action, rule)
    workers = _whole(action.workers, "number of workers", rule)
    if not _stands_on_red(state, team):
        raise RuleViolation(f"Notice is given on a red field: while {team.name} stands on its "
                            "red field.", rule)
    staying = [c for c in contracts(team) if not c["notice"]]
    if workers < 1:
        raise RuleViolation("Give notice to at least one worker.", rule)
    if workers > len(staying):
        raise RuleViolation(f"{team.name} has {_workers(len(staying))} without notice, not "
                            f"{workers}.", rule)
    # The dearest contracts end first.
    for contract in sorted(staying, key=lambda c: -int(c["salary"]))[:workers]:
        contract["notice"] = True
    who = "The worker representative" if action.actor == WORKERS else team.name
    turn.emit("notice", f"{who} gives notice to {_workers(workers)} of {team.name}: they "
              "produce and are paid a last time on its next red field, then leave.",
              team=team.name, by=action.actor, workers=workers)


def _release_leaving(turn: E.Turn, team: Team) -> None:
    """The red field is over: workers whose notice took effect go back to the
    representative, unemployed."""
    mine = contracts(team)
    leaving = [c for c in mine if c["leaving"]]
    if not leaving:
        return
    mine[:] = [c for c in mine if not c["leaving"]]
    books(turn.state)["unemployed"] += len(leaving)
    _move_workers(turn, team.name, WORKERS, len(leaving), "termination")
    turn.emit("workers_leave", f"{_workers(len(leaving))} leave {team.name} and go back to the "
              "worker representative, unemployed.", team=team.name, workers=len(leaving))


# ====================================================================== strike and lockout
def _someone_on_red(state: GameState) -> bool:
    return state.current is not None and _stands_on_red(state, state.teams[state.current])


def _call_strike(turn: E.Turn, action: CallStrike) -> None:
    state = turn.state
    _step_on(state)
    rule = section("Strike")
    names = action.teams
    if (not isinstance(names, list) or not names
            or not all(isinstance(n, str) for n in names) or len(set(names)) != len(names)):
        raise RuleViolation("Name the businesses to strike, each once.", rule)
    if not _someone_on_red(state):
        raise RuleViolation("A strike is called when a business lands on a red field: wait "
                            "until one stands on red.", rule)
    for name in names:
        team = state.teams.get(name)
        if team is None or team.bankrupt:
            raise RuleViolation(f"There is no business {name!r} in the game.", rule)
        if not workers_of(team):
            raise RuleViolation(f"{name} employs no workers.", rule)
        if strike_of(state, name):
            raise RuleViolation(f"{name} is struck already.", rule)
        if locked_out(state, name):
            raise RuleViolation(f"{name} has locked its workers out.", section("Lockout"))
    strikes = books(state)["strikes"]
    for name in names:
        strikes[name] = "called"
    turn.emit("strike_called", f"The worker representative calls a strike at "
              f"{', '.join(names)}: it becomes active on each one's next red field unless "
              "settled before.", teams=list(names))


def _end_strike(turn: E.Turn, action: EndStrike) -> None:
    state = turn.state
    _step_on(state)
    rule = section("Strike")
    name = action.team
    if not isinstance(name, str) or not strike_of(state, name):
        raise RuleViolation(f"There is no strike at {name!r}.", rule)
    _stop_strike(turn, name, "The worker representative ends the strike")


def _stop_strike(turn: E.Turn, name: str, why: str) -> None:
    lab = books(turn.state)
    del lab["strikes"][name]
    turn.emit("strike_ended", f"{why} at {name}.", team=name)
    if not lab["strikes"] and lab["lockouts"]:
        ended = list(lab["lockouts"])
        lab["lockouts"] = []
        turn.emit("lockout_ended", f"No business is struck any more: the lockout of "
                  f"{', '.join(ended)} ends.", teams=ended)


def _declare_lockout(turn: E.Turn, action: DeclareLockout) -> None:
    state = turn.state
    _step_on(state)
    rule = section("Lockout")
    team = state.teams[action.actor]
    if locked_out(state, team.name):
        raise RuleViolation("Your workers are locked out already.", rule)
    if strike_of(state, team.name):
        raise RuleViolation("Your business is struck: a lockout is for the other businesses.",
                            rule)
    if not any(n != team.name for n in books(state)["strikes"]):
        raise RuleViolation("A lockout answers a strike: no business is struck now.", rule)
    if not workers_of(team):
        raise RuleViolation("You employ no workers to lock out.", rule)
    books(state)["lockouts"].append(team.name)
    turn.emit("lockout", f"{team.name} locks its workers out: no salaries and no production, "
              f"{marks(LOCKOUT_IDLE_COST)} Marks idle costs a machine on each red field.",
              team=team.name)


def _end_lockout(turn: E.Turn, action: EndLockout) -> None:
    state = turn.state
    _step_on(state)
    if not locked_out(state, action.actor):
        raise RuleViolation("Your workers are not locked out.", section("Lockout"))
    books(state)["lockouts"].remove(action.actor)
    turn.emit("lockout_ended", f"{action.actor} ends its lockout.", teams=[action.actor])


# ====================================================================== the red field
def _last_index(pending: list[Pending], kind: str) -> int | None:
    for i in range(len(pending) - 1, -1, -1):
        if pending[i].kind == kind:
            return i
    return None


def _on_landed(turn: E.Turn, team: Team, letter: str) -> None:
    state = turn.state
    if STEP not in state.config.steps:
        return
    _sync_hiring(state)  # an offer may have lost its item to a bankruptcy's cleared queue
    if letter != "R":
        return
    red_at = _last_index(state.pending, "red")
    if red_at is None:
        return
    _release_leaving(turn, team)  # (a field left unfinished cannot happen; never keep them)
    data = team.step["labor"]
    data["mark"] = len(state.ledger)
    name = team.name
    lab = state.step["labor"]
    if lab["strikes"].get(name) and not data["contracts"]:
        _stop_strike(turn, name, "No workers are left: the strike ends")
    if lab["strikes"].get(name) == "called":
        lab["strikes"][name] = "active"
        turn.emit("strike_active", f"The strike at {name} is active from this red field.",
                  team=name)
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
        before.append(Pending(SALARIES, bill, "salaries", _workers(len(data["contracts"]))))
    state.pending[red_at:red_at] = before
    state.pending.insert(red_at + len(before) + 1, Pending(PRODUCTION_ITEM))


def _idle_field(turn: E.Turn, team: Team, idle: str) -> list[Pending]:
    """A red field under strike or lockout: no salaries; the team owes idle costs, the
    representative pays strike wages to the bank."""
    lab = books(turn.state)
    per = STRIKE_IDLE_COST if idle == "strike" else LOCKOUT_IDLE_COST
    machines = len(team.machines)
    workers = workers_of(team)
    wages = int(lab["highest_salary"]) * workers
    paid = _workers_pay_bank(turn, wages, "strike wages")
    lab["strike_wages_paid"] += paid
    what = "is struck" if idle == "strike" else "has locked its workers out"
    turn.emit("idle_field", f"{team.name} {what}: no salaries, no production; idle costs "
              f"{marks(per * machines)} Marks ({machines} machine(s) at {marks(per)}). The "
              f"worker representative pays {marks(wages)} Marks strike wages for "
              f"{_workers(workers)}.{_shortfall(wages, paid)}", team=team.name, idle=idle,
              idle_costs=per * machines, strike_wages=paid)
    if not per * machines:
        return []
    return [Pending("pay", per * machines, "idle costs",
                    f"{idle}: {machines} machine(s) at {marks(per)}")]


def _auto_salaries(turn: E.Turn, team: Team, head: Pending) -> bool:
    """Salaries are paid on arrival when the cash covers them; otherwise the team raises the
    money (credit, sales to the bank), or goes bankrupt if even that cannot cover them."""
    state = turn.state
    if team.cash >= head.amount:
        state.pending.pop(0)
        _team_pays_workers(turn, team, head.amount, "salaries")
        turn.emit("salaries", f"{team.name} pays {marks(head.amount)} Marks salaries to the "
                  f"worker representative ({head.detail}).", team=team.name, amount=head.amount)
        return True
    if liquidity(state, team) >= head.amount:
        return False
    start = len(state.ledger)
    E._bankrupt(turn, team, head)
    # The bank sold the assets and took what was due first; it hands that to the
    # representative, whose claim it was.
    collected = sum(e.qty for e in state.ledger.entries[start:]
                    if e.kind == "cash" and e.source == team.name and e.target == BANK
                    and e.reason == head.reason)
    if collected:
        books(state)["cash"] += collected
        state.ledger.post(state.seq, "cash", BANK, WORKERS, collected, "salaries (bankruptcy)")
        turn.emit("salaries", f"From the bankruptcy sale the worker representative receives "
                  f"{marks(collected)} Marks of {team.name}'s salaries.", team=team.name,
                  amount=collected)
    return True


def _auto_production(turn: E.Turn, team: Team, head: Pending) -> bool:
    """After the decision: the team may still produce; without anything to produce (or once
    it has), the red field is over."""
    if producible(turn.state, team, on_red=True) >= 1:
        return False
    turn.state.pending.pop(0)
    _release_leaving(turn, team)
    return True


# ---------------------------------------------------------------- producing
_base_produce = E.HANDLERS[A.Produce]


def _produce(turn: E.Turn, action: A.Produce) -> None:
    state = turn.state
    if STEP not in state.config.steps:
        _base_produce(turn, action)
        return
    rule = section("Production")
    if state.phase == "order":
        raise RuleViolation("The game has not begun: roll for the first player.",
                            "Now We Can Begin")
    if action.actor != state.current:
        raise RuleViolation(f"It is {state.current}'s turn, not {action.actor}'s.", rule)
    team = state.teams[action.actor]
    head = state.pending[0].kind if state.pending else None
    if head not in ("red", PRODUCTION_ITEM):
        raise RuleViolation(f"Producing is not open now: {E._waiting_text(state)}", rule)
    units = _whole(action.units, "number of units", rule)
    E._need_units(units, "unit to produce", rule)
    why = _no_production(state, team, on_red=True)
    if why:
        raise RuleViolation(why, rule)
    _check_units(state, team, units, rule)
    cost = units * unit_cost(team)
    _need_cash(team, cost, f"producing {units} units", section("Production Costs"))
    _make(turn, team, units, cost, "production")
    team_data(team)["field"]["produced"] = True
    if head == PRODUCTION_ITEM:
        state.pending.pop(0)
        _release_leaving(turn, team)


_base_pass = E.HANDLERS[A.Pass]


def _pass(turn: E.Turn, action: A.Pass) -> None:
    """``pass`` at the production item: the team produces nothing on this red field."""
    state = turn.state
    if (STEP in state.config.steps and state.phase == "turn" and action.actor == state.current
            and state.pending and state.pending[0].kind == PRODUCTION_ITEM):
        team = state.teams[action.actor]
        state.pending.pop(0)
        turn.emit("pass", f"{team.name} produces nothing on this red field.", team=team.name)
        _release_leaving(turn, team)
        return
    _base_pass(turn, action)


# ---------------------------------------------------------------- selling
def _fresh_sale_refusal(state: GameState, team: Team, units: int, rule: str) -> None:
    """Refuse a market sale of more units than the team may sell now."""
    ok = sellable_finished(state, team)
    if units > ok and units <= team.finished:
        raise RuleViolation(f"{team.finished - ok} of your {team.finished} finished units were "
                            "made since you last landed on a red field: they can be sold from "
                            f"your next red field on ({ok} now). Private deals are exempt.",
                            rule)


_base_sell = E.HANDLERS[A.Sell]


def _sell(turn: E.Turn, action: A.Sell) -> None:
    state = turn.state
    if (STEP in state.config.steps and free_market.STEP not in state.config.steps
            and state.phase == "turn" and action.actor == state.current and state.pending
            and state.pending[0].kind == "red" and isinstance(action.units, int)):
        _fresh_sale_refusal(state, state.teams[action.actor], action.units,
                            section("Production"))
    _base_sell(turn, action)


_base_marketing_sale = E.HANDLERS[marketing.MarketingSale]


def _marketing_sale(turn: E.Turn, action: marketing.MarketingSale) -> None:
    state = turn.state
    if (STEP in state.config.steps and state.phase == "turn" and action.actor == state.current
            and isinstance(action.units, int) and not isinstance(action.units, bool)):
        _fresh_sale_refusal(state, state.teams[action.actor], action.units,
                            section("Production"))
    _base_marketing_sale(turn, action)


_base_marketing_sellable = marketing.sellable


def _marketing_sellable(state: GameState, team: Team) -> int:
    """Step 3's stock for its organizations, less what step 6 keeps from sale."""
    units = _base_marketing_sellable(state, team)
    if STEP in state.config.steps:
        units = min(units, sellable_finished(state, team))
    return units


def _free_market_sellable(state: GameState, team: Team) -> int:
    return sellable_finished(state, team) if STEP in state.config.steps else team.finished


# ---------------------------------------------------------------- the yellow field
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
    why = _no_production(state, team, on_red=False)
    if why:
        raise RuleViolation(why, rule)
    units = producible(state, team, on_red=False)
    if units < 1:
        raise RuleViolation("You cannot produce: you need a delivered machine with a worker, "
                            "and raw material bought before your last red field.", rule)
    cost, wages = yellow_cost(state, team, units)
    machines = machines_for(state, team, units)
    _need_cash(team, cost + wages, f"producing {units} units on {machines} machine(s) at "
               f"{marks(YELLOW_PRODUCTION_PER_MACHINE)} each plus {marks(wages)} salaries",
               rule)
    state.pending.pop(0)
    _make(turn, team, units, cost, "cost-field production")
    if wages:
        _team_pays_workers(turn, team, wages, "salaries (cost field)")
        turn.emit("salaries", f"{team.name} pays {marks(wages)} Marks salaries to the worker "
                  "representative for producing on the cost field.", team=team.name,
                  amount=wages)


def _yellow_sell_half(turn: E.Turn, team: Team) -> None:
    """The base model's sale at half price, of the units the team may sell now."""
    state = turn.state
    rule = section("Production")
    sellable = sellable_finished(state, team)
    if sellable < 1:
        raise RuleViolation("Your finished units were all made since you last landed on a red "
                            "field: they can be sold from your next red field on.", rule)
    units = min(sellable, open_dimples(state.market, state.config.zone_capacity))
    prices = [p // 2 for p in sale_prices(state, team, units, advertising=False)]
    revenue = sum(prices)
    state.pending.pop(0)
    _to_market(turn, team, "finished", units, "sale at half price")
    _cash(turn, None, team, revenue, "sale at half price")
    team.sales_total += revenue
    E._hook("sale", turn, team, revenue)
    turn.emit("cost_sell_half", f"{team.name} sells {units} units at half price for "
              f"{marks(revenue)} Marks (those made since its last red field stay).",
              team=team.name, units=units, revenue=revenue)


# ---------------------------------------------------------------- the roll
_base_roll = E.HANDLERS[A.Roll]


def _roll(turn: E.Turn, action: A.Roll) -> None:
    state = turn.state
    if (STEP in state.config.steps and state.phase == "turn" and action.actor == state.current
            and state.pending and state.pending[0].kind == HIRING):
        raise RuleViolation("The worker representative answers the open hiring offer first.",
                            section("Hiring"))
    _base_roll(turn, action)


# ====================================================================== laps and rounds
def _on_close_year(turn: E.Turn, team: Team) -> None:
    """The first team completes its first lap: the unused workers leave the game, salaries
    are free from now on and unemployment support is due."""
    state = turn.state
    if STEP not in state.config.steps:
        return
    lab = books(state)
    if lab["first_lap_done"]:
        return
    lab["first_lap_done"] = True
    unused = int(lab["pool"])
    lab["pool"] = 0
    lab["retired"] += unused
    _move_workers(turn, WORKERS, RETIRED, unused, "retired after the first lap")
    turn.emit("workers_retired", f"{team.name} completes the first lap: the worker "
              f"representative returns {_workers(unused)} never hired; from now on salaries "
              "are negotiated freely and unemployment support is paid.", team=team.name,
              workers=unused)


def _on_round_end(turn: E.Turn) -> None:
    """The die passes the representative (between the last seat and the first): support for
    every unemployed worker at the highest negotiated salary, to the bank."""
    state = turn.state
    if STEP not in state.config.steps:
        return
    lab = books(state)
    jobless = int(lab["unemployed"])
    if not lab["first_lap_done"] or not jobless:
        return
    due = jobless * int(lab["highest_salary"])
    paid = _workers_pay_bank(turn, due, "unemployment support")
    lab["support_paid"] += paid
    turn.emit("unemployment_support", f"The worker representative pays {marks(due)} Marks "
              f"unemployment support for {_workers(jobless)} at "
              f"{marks(lab['highest_salary'])} Marks.{_shortfall(due, paid)}",
              workers=jobless, amount=paid)


def _on_bankrupt(turn: E.Turn, team: Team) -> None:
    """A bankrupt business lets its workers go (unemployed); its offers, strike and lockout
    end."""
    state = turn.state
    if STEP not in state.config.steps:
        return
    lab = books(state)
    staff = workers_of(team)
    if staff:
        contracts(team).clear()
        lab["unemployed"] += staff
        _move_workers(turn, team.name, WORKERS, staff, "bankruptcy")
        turn.emit("workers_leave", f"{_workers(staff)} of {team.name} lose their jobs and go "
                  "back to the worker representative, unemployed.", team=team.name,
                  workers=staff)
    for key in [k for k, o in lab["offers"].items() if o["team"] == team.name]:
        del lab["offers"][key]
    if team.name in lab["lockouts"]:
        lab["lockouts"].remove(team.name)
    if strike_of(state, team.name):
        _stop_strike(turn, team.name, "The business is bankrupt: the strike ends")
    team_data(team)["field"] = None
    _sync_hiring(state)


# ====================================================================== split duties
MARKETING_FINANCE = "marketing_finance"
PURCHASE_PRODUCTION_LABOR = "purchase_production_labor"
#: "One manages the marketing and financial aspects and the other manages the purchase,
#: production and labor aspects of the business." Per action type; None: either player
#: (moving the pawn, fields that are no business decision, moves of the bank and the
#: representative). Steps that add action types add them here.
DUTIES: dict[str, str | None] = {
    # the turn itself
    "roll": None, "pass": None, "buy_web": None, "draw_risk": None, "personal_goal": None,
    # marketing and finance
    "sell": MARKETING_FINANCE, "offer_sale": MARKETING_FINANCE, "bid": MARKETING_FINANCE,
    "match_bid": MARKETING_FINANCE, "withdraw_bid": MARKETING_FINANCE,
    "marketing_sale": MARKETING_FINANCE, "found_marketing": MARKETING_FINANCE,
    "close_marketing": MARKETING_FINANCE, "pay_marketing": MARKETING_FINANCE,
    "web_advertising": MARKETING_FINANCE, "take_credit": MARKETING_FINANCE,
    "repay_credit": MARKETING_FINANCE, "repay_private": MARKETING_FINANCE,
    "sell_back": MARKETING_FINANCE, "propose_deal": MARKETING_FINANCE,
    "accept_deal": MARKETING_FINANCE, "reject_deal": MARKETING_FINANCE,
    "withdraw_deal": MARKETING_FINANCE,
    # purchase, production and labor
    "purchase": PURCHASE_PRODUCTION_LABOR, "auction_bid": PURCHASE_PRODUCTION_LABOR,
    "auction_pass": PURCHASE_PRODUCTION_LABOR, "invest": PURCHASE_PRODUCTION_LABOR,
    "produce": PURCHASE_PRODUCTION_LABOR, "buy_computer": PURCHASE_PRODUCTION_LABOR,
    "web_lease_computer": PURCHASE_PRODUCTION_LABOR, "renew_lease": PURCHASE_PRODUCTION_LABOR,
    "web_efficiency": PURCHASE_PRODUCTION_LABOR, "write_off": PURCHASE_PRODUCTION_LABOR,
    "offer_hire": PURCHASE_PRODUCTION_LABOR, "accept_hire": PURCHASE_PRODUCTION_LABOR,
    "reject_hire": PURCHASE_PRODUCTION_LABOR, "give_notice": PURCHASE_PRODUCTION_LABOR,
    "declare_lockout": PURCHASE_PRODUCTION_LABOR, "end_lockout": PURCHASE_PRODUCTION_LABOR,
    # not team moves
    "call_time": None, "correction": None, "close_bidding": None, "close_auction": None,
    "call_strike": None, "end_strike": None,
}
#: The yellow field's options: selling is marketing, producing is production.
COST_OPTION_DUTIES: dict[str, str | None] = {
    "sell_half": MARKETING_FINANCE, "produce": PURCHASE_PRODUCTION_LABOR, "idle": None,
    "web": None,
}


def duty_of(action: A.Action) -> str | None:
    """Which of two players running one business may make ``action``:
    ``"marketing_finance"``, ``"purchase_production_labor"``, or None for either."""
    if isinstance(action, A.CostChoice):
        return COST_OPTION_DUTIES.get(action.option)
    return DUTIES.get(action.type)


# ====================================================================== legal moves
def _listed_production(state: GameState, team: Team, on_red: bool) -> int:
    """Units the team may produce and can pay for now."""
    affordable = team.cash // unit_cost(team)
    if affordable <= 0:  # ``producible`` is never below 0: the minimum is this
        return affordable
    return min(producible(state, team, on_red), affordable)


def _production_choices(state: GameState, team: Team) -> list[Choice]:
    if state.current != team.name:
        return []
    out = [Choice(A.Pass)]
    units = _listed_production(state, team, on_red=True)
    if units:
        out.append(Choice(A.Produce, param="units", values=range(1, units + 1)))
    return out


def _adjust_turn(state: GameState, team: Team, choices: list[Choice]) -> list[Choice]:
    """Red field: production beside the decision, sales of what may be sold; yellow field:
    production at 3,000 a machine plus salaries, half-price sale of what may be sold."""
    if STEP not in state.config.steps or state.current != team.name or not state.pending:
        return choices
    head = state.pending[0].kind
    if head == "red":
        return _adjust_red(state, team, choices)
    if head == "yellow":
        return _adjust_yellow(state, team, choices)
    return choices


def _adjust_red(state: GameState, team: Team, choices: list[Choice]) -> list[Choice]:
    sellable: int | None = None  # counted when there is a sale (with step 1 it is an offer)
    out = []
    for c in choices:
        if c.cls is A.Produce:
            continue
        if c.cls is A.Sell and c.param == "units":
            if sellable is None:
                sellable = sellable_finished(state, team)
            values = [v for v in c.values if v <= sellable]
            if not values:
                continue
            c = Choice(A.Sell, dict(c.fixed), "units", values)
        out.append(c)
    units = _listed_production(state, team, on_red=True)
    if units:
        out.append(Choice(A.Produce, param="units", values=range(1, units + 1)))
    return out


def _adjust_yellow(state: GameState, team: Team, choices: list[Choice]) -> list[Choice]:
    out = [c for c in choices if not (
        c.cls is A.CostChoice and c.fixed.get("option") in ("produce", "sell_half"))]
    if sellable_finished(state, team) >= 1:
        out.append(Choice(A.CostChoice, {"option": "sell_half"}))
    units = producible(state, team, on_red=False)
    if units and team.cash >= sum(yellow_cost(state, team, units)):
        out.append(Choice(A.CostChoice, {"option": "produce"}))
    return out


def _can_lock_out(state: GameState, team: Team) -> bool:
    lab = books(state)
    name = team.name
    strikes = lab["strikes"]
    return (bool(strikes) and name not in lab["lockouts"] and not strikes.get(name)
            and len(team.step["labor"]["contracts"]) > 0 and any(n != name for n in strikes))


def _own_offer(lab: dict[str, Any], name: str) -> dict[str, Any] | None:
    """``open_offer`` without the copy, for reading only."""
    for offer in lab["offers"].values():
        if offer["team"] == name:
            found: dict[str, Any] = offer
            return found
    return None


def _team_any_time(state: GameState, team: Team) -> list[Choice]:
    if STEP not in state.config.steps or state.phase == "ended":
        return []
    lab = state.step["labor"]
    name = team.name
    out: list[Choice] = []
    offer = _own_offer(lab, name)
    if offer is None:
        most = min(int(lab["pool"]) + int(lab["unemployed"]), LISTED_HIRES)
        if most:
            out.extend(Choice(OfferHire, {"salary": s}, "workers", range(1, most + 1),
                              any_time=True) for s in salary_options(state))
    elif offer["by"] == WORKERS:
        if offer["workers"] <= int(lab["pool"]) + int(lab["unemployed"]):
            out.append(Choice(AcceptHire, {"offer": offer["id"]}, any_time=True))
        out.append(Choice(RejectHire, {"offer": offer["id"]}, any_time=True))
    else:
        out.append(Choice(RejectHire, {"offer": offer["id"]}, any_time=True))
    staying = 0
    for c in team.step["labor"]["contracts"]:
        if not c["notice"]:
            staying += 1
    if staying and _stands_on_red(state, team):
        out.append(Choice(GiveNotice, param="workers", values=range(1, staying + 1),
                          any_time=True))
    if lab["strikes"] and _can_lock_out(state, team):
        out.append(Choice(DeclareLockout, any_time=True))
    if name in lab["lockouts"]:
        out.append(Choice(EndLockout, any_time=True))
    return out


def _representative_choices(state: GameState, actor: str) -> list[Choice]:
    """The representative's moves: answering a team's offer is what the game waits for; the
    rest (offers, notices, strikes) it may make at any time they are allowed."""
    if actor != WORKERS or STEP not in state.config.steps:
        return []
    out: list[Choice] = []
    spare = available(state)
    for offer in books(state)["offers"].values():
        if offer["by"] == WORKERS:
            out.append(Choice(RejectHire, {"offer": offer["id"]}, any_time=True))
            continue
        if offer["workers"] <= spare:
            out.append(Choice(AcceptHire, {"offer": offer["id"]}))
        out.append(Choice(RejectHire, {"offer": offer["id"]}))
    active = [t for t in state.teams.values() if not t.bankrupt]
    if spare:
        for team in active:
            if open_offer(state, team.name) is None:
                out.extend(Choice(OfferHire, {"team": team.name, "salary": s}, "workers",
                                  range(1, min(spare, LISTED_HIRES) + 1), any_time=True)
                           for s in salary_options(state))
    current = state.teams.get(state.current) if state.current else None
    if current is not None and _stands_on_red(state, current):
        staying = sum(1 for c in contracts(current) if not c["notice"])
        if staying:
            out.append(Choice(GiveNotice, {"team": current.name}, "workers",
                              range(1, staying + 1), any_time=True))
        for team in active:
            if workers_of(team) and not strike_of(state, team.name) and not locked_out(
                    state, team.name):
                out.append(Choice(CallStrike, {"teams": [team.name]}, any_time=True))
    for name in books(state)["strikes"]:
        out.append(Choice(EndStrike, {"team": name}, any_time=True))
    return out


def _greedy_hint(state: GameState, team: Team, choices: list[Choice] | None
                 ) -> A.Action | None:
    """A greedy team keeps one worker for each machine it holds, no more; before the unused
    workers retire it hires one at least, for the machine it is about to buy.

    ``choices``: the team's legal moves, or None: then only this step's any-time moves are
    listed, and only when the decision needs one (the hint picks nothing else, and no other
    code lists hiring, accepting or notice for a team, so it picks the same move)."""
    if STEP not in state.config.steps:
        return None
    lab = state.step["labor"]
    target = len(team.machines)
    if not lab["first_lap_done"]:
        target = max(target, GREEDY_EARLY_HIRES)
    staying = 0
    for c in team.step["labor"]["contracts"]:
        if not c["notice"]:
            staying += 1
    need = target - staying
    offer = _own_offer(lab, team.name)
    if offer is not None:
        if offer["by"] == WORKERS and 0 < offer["workers"] <= need:
            for c in choices if choices is not None else _team_any_time(state, team):
                if c.cls is AcceptHire:
                    return c.pick(team.name, 0)
        return None
    # Without an open offer, hiring is listed unless the representative has no worker.
    if need > 0 and lab["last_rejected"].get(team.name) != team.rolls and (
            choices is not None or int(lab["pool"]) + int(lab["unemployed"]) != 0):
        listed = choices if choices is not None else _team_any_time(state, team)
        hires = [c for c in listed if c.cls is OfferHire]
        if hires:
            cheapest = min(hires, key=lambda c: int(c.fixed["salary"]))
            return cheapest.pick(team.name, min(need, cheapest.size()) - 1)
    if need < 0:  # a worker stays: notice is listed while the team stands on red
        if choices is None and not _stands_on_red(state, team):
            return None
        for c in choices if choices is not None else _team_any_time(state, team):
            if c.cls is GiveNotice:
                return c.pick(team.name, min(-need, c.size()) - 1)
    return None


# ====================================================================== views and checks
def _view(state: GameState, viewer: str) -> dict[str, Any]:
    if STEP not in state.config.steps:
        return {}
    lab = books(state)
    out: dict[str, Any] = {
        "pool": lab["pool"], "unemployed": lab["unemployed"], "retired": lab["retired"],
        "available": available(state), "first_lap_done": lab["first_lap_done"],
        "highest_salary": lab["highest_salary"], "strikes": dict(lab["strikes"]),
        "lockouts": list(lab["lockouts"]),
        "workers": {t.name: workers_of(t) for t in state.teams.values()},
        "notice": {t.name: sum(1 for c in contracts(t) if c["notice"])
                   for t in state.teams.values()},
        "support_paid": lab["support_paid"], "strike_wages_paid": lab["strike_wages_paid"],
        "offers": [dict(o) for o in lab["offers"].values()
                   if viewer in (BANK, WORKERS) or viewer == o["team"]],
    }
    # The representative is a party to every contract and keeps its own account; the teams'
    # books (their cash, loans, balance sheets) stay hidden from it, as at the table.
    if viewer in (BANK, WORKERS):
        out["cash"] = lab["cash"]
        out["salaries"] = {t.name: [c["salary"] for c in contracts(t)]
                           for t in state.teams.values()}
    elif viewer in state.teams:
        team = state.teams[viewer]
        out["mine"] = {
            "salaries": [c["salary"] for c in contracts(team)],
            "salary_bill": salary_bill(team),
            "production_capacity": staffed_capacity(state, team),
            "raw_usable": usable_raw(state, team),
            "finished_sellable": sellable_finished(state, team),
            "field": team_data(team)["field"],
        }
    return {"labor": out}


def _problems(state: GameState) -> list[str]:
    """The representative's books against the ledger and the contracts. After every action of
    a simulation: one pass over the teams, the ledger's running balances read directly (the
    same facts, messages and order as asking ``balance`` fact by fact)."""
    if STEP not in state.config.steps:
        return []
    lab = state.step.get("labor")
    if lab is None:
        return ["the labor market's books are missing"]
    out = []
    accounts = state.ledger.accounts
    rep = accounts.get(WORKERS, EMPTY_ACCOUNT)
    cash = lab["cash"]
    on_books = rep.get("cash", 0)
    if on_books != cash:
        out.append(f"worker representative: ledger cash {on_books}, books {cash}")
    if cash < 0:
        out.append(f"worker representative has negative cash {cash}")
    employed = 0
    for team in state.teams.values():
        staff = len(team.step["labor"]["contracts"])
        employed += staff
        name = team.name
        on_books = accounts.get(name, EMPTY_ACCOUNT).get(WORKER, 0)
        if on_books != staff:
            out.append(f"{name}: ledger workers {on_books}, contracts {staff}")
        if team.bankrupt and staff:
            out.append(f"bankrupt {name} still employs {staff}")
    pool, unemployed, retired = lab["pool"], lab["unemployed"], lab["retired"]
    if min(pool, unemployed, retired) < 0:
        out.append(f"negative worker counts {(pool, unemployed, retired)}")
    total = pool + unemployed + retired + employed
    if total != state.config.limits.workers:
        out.append(f"{total} workers counted, not {state.config.limits.workers}")
    if rep.get(WORKER, 0) != pool + unemployed:
        out.append("ledger and representative disagree on its workers")
    if accounts.get(RETIRED, EMPTY_ACCOUNT).get(WORKER, 0) != retired:
        out.append("ledger and representative disagree on the retired workers")
    if lab["first_lap_done"] and pool:
        out.append("unused workers left after the first lap")
    strikes, lockouts, offers = lab["strikes"], lab["lockouts"], lab["offers"]
    if strikes or lockouts or offers:
        names = set(strikes) | set(lockouts) | {o["team"] for o in offers.values()}
        for name in names:
            if name not in state.teams or state.teams[name].bankrupt:
                out.append(f"labor market data for {name!r}, not a team in the game")
        if lockouts and not strikes:
            out.append("a lockout without a strike")
    return out


def _waiting_hiring(state: GameState) -> str:
    # Who asks, not on what terms: those are between the team and the representative.
    asking = [o["team"] for o in books(state)["offers"].values() if o["by"] != WORKERS]
    return f"the worker representative's answer to the hiring offer of {', '.join(asking)}."


# ====================================================================== registration
E.HANDLERS[OfferHire] = _offer_hire
E.HANDLERS[AcceptHire] = _accept_hire
E.HANDLERS[RejectHire] = _reject_hire
E.HANDLERS[GiveNotice] = _give_notice
E.HANDLERS[CallStrike] = _call_strike
E.HANDLERS[EndStrike] = _end_strike
E.HANDLERS[DeclareLockout] = _declare_lockout
E.HANDLERS[EndLockout] = _end_lockout
E.HANDLERS[A.Produce] = _produce
E.HANDLERS[A.Pass] = _pass
E.HANDLERS[A.Sell] = _sell
E.HANDLERS[A.CostChoice] = _cost_choice
E.HANDLERS[A.Roll] = _roll
E.HANDLERS[marketing.MarketingSale] = _marketing_sale
marketing.sellable = _marketing_sellable  # step 3 reads its stock through this name
free_market.SELLABLE.append(_free_market_sellable)
E.ACTOR_ACTIONS[WORKERS] = {CallStrike, EndStrike}
E.SHARED_ACTIONS[WORKERS] = {OfferHire, AcceptHire, RejectHire, GiveNotice}
E.AUTO[HIRING] = _auto_hiring
E.AUTO[SALARIES] = _auto_salaries
E.AUTO[PRODUCTION_ITEM] = _auto_production
E.WAITING_TEXTS[HIRING] = _waiting_hiring
E.WAITING_TEXTS[SALARIES] = lambda state: (  # the amount is the team's business: not shown
    f"{state.current}'s salaries to the worker representative ({state.current} raises the "
    "cash).")
E.WAITING_TEXTS[PRODUCTION_ITEM] = lambda state: (
    f"{state.current}'s production on its red field (produce, or pass).")
E.HOOKS["set_up"].append(_set_up)
E.HOOKS["landed"].append(_on_landed)
E.HOOKS["close_year"].append(_on_close_year)
E.HOOKS["round_end"].append(_on_round_end)
E.HOOKS["bankrupt"].append(_on_bankrupt)
legal.WAITING[HIRING] = lambda state: [WORKERS]
legal.PENDING_CHOICES[PRODUCTION_ITEM] = _production_choices
legal.TURN_CHOICE_FILTERS.append(_adjust_turn)
legal.ANY_TIME_CHOICES.append(_team_any_time)
legal.ACTOR_CHOICES.append(_representative_choices)
bots.GREEDY_HINTS.append(_greedy_hint)
views.EXTRA_VIEWS.append(_view)
views.EXTRA_VIEWERS[WORKERS] = lambda state: STEP in state.config.steps
invariants.EXTRA_CHECKS.append(_problems)
