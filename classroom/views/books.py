"""A team's books (issue 13): its journal, T-accounts and balance sheet at any move.

The team sees its own books; the teacher who owns the game sees any team's, also in the
projector's large layout (``?projector=1``) to show one team's books to the class.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from .. import selectors
from ..access import viewer_for
from ..models import Game


def _int(value: str | None) -> int | None:
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        return None  # a hand-typed filter that is no number shows everything


@require_GET
def books(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    viewer = viewer_for(request, game)
    if viewer is None or viewer.public or viewer.representative:
        raise Http404
    if viewer.team is not None:
        team = viewer.team.name
    else:  # the teacher: the team asked for, else the first
        first = game.teams.order_by("pk").values_list("name", flat=True).first()
        team = request.GET.get("team") or first or ""
    if team not in viewer.actors or not game.teams.filter(name=team).exists():
        raise Http404
    data = selectors.team_books(game, team, account=request.GET.get("account", "")[:40],
                                year=_int(request.GET.get("year")),
                                at=_int(request.GET.get("at")))
    projector = viewer.is_teacher and request.GET.get("projector") == "1"
    return render(request, "classroom/books.html", {
        "game": game, "books": data, "projector": projector,
        "teams": list(game.teams.values_list("name", flat=True)) if viewer.is_teacher else []})
