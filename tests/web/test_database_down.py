"""Issue 23, the database down: ``/healthz`` answers within about 2 s whatever the pool's and the
driver's timeouts; a move answers JSON 503 with a sentence, a page (a join, a QR link, the
game's page) a short "try again" page with 503 — never "Server Error (500)" nor a traceback."""

from __future__ import annotations

import json
import time
from typing import Any
from unittest import mock

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client

from classroom import health
from classroom.models import Game


def database_down() -> Any:
    """Every query from now on fails as a refused connection does (undone before the test's
    fixtures use the database again)."""
    return mock.patch.object(BaseDatabaseWrapper, "_cursor", _refused)


def test_healthz_answers_within_two_seconds_when_the_database_hangs(
        client: Client, db: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(health, "_select_one", lambda: time.sleep(6))  # the pool's 10 s wait
    started = time.monotonic()
    response = client.get("/healthz")
    assert time.monotonic() - started < 2.5
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == "failing"


def test_a_move_answers_json_503_with_a_sentence(game: Game) -> None:
    browser = Client(raise_request_exception=False)
    with database_down():
        answer = browser.post(f"/games/{game.pk}/move/",
                              json.dumps({"action": {"type": "roll", "die": 1}}),
                              content_type="application/json")
    assert answer.status_code == 503 and answer["Retry-After"]
    body = answer.json()
    assert body["ok"] is False and "does not answer right now" in body["error"]
    assert b"10.0.0.5" not in answer.content and b"Traceback" not in answer.content


@pytest.mark.parametrize("page", ["play", "join", "qr link"])
def test_pages_answer_a_short_try_again_page(game: Game, page: str) -> None:
    red = game.teams.get(name="Red")
    url, data = {"play": (f"/play/{game.code}/", None),
                 "join": ("/join/", {"code": game.code, "pin": red.pin}),
                 "qr link": (f"/join/{red.token}/", None)}[page]
    browser = Client(raise_request_exception=False)
    with database_down():
        answer = browser.post(url, data) if data else browser.get(url)
    assert answer.status_code == 503 and answer["Retry-After"]
    text = answer.content.decode()
    assert "Try again in a moment" in text and "cannot reach its database" in text
    assert "Server Error" not in text and "10.0.0.5" not in text and "Traceback" not in text


def test_other_errors_keep_the_plain_500(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the database's errors become 503: a bug stays a 500 (and is logged as one)."""
    from classroom.views import public

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(public, "seat_for_pin", broken)
    answer = Client(raise_request_exception=False).post("/join/", {"code": game.code,
                                                                   "pin": "1"})
    assert answer.status_code == 500


def _refused(self: BaseDatabaseWrapper, *args: Any, **kwargs: Any) -> Any:
    raise OperationalError('connection to server at "10.0.0.5", port 5432 failed: '
                           "Connection refused")
