"""What the labor market shows: the representative's books to itself and the bank, each team
its own contracts and production figures.

Rulebook: "6. Step: Labor Market" (the representative's account), "Hiring" (the offers)."""

from __future__ import annotations

from typing import Any

from ...state import BANK, GameState
from .books import available, books, contracts, salary_bill, team_data, workers_of
from .constants import START_SALARY, STEP, WORKERS
from .fresh_goods import sellable_finished, usable_raw
from .hiring import going_salary
from .laps_and_rounds import retiring
from .production import staffed_capacity
from .red_field import idle_terms


def view(state: GameState, viewer: str) -> dict[str, Any]:
    if STEP not in state.config.steps:
        return {}
    lab = books(state)
    out: dict[str, Any] = {
        "pool": lab["pool"], "unemployed": lab["unemployed"], "retired": lab["retired"],
        "available": available(state), "first_lap_done": lab["first_lap_done"],
        "highest_salary": lab["highest_salary"], "start_salary": START_SALARY,
        "going_salary": going_salary(state),
        # Before the unused workers leave the game: how many, and when (every viewer: the
        # warning is for the whole table).
        "retiring": retiring(state),
        "strikes": dict(lab["strikes"]),
        "lockouts": list(lab["lockouts"]),
        "workers": {t.name: workers_of(t) for t in state.teams.values()},
        "notice": {t.name: sum(1 for c in contracts(t) if c["notice"])
                   for t in state.teams.values()},
        "support_paid": lab["support_paid"], "strike_wages_paid": lab["strike_wages_paid"],
        "offers": [dict(o) for o in lab["offers"].values()
                   if viewer in (BANK, WORKERS) or viewer == o["team"]],
        # What each red field of a struck or locked-out business costs whom ("Strike",
        # "Lockout"), as the red field will charge it.
        "idle_terms": {
            **{name: {"idle": "strike", **idle_terms(state, state.teams[name], "strike")}
               for name in lab["strikes"] if name in state.teams},
            **{name: {"idle": "lockout", **idle_terms(state, state.teams[name], "lockout")}
               for name in lab["lockouts"] if name in state.teams}},
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
