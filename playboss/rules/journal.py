"""The books as a school's bookkeeping lesson keeps them: double-entry journal entries.

The ledger records *movements* (cash, goods, debts between parties). This module turns a
team's side of them into journal entries of a school's chart of accounts: for each action
(``seq``), year and ledger reason, one entry whose debits equal its credits, in integer
Marks. Every account that holds something is valued exactly as the statements value it
(``accounts.UNIT_VALUE``: raw 150, finished 1,500, machine 10,000, owned computer 20,000, cash,
debts and capital at face value), so the balance accounts at any move reproduce the balance
sheet, and whatever a movement gains or loses against that valuation goes to the profit-and-
loss account of the line the statements put the reason in (``accounts.LINES``). That is why a
purchase of 3 raw units for 700 reads "Raw materials 450, Raw material bought 250 / Bank 700":
the rulebook values raw material at 150 a unit, not at its price; the difference is the cost of
the year. Production books the finished unit at 1,500 against the raw unit (150) and the costs
paid; the rest is the production result (a profit of 350 a unit at costs of 1,000).

Account names are codes; the site translates them. P&L accounts are ``"pl:" + line key``.
At each year's end (when the team crosses the start, after step 4's tax of the year) the
closing entries (Abschlussbuchungen) close every P&L account into the profit-and-loss account
(``PNL_ACCOUNT``, "GuV-Konto": the expenses in one entry, the income in another) and that into
equity, the result brought forward (``RETAINED``, Gewinn-/Verlustvortrag). So a balance sheet
drawn from the balances names the result brought forward and the year's result apart: the
year's is the balance of the P&L accounts, the earlier years' that of ``RETAINED``.

Pure Python, no Django; deterministic.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from .accounts import (
    LINE_OF,
    LINES,
    TAX_ACCRUED,
    TAX_WRITTEN_OFF,
    UNIT_VALUE,
    UNPAID_CAPITAL,
    line_key,
)
from .ledger import Entry
from .state import GameState, Team
from .statements import balance_sheet

#: Balance accounts in the order a balance sheet prints them, with their side.
ASSETS = ("machines", "computers", "raw", "finished", "loans_given", "bank")
LIABILITIES = ("bank_loans", "other_loans", "tax_due", "capital")
#: Equity: the results of the closed years (Gewinn-/Verlustvortrag).
RETAINED = "retained"
#: The profit-and-loss account (GuV-Konto) the P&L accounts are closed into at a year's end.
PNL_ACCOUNT = "pnl"
#: The closing entries' reasons: expenses and income into the P&L account, that into equity.
CLOSE_EXPENSES = "closing: expenses"
CLOSE_INCOME = "closing: income"
CLOSE_RESULT = "closing: result"
CLOSING_REASONS = frozenset({CLOSE_EXPENSES, CLOSE_INCOME, CLOSE_RESULT})
#: The line of the closing entries.
CLOSING = "closing"
#: The ledger kind each balance account holds (private debt splits by counterparty).
ACCOUNT_OF_KIND = {"cash": "bank", "raw": "raw", "finished": "finished",
                   "machine": "machines", "computer": "computers",
                   "bank_debt": "bank_loans", "capital": "capital"}
PNL_PREFIX = "pl:"
#: Profit-and-loss accounts, one per line of the statements, in their order.
PNL_ACCOUNTS = tuple(PNL_PREFIX + key for key, _title, _reasons in LINES) + (PNL_PREFIX + "other",)
CHART = ASSETS + LIABILITIES + (RETAINED,) + PNL_ACCOUNTS + (PNL_ACCOUNT,)
_ORDER = {code: index for index, code in enumerate(CHART)}
#: Stock accounts: goods valued at the rulebook's fixed prices, not at what they cost.
STOCKS = frozenset({"raw", "finished", "machines", "computers"})
#: Lines whose entries need a word on the valuation when they mix stock and profit.
NOTE_LINES = frozenset({"raw_material", "production", "sales_market", "sales_bank", "private",
                        "investment", "bankruptcy", "other", "capital"})
#: Ledger reasons that settle a liability rather than cost something: paying the tax of a
#: closed year (step 4) settles the tax due booked when that year closed.
SETTLES = {"tax": "tax_due"}
#: The journal's year of what happened before a team's first year began (the set-up).
OPENING = 0


def pnl_line(account: str) -> str | None:
    """The statements' line key of a P&L account (None for a balance account)."""
    return account[len(PNL_PREFIX):] if account.startswith(PNL_PREFIX) else None


