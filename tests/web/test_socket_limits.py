"""Issue 23: a socket's frames are rate-limited (``sync`` included; a frame over the rate is junk
and a flood ends with the close 4400), and one session and one team hold a capped number of
sockets in a process (close 4429 beyond it)."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore

from classroom import consumers
from classroom.access import SEAT_SESSION_KEY, SESSION_KEY
from classroom.consumers import GameConsumer
from classroom.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


#: Red's id per game, read before the event loop runs (no queries from async code).
RED: dict[int, int] = {}


def red_socket(game: Game, session: Any = None) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/games/{game.pk}/")
    comm.scope["url_route"] = {"kwargs": {"game_id": game.pk}}
    if session is None:
        session = {}
    session[SESSION_KEY] = {str(game.pk): RED[game.pk]}
    session[SEAT_SESSION_KEY] = {str(game.pk): 0}
    comm.scope.update(user=AnonymousUser(), session=session)
    return comm


async def opened(comm: WebsocketCommunicator) -> bool:
    connected, _code = await comm.connect(timeout=10)
    if connected:
        await comm.receive_json_from(timeout=10)  # hello
        await comm.receive_json_from(timeout=30)  # the screen
    return bool(connected)


def test_a_flood_of_sync_frames_draws_a_burst_of_screens_and_is_closed(game: Game) -> None:
    """600 sync frames drew 600 full screens: now FRAME_BURST of them, then junk, then 4400."""
    RED[game.pk] = game.teams.get(name="Red").pk
    comm = red_socket(game)

    async def scenario() -> tuple[int, int | None]:
        assert await opened(comm)
        for _ in range(consumers.FRAME_BURST + consumers.JUNK_LIMIT + 5):
            await comm.send_json_to({"type": "sync", "revision": -1})
        screens, closed = 0, None
        while closed is None:
            output = await comm.receive_output(timeout=30)
            if output["type"] == "websocket.close":
                closed = output.get("code")
            elif '"type": "screen"' in output.get("text", ""):
                screens += 1
        return screens, closed

    screens, closed = async_to_sync(scenario)()
    assert screens == consumers.FRAME_BURST and closed == 4400


def test_sockets_per_session_and_per_team_are_capped(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """150 sockets of one session were accepted."""
    monkeypatch.setattr(consumers, "SOCKETS_PER_SESSION", 3)
    monkeypatch.setattr(consumers, "SOCKETS_PER_TEAM", 5)
    store = SessionStore()
    store.save()
    RED[game.pk] = game.teams.get(name="Red").pk

    async def scenario() -> None:
        mine = [red_socket(game, store) for _ in range(4)]
        assert [await opened(c) for c in mine] == [True, True, True, False]
        await mine[0].disconnect()  # a closed socket frees its place
        again = red_socket(game, store)
        assert await opened(again)
        # Other sessions of the same team: two more fit, then the team's cap holds.
        others = [red_socket(game) for _ in range(3)]
        assert [await opened(c) for c in others] == [True, True, False]
        for c in [*mine[1:3], again, *others[:2]]:
            await c.disconnect()
        assert not consumers._by_session and not consumers._by_team

    async_to_sync(scenario)()
