"""Template filters of the journal (issue 13): account names and bookings in the page's
language, as a school writes them ("Raw materials 300 / Bank 300"; German "an")."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from classroom.texts.journal import account_name, note_text, sheet_line

register = template.Library()


@register.filter
def account(code: Any) -> str:
    """An account's name in the page's language: "raw" → "Rohstoffe"."""
    return account_name(str(code))


@register.filter(name="sheet_line")
def sheet_line_filter(code: Any) -> str:
    """A line of the balance sheet drawn from the journal: totals, the result brought forward
    and the current year's result named apart, else the account's name."""
    return sheet_line(str(code))


@register.filter
def accounts(codes: Any) -> str:
    return ", ".join(account_name(str(c)) for c in codes or [])


@register.filter
def booking_note(code: Any) -> str:
    """Why the booking is valued so (empty for a booking that needs no word)."""
    return note_text(code)


def _side(postings: Any) -> str:
    return ", ".join(f"{account_name(str(a))} {number_format(int(v), force_grouping=True)}"
                     for a, v in postings)


@register.filter
def booking_line(entry: Any) -> str:
    """The booking on one line: debits, then the credits ("Rohstoffe 300 an Bank 300")."""
    return _("%(debits)s / %(credits)s") % {"debits": _side(entry["debits"]),
                                            "credits": _side(entry["credits"])}


@register.filter
def total(postings: Any) -> int:
    return sum(int(v) for _a, v in postings or [])


@register.filter
def neg(value: Any) -> int:
    return -int(value)


@register.filter
def zip_longest(left: Any, right: Any) -> list[tuple[Any, Any]]:
    """Pairs of a T-account's debit and credit rows, side by side."""
    from itertools import zip_longest as pairs

    return list(pairs(left or [], right or []))