def account_of_kind(kind: str) -> str:
    """The balance account holding a ledger kind (a kind added later keeps its own name)."""
    return ACCOUNT_OF_KIND.get(kind, kind)


@dataclass(frozen=True, slots=True)
class Posting:
    account: str
    amount: int  # Marks, positive


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One booking ("Buchungssatz"): debit postings / credit postings, totals equal."""

    seq: int
    year: int  # 1 for the first year; OPENING for the set-up
    reason: str  # the ledger's reason
    line: str  # the statements' P&L line the reason belongs to
    debits: tuple[Posting, ...]
    credits: tuple[Posting, ...]
    note: str | None = None  # a code: why this valuation (see NOTE_LINES)

    @property
    def total(self) -> int:
        return sum(p.amount for p in self.debits)

    @property
    def balanced(self) -> bool:
        return self.total == sum(p.amount for p in self.credits)

    def changes(self) -> dict[str, int]:
        """Debit minus credit per account."""
        out: dict[str, int] = {}
        for p in self.debits:
            out[p.account] = out.get(p.account, 0) + p.amount
        for p in self.credits:
            out[p.account] = out.get(p.account, 0) - p.amount
        return out

    def accounts(self) -> set[str]:
        return {p.account for p in self.debits} | {p.account for p in self.credits}

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "year": self.year, "reason": self.reason, "line": self.line,
                "debits": [(p.account, p.amount) for p in self.debits],
                "credits": [(p.account, p.amount) for p in self.credits],
                "note": self.note}


def entry_from_changes(seq: int, year: int, reason: str, changes: dict[str, int],
                       line: str | None = None) -> JournalEntry | None:
    """The journal entry of balance-account changes (debit minus credit, at the statements'
    values): whatever does not balance goes to the P&L account of the reason's line (or, for a
    payment that settles a liability, to that liability)."""
    if line is None:
        line = "capital" if reason == UNPAID_CAPITAL else LINE_OF.get(reason, "other")
    rest = -sum(changes.values())
    if rest:
        counter = SETTLES.get(reason, PNL_PREFIX + line)
        changes = dict(changes)
        changes[counter] = changes.get(counter, 0) + rest
    items = sorted(((a, v) for a, v in changes.items() if v), key=lambda av: _ORDER.get(
        av[0], len(_ORDER)))
    if not items:
        return None
    debits = tuple(Posting(a, v) for a, v in items if v > 0)
    credits = tuple(Posting(a, -v) for a, v in items if v < 0)
    note = None
    if rest and line in NOTE_LINES and any(a in STOCKS or a == "capital" for a, _ in items):
        note = line
    return JournalEntry(seq, year, reason, line, debits, credits, note)


class Journal:
    """A team's journal, built as ledger entries come (``feed``), with the running balances
    of every account (debit minus credit)."""

    __slots__ = ("team", "upto", "entries", "balances", "lent", "accrued", "lender_changes",
                 "bankrupt_at")

    def __init__(self, team: str) -> None:
        self.team = team
        self.upto = 0  # ledger entries read so far
        self.entries: list[JournalEntry] = []
        self.balances: dict[str, int] = {}
        #: Private claims by counterparty: + we lent, - we borrowed (the balance sheet nets
        #: them per counterparty, as ``accounts.sheet_at`` does).
        self.lent: dict[str, int] = {}
        self.accrued = 0  # closed years whose tax is booked
        #: Actions in which the bank took over a loan to this team / this team was sold off
        #: (``accounts._line_key`` tells a bankruptcy's private claims apart by them).
        self.lender_changes: set[int] = set()
        self.bankrupt_at: set[int] = set()

    def _book(self, entry: JournalEntry | None) -> None:
        if entry is None:
            return
        self.entries.append(entry)
        for account, amount in entry.changes().items():
            self.balances[account] = self.balances.get(account, 0) + amount

    def feed(self, entries: list[Entry], team: Team) -> None:
        """Book the ledger entries after the ones read so far. The entries of one action
        arrive together (a state is read between actions), so an action's booking is whole."""
        name = self.team
        starts = team.year_starts
        taxes = {int(r["year"]): int(r["tax"]) for r in team.step.get("tax_years", [])}
        mine = [i for i in range(self.upto, len(entries))
                if name in (entries[i].source, entries[i].target)]
        for i in mine:
            e = entries[i]
            if e.reason == "loan taken over by bank" and e.target == name:
                self.lender_changes.add(e.seq)
            elif e.reason == "bankruptcy sale" and e.target == name:
                self.bankrupt_at.add(e.seq)
        # One entry per action, year and P&L line: the reasons of one line in one action are one
        # business event (the bank taking over a loan ends one debt and starts another).
        groups: dict[tuple[int, int, str, str], dict[str, int]] = {}
        reasons: dict[tuple[int, int, str], str] = {}
        for i in mine:
            e = entries[i]
            year = bisect_right(starts, i)
            if year <= OPENING:
                year = OPENING  # before the first year began: the set-up
            self._accrue(groups, entries, starts, taxes, below=year)
            line = line_key(e, name, self.lender_changes, self.bankrupt_at)
            reason = reasons.setdefault((e.seq, year, line), e.reason)
            changes = groups.setdefault((e.seq, year, reason, line), {})
            q = e.qty if e.target == name else -e.qty
            if e.kind == "private_debt":
                other = e.source if e.target == name else e.target
                before = self.lent.get(other, 0)
                after = self.lent[other] = before - q
                given = max(after, 0) - max(before, 0)
                owed = max(-after, 0) - max(-before, 0)
                if given:
                    changes["loans_given"] = changes.get("loans_given", 0) + given
                if owed:
                    changes["other_loans"] = changes.get("other_loans", 0) - owed
                continue
            value = UNIT_VALUE.get(e.kind, 0)
            if value:
                account = account_of_kind(e.kind)
                changes[account] = changes.get(account, 0) + q * value
        self._accrue(groups, entries, starts, taxes, below=len(starts))
        self.upto = len(entries)
        for (seq, year, reason, line), changes in groups.items():
            if line == CLOSING:
                self._close(seq, year)
            else:
                self._book(entry_from_changes(seq, year, reason, changes, line))

    def _close(self, seq: int, year: int) -> None:
        """The closing entries of ``year``: every P&L account with a balance closed into the
        P&L account (the expenses, debit balances, in one entry; the income in another), and
        the P&L account's balance, the year's result, into the result brought forward."""
        balances = [(a, v) for a, v in self.balances.items() if a.startswith(PNL_PREFIX) and v]
        balances.sort(key=lambda av: _ORDER.get(av[0], len(_ORDER)))
        expenses = tuple(Posting(a, v) for a, v in balances if v > 0)
        income = tuple(Posting(a, -v) for a, v in balances if v < 0)
        if expenses:
            self._book(JournalEntry(seq, year, CLOSE_EXPENSES, CLOSING,
                                    (Posting(PNL_ACCOUNT, sum(p.amount for p in expenses)),),
                                    expenses))
        if income:
            self._book(JournalEntry(seq, year, CLOSE_INCOME, CLOSING, income,
                                    (Posting(PNL_ACCOUNT, sum(p.amount for p in income)),)))
        result = -self.balances.get(PNL_ACCOUNT, 0)  # a credit balance: a profit
        if result > 0:
            self._book(JournalEntry(seq, year, CLOSE_RESULT, CLOSING,
                                    (Posting(PNL_ACCOUNT, result),), (Posting(RETAINED, result),)))
        elif result < 0:
            self._book(JournalEntry(seq, year, CLOSE_RESULT, CLOSING, (Posting(RETAINED, -result),),
                                    (Posting(PNL_ACCOUNT, -result),)))

    def _accrue(self, groups: dict[tuple[int, int, str, str], dict[str, int]],
                entries: list[Entry], starts: list[int], taxes: dict[int, int],
                below: int) -> None:
        """Step 4: a closed year's tax is its expense and a liability from the close on
        (``accounts.TAX_ACCRUED``), booked before anything of the next year."""
        while self.accrued + 1 < below and self.accrued + 1 < len(starts):
            self.accrued += 1
            year, boundary = self.accrued, starts[self.accrued]
            tax = taxes.get(year, 0)
            seq = entries[boundary - 1].seq if boundary > 0 else 0
            if tax:
                groups[(seq, year, TAX_ACCRUED, "taxes")] = {"tax_due": -tax}
            groups[(seq, year, CLOSE_RESULT, CLOSING)] = {}  # the closing entries, booked then


