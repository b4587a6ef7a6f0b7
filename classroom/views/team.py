"""A team's pages: joining with code and PIN (or the QR link), and its factory screen."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from .. import duties, services
from ..access import (
    join_as_representative,
    join_team,
    lost_seat,
    team_in_session,
    viewer_for,
)
from ..models import Game, Representative, Team


def join(request: HttpRequest) -> HttpResponse:
    error = ""
    code = (request.POST.get("code") or request.GET.get("code") or "").strip().upper()
    if request.method == "POST":
        pin = (request.POST.get("pin") or "").strip()
        team = Team.objects.filter(game__code=code, pin=pin).select_related("game").first()
        represented = None if team or not pin else Game.objects.filter(
            code=code, representative=Representative.STUDENTS, representative_pin=pin).first()
        if represented is not None:  # the worker representative's PIN (step 6)
            join_as_representative(request, represented)
            return redirect("classroom:play", code=represented.code)
        if team is None:
            error = _("No team of a game %(code)s has that PIN. Check both with your teacher.") \
                % {"code": code or "?"}
        elif team.bot:
            error = _("A bot plays that team.")
        else:
            _sit_down(request, team)
            return redirect("classroom:play", code=team.game.code)
    return render(request, "classroom/join.html", {"code": code, "error": error},
                  status=400 if error else 200)


def _sit_down(request: HttpRequest, team: Team) -> None:
    """This browser plays ``team``; the lobby hears that the team has joined."""
    join_team(request, team)
    services.record_join(team_id=team.pk)


def join_by_link(request: HttpRequest, token: str) -> HttpResponse:
    """A team's QR link, or the worker representative's (when students play it)."""
    team = Team.objects.select_related("game").filter(token=token).first()
    if team is not None:
        if team.bot:
            return render(request, "classroom/join.html",
                          {"code": team.game.code, "error": _("A bot plays that team.")},
                          status=400)
        _sit_down(request, team)
        return redirect("classroom:play", code=team.game.code)
    game = get_object_or_404(Game, representative=Representative.STUDENTS,
                             representative_token=token)
    join_as_representative(request, game)
    return redirect("classroom:play", code=game.code)


def play(request: HttpRequest, code: str) -> HttpResponse:
    game = get_object_or_404(Game, code=code.upper())
    team = team_in_session(request, game)
    viewer = viewer_for(request, game)
    if viewer is None:
        if lost_seat(request, game):
            messages.info(request, _("The teacher has signed this device out of its team: "
                                     "join again with your team's PIN."))
        return redirect(f"/join/?code={game.code}")
    if viewer.representative:  # students playing the worker representative (step 6)
        return render(request, "classroom/representative.html", {"game": game})
    if team is None:  # the teacher looking at a team screen
        name = request.GET.get("as", "")
        team = game.teams.filter(name=name).first() or game.teams.first()
    elif duties.has_split_duties(team):
        if request.method == "POST" and request.POST.get("duty") in duties.DUTY_LABELS:
            duties.choose(request, game, request.POST["duty"])
            return redirect("classroom:play", code=game.code)
        if duties.chosen(request, game) is None:
            return render(request, "classroom/duty.html",
                          {"game": game, "team": team, "labels": duties.DUTY_LABELS})
    return render(request, "classroom/play.html", {"game": game, "team": team,
                                                   "actor": team.name if team else ""})
