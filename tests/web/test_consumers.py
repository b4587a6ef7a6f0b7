"""The game websocket: who may listen, and what a change sounds like."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User

from classroom import services
from classroom.access import SESSION_KEY
from classroom.consumers import GameConsumer
from classroom.models import Game


def communicator(game: Game, user: Any = None, session: Any = None) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/games/{game.pk}/")
    comm.scope["url_route"] = {"kwargs": {"game_id": game.pk}}
    comm.scope["user"] = user or AnonymousUser()
    comm.scope["session"] = session or {}
    return comm


@pytest.mark.django_db(transaction=True)
def test_teacher_hears_every_change_with_its_revision(game: Game, teacher: User) -> None:
    """The socket sends the whole screen on connect; after a change, "changed" (revision and
    ticker) at once, then the screen's regions that changed; junk frames are ignored."""
    async def scenario() -> None:
        comm = communicator(game, user=teacher)
        connected, _ = await comm.connect()
        assert connected
        hello = await comm.receive_json_from()
        assert hello == {"type": "hello", "revision": game.revision}
        first = await comm.receive_json_from()
        assert first["type"] == "screen" and first["revision"] == game.revision
        assert "layout" in first and "bank-status" in first["regions"]  # the whole screen
        await comm.send_json_to({"type": "roll"})  # moves go over HTTP: ignored
        await comm.send_to(text_data="not json at all")
        assert await comm.receive_nothing(timeout=0.2)
        from channels.db import database_sync_to_async

        await database_sync_to_async(services.submit_action)(
            game_id=game.pk, actor="Red", payload={"type": "roll", "die": 6}, run_bots=False)
        message = await comm.receive_json_from()
        assert message["type"] == "changed" and message["revision"] == game.revision + 1
        assert message["seq"] == 1 and any("6" in line for line in message["ticker"])
        screen = await comm.receive_json_from()
        assert screen["type"] == "screen" and screen["revision"] == game.revision + 1
        assert "layout" not in screen  # only what changed: the glance table, the log, …
        assert "glance" in screen["regions"] and "market" not in screen["regions"]
        await comm.disconnect()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_a_team_in_the_session_may_listen(game: Game) -> None:
    async def scenario() -> None:
        team = await game.teams.afirst()
        assert team is not None
        comm = communicator(game, session={SESSION_KEY: {str(game.pk): team.pk}})
        connected, _ = await comm.connect()
        assert connected
        await comm.disconnect()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_a_stranger_is_turned_away(game: Game) -> None:
    async def scenario() -> None:
        comm = communicator(game)
        connected, code = await comm.connect()
        assert not connected and code == 4403

    async_to_sync(scenario)()
