"""The labor market's invariants: the representative's books against the ledger and the
contracts; every worker counted once.

Rulebook: "6. Step: Labor Market" (the 20 workers, the fund), "Unemployment Support" (no
unused workers after the first lap), "Lockout" (only while a business is struck)."""

from __future__ import annotations

from ...ledger import EMPTY_ACCOUNT
from ...state import GameState
from .constants import RETIRED, STEP, WORKER, WORKERS


def problems(state: GameState) -> list[str]:
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
        out.append("unused workers left after the first year")
    strikes, lockouts, offers = lab["strikes"], lab["lockouts"], lab["offers"]
    if strikes or lockouts or offers:
        names = set(strikes) | set(lockouts) | {o["team"] for o in offers.values()}
        for name in names:
            if name not in state.teams or state.teams[name].bankrupt:
                out.append(f"labor market data for {name!r}, not a team in the game")
        if lockouts and not strikes:
            out.append("a lockout without a strike")
    return out
