"""Template helpers of the teacher's consoles: show view data whose shape the page does not know.

Expansion steps add keys to the engine's view (``views.EXTRA_VIEWS``); the consoles show every
key they have no dedicated place for as a nested definition list, so a new step's data shows
up without a template change.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from .playboss import marks

register = template.Library()

#: Keys of the engine's view that the consoles show in their own place.
BASE_VIEW_KEYS = frozenset({
    "viewer", "seq", "phase", "current", "waiting_for", "pending", "rolled", "rounds",
    "time_called", "board", "market", "bank", "teams", "deals", "order_rolls", "results",
    # added by selectors.panel
    "moves", "any_time", "ledger", "me", "teams_by_name", "mine", "pending_text",
})
#: Keys of a team's row that the consoles show in their own columns.
BASE_TEAM_KEYS = frozenset({
    "name", "seat", "position", "year", "rolls", "machines", "computer", "raw", "finished",
    "web", "advertising", "bankrupt", "cash", "bank_debt", "private_debt", "loans_given",
    "loans", "capital_received", "sales_total", "machine_list", "leased_out", "lease_field",
    "balance_sheet",
})
#: Keys whose numbers are Marks.
MONEY_HINTS = ("cash", "price", "amount", "debt", "cost", "salary", "salaries", "wage", "fund",
               "bid", "sales", "profit", "capital", "fee", "tax", "target", "opening", "paid")
MAX_DEPTH = 6
MAX_ITEMS = 60


def humanize(key: Any) -> str:
    text = str(key).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _is_money(key: str) -> bool:
    key = key.lower()
    return any(hint in key for hint in MONEY_HINTS)


def _render(value: Any, key: str, depth: int) -> str:
    if value is None or value == "" or value == [] or value == {}:
        return '<span class="muted">–</span>'
    if isinstance(value, bool):
        return escape("yes" if value else "no")
    if isinstance(value, int) and not isinstance(value, bool):
        return escape(marks(value) if _is_money(key) else str(value))
    if isinstance(value, float):
        return escape(f"{value:.4g}")
    if isinstance(value, str):
        return escape(value)
    if depth >= MAX_DEPTH:
        return escape(repr(value)[:200])
    if isinstance(value, dict):
        items = list(value.items())
        rows = "".join(
            format_html("<dt>{}</dt><dd>{}</dd>", humanize(k),
                        mark_safe(_render(v, f"{key}.{k}", depth + 1)))
            for k, v in items[:MAX_ITEMS])
        more = format_html('<dt class="muted">…</dt><dd class="muted">{} more</dd>',
                           len(items) - MAX_ITEMS) if len(items) > MAX_ITEMS else ""
        return f'<dl class="data">{rows}{more}</dl>'
    if isinstance(value, list | tuple | set | frozenset):
        seq = list(value)
        if all(isinstance(v, str | int | float) and not isinstance(v, bool) for v in seq):
            return escape(", ".join(_render_plain(v, key) for v in seq[:MAX_ITEMS])
                          + (" …" if len(seq) > MAX_ITEMS else ""))
        lis = "".join(f"<li>{_render(v, key, depth + 1)}</li>" for v in seq[:MAX_ITEMS])
        tail = f'<li class="muted">… {len(seq) - MAX_ITEMS} more</li>' \
            if len(seq) > MAX_ITEMS else ""
        return f'<ul class="data">{lis}{tail}</ul>'
    return escape(str(value))


def _render_plain(value: Any, key: str) -> str:
    if isinstance(value, int) and _is_money(key):
        return marks(value)
    return str(value)


@register.filter
def as_data(value: Any, key: str = "") -> SafeString:
    """Any JSON-like value as HTML: dicts as definition lists, lists as lists."""
    return mark_safe(_render(value, key or "", 0))  # every leaf is escaped in _render


@register.filter
def step_data(data: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """The view's keys that expansion steps added: (key, title, value), in view order."""
    if not isinstance(data, dict):
        return []
    return [(k, humanize(k), v) for k, v in data.items() if k not in BASE_VIEW_KEYS]


@register.filter
def team_extras(row: dict[str, Any]) -> dict[str, Any]:
    """A team row's keys that expansion steps added."""
    if not isinstance(row, dict):
        return {}
    return {k: v for k, v in row.items() if k not in BASE_TEAM_KEYS}


#: Words of the engine's view that the consoles show as they are ("phase": "turn").
LABELS: dict[str, Any] = {
    "order": _("Rolling for the first player"),
    "turn": _("Playing"),
    "ended": _("Game over"),
}


@register.filter
def label(key: Any) -> str:
    if isinstance(key, str) and key in LABELS:
        return str(LABELS[key])
    return humanize(key)



@register.filter
def all_loans(teams: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every private loan between teams once (each shows in both teams' books)."""
    seen: dict[Any, dict[str, Any]] = {}
    for row in teams or []:
        for loan in row.get("loans") or []:
            seen.setdefault(loan.get("id"), loan)
    return list(seen.values())


#: Fixed fields of a move that its label already names.
LABELLED_FIELDS = frozenset({"option", "item", "renew"})


@register.filter
def fixed_details(fixed: dict[str, Any]) -> str:
    """What tells two moves of one kind apart (the offer, the team, the deal): "team Beta"."""
    if not isinstance(fixed, dict):
        return ""
    parts = []
    for key, value in fixed.items():
        if key in LABELLED_FIELDS:
            continue
        if isinstance(value, list | tuple):
            value = ", ".join(str(v) for v in value)
        elif isinstance(value, dict):
            value = ", ".join(f"{humanize(k).lower()} {v}" for k, v in value.items())
        parts.append(f"{humanize(key).lower()} {value}")
    return " · ".join(parts)


#: Keys of a final-results row that the consoles show in their own columns.
BASE_RESULT_KEYS = frozenset({"team", "result", "bankrupt", "years", "rank"})


@register.filter
def result_extras(row: dict[str, Any]) -> dict[str, Any]:
    """A final-results row's keys that a goal variant (step 5) added, e.g. a yield."""
    if not isinstance(row, dict):
        return {}
    return {k: v for k, v in row.items() if k not in BASE_RESULT_KEYS}
