"""Template helpers of the teacher's consoles: show view data whose shape the page does not know.

Expansion steps add keys to the engine's view (a rule part's ``views``, see
``playboss.rules.rulebook``); the consoles show every key they have no dedicated place for as a
nested definition list, so a new step's data shows up without a template change.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.formats import number_format
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
    "moves", "any_time", "ledger", "me", "teams_by_name", "mine", "pending_text", "solvent",
    "table", "why", "rules", "due", "web_uses", "goal_open",
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


#: The words of the expansion steps' data in the page's language; a key not named here is shown
#: as it is, made readable ("units_sought" → "Units sought").
DATA_LABELS: dict[str, Any] = {
    # step 1: free market for sales
    "free_market": _("Free market"), "seller": _("first supplier"),
    "seller_in": _("first supplier still in"), "seller_price": _("first supplier's price"),
    "announced_price": _("announced price"), "announced_units": _("announced units"),
    "units_sought": _("units sought"), "units_on_offer": _("units on offer"),
    "price_point": _("price to beat"), "lowest_bid": _("lowest bid"), "round": _("round"),
    "round_limit": _("round limit"), "withdrawn": _("withdrawn"), "waiting": _("waiting for"),
    "waiting_for": _("waiting for"), "stage": _("stage"), "sold": _("sold"),
    "market_price": _("market price"), "prices_open": _("prices open"),
    # step 2: the bank's auction
    "auction": _("Auction"), "opening": _("opening price"), "highest_bid": _("highest bid"),
    "highest_bidder": _("highest bidder"), "bids": _("bids"), "zone": _("zone"),
    "units": _("units"), "passed": _("passed"),
    # step 3: marketing organizations
    "marketing": _("Marketing organizations"), "troughs": _("troughs"), "trough": _("trough"),
    "owner": _("owner"), "chips": _("WEB chips"), "founding_cost": _("founding cost"),
    "yearly_cost": _("cost at every crossing of the start"),
    # step 5: goals
    "goal": _("Game goal"), "variant": _("variant"), "title": _("title"),
    "formula": _("formula"), "sales_target": _("sales target"), "sales": _("sales"),
    "personal_goal": _("personal goal"), "laps": _("years played"),
    "sales_yield": _("sales yield"), "asset_yield": _("asset yield"),
    "asset_yield_per_lap": _("asset yield per year"), "sold_to": _("business sold to"),
    # step 6: the labour market
    "labor": _("Labour market"), "pool": _("workers in the pool"),
    "unemployed": _("unemployed"), "retired": _("retired"), "available": _("available"),
    "first_lap_done": _("first year done"), "highest_salary": _("highest salary"),
    "strikes": _("strikes"), "lockouts": _("lockouts"), "workers": _("workers"),
    "notice": _("under notice"), "support_paid": _("unemployment support paid"),
    "strike_wages_paid": _("strike wages paid"), "offers": _("open hiring offers"),
    "cash": _("cash"), "salaries": _("salaries"), "salary": _("salary"),
    "salary_bill": _("salaries per red field"), "production_capacity": _("can produce"),
    "raw_usable": _("raw material usable"), "finished_sellable": _("finished units sellable"),
    "field": _("this red field"), "roll": _("roll"), "produced": _("produced"),
    "idle": _("idle"), "mine": _("my business"),
    # fields of offers and moves
    "id": _("no."), "team": _("team"), "teams": _("teams"), "by": _("from"),
    "buyer": _("buyer"), "offer": _("offer"), "deal": _("deal"), "price": _("price"),
    "step": _("step"), "machine": _("machine"),
}


def word(key: Any) -> str:
    """A data key as a word of the page's language, as it stands inside a sentence."""
    label = DATA_LABELS.get(str(key))
    return str(label) if label is not None else str(key).replace("_", " ").strip()


def humanize(key: Any) -> str:
    """A data key as a heading: the word with a capital."""
    text = word(key)
    return text[:1].upper() + text[1:]


def _is_money(key: str) -> bool:
    key = key.lower()
    return any(hint in key for hint in MONEY_HINTS)


def _render(value: Any, key: str, depth: int) -> str:
    if value is None or value == "" or value == [] or value == {}:
        return '<span class="muted">–</span>'
    if isinstance(value, bool):
        return escape(str(_("yes") if value else _("no")))
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
    """A team row's keys that expansion steps added, those with a value (every row has
    ``sold_to``, empty until a business is sold: no "more" on every row for nothing)."""
    if not isinstance(row, dict):
        return {}
    return {k: v for k, v in row.items()
            if k not in BASE_TEAM_KEYS and v not in (None, "", [], {})}


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
            value = ", ".join(f"{word(k)} {v}" for k, v in value.items())
        parts.append(f"{word(key)} {value}")
    return " · ".join(parts)


#: Step 5: the figure each goal variant ranks by, shown beside the result.
GOAL_FIGURE = {"first_to_sales": "sales", "sales_then_profit": "sales",
               "sales_yield": "sales_yield", "asset_yield": "asset_yield_per_lap"}
PERCENT_KEYS = frozenset({"sales_yield", "asset_yield", "asset_yield_per_lap"})


@register.filter
def result_columns(results: Any) -> list[tuple[str, str]]:
    """The final results' columns beyond rank, team, result and years: the figure the game's
    goal ranks by (step 5), the personal goals written down at the start, a business sold."""
    rows = [r for r in results or [] if isinstance(r, dict)]
    keys = []
    goal = next((r.get("goal") for r in rows if r.get("goal")), None)
    if goal in GOAL_FIGURE:
        keys.append(GOAL_FIGURE[goal])
    keys += [k for k in ("personal_goal", "sold_to") if any(r.get(k) for r in rows)]
    return [(k, humanize(k)) for k in keys]


@register.simple_tag
def result_cell(row: dict[str, Any], key: str) -> str:
    """One figure of a results row: Marks, a yield as a percentage, or text."""
    value = row.get(key)
    if value is None or value == "":
        return "–"
    if key in PERCENT_KEYS:
        return f"{number_format(float(value) * 100, 1)} %"
    if isinstance(value, int):
        return marks(value)
    return str(value)
