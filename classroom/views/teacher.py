"""The teacher's pages: teachers, classes, games, and the consoles of the bank director and the
worker representative. Thin as every view: check who asks, parse, call a service or selector.

Only the teacher who owns a class sees its games and consoles; anyone else gets 403 (someone
not signed in and not in any game is sent to the sign-in page instead).
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page, Paginator
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from playboss.rules import BANK, WORKERS

from .. import bot_levels, projector_focus, selectors, services
from ..access import SESSION_KEY, is_owner
from ..forms import ClassroomForm, ImportLogForm, NewGameForm, TeacherCreationForm
from ..limits import LOG_MAX_BYTES, RequestRefused, parse_json
from ..models import Classroom, Game, Representative, Team
from ..texts import translate_refusal

PER_PAGE = 20
LABOUR_STEP = 6


class GameSetupForm(NewGameForm):
    """The new-game form and when the game begins: in the lobby (the teacher starts it once
    the teams have joined; the form's choice) or at once. A request that does not say (an
    older form, a script) gets a game that runs at once, as before the lobby existed."""

    BEGIN_CHOICES = [
        ("lobby", gettext_lazy("In the lobby: teams join first, the game begins when I "
                               "start it")),
        ("now", gettext_lazy("At once: bots and teams may move right away")),
    ]
    begin = forms.ChoiceField(label=gettext_lazy("The game begins"), choices=BEGIN_CHOICES,
                              initial="lobby", required=False, widget=forms.RadioSelect)

    def in_lobby(self) -> bool:
        return self.cleaned_data.get("begin") == "lobby"


# ====================================================================== helpers
def _page(request: HttpRequest, items: QuerySet[Any], per_page: int = PER_PAGE) -> Page:
    return Paginator(items, per_page).get_page(request.GET.get("page"))


def _teacher(request: HttpRequest) -> User:
    user = request.user
    if not isinstance(user, User):  # the views that call this require a signed-in user
        raise PermissionDenied
    return user


def _own_classroom(request: HttpRequest, class_id: int) -> Classroom:
    classroom = get_object_or_404(Classroom, pk=class_id)
    if classroom.teacher_id != request.user.pk:
        raise PermissionDenied(_("This class belongs to another teacher."))
    return classroom


def _own_game(request: HttpRequest, game_id: int) -> Game:
    game = get_object_or_404(Game.objects.select_related("classroom"), pk=game_id)
    if not is_owner(request, game):
        raise PermissionDenied(_("Only the teacher who runs this game's class may open this "
                                 "page."))
    return game


def _stranger(request: HttpRequest) -> bool:
    """Someone neither signed in nor in any game: the sign-in page helps more than a 403."""
    return not request.user.is_authenticated and not request.session.get(SESSION_KEY)


def _to_login(request: HttpRequest) -> HttpResponse:
    from django.contrib.auth.views import redirect_to_login

    return redirect_to_login(request.get_full_path())


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _done(request: HttpRequest, game: Game, ok: bool, message: str,
          status: int = 200) -> HttpResponse:
    """Answer a console button: JSON for the live script, else a message and the console."""
    if _wants_json(request):
        return JsonResponse({"ok": ok, "message" if ok else "error": message},
                            status=status if not ok else 200)
    (messages.success if ok else messages.error)(request, message)
    return redirect("classroom:bank", game_id=game.pk)


def has_labour_market(game: Game) -> bool:
    return LABOUR_STEP in (game.config.get("steps") or [])


# ====================================================================== teachers
@login_required
@require_http_methods(["GET", "POST"])
def teacher_new(request: HttpRequest) -> HttpResponse:
    """A signed-in teacher makes an account for a colleague."""
    form = TeacherCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        messages.success(request, _("%(name)s can now sign in as a teacher.")
                         % {"name": user.username})
        return redirect("classroom:dashboard")
    return render(request, "classroom/teacher_new.html", {"form": form},
                  status=400 if form.errors else 200)


# ====================================================================== classes
@login_required
@require_http_methods(["GET", "POST"])
def dashboard(request: HttpRequest) -> HttpResponse:
    form = ClassroomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            classroom = services.create_classroom(teacher=_teacher(request),
                                                  name=form.cleaned_data["name"])
        except services.ServiceError as exc:
            form.add_error("name", exc.message)
        else:
            messages.success(request, _("Class %(name)s created.") % {"name": classroom.name})
            return redirect("classroom:class_detail", class_id=classroom.pk)
    classrooms = Classroom.objects.filter(teacher=request.user.pk).annotate(
        game_count=Count("games", distinct=True),
        running=Count("games", filter=Q(games__status=Game.Status.RUNNING), distinct=True),
    ).order_by("-created")
    return render(request, "classroom/dashboard.html",
                  {"page": _page(request, classrooms), "form": form},
                  status=400 if form.errors else 200)


def _class_page(request: HttpRequest, classroom: Classroom,
                import_form: ImportLogForm | None = None, status: int = 200) -> HttpResponse:
    games = selectors.games_of(classroom).annotate(team_count=Count("teams"))
    page = _page(request, games)
    return render(request, "classroom/class_detail.html", {
        "classroom": classroom, "page": page,
        "labour_ids": {g.pk for g in page.object_list if has_labour_market(g)},
        "import_form": import_form or ImportLogForm(),
    }, status=status)


@login_required
@require_GET
def class_detail(request: HttpRequest, class_id: int) -> HttpResponse:
    return _class_page(request, _own_classroom(request, class_id))


@login_required
@require_POST
def class_import(request: HttpRequest, class_id: int) -> HttpResponse:
    """A new game of this class from an exported game log; the engine checks every move."""
    classroom = _own_classroom(request, class_id)
    form = ImportLogForm(request.POST, request.FILES)
    if form.is_valid():
        upload = form.cleaned_data["log"]
        try:
            log_data = parse_json(upload.read(), max_bytes=LOG_MAX_BYTES)
        except RequestRefused as exc:
            form.add_error("log", _("The file is not JSON: %(error)s") % {"error": exc.detail}
                           if exc.detail else exc.message)
        else:
            name = form.cleaned_data["name"] or upload.name.rsplit(".", 1)[0]
            try:
                game = services.import_log(classroom=classroom, name=name[:100] or "Imported",
                                           log_data=log_data)
            except services.ServiceError as exc:
                form.add_error("log", exc.message)
            else:
                messages.success(request, _("Game %(name)s imported: %(n)d moves, every one "
                                            "checked again.") % {"name": game.name,
                                                                  "n": game.seq})
                return redirect("classroom:bank", game_id=game.pk)
    return _class_page(request, classroom, form, status=400)


@login_required
@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest, class_id: int) -> HttpResponse:
    classroom = _own_classroom(request, class_id)
    form = GameSetupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.create_game(
                classroom=classroom, name=form.cleaned_data["name"], seats=form.seats(),
                settings_=form.engine_settings(),
                round_seconds=form.cleaned_data["round_seconds"],
                language=form.cleaned_data["language"],
                representative=form.cleaned_data["representative"],
                lobby=form.in_lobby(), bot_pace=form.cleaned_data["bot_pace"])
        except services.ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            if game.status == Game.Status.LOBBY:
                messages.success(request, _(
                    "Game %(name)s waits in the lobby: students join with the code %(code)s "
                    "and their team's PIN; start the game when they are there.")
                    % {"name": game.name, "code": game.code})
            else:
                messages.success(request, _("Game %(name)s is ready: students join with the "
                                            "code %(code)s and their team's PIN.")
                                 % {"name": game.name, "code": game.code})
            return redirect("classroom:bank", game_id=game.pk)
    return render(request, "classroom/game_new.html", {"classroom": classroom, "form": form},
                  status=400 if form.errors else 200)


# ====================================================================== the bank console
def _console(request: HttpRequest, game: Game, actor: str, template: str,
             actors: list[str]) -> HttpResponse:
    return render(request, template, {
        "game": game, "classroom": game.classroom, "actor": actor, "actors": actors,
        "labour": has_labour_market(game),
        "projector_url": f"/games/{game.pk}/projector/",
        "teams_url": f"/games/{game.pk}/teams/",
        "representative_choices": Representative.choices,
    })


@require_GET
def bank(request: HttpRequest, game_id: int) -> HttpResponse:
    """The bank director's console: every team's books, the turn, corrections, undo."""
    if _stranger(request):
        return _to_login(request)
    game = _own_game(request, game_id)
    teams = list(game.teams.values_list("name", flat=True)[:20])
    actors = [BANK, *teams] + ([WORKERS] if has_labour_market(game) else [])
    wanted = request.GET.get("as", BANK)
    return _console(request, game, wanted if wanted in actors else BANK,
                    "classroom/bank.html", actors)


@require_GET
def workers(request: HttpRequest, game_id: int) -> HttpResponse:
    """The worker representative's console (step 6, the labour market)."""
    if _stranger(request):
        return _to_login(request)
    game = _own_game(request, game_id)
    if not has_labour_market(game):
        return render(request, "classroom/workers.html",
                      {"game": game, "classroom": game.classroom, "missing": True}, status=404)
    return _console(request, game, WORKERS, "classroom/workers.html", [WORKERS])


