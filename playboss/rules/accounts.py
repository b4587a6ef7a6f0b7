"""A team's accounts over time: balance sheets at each year's end, profit and loss per year.

Everything is computed from the ledger. Each entry changes a party's equity by its quantity
times the value the rulebook gives that kind (cash 1, raw 150, finished 1,500, machine 10,000,
owned computer 20,000, WEB chips nothing; debts and paid-in capital count against), so the
lines of a year's profit and loss add up to the change of the balance sheet's profit over that
year, by construction. Lines are grouped by the ledger's reasons.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .constants import FINAL_VALUE
from .ledger import Entry
from .market import market_price, placement_zones, purchase_zones, raw_price
from .state import MARKET, GameState, Team
from .statements import BalanceSheet, balance_sheet, balance_sheet_from

#: Equity effect of one unit of each kind of ledger entry received.
UNIT_VALUE = {
    "cash": 1,
    "raw": FINAL_VALUE["raw"],
    "finished": FINAL_VALUE["finished"],
    "machine": FINAL_VALUE["machine"],
    "computer": FINAL_VALUE["computer"],
    "web": 0,
    "bank_debt": -1,
    "private_debt": -1,
    "capital": -1,  # paid-in capital is equity, not profit
}

#: The reason of the profit-and-loss line that books a closed year's tax in that year (rulebook,
#: "4. Step: Taxation": the profit is declared at the crossing and "the remaining profit is put
#: back into the subsequent financial statements as capital"): the tax is owed from the moment
#: the year closes, so the year's closing balance sheet carries it as a liability (``tax_due``)
#: and its profit and loss as an expense; paying it in the next year moves cash, not profit.
TAX_ACCRUED = "tax on the year's profit"
#: The reason of the line that writes off a tax a bankrupt or sold business never paid.
TAX_WRITTEN_OFF = "tax due written off"

#: Profit-and-loss lines, in the order a statement prints them, and the ledger reasons of each.
#: Lines marked "event" in ``EVENT_LINES`` are things that happened to the business (takeover,
#: bankruptcy, strike, a correction by the bank, a lender changing): each gets a named line.
LINES: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("sales_market", "Sales to the market", frozenset(
        {"sale", "sale at half price", "marketing sale", "free market sale"})),
    ("sales_bank", "Sales to the bank (repurchase)", frozenset({"repurchase"})),
    ("private", "Private business", frozenset({"private deal"})),
    ("raw_material", "Raw material bought", frozenset({"purchase", "auction"})),
    ("production", "Production costs", frozenset({"production", "cost-field production"})),
    ("salaries", "Salaries", frozenset({"salary", "salaries"})),
    ("interest", "Interest and fees", frozenset({"interest", "loan fee"})),
    ("web", "WEB expenses", frozenset(
        {"WEB chip", "efficiency", "advertising", "computer lease", "cost field"})),
    ("marketing", "Marketing costs", frozenset({"marketing"})),
    ("idle", "Idle and cost-field charges", frozenset({"idle costs"})),
    ("risk", "Risk cards", frozenset({"risk"})),
    ("write_off", "Write-offs", frozenset({"write-off"})),
    ("taxes", "Tax on the year's profit", frozenset({TAX_ACCRUED})),
    ("strikes", "Strikes and lockouts (idle costs)", frozenset(
        {"strike idle costs", "lockout idle costs"})),
    ("corrections", "Corrections by the bank", frozenset({"correction"})),
    ("takeover", "Business taken over or sold (book value)", frozenset({"takeover"})),
    ("takeover_price", "Takeover price", frozenset({"takeover price"})),
    ("bankruptcy", "Bankruptcy: assets sold to the bank", frozenset(
        {"bankruptcy", "bankruptcy sale"})),
    ("bankruptcy_auction", "Bankruptcy auction", frozenset({"bankruptcy auction"})),
    ("debt_written_off", "Debts written off in bankruptcy", frozenset(
        {"written off", TAX_WRITTEN_OFF})),
    ("claims_lost", "Loans given lost in another team's bankruptcy", frozenset()),
    ("lender_change", "Loan taken over by the bank (lender changed)", frozenset(
        {"loan taken over by bank"})),
    ("investment", "Investments (machines, computers)", frozenset({"investment"})),
    ("financing", "Credit and loans", frozenset(
        {"bank credit", "repayment", "private loan", "private repayment"})),
    ("tax_paid", "Tax of the previous year paid", frozenset({"tax"})),
    ("capital", "Starting capital", frozenset({"starting capital", "second capital"})),
)
LINE_OF = {reason: key for key, _, reasons in LINES for reason in reasons}
LINE_TITLES = {key: title for key, title, _ in LINES} | {"other": "Other"}
#: Lines of events: they change profit, but are no part of the business's operations.
EVENT_LINES = ("strikes", "corrections", "takeover", "takeover_price", "bankruptcy",
               "bankruptcy_auction", "debt_written_off", "claims_lost", "lender_change")

#: The profit and loss statement after HGB § 275 (2), the total-cost form
#: (Gesamtkostenverfahren), in its order: each position is the year's effect on profit (income
#: positive, expenses negative) at the rulebook's values, so the positions add up to the year's
#: profit exactly as the lines do. ``operating`` positions make the operating result, then the
#: financial result; ``bargain`` (a business bought below its book value, or above it) and
#: ``business_sold`` (the seller's side) stand outside the operating result, as does
#: ``capital_not_received`` (the starting capital a team answers for at the end, setting
#: ``final_capital``); ``income_tax`` is step 4's tax of the year.
GKV_OPERATING = ("revenue", "inventory_change", "other_income", "materials", "staff",
                 "depreciation", "other_expenses")
GKV_FINANCIAL = ("interest_income", "interest_expense")
GKV_SPECIAL = ("bargain", "business_sold", "capital_not_received")
GKV_POSITIONS = GKV_OPERATING + GKV_FINANCIAL + GKV_SPECIAL + ("income_tax",)


@dataclass
class PnLLine:
    key: str
    title: str
    cash: int = 0  # Marks in (+) and out (-)
    book: int = 0  # change in the book value of goods, equipment, debts
    reasons: set[str] = field(default_factory=set)

    @property
    def profit(self) -> int:
        return self.cash + self.book

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "title": self.title, "cash": self.cash, "book": self.book,
                "profit": self.profit, "reasons": sorted(self.reasons)}


@dataclass
class YearAccount:
    team: str
    year: int  # 1 for the first year
    closed: bool  # False: the year still running (or cut short by the game's end)
    opening: BalanceSheet
    closing: BalanceSheet
    lines: list[PnLLine]
    sales: int  # sales to the market in the year
    tax: dict[str, Any] | None = None  # step 4's assessment of the year
    #: The year after HGB § 275 (``GKV_POSITIONS``), only positions the year had.
    positions: dict[str, int] = field(default_factory=dict)
    #: Each position's amounts by the line they come from (``LINES``' keys): "of which".
    position_lines: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def profit(self) -> int:
        return sum(line.profit for line in self.lines)

    def position(self, key: str) -> int:
        return self.positions.get(key, 0)

    @property
    def operating_result(self) -> int:
        """Positions 1-8 of § 275 (2): the result of the business's operations."""
        return sum(self.position(key) for key in GKV_OPERATING)

    @property
    def financial_result(self) -> int:
        return sum(self.position(key) for key in GKV_FINANCIAL)

    @property
    def result_before_tax(self) -> int:
        return self.profit - self.position("income_tax")

    def to_dict(self) -> dict[str, Any]:
        return {"team": self.team, "year": self.year, "closed": self.closed,
                "opening": self.opening.to_dict(), "closing": self.closing.to_dict(),
                "lines": [line.to_dict() for line in self.lines], "profit": self.profit,
                "sales": self.sales, "tax": self.tax,
                "positions": {key: self.position(key) for key in GKV_POSITIONS}}


