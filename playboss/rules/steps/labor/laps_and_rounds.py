"""The first lap and every round end: when the first team completes its first lap the workers
never hired retire and salaries are negotiated freely; at every round end (the die passes the
representative) it pays the bank unemployment support.

Rulebook: "Labor Costs", "Unemployment Support"."""

from __future__ import annotations

from ...state import Team
from ...turn import ALL, Turn
from .books import books, move_workers, workers_pay_bank
from .constants import RETIRED, STEP, WORKERS


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
