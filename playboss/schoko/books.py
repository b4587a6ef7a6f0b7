"""The books: a double-entry journal per team, and the statements read from it.

Every movement of money or goods a team makes is one entry: ``amount`` debited to one account
and credited to another, with the action's number, the month and a reason code. Balances are
debits less credits, so assets and expenses are positive and loans, capital and income
negative; ``statements`` turns the signs for reading. The lesson of the game is in two
accounts: a contract won books its revenue at once against a receivable (``secretariat``,
then ``bookkeeping``), and cash comes only when a bookkeeper cashes it out.

Stores are valued at what their cocoa cost (a bar taken out carries its share of the store's
cost); salaries are expenses of the month, not costs of the chocolate.
"""

from __future__ import annotations

from typing import Any, NamedTuple

ASSETS = ("cash", "cocoa", "chocolate", "secretariat", "bookkeeping", "shares")
LIABILITIES = ("loans",)
EQUITY = ("capital",)
INCOME = ("sales", "bank_sales", "premiums", "received", "share_gains")
EXPENSES = ("cost_of_sales", "salaries", "severance", "interest", "inside_info", "taxes",
            "bonuses", "paid_out", "lost_goods", "cancelled", "share_losses", "bankruptcy")
ACCOUNTS = ASSETS + LIABILITIES + EQUITY + INCOME + EXPENSES

#: How each reason of a cash movement shows in the cash flow statement.
CASH_FLOW_GROUPS = {
    "capital": "financing", "loan": "financing", "repay": "financing",
    "shares_bought": "investing", "shares_sold": "investing",
}


class Entry(NamedTuple):
    seq: int
    month: int
    team: str
    debit: str
    credit: str
    amount: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return self._asdict()


_new = tuple.__new__


class Books:
    __slots__ = ("entries", "balances")

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.balances: dict[str, dict[str, int]] = {}

    def post(self, seq: int, month: int, team: str, debit: str, credit: str, amount: int,
             reason: str) -> None:
        if amount == 0:
            return
        self.entries.append(_new(Entry, (seq, month, team, debit, credit, amount, reason)))
        account = self.balances.get(team)
        if account is None:
            account = self.balances[team] = dict.fromkeys(ACCOUNTS, 0)
        account[debit] += amount
        account[credit] -= amount

    def balance(self, team: str, account: str) -> int:
        found = self.balances.get(team)
        return found[account] if found else 0

    def copy(self) -> Books:
        other = Books()
        other.entries = list(self.entries)
        other.balances = {t: dict(a) for t, a in self.balances.items()}
        return other


def take_share(books: Books, team: str, account: str, part: int, whole: int) -> int:
    """The cost of ``part`` of the ``whole`` bars in a store (all of it for the last bar)."""
    if whole <= 0 or part <= 0:
        return 0
    pool = books.balance(team, account)
    return pool if part >= whole else pool * part // whole


# ---------------------------------------------------------------- statements
def _sums(books: Books, team: str, month: int | None, upto: bool = False) -> dict[str, int]:
    if month is None:
        found = books.balances.get(team)
        return dict(found) if found else dict.fromkeys(ACCOUNTS, 0)
    out = dict.fromkeys(ACCOUNTS, 0)
    for e in books.entries:
        if e.team == team and (e.month <= month if upto else e.month == month):
            out[e.debit] += e.amount
            out[e.credit] -= e.amount
    return out


def balance_sheet(books: Books, team: str, month: int | None = None) -> dict[str, Any]:
    """Assets = loans + capital + result, at the end of ``month`` (now by default)."""
    b = _sums(books, team, month, upto=True)
    assets = {a: b[a] for a in ASSETS}
    result = -sum(b[a] for a in INCOME + EXPENSES)
    out = {
        "assets": assets,
        "total_assets": sum(assets.values()),
        "liabilities": {"loans": -b["loans"]},
        "equity": {"capital": -b["capital"], "result": result},
    }
    out["total_liabilities_and_equity"] = -b["loans"] - b["capital"] + result
    return out


def profit_and_loss(books: Books, team: str, month: int | None = None) -> dict[str, Any]:
    """Income and expenses of one month (or the whole game): revenue when a contract is won."""
    b = _sums(books, team, month)
    income = {a: -b[a] for a in INCOME}
    expenses = {a: b[a] for a in EXPENSES}
    return {"income": income, "expenses": expenses,
            "result": sum(income.values()) - sum(expenses.values())}


def cash_flow(books: Books, team: str, month: int | None = None) -> dict[str, Any]:
    """Cash in and out by reason, grouped operating / investing / financing."""
    groups: dict[str, dict[str, int]] = {"operating": {}, "investing": {}, "financing": {}}
    for e in books.entries:
        if e.team != team or (month is not None and e.month != month):
            continue
        if e.debit == "cash":
            amount = e.amount
        elif e.credit == "cash":
            amount = -e.amount
        else:
            continue
        group = groups[CASH_FLOW_GROUPS.get(e.reason, "operating")]
        group[e.reason] = group.get(e.reason, 0) + amount
    totals = {g: sum(v.values()) for g, v in groups.items()}
    return {**groups, "totals": totals, "net": sum(totals.values())}