_MEMO = "journal"


def team_journal(state: GameState, team: str) -> Journal:
    """The team's journal, kept in the ledger's memo so that each action is booked once per
    state (a screen redrawn after every move reads only the new ledger entries)."""
    ledger = state.ledger
    key = (_MEMO, team)
    journal = ledger.memo.get(key)
    if not isinstance(journal, Journal) or journal.upto > len(ledger.entries):
        journal = ledger.memo[key] = Journal(team)
    # fed also when the team closed a year without a ledger entry of its own since: the
    # year's tax and closing entries are booked at the crossing, not with the next entry
    if (journal.upto < len(ledger.entries)
            or journal.accrued + 1 < len(state.teams[team].year_starts)):
        journal.feed(ledger.entries, state.teams[team])
    return journal


def closing_entries(state: GameState, team: str) -> list[JournalEntry]:
    """Bookings the ledger has no entry for, as the statements make them: a bankrupt or sold
    business's tax due written off with its debts, and at the end (setting ``final_capital:
    "full"``) the starting capital a team never received, which it answers for
    (``statements._capital``)."""
    out: list[JournalEntry] = []
    journal = team_journal(state, team)
    year = len(state.teams[team].year_starts)
    due = -journal.balances.get("tax_due", 0)
    if state.teams[team].bankrupt and due > 0:
        out.append(JournalEntry(state.seq, year, TAX_WRITTEN_OFF, "debt_written_off",
                                (Posting("tax_due", due),),
                                (Posting(PNL_PREFIX + "debt_written_off", due),)))
    received = state.ledger.balance("capital", team)
    unpaid = balance_sheet(state, team).starting_capital - received
    if unpaid > 0:
        booked = entry_from_changes(state.seq, year, UNPAID_CAPITAL, {"capital": -unpaid})
        if booked is not None:
            out.append(booked)
    return out


