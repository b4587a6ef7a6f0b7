"""Paced bots survive a real restart on the embedded default (issue 12): a daphne on SQLite,
no Celery worker, no beat. The chain of a paced game lives in a timer thread of the process
that made the last change; killed with that process, it is restarted by the first screen that
connects afterwards (``classroom.pacing.on_connect``).

The game is made by ``manage.py shell`` (its chain dies when the shell exits, as in a
restart); a projector's websocket connects to a fresh daphne and the bots move; the daphne is
killed (SIGKILL) and started again, the projector connects again, and the bots move on, each
move at least the pace after the one before. Deadlines only, no timed assertion.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import aiohttp
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACE = 1
DEADLINE_SECONDS = 60
MAKE_GAME = """
from django.contrib.auth.models import User
from classroom import services
teacher = User.objects.create_user("pace", password="pace-secret-1")
room = services.create_classroom(teacher=teacher, name="Pace")
game = services.create_game(classroom=room, name="Paced", bot_pace=PACE,
    seats=[services.TeamSeat("Red", "greedy"), services.TeamSeat("Blue", "sensible")],
    settings_={"first_team": "Red", "seed": 4, "years": 2})
print(game.pk, game.projector_token)
""".replace("PACE", str(PACE))


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Site:
    """A daphne on a SQLite file, started and killed by the test."""

    def __init__(self, folder: Path) -> None:
        self.db = folder / "site.sqlite3"
        self.env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        self.env.update({"DATABASE_URL": f"sqlite:///{self.db}",
                         "DJANGO_SETTINGS_MODULE": "playboss.settings", "DEBUG": "1"})
        self.port = _port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: subprocess.Popen[bytes] | None = None

    def manage(self, *args: str) -> str:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env,
                              check=True, capture_output=True, text=True)
        return done.stdout

    def start(self) -> None:
        self.server = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
             "playboss.asgi:application"], cwd=ROOT, env=self.env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def kill(self) -> None:
        assert self.server is not None
        self.server.send_signal(signal.SIGKILL)
        self.server.wait(timeout=10)

    def moves(self) -> list[datetime]:
        with sqlite3.connect(self.db) as conn:
            rows = conn.execute("select created from classroom_gameaction order by seq")
            return [datetime.fromisoformat(str(created)) for (created,) in rows]


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    running = Site(tmp_path)
    running.manage("migrate", "--noinput", "-v", "0")
    yield running
    if running.server is not None and running.server.poll() is None:
        running.server.terminate()
        running.server.wait(timeout=10)


async def _watch_until(site: Site, game: str, token: str, moves: int) -> None:
    """Open the projector (its page, then its websocket) until the game has ``moves``."""
    jar = aiohttp.CookieJar(unsafe=True)  # keep the session cookie of an IP address
    async with aiohttp.ClientSession(cookie_jar=jar) as http:
        async with http.get(f"{site.url}/games/{game}/projector/{token}/") as page:
            assert page.status == 200
        socket_url = site.url.replace("http", "ws") + f"/ws/games/{game}/"
        async with http.ws_connect(socket_url, headers={"Origin": site.url}):
            deadline = time.monotonic() + DEADLINE_SECONDS
            while len(site.moves()) < moves:
                if time.monotonic() > deadline:
                    pytest.fail(f"not {moves} moves within {DEADLINE_SECONDS} s")
                await asyncio.sleep(0.2)


def test_paced_bots_move_again_after_the_server_is_killed_and_restarted(site: Site) -> None:
    game, token = site.manage("shell", "-c", MAKE_GAME).split()[-2:]
    assert site.moves() == []  # the chain's first step died with the shell
    site.start()
    asyncio.run(_watch_until(site, game, token, 3))
    site.kill()
    stopped = len(site.moves())
    site.start()
    asyncio.run(_watch_until(site, game, token, stopped + 3))
    created = site.moves()
    gaps = [b - a for a, b in zip(created, created[1:], strict=False)]
    assert all(gap >= timedelta(seconds=PACE) for gap in gaps), gaps
