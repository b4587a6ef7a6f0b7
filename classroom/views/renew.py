"""The teacher replaces a secret that got round the class (issue 11): the projector's link, or
the PIN and QR link of the students who play the worker representative. Teams' new PINs are on
the bank console (``teacher.bank_seat_pin``). The browsers that came in with the old secret are
signed out: their next request and their socket find no seat."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import services
from ..access import is_owner
from ..models import Game


def _owned(request: HttpRequest, game_id: int) -> Game | HttpResponse:
    game = get_object_or_404(Game.objects.select_related("classroom"), pk=game_id)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not is_owner(request, game):
        return HttpResponse(status=403)
    return game


@require_POST
def projector_link(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _owned(request, game_id)
    if isinstance(game, HttpResponse):
        return game
    services.new_projector_link(game_id=game.pk)
    return redirect("classroom:projector", game_id=game.pk)  # its footer shows the new link


@require_POST
def representative_pin(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _owned(request, game_id)
    if isinstance(game, HttpResponse):
        return game
    try:
        game = services.new_representative_pin(game_id=game.pk)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("The worker representative's new PIN is %(pin)s (the team "
                                    "sheet has the new QR code). Its devices join again with "
                                    "it.") % {"pin": game.representative_pin})
    return redirect("classroom:workers", game_id=game.pk)
