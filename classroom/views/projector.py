"""The projector: the board the whole room watches, and the printed team sheet.

The projector shows the engine's ``"public"`` view only — the table, never a team's cash —
plus the one standing the teacher chooses to reveal (sales or profit), or, when the bank
director puts them up (``classroom.projector_focus``), one team's books instead of the board.
The teacher who owns the game opens it signed in; a projector laptop opens the game's secret
link instead (``/games/<id>/projector/<token>/``): its session may watch
(``access.viewer_for(..., allow_public=True)``) and never act.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET, require_POST

from .. import links, projector_focus, selectors, services
from ..access import is_owner, open_projector, students_represent, token_matches, viewer_for
from ..board import PAWNS, TICKER_LINES
from ..models import Game
from ..qr import qr_svg
from ..ticker import tickers


def _ticker(game: Game) -> list[str]:
    """The last things that happened, newest first (the live script adds to the top), in the
    game's language like the ticker lines every screen hears of later."""
    lines: list[str] = []
    for row in selectors.recent_actions(game, limit=TICKER_LINES):
        texts = tickers(row.events, game.language)["public"]  # no private terms
        lines.extend(reversed(texts))
        if len(lines) >= TICKER_LINES:
            break
    return lines[:TICKER_LINES]


def _page(request: HttpRequest, game: Game, owner: bool) -> HttpResponse:
    context: dict[str, Any] = {"game": game, "owner": owner, "ticker": _ticker(game),
                               "choices": Game.Standings.choices}
    if owner:
        context["public_url"] = links.absolute(
            request, reverse("classroom:projector_public", args=[game.pk, game.projector_token]))
    return render(request, "classroom/projector.html", context)


# ====================================================================== views
@require_GET
@ensure_csrf_cookie  # the page's countdown may post a tick
def projector(request: HttpRequest, game_id: int) -> HttpResponse:
    """The teacher's projector page (or a projector laptop that opened the secret link)."""
    game = get_object_or_404(Game.objects.select_related("classroom"), pk=game_id)
    if is_owner(request, game):
        return _page(request, game, owner=True)
    viewer = viewer_for(request, game, allow_public=True)
    if viewer is not None and viewer.public:
        return _page(request, game, owner=False)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise Http404


@require_GET
@ensure_csrf_cookie
def projector_public(request: HttpRequest, game_id: int, token: str) -> HttpResponse:
    """The secret read-only link: no sign-in; this browser may then watch the game."""
    game = get_object_or_404(Game.objects.select_related("classroom"), pk=game_id)
    if not token_matches(game, token):
        raise Http404
    open_projector(request, game)
    return _page(request, game, owner=is_owner(request, game))


@require_POST
def projector_standings(request: HttpRequest, game_id: int) -> HttpResponse:
    """The owner chooses which standings the projector shows."""
    game = get_object_or_404(Game.objects.select_related("classroom"), pk=game_id)
    if not is_owner(request, game):
        return HttpResponse(status=403)
    try:
        services.set_projector_standings(game_id=game.pk,
                                         standings=request.POST.get("standings", ""))
    except services.ServiceError as exc:
        return HttpResponse(exc.message, status=exc.status, content_type="text/plain")
    return redirect("classroom:projector", game_id=game.pk)


@require_POST
def projector_board(request: HttpRequest, game_id: int) -> HttpResponse:
    """The owner, on the projector page, takes a team's books down: the board again, and the
    teacher stays on the projector page (the bank console's button leads to the console)."""
    game = get_object_or_404(Game.objects.select_related("classroom"), pk=game_id)
    if not is_owner(request, game):
        return HttpResponse(status=403)
    try:
        projector_focus.set_projector_focus(game_id=game.pk, user=request.user, team="")
    except services.ServiceError as exc:
        return HttpResponse(exc.message, status=exc.status, content_type="text/plain")
    return redirect("classroom:projector", game_id=game.pk)


@require_GET
def team_sheet(request: HttpRequest, game_id: int) -> HttpResponse:
    """A printable card per team: code, PIN, and a QR code of its join link."""
    game = get_object_or_404(Game.objects.select_related("classroom"), pk=game_id)
    if not is_owner(request, game):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise Http404
    join_url = links.absolute(request, reverse("classroom:join"))
    cards = []
    for team in game.teams.all():
        fill, ink = PAWNS[team.seat % len(PAWNS)]
        card: dict[str, Any] = {"team": team, "number": team.seat + 1, "fill": fill,
                                "ink": ink}
        if not team.bot:
            link = links.absolute(request, reverse("classroom:join_link", args=[team.token]))
            card.update(link=link, qr=qr_svg(link, f"QR code: join {team.name}"))
        cards.append(card)
    representative = None
    if students_represent(game):
        link = links.absolute(request,
                              reverse("classroom:join_link", args=[game.representative_token]))
        representative = {"link": link,
                          "qr": qr_svg(link, "QR code: join as the worker representative")}
    return render(request, "classroom/team_sheet.html",
                  {"game": game, "cards": cards, "join_url": join_url,
                   "representative": representative})
