"""A websocket is not covered by CSRF protection: playboss/asgi.py lets a browser open one only
from a page of this site (its Origin among ALLOWED_HOSTS), which the defaults no longer set to
"*" (issue 11)."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from classroom.models import Game


def connect(game: Game, origin: str, session: str) -> bool:
    from playboss.asgi import application

    async def scenario() -> bool:
        comm = WebsocketCommunicator(application, f"/ws/games/{game.pk}/", headers=[
            (b"origin", origin.encode()), (b"host", b"localhost:8000"),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode())])
        connected, _ = await comm.connect()
        await comm.disconnect()
        return bool(connected)

    return bool(async_to_sync(scenario)())


@pytest.mark.django_db(transaction=True)
def test_only_pages_of_this_site_open_a_socket(game: Game, teacher: User) -> None:
    assert "*" not in settings.ALLOWED_HOSTS
    client = Client()
    client.force_login(teacher)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert connect(game, "http://localhost:8000", session)
    assert not connect(game, "http://evil.example", session)
    assert not connect(game, "http://localhost.evil.example", session)



@pytest.mark.django_db(transaction=True)
def test_the_origin_must_match_scheme_host_and_port(game: Game, teacher: User) -> None:
    """Issue 23: the host alone was compared, so a page on another port of an allowed host (any
    other service on the teacher's laptop) opened an authenticated socket."""
    client = Client()
    client.force_login(teacher)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert connect(game, "http://localhost:8000", session)  # the page's own origin
    assert not connect(game, "http://localhost:9999", session)  # another port
    assert not connect(game, "http://localhost", session)  # port 80 is another origin
    assert not connect(game, "https://localhost:8000", session)  # another scheme
    assert not connect(game, "null", session) and not connect(game, "", session)


def test_trusted_origins_are_compared_whole(settings: Any) -> None:
    from playboss import ws_origin

    settings.CSRF_TRUSTED_ORIGINS = ["https://playboss.school.example"]
    scope = {"type": "websocket", "scheme": "ws", "headers": [
        (b"host", b"10.0.0.5:8000"), (b"origin", b"https://playboss.school.example")]}
    assert ws_origin.allowed(scope)  # behind the TLS proxy: the public origin
    scope["headers"][1] = (b"origin", b"https://playboss.school.example:8443")
    assert not ws_origin.allowed(scope)
    scope["headers"][1] = (b"origin", b"http://playboss.school.example")
    assert not ws_origin.allowed(scope)
