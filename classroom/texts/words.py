"""The short words of the books: field colours, ledger reasons, kinds and parties.

The engine names them in English (``"interest"``, ``"bank_debt"``, ``"market"``); these tables
give the words the page shows, each with a gettext context so that one English word may be
translated differently as a reason, a kind or a party.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import pgettext_lazy

FIELD_COLOURS: dict[str, Any] = {
    "S": pgettext_lazy("field colour", "start"),
    "R": pgettext_lazy("field colour", "red"),
    "G": pgettext_lazy("field colour", "green"),
    "Y": pgettext_lazy("field colour", "yellow"),
    "B": pgettext_lazy("field colour", "blue"),
    "W": pgettext_lazy("field colour", "white"),
}

#: Reasons of payments and ledger entries (the engine's words) → what the books say. Every
#: reason the engine books has one (``tests/web/test_refusal_codes.py``).
REASONS: dict[str, Any] = {
    "set-up": pgettext_lazy("ledger", "set-up"),
    "starting capital": pgettext_lazy("ledger", "starting capital"),
    "second capital": pgettext_lazy("ledger", "second starting capital"),
    "purchase": pgettext_lazy("ledger", "purchase"),
    "production": pgettext_lazy("ledger", "production"),
    "sale": pgettext_lazy("ledger", "sale"),
    "investment": pgettext_lazy("ledger", "investment"),
    "WEB chip": pgettext_lazy("ledger", "WEB chip"),
    "bank credit": pgettext_lazy("ledger", "bank credit"),
    "repayment": pgettext_lazy("ledger", "repayment"),
    "interest": pgettext_lazy("ledger", "interest"),
    "loan fee": pgettext_lazy("ledger", "loan fee"),
    "repurchase": pgettext_lazy("ledger", "repurchase by the bank"),
    "risk": pgettext_lazy("ledger", "risk card"),
    "idle costs": pgettext_lazy("ledger", "idle costs"),
    "cost field": pgettext_lazy("ledger", "cost field"),
    "cost-field production": pgettext_lazy("ledger", "production on the cost field"),
    "sale at half price": pgettext_lazy("ledger", "sale at half price"),
    "write-off": pgettext_lazy("ledger", "write-off"),
    "written off": pgettext_lazy("ledger", "written off"),
    "advertising": pgettext_lazy("ledger", "advertising"),
    "efficiency": pgettext_lazy("ledger", "efficiency improvement"),
    "computer lease": pgettext_lazy("ledger", "computer lease"),
    "correction": pgettext_lazy("ledger", "correction"),
    "bankruptcy": pgettext_lazy("ledger", "bankruptcy"),
    "bankruptcy sale": pgettext_lazy("ledger", "bankruptcy sale"),
    "bankruptcy auction": pgettext_lazy("ledger", "auction of a bankrupt team's assets"),
    "loan taken over by bank": pgettext_lazy("ledger", "loan taken over by the bank"),
    "private deal": pgettext_lazy("ledger", "private deal"),
    "private loan": pgettext_lazy("ledger", "private loan"),
    "private repayment": pgettext_lazy("ledger", "private repayment"),
    # A payment the engine asks for (``loan_due``), named in waiting texts and bankruptcies.
    "private loan due": pgettext_lazy("ledger", "private loan due"),
    "tax": pgettext_lazy("ledger", "tax"),
    # Step 4: the closed year's tax booked as its expense, and a tax due a bankruptcy ends.
    "tax on the year's profit": pgettext_lazy("ledger", "tax on the year's profit"),
    "closing: expenses": pgettext_lazy("ledger", "year-end closing: expenses to the P&L account"),
    "closing: income": pgettext_lazy("ledger", "year-end closing: income to the P&L account"),
    "closing: result": pgettext_lazy("ledger", "year-end closing: the year's result to equity"),
    "tax due written off": pgettext_lazy("ledger", "tax due written off"),
    # The closing entry of a game's end: the second starting capital a team never received.
    "starting capital not received": pgettext_lazy("ledger", "starting capital not received"),
    "auction": pgettext_lazy("ledger", "auction"),
    "free market": pgettext_lazy("ledger", "free market"),
    "marketing": pgettext_lazy("ledger", "marketing organization"),
    "marketing sale": pgettext_lazy("ledger", "sale through the marketing organization"),
    "takeover": pgettext_lazy("ledger", "takeover"),
    "takeover price": pgettext_lazy("ledger", "takeover price"),
    "salaries": pgettext_lazy("ledger", "salaries"),
    "salaries (cost field)": pgettext_lazy("ledger", "salaries (cost field)"),
    "salaries (bankruptcy)": pgettext_lazy("ledger", "salaries (bankruptcy)"),
    "hiring": pgettext_lazy("ledger", "hiring"),
    "termination": pgettext_lazy("ledger", "termination"),
    "strike wages": pgettext_lazy("ledger", "strike wages"),
    "unemployment support": pgettext_lazy("ledger", "unemployment support"),
    "unemployment fund": pgettext_lazy("ledger", "unemployment fund"),
    "retired after the first lap": pgettext_lazy("ledger", "retired after the first year"),
}

#: What a ledger entry moves.
KINDS: dict[str, Any] = {
    "cash": pgettext_lazy("ledger kind", "cash"),
    "raw": pgettext_lazy("ledger kind", "raw material"),
    "finished": pgettext_lazy("ledger kind", "finished product"),
    "machine": pgettext_lazy("ledger kind", "machine"),
    "computer": pgettext_lazy("ledger kind", "computer"),
    "web": pgettext_lazy("ledger kind", "WEB chips"),
    "workers": pgettext_lazy("ledger kind", "workers"),
    "worker": pgettext_lazy("ledger kind", "workers"),
    "bank_debt": pgettext_lazy("ledger kind", "bank debt"),
    "private_debt": pgettext_lazy("ledger kind", "private debt"),
    "capital": pgettext_lazy("ledger kind", "capital"),
}

#: The parties of the books that are not teams.
PARTIES: dict[str, Any] = {
    "bank": pgettext_lazy("ledger party", "bank"),
    "market": pgettext_lazy("ledger party", "market"),
    "box": pgettext_lazy("ledger party", "box"),
    "production": pgettext_lazy("ledger party", "production"),
    "board": pgettext_lazy("ledger party", "board"),
    "workers": pgettext_lazy("ledger party", "worker representative"),
    "retired": pgettext_lazy("ledger party", "retired"),
    "marketing": pgettext_lazy("ledger party", "marketing organization"),
    "supply": pgettext_lazy("ledger party", "the box (worker pieces)"),
}


def reason_text(reason: Any) -> str:
    """A payment's or ledger entry's reason in the active language ("interest" → "Zinsen")."""
    if reason is None:
        return ""
    return str(REASONS.get(str(reason), reason))


def kind_text(kind: Any) -> str:
    return str(KINDS.get(str(kind), kind))


def party_text(party: Any) -> str:
    """The other side of a ledger entry: a team's name as it is, the bank, the market ..."""
    return str(PARTIES.get(str(party), party))
