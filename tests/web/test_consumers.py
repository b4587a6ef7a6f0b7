"""The game websocket: who may listen, and what a change sounds like."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User

from classroom import events
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
    async def scenario() -> None:
        comm = communicator(game, user=teacher)
        connected, _ = await comm.connect()
        assert connected
        assert await comm.receive_json_from() == {"type": "hello", "revision": 0}
        await comm.send_json_to({"type": "roll"})
        assert (await comm.receive_json_from())["type"] == "error"  # moves go over HTTP
        from channels.db import database_sync_to_async

        await database_sync_to_async(events.broadcast)(
            game.pk, 3, 2, [{"type": "move", "text": "Red rolls 6."}])
        message = await comm.receive_json_from()
        assert message == {"type": "changed", "revision": 3, "seq": 2,
                           "ticker": ["Red rolls 6."]}
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
