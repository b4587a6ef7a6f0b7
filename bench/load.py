"""Live screens under load (issue 9): N games of 10 screens each against real servers.

Each game has 8 team screens, the bank console (the teacher) and the projector. Every screen
is what a browser running ``classroom/static/classroom/live.js`` does: it gets its seat (a team
through the join form with code and PIN; the teacher signs in once, each bank console a tab of
that session; the projector through its secret link), opens its page, keeps a websocket to
``/ws/games/<id>/`` and makes the HTTP requests the script makes (not the static files: a
browser caches them). A page that fails to open is loaded again (5 tries). One driver per
game plays a legal move about ``--pace`` times a second as whoever the game waits on, reading
the forms of that player's screen like a student would.

    python bench/load.py --stack embedded --games 3 --seconds 20
    python bench/load.py --stack services --games 10            # 60 s of load
    python bench/load.py --stack services --games 10 --profile 20   # py-spy on a daphne

Stacks:

* ``embedded``: one daphne, a fresh SQLite file, the in-memory channel layer, Celery eager;
* ``services``: two daphne processes (screens round-robin over them), PostgreSQL database
  ``playboss_bench`` (dropped and created fresh, then migrated), Redis db 14 (flushed), one
  Celery worker (``--pool=solo``).

The servers run with ``DEBUG=0`` (a deployment's setting; ``--debug`` for the default one)
and daphne's defaults (its access log goes to the log folder). Their logs stay in a temporary
folder printed at the end; the run reports the tracebacks found there.

Protocols of the live layer (``--protocol auto`` finds out on a probe screen):

* v1: the socket says ``hello`` / ``changed`` (revision, seq, ticker); the screen then GETs its
  panel (``/games/<id>/panel/?as=<actor>&ledger_page=1``), whose status bar carries
  ``data-revision``. A change that arrives while a fetch is in flight joins that fetch, as in
  live.js.
* v2: the socket (``?as=<actor>&page=1``) says ``hello``, then sends ``screen`` messages
  (regions of HTML, an optional layout that resets them, the actors the game waits on);
  ``changed`` before each ``screen``. The screen sends ``sync`` every 20 s; a move carries the
  shown revision and is retried with the same key after a 5xx; with the socket closed the
  screen polls and fetches its panel (revision in ``X-Playboss-Revision``), as the new live.js.

Per move, from its HTTP response: *notified* until every screen of the game received a
``changed`` (or ``hello``, or a ``screen``) of that revision or later, *shown* until every
screen has its state (v1: a panel with that revision or later fetched; v2: a ``screen``
message). Also errors (5xx,
refused websocket handshakes, failed fetches, dropped sockets), refused moves (4xx), the
screens still behind the game's revision 8 s after the load stops, moves/s, CPU and RSS of
every server process, of PostgreSQL and Redis and of this client, and the load average.

Progress goes to stderr; the figures of the run are ONE JSON line, the last on stdout.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
TEAM_NAMES = ["Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Cyan", "Pink"]
TEACHER = "bench-teacher"
PASSWORD = "bench-playboss-load"
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
PG_BENCH = "postgres://postgres@127.0.0.1:5432/playboss_bench"
REDIS_BENCH = "redis://127.0.0.1:6379/14"
SETTLE_SECONDS = 8.0
#: Moves a driver avoids while it has another choice: they cost money a team may not have
#: (or end the game, or change the books by hand).
COSTLY = {"invest", "take_credit", "buy_web", "buy_computer", "web_lease_computer",
          "web_advertising"}
#: Moves a driver never makes: the bank calling time (the game ends), corrections, deals.
NEVER = {"call_time", "correction", "propose_deal"}

REVISION_RE = re.compile(r'data-revision="(-?\d+)"')
DEADLINE_RE = re.compile(r'data-deadline="([^"]+)"')
FORM_RE = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S)
ATTR_RE = re.compile(r"""([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?""")
SELECT_RE = re.compile(r"<select\b([^>]*)>(.*?)</select>", re.S)
OPTION_RE = re.compile(r"<option\b([^>]*)>([^<]*)", re.S)
INPUT_RE = re.compile(r"<input\b([^>]*)>", re.S)
CSRF_INPUT_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
INT_RE = re.compile(r"^-?\d+$")


def log(*parts: Any) -> None:
    print(*parts, file=sys.stderr, flush=True)


# ====================================================================== set-up (server side)
def setup_games(games: int, seed: int) -> None:
    """Run with the servers' environment (``load.py _setup``): the teacher, a class and the
    games, created through the services; prints them as JSON."""
    sys.path.insert(0, os.getcwd())  # the tree being served
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playboss.settings")
    import django

    django.setup()
    from django.contrib.auth.models import User

    from classroom import services

    teacher = User.objects.create_user(TEACHER, password=PASSWORD)
    classroom = services.create_classroom(teacher=teacher, name="Load bench")
    out = []
    for index in range(games):
        game = services.create_game(
            classroom=classroom, name=f"Load {index + 1}",
            seats=[services.TeamSeat(name) for name in TEAM_NAMES],
            settings_={"years": 10, "seed": seed * 1000 + index})
        out.append({"id": game.pk, "code": game.code, "projector": game.projector_token,
                    "teams": [{"name": t.name, "pin": t.pin}
                              for t in game.teams.order_by("seat")]})
    print(json.dumps(out))


# ====================================================================== processes
@dataclass
class Proc:
    name: str
    popen: subprocess.Popen[bytes]
    log_path: Path
    port: int | None = None


class Stack:
    """The servers of a run, started and stopped by this script only (by pid)."""

    def __init__(self, kind: str, games: int, seed: int, debug: bool, ref: str) -> None:
        self.kind = kind
        self.games = games
        self.seed = seed
        self.tmp = Path(tempfile.mkdtemp(prefix=f"playboss-load-{kind}-"))
        self.procs: list[Proc] = []
        self.tree = REPO
        if ref:  # serve a commit as it is, not the working tree (others may be mid-change)
            self.tree = self.tmp / "tree"
            self.tree.mkdir()
            archive = subprocess.run(["git", "archive", ref], cwd=REPO, capture_output=True,
                                     check=True).stdout
            subprocess.run(["tar", "-x", "-C", str(self.tree)], input=archive, check=True)
        self.env = dict(os.environ)
        for name in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"):
            self.env.pop(name, None)
        self.env.update({"PYTHONPATH": str(self.tree),  # before the editable install's finder
                         "DEBUG": "1" if debug else "0", "SECRET_KEY": "bench-load-" + "x" * 40,
                         "ALLOWED_HOSTS": "127.0.0.1,localhost", "PYTHONUNBUFFERED": "1",
                         "MEDIA_ROOT": str(self.tmp / "media")})
        if kind == "services":
            self.env["DATABASE_URL"] = PG_BENCH
            self.env["REDIS_URL"] = REDIS_BENCH
        else:
            self.env["DATABASE_URL"] = f"sqlite:///{self.tmp / 'bench.sqlite3'}"
        bindir = Path(sys.executable).parent
        self.daphne = str(bindir / "daphne") if (bindir / "daphne").exists() else "daphne"
        self.celery = str(bindir / "celery") if (bindir / "celery").exists() else "celery"

    # ------------------------------------------------------------------ database
    def prepare(self) -> list[dict[str, Any]]:
        if self.kind == "services":
            import psycopg
            import redis

            with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
                conn.execute("DROP DATABASE IF EXISTS playboss_bench WITH (FORCE)")
                conn.execute("CREATE DATABASE playboss_bench")
            redis.Redis.from_url(REDIS_BENCH).flushdb()
            log("database playboss_bench created fresh; redis db 14 flushed")
        self._run([sys.executable, "manage.py", "migrate", "--noinput"], "migrate")
        out = self._run([sys.executable, str(Path(__file__).resolve()), "_setup",
                         "--games", str(self.games), "--seed", str(self.seed)], "setup")
        games: list[dict[str, Any]] = json.loads(out.strip().splitlines()[-1])
        return games

    def _run(self, cmd: list[str], name: str) -> str:
        started = time.monotonic()
        done = subprocess.run(cmd, cwd=self.tree, env=self.env, capture_output=True, text=True,
                              timeout=600)
        (self.tmp / f"{name}.log").write_text(done.stdout + done.stderr)
        if done.returncode != 0:
            raise RuntimeError(f"{name} failed ({done.returncode}):\n{done.stderr[-3000:]}")
        log(f"{name}: {time.monotonic() - started:.1f} s")
        return done.stdout

    # ------------------------------------------------------------------ servers
    def start(self) -> None:
        daphnes = 2 if self.kind == "services" else 1
        for index in range(daphnes):
            port = free_port()
            self._spawn(f"daphne{index + 1}", [self.daphne, "-b", "127.0.0.1", "-p", str(port),
                                               "playboss.asgi:application"], port)
        if self.kind == "services":
            self._spawn("celery", [self.celery, "-A", "playboss", "worker", "--pool=solo",
                                   "--loglevel=INFO"])

    def _spawn(self, name: str, cmd: list[str], port: int | None = None) -> None:
        path = self.tmp / f"{name}.log"
        handle = open(path, "wb")  # noqa: SIM115 - lives as long as the process
        popen = subprocess.Popen(cmd, cwd=self.tree, env=self.env, stdout=handle,
                                 stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                 start_new_session=True)
        handle.close()
        self.procs.append(Proc(name, popen, path, port))
        log(f"started {name} (pid {popen.pid}{f', port {port}' if port else ''})")

    @property
    def ports(self) -> list[int]:
        return [p.port for p in self.procs if p.port]

    def wait_ready(self, timeout: float = 60.0) -> None:
        import urllib.request

        deadline = time.monotonic() + timeout
        for proc in self.procs:
            if proc.port is None:
                continue
            while True:
                if proc.popen.poll() is not None:
                    raise RuntimeError(f"{proc.name} exited:\n{proc.log_path.read_text()[-3000:]}")
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{proc.port}/join/",
                                                timeout=5) as answer:
                        if answer.status == 200:
                            break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{proc.name} did not answer in {timeout:.0f} s")
                time.sleep(0.3)
        celery = [p for p in self.procs if p.name == "celery"]
        while celery and b"ready." not in celery[0].log_path.read_bytes():
            if celery[0].popen.poll() is not None:
                raise RuntimeError(f"celery exited:\n{celery[0].log_path.read_text()[-3000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError("the Celery worker did not get ready")
            time.sleep(0.3)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.popen.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    proc.popen.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 15
        for proc in self.procs:
            try:
                proc.popen.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    proc.popen.kill()
                proc.popen.wait(5)
        if self.kind == "services":
            with contextlib.suppress(Exception):
                import psycopg

                with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
                    conn.execute("DROP DATABASE IF EXISTS playboss_bench WITH (FORCE)")

    def log_problems(self) -> dict[str, Any]:
        """Tracebacks, errors and 5xx answers in the servers' logs."""
        found: dict[str, Any] = {}
        for proc in self.procs:
            text = proc.log_path.read_text(errors="replace")
            lines = text.splitlines()
            tracebacks = [i for i, line in enumerate(lines) if line.startswith("Traceback")]
            errors = [line for line in lines
                      if re.search(r"\b(ERROR|CRITICAL)\b|Internal Server Error", line)]
            status_5xx = [line for line in lines if re.search(r'" 5\d\d ', line)]
            last_errors = []
            for i in tracebacks[-3:]:
                tail = lines[i:i + 60]
                end = next((j for j, line in enumerate(tail[1:], 1)
                            if line and not line.startswith(" ")), len(tail) - 1)
                last_errors.append("\n".join(tail[:end + 1]))
            found[proc.name] = {"tracebacks": len(tracebacks), "error_lines": len(errors),
                                "http_5xx_lines": len(status_5xx),
                                "first_error_lines": errors[:5], "last_tracebacks": last_errors}
        return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# ====================================================================== the screens
@dataclass
class Stats:
    errors: Counter[str] = field(default_factory=Counter)
    refusals: Counter[str] = field(default_factory=Counter)
    post_ms: list[float] = field(default_factory=list)
    fetch_ms: list[float] = field(default_factory=list)
    fetches: int = 0
    ws_messages: int = 0
    ws_bytes: int = 0
    ticks_posted: int = 0
    syncs_sent: int = 0


class History:
    """When a screen first had a revision of at least R: running maxima, in time order."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.revisions: list[int] = []

    def add(self, when: float, revision: int) -> None:
        if not self.revisions or revision > self.revisions[-1]:
            self.times.append(when)
            self.revisions.append(revision)

    @property
    def last(self) -> int:
        return self.revisions[-1] if self.revisions else -1

    def first_at_least(self, revision: int) -> float | None:
        import bisect

        index = bisect.bisect_left(self.revisions, revision)
        return self.times[index] if index < len(self.revisions) else None


@dataclass
class Move:
    sent: float
    answered: float
    seq: int
    revision: int | None


class Game:
    def __init__(self, data: dict[str, Any], index: int, seed: int) -> None:
        self.id: int = data["id"]
        self.code: str = data["code"]
        self.projector: str = data["projector"]
        self.teams: list[dict[str, str]] = data["teams"]
        self.index = index
        self.rng = random.Random(seed * 7919 + index)
        self.screens: list[Screen] = []
        self.by_actor: dict[str, Screen] = {}
        self.seq_revision: dict[int, int] = {}
        self.latest = -1  # the highest revision any screen of the game was told of
        self.moves: list[Move] = []
        self.updated = asyncio.Event()
        self.in_flight = False
        self.ticks = self.skipped_busy = self.skipped_nothing = self.acted_on_stale = 0
        self.reported_stuck = -1

    def told(self, revision: int) -> None:
        if revision > self.latest:
            self.latest = revision
            self.updated.set()

    def move_revision(self, move: Move) -> int | None:
        return move.revision if move.revision is not None else self.seq_revision.get(move.seq)


class Screen:
    def __init__(self, game: Game, kind: str, actor: str, base: str, protocol: str,
                 stats: Stats, pin: str = "") -> None:
        import aiohttp

        self.game = game
        self.kind = kind  # team, bank, projector
        self.actor = actor
        self.base = base
        self.pin = pin
        self.protocol = protocol
        self.stats = stats
        self.session = aiohttp.ClientSession(
            cookie_jar=aiohttp.CookieJar(unsafe=True),  # cookies for 127.0.0.1
            timeout=aiohttp.ClientTimeout(total=30),
            connector=aiohttp.TCPConnector(limit=4))
        self.notified = History()
        self.shown = History()
        self.html = ""
        self.regions: dict[str, str] = {}
        self.waiting: list[str] = []
        self.refreshing: asyncio.Future[None] | None = None
        self.fetch_again = False
        self.tick_sent = False
        self.tick_timer: asyncio.TimerHandle | None = None
        self.ws: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.closing = False
        self.connected = asyncio.Event()

    # ------------------------------------------------------------------ pages
    @property
    def page_url(self) -> str:
        if self.kind == "bank":
            return f"{self.base}/games/{self.game.id}/bank/"
        if self.kind == "projector":
            return f"{self.base}/games/{self.game.id}/projector/{self.game.projector}/"
        return f"{self.base}/play/{self.game.code}/"

    def csrf(self) -> str:
        for cookie in self.session.cookie_jar:
            if cookie.key == "csrftoken":
                return cookie.value
        return ""

    def _count_status(self, status: int, what: str) -> None:
        if status >= 500:
            self.stats.errors[f"http_{status}"] += 1
        elif status >= 400:
            self.stats.errors[f"{what}_{status}"] += 1

    async def get(self, url: str, what: str) -> str | None:
        try:
            async with self.session.get(url) as answer:
                text = await answer.text()
                self._count_status(answer.status, what)
                return text if answer.status < 400 else None
        except Exception as exc:  # noqa: BLE001 - every failure is counted
            self.stats.errors[f"{what}_failed:{type(exc).__name__}"] += 1
            return None

    async def post_form(self, url: str, data: dict[str, str], what: str) -> str | None:
        try:
            async with self.session.post(url, data=data, headers={
                    "Origin": self.base, "Referer": url}) as answer:
                text = await answer.text()
                self._count_status(answer.status, what)
                return text if answer.status < 400 else None
        except Exception as exc:  # noqa: BLE001
            self.stats.errors[f"{what}_failed:{type(exc).__name__}"] += 1
            return None

    async def join(self, teacher_cookies: dict[str, str] | None) -> bool:
        """Get a seat (join as a team, sign in, open the projector link) and open the page."""
        if self.kind == "team":
            page = await self.get(f"{self.base}/join/?code={self.game.code}", "join")
            if page is None:
                return False
            token = CSRF_INPUT_RE.search(page)
            return await self.post_form(f"{self.base}/join/", {
                "csrfmiddlewaretoken": token.group(1) if token else self.csrf(),
                "code": self.game.code, "pin": self.pin}, "join") is not None
        if self.kind == "bank":
            import yarl

            assert teacher_cookies is not None
            self.session.cookie_jar.update_cookies(teacher_cookies, yarl.URL(self.base))
        return await self.get(self.page_url, "page") is not None

    async def login(self) -> dict[str, str]:
        page = await self.get(f"{self.base}/accounts/login/", "login")
        token = CSRF_INPUT_RE.search(page or "")
        await self.post_form(f"{self.base}/accounts/login/", {
            "csrfmiddlewaretoken": token.group(1) if token else self.csrf(),
            "username": TEACHER, "password": PASSWORD, "next": "/dashboard/"}, "login")
        cookies = {c.key: c.value for c in self.session.cookie_jar}
        if "sessionid" not in cookies:
            raise RuntimeError("the teacher's sign-in failed")
        return cookies

    # ------------------------------------------------------------------ the panel over HTTP
    def refresh(self) -> asyncio.Future[None]:
        """v1 live.js refresh(): a change while a fetch is in flight joins that fetch. v2
        fetchPanel(): a change during a fetch fetches once more afterwards."""
        if self.refreshing is not None:
            self.fetch_again = True
            return self.refreshing
        future = asyncio.ensure_future(self._fetch_panels())
        self.refreshing = future

        def done(_: Any) -> None:
            self.refreshing = None

        future.add_done_callback(done)
        return future

    async def _fetch_panels(self) -> None:
        self.fetch_again = True
        while self.fetch_again and not self.closing:
            self.fetch_again = False
            await self._fetch_panel()
            if self.protocol == "v1":
                break

    async def _fetch_panel(self) -> None:
        url = f"{self.base}/games/{self.game.id}/panel/?as={self.actor}&ledger_page=1"
        started = time.monotonic()
        try:
            async with self.session.get(url) as answer:
                text = await answer.text()
                status = answer.status
        except Exception as exc:  # noqa: BLE001
            self.stats.errors[f"panel_failed:{type(exc).__name__}"] += 1
            return
        now = time.monotonic()
        self.stats.fetches += 1
        self.stats.fetch_ms.append((now - started) * 1000)
        if status != 200:
            self._count_status(status, "panel")
            return
        header = answer.headers.get("X-Playboss-Revision")  # v2
        found = REVISION_RE.search(text)
        if header is None and found is None:
            self.stats.errors["panel_without_revision"] += 1
            return
        revision = int(header) if header is not None else int(found.group(1)) if found else -1
        if revision < self.shown.last and self.protocol != "v1":  # v1 swaps in what it got
            return
        self.html = text
        self.shown.add(now, revision)
        self.tick_sent = False
        self._watch_deadline(text)
        self.game.updated.set()

    def _watch_deadline(self, text: str) -> None:
        """live.js's countdown: once the round's deadline has passed, ask the bank to close."""
        found = DEADLINE_RE.search(text)
        if found is None or self.tick_timer is not None:
            return
        from datetime import datetime

        try:
            left = datetime.fromisoformat(found.group(1)).timestamp() - time.time()
        except ValueError:
            return
        loop = asyncio.get_running_loop()
        # the script checks once a second
        self.tick_timer = loop.call_later(max(0.0, left) + random.random(),
                                          lambda: asyncio.ensure_future(self._tick()))

    async def _tick(self) -> None:
        self.tick_timer = None
        if self.tick_sent or self.closing or DEADLINE_RE.search(self.html) is None:
            return
        self.tick_sent = True
        self.stats.ticks_posted += 1
        try:
            async with self.session.post(
                    f"{self.base}/games/{self.game.id}/tick/",
                    headers={"X-CSRFToken": self.csrf(), "Origin": self.base}) as answer:
                await answer.read()
                self._count_status(answer.status, "tick")
        except Exception as exc:  # noqa: BLE001
            self.stats.errors[f"tick_failed:{type(exc).__name__}"] += 1
        if self.protocol == "v1":
            await self.refresh()

    # ------------------------------------------------------------------ the socket
    @property
    def ws_url(self) -> str:
        url = f"ws{self.base[4:]}/ws/games/{self.game.id}/"
        if self.protocol == "v2":  # the screen says whom it shows (and the page of the books)
            url += f"?as={self.actor}&page=1"
        return url

    async def live(self) -> None:
        """The page's script: a first refresh (v1), the socket, polling and reconnecting when
        the socket closes (v1: poll every 2 s, reconnect after 5 s; v2: poll every 3 s,
        reconnect with back-off from 1 s, check in with ``sync`` every 20 s)."""
        loop = asyncio.get_running_loop()
        if self.protocol == "v1":
            self.refresh()
        else:  # no screen over the socket after 4 s: the panel over HTTP
            loop.call_later(4.0, lambda: self.shown.last < 0 and not self.closing
                            and self.refresh())
        reconnects = 0
        while not self.closing:
            poller = syncer = None
            try:
                self.ws = await self.session.ws_connect(
                    self.ws_url, headers={"Origin": self.base}, max_msg_size=64 * 2**20,
                    autoping=True)
            except Exception as exc:  # noqa: BLE001 - a refused handshake or a failed connect
                if self.closing:
                    return
                self.stats.errors[f"ws_refused:{type(exc).__name__}:"
                                  f"{getattr(exc, 'status', '')}"] += 1
                poller = asyncio.ensure_future(self._poll())
                await asyncio.sleep(self._reconnect_delay(reconnects))
                reconnects += 1
                poller.cancel()
                continue
            self.connected.set()
            reconnects = 0
            if self.protocol == "v2":
                syncer = asyncio.ensure_future(self._check_in())
            try:
                async for message in self.ws:
                    if message.type.name != "TEXT":
                        continue
                    self.stats.ws_messages += 1
                    self.stats.ws_bytes += len(message.data)
                    self.on_message(json.loads(message.data))
            except Exception as exc:  # noqa: BLE001
                self.stats.errors[f"ws_failed:{type(exc).__name__}"] += 1
            if syncer is not None:
                syncer.cancel()
            if self.closing:
                return
            self.stats.errors[f"ws_closed:{self.ws.close_code}"] += 1
            if self.protocol == "v2":
                self.refresh()  # the panel over HTTP while the socket is down
            poller = asyncio.ensure_future(self._poll())
            await asyncio.sleep(self._reconnect_delay(reconnects))
            reconnects += 1
            poller.cancel()

    def _reconnect_delay(self, reconnects: int) -> float:
        if self.protocol == "v1":
            return 5.0
        return float(min(30.0, 2.0 ** reconnects) * (0.5 + random.random()))

    async def _check_in(self) -> None:
        """v2: ``sync`` with the shown revision every 20 s while the socket is open."""
        while not self.closing and self.ws is not None and not self.ws.closed:
            await asyncio.sleep(20)
            with contextlib.suppress(Exception):
                await self.ws.send_json({"type": "sync", "revision": self.shown.last})
                self.stats.syncs_sent += 1

    async def _poll(self) -> None:
        """live.js's fallback while the socket is down: the revision every 2 s (v1) or about
        3 s (v2), and the panel when it moved."""
        while not self.closing:
            await asyncio.sleep(2.0 if self.protocol == "v1"
                                else 3.0 * (0.8 + 0.4 * random.random()))
            text = await self.get(f"{self.base}/games/{self.game.id}/revision/", "revision")
            if text is None:
                continue
            with contextlib.suppress(ValueError, KeyError):
                if json.loads(text)["revision"] != self.shown.last:
                    self.refresh()

    def on_message(self, msg: dict[str, Any]) -> None:
        now = time.monotonic()
        kind = msg.get("type")
        if kind in ("hello", "changed"):
            revision = int(msg.get("revision", -1))
            self.notified.add(now, revision)
            if kind == "changed" and "seq" in msg:
                self.game.seq_revision.setdefault(int(msg["seq"]), revision)
            self.game.told(revision)
            if self.protocol == "v1" and revision != self.shown.last:
                self.refresh()
        elif kind == "screen":
            revision = int(msg.get("revision", -1))
            if msg.get("layout") is not None:
                self.regions = {}
            self.regions.update(msg.get("regions") or {})
            self.html = "".join(self.regions.values())
            if "waiting" in msg:
                self.waiting = list(msg.get("waiting") or [])
            self.notified.add(now, revision)  # a screen is also news of its revision
            self.shown.add(now, revision)
            self.game.told(revision)
            self.game.updated.set()
        elif kind == "error":
            self.stats.errors[f"ws_error_message:{str(msg.get('error'))[:40]}"] += 1

    async def close(self) -> None:
        self.closing = True
        if self.tick_timer is not None:
            self.tick_timer.cancel()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 2)
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader
        await self.session.close()

    # ------------------------------------------------------------------ what the screen shows
    def forms(self) -> list[tuple[bool, str, dict[str, Any]]]:
        """(any time?, type, action) for every move form of the screen, each parameter at the
        value the browser would send untouched (the selected or first option, the input's
        value)."""
        found = []
        for attributes, body in FORM_RE.findall(self.html):
            attrs = parse_attributes(attributes)
            classes = attrs.get("class", "").split()
            kind = attrs.get("data-type", "")
            if "move" not in classes or not kind or kind in NEVER:
                continue
            try:
                action: dict[str, Any] = {"type": kind, **json.loads(attrs.get("data-fixed")
                                                                     or "{}")}
            except ValueError:
                continue
            for select_attributes, options in SELECT_RE.findall(body):
                name = parse_attributes(select_attributes).get("name")
                choices = [(parse_attributes(o), text) for o, text in OPTION_RE.findall(options)]
                if not name or not choices:
                    continue
                chosen = next((c for c in choices if "selected" in c[0]), choices[0])
                action[name] = number_or_text(chosen[0].get("value", chosen[1].strip()))
            for input_attributes in INPUT_RE.findall(body):
                tag = parse_attributes(input_attributes)
                if tag.get("name") and tag.get("type", "text") not in ("submit", "button"):
                    action[tag["name"]] = number_or_text(tag.get("value", ""))
            found.append(("any-time" in classes, kind, action))
        return found

    def my_move(self) -> bool:
        if self.protocol == "v2":
            return self.actor in self.waiting
        if self.kind == "team" and "Your move!" in self.html[:4000]:
            return True
        return any(not any_time for any_time, _, _ in self.forms())


def status_text(page: str) -> str:
    """The status bar of a screen, as text (for the log)."""
    found = re.search(r'class="statusbar.*?</div>', page, re.S)
    text = re.sub(r"<[^>]+>", " ", found.group(0) if found else page[:600])
    return re.sub(r"\s+", " ", html.unescape(text)).strip()[:300]


def parse_attributes(text: str) -> dict[str, str]:
    """An HTML tag's attributes (either quotes, or none), unescaped."""
    return {m.group(1).lower(): html.unescape(m.group(2) if m.group(2) is not None else
                                              m.group(3) if m.group(3) is not None else
                                              m.group(4) or "")
            for m in ATTR_RE.finditer(text)}


def number_or_text(value: str) -> Any:
    return int(value) if INT_RE.match(value) else value


# ====================================================================== the drivers
class Driver:
    def __init__(self, game: Game, stats: Stats, pace: float, protocol: str) -> None:
        self.game = game
        self.stats = stats
        self.interval = 1.0 / pace
        self.protocol = protocol
        self.tasks: set[asyncio.Task[None]] = set()

    async def run(self, start: float, end: float) -> None:
        game = self.game
        next_at = start + game.rng.random() * self.interval  # games out of step
        while next_at < end:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            tick_end = next_at + self.interval
            next_at += self.interval  # a slow move never shifts the schedule
            game.ticks += 1
            if game.in_flight:
                game.skipped_busy += 1
                continue
            choice = await self.pick(min(tick_end, end) - 0.02)
            if choice is None:
                game.skipped_nothing += 1
                if game.latest != game.reported_stuck:  # once per revision
                    game.reported_stuck = game.latest
                    bank = game.by_actor.get("bank")
                    log(f"game {game.id}: no move found at revision {game.latest}: "
                        f"{status_text(bank.html) if bank else '(no bank screen)'}")
                continue
            screen, actor, action = choice
            game.in_flight = True
            task = asyncio.ensure_future(self.send(screen, actor, action))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    def _movers(self, fresh_only: bool) -> list[Screen]:
        game = self.game
        screens = [s for s in game.screens if s.kind in ("team", "bank")]
        if self.protocol == "v2":
            if not screens:
                return []
            told = max(screens, key=lambda s: s.shown.last)
            if fresh_only and told.shown.last < game.latest:
                return []
            waiting = told.waiting
            movers = [game.by_actor[a] for a in waiting if a in game.by_actor]
        else:
            movers = [s for s in screens if s.my_move()]
        if fresh_only:
            movers = [s for s in movers if s.shown.last >= game.latest]
        return movers

    async def pick(self, until: float) -> tuple[Screen, str, dict[str, Any]] | None:
        game = self.game
        movers: list[Screen] = []
        while True:
            game.updated.clear()
            movers = self._movers(fresh_only=True)
            if movers:
                break
            left = until - time.monotonic()
            if left <= 0:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(game.updated.wait(), left)
        if not movers:  # a student acts on what the screen shows, up to date or not
            stale = self._movers(fresh_only=False)
            if not stale:
                return None
            best = max(s.shown.last for s in stale)
            movers = [s for s in stale if s.shown.last == best]
            game.acted_on_stale += 1
        screen = game.rng.choice(movers)
        forms = screen.forms()
        turn = [f for f in forms if not f[0]]
        if not turn and screen.kind == "team":  # a payment to raise money for
            turn = [f for f in forms if f[1] in ("take_credit", "sell_back", "repay_private")] \
                or [f for f in forms if f[1] not in COSTLY]
        if not turn:
            return None
        cheap = [f for f in turn if f[1] not in COSTLY] or turn
        _, _, action = game.rng.choice(cheap)
        return screen, screen.actor, action

    async def send(self, screen: Screen, actor: str, action: dict[str, Any]) -> None:
        """live.js send(): POST the move; v1 then refreshes the screen; v2 sends the shown
        revision and retries a 5xx or a lost answer up to 3 times with the same key."""
        game = self.game
        body: dict[str, Any] = {"actor": actor, "action": action, "key": str(uuid.uuid4())}
        if self.protocol == "v2":
            body["revision"] = screen.shown.last
        tries = 4 if self.protocol == "v2" else 1
        try:
            for attempt in range(tries):
                if attempt:
                    await asyncio.sleep(0.4 * 2 ** (attempt - 1) + random.random() * 0.3)
                if await self._post(screen, action, body):
                    break
        finally:
            game.in_flight = False
        if self.protocol == "v1":
            await screen.refresh()

    async def _post(self, screen: Screen, action: dict[str, Any], body: dict[str, Any]) -> bool:
        """One POST of a move; False when it is worth retrying (5xx, no answer)."""
        game = self.game
        sent = time.monotonic()
        try:
            async with screen.session.post(
                    f"{screen.base}/games/{game.id}/move/", json=body,
                    headers={"X-CSRFToken": screen.csrf(), "Origin": screen.base}) as answer:
                status = answer.status
                text = await answer.text()
        except Exception as exc:  # noqa: BLE001
            self.stats.errors[f"move_failed:{type(exc).__name__}"] += 1
            return False
        answered = time.monotonic()
        self.stats.post_ms.append((answered - sent) * 1000)
        try:
            reply = json.loads(text)
        except ValueError:
            reply = {}
        if status >= 500:
            self.stats.errors[f"http_{status}"] += 1
            return False
        if reply.get("ok"):
            revision = reply.get("revision")
            game.moves.append(Move(sent, answered, int(reply.get("seq", -1)),
                                   int(revision) if revision is not None else None))
            if revision is not None:
                game.told(int(revision))
        else:
            message = re.sub(r"\d+", "#", str(reply.get("error", text[:60])))[:90]
            self.stats.refusals[f"{status} {action.get('type')}: {message}"] += 1
        return True


# ====================================================================== measuring
def percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p95": None, "p99": None, "max": None, "n": 0}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, max(0, int(q * len(ordered) + 0.5) - 1))], 1)

    return {"p50": at(0.50), "p95": at(0.95), "p99": at(0.99), "max": round(ordered[-1], 1),
            "n": len(ordered)}


class Sampler:
    """CPU and RSS of the servers (and PostgreSQL, Redis, this client) with psutil."""

    def __init__(self, stack: Stack) -> None:
        import psutil

        self.psutil = psutil
        self.procs = {p.name: psutil.Process(p.popen.pid) for p in stack.procs}
        self.me = psutil.Process()
        self.rss_peak: dict[str, int] = {}
        self.load_peak = 0.0
        self.pg_bench_peak = self.pg_total_peak = 0
        self.cpu_start: dict[str, float] = {}
        self.others_start: dict[int, float] = {}

    def _cpu(self, proc: Any) -> float:
        times = proc.cpu_times()
        return float(times.user + times.system)

    def _others(self) -> dict[int, tuple[str, float]]:
        """PostgreSQL's backends of the bench database, and Redis. A lower bound for
        PostgreSQL: a backend that ended within the window takes its CPU time along."""
        found = {}
        for proc in self.psutil.process_iter(["name", "cmdline"]):
            name = proc.info["name"] or ""
            command = " ".join(proc.info["cmdline"] or [])
            kind = ("postgres" if name.startswith("postgres") and "playboss_bench" in command
                    else "redis" if name.startswith("redis-server") else "")
            if kind:
                with contextlib.suppress(self.psutil.Error):
                    found[proc.pid] = (kind, self._cpu(proc))
        return found

    def _busy(self) -> float:
        """CPU seconds the whole machine was busy (every process)."""
        times = self.psutil.cpu_times()
        return float(sum(times) - times.idle - getattr(times, "iowait", 0.0))

    def sample(self) -> None:
        for name, proc in self.procs.items():
            with contextlib.suppress(self.psutil.Error):
                rss = proc.memory_info().rss
                self.rss_peak[name] = max(self.rss_peak.get(name, 0), rss)
        self.load_peak = max(self.load_peak, os.getloadavg()[0])
        bench = total = 0
        for proc in self.psutil.process_iter(["name", "cmdline"]):
            command = " ".join(proc.info["cmdline"] or [])
            if (proc.info["name"] or "").startswith("postgres") and "127.0.0.1(" in command:
                total += 1  # a client connection (a backend), of any database
                bench += "playboss_bench" in command
        self.pg_bench_peak = max(self.pg_bench_peak, bench)
        self.pg_total_peak = max(self.pg_total_peak, total)

    def start(self) -> None:
        self.sample()
        self.rss_start = {n: p.memory_info().rss for n, p in self.procs.items()}
        self.cpu_start = {n: self._cpu(p) for n, p in self.procs.items()}
        self.cpu_start["client"] = self._cpu(self.me)
        self.others_start = {pid: cpu for pid, (_, cpu) in self._others().items()}
        self.busy_start = self._busy()
        self.wall_start = time.monotonic()

    def stop(self) -> dict[str, Any]:
        wall = time.monotonic() - self.wall_start
        cpu = {n: self._cpu(p) - self.cpu_start[n] for n, p in self.procs.items()}
        cpu["client"] = self._cpu(self.me) - self.cpu_start["client"]
        for pid, (kind, now) in self._others().items():
            cpu[kind] = cpu.get(kind, 0.0) + now - self.others_start.get(pid, 0.0)
        # Everything else on the machine (other sessions' tests, the system) in the window.
        cpu["other_processes"] = max(0.0, self._busy() - self.busy_start - sum(cpu.values()))
        self.sample()
        return {
            "window_s": round(wall, 1),
            "cpu_s": {n: round(v, 1) for n, v in cpu.items()},
            "cpu_pct_of_core": {n: round(100 * v / wall, 1) for n, v in cpu.items()},
            "rss_mb": {n: {"start": round(self.rss_start[n] / 2**20, 1),
                           "peak": round(self.rss_peak[n] / 2**20, 1),
                           "end": round(p.memory_info().rss / 2**20, 1)}
                       for n, p in self.procs.items()},
            "client_rss_mb": round(self.me.memory_info().rss / 2**20, 1),
            # PostgreSQL's client connections at their peak (sampled each second): of the
            # bench database, and of every database (other sessions' tests share the server)
            "pg_connections_peak": {"bench": self.pg_bench_peak, "all": self.pg_total_peak},
        }


def summarise(games: list[Game], stats: Stats, seconds: float,
              finals: dict[int, int]) -> dict[str, Any]:
    notified: list[float] = []
    shown: list[float] = []
    shown_screen: list[float] = []
    early = unresolved_notified = unresolved_shown = unknown = 0
    for game in games:
        for move in game.moves:
            revision = game.move_revision(move)
            if revision is None:
                unknown += 1
                continue
            told = [s.notified.first_at_least(revision) for s in game.screens]
            seen = [s.shown.first_at_least(revision) for s in game.screens]
            if None in told:
                unresolved_notified += 1
            else:
                latest = max(t for t in told if t is not None)
                early += latest < move.answered
                notified.append(max(0.0, latest - move.answered) * 1000)
            if None in seen:
                unresolved_shown += 1
            else:
                shown.append(max(0.0, max(t for t in seen if t is not None)
                                 - move.answered) * 1000)
            shown_screen.extend(max(0.0, t - move.answered) * 1000 for t in seen
                                if t is not None)
    stale = behind_told = 0
    for game in games:
        final = finals.get(game.id, game.latest)
        stale += sum(1 for s in game.screens if s.shown.last < final)
        behind_told += sum(1 for s in game.screens if s.notified.last < final)
    moves = sum(len(g.moves) for g in games)
    return {
        "moves": moves,
        "moves_per_s": round(moves / seconds, 2),
        "target_moves_per_s": None,
        "notified_ms": percentiles(notified),
        "shown_ms": percentiles(shown),
        "shown_per_screen_ms": percentiles(shown_screen),
        "move_post_ms": percentiles(stats.post_ms),
        "panel_fetch_ms": percentiles(stats.fetch_ms),
        "moves_notified_before_response": early,
        "moves_never_notified_everywhere": unresolved_notified,
        "moves_never_shown_everywhere": unresolved_shown,
        "moves_without_revision": unknown,
        "errors": sum(stats.errors.values()),
        "errors_by_kind": dict(stats.errors.most_common()),
        "refused_moves": sum(stats.refusals.values()),
        "refusals": dict(stats.refusals.most_common(8)),
        "stale_screens": stale,
        "screens_not_told_final": behind_told,
        "screens": sum(len(g.screens) for g in games),
        "panel_fetches": stats.fetches,
        "ws_messages": stats.ws_messages,
        "ws_mb": round(stats.ws_bytes / 2**20, 2),
        "ticks_posted": stats.ticks_posted,
        "syncs_sent": stats.syncs_sent,
        "driver_ticks": sum(g.ticks for g in games),
        "ticks_skipped_move_in_flight": sum(g.skipped_busy for g in games),
        "ticks_skipped_no_move": sum(g.skipped_nothing for g in games),
        "moves_on_stale_screen": sum(g.acted_on_stale for g in games),
    }


# ====================================================================== the run
async def probe_protocol(base: str, game: Game, stats: Stats, wait: float = 2.0) -> str:
    """v2 sends a ``screen`` after ``hello``; v1 never does."""
    screen = Screen(game, "projector", "public", base, "probe", stats)
    try:
        await screen.join(None)
        ws = await screen.session.ws_connect(f"ws{base[4:]}/ws/games/{game.id}/",
                                             headers={"Origin": base}, max_msg_size=64 * 2**20)
        deadline = time.monotonic() + wait
        try:
            while (left := deadline - time.monotonic()) > 0:
                try:
                    message = await ws.receive(timeout=left)
                except TimeoutError:
                    break
                if message.type.name != "TEXT":
                    break
                body = json.loads(message.data)
                if body.get("type") == "screen" or int(body.get("protocol", 1) or 1) >= 2:
                    return "v2"
            return "v1"
        finally:
            await ws.close()
    finally:
        await screen.session.close()


async def run_load(args: argparse.Namespace, stack: Stack, data: list[dict[str, Any]],
                   sampler_box: dict[str, Any]) -> dict[str, Any]:
    screens: list[Screen] = []
    try:
        return await _run_load(args, stack, data, sampler_box, screens)
    finally:  # also when interrupted: every socket and session closed
        await asyncio.gather(*(s.close() for s in screens), return_exceptions=True)


async def _run_load(args: argparse.Namespace, stack: Stack, data: list[dict[str, Any]],
                    sampler_box: dict[str, Any], screens: list[Screen]) -> dict[str, Any]:
    stats = Stats()
    bases = [f"http://127.0.0.1:{port}" for port in stack.ports]
    games = [Game(d, i, args.seed) for i, d in enumerate(data)]
    protocol = args.protocol
    if protocol == "auto":
        protocol = await probe_protocol(bases[0], games[0], Stats())
        log(f"protocol: {protocol} (found on a probe screen)")
    turn = 0
    for game in games:
        seats = [("team", t["name"], t["pin"]) for t in game.teams]
        seats += [("bank", "bank", ""), ("projector", "public", "")]
        for kind, actor, pin in seats:
            screen = Screen(game, kind, actor, bases[turn % len(bases)], protocol, stats, pin)
            turn += 1
            game.screens.append(screen)
            if kind != "projector":
                game.by_actor[actor] = screen
            screens.append(screen)

    # ------------------------------------------------------------------ seats and pages
    started = time.monotonic()
    signer = Screen(games[0], "bank", "bank", bases[0], protocol, stats)
    teacher = await signer.login()
    await signer.session.close()
    gate = asyncio.Semaphore(16)

    unopened: list[Screen] = []
    socketless: list[Screen] = []

    async def open_screen(screen: Screen) -> None:
        """Like a person: a page that fails is loaded again (5 tries, 2 s apart)."""
        async with gate:
            for attempt in range(5):
                if attempt:
                    await asyncio.sleep(2)
                if await screen.join(teacher):
                    break
            else:
                unopened.append(screen)
                log(f"{screen.kind} {screen.actor} of game {screen.game.id} could not open "
                    f"its page: {dict(stats.errors)}")
                return
            screen.reader = asyncio.ensure_future(screen.live())
            try:
                await asyncio.wait_for(screen.connected.wait(), 30)
            except TimeoutError:
                socketless.append(screen)  # it polls, as the page would

    await asyncio.gather(*(open_screen(s) for s in screens))
    for screen in unopened:  # not measured: such a screen shows nothing at all
        screen.game.screens.remove(screen)
        if screen.game.by_actor.get(screen.actor) is screen:
            del screen.game.by_actor[screen.actor]
    live_screens = [s for s in screens if s not in unopened]
    ready_by = time.monotonic() + 60
    while time.monotonic() < ready_by and any(
            s.shown.last < 0 or s.shown.last < s.game.latest for s in live_screens):
        await asyncio.sleep(0.2)
    waiting = sum(1 for s in live_screens if s.shown.last < 0)
    log(f"{len(live_screens)} screens open and live in {time.monotonic() - started:.1f} s "
        f"({waiting} without a state yet); errors so far: {dict(stats.errors) or 0}")
    setup_errors = dict(stats.errors)
    setup_errors.update({"screens_not_opened": len(unopened),
                         "screens_without_socket": len(socketless)})
    stats.errors.clear()
    stats.fetch_ms.clear()

    # ------------------------------------------------------------------ load
    sampler = Sampler(stack)
    sampler_box["sampler"] = sampler
    loadavg_before = [round(x, 2) for x in os.getloadavg()]
    drivers = [Driver(g, stats, args.pace, protocol) for g in games]
    start = time.monotonic() + 0.5
    end = start + args.seconds
    sampler.start()
    cpu_client_start = time.process_time()
    runs = [asyncio.ensure_future(d.run(start, end)) for d in drivers]
    profile = None
    if args.profile:
        profile = asyncio.ensure_future(
            run_py_spy(stack, args.profile, min(10.0, args.seconds / 4)))

    async def sample_often() -> None:
        while True:
            await asyncio.sleep(1.0)
            sampler.sample()

    sampling = asyncio.ensure_future(sample_often())
    last = (time.monotonic(), 0)
    while time.monotonic() < end:
        await asyncio.sleep(min(5.0, max(0.1, end - time.monotonic())))
        sampler.sample()
        now = time.monotonic()
        moves = sum(len(g.moves) for g in games)
        rate = (moves - last[1]) / max(0.001, now - last[0])
        last = (now, moves)
        behind = sum(1 for s in live_screens if s.shown.last < s.game.latest)
        log(f"t={now - start:5.1f}s moves={moves} ({rate:.1f}/s) behind={behind} "
            f"errors={sum(stats.errors.values())} refused={sum(stats.refusals.values())} "
            f"load={os.getloadavg()[0]:.2f}")
    await asyncio.gather(*runs)
    sampling.cancel()
    figures = sampler.stop()
    client_cpu = time.process_time() - cpu_client_start
    load_at_end = os.getloadavg()
    for driver in drivers:
        if driver.tasks:
            await asyncio.wait(driver.tasks, timeout=30)
    log(f"load stopped; settling {SETTLE_SECONDS:.0f} s")
    await asyncio.sleep(SETTLE_SECONDS)

    # ------------------------------------------------------------------ the games' revisions
    finals: dict[int, int] = {}
    for game in games:
        if not game.screens:
            continue
        bank = game.by_actor.get("bank") or game.screens[0]
        text = await bank.get(f"{bank.base}/games/{game.id}/revision/", "final_revision")
        if text:
            finals[game.id] = int(json.loads(text)["revision"])
    result = summarise(games, stats, args.seconds, finals)
    result["target_moves_per_s"] = round(args.pace * len(games), 2)
    result["protocol"] = protocol
    result["setup_errors"] = setup_errors
    result["client_cpu_s"] = round(client_cpu, 1)
    result["client_cpu_pct_of_core"] = round(100 * client_cpu / figures["window_s"], 1)
    result["loadavg_before"] = loadavg_before
    result["loadavg_end"] = [round(x, 2) for x in load_at_end]
    result["loadavg_1min_peak"] = round(sampler.load_peak, 2)
    result.update(figures)
    if profile is not None:
        result["profile"] = await profile
    return result


async def run_py_spy(stack: Stack, seconds: float, delay: float) -> dict[str, Any]:
    """py-spy on the first daphne, during the load: only the thread holding the GIL is
    sampled (``--gil``), so the samples are where the process spends its Python CPU."""
    await asyncio.sleep(delay)
    daphne = next(p for p in stack.procs if p.name.startswith("daphne"))
    out = stack.tmp / f"profile-{daphne.name}.txt"
    spy = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or "py-spy"
    process = await asyncio.create_subprocess_exec(
        spy, "record", "-d", str(int(seconds)), "-p", str(daphne.popen.pid), "-o", str(out),
        "--format", "raw", "--gil", "-r", "100", stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE)
    _, err = await process.communicate()
    if process.returncode != 0 or not out.exists():
        return {"error": err.decode(errors="replace")[-500:]}
    return {"file": str(out), **profile_summary(out)}


def profile_summary(path: Path, top: int = 12) -> dict[str, Any]:
    """Where a daphne's samples were: self time by function, and time under a few frames."""
    own: Counter[str] = Counter()
    under: Counter[str] = Counter()
    total = 0
    marks = {
        "django template rendering": ("django/template/",),
        "db queries (django.db + driver)": ("django/db/", "psycopg", "sqlite3"),
        "sessions/auth": ("django/contrib/sessions", "django/contrib/auth"),
        "rules engine (playboss/rules)": ("playboss/rules/",),
        "classroom.selectors.panel": ("selectors.py:panel",),
        "classroom.services.submit_action": ("moves.py:submit_action",
                                             "submit_action (classroom/services/moves.py"),
        "channels layer / consumers": ("channels/", "channels_redis", "consumers.py"),
        "twisted/daphne/autobahn I/O": ("twisted/", "daphne/", "autobahn/"),
        "asgiref thread hand-off": ("asgiref/",),
        "idle (waiting)": ("select (", "epoll", "_wait_for_tstate_lock", "wait (threading",
                           "_worker (concurrent", "poll (", "doPoll"),
    }
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        total += count
        frames = stack.split(";")
        own[frames[-1]] += count
        for label, needles in marks.items():
            if any(n in stack for n in needles):
                under[label] += count
    return {
        "samples": total,
        "self_top": [(name[:110], round(100 * c / max(1, total), 1))
                     for name, c in own.most_common(top)],
        "under_pct": {k: round(100 * v / max(1, total), 1) for k, v in under.most_common()},
    }


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "_setup":
        parser = argparse.ArgumentParser()
        parser.add_argument("_setup")
        parser.add_argument("--games", type=int, required=True)
        parser.add_argument("--seed", type=int, required=True)
        setup_args = parser.parse_args()
        setup_games(setup_args.games, setup_args.seed)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stack", choices=["embedded", "services"], default="embedded")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pace", type=float, default=1.0, help="moves per second per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--protocol", choices=["auto", "v1", "v2"], default="auto")
    parser.add_argument("--debug", action="store_true", help="run the servers with DEBUG=1")
    parser.add_argument("--ref", default="", metavar="COMMIT",
                        help="serve this commit (git archive into the temporary folder) "
                             "instead of the working tree")
    parser.add_argument("--wait-idle", type=float, default=0.0, metavar="SECONDS",
                        help="first wait up to this long for the machine to be idle (other "
                             "processes using under 0.3 of a core over 5 s)")
    parser.add_argument("--profile", type=float, default=0.0, metavar="SECONDS",
                        help="py-spy record the first daphne for this long during the load")
    args = parser.parse_args()

    with contextlib.suppress(ValueError, OSError):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))

    def terminate(signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C, also when started in
    if args.wait_idle:                                           # the background
        wait_idle(args.wait_idle)
    stack = Stack(args.stack, args.games, args.seed, args.debug, args.ref)
    log(f"logs in {stack.tmp}")
    result: dict[str, Any] = {}
    sampler_box: dict[str, Any] = {}
    try:
        data = stack.prepare()
        stack.start()
        stack.wait_ready()
        result = asyncio.run(run_load(args, stack, data, sampler_box))
    except KeyboardInterrupt:
        log("interrupted: stopping the servers")
        stack.stop()
        return 130
    except BaseException:
        stack.stop()
        log(f"the servers' logs are in {stack.tmp}")
        raise
    stack.stop()
    problems = stack.log_problems()
    for name, found in problems.items():
        if found["tracebacks"] or found["error_lines"] or found["http_5xx_lines"]:
            log(f"{name}: {found['tracebacks']} tracebacks, {found['error_lines']} error "
                f"lines, {found['http_5xx_lines']} 5xx lines in {stack.tmp / (name + '.log')}")
            for text in found["last_tracebacks"][-1:]:
                log(text)
    figures = {
        "bench": "load", "stack": args.stack, "games": args.games, "seconds": args.seconds,
        "pace": args.pace, "seed": args.seed, "debug": args.debug,
        "served": args.ref or "working tree", **result,
        "server_logs": str(stack.tmp),
        "server_log_problems": {n: {k: v for k, v in f.items() if k != "last_tracebacks"}
                                for n, f in problems.items()},
        "machine": machine(args.ref),
    }
    print(json.dumps(figures, separators=(",", ":")))
    return 0


def wait_idle(limit: float) -> None:
    import psutil

    deadline = time.monotonic() + limit
    while True:
        busy = psutil.cpu_percent(interval=5) * (os.cpu_count() or 1) / 100
        if busy < 0.3 or time.monotonic() > deadline:
            log(f"machine busy: {busy:.2f} cores; load average {os.getloadavg()[0]:.2f}")
            return
        log(f"waiting for an idle machine: {busy:.2f} cores busy")


def machine(ref: str) -> dict[str, Any]:
    model = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    commit = subprocess.run(["git", "rev-parse", "--short", ref or "HEAD"], cwd=REPO,
                            capture_output=True, text=True).stdout.strip()
    if not ref and subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "playboss",
                                   "classroom", "reports", "templates"], cwd=REPO).returncode:
        commit += " + uncommitted changes"
    return {"cpu": model, "cores": os.cpu_count(), "python": sys.version.split()[0],
            "commit": commit}


if __name__ == "__main__":
    sys.exit(main())
