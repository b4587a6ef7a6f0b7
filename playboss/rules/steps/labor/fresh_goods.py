"""Fresh goods: raw material bought from the market, and product finished, since a team last
landed on a red field cannot be produced / sold to the market until it lands on the next one
(private deals are exempt). Counted from the ledger; market sales of the base model, of step
1's free market and of step 3's marketing organizations are held to it.

Rulebook: "Production" (step 6)."""

from __future__ import annotations

from typing import Any

from ...actions import Sell
from ...errors import RuleViolation
from ...ruleset import Check, Handler
from ...state import MARKET, PRODUCTION, GameState, Team
from ...turn import Turn
from .. import free_market, marketing
from .constants import STEP, section

#: Finished or raw units leaving a team by these ledger reasons to the market are not market
#: sales: the units may be ones made or bought since the last red field.
NOT_A_SALE = frozenset({"repurchase", "risk", "bankruptcy"})
#: ``Ledger.memo`` key (with the team's name) of ``fresh_units``' running fold.
_FRESH = "labor.fresh_units"


def fresh_units(state: GameState, team: Team) -> tuple[int, int]:
    """(raw, finished): units the team may not yet produce / sell, read from the ledger since
    it last landed on a red field: raw material bought from the market (a purchase, an
    auction) and product finished since then. Units that leave otherwise than by production or
    a market sale (a private deal, the bank's repurchase, a risk card) are taken from these
    first: a team gives away the units it cannot use yet.

    The ledger only grows, so the fold over its entries since the mark is kept in the ledger's
    memo and carried on from where it stopped (legal moves, the automatic production and the
    sale checks ask several times an action); it starts again from the mark when the mark
    moved or the entries it ended on are no longer there."""
    name = team.name
    mark = int(team.step["labor"]["mark"])
    ledger = state.ledger
    entries = ledger.entries
    end = len(entries)
    key = (_FRESH, name)
    known = ledger.memo.get(key)  # (mark, upto, raw, finished, entries[upto - 1])
    if (known is not None and known[0] == mark and known[1] <= end
            and entries[known[1] - 1] is known[4]):
        start, raw, finished = known[1], known[2], known[3]
    else:
        start, raw, finished = mark, 0, 0
    for i in range(start, end):
        e = entries[i]
        if e.kind == "raw":
            if e.target == name:
                if e.source == MARKET:
                    raw += e.qty
            elif e.source == name and e.target != PRODUCTION:
                raw -= min(raw, e.qty)
        elif e.kind == "finished":
            if e.target == name:
                if e.source == PRODUCTION:
                    finished += e.qty
            elif e.source == name and not (e.target == MARKET and e.reason not in NOT_A_SALE):
                finished -= min(finished, e.qty)
    if end > start:
        ledger.memo[key] = (mark, end, raw, finished, entries[end - 1])
    return min(raw, team.raw), min(finished, team.finished)


def usable_raw(state: GameState, team: Team) -> int:
    return team.raw - fresh_units(state, team)[0]


def sellable_finished(state: GameState, team: Team) -> int:
    """Finished units the team may sell to the market now."""
    return team.finished - fresh_units(state, team)[1]


# ---------------------------------------------------------------- selling
def _fresh_sale_refusal(state: GameState, team: Team, units: int, rule: str) -> None:
    """Refuse a market sale of more units than the team may sell now."""
    ok = sellable_finished(state, team)
    if units > ok and units <= team.finished:
        raise RuleViolation(f"{team.finished - ok} of your {team.finished} finished units were "
                            "made since you last landed on a red field: they can be sold from "
                            f"your next red field on ({ok} now). Private deals are exempt.",
                            rule, code="fresh_finished",
                            params={"fresh": team.finished - ok, "have": team.finished,
                                    "now": ok})


def _check_fresh_sale(state: GameState, action: Sell) -> None:
    if (STEP in state.config.steps and free_market.STEP not in state.config.steps
            and state.phase == "turn" and action.actor == state.current and state.pending
            and state.pending[0].kind == "red" and isinstance(action.units, int)):
        _fresh_sale_refusal(state, state.teams[action.actor], action.units,
                            section("Production"))


def check_sell(state: GameState, action: Sell, base: Check) -> Any:
    """The check of a sale on the red field with fresh goods (``PART.check_wraps``)."""
    _check_fresh_sale(state, action)
    return base(state, action)


def sell(turn: Turn, action: Sell, base: Handler) -> None:
    """Fresh goods cannot be sold on the red field; wraps the sale in force before (the base
    model's, or step 1's offer) (``PART.wraps``)."""
    _check_fresh_sale(turn.state, action)
    base(turn, action)


def _check_fresh_marketing_sale(state: GameState, action: marketing.MarketingSale) -> None:
    if (STEP in state.config.steps and state.phase == "turn" and action.actor == state.current
            and isinstance(action.units, int) and not isinstance(action.units, bool)):
        _fresh_sale_refusal(state, state.teams[action.actor], action.units,
                            section("Production"))


def check_marketing_sale(state: GameState, action: marketing.MarketingSale,
                         base: Check) -> Any:
    """The check of a sale through a marketing organization with fresh goods
    (``PART.check_wraps``)."""
    _check_fresh_marketing_sale(state, action)
    return base(state, action)


def marketing_sale(turn: Turn, action: marketing.MarketingSale, base: Handler) -> None:
    """Fresh goods are not sold through a marketing organization either; wraps step 3's
    sale (``PART.wraps``)."""
    _check_fresh_marketing_sale(turn.state, action)
    base(turn, action)


def sale_limit(state: GameState, team: Team) -> int:
    """The finished units step 6 lets a team sell to the market (``PART.sale_limits``: step
    1's offers and step 3's organizations ask it)."""
    return sellable_finished(state, team) if STEP in state.config.steps else team.finished
