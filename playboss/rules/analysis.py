"""What business-simulation teachers read beside the statements: a cash-flow statement, ratios,
each team against the class, and the bridge of owned capital from a year's start to its end.

Pure and deterministic, computed from ``accounts.year_accounts`` (itself from the ledger), so
every figure here agrees with the balance sheets and the profit and loss by construction:

- the cash flow regroups the cash column of the year's profit-and-loss lines by activity
  (operating, investing, financing); start cash + the three flows = end cash;
- the capital bridge regroups the profit column: owned capital at the start + operating result
  + events + tax + capital paid in = owned capital at the end;
- ratios are ``None`` where the definition gives no sensible figure (a balance-sheet total or
  the owners' capital at work of zero or below, nothing sold, nothing produced): a report prints
  "–" there rather than e.g. a return on a negative equity.

Definitions are in docs/reports/README.md ("Cash flow, ratios, the class").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .accounts import EVENT_LINES, YearAccount, paid_in, year_accounts
from .state import GameState

#: Activities of the cash-flow statement and the profit-and-loss lines whose cash each holds.
#: Investing: equipment bought, and the business bought, sold or sold off in a bankruptcy (the
#: cash of assets changing hands); financing: bank credit and private loans taken, given and
#: repaid, capital paid in. Everything else the business earns and spends is operating, the
#: tax paid and the bank's corrections included (lines the engine adds later count there too).
INVESTING = ("investment", "takeover", "takeover_price", "bankruptcy", "bankruptcy_auction")
FINANCING = ("financing", "capital", "lender_change", "debt_written_off", "claims_lost")
ACTIVITIES = ("operating", "investing", "financing")

#: Lines of running costs that make up the cost of a unit (cash spent in the year).
UNIT_COST_LINES = ("raw_material", "production", "salaries", "interest", "web", "marketing",
                   "idle", "risk")
SALES_REASONS = frozenset({"sale", "sale at half price", "marketing sale", "free market sale"})
PRODUCTION_REASONS = frozenset({"production", "cost-field production"})


def activity_of(key: str) -> str:
    if key in INVESTING:
        return "investing"
    if key in FINANCING:
        return "financing"
    return "operating"


@dataclass(frozen=True, slots=True)
class CashFlow:
    team: str
    year: int
    start: int  # cash at the start of the year
    #: (activity, line key, Marks in + / out -), in the statement's order, no zero lines
    lines: tuple[tuple[str, str, int], ...]
    end: int  # cash at the end of the year

    def total(self, activity: str) -> int:
        return sum(amount for act, _, amount in self.lines if act == activity)

    @property
    def net(self) -> int:
        return sum(amount for _, _, amount in self.lines)


def cash_flow(account: YearAccount) -> CashFlow:
    lines = [(activity_of(line.key), line.key, line.cash) for line in account.lines
             if line.cash]
    ordered = tuple(row for act in ACTIVITIES for row in lines if row[0] == act)
    return CashFlow(account.team, account.year, account.opening.cash, ordered,
                    account.closing.cash)


@dataclass(frozen=True, slots=True)
class CapitalBridge:
    team: str
    year: int
    start: int  # owned capital at the start of the year
    operating: int  # the result of operations (the profit lines that are no event, no tax)
    events: int  # takeover, bankruptcy, strikes, corrections, lender change
    tax: int  # the year's tax (step 4; negative)
    unpaid: int  # starting capital owed at the end and never received: a loss (negative)
    paid_in: int  # starting capital on the balance sheet: its increase in the year
    end: int  # owned capital at the end of the year

    @property
    def profit(self) -> int:
        """The profit or loss of the year, after tax."""
        return self.operating + self.events + self.tax + self.unpaid


def capital_bridge(account: YearAccount) -> CapitalBridge:
    """Owned capital is starting capital + profit: the year's profit lines and the starting
    capital booked are all that change it. Capital received moves cash and capital alike (no
    profit); capital the end of the game books without paying it (``UNPAID_CAPITAL``) raises
    starting capital and is a loss of the same amount, so it shows on both lines."""
    events = tax = unpaid = operating = 0
    for line in account.lines:
        if line.key in EVENT_LINES:
            events += line.profit
        elif line.key == "taxes":
            tax += line.profit
        elif line.key == "capital":
            unpaid += line.profit
        else:
            operating += line.profit
    booked = account.closing.starting_capital - account.opening.starting_capital
    return CapitalBridge(account.team, account.year, account.opening.equity, operating, events,
                         tax, unpaid, booked, account.closing.equity)


@dataclass(frozen=True, slots=True)
class Ratios:
    team: str
    year: int
    profit: int  # of the year, after tax
    equity_ratio: Fraction | None  # owned capital / balance-sheet total at the year's end
    #: profit / (owned capital at the year's start + capital paid in during the year)
    return_on_equity: Fraction | None
    units_sold: int  # to the market
    units_produced: int
    average_price: Fraction | None  # market sales / units sold to the market
    unit_cost: Fraction | None  # running costs paid / units produced
    production_runs: int  # red fields on which the team produced
    capacity: int  # units the year-end machines make on one red field
    capacity_use: Fraction | None  # units produced / (capacity x production runs)


def _units(state: GameState, account: YearAccount, start: int, end: int
           ) -> tuple[int, int, int]:
    sold = produced = 0
    runs: set[int] = set()
    name = account.team
    for entry in state.ledger.entries[start:end]:
        if entry.kind != "finished":
            continue
        if entry.source == name and entry.reason in SALES_REASONS:
            sold += entry.qty
        elif entry.target == name and entry.reason in PRODUCTION_REASONS:
            produced += entry.qty
            runs.add(entry.seq)
    return sold, produced, len(runs)


def _share(part: int, whole: int) -> Fraction | None:
    return Fraction(part, whole) if whole > 0 else None


def ratios(state: GameState, account: YearAccount) -> Ratios:
    team = state.teams[account.team]
    starts = team.year_starts
    start = starts[account.year - 1]
    end = starts[account.year] if account.year < len(starts) else len(state.ledger)
    sold, produced, runs = _units(state, account, start, end)
    closing, opening = account.closing, account.opening
    lines = {line.key: line for line in account.lines}
    costs = -sum(lines[k].cash for k in UNIT_COST_LINES if k in lines)
    capacity = closing.machines_single + 2 * closing.machines_double
    # the owners' capital at work in the year: what they owned at its start and what the bank
    # paid in during it (year 1 starts before the set-up pays the starting capital)
    invested = opening.equity + paid_in(state.ledger.entries[start:end], account.team)
    return Ratios(
        team=account.team,
        year=account.year,
        profit=account.profit,
        equity_ratio=_share(closing.equity, closing.total_assets),
        return_on_equity=_share(account.profit, invested),
        units_sold=sold,
        units_produced=produced,
        average_price=_share(account.sales, sold),
        unit_cost=_share(costs, produced),
        production_runs=runs,
        capacity=capacity,
        capacity_use=_share(produced, capacity * runs),
    )


#: The figures the class comparison ranks (higher is better for each).
COMPARED = ("profit", "equity_ratio", "return_on_equity", "capacity_use")


@dataclass(frozen=True, slots=True)
class Standing:
    """One figure of one team in one year against the class."""

    value: Fraction | int | None
    average: Fraction | None  # of the teams with a figure
    rank: int | None  # 1 = best; None without a figure
    of: int  # teams with a figure


def class_comparison(state: GameState, year: int,
                     accounts_of: Callable[[str], list[YearAccount]] | None = None
                     ) -> dict[str, dict[str, Standing]]:
    """team -> figure -> standing, for the teams that played ``year``. Ties share a rank.
    ``accounts_of`` gives a team's years (default: computed again; reports pass their cache)."""
    rows = {}
    for name in state.teams:
        accounts = (accounts_of or (lambda team: year_accounts(state, team)))(name)
        if len(accounts) >= year:
            rows[name] = ratios(state, accounts[year - 1])
    out: dict[str, dict[str, Standing]] = {name: {} for name in rows}
    for figure in COMPARED:
        values = {name: getattr(r, figure) for name, r in rows.items()}
        present = [v for v in values.values() if v is not None]
        average = Fraction(sum(present), len(present)) if present else None
        for name, value in values.items():
            rank = None if value is None else 1 + sum(1 for v in present if v > value)
            out[name][figure] = Standing(value, average, rank, len(present))
    return out
