"""Step 6 as a careful team plays it: a worker for every machine it holds or is buying.

A worker costs a salary on every red field whether the machine runs or not ("Labor Costs"),
so a team hires only for a machine: one it holds, or the first one it is about to buy (it may
wait a few fields for the write-off field to pass) while the unused workers are still in play
- they leave the game when the first team finishes its first year ("6. Step: Labor Market"),
and after that a team without a worker never produces. Hiring can occur at any time. A worker
beyond the machines gets notice ("Termination"), unless it is the one hired for the machine
being bought.

The greedy bot's policy (``steps/labor/bot_hints.py``: one worker hired early, machine or
not) is the greedy bot's and stays as it is; this module is the sensible bot's.
"""

from __future__ import annotations

from ..actions import Action
from ..legal import legal_choices
from ..state import GameState, Team
from .planning import LABOR, workers

#: The representative's party name in step 6 (``steps/labor/constants.WORKERS``).
REPRESENTATIVE = "workers"


def staying(team: Team) -> int:
    """Workers without notice."""
    return sum(1 for c in team.step["labor"]["contracts"] if not c["notice"])


def workers_wanted(state: GameState, team: Team, buying: bool) -> int:
    """One for each machine the team holds (a double machine needs one too: "Double
    Production"); one for the machine it is buying (``buying``): the unused workers leave
    the game once the first team finishes its first year, and a machine without a worker
    produces nothing."""
    if buying and not team.machines:
        return 1
    return len(team.machines)


def labor_move(state: GameState, team: Team, buying: bool = False) -> Action | None:
    """The hiring, accepting or notice the plan needs now, or None to play on. ``buying``:
    the team has no machine and means to buy one as soon as it may (``SensibleBot``)."""
    if LABOR not in state.config.steps:
        return None
    lab = state.step["labor"]
    need = workers_wanted(state, team, buying) - staying(team)
    offer = next((o for o in lab["offers"].values() if o["team"] == team.name), None)
    if offer is not None:  # an open offer: answer the representative's, else wait
        if offer["by"] == REPRESENTATIVE and 0 < int(offer["workers"]) <= need:
            return _pick(state, team, "accept_hire")
        return None
    if need > 0:
        if lab["last_rejected"].get(team.name) == team.rolls:
            return None  # refused this turn: ask again after the next roll
        if int(lab["pool"]) + int(lab["unemployed"]) == 0:
            return None  # nobody left to hire
        hires = [c for c in legal_choices(state, team.name) if c.cls.type == "offer_hire"]
        if hires:
            cheapest = min(hires, key=lambda c: int(c.fixed["salary"]))
            return cheapest.pick(team.name, min(need, cheapest.size()) - 1)
        return None
    if need < 0 and workers(team) and state.pending and state.current == team.name \
            and state.pending[0].kind == "red":  # notice is given on a red field
        for c in legal_choices(state, team.name):
            if c.cls.type == "give_notice":
                return c.pick(team.name, min(-need, c.size()) - 1)
    return None


def _pick(state: GameState, team: Team, kind: str) -> Action | None:
    for c in legal_choices(state, team.name):
        if c.cls.type == kind:
            return c.pick(team.name, 0)
    return None
