"""A move is acknowledged exactly once: what runs after the commit (the broadcast, the bots'
Celery task) may fail, and the move that committed is still answered 200 — the failure is
logged, never turned into a 500 that makes the screen send the move again."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from django.test import Client

from classroom import events, services
from classroom.models import Classroom, Game, GameAction

from .conftest import make_game

# The callbacks run on a real commit, as on the site (not inside a test's transaction).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(60)]
ON_COMMIT_LOGGER = "django.db.backends.base"


def _join(game: Game, team: str) -> Client:
    client = Client()
    response = client.post("/join/", {"code": game.code, "pin": game.teams.get(name=team).pin})
    assert response.status_code == 302
    return client


def _roll(client: Client, game: Game, key: str) -> Any:
    return client.post(f"/games/{game.pk}/move/",
                       json.dumps({"action": {"type": "roll", "die": 3}, "key": key}),
                       content_type="application/json")


def _broken(*args: Any, **kwargs: Any) -> None:
    raise RuntimeError("the channel layer is on fire")


def test_a_move_whose_broadcast_fails_is_answered_200_once(
        game: Game, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    red = _join(game, "Red")
    monkeypatch.setattr(events, "broadcast", _broken)
    with caplog.at_level(logging.ERROR, logger=ON_COMMIT_LOGGER):
        response = _roll(red, game, "press-1")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["ok"] is True and body["seq"] == 1 and body["duplicate"] is False
    assert list(GameAction.objects.filter(game=game).values_list("seq", "actor")) == [(1, "Red")]
    assert "the channel layer is on fire" in caplog.text  # logged, not lost
    # The screen sends the same press again (say its answer got lost): still one move.
    again = _roll(red, game, "press-1")
    assert again.status_code == 200 and again.json()["duplicate"] is True
    assert GameAction.objects.filter(game=game).count() == 1


def test_a_move_whose_bots_task_fails_is_answered_200(
        classroom: Classroom, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    game = make_game(classroom, bots={"Blue": "greedy"})
    red = _join(game, "Red")
    monkeypatch.setattr(services, "play_bots", _broken)  # what the Celery task calls
    with caplog.at_level(logging.ERROR, logger=ON_COMMIT_LOGGER):
        response = _roll(red, game, "press-2")
    assert response.status_code == 200, response.content
    assert response.json()["ok"] is True
    assert GameAction.objects.filter(game=game, seq=1, actor="Red").exists()
    assert "the channel layer is on fire" in caplog.text


def test_the_bank_pauses_when_the_broadcast_fails(
        game: Game, owner: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(events, "broadcast", _broken)
    response = owner.post(f"/games/{game.pk}/bank/pause/", {"paused": "1"})
    assert response.status_code in (200, 302)
    game.refresh_from_db()
    assert game.status == Game.Status.PAUSED