#: The reason of the profit-and-loss line that carries the starting capital a team never
#: received but answers for at the end ("subtract the 20,000 Marks of starting capital").
UNPAID_CAPITAL = "starting capital not received"


def paid_in(entries: list[Entry], party: str) -> int:
    """The capital the bank paid ``party`` in these ledger entries."""
    return sum(e.qty if e.target == party else -e.qty for e in entries
               if e.kind == "capital" and party in (e.source, e.target))


def _effect(entry: Entry, party: str) -> int:
    sign = 1 if entry.target == party else -1
    return sign * entry.qty * UNIT_VALUE.get(entry.kind, 0)


def sheet_at(state: GameState, team: Team, upto: int, machines: list[int] | None
              ) -> BalanceSheet:
    """The team's balance sheet after the first ``upto`` ledger entries."""
    name = team.name
    totals: dict[str, int] = {}
    lent: dict[str, int] = {}  # private claims by counterparty: + we lent, - we borrowed
    for entry in state.ledger.entries[:upto]:
        if name not in (entry.source, entry.target):
            continue
        sign = 1 if entry.target == name else -1
        totals[entry.kind] = totals.get(entry.kind, 0) + sign * entry.qty
        if entry.kind == "private_debt":
            other = entry.source if entry.target == name else entry.target
            lent[other] = lent.get(other, 0) - sign * entry.qty
    owned = totals.get("machine", 0)
    single, double = machines if machines is not None else [owned, 0]
    return balance_sheet_from(
        name,
        machines_single=single,
        machines_double=double,
        computers=totals.get("computer", 0),
        raw=totals.get("raw", 0),
        finished=totals.get("finished", 0),
        loans_given=sum(v for v in lent.values() if v > 0),
        cash=totals.get("cash", 0),
        bank_debt=totals.get("bank_debt", 0),
        other_debt=-sum(v for v in lent.values() if v < 0),
        starting_capital=totals.get("capital", 0),
    )


