"""Statements computed from the ledger and the state, never kept as numbers of their own.

The balance sheet is the rulebook's two-sided account ("Explanations: Financial Statement and
Profit"): assets valued as at the end of the game (machine 10,000, owned computer 20,000, raw
150, finished 1,500, loans given, cash) against bank debt, other debt and starting capital;
the difference is the profit or loss. WEB chips and leased computers have no value.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .constants import FINAL_VALUE
from .state import GameState


@dataclass(frozen=True, slots=True)
class BalanceSheet:
    team: str
    machines_single: int
    machines_double: int
    machines_value: int
    computers: int
    computers_value: int
    raw: int
    raw_value: int
    finished: int
    finished_value: int
    loans_given: int
    cash: int
    total_assets: int
    bank_debt: int
    other_debt: int
    starting_capital: int
    profit: int  # negative: a loss
    #: Tax assessed at a year's close and not yet paid (step 4): a liability, only on the
    #: year-end sheets of ``accounts.year_accounts``; a live sheet's tax is paid at once.
    tax_due: int = 0

    @property
    def equity(self) -> int:
        """Starting capital and profit together: the owned capital."""
        return self.starting_capital + self.profit

    @property
    def total_liabilities(self) -> int:
        return (self.bank_debt + self.other_debt + self.tax_due + self.starting_capital
                + self.profit)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        if not self.tax_due:  # only a year-end sheet owes tax: the live sheet's JSON as before
            del out["tax_due"]
        out["equity"] = self.equity
        out["total_liabilities"] = self.total_liabilities
        return out


def balance_sheet_from(
    team: str,
    *,
    machines_single: int = 0,
    machines_double: int = 0,
    computers: int = 0,
    raw: int = 0,
    finished: int = 0,
    loans_given: int = 0,
    cash: int = 0,
    bank_debt: int = 0,
    other_debt: int = 0,
    starting_capital: int = 20_000,
) -> BalanceSheet:
    """The balance sheet of given holdings, valued as the rulebook values them."""
    machines_value = (machines_single + machines_double) * FINAL_VALUE["machine"]
    computers_value = computers * FINAL_VALUE["computer"]
    raw_value = raw * FINAL_VALUE["raw"]
    finished_value = finished * FINAL_VALUE["finished"]
    total = machines_value + computers_value + raw_value + finished_value + loans_given + cash
    return BalanceSheet(
        team=team,
        machines_single=machines_single,
        machines_double=machines_double,
        machines_value=machines_value,
        computers=computers,
        computers_value=computers_value,
        raw=raw,
        raw_value=raw_value,
        finished=finished,
        finished_value=finished_value,
        loans_given=loans_given,
        cash=cash,
        total_assets=total,
        bank_debt=bank_debt,
        other_debt=other_debt,
        starting_capital=starting_capital,
        profit=total - bank_debt - other_debt - starting_capital,
    )


def balance_sheet(state: GameState, team: str) -> BalanceSheet:
    """A team's balance sheet now, from the ledger's balances (and the state for which
    machines are double and for private loans gross of each other)."""
    led = state.ledger
    owned = [m for m in state.machines.values() if m.owner == team]
    doubles = sum(1 for m in owned if m.double)
    machines = led.balance("machine", team)
    return balance_sheet_from(
        team,
        machines_single=machines - doubles,
        machines_double=doubles,
        computers=led.balance("computer", team),
        raw=led.balance("raw", team),
        finished=led.balance("finished", team),
        loans_given=sum(ln.amount for ln in state.loans.values() if ln.lender == team),
        cash=led.balance("cash", team),
        bank_debt=led.balance("bank_debt", team),
        other_debt=sum(ln.amount for ln in state.loans.values() if ln.borrower == team),
        starting_capital=_capital(state, team),
    )


def _capital(state: GameState, team: str) -> int:
    """The starting capital on the balance sheet: what the bank paid in so far; at the end of
    the game (setting ``final_capital: "full"``) the whole of it - "From that value, subtract
    the 20,000 Marks of starting capital" -, so that a base-model team that never crossed the
    start carries the instalment it never received as a loss, and the highest profit is the
    highest owned capital, as the rulebook has it."""
    received = state.ledger.balance("capital", team)
    if state.phase == "ended" and state.config.final_capital == "full":
        return max(received, state.config.full_capital)
    return received


def final_results(state: GameState) -> list[dict[str, Any]]:
    """The end-of-game valuation (rulebook: "End of the Game"), best first; a bankrupt team
    ranks behind every team still in business."""
    rows: list[dict[str, Any]] = []
    for team in state.teams.values():
        sheet = balance_sheet(state, team.name)
        rows.append({
            "team": team.name,
            "result": sheet.profit,
            "bankrupt": team.bankrupt and team.sold_to is None,
            "sold_to": team.sold_to,
            "years": team.years,
        })
    ranking = state.rules.ranking  # step 5: the goal variant decides the order
    if ranking is not None:
        ranking(state, rows)
        return rows
    seats = {t.name: t.seat for t in state.teams.values()}
    rows.sort(key=lambda r: (bool(r["bankrupt"]), -int(r["result"]), seats[str(r["team"])]))
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
    return rows
