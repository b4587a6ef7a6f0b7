"""What each screen's ticker says of a move: the whole line for those it concerns, a discreet
one for everyone else (issue 10, "Privacy of the ticker").

A private deal's terms and a team's borrowing are the business of the teams involved: the
line every screen sees (the projector, the other teams) says that two teams made a deal, not
what they traded, and says nothing of bank credit or private repayments. The parties — the
team and its partner — and the bank see the full line.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from playboss.rules import BANK
from playboss.rules.views import PUBLIC

from .texts import describe_event

#: Events whose full line only their parties (and the bank) may read.
PRIVATE_KINDS = frozenset({"deal_offered", "deal_done", "credit", "repay", "repay_private",
                           "takeover_offered"})


def parties(event: dict[str, Any]) -> set[str]:
    return {name for name in (event.get("team"), event.get("partner"))
            if isinstance(name, str)}


def public_line(event: dict[str, Any], language: str) -> str | None:
    """The line everyone may read, or None where the event is nobody else's business."""
    kind = event.get("type")
    if kind not in PRIVATE_KINDS:
        return describe_event(event, language)
    names = {"team": event.get("team", "?"), "partner": event.get("partner", "?")}
    with translation.override(language):
        if kind == "deal_offered":
            return _("%(team)s offers %(partner)s a private deal.") % names
        if kind == "deal_done":
            return _("%(team)s and %(partner)s close a private deal.") % names
        if kind == "takeover_offered":
            return _("%(team)s makes %(partner)s an offer for its business.") % names
    return None  # borrowing and repaying: the team's own business


def tickers(produced: list[dict[str, Any]], language: str) -> dict[str, list[str]]:
    """The lines of a move for each audience: "public", "bank", and each party of a private
    event (a team name). A screen not named here reads "public"."""
    audiences = {PUBLIC, BANK}
    for event in produced:
        if event.get("type") in PRIVATE_KINDS:
            audiences |= parties(event)
    lines: dict[str, list[str]] = {audience: [] for audience in audiences}
    for event in produced:
        full = describe_event(event, language)
        public = public_line(event, language)
        involved = parties(event) if event.get("type") in PRIVATE_KINDS else set()
        for audience, out in lines.items():
            line = full if audience == BANK or audience in involved else public
            if line:
                out.append(line)
    return lines


def for_viewer(message: dict[str, Any], actor: str, is_teacher: bool,
               language: str | None = None) -> list[str]:
    """A broadcast's ticker as ``actor``'s screen may show it, in the screen's language."""
    by_audience = (message.get("tickers_by_language") or {}).get(language or "") \
        or message.get("tickers") or {}
    if is_teacher:
        return list(by_audience.get(BANK, message.get("ticker", [])))
    return list(by_audience.get(actor, message.get("ticker", [])))