@require_POST
def workers_role(request: HttpRequest, game_id: int) -> HttpResponse:
    """Hand the worker representative to the teacher, to students (a new PIN) or to a bot."""
    if _stranger(request):
        return _to_login(request)
    game = _own_game(request, game_id)
    try:
        game = services.set_representative(game_id=game.pk,
                                           played_by=request.POST.get("played_by", ""))
    except services.ServiceError as exc:
        messages.error(request, translate_refusal(exc.message))
    else:
        messages.success(request, _("The worker representative is played by %(who)s.")
                         % {"who": game.get_representative_display()})
    return redirect("classroom:workers", game_id=game.pk)


@require_POST
def workers_hiring(request: HttpRequest, game_id: int) -> HttpResponse:
    """Let a bot answer the teams' hiring offers at the going salary, or stop it (step 6)."""
    if _stranger(request):
        return _to_login(request)
    game = _own_game(request, game_id)
    on = request.POST.get("on") == "1"
    try:
        services.set_hiring_at_going_salary(game_id=game.pk, on=on)
    except services.ServiceError as exc:
        messages.error(request, translate_refusal(exc.message))
    else:
        messages.success(request, _("A bot answers the hiring offers at the going salary.")
                         if on else _("You answer the hiring offers yourself."))
    return redirect("classroom:workers", game_id=game.pk)