def all_entries(state: GameState, team: str) -> list[JournalEntry]:
    """Every journal entry of the team, in order, including the closing ones."""
    return team_journal(state, team).entries + closing_entries(state, team)


def balances_of(entries: list[JournalEntry], upto_seq: int | None = None) -> dict[str, int]:
    """Every account's balance (debit minus credit) after the entries up to ``upto_seq``."""
    out: dict[str, int] = {}
    for entry in entries:
        if upto_seq is not None and entry.seq > upto_seq:
            break
        for account, amount in entry.changes().items():
            out[account] = out.get(account, 0) + amount
    return out


def sheet(balances: dict[str, int]) -> dict[str, int]:
    """The balance sheet's value lines from account balances: assets (debit balances),
    liabilities and capital (credit balances), the result brought forward (``RETAINED``: the
    closed years'), the year's result (the P&L accounts' balance, not closed yet) and the
    profit so far, both together."""
    lines = {a: balances.get(a, 0) for a in ASSETS}
    lines["total_assets"] = sum(lines[a] for a in ASSETS)
    for account in LIABILITIES:
        lines[account] = -balances.get(account, 0)
    lines["brought_forward"] = -balances.get(RETAINED, 0)
    lines["year_result"] = -sum(v for a, v in balances.items()
                                if a.startswith(PNL_PREFIX) or a == PNL_ACCOUNT)
    lines["profit"] = lines["brought_forward"] + lines["year_result"]
    lines["total_liabilities"] = sum(lines[a] for a in LIABILITIES) + lines["profit"]
    return lines


@dataclass(frozen=True, slots=True)
class TRow:
    seq: int
    contra: tuple[str, ...]  # the accounts on the other side of the entry
    amount: int


@dataclass(frozen=True, slots=True)
class TAccount:
    account: str
    debit: tuple[TRow, ...]
    credit: tuple[TRow, ...]

    @property
    def debit_total(self) -> int:
        return sum(r.amount for r in self.debit)

    @property
    def credit_total(self) -> int:
        return sum(r.amount for r in self.credit)

    @property
    def balance(self) -> int:
        """Debit minus credit."""
        return self.debit_total - self.credit_total


def t_account(entries: list[JournalEntry], account: str) -> TAccount:
    """The account's T: its debits on the left, its credits on the right, each with the
    accounts it was booked against ("Soll an Haben")."""
    debit: list[TRow] = []
    credit: list[TRow] = []
    for entry in entries:
        for p in entry.debits:
            if p.account == account:
                debit.append(TRow(entry.seq, tuple(c.account for c in entry.credits), p.amount))
        for p in entry.credits:
            if p.account == account:
                credit.append(TRow(entry.seq, tuple(d.account for d in entry.debits), p.amount))
    return TAccount(account, tuple(debit), tuple(credit))
