"""Two daphne processes serve one game, and one of them dies in the middle of a burst.

As in a school whose site runs two server processes behind a proxy: three teams, each with a
phone on either process (so two phones of a team may press at the same moment), and the
teacher's browser on one of them playing the bank should the game wait on it. Every phone
presses whenever the game waits on its team (the move chosen by the engine's bots, sent with
an idempotency key and the revision its screen showed), and now and then presses when it is
not its turn ("not your turn" is fine). Some acknowledged moves are sent a second time with the
same key through the other process, as a browser retries after a lost answer. Halfway through,
one process is killed with SIGKILL and started again on the same port; every move whose answer
was lost is sent again, with the same key, until it is answered.

Afterwards: every move answered ``ok`` is in the log exactly once, by its key, at the seq it was
answered with; a move sent again gets its first outcome; no key is in the log twice and no move
is in the log that nobody was told of; the stored state (newest snapshot + replay, as the site
rebuilds it) and every snapshot equal a replay of the exported log (from the game's first
snapshot; from the log's config alone, all but the generator: see the test); a websocket that
reconnects to the restarted process gets a screen of the final revision, and one that stayed
open on the other process gets there too.

Runs in the second pass of scripts/test.sh (PostgreSQL and Redis): both servers read the test
database (``transaction=True``, so they see what the test wrote) and share the test's Redis.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection, connections
from django.db.models import Count
from django.test import Client
from yarl import URL

from classroom import selectors, services, state_store
from classroom.models import Classroom, Game, GameAction
from playboss.rules import BANK, GameLog, apply, waiting_for
from playboss.rules.bots import BOTS
from playboss.rules.gamelog import parse_entry, replay
from playboss.rules.snapshot import state_from_dict, state_to_dict

from .conftest import make_game

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.timeout(120)]
ROOT = Path(__file__).resolve().parents[2]
TEAMS = ["Red", "Blue", "Green"]
MOVES = 120        # new moves answered ok in all (more than two snapshots' worth)
KILL_AFTER = 45    # ... of which this many before one process is killed
RESEND_EVERY = 9   # every so many acknowledged moves are sent again through the other process
RETRY_FOR = 40.0   # seconds a phone keeps resending a move whose answer was lost
DEADLINE = 70.0    # seconds the burst may take at most


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """One daphne process on a fixed port, which can be killed and started again there."""

    def __init__(self, name: str, env: dict[str, str]) -> None:
        self.name = name
        self.port = _free_port()
        self.env = env
        self.process: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
             "playboss.asgi:application"],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.5).close()
                return
            except OSError:
                assert self.process is not None
                if self.process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"daphne {self.name} did not start on port {self.port}")
                time.sleep(0.1)

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def servers(db: object) -> Iterator[list[Server]]:
    from playboss.celery import app as celery_app

    db_settings = connection.settings_dict  # the test database, not the configured one
    env = dict(os.environ)
    env.update(DATABASE_URL=(f"postgres://{db_settings['USER']}@"
                             f"{db_settings['HOST'] or '127.0.0.1'}:"
                             f"{db_settings['PORT'] or 5432}/{db_settings['NAME']}"),
               REDIS_URL=settings.REDIS_URL, MEDIA_ROOT=str(settings.MEDIA_ROOT))
    both = [Server("A", env), Server("B", env)]
    try:
        for server in both:
            server.start()
        for server in both:
            server.wait_ready()
        yield both
    finally:
        for server in both:
            server.stop()
        celery_app.control.purge()  # the bots' tasks each move queued (no worker here)


@dataclass
class Press:
    """One press of a button: a move, its key, and what became of it."""

    actor: str
    action: dict[str, Any]
    key: str
    server: str
    revision: int | None
    resend: bool = False  # sent again on purpose, with the key of a move answered ok
    answer: dict[str, Any] = field(default_factory=dict)
    status: int = 0  # the HTTP status of the answer (0: none yet)
    lost: int = 0  # answers lost (the connection broke or was refused), each time resent


@dataclass
class Phone:
    """A browser: a session on one server, for a team (or the teacher, for the bank)."""

    name: str
    actors: tuple[str, ...]
    server: Server
    http: aiohttp.ClientSession
    csrf: str = ""
    presses: list[Press] = field(default_factory=list)


def _session() -> aiohttp.ClientSession:
    # unsafe: keep the cookies a server on an IP address (127.0.0.1) sets
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                 timeout=aiohttp.ClientTimeout(total=20))


def _decide(game_id: int, actors: tuple[str, ...],
            seed: int) -> tuple[int, str, dict[str, Any]] | None:
    """What a screen showing the game now offers: the revision it shows, and the move of the
    first of ``actors`` the game waits on (chosen by a bot); None once the game stopped."""
    try:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.RUNNING:
            return None
        state = state_store.build_state(game)
        for actor in waiting_for(state):
            if actor in actors:
                return game.revision, actor, BOTS["greedy"](seed).choose(state, actor).to_dict()
        return game.revision, actors[0], {}
    finally:
        connections.close_all()


async def _send(phone: Phone, game_id: int, press: Press) -> None:
    """Send ``press`` until it is answered; after a lost answer (the connection broke, or the
    server is down) it goes again with the same key, to the same server."""
    body = {"actor": press.actor, "action": press.action, "key": press.key,
            "revision": press.revision}
    until = time.monotonic() + RETRY_FOR
    while True:
        try:
            async with phone.http.post(f"{phone.server.url}/games/{game_id}/move/", json=body,
                                       headers={"X-CSRFToken": phone.csrf}) as response:
                press.status = response.status
                press.answer = await response.json()
                return
        except (aiohttp.ClientError, TimeoutError):
            press.lost += 1
            if time.monotonic() > until:
                pytest.fail(f"no answer within {RETRY_FOR} s for {press}")
            await asyncio.sleep(0.2)


@dataclass
class Burst:
    """What the phones and the sockets saw."""

    game_id: int
    servers: list[Server]
    phones: list[Phone] = field(default_factory=list)
    acknowledged: int = 0
    done: bool = False
    in_flight: dict[str, int] = field(default_factory=lambda: {"A": 0, "B": 0})
    killed_with_in_flight: int = -1
    restarted_in: float = 0.0
    heard_on_b: list[int] = field(default_factory=list)  # revisions a socket on B heard of
    socket_b_revision: int = -1
    socket_b_synced: bool = False
    reconnected_revision: int = -1

    def phone(self, actors: tuple[str, ...], server: str) -> Phone | None:
        return next((p for p in self.phones if p.actors == actors and p.server.name == server),
                    None)


async def _press_whenever_waited_on(burst: Burst, phone: Phone) -> None:
    rng = random.Random(phone.name)
    while not burst.done:
        decision = await asyncio.to_thread(_decide, burst.game_id, phone.actors,
                                           rng.randrange(1 << 30))
        if decision is None:
            return  # the game is over (or paused): nothing more to press
        revision, actor, action = decision
        if not action:  # not this phone's turn: press now and then all the same
            if actor == BANK or rng.random() > 0.25:
                await asyncio.sleep(0.005 + rng.random() * 0.02)
                continue
            action = {"type": "roll", "actor": actor}
        press = Press(actor, action, uuid.uuid4().hex, phone.server.name, revision)
        phone.presses.append(press)
        burst.in_flight[phone.server.name] += 1
        try:
            await _send(phone, burst.game_id, press)
        finally:
            burst.in_flight[phone.server.name] -= 1
        if not press.answer.get("ok") or press.answer.get("duplicate"):
            continue
        burst.acknowledged += 1
        if burst.acknowledged >= MOVES:
            burst.done = True
        other = burst.phone(phone.actors, "B" if phone.server.name == "A" else "A")
        if other is not None and burst.acknowledged % RESEND_EVERY == 0:
            # as a browser whose answer got lost retries: the same key, through the other
            # process this time
            again = Press(actor, action, press.key, other.server.name, revision, resend=True)
            other.presses.append(again)
            await _send(other, burst.game_id, again)


async def _kill_and_restart(burst: Burst) -> None:
    server_a = burst.servers[0]
    while burst.acknowledged < KILL_AFTER and not burst.done:
        await asyncio.sleep(0.002)
    waited = time.monotonic()  # kill while a move is on its way to A, if one comes soon
    while burst.in_flight["A"] == 0 and time.monotonic() - waited < 2:
        await asyncio.sleep(0.001)
    burst.killed_with_in_flight = burst.in_flight["A"]
    server_a.kill()
    started = time.monotonic()
    await asyncio.sleep(0.5)
    server_a.start()
    await asyncio.to_thread(server_a.wait_ready)
    burst.restarted_in = time.monotonic() - started


async def _listen(burst: Burst, ws: aiohttp.ClientWebSocketResponse) -> None:
    """A socket on B that stays open: the revisions it hears of, and the screen it shows."""
    async for message in ws:
        if message.type != aiohttp.WSMsgType.TEXT:
            break
        data = message.json()
        if data["type"] == "changed":
            burst.heard_on_b.append(data["revision"])
        elif data["type"] == "screen":
            burst.socket_b_revision = max(burst.socket_b_revision, data["revision"])


async def _first_screen(ws: aiohttp.ClientWebSocketResponse, timeout: float) -> int:
    until = time.monotonic() + timeout
    while True:
        message = await ws.receive(timeout=max(0.1, until - time.monotonic()))
        assert message.type == aiohttp.WSMsgType.TEXT, (message.type, ws.close_code)
        data = message.json()
        if data["type"] == "screen":
            return int(data["revision"])


async def _ends(ws: aiohttp.ClientWebSocketResponse, timeout: float) -> bool:
    """Whether ``ws`` closes (after the messages it still holds) within ``timeout``."""
    until = time.monotonic() + timeout
    while not ws.closed and time.monotonic() < until:
        message = await ws.receive(timeout=max(0.1, until - time.monotonic()))
        if message.type != aiohttp.WSMsgType.TEXT:
            return True
    return ws.closed


def _final_revision(game_id: int) -> int:
    try:
        return Game.objects.get(pk=game_id).revision
    finally:
        connections.close_all()


async def _scenario(burst: Burst, game_code: str, tokens: dict[str, str],
                    teacher_session: str) -> None:
    server_a, server_b = burst.servers
    for team in TEAMS:
        for server in burst.servers:
            http = _session()
            async with http.get(f"{server.url}/join/{tokens[team]}/") as response:
                assert response.status == 200, await response.text()
                assert str(response.url).endswith(f"/play/{game_code}/")
            burst.phones.append(Phone(f"{team}@{server.name}", (team,), server, http))
    teacher = _session()  # the teacher's browser on B, acting as the bank
    teacher.cookie_jar.update_cookies({settings.SESSION_COOKIE_NAME: teacher_session},
                                      response_url=URL(server_b.url))
    async with teacher.get(f"{server_b.url}/games/{burst.game_id}/bank/") as response:
        assert response.status == 200
    burst.phones.append(Phone("teacher@B", (BANK,), server_b, teacher))
    for phone in burst.phones:
        phone.csrf = next(c.value for c in phone.http.cookie_jar
                          if c.key == settings.CSRF_COOKIE_NAME)
    red_a, red_b = burst.phone(("Red",), "A"), burst.phone(("Red",), "B")
    assert red_a is not None and red_b is not None
    ws_path = f"/ws/games/{burst.game_id}/"
    socket_a = await red_a.http.ws_connect(f"{server_a.url}{ws_path}", origin=server_a.url)
    socket_b = await red_b.http.ws_connect(f"{server_b.url}{ws_path}", origin=server_b.url)
    try:
        assert await _first_screen(socket_a, 10) >= 0
        assert await _first_screen(socket_b, 10) >= 0
        listener = asyncio.create_task(_listen(burst, socket_b))
        await asyncio.wait_for(asyncio.gather(
            _kill_and_restart(burst),
            *(_press_whenever_waited_on(burst, phone) for phone in burst.phones)),
            timeout=DEADLINE)
        assert await _ends(socket_a, 5), "the socket on the killed process stayed open"

        final = await asyncio.to_thread(_final_revision, burst.game_id)
        # A screen that reconnects to the restarted process is shown the final revision.
        async with red_a.http.ws_connect(f"{server_a.url}{ws_path}",
                                         origin=server_a.url) as again:
            burst.reconnected_revision = await _first_screen(again, 10)
        # The socket that stayed open on B gets there by itself: by the broadcasts, or (if
        # the last broadcast died with process A) by the check-in live.js sends every 20 s.
        until = time.monotonic() + 3
        while burst.socket_b_revision < final and time.monotonic() < until:
            await asyncio.sleep(0.05)
        if burst.socket_b_revision < final:
            burst.socket_b_synced = True
            await socket_b.send_json({"type": "sync", "revision": burst.socket_b_revision})
            until = time.monotonic() + 5
            while burst.socket_b_revision < final and time.monotonic() < until:
                await asyncio.sleep(0.05)
        listener.cancel()
        await asyncio.gather(listener, return_exceptions=True)
    finally:
        await socket_a.close()
        await socket_b.close()
        for phone in burst.phones:
            await phone.http.close()


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True))


def _replay(start: dict[str, Any], entries: list[dict[str, Any]]) -> Any:
    """The log's ``entries`` replayed on the state ``start`` (a snapshot's dict, left as it
    is: the state would share its lists)."""
    state = state_from_dict(_as_json(start))
    for entry in entries:
        action, chance = parse_entry(entry)
        apply(state, action, chance)
    return _as_json(state_to_dict(state))


def test_a_process_killed_in_a_burst_loses_and_doubles_no_move(
        servers: list[Server], classroom: Classroom, teacher: User) -> None:
    started = time.monotonic()
    game = make_game(classroom, teams=TEAMS, dice="engine", years=10)
    tokens = dict(game.teams.values_list("name", "token"))
    browser = Client()
    browser.force_login(teacher)
    teacher_session = browser.cookies[settings.SESSION_COOKIE_NAME].value

    burst = Burst(game.pk, servers)
    asyncio.run(_scenario(burst, game.code, tokens, teacher_session))
    game.refresh_from_db()

    presses = [press for phone in burst.phones for press in phone.presses]
    answered_ok = [p for p in presses if p.answer.get("ok")]
    refused = [p for p in presses if not p.answer.get("ok")]
    lost = [p for p in presses if p.lost]
    resent = [p for p in presses if p.resend]
    assert all(p.status == 200 for p in answered_ok)
    assert all(p.status in (400, 409) for p in refused), {p.status for p in refused}
    assert burst.acknowledged >= MOVES
    assert lost, "no answer was lost: the process was not killed in the middle of the burst"
    # A move sent again with its key through the other process gets the first outcome.
    assert resent and all(p.answer.get("ok") and p.answer.get("duplicate") for p in resent)
    assert any("turn" in str(p.answer.get("error")) for p in refused)  # not your turn

    # Every move answered ok is in the log once, by its key, at the seq it was answered with.
    rows = list(GameAction.objects.filter(game=game).order_by("seq"))
    doubled = (GameAction.objects.filter(game=game, idempotency_key__isnull=False)
               .values("idempotency_key").annotate(n=Count("id")).filter(n__gt=1))
    assert not doubled
    by_key = {row.idempotency_key: row for row in rows}
    for press in answered_ok:
        row = by_key.get(press.key)
        assert row is not None, f"answered ok but not in the log: {press}"
        assert not row.undone and row.seq == press.answer["seq"]
        assert row.actor == press.actor and row.action["type"] == press.action["type"]
    # ... and nothing is in the log that no one was told of.
    assert set(by_key) == {p.key for p in answered_ok}
    assert [row.seq for row in rows] == list(range(1, game.seq + 1))
    assert not any(row.undone for row in rows)

    # The stored state (newest snapshot + replay, as the site rebuilds it) and every snapshot
    # equal a replay of the exported log: from the game's first snapshot, and from the log's
    # config alone, generator included (issue 11, "imported games").
    log = GameLog.from_dict(selectors.export_log(game))
    assert len(log.entries) == game.seq
    start = game.snapshots.get(seq=0).state
    stored = _as_json(state_to_dict(state_store.build_state(game)))
    assert stored == _replay(start, log.entries)
    assert stored == _as_json(state_to_dict(replay(log)))
    snapshots = list(game.snapshots.filter(seq__gt=0).order_by("seq"))
    assert [s.seq for s in snapshots] == list(range(services.SNAPSHOT_EVERY, game.seq + 1,
                                                    services.SNAPSHOT_EVERY))
    for snapshot in snapshots:
        assert _as_json(snapshot.state) == _replay(start, log.entries[:snapshot.seq])

    # Every screen ends on the final revision.
    assert burst.reconnected_revision == game.revision
    assert burst.socket_b_revision == game.revision
    through_a = {p.answer["revision"] for p in answered_ok
                 if p.server == "A" and not p.answer.get("duplicate")}
    assert through_a & set(burst.heard_on_b), "B's socket heard of no move made through A"

    applied_before_loss = [p for p in lost if p.answer.get("duplicate")]
    print(f"\n{game.seq} moves, revision {game.revision}: {len(presses)} presses, "
          f"{len(answered_ok)} ok ({len(resent)} of them repeats on purpose), "
          f"{len(refused)} refused; A killed with {burst.killed_with_in_flight} "
          f"move(s) in flight and back in {burst.restarted_in:.1f} s; {len(lost)} answers lost "
          f"and resent ({len(applied_before_loss)} had been applied); B's socket "
          f"{'needed a check-in' if burst.socket_b_synced else 'followed by broadcasts'}; "
          f"{time.monotonic() - started:.1f} s")
