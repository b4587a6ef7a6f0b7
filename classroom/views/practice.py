"""Practice games (issue 12): the form that opens one, and the player's hint, undo and the
bots' next move. The player is recognized by the session seat the form gave it; the services
are in ``classroom/practice.py``."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from .. import practice
from ..access import team_in_session
from ..forms import STEP_CHOICES
from ..models import Game, Team
from ..services import ServiceError
from ..texts.bot_reasons import reason_text


class PracticeForm(forms.Form):
    player = forms.CharField(label=gettext_lazy("Your team's name"), max_length=40,
                             initial=gettext_lazy("Me"), required=False)
    bots = forms.TypedChoiceField(
        label=gettext_lazy("Bot opponents"), coerce=int, initial=2,
        choices=[(n, str(n)) for n in range(practice.MIN_BOTS, practice.MAX_BOTS + 1)])
    level = forms.ChoiceField(
        label=gettext_lazy("Level of the bots"), initial="careful",
        choices=list(practice.LEVEL_LABELS.items()),
        help_text=(gettext_lazy("Strong bots think ahead with the game itself: each takes up "
                                "to a second a move.") if "strong" in practice.LEVELS else
                   gettext_lazy("A stronger level, a bot that thinks ahead, comes later.")))
    years = forms.IntegerField(label=gettext_lazy("Duration in years"), min_value=1,
                               max_value=10, initial=2)
    steps = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Expansion steps"), choices=STEP_CHOICES, coerce=int,
        required=False, widget=forms.CheckboxSelectMultiple)


def practice_new(request: HttpRequest) -> HttpResponse:
    form = PracticeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        setup = practice.PracticeSetup(player=data["player"], bots=data["bots"],
                                       level=data["level"], years=data["years"],
                                       steps=tuple(data["steps"] or ()))
        try:
            game = practice.create_practice_game(request, setup)
        except ServiceError as exc:
            form.add_error(None, exc.message)
            return render(request, "classroom/practice_new.html", {"form": form},
                          status=exc.status)
        return redirect("classroom:play", code=game.code)
    return render(request, "classroom/practice_new.html", {"form": form},
                  status=400 if request.method == "POST" else 200)


def _guarded(request: HttpRequest, game_id: int) -> tuple[Game, Team] | HttpResponse:
    """The practice game and the team this browser plays in it; 404 otherwise (another
    browser's practice game, or a class's game)."""
    game = get_object_or_404(Game, pk=game_id, practice=True)
    team = team_in_session(request, game)
    if team is None:
        return JsonResponse({"error": _("This is not your practice game.")}, status=404)
    return game, team


@require_POST
def practice_bots(request: HttpRequest, game_id: int) -> HttpResponse:
    """The bots' next move (one); the page asks again after a short delay while
    ``waiting``."""
    seat = _guarded(request, game_id)
    if isinstance(seat, HttpResponse):
        return seat
    return JsonResponse(practice.bot_step(seat[0]))


@require_POST
def practice_hint(request: HttpRequest, game_id: int) -> HttpResponse:
    seat = _guarded(request, game_id)
    if isinstance(seat, HttpResponse):
        return seat
    game, team = seat
    reason = practice.hint(game, team)
    text = (_("Hint: %(reason)s") % {"reason": reason_text(reason)} if reason is not None
            else _("No hint now: the game is not waiting for you."))
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse({"text": text, "code": reason.code if reason else ""})
    messages.info(request, text)
    return redirect("classroom:play", code=game.code)


@require_POST
def practice_undo(request: HttpRequest, game_id: int) -> HttpResponse:
    seat = _guarded(request, game_id)
    if isinstance(seat, HttpResponse):
        return seat
    game, team = seat
    try:
        practice.undo_last_move(game, team)
        messages.info(request, _("Your last move is taken back."))
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("classroom:play", code=game.code)
