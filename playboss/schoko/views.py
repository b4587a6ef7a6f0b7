"""What a viewer may see. The bank (``"bank"``, the teacher) sees everything; a team sees
its own cash, hand, sealed answers and inside information, and of the others what lies on
the table (staff, stores, contracts, loan cards, shares, the number of cards in hand);
``"public"`` (the projector) sees the table only. Cash stays behind the screens (Preparation:
"hide the amount of money in your possession") unless "Unglaublich" made a team tell it.
The order of the decks is a secret from everyone but the bank."""

from __future__ import annotations

from typing import Any

from . import cards
from .legal import waiting_for
from .state import BANK, PUBLIC, GameState, Team


def viewers(state: GameState) -> list[str]:
    return [BANK, *state.teams, PUBLIC]


def _contract(s: GameState, c: Any) -> dict[str, Any]:
    bars, low, high = s.config.contracts[c.card]
    return {"card": c.card, "bars": bars, "price": c.price, "month": c.month}


def team_table(s: GameState, team: Team) -> dict[str, Any]:
    return {
        "name": team.name, "seat": team.seat, "staff": dict(team.staff),
        "hired": dict(team.hired), "fired": dict(team.fired), "park": team.park,
        "ill_worker": team.ill_worker, "cocoa": team.cocoa, "chocolate": team.chocolate,
        "secretariat": [_contract(s, c) for c in team.secretariat],
        "bookkeeping": [_contract(s, c) for c in team.bookkeeping],
        "shares": team.shares, "loans": team.loans, "hand_size": len(team.hand),
        "received": team.received, "requested": team.requested,
        "marker": team.marker if s.phase not in ("marker",) else None,
        "marker_placed": team.name in s.sealed if s.phase == "marker" else None,
        "bankrupt": team.bankrupt,
        "announced_cash": team.announced_cash,
        "effects": {"katastrophal": team.katastrophal, "schlapp": team.schlapp,
                    "marker_penalty": team.marker_penalty},
    }


def team_secrets(s: GameState, team: Team) -> dict[str, Any]:
    out: dict[str, Any] = {"cash": team.cash, "hand": list(team.hand), "inside": team.inside}
    if team.name in s.sealed:
        out["sealed"] = s.sealed[team.name]
    if team.name in s.calls:
        out["call"] = s.calls[team.name]
    if s.meeting is not None and team.name in s.meeting.standing:
        out["declines_below"] = s.meeting.standing[team.name]
    return out


def view(state: GameState, viewer: str) -> dict[str, Any]:
    s = state
    m = s.meeting
    table: dict[str, Any] = {
        "month": s.month, "month_name": cards.MONTHS[s.month - 1], "months": s.config.months,
        "phase": s.phase, "waiting_for": waiting_for(s), "banker": s.banker(),
        "order": s.order(),
        "market": dict(zip(s.config.cities, s.market, strict=True)),
        "city": s.config.cities[s.city] if s.phase in ("bid", "announce", "call") else None,
        "answered": sorted(s.sealed) if s.phase in ("bid", "marker", "join") else
        sorted(s.calls) if s.phase == "call" else [],
        "offers": {n: {"bars": o[0], "price": o[1], "status": o[2]}
                   for n, o in s.offers.items()},
        "meetings": s.meetings, "meetings_held": s.meetings_held,
        "meeting": None if m is None else {
            "card": m.card, "bars": s.config.contracts[m.card][0],
            "low": s.config.contracts[m.card][1], "high": s.config.contracts[m.card][2],
            "joined": list(m.joined), "price": m.price,
            "asked": m.joined[m.asked] if m.joined and m.asked < len(m.joined) else None},
        "contract_deck": len(s.deck), "event_deck": len(s.events),
        "events_turned": list(s.event_discard), "this_month": list(s.this_month),
        "next_month": list(s.next_month),
        "bank": {"bars": s.bank_bars, "staff": dict(s.bank_staff), "loan_cards": s.loan_cards,
                 "share_certificates": s.share_certificates},
        "share_value": s.config.share_value(s.month),
        "teams": {n: team_table(s, t) for n, t in s.teams.items()},
    }
    if s.phase == "ended":
        table["results"] = s.results
    if viewer == BANK:
        for n, t in s.teams.items():
            table["teams"][n].update(team_secrets(s, t))
        table["secret"] = {"contract_deck": list(s.deck), "event_deck": list(s.events),
                           "sealed": dict(s.sealed), "calls": dict(s.calls)}
    elif viewer in s.teams:
        table["teams"][viewer].update(team_secrets(s, s.teams[viewer]))
        table["you"] = viewer
    return table
