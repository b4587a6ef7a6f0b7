"""The first lap and every round end: when the first team completes its first lap the workers
never hired retire and salaries are negotiated freely; at every round end (the die passes the
representative) it pays the bank unemployment support.

Rulebook: "Labor Costs", "Unemployment Support"."""

from __future__ import annotations

from typing import Any

from ...state import GameState, Team
from ...turn import ALL, Turn
from .books import books, move_workers, workers_pay_bank
from .constants import RETIRED, STEP, WORKERS

#: The most a die shows.
DIE_MAX = 6


def on_close_year(turn: Turn, team: Team) -> None:
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
    move_workers(turn, WORKERS, RETIRED, unused, "retired after the first lap")
    turn.emit("workers_retired", ALL, team=team.name, workers=unused)


def retiring(state: GameState) -> dict[str, Any] | None:
    """The warning before the unused workers leave the game ("6. Step: Labor Market": "after
    the first player crosses the start field for the first time, the worker representative
    must return any unused worker pieces back to the bank"): how many (``workers``, the pool
    never hired) and when — the team nearest to the start (``team``; the first in seating
    order among equals), the fields it still has to go (``fields``: a roll of that many or
    more crosses it) and the fewest of its rolls that can get it there (``rolls``, a die
    shows 6 at most). None once they have left, or when none is left to leave."""
    if STEP not in state.config.steps or state.phase == "ended":
        return None
    lab = books(state)
    unused = int(lab["pool"])
    if lab["first_lap_done"] or not unused:
        return None
    size = len(state.config.board)
    nearest: tuple[int, str] | None = None
    for team in state.teams.values():  # seating order
        if team.bankrupt:
            continue
        fields = size - team.position if team.position else size
        if nearest is None or fields < nearest[0]:
            nearest = (fields, team.name)
    if nearest is None:
        return None
    fields, name = nearest
    return {"workers": unused, "team": name, "fields": fields, "rolls": -(-fields // DIE_MAX)}


def on_round_end(turn: Turn) -> None:
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
    paid = workers_pay_bank(turn, due, "unemployment support")
    lab["support_paid"] += paid
    turn.emit("unemployment_support", ALL, workers=jobless, amount=paid, due=due,
              salary=lab["highest_salary"])
