"""What the bank console shows beyond the engine's view: the lobby, the seats, and the "needs
you now" strip. Reads only (a selector for ``classroom.screens``).

Everything here ends up in ``{% region %}`` values of ``_bank_panel.html``, so it is plain data
(names, numbers, ISO times, the move forms) and a region drawn from it reads nothing else.
"""

from __future__ import annotations

import math
from typing import Any

from playboss.rules import WORKERS, legal_choices

from . import bot_levels, state_store, throttle
from .models import Game, Representative, SeatChange
from .presenters import form_for
from .services import TIMED_ROUNDS

#: Seat changes the bank console lists (the newest first).
SEAT_LOG = 6
#: The representative's answers to a team's hiring offer.
OFFER_ANSWERS = ("accept_hire", "reject_hire")
#: The representative's strike moves, open while a business stands on red (step 6).
STRIKE_MOVES = ("call_strike", "end_strike")


def hide_moves_in_lobby(game: Game, data: dict[str, Any]) -> None:
    """A game in the lobby offers no move to anyone (the service would refuse them all) and
    waits for nobody but the teacher."""
    if game.status != Game.Status.LOBBY:
        return
    data["moves"] = []
    data["any_time"] = []
    data["waiting_for"] = []  # the engine waits for the first roll; the game for the start
    for deal in data.get("deals") or []:
        deal["moves"] = []


def bank_context(game: Game, data: dict[str, Any],
                 presence: list[dict[str, Any]]) -> dict[str, Any]:
    """The bank console's extra values: ``seats`` (who plays each team, joined, screens),
    ``seat_log`` (the latest seat changes) and ``needs`` (the strip at the top)."""
    seats = seats_of(game, presence)
    return {"seats": seats, "seat_log": seat_log(game), "needs": needs_of(game, data, seats),
            "bot_paces": list(bot_levels.PACE_LABELS.items()),
            "strong_level": "strong" in bot_levels.LEVELS}


def seats_of(game: Game, presence: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``presence`` (per team: screens connected, bot, last move) with the team's id, whether
    a browser has joined it, and whether two students split its duties (step 6)."""
    teams = {name: (pk, joined) for name, pk, joined in
             game.teams.values_list("name", "pk", "joined")}
    split = set(game.config.get("duties") or [])
    out = []
    for row in presence:
        pk, joined = teams.get(row["team"], (None, None))
        out.append({**row, "pk": pk, "joined": joined is not None,
                    "split": row["team"] in split})
    return out


def seat_log(game: Game) -> list[dict[str, Any]]:
    rows = SeatChange.objects.filter(game=game).order_by("-id")[:SEAT_LOG]
    return [{"kind": r.kind, "team": r.team_name, "detail": r.detail, "when": r.created}
            for r in rows]


def needs_of(game: Game, data: dict[str, Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
    """What waits for the teacher now: wrong PINs enough to slow the game's joins (someone
    guessing, issue 23: new PINs offered), starting the game (lobby), resuming it, rounds to close
    (with their deadline), hiring offers to answer when the teacher plays the representative
    (or who else answers them), and the student teams with no screen connected."""
    humans = [s for s in seats if not s["bot"]]
    needs: dict[str, Any] = {"status": game.status, "lobby": None, "paused": None,
                             "rounds": [], "offers": [], "offers_by": "", "strikes": [],
                             "absent": [], "guessing": throttle.guessing(game.code)}
    if game.status == Game.Status.LOBBY:
        needs["lobby"] = {
            "joined": [s["team"] for s in humans if s["joined"]],
            "missing": [s["team"] for s in humans if not s["joined"]],
            "bots": [s["team"] for s in seats if s["bot"]],
        }
        return needs
    if game.status == Game.Status.ENDED or data.get("phase") == "ended":
        return needs
    if game.status == Game.Status.PAUSED:
        left = game.paused_remaining
        needs["paused"] = {"remaining": int(math.ceil(left)) if left is not None else None}
    pending = data.get("pending") or {}
    kind = pending.get("kind")
    if kind in TIMED_ROUNDS:
        needs["rounds"].append({
            "kind": kind, "text": data.get("pending_text", ""),
            "waiting": [w for w in data.get("waiting_for") or [] if w != "bank"],
            "deadline": game.deadline.isoformat() if game.deadline else None,
            "moves": [m for m in data.get("moves") or [] if m["type"] == TIMED_ROUNDS[kind]],
        })
    offers = [o for o in (data.get("labor") or {}).get("offers") or [] if o.get("by") != WORKERS]
    if offers:
        teacher_answers = game.representative == Representative.TEACHER
        answers = representative_answers(game) if teacher_answers else []
        needs["offers_by"] = "" if teacher_answers else game.representative
        for offer in offers:
            workers, salary = int(offer["workers"]), int(offer["salary"])
            needs["offers"].append({
                "id": offer["id"], "team": offer["team"], "workers": workers,
                "salary": salary, "total": workers * salary,
                "moves": [m for m in answers if m["fixed"].get("offer") == offer["id"]],
            })
    if game.representative == Representative.TEACHER and data.get("labor"):
        # a strike can be called only while a business stands on red: at the top, not below
        # the hiring forms, so the teacher sees the chance when it comes
        needs["strikes"] = representative_moves(game, STRIKE_MOVES, any_time=True)
    needs["absent"] = [s["team"] for s in humans if not s["screens"]]
    return needs


def representative_answers(game: Game) -> list[dict[str, Any]]:
    """The worker representative's answers to the teams' hiring offers, as move forms (the
    engine's legal moves for ``"workers"``)."""
    return representative_moves(game, OFFER_ANSWERS, any_time=False)


def representative_moves(game: Game, kinds: tuple[str, ...],
                         any_time: bool) -> list[dict[str, Any]]:
    """The worker representative's legal moves of ``kinds`` as move forms."""

    def read(state: Any) -> list[dict[str, Any]]:
        return [form_for(c, state) for c in legal_choices(state, WORKERS)
                if c.cls.type in kinds and c.any_time == any_time]

    forms: list[dict[str, Any]] = state_store.read_state(game, read)
    return forms
