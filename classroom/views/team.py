"""A team's factory screen (joining is in ``public``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from .. import duties
from ..access import lost_seat, team_in_session, viewer_for
from ..models import Game, Team


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
        if request.method == "POST":
            return _choose_duty(request, game, team)
        if duties.chosen(request, team) is None:
            return render(request, "classroom/duty.html",
                          {"game": game, "team": team, "labels": duties.DUTY_LABELS})
    return render(request, "classroom/play.html", {"game": game, "team": team,
                                                   "actor": team.name if team else "",
                                                   "seated": not viewer.is_teacher})


def _choose_duty(request: HttpRequest, game: Game, team: Team) -> HttpResponse:
    """A browser of a team with split duties chooses its half — once (issue 23); the teacher
    lets the team choose again on the bank console."""
    duty = request.POST.get("duty", "")
    if duty not in duties.DUTY_LABELS:
        return render(request, "classroom/duty.html",
                      {"game": game, "team": team, "labels": duties.DUTY_LABELS,
                       "error": _("Choose one of the two halves of the business.")}, status=400)
    try:
        duties.choose(request, team, duty)
    except duties.AlreadyChosen as held:
        messages.error(request, _(
            "This device runs %(half)s already. Only the teacher can let your team choose "
            "its halves again (bank console, the team's seat).")
            % {"half": duties.DUTY_LABELS[held.duty]})
    return redirect("classroom:play", code=game.code)