def _tax_paid(entries: list[Entry], party: str) -> int:
    return sum(e.qty for e in entries
               if e.reason == "tax" and e.kind == "cash" and e.source == party)


def line_key(entry: Entry, party: str, lender_changes: set[int], bankrupt_at: set[int]) -> str:
    """The line of an entry. A private claim ending in a bankruptcy is three different events:
    the bankrupt's debt written off, a lender's claim lost, or - when the bank takes over a
    loan the bankrupt had given - the borrower's lender changing (no profit: the debt stays)."""
    if entry.reason == "bankruptcy" and entry.kind == "private_debt":
        if entry.source == party:  # the party's debt ends
            return "lender_change" if entry.seq in lender_changes else "debt_written_off"
        return "bankruptcy" if entry.seq in bankrupt_at else "claims_lost"
    return LINE_OF.get(entry.reason, "other")


#: Lines whose profit effect goes, whole, to one position of § 275 (the rest: ``_classify``).
_POSITION_OF_LINE = {"raw_material": "materials", "salaries": "staff",
                     "write_off": "depreciation", "taxes": "income_tax",
                     "capital": "capital_not_received"}
_GOODS = ("sales_market", "sales_bank", "private")


def _classify(line: str, effects: dict[str, int], seller: bool,
              out: dict[str, dict[str, int]]) -> None:
    """Put one action's effects on profit in one line (by ledger kind, at the rulebook's
    values) into the positions of § 275 (2). Every Mark goes to exactly one position, so the
    positions add up to the line's profit.

    - Goods sold (a sale to the market or the bank, a private sale of products): the price is
      revenue (Umsatzerlöse), the products leaving at 1,500 a change in inventories; goods
      bought from another team (cash out) are cost of materials (bezogene Waren).
    - Production: the products made at 1,500 are a change in inventories, the raw material
      used (150 a unit) and the production costs paid are cost of materials.
    - Raw material bought: its price less the 150 a unit it is worth in stock: materials.
    - Interest: paid is an expense, received (private loans) income.
    - A takeover and its price: the buyer's bargain (``bargain``), the seller's result
      (``business_sold``), outside the operating result.
    - Everything else (WEB, marketing, idle costs, risk cards, strikes, corrections,
      bankruptcy, a machine sold to the bank ...): the action's net effect is other operating
      income or expenses by its sign."""
    total = sum(effects.values())
    if not total and not effects.get("finished"):
        return

    def add(key: str, value: int) -> None:
        if value:
            lines = out.setdefault(key, {})
            lines[line] = lines.get(line, 0) + value

    def other(value: int) -> None:
        add("other_income" if value > 0 else "other_expenses", value)

    cash, finished = effects.get("cash", 0), effects.get("finished", 0)
    if line in _POSITION_OF_LINE:
        add(_POSITION_OF_LINE[line], total)
    elif line in _GOODS:
        if finished < 0 and cash > 0:  # products sold
            add("revenue", cash)
            add("inventory_change", finished)
            other(total - cash - finished)
        elif cash < 0:  # goods bought from another team
            add("materials", total)
        else:
            other(total)
    elif line == "production":
        add("inventory_change", finished)
        add("materials", total - finished)
    elif line == "interest":
        add("interest_income" if total > 0 else "interest_expense", total)
    elif line in ("takeover", "takeover_price"):
        add("business_sold" if seller else "bargain", total)
    else:
        other(total)


