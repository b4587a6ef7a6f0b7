"""Report jobs: a request for documents, built in the background, and the file it produced.

A job says what is built (``kind``), for whom (the game, and a team for a team's documents),
how far it has come (``status``, ``progress``) and where the result lies (``file``). The figures
in a report come from ``playboss.rules`` statements of the game's state when the job ran
(``seq`` records which move that was); nothing here stores a figure of its own.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from classroom.models import Game, Team


def job_file_path(job: ReportJob, filename: str) -> str:
    return f"reports/{job.game_id}/{job.pk or 'new'}-{filename}"


class ReportJob(models.Model):
    class Kind(models.TextChoices):
        #: Every statement of one team: each year's balance sheet, profit and loss and tax
        #: statement, the yield report and the final result statement (PDF).
        TEAM = "team", _("team statements")
        #: One year of one team: balance sheet, profit and loss, tax statement (PDF).
        YEAR = "year", _("year statement")
        #: The teacher's class debrief pack (PDF).
        DEBRIEF = "debrief", _("class debrief pack")
        #: Ledger, action log and per-team per-year figures for grading (XLSX).
        SPREADSHEET = "spreadsheet", _("spreadsheet for grading")
        #: Everything above for every team, with CSV files, as one ZIP.
        PACK = "pack", _("complete pack (ZIP)")

    class Status(models.TextChoices):
        QUEUED = "queued", _("waiting")
        RUNNING = "running", _("being built")
        DONE = "done", _("ready")
        FAILED = "failed", _("failed")

    #: Kinds a team may ask for and download: its own statements only.
    TEAM_KINDS = frozenset({Kind.TEAM, Kind.YEAR})
    #: A job still waiting or running after this long lost its worker (a pack takes seconds).
    STUCK_AFTER = timedelta(minutes=10)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="report_jobs",
                             verbose_name=_("game"))
    kind = models.CharField(_("document"), max_length=12, choices=Kind.choices)
    #: The team whose documents these are (team statements, year statement); None: the class.
    team = models.ForeignKey(Team, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="report_jobs", verbose_name=_("team"))
    #: The year of a year statement (1 for the first).
    year = models.PositiveSmallIntegerField(_("year"), null=True, blank=True)
    #: Asked for by the teacher (True) or by the team itself.
    by_teacher = models.BooleanField(default=False)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices,
                              default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(_("progress (%)"), default=0)
    message = models.CharField(max_length=300, blank=True)
    file = models.FileField(upload_to=job_file_path, max_length=200, blank=True)
    #: The game's move the documents show (the state after ``seq`` moves).
    seq = models.PositiveIntegerField(null=True, blank=True)
    #: Language of the documents (the game's).
    language = models.CharField(max_length=8, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["game", "kind", "team", "year"])]
        verbose_name = _("report job")
        verbose_name_plural = _("report jobs")

    def __str__(self) -> str:
        who = self.team.name if self.team_id and self.team else "class"
        return f"{self.game_id} {self.kind} {who} {self.year or ''} [{self.status}]".strip()

    @property
    def finished_ok(self) -> bool:
        return self.status == self.Status.DONE and bool(self.file)

    @property
    def pending(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)

    @property
    def stuck(self) -> bool:
        """Waiting or running for far longer than any build takes: its worker is gone."""
        return self.pending and self.created < timezone.now() - self.STUCK_AFTER

    @property
    def filename(self) -> str:
        """The name the file is downloaded under."""
        if not self.file:
            return ""
        return str(self.file.name).rsplit("/", 1)[-1].split("-", 1)[-1]


class ReportRequest(models.Model):
    """A document asked for, kept for a minute: a team (or the teacher of a game) may ask for
    only so many a minute (``reports.services.PER_MINUTE``); each build costs a share of a core.
    A row, not a cache entry, so that every server process counts the same requests."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    #: The team that asked; None: the teacher.
    team = models.ForeignKey(Team, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="+")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["game", "created"])]
