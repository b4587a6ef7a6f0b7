"""Reading report jobs: who may see which, the latest of each document, a job's status. No
writes."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.urls import reverse

from classroom import state_store
from classroom.access import Viewer
from classroom.models import Game, Team
from playboss.rules.accounts import year_accounts

from .models import ReportJob

Kind = ReportJob.Kind
Status = ReportJob.Status


def may_see(viewer: Viewer, job: ReportJob) -> bool:
    """The teacher sees every job of the game; a team only its own statements."""
    if job.game_id != viewer.game.pk or viewer.public:
        return False
    if viewer.is_teacher:
        return True
    return (viewer.team is not None and job.team_id == viewer.team.pk
            and job.kind in ReportJob.TEAM_KINDS)


def jobs_for(viewer: Viewer) -> QuerySet[ReportJob]:
    jobs = ReportJob.objects.filter(game=viewer.game).select_related("team")
    if viewer.is_teacher:
        return jobs
    if viewer.team is None:
        return jobs.none()
    return jobs.filter(team=viewer.team, kind__in=list(ReportJob.TEAM_KINDS))


def latest(jobs: QuerySet[ReportJob]) -> dict[tuple[str, int | None, int | None], ReportJob]:
    """The newest job of each document (kind, team, year)."""
    out: dict[tuple[str, int | None, int | None], ReportJob] = {}
    for job in jobs.order_by("-created", "-id"):
        out.setdefault((job.kind, job.team_id, job.year), job)
    return out


def team_years(game: Game, team: str) -> list[dict[str, Any]]:
    """The team's years so far, as its statements show them."""
    def read(state: Any) -> list[dict[str, Any]]:
        if team not in state.teams:
            return []
        return [{"year": a.year, "closed": a.closed} for a in year_accounts(state, team)]

    return state_store.read_state(game, read)


def status(job: ReportJob) -> dict[str, Any]:
    """A job as the page's progress bar polls it."""
    return {
        "id": job.pk,
        "kind": job.kind,
        "title": str(job.get_kind_display()),
        "team": job.team.name if job.team_id and job.team else None,
        "year": job.year,
        "status": job.status,
        "status_label": str(job.get_status_display()),
        "progress": 100 if job.status == Status.DONE else job.progress,
        "message": job.message,
        "seq": job.seq,
        "download": reverse("reports:download", args=[job.pk]) if job.finished_ok else None,
        "filename": job.filename,
        "url": reverse("reports:status", args=[job.pk]),
    }


def team_card(game: Game, team: Team | None) -> dict[str, Any]:
    """What a team's screen shows of its statements: the newest, and whether the game has moved
    on since."""
    if team is None:
        return {}
    job = ReportJob.objects.filter(game=game, team=team, kind=Kind.TEAM).order_by(
        "-created", "-id").first()
    return {"team": team, "job": job, "stale": bool(job and job.seq != game.seq),
            "page": reverse("reports:page", args=[game.pk]) + f"?team={team.pk}"}


def teacher_card(game: Game) -> dict[str, Any]:
    jobs = latest(ReportJob.objects.filter(game=game, team=None))
    pack = jobs.get((Kind.PACK, None, None))
    teams_done = ReportJob.objects.filter(game=game, kind=Kind.TEAM,
                                          status=Status.DONE).values("team").distinct().count()
    return {"pack": pack, "debrief": jobs.get((Kind.DEBRIEF, None, None)),
            "stale": bool(pack and pack.seq != game.seq), "teams_done": teams_done,
            "teams": game.teams.count(), "page": reverse("reports:page", args=[game.pk])}