def _positions(by_line: dict[str, dict[str, int]]
               ) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
    """The positions in their order (those at nothing left out), and each one's lines."""
    totals = {key: sum(by_line[key].values()) for key in GKV_POSITIONS if key in by_line}
    kept = {key: total for key, total in totals.items() if total}
    return kept, {key: {k: v for k, v in by_line[key].items() if v} for key in kept}


def _line(lines: dict[str, PnLLine], key: str) -> PnLLine:
    return lines.setdefault(key, PnLLine(key, LINE_TITLES[key]))


def with_tax_due(sheet: BalanceSheet, due: int) -> BalanceSheet:
    """The sheet with a tax owed (step 4) as a liability: it lowers the profit."""
    if not due:
        return sheet
    return replace(sheet, tax_due=sheet.tax_due + due, profit=sheet.profit - due)


def year_accounts(state: GameState, team_name: str) -> list[YearAccount]:
    """Every year of a team: the closed ones and the one running now (if it has begun).

    With step 4 a closed year's tax is that year's expense and, until paid, its liability
    (``TAX_ACCRUED``): the closing sheet shows the profit after tax, which is what the next
    year starts from. A bankrupt or sold business's unpaid tax is written off with its debts.
    """
    team = state.teams[team_name]
    entries = state.ledger.entries
    starts = team.year_starts
    ends = starts[1:] + [len(state.ledger)]
    years: list[YearAccount] = []
    opening = sheet_at(state, team, starts[0], None)
    taxes = {r["year"]: r for r in team.step.get("tax_years", [])}
    lender_changes = {e.seq for e in entries
                      if e.reason == "loan taken over by bank" and e.target == team_name}
    bankrupt_at = {e.seq for e in entries
                   if e.reason == "bankruptcy sale" and e.target == team_name}
    # actions in which this team's business was sold: it gives everything, receives the price
    sold_at = {e.seq for e in entries
               if (e.reason == "takeover" and e.source == team_name)
               or (e.reason == "takeover price" and e.target == team_name)}
    accrued = 0  # taxes of the closed years so far
    for index, (start, end) in enumerate(zip(starts, ends, strict=True)):
        closed = index < len(starts) - 1
        record = taxes.get(index + 1) if closed else None
        tax = int(record["tax"]) if record else 0
        accrued += tax
        written_off = 0
        if closed:
            machines = team.year_end_machines[index] if index < len(
                team.year_end_machines) else None
            closing = sheet_at(state, team, end, machines)
            closing = with_tax_due(closing, accrued - _tax_paid(entries[:end], team_name))
        else:
            if end == start and index > 0:
                break  # the new year has no entries yet
            due = accrued - _tax_paid(entries, team_name)
            if team.bankrupt and due > 0:  # out of the game: its tax is never paid
                written_off, due = due, 0
            closing = with_tax_due(balance_sheet(state, team_name), due)
        lines: dict[str, PnLLine] = {}
        # each action's effects on profit per line, by ledger kind (for ``_classify``)
        actions: dict[tuple[int, str], dict[str, int]] = {}

        sales = 0
        for entry in entries[start:end]:
            if team_name not in (entry.source, entry.target):
                continue
            line = _line(lines, line_key(entry, team_name, lender_changes, bankrupt_at))
            line.reasons.add(entry.reason)
            effect = _effect(entry, team_name)
            if entry.kind == "cash":
                line.cash += effect
                if line.key == "sales_market" and entry.target == team_name:
                    sales += entry.qty
                if line.key == "tax_paid" and entry.source == team_name:
                    line.book += entry.qty  # the tax due of the year before is settled
                    effect += entry.qty
            else:
                line.book += effect
            effects = actions.setdefault((entry.seq, line.key), {})
            effects[entry.kind] = effects.get(entry.kind, 0) + effect
        by_line: dict[str, dict[str, int]] = {}
        for (seq, key), effects in actions.items():
            _classify(key, effects, seq in sold_at, by_line)
        if tax:
            line = _line(lines, "taxes")
            line.reasons.add(TAX_ACCRUED)
            line.book -= tax
            by_line.setdefault("income_tax", {})["taxes"] = -tax
        if written_off:
            line = _line(lines, "debt_written_off")
            line.reasons.add(TAX_WRITTEN_OFF)
            line.book += written_off
            income = by_line.setdefault("other_income", {})
            income["debt_written_off"] = income.get("debt_written_off", 0) + written_off
        unpaid = closing.starting_capital - (opening.starting_capital + paid_in(
            entries[start:end], team_name))
        if unpaid > 0:  # the end subtracts the full starting capital (setting final_capital)
            line = _line(lines, "capital")
            line.reasons.add(UNPAID_CAPITAL)
            line.book -= unpaid
            by_line.setdefault("capital_not_received", {})["capital"] = -unpaid
        order = [key for key, _, _ in LINES] + ["other"]
        ordered = [lines[k] for k in order if k in lines and (
            lines[k].cash or lines[k].book or k not in ("other", "tax_paid"))]
        years.append(YearAccount(team_name, index + 1, closed, opening, closing, ordered,
                                 sales, record, *_positions(by_line)))
        opening = closing
    return years


