"""The books: one entry for every movement of money, goods, debt or capital.

Parties are team names, ``"bank"`` and ``"market"`` (``"box"`` for products outside a
half-filled market). An entry moves ``qty`` of one ``kind`` from one party to another; a party's
balance of a kind is what it received less what it gave. Statements are computed from these
balances and never kept as numbers of their own, so they cannot disagree with the books.

Kinds: ``cash``; goods ``raw``, ``finished``, ``machine``, ``computer``, ``web``; and claims
``bank_debt`` (bank → team when credit is given, back when repaid), ``private_debt`` (lender →
borrower) and ``capital`` (bank → team when starting capital is paid in).
"""

from __future__ import annotations

from typing import Any, NamedTuple

KINDS = ("cash", "raw", "finished", "machine", "computer", "web", "bank_debt", "private_debt",
         "capital")


class Entry(NamedTuple):
    """One movement, immutable (a named tuple: built three times faster than a frozen
    dataclass, and a simulation books several per action). Clones of a state share them."""

    seq: int  # the number of the action that caused it (0 = set-up)
    kind: str
    source: str
    target: str
    qty: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "from": self.source, "to": self.target,
                "qty": self.qty, "reason": self.reason}


#: ``Entry(...)`` without the named tuple's Python-level ``__new__`` (what it calls anyway).
_new_entry = tuple.__new__

#: A party's account before its first entry: every kind at 0. Read-only.
EMPTY_ACCOUNT: dict[str, int] = dict.fromkeys(KINDS, 0)


class Ledger:
    """Append-only entries plus running balances, so checking the books costs O(parties).

    The balances are kept per party (``accounts[party][kind]``): the invariants compare each
    team's whole account with its table after every action, and a party's account is one dict
    holding every kind of ``KINDS`` (a kind outside them appears once it is posted).
    """

    __slots__ = ("entries", "accounts", "memo")

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.accounts: dict[str, dict[str, int]] = {}
        #: Figures derived from the entries that code reading the ledger often keeps here
        #: (e.g. step 6's units bought since a team's red field, folded on as entries come):
        #: key -> whatever that code needs to tell a stale value. Never part of the books;
        #: a copy starts empty.
        self.memo: dict[Any, Any] = {}

    def post(self, seq: int, kind: str, source: str, target: str, qty: int, reason: str) -> None:
        if qty == 0:
            return
        self.entries.append(_new_entry(Entry, (seq, kind, source, target, qty, reason)))
        accounts = self.accounts
        account = accounts.get(target)
        if account is None:
            account = accounts[target] = dict(EMPTY_ACCOUNT)
        account[kind] = account.get(kind, 0) + qty
        account = accounts.get(source)
        if account is None:
            account = accounts[source] = dict(EMPTY_ACCOUNT)
        account[kind] = account.get(kind, 0) - qty

    def balance(self, kind: str, party: str) -> int:
        account = self.accounts.get(party)
        return account.get(kind, 0) if account is not None else 0

    def account(self, party: str) -> dict[str, int]:
        """Every balance of ``party`` by kind (``EMPTY_ACCOUNT`` before its first entry). Do not
        change it."""
        return self.accounts.get(party, EMPTY_ACCOUNT)

    @property
    def balances(self) -> dict[tuple[str, str], int]:
        """All balances keyed ``(kind, party)``, a copy (kinds never posted for a party show as
        0)."""
        return {(kind, party): value for party, account in self.accounts.items()
                for kind, value in account.items()}

    def __len__(self) -> int:
        return len(self.entries)

    def copy(self) -> Ledger:
        other = Ledger()
        other.entries = list(self.entries)
        other.accounts = {party: dict(account) for party, account in self.accounts.items()}
        return other

    @classmethod
    def from_entries(cls, entries: list[Entry]) -> Ledger:
        ledger = cls()
        for e in entries:
            ledger.post(e.seq, e.kind, e.source, e.target, e.qty, e.reason)
        return ledger
