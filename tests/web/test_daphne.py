"""A real daphne process on Redis and PostgreSQL, as a class would use it.

- Idle websockets stay open. channels_redis waits for messages with a blocking read of 5 s
  (BZPOPMIN); redis-py's socket timeout was 5 s as well, so the read timed out now and then,
  the consumer died and daphne closed the socket with 1011 after a few seconds of silence.
  ``REDIS_SOCKET_TIMEOUT`` (30 s) is now well above it.
- A burst of requests never makes the process open more than ``DB_POOL_SIZE`` connections
  (counted in pg_stat_activity by the application name the server's connections carry).

The server reads the test database (``transaction=True``, so it sees what the test wrote) and
the same Redis as this process, so a change made here reaches its sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import psycopg
import pytest
from django.conf import settings
from django.db import connection, connections

from classroom import services
from classroom.models import Game

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.timeout(180)]
ROOT = Path(__file__).resolve().parents[2]
#: One name per pytest-xdist worker: another worker's daphne must not count against the pool.
APP_NAME = f"playboss-daphne-test-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
IDLE_SECONDS = float(os.environ.get("PLAYBOSS_IDLE_SECONDS", "25"))


def _die_with_parent() -> None:
    """In the child: end when the test process ends, even when it is killed (Linux)."""
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _test_database_url() -> str:
    db = connection.settings_dict  # the test database, not the configured one
    return (f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/"
            f"{db['NAME']}")


@pytest.fixture
def daphne_url(db: object) -> Iterator[str]:
    port = _free_port()
    env = dict(os.environ)
    env.update(DATABASE_URL=_test_database_url(), REDIS_URL=settings.REDIS_URL,
               PGAPPNAME=APP_NAME, MEDIA_ROOT=str(settings.MEDIA_ROOT))
    server = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "playboss.asgi:application"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        preexec_fn=_die_with_parent)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 0.5).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    _, err = server.communicate(timeout=5)
                    pytest.fail(f"daphne did not start: {err[-2000:]}")
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


async def _in_thread(call: Any, *args: Any, **kwargs: Any) -> Any:
    """Database work off the event loop; the thread's connection goes back to the pool."""
    def run() -> Any:
        try:
            return call(*args, **kwargs)
        finally:
            connections.close_all()

    return await asyncio.to_thread(run)


def _session(base: str) -> aiohttp.ClientSession:
    # unsafe: keep the cookies a server on an IP address (127.0.0.1) sets
    return aiohttp.ClientSession(base, cookie_jar=aiohttp.CookieJar(unsafe=True))


async def _join(http: aiohttp.ClientSession, game: Game, team: str) -> None:
    token = await _in_thread(lambda: game.teams.get(name=team).token)
    async with http.get(f"/join/{token}/") as response:
        assert response.status == 200, await response.text()
    assert any(c.key == settings.SESSION_COOKIE_NAME for c in http.cookie_jar)


async def _next_message(ws: aiohttp.ClientWebSocketResponse, until: float) -> Any:
    """The next text message before ``until`` (None then); a close fails the test."""
    timeout = until - time.monotonic()
    if timeout <= 0:
        return None
    try:
        # one deadline for the whole wait (receive's own timeout starts again at every ping)
        message = await asyncio.wait_for(ws.receive(), timeout)
    except TimeoutError:
        return None
    if message.type == aiohttp.WSMsgType.TEXT:
        return message.json()
    pytest.fail(f"the socket closed: {message.type.name} code {ws.close_code} "
                f"({message.extra or ''})")


def test_an_idle_socket_stays_open_and_still_hears_a_change(daphne_url: str,
                                                             game: Game) -> None:
    async def scenario() -> dict[str, Any]:
        async with _session(daphne_url) as http:
            await _join(http, game, "Red")
            async with http.ws_connect(f"/ws/games/{game.pk}/", origin=daphne_url) as ws:
                hello = await _next_message(ws, time.monotonic() + 10)
                assert hello is not None and hello["type"] == "hello"
                # silence for a while: whatever the server sends is fine, a close is not
                end = time.monotonic() + IDLE_SECONDS
                while time.monotonic() < end:
                    await _next_message(ws, end)
                assert not ws.closed
                await _in_thread(services.set_paused, game_id=game.pk, paused=True)
                end = time.monotonic() + 10
                while True:
                    message = await _next_message(ws, end)
                    assert message is not None, "no change heard after the silence"
                    if message["type"] == "changed":
                        return dict(message)

    changed = asyncio.run(scenario())
    game.refresh_from_db()
    assert changed["revision"] == game.revision


def test_a_burst_of_requests_stays_within_the_pool(daphne_url: str, game: Game) -> None:
    size = settings.DB_POOL_SIZE
    params = connection.get_connection_params()
    for key in ("cursor_factory", "context", "prepare_threshold"):
        params.pop(key, None)
    peak = 0
    done = threading.Event()

    def watch() -> None:
        nonlocal peak
        with psycopg.connect(**params, autocommit=True) as monitor:
            while not done.is_set():
                row = monitor.execute("SELECT count(*) FROM pg_stat_activity "
                                      "WHERE application_name = %s", (APP_NAME,)).fetchone()
                peak = max(peak, int(row[0]) if row else 0)
                time.sleep(0.005)

    async def burst() -> list[int]:
        async with _session(daphne_url) as http:
            await _join(http, game, "Red")
            statuses: list[int] = []
            for _ in range(3):
                async def fetch(path: str) -> int:
                    async with http.get(path) as response:
                        await response.read()
                        return response.status
                paths = [f"/games/{game.pk}/revision/", f"/play/{game.code}/"] * 30
                statuses += await asyncio.gather(*(fetch(p) for p in paths))
            return statuses

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        statuses = asyncio.run(burst())
    finally:
        done.set()
        watcher.join()
    print(f"{len(statuses)} requests, 60 at a time: daphne held at most {peak} connections "
          f"(pool of {size})")
    assert set(statuses) == {200}
    assert 0 < peak <= size, f"daphne opened {peak} connections for a pool of {size}"
