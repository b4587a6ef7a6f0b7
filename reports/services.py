"""The only code that changes report jobs (the classroom's services style).

``request_report`` records what is wanted and hands the job's id to Celery once the
transaction commits (``classroom.dispatch.send``): the request returns at once, and a worker —
or, with the embedded defaults or while Redis is down, the same process — runs ``run_job``.
A job reads the game's state from its log, asks ``playboss.rules`` for every figure, builds
the files and keeps them; its ``progress`` grows as it goes, for the page's progress bar.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta

from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from classroom import dispatch, state_store
from classroom import services as classroom_services
from classroom.errors import ServiceError
from classroom.models import Game, Team

from . import exports, packs, selectors
from .builders import debrief, team_statements, year_statement
from .builders.base import Ctx, Figures, GameMeta, build_in
from .models import ReportJob, ReportRequest

log = logging.getLogger(__name__)
Kind = ReportJob.Kind
Status = ReportJob.Status
TEAM_KINDS = ReportJob.TEAM_KINDS


# ====================================================================== reading the game
def game_meta(game: Game) -> GameMeta:
    return GameMeta(name=game.name, code=game.code, language=game.language or "en",
                    classroom=game.classroom.name, seq=game.seq,
                    ended=game.status == Game.Status.ENDED, generated=timezone.localtime())


def action_records(game: Game) -> list[exports.ActionRecord]:
    rows = game.actions.filter(undone=False).order_by("seq").values_list(
        "seq", "actor", "action", "chance", "events", "created")
    return [exports.ActionRecord(seq, actor, action, chance, events or [], created)
            for seq, actor, action, chance, events, created in rows]


def game_context(game: Game) -> Ctx:
    """The game's facts and the engine's figures of its state now (rebuilt from the log, so a
    long build holds no lock that a move would wait for). Move and "ended" are the state's."""
    state = state_store.build_state(game)
    meta = game_meta(game)
    meta = GameMeta(meta.name, meta.code, meta.language, meta.classroom, state.seq,
                    state.phase == "ended", meta.generated)
    return Ctx.of(meta, Figures(state))


# ====================================================================== asking for a report
#: Documents a team (``"team"``), or the teacher of a game (``"teacher"``), may ask for in a
#: minute. A build costs about a seventh of a core-second (more for a pack): a class clicking
#: at will would starve the moves. A team's statements and a few of its years fit easily.
PER_MINUTE = {"team": 6, "teacher": 30}


def request_report(*, game: Game, kind: str, team: Team | None = None, year: int | None = None,
                   by_teacher: bool, limited: bool = True) -> ReportJob:
    """A new job (or the same one still waiting or running: a double click builds once).

    ``limited``: counted against ``PER_MINUTE`` (a person's request); the pack built when a
    game ends is not."""
    if kind not in Kind.values:
        raise ServiceError(_("Unknown document %(kind)r.") % {"kind": kind})
    if kind in TEAM_KINDS:
        if team is None or team.game_id != game.pk:
            raise ServiceError(_("Say which team of this game the statements are for."))
    elif not by_teacher:
        raise ServiceError(_("Only the teacher may build the class documents."), status=403)
    else:
        team = None
    if kind == Kind.YEAR:
        if year is None or not 1 <= year <= 200:
            raise ServiceError(_("Say which year the statement is for."))
        assert team is not None
        if year not in [y["year"] for y in selectors.team_years(game, team.name)]:
            raise ServiceError(_("%(team)s has no year %(year)d yet.")
                               % {"team": team.name, "year": year})
    else:
        year = None
    with transaction.atomic():
        Game.objects.select_for_update().only("pk").get(pk=game.pk)  # one request at a time
        pending = ReportJob.objects.filter(game=game, kind=kind, team=team, year=year,
                                           status__in=[Status.QUEUED, Status.RUNNING])
        pending.filter(created__lt=timezone.now() - ReportJob.STUCK_AFTER).update(
            status=Status.FAILED, finished=timezone.now(),
            message=_("The build did not finish (its worker stopped); build it again."))
        waiting = pending.first()
        if waiting is not None:
            return waiting
        if limited:
            _count_request(game, None if by_teacher else team)
        job = ReportJob.objects.create(game=game, kind=kind, team=team, year=year,
                                       by_teacher=by_teacher, seq=game.seq,
                                       language=game.language)
        from . import tasks

        job_id = job.pk

        def send_job() -> None:
            dispatch.send(tasks.build_report, job_id)

        # Robust: a job whose sending failed must not turn the committed request into an
        # error. With Redis down it is built here, at once (as with the embedded defaults).
        transaction.on_commit(send_job, robust=True)
        classroom_services.screens_changed(game_id=game.pk)  # the cards say "being built"
    return job


def _count_request(game: Game, team: Team | None) -> None:
    """Count a request of a team (None: the teacher) in the game's row lock, or refuse it
    (429) when the minute's share is used up; rows older than a minute go."""
    now = timezone.now()
    ReportRequest.objects.filter(game=game, created__lt=now - timedelta(minutes=1)).delete()
    most = PER_MINUTE["teacher" if team is None else "team"]
    if ReportRequest.objects.filter(game=game, team=team).count() >= most:
        raise ServiceError(_("Too many documents asked for: at most %(most)d a minute. Try "
                             "again in a minute.") % {"most": most}, status=429)
    ReportRequest.objects.create(game=game, team=team, created=now)


