"""Legal choices with step 6: production beside the red decision and at the production item,
sales held to what may be sold, the yellow field's options, hiring, notice and lockouts for
the teams at any time, and the representative's moves.

Rulebook: "Hiring", "Termination", "Strike", "Lockout", "Production", "The Yellow Cost
Field"."""

from __future__ import annotations

from typing import Any

from ...actions import Action, CostChoice, Pass, Produce, Sell
from ...choice import Choice
from ...state import GameState, Team
from ...turn_checks import allowed
from .actions import (
    AcceptHire,
    CallStrike,
    DeclareLockout,
    EndLockout,
    EndStrike,
    GiveNotice,
    OfferHire,
    RejectHire,
)
from .books import (
    available,
    books,
    contracts,
    open_offer,
    salary_options,
)
from .checks import stands_on_red
from .constants import PRODUCTION_ITEM, STEP, WORKERS
from .fresh_goods import sellable_finished
from .production import producible, unit_cost

#: How many workers a listed hiring choice offers at most (bots, the site's buttons).
LISTED_HIRES = 4


def _listed_production(state: GameState, team: Team, on_red: bool) -> int:
    """Units the team may produce and can pay for now."""
    affordable = team.cash // unit_cost(team)
    if affordable <= 0:  # ``producible`` is never below 0: the minimum is this
        return affordable
    return min(producible(state, team, on_red), affordable)


def production_choices(state: GameState, team: Team) -> list[Choice]:
    if state.current != team.name:
        return []
    out = [Choice(Pass)]
    units = _listed_production(state, team, on_red=True)
    if units:
        out.append(Choice(Produce, param="units", values=range(1, units + 1)))
    return out


def adjust_turn(state: GameState, team: Team, choices: list[Choice]) -> list[Choice]:
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
        if c.cls is Produce:
            continue
        if c.cls is Sell and c.param == "units":
            if sellable is None:
                sellable = sellable_finished(state, team)
            values = [v for v in c.values if v <= sellable]
            if not values:
                continue
            c = Choice(Sell, dict(c.fixed), "units", values)
        out.append(c)
    units = _listed_production(state, team, on_red=True)
    if units:
        out.append(Choice(Produce, param="units", values=range(1, units + 1)))
    return out


def _adjust_yellow(state: GameState, team: Team, choices: list[Choice]) -> list[Choice]:
    # The options come filtered by the composed checks, step 6's wrap of the yellow field's
    # (``yellow_field.check_cost_choice``) included; with step 6 the half-price sale and
    # production are listed last, which the seeded bots' picks depend on.
    moved = [c for c in choices
             if c.cls is CostChoice and c.fixed.get("option") in ("sell_half", "produce")]
    return [c for c in choices if c not in moved] + moved


def production_item_moves(state: GameState, team: Team, moves: list[Action]) -> list[Action]:
    """At the production item after the red decision the team may produce
    (``PART.nearest_moves``)."""
    if (STEP in state.config.steps and state.current == team.name and state.pending
            and state.pending[0].kind == PRODUCTION_ITEM):
        return [*moves, Produce(team.name, units=1)]
    return moves


def own_offer(lab: dict[str, Any], name: str) -> dict[str, Any] | None:
    """``open_offer`` without the copy, for reading only."""
    for offer in lab["offers"].values():
        if offer["team"] == name:
            found: dict[str, Any] = offer
            return found
    return None


def team_any_time(state: GameState, team: Team) -> list[Choice]:
    if STEP not in state.config.steps or state.phase == "ended":
        return []
    lab = state.step["labor"]
    name = team.name
    out: list[Choice] = []
    offer = own_offer(lab, name)
    if offer is None:
        most = min(int(lab["pool"]) + int(lab["unemployed"]), LISTED_HIRES)
        if most:
            out.extend(Choice(OfferHire, {"salary": s}, "workers", range(1, most + 1),
                              any_time=True) for s in salary_options(state))
    elif offer["by"] == WORKERS:
        if allowed(state, AcceptHire(name, offer=offer["id"])):
            out.append(Choice(AcceptHire, {"offer": offer["id"]}, any_time=True))
        out.append(Choice(RejectHire, {"offer": offer["id"]}, any_time=True))
    else:
        out.append(Choice(RejectHire, {"offer": offer["id"]}, any_time=True))
    # The workers without notice bound the range; the check decides at one worker (the red
    # field, the step).
    staying = 0
    for c in team.step["labor"]["contracts"]:
        if not c["notice"]:
            staying += 1
    if staying and allowed(state, GiveNotice(name, workers=1)):
        out.append(Choice(GiveNotice, param="workers", values=range(1, staying + 1),
                          any_time=True))
    if lab["strikes"] and allowed(state, DeclareLockout(name)):
        out.append(Choice(DeclareLockout, any_time=True))
    if name in lab["lockouts"] and allowed(state, EndLockout(name)):  # gate: no refusal raised
        out.append(Choice(EndLockout, any_time=True))
    return out


def representative_choices(state: GameState, actor: str) -> list[Choice]:
    """The representative's moves: answering a team's offer is what it is asked beside play
    (``hiring.asked``; listed as its moves proper, so a bot that is asked answers it); the
    rest (offers, notices, strikes) it may make at any time they are allowed."""
    if actor != WORKERS or STEP not in state.config.steps:
        return []
    out: list[Choice] = []
    spare = available(state)
    for offer in books(state)["offers"].values():
        if offer["by"] == WORKERS:
            out.append(Choice(RejectHire, {"offer": offer["id"]}, any_time=True))
            continue
        if allowed(state, AcceptHire(WORKERS, offer=offer["id"])):
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
    if current is not None and stands_on_red(state, current):
        staying = sum(1 for c in contracts(current) if not c["notice"])
        if staying:
            out.append(Choice(GiveNotice, {"team": current.name}, "workers",
                              range(1, staying + 1), any_time=True))
        for team in active:
            if allowed(state, CallStrike(WORKERS, teams=[team.name])):
                out.append(Choice(CallStrike, {"teams": [team.name]}, any_time=True))
    for name in books(state)["strikes"]:
        out.append(Choice(EndStrike, {"team": name}, any_time=True))
    return out
