"""The greedy bot's labor policy: one worker for each machine, hired at the cheapest listed
salary, notice for the rest.

Rulebook: "Hiring", "Termination" (a policy, not a rule)."""

from __future__ import annotations

from ...actions import Action
from ...choice import Choice
from ...state import GameState, Team
from .actions import AcceptHire, GiveNotice, OfferHire
from .checks import stands_on_red
from .choices import own_offer, team_any_time
from .constants import STEP, WORKERS

#: Workers a greedy bot hires before the first lap, machines or not.
GREEDY_EARLY_HIRES = 1


def greedy_hint(state: GameState, team: Team, choices: list[Choice] | None
                 ) -> Action | None:
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
    offer = own_offer(lab, team.name)
    if offer is not None:
        if offer["by"] == WORKERS and 0 < offer["workers"] <= need:
            for c in choices if choices is not None else team_any_time(state, team):
                if c.cls is AcceptHire:
                    return c.pick(team.name, 0)
        return None
    # Without an open offer, hiring is listed unless the representative has no worker.
    if need > 0 and lab["last_rejected"].get(team.name) != team.rolls and (
            choices is not None or int(lab["pool"]) + int(lab["unemployed"]) != 0):
        listed = choices if choices is not None else team_any_time(state, team)
        hires = [c for c in listed if c.cls is OfferHire]
        if hires:
            cheapest = min(hires, key=lambda c: int(c.fixed["salary"]))
            return cheapest.pick(team.name, min(need, cheapest.size()) - 1)
    if need < 0:  # a worker stays: notice is listed while the team stands on red
        if choices is None and not stands_on_red(state, team):
            return None
        for c in choices if choices is not None else team_any_time(state, team):
            if c.cls is GiveNotice:
                return c.pick(team.name, min(-need, c.size()) - 1)
    return None