# ---------------------------------------------------------------- the game over time (reports)
@dataclass(frozen=True, slots=True)
class MarketPoint:
    """The market after an action that changed it (``seq`` 0: the set-up)."""

    seq: int
    units: int  # products lying in the market
    raw_price: int | None  # one raw unit: the cheapest filled zone (None: the market is empty)
    sale_price: int | None  # one finished unit: ten times the dearest zone with room (None: full)


def market_history(state: GameState) -> list[MarketPoint]:
    """The market's prices over the game, replayed from the ledger: goods bought leave the
    cheapest filled zones, goods sold or returned fill the dearest zones with room, exactly as
    the engine moves them. One point for the set-up and one after each action that moved
    products into or out of the market."""
    config = state.config
    market = config.initial_market()
    capacity, prices = config.zone_capacity, config.zone_prices

    def point(seq: int) -> MarketPoint:
        return MarketPoint(seq, sum(market), raw_price(market, prices),
                           market_price(market, capacity, prices))

    points = [point(0)]
    for entry in state.ledger.entries:
        if entry.seq == 0:
            continue  # the set-up filled the market: config.initial_market() already holds it
        if entry.target == MARKET:
            for zone in placement_zones(market, capacity, entry.qty):
                market[zone] += 1
        elif entry.source == MARKET:
            for zone in purchase_zones(market, entry.qty):
                market[zone] -= 1
        else:
            continue
        if points[-1].seq == entry.seq:
            points[-1] = point(entry.seq)  # several entries of one action: keep the last
        else:
            points.append(point(entry.seq))
    return points


def year_marks(state: GameState) -> list[tuple[int, int]]:
    """(year, seq): the action in which the first team completed each year of the game."""
    marks: list[tuple[int, int]] = []
    entries = state.ledger.entries
    year = 1
    while True:
        ends = [team.year_starts[year] for team in state.teams.values()
                if len(team.year_starts) > year]
        if not ends:
            return marks
        index = min(ends)
        marks.append((year, entries[index - 1].seq if index > 0 else 0))
        year += 1
