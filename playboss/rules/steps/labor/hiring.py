"""Hiring: offers either way between a team and the representative, answered or withdrawn.
An offer waits beside play, like a private deal: nobody's turn waits for its answer, the
representative answers a team's offer whenever it likes (``asked``: the actors a question
waits for beside play), and the team plays on meanwhile. Until the first team completes its
first lap a salary is 500 Marks.

Rulebook: "Hiring" ("Hiring can occur at any time"), "Labor Costs"."""

from __future__ import annotations

from typing import Any

from ...errors import RuleViolation, marks
from ...state import GameState, Team
from ...turn import ALL, Turn
from .actions import AcceptHire, OfferHire, RejectHire
from .books import available, books, contracts, move_workers, open_offer, workers_of
from .checks import require_step, team_concerned, whole_number
from .constants import START_SALARY, STEP, WORKERS, section


def asked(state: GameState) -> list[str]:
    """Who a question waits for beside play: the representative while a team's hiring offer
    is open (``RulePart.asked``). The game does not wait for it."""
    if STEP not in state.config.steps or state.phase == "ended":
        return []
    for o in books(state)["offers"].values():
        if o["by"] != WORKERS:
            return [WORKERS]
    return []


def check_offer_hire(state: GameState, action: OfferHire) -> tuple[Team, int, int]:
    """The team the offer is for, and its workers and salary."""
    require_step(state)
    rule = section("Hiring")
    team = team_concerned(state, action, rule)
    workers = whole_number(action.workers, "number of workers", rule, code="workers_whole_number")
    salary = whole_number(action.salary, "salary", rule, code="salary_whole_number")
    lab = books(state)
    if workers < 1:
        raise RuleViolation("Offer at least one worker.", rule, code="offer_at_least_one_worker")
    if salary < 0:
        raise RuleViolation("A salary cannot be below 0 Marks.", rule, code="salary_negative",
                            params={"salary": salary})
    if not lab["first_lap_done"] and salary != START_SALARY:
        raise RuleViolation(f"Until the first team completes its first year the salary is "
                            f"{marks(START_SALARY)} Marks a worker; then it is negotiated "
                            "freely.", section("Labor Costs"), code="start_salary",
                            params={"salary": START_SALARY})
    if workers > available(state):
        raise RuleViolation(f"The worker representative has {available(state)} worker(s) to "
                            f"hire out, not {workers}.", rule, code="workers_left",
                            params={"have": available(state), "workers": workers})
    standing = open_offer(state, team.name)
    if standing is not None:
        raise RuleViolation(f"Hiring offer {standing['id']} between {team.name} and the worker "
                            "representative is open: answer or withdraw it first.", rule,
                            code="hiring_offer_open",
                            params={"offer": standing["id"], "team": team.name})
    return team, workers, salary


def offer_hire(turn: Turn, action: OfferHire) -> None:
    state = turn.state
    team, workers, salary = check_offer_hire(state, action)
    lab = books(state)
    oid = state.new_id()
    lab["offers"][str(oid)] = {"id": oid, "team": team.name, "by": action.actor,
                               "workers": workers, "salary": salary}
    turn.emit("hire_offered", ALL, team=team.name, by=action.actor, offer=oid, workers=workers,
              salary=salary)


def _offer_to_answer(state: GameState, action: AcceptHire | RejectHire, rule: str
                     ) -> dict[str, Any]:
    oid = whole_number(action.offer, "offer number", rule, code="offer_whole_number")
    offer: dict[str, Any] | None = books(state)["offers"].get(str(oid))
    if offer is None:
        raise RuleViolation(f"There is no open hiring offer {oid}.", rule,
                            code="no_hiring_offer", params={"offer": oid})
    return offer


def _answerer(offer: dict[str, Any]) -> str:
    return str(offer["team"]) if offer["by"] == WORKERS else WORKERS


def check_accept_hire(state: GameState, action: AcceptHire) -> dict[str, Any]:
    """The offer its answerer accepts."""
    require_step(state)
    rule = section("Hiring")
    offer = _offer_to_answer(state, action, rule)
    answerer = _answerer(offer)
    if action.actor != answerer:
        who = "the worker representative" if answerer == WORKERS else answerer
        raise RuleViolation(f"Offer {offer['id']} waits for {who}'s answer.", rule,
                            code="hiring_offer_waits",
                            params={"offer": offer["id"], "who": answerer})
    workers = int(offer["workers"])
    if workers > available(state):
        raise RuleViolation(f"The worker representative has {available(state)} worker(s) "
                            f"left, not {workers}.", rule, code="workers_left",
                            params={"have": available(state), "workers": workers})
    return offer


def accept_hire(turn: Turn, action: AcceptHire) -> None:
    state = turn.state
    offer = check_accept_hire(state, action)
    workers, salary = int(offer["workers"]), int(offer["salary"])
    lab = books(state)
    team = state.teams[offer["team"]]
    del lab["offers"][str(offer["id"])]
    from_unemployed = min(workers, int(lab["unemployed"]))
    lab["unemployed"] -= from_unemployed
    lab["pool"] -= workers - from_unemployed
    lab["highest_salary"] = max(int(lab["highest_salary"]), salary)
    contracts(team).extend({"salary": salary, "notice": False, "leaving": False}
                           for _ in range(workers))
    move_workers(turn, WORKERS, team.name, workers, "hiring")
    turn.emit("hired", ALL, team=team.name, offer=offer["id"], workers=workers, salary=salary,
              employs=workers_of(team))


def check_reject_hire(state: GameState, action: RejectHire) -> dict[str, Any]:
    """The offer its answerer turns down, or its maker withdraws."""
    require_step(state)
    rule = section("Hiring")
    offer = _offer_to_answer(state, action, rule)
    answerer = _answerer(offer)
    if action.actor not in (answerer, offer["by"]):
        raise RuleViolation(f"Offer {offer['id']} is between {offer['team']} and the worker "
                            "representative.", rule, code="hiring_offer_parties",
                            params={"offer": offer["id"], "team": offer["team"]})
    return offer


def reject_hire(turn: Turn, action: RejectHire) -> None:
    state = turn.state
    offer = check_reject_hire(state, action)
    lab = books(state)
    del lab["offers"][str(offer["id"])]
    if action.actor == _answerer(offer):
        team = state.teams[offer["team"]]
        lab["last_rejected"][team.name] = team.rolls  # a greedy bot does not ask twice a turn
        how = "rejected"
    else:
        how = "withdrawn"
    turn.emit("hire_rejected", ALL, team=offer["team"], offer=offer["id"], by=action.actor,
              how=how)


def going_salary(state: GameState) -> int:
    """The going salary: 500 Marks until the first team completes its first lap, then the
    highest salary negotiated so far ("Unemployment Support": "the highest negotiated
    salary")."""
    lab = books(state)
    return START_SALARY if not lab["first_lap_done"] else int(lab["highest_salary"])


def answer_at_going_salary(state: GameState) -> AcceptHire | RejectHire | None:
    """The answer the teacher may let a bot give for the representative: the oldest team's
    offer waiting for it is accepted when it pays the going salary or more and the
    representative has the workers, else turned down; None when no offer waits."""
    if not asked(state):
        return None
    offer = min((o for o in books(state)["offers"].values() if o["by"] != WORKERS),
                key=lambda o: int(o["id"]))
    if int(offer["salary"]) >= going_salary(state) and int(offer["workers"]) <= available(
            state):
        return AcceptHire(WORKERS, offer=int(offer["id"]))
    return RejectHire(WORKERS, offer=int(offer["id"]))
