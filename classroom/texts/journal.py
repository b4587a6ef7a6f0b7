"""The journal's words: the chart of accounts and the notes on valuation, as a school's
bookkeeping lesson names them (English; German "Soll/Haben", "Rohstoffe an Bank").

The engine (``playboss.rules.journal``) names accounts by code; profit-and-loss accounts are
the statements' lines (``"pl:" + line key``) and take the documents' words for them, so the
journal and the year's statements say the same thing. A code added later falls back to itself.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from playboss.rules.journal import PNL_ACCOUNT, PNL_PREFIX, RETAINED
from reports.labels import LINE_LABELS

#: Balance accounts: assets, then liabilities and capital.
BALANCE_NAMES: dict[str, Promise] = {
    "machines": _("Machines"),
    "computers": _("Computers"),
    "raw": _("Raw materials"),
    "finished": _("Finished goods"),
    "loans_given": _("Loans given"),
    "bank": _("Bank (cash)"),
    "bank_loans": _("Bank loans"),
    "other_loans": _("Other loans (private)"),
    "tax_due": _("Tax due"),
    "capital": _("Capital"),
    RETAINED: _("Result brought forward"),
    PNL_ACCOUNT: _("Profit and loss account"),
}

#: The journal's balance sheet lines that are no account (``journal.sheet``).
SHEET_LINES: dict[str, Promise] = {
    "total_assets": _("Total assets"),
    "total_liabilities": _("Total liabilities and capital"),
    "brought_forward": _("Result brought forward (closed years)"),
    "year_result": _("Result of the current year"),
}

ACCOUNT_NAMES: dict[str, Promise] = BALANCE_NAMES | {
    PNL_PREFIX + key: label for key, label in LINE_LABELS.items()}

#: Why a booking is valued as it is (``JournalEntry.note``: the line whose entry mixes stock
#: and profit).
NOTES: dict[str, Promise] = {
    "raw_material": _("Raw material is carried at 150 a unit, whatever it cost: the rest of "
                      "the price is this year's cost of raw material."),
    "production": _("A finished unit is carried at 1,500. It took one raw unit (150) and the "
                    "production costs paid; the difference is the production result."),
    "sales_market": _("The unit leaves the stock at 1,500: only the price above (or below) "
                      "that is the result of the sale."),
    "sales_bank": _("The bank buys back at its repurchase price; the goods leave the stock at "
                    "their book value, the difference is the result."),
    "private": _("Goods and machines change hands at book value; what the price differs "
                 "from it is the result of the deal."),
    "investment": _("Machines are carried at 10,000 and owned computers at 20,000: a "
                    "different price is booked as a result."),
    "bankruptcy": _("The assets leave at book value; what the bank pays for them is booked "
                    "against it, the difference is the loss of the bankruptcy."),
    "other": _("Goods leave or come at book value; the difference is booked as a result."),
    "capital": _("At the end the whole starting capital is subtracted, also the part the team "
                 "never received."),
}


def account_name(code: str) -> str:
    return str(ACCOUNT_NAMES.get(code, code))


def sheet_line(code: str) -> str:
    """A line of the journal's balance sheet: an account, a total, or a result."""
    label = SHEET_LINES.get(code)
    return str(label) if label is not None else account_name(code)


def note_text(code: str | None) -> str:
    return str(NOTES.get(code, "")) if code else ""
