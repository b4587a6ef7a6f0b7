"""The reports' pages, thin as every view: who asks, parse, call a service or selector.

A team sees and downloads only its own statements; the teacher who runs the game sees all of
them, the class debrief, the grading workbook, the CSV tables and the ZIP of everything.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from classroom.access import Viewer, viewer_for
from classroom.models import Game
from classroom.services import ServiceError

from . import exports, selectors, services
from .models import ReportJob

Kind = ReportJob.Kind
CSV_TABLES = (*exports.TABLES, "actions")


def _viewer(request: HttpRequest, game: Game) -> Viewer | None:
    viewer = viewer_for(request, game)
    return None if viewer is None or viewer.public else viewer


def _refuse(request: HttpRequest, game: Game) -> HttpResponse:
    if not request.user.is_authenticated and not request.session.get("playboss_teams"):
        return redirect_to_login(request.get_full_path())
    return HttpResponse(_("Join this game first."), status=403)


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@require_GET
def page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The statements of a game: a team's own, or everything for the teacher."""
    game = get_object_or_404(Game.objects.select_related("classroom"), pk=game_id)
    viewer = _viewer(request, game)
    if viewer is None:
        return _refuse(request, game)
    latest = selectors.latest(selectors.jobs_for(viewer))
    teams = list(game.teams.all()) if viewer.is_teacher else [viewer.team] if viewer.team else []
    rows = []
    for team in teams:
        years = selectors.team_years(game, team.name)
        year_jobs = [latest[(Kind.YEAR, team.pk, y["year"])] for y in years
                     if (Kind.YEAR, team.pk, y["year"]) in latest]
        rows.append({"team": team, "statements": latest.get((Kind.TEAM, team.pk, None)),
                     "years": years, "year_jobs": year_jobs})
    context = {
        "game": game, "viewer": viewer, "rows": rows,
        "class_jobs": [(k, latest.get((k, None, None)))
                       for k in (Kind.PACK, Kind.DEBRIEF, Kind.SPREADSHEET)],
        "kinds": Kind, "csv_tables": CSV_TABLES,
        "back": (reverse("classroom:bank", args=[game.pk]) if viewer.is_teacher
                 else reverse("classroom:play", args=[game.code])),
    }
    return render(request, "reports/page.html", context)


@require_POST
def request_report(request: HttpRequest, game_id: int) -> HttpResponse:
    """Ask for a document; it is built in the background. JSON for scripts, else the page."""
    game = get_object_or_404(Game.objects.select_related("classroom"), pk=game_id)
    viewer = _viewer(request, game)
    if viewer is None:
        return _refuse(request, game)
    kind = request.POST.get("kind", "")
    team = None
    if viewer.is_teacher:
        team_id = _int(request.POST.get("team"))
        team = game.teams.filter(pk=team_id).first() if team_id is not None else None
    else:
        team = viewer.team
    try:
        job = services.request_report(game=game, kind=kind, team=team,
                                      year=_int(request.POST.get("year")),
                                      by_teacher=viewer.is_teacher)
    except ServiceError as exc:
        if _wants_json(request):
            return JsonResponse({"ok": False, "error": exc.message}, status=exc.status)
        messages.error(request, exc.message)
        return redirect("reports:page", game_id=game.pk)
    job.refresh_from_db()  # built already if tasks run in-process
    if _wants_json(request):
        return JsonResponse({"ok": True, **selectors.status(job)}, status=202)
    return redirect(reverse("reports:page", args=[game.pk]) + f"#job-{job.pk}")


def _job_for(request: HttpRequest, job_id: int) -> tuple[ReportJob, Viewer | None]:
    job = get_object_or_404(ReportJob.objects.select_related("game__classroom", "team"),
                            pk=job_id)
    viewer = _viewer(request, job.game)
    if viewer is None or not selectors.may_see(viewer, job):
        raise Http404  # another team's documents: as if they did not exist
    return job, viewer


@require_GET
def status(request: HttpRequest, job_id: int) -> JsonResponse:
    job, _viewer_ = _job_for(request, job_id)
    return JsonResponse(selectors.status(job))


@require_GET
def download(request: HttpRequest, job_id: int) -> HttpResponseBase:
    job, _viewer_ = _job_for(request, job_id)
    if not job.finished_ok:
        raise Http404
    try:
        handle = job.file.open("rb")
    except FileNotFoundError as exc:
        raise Http404 from exc
    return FileResponse(handle, as_attachment=True, filename=job.filename)


@require_GET
def export_csv(request: HttpRequest, game_id: int, table: str) -> HttpResponse:
    """One table for grading as CSV, made now (the teacher's only)."""
    game = get_object_or_404(Game.objects.select_related("classroom"), pk=game_id)
    viewer = _viewer(request, game)
    if viewer is None or not viewer.is_teacher:
        if viewer is None:
            return _refuse(request, game)
        raise Http404
    if table not in CSV_TABLES:
        raise Http404
    ctx = services.game_context(game)
    with translation.override(ctx.meta.language):
        if table == "actions":
            data = exports.to_csv(exports.actions_sheet(services.action_records(game)))
        else:
            data = exports.to_csv(exports.TABLES[table](ctx.fig))
    response = HttpResponse(data, content_type="text/csv; charset=utf-8")
    name = f"playboss-{slugify(game.name) or 'game'}-{game.code}-{table}.csv".lower()
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
