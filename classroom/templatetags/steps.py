"""Template helpers of the expansion steps' blocks (``templates/classroom/steps/``): the bank
console's tables of each step's data, and the open round on a team's screen.

Everything here reads only the value it is given (a part of the engine's view for the screen's
own viewer), so a ``{% region %}`` that names that value stays right from the memo, and a team's
block can show nothing its own view hides.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import get_template
from django.utils.translation import gettext_lazy as _

from .playboss import marks

register = template.Library()

#: The view keys with a block of their own: ``templates/classroom/steps/<key>.html``. Any other
#: key a step adds is shown by the generic ``as_data`` until it gets one.
BLOCKS = ("free_market", "auction", "estate", "takeovers", "marketing", "goal", "labor")

#: Pending items whose state a step's block shows in the page's language (the engine's English
#: detail of the item is left out beside it).
BLOCK_PENDING = frozenset({"bidding", "auction", "estate"})

#: Block titles, and what each step is, in one line for a reader who never played it.
TITLES: dict[str, Any] = {
    "free_market": _("Free market: the bidding round"),
    "auction": _("Auction of raw material"),
    "estate": _("Auction of a bankrupt team's assets"),
    "takeovers": _("Takeover offers"),
    "marketing": _("Marketing organizations"),
    "goal": _("Game goal"),
    "labor": _("Labour market"),
}

#: Step 5's goal variants in the page's language (the engine's titles are English).
GOAL_TITLES: dict[str, Any] = {
    "profit": _("Highest profit when time is up"),
    "first_to_sales": _("First to reach the sales target wins"),
    "sales_then_profit": _("Highest profit once a team reaches the sales target"),
    "sales_yield": _("Highest sales yield (profit / sales)"),
    "asset_yield": _("Highest asset yield per year (profit / balance-sheet total / years)"),
}
#: The variants that end the game at the sales target.
TARGET_GOALS = frozenset({"first_to_sales", "sales_then_profit", "sales_yield", "asset_yield"})
GOAL_FORMULAS: dict[str, Any] = {
    "sales_yield": _("Sales yield = total profit / total sales"),
    "asset_yield": _("Asset yield = total profit / balance-sheet total / years played"),
}


@register.filter
def step_block(key: Any) -> str:
    """The template of a step key's block, or "" for a key without one."""
    if key not in BLOCKS:
        return ""
    name = f"classroom/steps/{key}.html"
    get_template(name)  # a missing block is a bug here, not an empty card on the console
    return name


#: The order of the bank console's step cards: open rounds first, then what changes less.
CARD_ORDER = ("free_market", "auction", "estate", "takeovers", "labor", "marketing", "goal")


@register.filter
def console_order(items: Any) -> list[Any]:
    """``step_data``'s (key, title, value) in the console's order: a round that runs, then
    the steps' standing data, then a step with nothing running (step 1 between biddings),
    then keys without a block of their own."""
    def rank(item: Any) -> tuple[int, int]:
        key, value = item[0], item[2]
        known = key in CARD_ORDER
        return (0 if known and value else 1 if known else 2,
                CARD_ORDER.index(key) if known else 0)
    return sorted(items or [], key=rank)


@register.filter
def has_step_block(kind: Any) -> bool:
    return kind in BLOCK_PENDING


@register.filter
def step_title(key: Any) -> str:
    title = TITLES.get(str(key))
    return str(title) if title is not None else ""


@register.filter
def goal_title(variant: Any) -> str:
    title = GOAL_TITLES.get(str(variant))
    return str(title) if title is not None else str(variant)


@register.filter
def goal_formula(variant: Any) -> str:
    formula = GOAL_FORMULAS.get(str(variant))
    return str(formula) if formula is not None else ""


@register.filter
def goal_has_target(variant: Any) -> bool:
    return variant in TARGET_GOALS


