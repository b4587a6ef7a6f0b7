"""The endpoints every game screen uses: send a move, fetch its panel, check the revision."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from playboss.rules import RuleViolation, action_from_dict, duty_of

from .. import duties, screens, services
from ..access import HeldSeat, held_seat, viewer_for
from ..audience import may_read
from ..limits import RequestRefused, request_json
from ..models import Game
from ..texts import describe_events, translate_refusal


def _forbidden() -> JsonResponse:
    return JsonResponse({"ok": False, "error": _("Join this game first.")}, status=403)


@require_POST
def submit_move(request: HttpRequest, game_id: int) -> JsonResponse:
    game = get_object_or_404(Game, pk=game_id)
    viewer = viewer_for(request, game)
    if viewer is None:
        return _forbidden()
    try:
        body: Any = request_json(request)
    except RequestRefused as exc:
        return JsonResponse({"ok": False, "error": exc.message}, status=exc.status)
    if not isinstance(body, dict) or not isinstance(body.get("action"), dict):
        return JsonResponse({"ok": False, "error": _("Send {\"action\": {...}}.")},
                            status=400)
    actor = body.get("actor") or viewer.default_actor
    if not isinstance(actor, str) or actor not in viewer.actors:  # a list is no one's name
        return JsonResponse({"ok": False, "error": _("You cannot act as %(actor)s.") % {
            "actor": repr(actor)}}, status=403)
    refusal = _other_half(request, viewer, body["action"])
    if refusal:
        return JsonResponse({"ok": False, "error": refusal}, status=403)
    key = body.get("key") if isinstance(body.get("key"), str) else None
    shown = body.get("revision")
    shown = shown if isinstance(shown, int) and not isinstance(shown, bool) else None
    try:
        outcome = services.submit_action(game_id=game.pk, actor=actor, payload=body["action"],
                                         idempotency_key=key, screen_revision=shown,
                                         seat=_seat(request, viewer, body["action"]))
    except services.ServiceError as exc:
        # The engine refuses in English; the commonest refusals are told in the page's language.
        return JsonResponse({"ok": False, "error": translate_refusal(exc)},
                            status=exc.status)
    return JsonResponse({"ok": True, "seq": outcome.seq, "revision": outcome.revision,
                         "duplicate": outcome.duplicate,
                         # what the move told, as far as the actor may read it
                         "events": describe_events([e for e in outcome.events
                                                    if may_read(e, actor)])})


@require_GET
def game_panel(request: HttpRequest, game_id: int) -> HttpResponse:
    """The part of a game screen that changes, as HTML: the first load, and the polling
    fallback when websockets are blocked. The websocket sends the same screen by regions."""
    game = get_object_or_404(Game, pk=game_id)
    viewer = viewer_for(request, game, allow_public=True)
    if viewer is None:
        return HttpResponse(status=403)
    spec = screens.spec_for(viewer, request.session, request.GET.get("as"),
                       request.GET.get("ledger_page"), get_language())
    screen = screens.build_screen(game, spec)
    response = HttpResponse(screen.html())
    response["X-Playboss-Revision"] = str(screen.revision)
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def game_revision(request: HttpRequest, game_id: int) -> JsonResponse:
    """For the polling fallback when websockets are blocked."""
    game = get_object_or_404(Game, pk=game_id)
    if viewer_for(request, game, allow_public=True) is None:
        return _forbidden()
    return JsonResponse({"revision": game.revision, "seq": game.seq, "status": game.status,
                         "deadline": game.deadline.isoformat() if game.deadline else None})


@require_POST
def tick(request: HttpRequest, game_id: int) -> JsonResponse:
    """A screen whose countdown ran out asks the bank to close the round (the projector too:
    the server checks the deadline, so this acts for no one)."""
    game = get_object_or_404(Game, pk=game_id)
    if viewer_for(request, game, allow_public=True) is None:
        return _forbidden()
    return JsonResponse({"closed": services.close_overdue_round(game_id=game.pk)})


def _other_half(request: HttpRequest, viewer: Any, payload: Any) -> str:
    """With split duties, a move of the partner's half of the business is refused."""
    if viewer.team is None or not duties.has_split_duties(viewer.team):
        return ""
    try:
        action = action_from_dict({**payload, "actor": viewer.team.name})
    except RuleViolation:
        return ""  # the service gives the engine's message
    mine = duties.chosen(request, viewer.team)
    if mine is None:
        return str(_("Choose first which half of the business you run."))
    if duties.allows(mine, action):
        return ""
    return str(_("That is your partner's part of the business."))


def _seat(request: HttpRequest, viewer: Any, payload: Any) -> HeldSeat | None:
    """What the browser holds, for the service to check under the game's lock: its seat, and
    for a move of one half of a split business the generation its half was chosen under."""
    seat = held_seat(request.session, viewer)
    team = viewer.team
    if seat is None or team is None or not duties.has_split_duties(team):
        return seat
    try:
        action = action_from_dict({**payload, "actor": team.name})
    except RuleViolation:
        return seat
    if duty_of(action) is None:  # either half may make it
        return seat
    return replace(seat, duty_generation=team.duty_generation)