@require_POST
def bank_pause(request: HttpRequest, game_id: int) -> HttpResponse:
    if _stranger(request):
        return _to_login(request)
    game = _own_game(request, game_id)
    paused = request.POST.get("paused") == "1"
    try:
        services.set_paused(game_id=game.pk, paused=paused)
    except services.ServiceError as exc:
        return _done(request, game, False, translate_refusal(exc.message), exc.status)
    return _done(request, game, True, _("The game is paused: teams cannot move.") if paused
                 else _("The game goes on."))


@require_POST
def bank_bot_pace(request: HttpRequest, game_id: int) -> HttpResponse:
    """Seconds between two bot moves (bot_levels.PACES), also mid-game."""
    if _stranger(request):
        return _to_login(request)
    game = _own_game(request, game_id)
    raw = request.POST.get("seconds", "")
    try:
        game = services.set_bot_pace(game_id=game.pk,
                                     seconds=int(raw) if raw.strip().isdigit() else raw)
    except services.ServiceError as exc:
        return _done(request, game, False, translate_refusal(exc.message), exc.status)
    return _done(request, game, True, _("Bots move with %(s)s s between moves now.")
                 % {"s": game.bot_pace})


@require_POST
def bank_projector(request: HttpRequest, game_id: int) -> HttpResponse:
    """Put one team's books on the projector (after a move, or the latest), or the board
    again (no team): every projector of the game follows at once."""
    if _stranger(request):
        return _to_login(request)
    game = _own_game(request, game_id)
    team = request.POST.get("team", "")
    try:
        game = projector_focus.set_projector_focus(
            game_id=game.pk, user=request.user, team=team, move=request.POST.get("move"))
    except services.ServiceError as exc:
        return _done(request, game, False, exc.message, exc.status)
    if not game.projector_focus:
        return _done(request, game, True, _("The projector shows the board again."))
    return _done(request, game, True, _("The projector shows %(team)s's books: the whole "
                                        "class sees them.") % {"team": game.projector_focus})


@require_POST
def bank_start(request: HttpRequest, game_id: int) -> HttpResponse:
    """Start a game that waits in the lobby."""
    if _stranger(request):
        return _to_login(request)
    game = _own_game(request, game_id)
    try:
        services.start_game(game_id=game.pk)
    except services.ServiceError as exc:
        return _done(request, game, False, translate_refusal(exc.message), exc.status)
    return _done(request, game, True, _("The game has started: teams and bots move now."))


def _seat_view(request: HttpRequest, game_id: int, team_id: int) -> tuple[Game, Team]:
    game = _own_game(request, game_id)
    team = get_object_or_404(Team, pk=team_id, game=game)
    return game, team