@register.filter
def bidding_rows(free_market: Any) -> list[dict[str, Any]]:
    """Step 1: who offers how many units at which price, cheapest first, the first supplier
    among them (at the price it holds, or marked as withdrawn), then those who withdrew."""
    if not isinstance(free_market, dict):
        return []
    seller = free_market.get("seller")
    rows: list[dict[str, Any]] = [
        {"team": o.get("team"), "units": o.get("units"), "price": o.get("price"),
         "seller": False, "out": False}
        for o in free_market.get("offers") or [] if isinstance(o, dict)]
    rows.sort(key=lambda r: (r["price"] if isinstance(r["price"], int) else 0, str(r["team"])))
    first = {"team": seller, "units": free_market.get("units_sought"),
             "price": free_market.get("seller_price"), "seller": True,
             "out": not free_market.get("seller_in")}
    # The first supplier sells at a price the competition does not undercut: it stands before
    # the competitors at its own price.
    at = next((i for i, r in enumerate(rows)
               if isinstance(first["price"], int) and isinstance(r["price"], int)
               and r["price"] >= first["price"]), len(rows))
    if first["out"]:
        rows.append(first)
    else:
        rows.insert(at, first)
    offered = {r["team"] for r in rows}
    rows += [{"team": name, "units": None, "price": None, "seller": False, "out": True}
             for name in free_market.get("withdrawn") or [] if name not in offered]
    return rows


@register.filter
def bid_total(bid: Any, units: Any) -> int | None:
    """An auction bid per unit times the lot's units: what the lot costs at that bid."""
    try:
        return int(bid) * int(units)
    except (TypeError, ValueError):
        return None


@register.filter
def auction_bids(auction: Any) -> list[dict[str, Any]]:
    """Step 2: the bids made, newest (highest) first, each with what the whole lot costs."""
    if not isinstance(auction, dict):
        return []
    units = auction.get("units")
    out = []
    for bid in reversed(auction.get("bids") or []):
        if isinstance(bid, list | tuple) and len(bid) == 2:
            out.append({"team": bid[0], "price": bid[1], "total": bid_total(bid[1], units)})
    return out


@register.filter
def labour_rows(labor: Any) -> list[dict[str, Any]]:
    """Step 6: per team its workers, those under notice, the salaries it pays (the bank's and
    the representative's view), and whether it is on strike or locks out."""
    if not isinstance(labor, dict):
        return []
    workers = labor.get("workers") or {}
    notice = labor.get("notice") or {}
    salaries = labor.get("salaries") or {}
    strikes = labor.get("strikes") or {}
    lockouts = labor.get("lockouts") or []
    rows = []
    for name in workers:
        paid = [s for s in salaries.get(name) or [] if isinstance(s, int)]
        rows.append({"team": name, "workers": workers.get(name), "notice": notice.get(name, 0),
                     "salaries": paid, "bill": sum(paid) if name in salaries else None,
                     "strike": name in strikes, "lockout": name in lockouts})
    return rows


@register.filter
def minus(value: Any, other: Any) -> int | None:
    """``value`` less ``other`` (what is left to a target)."""
    try:
        return int(value) - int(other)
    except (TypeError, ValueError):
        return None


@register.filter
def has_offer(free_market: Any, team: Any) -> bool:
    """Whether ``team`` has an offer standing in step 1's bidding."""
    if not isinstance(free_market, dict):
        return False
    return any(isinstance(o, dict) and o.get("team") == team
               for o in free_market.get("offers") or [])


@register.filter
def join_marks(prices: Any) -> str:
    """Prices as Marks joined with "or": "5,000 M or 4,500 M"."""
    amounts = [marks(p) for p in prices or []]
    if len(amounts) <= 1:
        return "".join(amounts)
    return f"{', '.join(amounts[:-1])} {_('or')} {amounts[-1]}"


@register.filter
def my_labour(labor: Any, me: Any) -> dict[str, Any]:
    """Step 6 on a team's own screen: its workers, those under notice, what it pays each
    (grouped: [(salary, how many)]) and per red field, and its dispute -- all from its own
    view (``mine``), never another team's salaries."""
    if not isinstance(labor, dict):
        return {}
    name = str(me)
    mine = labor.get("mine") or {}
    paid = [s for s in mine.get("salaries") or [] if isinstance(s, int)]
    groups = sorted({s: paid.count(s) for s in paid}.items())
    return {"workers": (labor.get("workers") or {}).get(name, 0),
            "notice": (labor.get("notice") or {}).get(name, 0),
            "salaries": groups, "bill": int(mine.get("salary_bill") or sum(paid)),
            "capacity": mine.get("production_capacity"),
            "strike": (labor.get("strikes") or {}).get(name),
            "lockout": name in (labor.get("lockouts") or [])}


@register.filter
def my_troughs(marketing: Any, me: Any) -> list[int]:
    """Step 3: the numbers of the marketing organizations the team holds."""
    if not isinstance(marketing, dict):
        return []
    return [int(t["trough"]) for t in marketing.get("troughs") or [] if t.get("owner") == me]
