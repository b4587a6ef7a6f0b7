"""Pages for everyone: the home page, and joining a game with its code and a PIN (or a QR link).

Joining is throttled (``classroom.throttle``): wrong tries count per address and per game, and
a full bucket answers 429 with when to try again — the right PIN too; a game under attack
answers an address that has not failed within seconds (a slow slot), not minutes. Every wrong
combination gets one answer: the same sentence and status whether the code names no game, the
PIN no team, a team of another game, or a team a bot plays.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import services, throttle
from ..access import clean_pin, join_as_representative, join_team, seat_for_pin
from ..models import Game, Representative, Team


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "classroom/home.html")


def join(request: HttpRequest) -> HttpResponse:
    error = ""
    status = 200
    code = (request.POST.get("code") or request.GET.get("code") or "").strip().upper()[:16]
    response: HttpResponse
    if request.method == "POST":
        refusal = throttle.refused(request, code)
        if refusal is not None and refusal.bucket.kind == "slow":
            error = ngettext(
                "Many wrong PINs were tried for this game just now, so joining with a PIN is "
                "slowed down. Try again in %(seconds)d second — or scan your team's QR code.",
                "Many wrong PINs were tried for this game just now, so joining with a PIN is "
                "slowed down. Try again in %(seconds)d seconds — or scan your team's QR code.",
                refusal.retry_after) % {"seconds": refusal.retry_after}
        elif refusal is not None:
            error = ngettext(
                "Too many wrong codes or PINs were tried from here or for this game. Try again "
                "in %(minutes)d minute — or scan your team's QR code.",
                "Too many wrong codes or PINs were tried from here or for this game. Try again "
                "in %(minutes)d minutes — or scan your team's QR code.",
                refusal.minutes) % {"minutes": refusal.minutes}
        if refusal is not None:
            response = render(request, "classroom/join.html",
                              {"code": code, "error": error, "throttled": True}, status=429)
            response["Retry-After"] = str(refusal.retry_after)
            return response
        seat = seat_for_pin(code, clean_pin(request.POST.get("pin") or ""))
        if isinstance(seat, Game):  # the worker representative's PIN (step 6)
            join_as_representative(request, seat)
            return redirect("classroom:play", code=seat.code)
        if isinstance(seat, Team):
            _sit_down(request, seat)
            return redirect("classroom:play", code=seat.game.code)
        throttle.failed(request, code)
        error = _("That game code and PIN do not let you join a team. Check both with your "
                  "teacher.")
        status = 400
    return render(request, "classroom/join.html", {"code": code, "error": error},
                  status=status)


def _sit_down(request: HttpRequest, team: Team) -> None:
    """This browser plays ``team``; the lobby hears that the team has joined."""
    join_team(request, team)
    services.record_join(team_id=team.pk)


def join_by_link(request: HttpRequest, token: str) -> HttpResponse:
    """A team's QR link, or the worker representative's (when students play it). Not
    throttled: its secret is 128 random bits (``classroom.throttle``)."""
    team = Team.objects.select_related("game").filter(token=token).first()
    if team is not None:
        if team.bot:  # only who had the link (the team was handed to a bot since) sees this
            return render(request, "classroom/join.html",
                          {"code": team.game.code, "error": _("A bot plays that team.")},
                          status=400)
        _sit_down(request, team)
        return redirect("classroom:play", code=team.game.code)
    game = get_object_or_404(Game, representative=Representative.STUDENTS,
                             representative_token=token)
    join_as_representative(request, game)
    return redirect("classroom:play", code=game.code)
