"""The representative's books and each team's labor data: set up with the game, read by
every other module of the step; cash and workers moved between the teams, the representative
and the bank, and booked in the ledger.

Rulebook: "6. Step: Labor Market" (the fund, the workers in the box), "Hiring" (who can be
hired), "Labor Costs" (salaries)."""

from __future__ import annotations

from typing import Any

from ...state import BANK, GameState, Team
from ...turn import Turn
from .constants import FUND, START_SALARY, STEP, WORKER, WORKERS


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
def team_pays_workers(turn: Turn, team: Team, amount: int, reason: str) -> None:
    """Cash from a team to the representative (salaries)."""
    if amount <= 0:
        return
    team.cash -= amount
    books(turn.state)["cash"] += amount
    turn.state.ledger.post(turn.state.seq, "cash", team.name, WORKERS, amount, reason)


def workers_pay_bank(turn: Turn, amount: int, reason: str) -> int:
    """The representative pays the bank what it owes, or all it has if that is less (its
    account never goes below zero); returns what it paid."""
    lab = books(turn.state)
    paid = min(amount, int(lab["cash"]))
    if paid > 0:
        lab["cash"] -= paid
        turn.state.ledger.post(turn.state.seq, "cash", WORKERS, BANK, paid, reason)
    return max(paid, 0)


def move_workers(turn: Turn, source: str, target: str, count: int, reason: str) -> None:
    turn.state.ledger.post(turn.state.seq, WORKER, source, target, count, reason)


def workers_text(n: int) -> str:
    return f"{n} worker{'' if n == 1 else 's'}"


# ---------------------------------------------------------------- set-up
def set_up(state: GameState) -> None:
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
