"""A bankrupt business and the labor market: its workers become unemployed, its offers, strike
and lockout end.

Rulebook: "Termination", "Strike", "Lockout" (part I's bankruptcy, applied to step 6)."""

from __future__ import annotations

from ...state import Team
from ...turn import ALL, Turn
from .books import books, contracts, move_workers, strike_of, team_data, workers_of
from .constants import STEP, WORKERS
from .strikes_and_lockouts import stop_strike


def on_bankrupt(turn: Turn, team: Team) -> None:
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
        move_workers(turn, team.name, WORKERS, staff, "bankruptcy")
        turn.emit("workers_leave", ALL, team=team.name, workers=staff, why="bankrupt")
    for key in [k for k, o in lab["offers"].items() if o["team"] == team.name]:
        del lab["offers"][key]
    if team.name in lab["lockouts"]:
        lab["lockouts"].remove(team.name)
    if strike_of(state, team.name):
        stop_strike(turn, team.name, "bankrupt")
    team_data(team)["field"] = None
