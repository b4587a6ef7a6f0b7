"""What a viewer may see (rulebook: the bank keeps the books; a team's cash is its own).

``view(state, viewer)`` with a team name shows that team everything of its own and of the
others only what lies on the table: position, machines, computer, goods, WEB chips. The bank
(``"bank"``) sees everything; ``"public"`` (the projector) sees the table only. An expansion step
may add a viewer of its own (step 6: the worker representative, ``"workers"``), who sees the
table and what the step gives it. The order of the risk deck is a secret from everyone.
"""

from __future__ import annotations

from typing import Any

from . import loan_due
from .legal import waiting_for
from .market import market_price, raw_price
from .state import BANK, GameState, Team
from .statements import balance_sheet, final_results

PUBLIC = "public"



def viewers(state: GameState) -> list[str]:
    """Everyone who may look at this game: the bank, each team, the public, a step's roles."""
    return [BANK, *state.teams, PUBLIC,
            *(name for name, present in state.rules.viewers.items() if present(state))]


def team_table(state: GameState, team: Team) -> dict[str, Any]:
    """What anyone at the table can see of a team."""
    machines = [state.machines[m] for m in team.machines]
    return {
        "name": team.name,
        "seat": team.seat,
        "position": team.position,
        "year": team.years,
        "rolls": team.rolls,
        "machines": {
            "single": sum(1 for m in machines if not m.double),
            "double": sum(1 for m in machines if m.double),
        },
        "computer": "owned" if team.computers_owned else (
            "leased" if team.lease_field is not None else None),
        "raw": team.raw,
        "finished": team.finished,
        "web": team.web,
        "advertising": team.advertising,
        "bankrupt": team.bankrupt and team.sold_to is None,
        "sold_to": team.sold_to,
    }


def team_books(state: GameState, team: Team) -> dict[str, Any]:
    """What only the team itself and the bank see."""
    return {
        "cash": team.cash,
        "bank_debt": team.bank_debt,
        "private_debt": sum(ln.amount for ln in state.loans.values()
                            if ln.borrower == team.name),
        "loans_given": sum(ln.amount for ln in state.loans.values() if ln.lender == team.name),
        "loans": [
            {"id": ln.id, "lender": ln.lender, "borrower": ln.borrower, "amount": ln.amount,
             "terms": ln.terms, **_due(state, ln.id)}
            for ln in state.loans.values() if team.name in (ln.lender, ln.borrower)
        ],
        "capital_received": team.capital_received,
        "sales_total": team.sales_total,
        "machine_list": [
            {"id": m.id, "double": m.double, "owner": m.owner, "ready_at_roll": m.ready_at}
            for m in (state.machines[i] for i in team.machines)
        ],
        "leased_out": [m.id for m in state.machines.values()
                       if m.owner == team.name and m.holder != team.name],
        "lease_field": team.lease_field,
        "balance_sheet": balance_sheet(state, team.name).to_dict(),
    }


def _due(state: GameState, loan: int) -> dict[str, int]:
    """A loan with a due date (``loan_due``) shows the borrower's year it is due with."""
    year = loan_due.due_year(state, loan)
    return {} if year is None else {"due_year": year}


def _offer_due(state: GameState, deal: int) -> dict[str, Any]:
    """An open deal whose loan has a due date shows it (``loan_due.offer_due``); no key
    without one, so a deal's view is what it always was."""
    due = loan_due.offer_due(state, deal)
    return {} if due is None else {"due": due}


def view(state: GameState, viewer: str) -> dict[str, Any]:
    if viewer not in (BANK, PUBLIC) and viewer not in state.teams and not (
            viewer in state.rules.viewers and state.rules.viewers[viewer](state)):
        raise ValueError(f"unknown viewer {viewer!r}")
    config = state.config
    teams = []
    for team in state.teams.values():
        row = team_table(state, team)
        if viewer in (BANK, team.name):
            row.update(team_books(state, team))
        teams.append(row)
    head = state.pending[0] if state.pending else None
    out: dict[str, Any] = {
        "viewer": viewer,
        "seq": state.seq,
        "phase": state.phase,
        "current": state.current,
        "waiting_for": waiting_for(state),
        # What is owed, and why, is the current team's business (and the bank's).
        "pending": None if head is None else (
            {"kind": head.kind, "amount": head.amount, "reason": head.reason,
             "detail": head.detail}
            if viewer in (BANK, state.current) else {"kind": head.kind}),
        "rolled": state.rolled,
        "rounds": state.rounds,
        "time_called": state.time_called,
        "board": config.board,
        "market": {
            "zones": [{"price": p, "units": n, "capacity": config.zone_capacity}
                      for p, n in zip(config.zone_prices, state.market, strict=True)],
            "raw_price": raw_price(state.market, config.zone_prices),
            "sale_price": market_price(state.market, config.zone_capacity, config.zone_prices),
        },
        "bank": {
            "machines": state.machines_in_bank(),
            "computers": state.computers_in_bank(),
            "web_chips": state.web_bank,
            "risk_cards": len(state.deck),
        },
        "teams": teams,
        "deals": [
            {"id": d.id, "proposer": d.proposer, "partner": d.partner, "give": d.give,
             "take": d.take, "terms": d.terms, **_offer_due(state, d.id)}
            for d in state.deals.values()
            if viewer == BANK or viewer in (d.proposer, d.partner)
        ],
        "order_rolls": dict(state.order_rolls),
    }
    if state.phase == "ended":
        out["results"] = final_results(state)
    for extra in state.rules.views:  # what the parts in force show (each its own keys)
        out.update(extra(state, viewer))
    return out
