"""``/healthz`` (classroom/health.py): the database, Redis and a Celery worker, for monitors and
the reverse proxy (docs/deploy.md)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.sessions.models import Session
from django.test import Client

from classroom import health


def test_the_embedded_defaults_are_healthy_with_the_database_alone(client: Client,
                                                                    db: Any) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {
        "database": "ok", "redis": "not configured", "celery": "not configured"}}
    assert not response.cookies  # no session, no CSRF cookie, no language cookie
    assert Session.objects.count() == 0
    assert "no-cache" in response["Cache-Control"]


def test_a_database_that_does_not_answer_makes_it_503(client: Client, db: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def cursor(self) -> None:
            raise RuntimeError("connection to server at 10.0.0.5 failed: password=hunter2")

    monkeypatch.setattr(health, "connection", Broken())
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == "failing"
    assert b"hunter2" not in response.content and b"10.0.0.5" not in response.content


def test_redis_down_makes_it_503_fast_and_tells_no_address(client: Client, db: Any,
                                                           settings: Any) -> None:
    settings.REDIS_URL = "redis://:secret-word@127.0.0.1:1/0"  # nothing listens on port 1
    settings.CELERY_TASK_ALWAYS_EAGER = False
    began = time.monotonic()
    response = client.get("/healthz")
    assert time.monotonic() - began < 3 * health.TIMEOUT
    assert response.status_code == 503
    assert response.json() == {"status": "failing", "checks": {
        "database": "ok", "redis": "failing", "celery": "not checked"}}
    assert b"secret-word" not in response.content and b"127.0.0.1" not in response.content


def test_only_get(client: Client, db: Any) -> None:
    assert client.post("/healthz").status_code == 405


def test_a_monitor_may_ask_over_plain_http_when_https_is_enforced(client: Client, db: Any,
                                                                  settings: Any) -> None:
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/join/").status_code == 301
    assert client.get("/healthz").status_code == 200


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_redis_and_a_celery_worker_are_checked(client: Client,
                                               celery_worker_process: Any) -> None:
    """The second pass: the machine's Redis, and a real worker (and then none)."""
    assert django_settings.REDIS_URL and not django_settings.CELERY_TASK_ALWAYS_EAGER
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the worker takes a few seconds to start
        response = client.get("/healthz")
        if response.status_code == 200:
            break
        time.sleep(0.5)
    assert response.json() == {"status": "ok", "checks": {
        "database": "ok", "redis": "ok", "celery": "ok"}}
    celery_worker_process.terminate()
    celery_worker_process.wait(timeout=20)
    gone = client.get("/healthz")
    assert gone.status_code == 503 and gone.json()["checks"]["celery"] == "failing"
    assert gone.json()["checks"]["redis"] == "ok"
