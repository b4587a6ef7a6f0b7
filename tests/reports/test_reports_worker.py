"""A real Celery worker on the machine's Redis builds a report against the PostgreSQL test
database: the request returns at once, the progress grows, the pack arrives. Runs in the test
script's second pass (DATABASE_URL and REDIS_URL set); skips without those services, and must
run under CI."""

from __future__ import annotations

import time
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from report_helpers import import_played, played

from classroom.models import Classroom
from reports import services
from reports.models import ReportJob

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


def test_a_celery_worker_builds_the_pack(classroom: Classroom, teacher: User,
                                        celery_worker_process: object) -> None:
    assert not settings.CELERY_TASK_ALWAYS_EAGER
    game = import_played(classroom, played(steps=frozenset({4}), seed=7))
    began = time.perf_counter()
    job = services.request_report(game=game, kind=ReportJob.Kind.PACK, by_teacher=True)
    assert time.perf_counter() - began < 2, "the request does not wait for the build"
    assert job.status == ReportJob.Status.QUEUED
    client = Client()
    client.force_login(teacher)
    status_url = reverse("reports:status", args=[job.pk])
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        status = client.get(status_url).json()
        seen.append(status)
        if status["status"] in ("done", "failed"):
            break
        time.sleep(0.05)
    assert seen[-1]["status"] == "done", seen[-1]
    assert [s["progress"] for s in seen] == sorted(s["progress"] for s in seen)
    job.refresh_from_db()
    with job.file.open("rb") as handle:
        names = zipfile.ZipFile(handle).namelist()
    assert any(n.endswith("teams/statements-red.pdf") for n in names)
    assert any(n.endswith("class-debrief.pdf") for n in names)
    assert ReportJob.objects.filter(game=game, kind=ReportJob.Kind.TEAM,
                                    status=ReportJob.Status.DONE).count() == 3
    download = client.get(seen[-1]["download"])
    assert download.status_code == 200