def build_pack_at_game_end(game_id: int) -> None:
    """When a game ends, every team's statements and the teacher's pack are built at once, so
    the teacher can hand them out within seconds."""
    from django.conf import settings

    game = Game.objects.filter(pk=game_id).first()
    if game is not None and settings.PLAYBOSS_STATEMENTS_AT_GAME_END:
        request_report(game=game, kind=Kind.PACK, by_teacher=True, limited=False)


# ====================================================================== building it
class _Progress:
    """Writes a job's progress, at most once every few percent."""

    def __init__(self, job_id: int) -> None:
        self.job_id = job_id
        self.last = 0

    def __call__(self, done: int, total: int) -> None:
        percent = max(1, min(99, done * 100 // max(total, 1)))
        if percent - self.last >= 5 or done == total:
            self.last = percent
            ReportJob.objects.filter(pk=self.job_id).update(progress=percent)


def run_job(*, job_id: int) -> str:
    """Build a queued job's file; returns the job's status after. A job already taken by
    another worker (or gone) is left alone."""
    claimed = ReportJob.objects.filter(pk=job_id, status=Status.QUEUED).update(
        status=Status.RUNNING, started=timezone.now(), progress=1)
    if not claimed:
        job = ReportJob.objects.filter(pk=job_id).only("status").first()
        return job.status if job else "missing"
    job = ReportJob.objects.select_related("game__classroom", "team").get(pk=job_id)
    try:
        ctx = game_context(job.game)
        with build_in(ctx.meta.language):
            name, data = _build(job, ctx, _Progress(job.pk))
        _finish(job, ctx, name, data)
    except Exception as exc:  # a report that fails must say so, not stay "running"
        log.exception("report job %s failed", job_id)
        message = exc.message if isinstance(exc, ServiceError) else str(exc)
        ReportJob.objects.filter(pk=job_id).update(
            status=Status.FAILED, message=message[:300], finished=timezone.now())
        classroom_services.screens_changed(game_id=job.game_id)
        return Status.FAILED
    classroom_services.screens_changed(game_id=job.game_id)  # the download link appears
    return Status.DONE


def _build(job: ReportJob, ctx: Ctx, progress: Callable[[int, int], None]) -> tuple[str, bytes]:
    team = job.team.name if job.team is not None else None
    if job.kind == Kind.TEAM:
        assert team is not None
        return packs.team_filenames([team])[team], team_statements(ctx, team)
    if job.kind == Kind.YEAR:
        assert team is not None and job.year is not None
        try:
            ctx.fig.account(team, job.year)
        except LookupError as exc:
            raise ServiceError(_("%(team)s has no year %(year)d yet.")
                               % {"team": team, "year": job.year}) from exc
        base = slugify(team) or "team"
        return f"year-{job.year}-{base}.pdf", year_statement(ctx, team, job.year)
    if job.kind == Kind.DEBRIEF:
        return "class-debrief.pdf", debrief.build(ctx)
    if job.kind == Kind.SPREADSHEET:
        sheets = exports.grading_sheets(ctx.fig, action_records(job.game))
        return "grading.xlsx", exports.to_xlsx(sheets)
    if job.kind == Kind.PACK:
        files = packs.build_pack(ctx, action_records(job.game), progress)
        _keep_pack_files(job, ctx, files)
        return f"{packs.pack_root(ctx)}.zip", packs.zip_pack(ctx, files)
    raise ServiceError(_("Unknown document %(kind)r.") % {"kind": job.kind})


def _finish(job: ReportJob, ctx: Ctx, name: str, data: bytes) -> None:
    job.file.save(name, ContentFile(data), save=False)
    job.status, job.progress, job.finished = Status.DONE, 100, timezone.now()
    job.seq, job.message = ctx.meta.seq, ""
    job.save(update_fields=["file", "status", "progress", "finished", "seq", "message"])
    _supersede(job)


def _keep_pack_files(pack: ReportJob, ctx: Ctx, files: list[packs.PackFile]) -> None:
    """The pack's team statements, debrief and workbook, each also as a job of its own: every
    team finds its statements on its screen, the teacher downloads them one by one."""
    teams = {t.name: t for t in pack.game.teams.all()}
    with transaction.atomic():  # one commit for all of them
        _keep_files(pack, ctx, files, teams)


def _keep_files(pack: ReportJob, ctx: Ctx, files: list[packs.PackFile],
                teams: dict[str, Team]) -> None:
    for f in files:
        if f.kind not in (Kind.TEAM, Kind.DEBRIEF, Kind.SPREADSHEET):
            continue
        job = ReportJob.objects.create(
            game=pack.game, kind=f.kind, team=teams.get(f.team) if f.team else None,
            by_teacher=True, status=Status.RUNNING, started=pack.started,
            language=ctx.meta.language)
        _finish(job, ctx, f.name.rsplit("/", 1)[-1], f.data)


def _supersede(job: ReportJob) -> None:
    """Older finished jobs for the same document give way to this one (and their files)."""
    older = ReportJob.objects.filter(
        game=job.game_id, kind=job.kind, team=job.team_id, year=job.year,
        status__in=[Status.DONE, Status.FAILED]).filter(
        Q(created__lt=job.created) | Q(created=job.created, pk__lt=job.pk)).exclude(pk=job.pk)
    for old in older:
        delete_job(old)


def delete_job(job: ReportJob) -> None:
    """The job and, once that is committed, its file."""
    name, storage = job.file.name, job.file.storage
    job.delete()
    if name:
        # Robust: a file that cannot be removed must not turn the done deletion into an error.
        transaction.on_commit(lambda: storage.delete(name), robust=True)
