"""Report jobs on the site: asked for, built by a Celery task (in-process with the embedded
defaults), downloaded by whom they belong to — a team its own statements only, the teacher
everything, one by one or as a ZIP — and the pack from the command line."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from report_helpers import import_played, pages, played

from classroom.models import Classroom, Game
from classroom.services import ServiceError
from reports import services, tasks
from reports.models import ReportJob

# Transactions commit as on the site, so the task runs on commit (in-process here).
pytestmark = pytest.mark.django_db(transaction=True)
Kind, Status = ReportJob.Kind, ReportJob.Status
TAXES = dict(steps=frozenset({4}), seed=7)


@pytest.fixture
def game(classroom: Classroom) -> Game:
    return import_played(classroom, played(**TAXES))


def team_client(game: Game, name: str) -> Client:
    client = Client()
    team = game.teams.get(name=name)
    response = client.post("/join/", {"code": game.code, "pin": team.pin})
    assert response.status_code == 302
    return client


def teacher_client(teacher: User) -> Client:
    client = Client()
    client.force_login(teacher)
    return client


def body(response: Any) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


# ====================================================================== a team
def test_a_team_builds_its_statements_and_downloads_them(game: Game) -> None:
    client = team_client(game, "Red")
    response = client.post(reverse("reports:request", args=[game.pk]), {"kind": "team"})
    job = ReportJob.objects.get(game=game, kind=Kind.TEAM)
    assert response.status_code == 302 and response["Location"].endswith(f"#job-{job.pk}")
    assert job.team is not None
    assert (job.status, job.progress, job.team.name, job.by_teacher) == (
        Status.DONE, 100, "Red", False)
    assert job.seq == game.seq and job.file.name.endswith("statements-red.pdf")

    page = client.get(reverse("reports:page", args=[game.pk]))
    assert page.status_code == 200
    assert reverse("reports:download", args=[job.pk]) in page.content.decode()
    assert "reports/reports.js" in page.content.decode()

    status = client.get(reverse("reports:status", args=[job.pk])).json()
    assert status["status"] == "done" and status["progress"] == 100
    assert status["download"] == reverse("reports:download", args=[job.pk])

    download = client.get(status["download"])
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith('attachment; filename="statements-red.pdf')
    text = [line for page_ in pages(body(download)) for line in page_]
    assert "Red" in text and "Year statement" in text and "Final result statement" in text


def test_a_team_sees_only_its_own_documents(game: Game, teacher: User) -> None:
    blue = game.teams.get(name="Blue")
    job = services.request_report(game=game, kind=Kind.TEAM, team=blue, by_teacher=True)
    red = team_client(game, "Red")
    assert red.get(reverse("reports:status", args=[job.pk])).status_code == 404
    assert red.get(reverse("reports:download", args=[job.pk])).status_code == 404
    # Red cannot ask for the class pack, nor for Blue's statements
    refused = red.post(reverse("reports:request", args=[game.pk]), {"kind": "pack"},
                       HTTP_ACCEPT="application/json")
    assert refused.status_code == 403
    own = red.post(reverse("reports:request", args=[game.pk]),
                   {"kind": "team", "team": blue.pk}, HTTP_ACCEPT="application/json")
    assert own.status_code == 202 and own.json()["team"] == "Red"
    page = red.get(reverse("reports:page", args=[game.pk])).content.decode()
    assert reverse("reports:download", args=[job.pk]) not in page
    assert "Everything (ZIP)" not in page
    # and the teacher sees Blue's
    boss = teacher_client(teacher)
    assert boss.get(reverse("reports:download", args=[job.pk])).status_code == 200


def test_strangers_are_sent_to_sign_in(game: Game) -> None:
    anonymous = Client()
    response = anonymous.get(reverse("reports:page", args=[game.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert anonymous.get(reverse("reports:csv", args=[game.pk, "ledger"])).status_code == 302


def test_a_year_statement_of_a_year_not_played_is_refused_with_the_reason(game: Game) -> None:
    """Issue 11: a year that does not exist is refused when asked for (it was queued, 202,
    and failed), and no job is made."""
    red = game.teams.get(name="Red")
    with pytest.raises(ServiceError, match="Red has no year 9 yet."):
        services.request_report(game=game, kind=Kind.YEAR, team=red, year=9, by_teacher=False)
    assert not ReportJob.objects.filter(year=9).exists()
    ok = services.request_report(game=game, kind=Kind.YEAR, team=red, year=2, by_teacher=False)
    ok.refresh_from_db()
    assert ok.status == Status.DONE
    (lines,) = pages(ok.file.read())
    assert "Balance sheet at the end of year 2" in lines


def test_bad_requests_are_refused(game: Game) -> None:
    red = game.teams.get(name="Red")
    with pytest.raises(ServiceError):
        services.request_report(game=game, kind="poster", team=red, by_teacher=True)
    with pytest.raises(ServiceError):
        services.request_report(game=game, kind=Kind.TEAM, team=None, by_teacher=True)
    with pytest.raises(ServiceError):
        services.request_report(game=game, kind=Kind.YEAR, team=red, year=None, by_teacher=True)
    with pytest.raises(ServiceError):
        services.request_report(game=game, kind=Kind.DEBRIEF, by_teacher=False)


# ====================================================================== the teacher
def test_the_teacher_builds_the_pack_and_every_team_finds_its_statements(
        game: Game, teacher: User) -> None:
    boss = teacher_client(teacher)
    response = boss.post(reverse("reports:request", args=[game.pk]), {"kind": "pack"},
                         HTTP_ACCEPT="application/json")
    assert response.status_code == 202
    status = response.json()
    assert status["status"] == "done" and status["download"]
    archive = zipfile.ZipFile(io.BytesIO(body(boss.get(status["download"]))))
    root = f"playboss-year-end-game-{game.code.lower()}"
    assert sorted(archive.namelist()) == sorted(f"{root}/{name}" for name in [
        "teams/statements-red.pdf", "teams/statements-blue.pdf", "teams/statements-green.pdf",
        "class-debrief.pdf", "grading.xlsx", "csv/figures.csv", "csv/results.csv",
        "csv/ledger.csv", "csv/actions.csv", "csv/cash-flow.csv", "csv/capital-bridge.csv",
        "csv/ratios.csv", "csv/class.csv"])
    debrief = [line for p in pages(archive.read(f"{root}/class-debrief.pdf")) for line in p]
    assert "Class debrief" in debrief

    # one by one: each team's statements, the debrief and the workbook are jobs of their own
    done = ReportJob.objects.filter(game=game, status=Status.DONE)
    assert sorted(done.filter(kind=Kind.TEAM).values_list("team__name", flat=True)) == [
        "Blue", "Green", "Red"]
    assert done.filter(kind=Kind.DEBRIEF).count() == done.filter(kind=Kind.SPREADSHEET).count() == 1
    red_job = done.get(kind=Kind.TEAM, team__name="Red")
    assert red_job.file.read() == archive.read(f"{root}/teams/statements-red.pdf")

    # Red's screen offers its statements; the bank console the pack
    red = team_client(game, "Red")
    panel = red.get(reverse("classroom:panel", args=[game.pk])).content.decode()
    assert reverse("reports:download", args=[red_job.pk]) in panel
    console = boss.get(reverse("classroom:panel", args=[game.pk])).content.decode()
    assert "Statements and spreadsheets" in console
    assert reverse("reports:download", args=[status["id"]]) in console

    page = boss.get(reverse("reports:page", args=[game.pk])).content.decode()
    for job in done:
        assert reverse("reports:download", args=[job.pk]) in page


def test_a_rebuild_replaces_the_old_file(game: Game) -> None:
    red = game.teams.get(name="Red")
    first = services.request_report(game=game, kind=Kind.TEAM, team=red, by_teacher=False)
    first.refresh_from_db()
    old_path = Path(first.file.path)
    assert old_path.exists()
    second = services.request_report(game=game, kind=Kind.TEAM, team=red, by_teacher=False)
    second.refresh_from_db()
    assert second.pk != first.pk and second.status == Status.DONE
    assert not ReportJob.objects.filter(pk=first.pk).exists() and not old_path.exists()


def test_csv_tables_are_the_teachers(game: Game, teacher: User) -> None:
    boss = teacher_client(teacher)
    response = boss.get(reverse("reports:csv", args=[game.pk, "ledger"]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = response.content.decode("utf-8-sig").splitlines()
    from classroom import state_store

    entries = state_store.read_state(game, lambda s: len(s.ledger.entries))
    assert len(rows) == entries + 1
    assert boss.get(reverse("reports:csv", args=[game.pk, "secrets"])).status_code == 404
    red = team_client(game, "Red")
    assert red.get(reverse("reports:csv", args=[game.pk, "ledger"])).status_code == 404


def test_the_analysis_tables_download_as_csv_too(game: Game, teacher: User) -> None:
    """Issue 13: the statements page offers the cash flow, the owned-capital bridge, the
    ratios and the class by year as CSV, one row a team and year (the class: a year)."""
    from reports.views import CSV_TABLES

    assert {"cash-flow", "capital-bridge", "ratios", "class"} <= set(CSV_TABLES)
    boss = teacher_client(teacher)
    page = boss.get(reverse("reports:page", args=[game.pk])).content.decode()
    from playboss.rules.accounts import year_accounts

    state = played(**TAXES).state
    rows_expected = sum(len(year_accounts(state, team)) for team in state.teams)
    for table in ("cash-flow", "capital-bridge", "ratios"):
        assert reverse("reports:csv", args=[game.pk, table]) in page
        response = boss.get(reverse("reports:csv", args=[game.pk, table]))
        assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
        assert f"-{table}.csv" in response["Content-Disposition"]
        assert len(response.content.decode("utf-8-sig").splitlines()) == rows_expected + 1


# ====================================================================== the machinery
def test_the_task_gets_the_jobs_id_once_the_transaction_commits(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[Any] = []
    monkeypatch.setattr(tasks.build_report, "apply_async",
                        lambda args, **kwargs: sent.append(tuple(args)))
    red = game.teams.get(name="Red")
    job = services.request_report(game=game, kind=Kind.TEAM, team=red, by_teacher=False)
    assert sent == [(job.pk,)]
    assert job.status == Status.QUEUED
    again = services.request_report(game=game, kind=Kind.TEAM, team=red, by_teacher=False)
    assert again.pk == job.pk and len(sent) == 1, "a double click builds once"
    assert services.run_job(job_id=job.pk) == Status.DONE
    assert services.run_job(job_id=job.pk) == Status.DONE  # a second delivery does nothing
    assert ReportJob.objects.filter(game=game).count() == 1


def test_a_failing_build_says_so(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> bytes:
        raise RuntimeError("the printer is on fire")

    monkeypatch.setattr(services, "team_statements", broken)
    job = services.request_report(game=game, kind=Kind.TEAM, team=game.teams.get(name="Red"),
                                  by_teacher=True)
    job.refresh_from_db()
    assert (job.status, job.message, bool(job.file)) == (Status.FAILED,
                                                         "the printer is on fire", False)


def test_progress_is_written_as_the_pack_grows(game: Game,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    original = services._Progress.__call__

    def spy(self: Any, done: int, total: int) -> None:
        original(self, done, total)
        seen.append(ReportJob.objects.get(pk=self.job_id).progress)

    monkeypatch.setattr(services._Progress, "__call__", spy)
    job = services.request_report(game=game, kind=Kind.PACK, by_teacher=True)
    job.refresh_from_db()
    assert job.status == Status.DONE and job.progress == 100
    assert seen == sorted(seen) and len(set(seen)) >= 3 and all(0 < p < 100 for p in seen)


def test_the_command_writes_the_whole_pack(game: Game, tmp_path: Path) -> None:
    out = io.StringIO()
    call_command("statements", game.code, "--out", str(tmp_path), "--zip", stdout=out)
    root = tmp_path / f"playboss-year-end-game-{game.code.lower()}"
    assert (root / "teams" / "statements-green.pdf").exists()
    assert (root / "class-debrief.pdf").exists() and (root / "grading.xlsx").exists()
    assert (root / "csv" / "ledger.csv").exists()
    assert (tmp_path / f"{root.name}.zip").exists()
    assert "13 files" in out.getvalue()  # 3 teams, debrief, workbook, 8 CSV tables
    assert not ReportJob.objects.exists()  # no jobs: straight to the folder


def test_a_job_whose_worker_died_does_not_block_a_new_one(game: Game) -> None:
    """A worker killed mid-build leaves its job "running": after ten minutes a new request
    marks it failed and builds again."""
    import datetime as dt

    red = game.teams.get(name="Red")
    lost = ReportJob.objects.create(game=game, kind=Kind.TEAM, team=red, status=Status.RUNNING)
    ReportJob.objects.filter(pk=lost.pk).update(created=lost.created - dt.timedelta(minutes=11))
    lost.refresh_from_db()
    assert lost.stuck
    job = services.request_report(game=game, kind=Kind.TEAM, team=red, by_teacher=False)
    assert job.pk != lost.pk
    job.refresh_from_db()
    assert job.status == Status.DONE
    assert not ReportJob.objects.filter(pk=lost.pk).exists()  # failed, then superseded



@pytest.mark.django_db
def test_a_game_that_ends_builds_every_teams_statements(
    django_capture_on_commit_callbacks: Any,
) -> None:
    """Issue 5, "Done when": a teacher ends a game and, within seconds, hands every team its
    statements - they are built the moment the game ends."""
    from classroom import services as game_services

    teacher = User.objects.create_user("ends", password="x-secret-1")
    classroom = game_services.create_classroom(teacher=teacher, name="Class")
    game = game_services.create_game(classroom=classroom, name="Short",
                                     seats=[game_services.TeamSeat("Red")],
                                     settings_={"years": None})
    with django_capture_on_commit_callbacks(execute=True):
        game_services.submit_action(game_id=game.pk, actor="bank",
                                    payload={"type": "call_time"}, run_bots=False)
    game.refresh_from_db()
    assert game.status == Game.Status.ENDED
    job = ReportJob.objects.get(game=game, kind=ReportJob.Kind.PACK)
    assert job.status == ReportJob.Status.DONE and job.file