@require_POST
def bank_seat_player(request: HttpRequest, game_id: int, team_id: int) -> HttpResponse:
    """Hand a team to a bot, or back to its students."""
    if _stranger(request):
        return _to_login(request)
    game, team = _seat_view(request, game_id, team_id)
    try:
        team = services.set_team_player(game_id=game.pk, team_id=team.pk,
                                        bot=request.POST.get("bot", ""))
    except services.ServiceError as exc:
        return _done(request, game, False, translate_refusal(exc.message), exc.status)
    if team.bot:
        text = _("%(team)s is played by a bot now (%(kind)s).") % {
            "team": team.name,
            "kind": bot_levels.bot_name(team.bot)}
    else:
        text = _("%(team)s is played by its students again: they join with the PIN %(pin)s.") \
            % {"team": team.name, "pin": team.pin}
    return _done(request, game, True, text)


@require_POST
def bank_seat_pin(request: HttpRequest, game_id: int, team_id: int) -> HttpResponse:
    """A new PIN (and QR link) for a team; its browsers join again."""
    if _stranger(request):
        return _to_login(request)
    game, team = _seat_view(request, game_id, team_id)
    try:
        team = services.new_team_pin(game_id=game.pk, team_id=team.pk)
    except services.ServiceError as exc:
        return _done(request, game, False, translate_refusal(exc.message), exc.status)
    return _done(request, game, True, _(
        "%(team)s's new PIN is %(pin)s (the team sheet has the new QR code). Its devices join "
        "again with it.") % {"team": team.name, "pin": team.pin})


@require_POST
def bank_seat_drop(request: HttpRequest, game_id: int, team_id: int) -> HttpResponse:
    """Every browser of a team must join again (same PIN)."""
    if _stranger(request):
        return _to_login(request)
    game, team = _seat_view(request, game_id, team_id)
    try:
        team = services.drop_team_devices(game_id=game.pk, team_id=team.pk)
    except services.ServiceError as exc:
        return _done(request, game, False, translate_refusal(exc.message), exc.status)
    return _done(request, game, True, _(
        "%(team)s's devices are signed out: they join again with the PIN %(pin)s.")
        % {"team": team.name, "pin": team.pin})


@require_POST
def bank_seat_duties(request: HttpRequest, game_id: int, team_id: int) -> HttpResponse:
    """A team with split duties chooses its halves again (the teacher reassigns them)."""
    if _stranger(request):
        return _to_login(request)
    game, team = _seat_view(request, game_id, team_id)
    try:
        team = services.reset_team_duties(game_id=game.pk, team_id=team.pk)
    except services.ServiceError as exc:
        return _done(request, game, False, translate_refusal(exc.message), exc.status)
    return _done(request, game, True, _(
        "%(team)s's devices choose their halves again: each device once.")
        % {"team": team.name})


@require_POST
def bank_new_pins(request: HttpRequest, game_id: int) -> HttpResponse:
    """New PINs (and QR links) for every student team: offered when someone is guessing
    PINs (issue 23)."""
    if _stranger(request):
        return _to_login(request)
    game = _own_game(request, game_id)
    try:
        teams = services.new_team_pins(game_id=game.pk)
    except services.ServiceError as exc:
        return _done(request, game, False, translate_refusal(exc.message), exc.status)
    return _done(request, game, True, _(
        "Every student team has a new PIN: %(pins)s (the team sheets have the new QR codes). "
        "Their devices join again with them.")
        % {"pins": ", ".join(f"{t.name} {t.pin}" for t in teams)})


@require_POST
def bank_undo(request: HttpRequest, game_id: int) -> HttpResponse:
    if _stranger(request):
        return _to_login(request)
    game = _own_game(request, game_id)
    try:
        to_seq = int(request.POST.get("to_seq", ""))
    except ValueError:
        return _done(request, game, False, _("Say which move to go back to."), 400)
    try:
        services.undo(game_id=game.pk, to_seq=to_seq)
    except services.ServiceError as exc:
        return _done(request, game, False, translate_refusal(exc.message), exc.status)
    return _done(request, game, True,
                 _("Back to the game after move %(seq)d; the later moves are taken back.")
                 % {"seq": to_seq})


@require_GET
def bank_export(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game log as a JSON file, to keep, to replay, or to import again."""
    if _stranger(request):
        return _to_login(request)
    game = _own_game(request, game_id)
    body = json.dumps(selectors.export_log(game), indent=1, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    filename = f"playboss-{slugify(game.name) or 'game'}-{game.code}-{game.seq}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
