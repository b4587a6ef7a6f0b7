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

from dataclasses import dataclass
from typing import Any

KINDS = ("cash", "raw", "finished", "machine", "computer", "web", "bank_debt", "private_debt",
         "capital")


@dataclass(frozen=True, slots=True)
class Entry:
    seq: int  # the number of the action that caused it (0 = set-up)
    kind: str
    source: str
    target: str
    qty: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "from": self.source, "to": self.target,
                "qty": self.qty, "reason": self.reason}


class Ledger:
    """Append-only entries plus running balances, so checking the books costs O(parties)."""

    __slots__ = ("entries", "balances")

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.balances: dict[tuple[str, str], int] = {}

    def post(self, seq: int, kind: str, source: str, target: str, qty: int, reason: str) -> None:
        if qty == 0:
            return
        self.entries.append(Entry(seq, kind, source, target, qty, reason))
        b = self.balances
        b[kind, target] = b.get((kind, target), 0) + qty
        b[kind, source] = b.get((kind, source), 0) - qty

    def balance(self, kind: str, party: str) -> int:
        return self.balances.get((kind, party), 0)

    def __len__(self) -> int:
        return len(self.entries)

    def copy(self) -> Ledger:
        other = Ledger()
        other.entries = list(self.entries)
        other.balances = dict(self.balances)
        return other

    @classmethod
    def from_entries(cls, entries: list[Entry]) -> Ledger:
        ledger = cls()
        for e in entries:
            ledger.post(e.seq, e.kind, e.source, e.target, e.qty, e.reason)
        return ledger
