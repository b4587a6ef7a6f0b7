"""The websocket of a game screen: it sends the screen itself, region by region.

On connect the socket works out who is looking (the teacher, a team, the worker
representative's students, the projector — as the pages do) and sends the whole screen; after
every change of the game it sends ``changed`` at once (revision and ticker) and then a
``screen`` with only the regions whose content changed (``classroom.screens``). Each socket
builds its own viewer's screen, so secrets never travel to another screen; regions that look
the same for everyone (the market, the table) are rendered once per process and change.

Messages from the screen: ``{"type": "sync", "revision": R}`` (a periodic check: the whole
screen comes back if R is not what this socket last sent, and the screen counts as present),
``{"type": "view", "actor": A, "ledger_page": P}`` (the teacher's "play for", a page of the
books). Anything else is ignored and counted; moves go through HTTP (one code path, CSRF).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from . import pacing, presence, screens
from .access import Viewer, viewer_from
from .events import group_name
from .models import Game
from .ticker import for_viewer

log = logging.getLogger(__name__)

#: Frames a socket may send that are not a known message before it is closed.
JUNK_LIMIT = 50
#: Frames a socket may send in a burst, and per second after it (issue 23: 600 ``sync`` frames
#: in 4.7 s drew 600 full screens). A screen syncs every few seconds and on a click; a frame over
#: the limit is dropped unread and counted as junk, so a flood ends with the socket's close.
FRAME_BURST = 10
FRAMES_PER_SECOND = 2.0
#: Sockets one session, and one team, may hold open in this process at once (issue 23: 150
#: from one session were accepted). A teacher's tabs and a team's few phones stay well below.
SOCKETS_PER_SESSION: int = settings.PLAYBOSS_SOCKETS_PER_SESSION  # 12 unless set
SOCKETS_PER_TEAM: int = settings.PLAYBOSS_SOCKETS_PER_TEAM  # 24 unless set
#: The close code of a socket over either cap (the page falls back to polling).
TOO_MANY_SOCKETS = 4429
_by_session: Counter[str] = Counter()
_by_team: Counter[int] = Counter()
#: Seconds a socket waits before it asks a failed channel layer (Redis) again; doubled up to 30.
LAYER_RETRY_SECONDS = 1.0
#: A screen's own messages are under 100 bytes; a longer frame is junk, not parsed.
FRAME_MAX_CHARS = 4_096

# The newest row of each game this process has read: every socket of a game that hears of
# revision R needs the game at R, and only the first one asks the database for it.
_games: dict[int, Game] = {}
# The newest revision any socket of this process has heard of, per game. A socket that falls
# behind (moves faster than screens can be drawn) draws the newest one and skips the rest:
# under load screens coalesce changes instead of queueing one drawing per move.
_newest: dict[int, int] = {}
#: What a build says instead of a screen.
LOST, CURRENT = "lost", "current"


def game_at_least(game_id: int, revision: int | None) -> Game | None:
    game = _games.get(game_id)
    if game is None or revision is None or game.revision < revision:
        game = Game.objects.select_related("classroom").filter(pk=game_id).first()
        if game is None:
            _games.pop(game_id, None)
            return None
        if len(_games) > 512:
            _games.clear()
        _games[game_id] = game
    return game


class GameConsumer(AsyncJsonWebsocketConsumer):
    game_id: int
    language: str
    viewer: Viewer
    spec: screens.ScreenSpec
    sent_revision = -1
    sent_layout = ""
    junk = 0
    seats = 0
    #: What this socket counts against (undone on disconnect).
    counted_session = ""
    counted_team = 0

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.sent_keys: dict[str, str] = {}
        query = parse_qs((self.scope.get("query_string") or b"").decode("latin-1"))
        self.language = _language(self.scope, query.get("lang", [""])[0])
        ok = await self._sit_down(query.get("as", [None])[0], query.get("page", [None])[0])
        if not ok:
            await self.close(code=4403)
            return
        if not self._count_socket():
            await self.close(code=TOO_MANY_SOCKETS)
            return
        self.frame_tokens, self.frame_time = float(FRAME_BURST), time.monotonic()
        await self._to_layer("join", lambda: self.channel_layer.group_add(
            group_name(self.game_id), self.channel_name))
        await self.accept()
        await self.send_json({"type": "hello", "revision": self.game_revision})
        await self._send_screen(None, full=True)
        await database_sync_to_async(presence.arrived)(
            self.game_id, self.viewer.default_actor, self.channel_name)
        await self._presence_changed()
        # A restarted server's screens reconnect: its paced bots' lost chain starts again here.
        await database_sync_to_async(pacing.on_connect)(self.game_id)

    def _count_socket(self) -> bool:
        """Counts this socket against its session and its team; False (and nothing counted)
        when either already holds its cap in this process."""
        session_key = str(getattr(self.scope.get("session"), "session_key", "") or "")
        team_id = self.viewer.team.pk if self.viewer.team is not None else 0
        if (session_key and _by_session[session_key] >= SOCKETS_PER_SESSION) or (
                team_id and _by_team[team_id] >= SOCKETS_PER_TEAM):
            log.warning("websocket of game %s refused: too many sockets of one %s",
                        self.game_id, "session" if session_key and _by_session[
                            session_key] >= SOCKETS_PER_SESSION else "team")
            return False
        if session_key:
            _by_session[session_key] += 1
            self.counted_session = session_key
        if team_id:
            _by_team[team_id] += 1
            self.counted_team = team_id
        return True

    def _uncount_socket(self) -> None:
        if self.counted_session:
            _by_session[self.counted_session] -= 1
            if _by_session[self.counted_session] <= 0:
                del _by_session[self.counted_session]
        if self.counted_team:
            _by_team[self.counted_team] -= 1
            if _by_team[self.counted_team] <= 0:
                del _by_team[self.counted_team]
        self.counted_session, self.counted_team = "", 0

    def _frame_allowed(self) -> bool:
        """A token bucket of FRAME_BURST frames refilled at FRAMES_PER_SECOND."""
        now = time.monotonic()
        self.frame_tokens = min(float(FRAME_BURST),
                                self.frame_tokens + (now - self.frame_time) * FRAMES_PER_SECOND)
        self.frame_time = now
        if self.frame_tokens < 1:
            return False
        self.frame_tokens -= 1
        return True

    async def disconnect(self, code: int) -> None:
        self._uncount_socket()
        if not hasattr(self, "viewer"):
            return
        await self._to_layer("leave", lambda: self.channel_layer.group_discard(
            group_name(self.game_id), self.channel_name))
        await database_sync_to_async(presence.left)(self.channel_name)
        await self._presence_changed()

    async def _presence_changed(self) -> None:
        await self._to_layer("presence", lambda: self.channel_layer.group_send(
            group_name(self.game_id), {"type": "game.presence"}))

    # The channel layer's receive, made patient (issue 23): channels' consumer sets
    # ``channel_receive`` to the layer's receive and ends the socket (1011) when it raises, as
    # it does with Redis down. This one waits, joins the game's group again (Redis may have
    # restarted empty) and goes on; meanwhile the screen polls with its sync frames.
    @property
    def channel_receive(self) -> Callable[[], Awaitable[dict[str, Any]]]:
        return self._patient_receive

    @channel_receive.setter
    def channel_receive(self, receive: Callable[[], Awaitable[dict[str, Any]]]) -> None:
        self._layer_receive = receive

    async def _patient_receive(self) -> dict[str, Any]:
        pause = LAYER_RETRY_SECONDS
        while True:
            try:
                return await self._layer_receive()
            except Exception as exc:  # channels-redis raises redis-py's, OSError, timeouts
                log.warning("websocket of game %s: the channel layer failed (%s); the screen "
                            "polls, retrying in %s s", getattr(self, "game_id", "?"),
                            type(exc).__name__, pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, 30.0)
            if hasattr(self, "viewer"):
                await self._to_layer("join", lambda: self.channel_layer.group_add(
                    group_name(self.game_id), self.channel_name))

    async def _to_layer(self, what: str, call: Callable[[], Awaitable[Any]]) -> bool:
        """One call to the channel layer that may fail without failing the socket (issue 23):
        with Redis down the handshake is still accepted and the screen keeps itself current
        with its ``sync`` frames (the page polls). Tried twice: the first call after Redis came
        back may meet a pooled connection Redis has closed; the layer drops it, and the second
        try opens a fresh one."""
        for attempt in (1, 2):
            try:
                await call()
                return True
            except Exception as exc:  # channels-redis raises redis-py's, OSError, timeouts
                if attempt == 2:
                    log.warning("websocket %s of game %s: the channel layer failed (%s); the "
                                "screen polls", what, self.game_id, type(exc).__name__)
        return False

    # ------------------------------------------------------------------ from the screen
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None,
                      **kwargs: Any) -> None:
        content: Any = None
        if not self._frame_allowed():
            pass  # over the rate: unread, counted as junk below
        elif text_data is not None and len(text_data) <= FRAME_MAX_CHARS:
            try:  # a binary frame, a long one, or no JSON: junk, counted below
                content = json.loads(text_data)
            except (TypeError, ValueError, RecursionError):
                content = None
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "sync" and isinstance(content, dict):
            # Also a change this process never heard of (a lost group message) shows now.
            await self._send_screen(None, full=content.get("revision") != self.sent_revision,
                                    refresh=True, seen=True)
        elif kind == "view" and isinstance(content, dict):
            ok = await self._sit_down(content.get("actor"), content.get("ledger_page"))
            if ok:
                await self._send_screen(None, full=True)
            else:
                await self.close(code=4403)
        else:
            self.junk += 1
            if self.junk > JUNK_LIMIT:
                await self.close(code=4400)

    # ------------------------------------------------------------------ from the game
    async def game_changed(self, message: dict[str, Any]) -> None:
        revision = message["revision"]
        if revision > _newest.get(self.game_id, -1):
            _newest[self.game_id] = revision
        if revision <= self.sent_revision:
            return  # this screen already shows it (or newer): messages may come late
        await self.send_json({"type": "changed", "revision": revision, "seq": message["seq"],
                              "ticker": for_viewer(message, self.spec.actor,
                                                   self.viewer.is_teacher, self.language)})
        await self._send_screen(revision)

    async def game_presence(self, message: dict[str, Any]) -> None:
        if self.viewer.is_teacher and self.spec.actor == "bank":
            await self._send_screen(None, refresh=True)

    # ------------------------------------------------------------------ helpers
    async def _send_screen(self, revision: int | None, *, full: bool = False,
                           refresh: bool = False, seen: bool = False) -> None:
        screen = await self._build(revision, refresh, seen)
        if screen == CURRENT:
            return  # a later change was drawn already
        if screen is None or screen == LOST:
            # The game is gone, or the seat went elsewhere: the page leads to the join form.
            await self.close(code=4404 if screen is None else 4403)
            return
        assert isinstance(screen, screens.Screen)
        if screen.revision < self.sent_revision:
            return
        message: dict[str, Any] = {"type": "screen", "revision": screen.revision,
                                   "waiting": screen.waiting, "status": screen.status,
                                   "deadline": screen.deadline}
        keys = screen.keys()
        if full or screen.layout_key != self.sent_layout:
            message["layout"] = screen.skeleton()
            message["regions"] = {name: html for name, (_key, html) in screen.regions.items()}
        else:
            message["regions"] = {name: html for name, (key, html) in screen.regions.items()
                                  if self.sent_keys.get(name) != key}
            if not message["regions"] and screen.revision == self.sent_revision:
                return  # nothing new to show
        self.sent_keys, self.sent_layout = keys, screen.layout_key
        self.sent_revision = screen.revision
        await self.send_json(message)

    @database_sync_to_async
    def _build(self, revision: int | None, refresh: bool,
               seen: bool) -> screens.Screen | str | None:
        """This socket's screen at the newest revision heard of, in one trip to the sync
        thread: the presence check-in, the seat check and the drawing together."""
        if seen:
            presence.seen(self.channel_name, self.viewer.default_actor)
        if revision is not None and not refresh:
            revision = max(revision, _newest.get(self.game_id, revision))
            if revision <= self.sent_revision:
                return CURRENT
        game = game_at_least(self.game_id, None if refresh else revision)
        if game is None:
            return None
        if not self._still_seated(game):
            return LOST
        return screens.build_screen(game, self.spec)

    @database_sync_to_async
    def _sit_down(self, wanted: Any, page: Any) -> bool:
        """Who is looking, and which screen they get; False if they may not look."""
        game = game_at_least(self.game_id, None)
        if game is None:
            return False
        session = self.scope.get("session") or {}
        viewer = viewer_from(session, self.scope.get("user"), game, allow_public=True)
        if viewer is None:
            return False
        self.viewer = viewer
        self.seats = game.seats
        self.game_revision = game.revision
        self.spec = screens.spec_for(viewer, session, wanted, page, self.language)
        return True

    def _still_seated(self, game: Game) -> bool:
        """A player's browser still holds its seat (and, with split duties, its half); checked
        again only when a seat of the game changed (``Game.seats``: a new PIN, devices dropped,
        a team or the role handed over, a new projector link, the halves chosen again)."""
        if game.seats == self.seats or self.viewer.is_teacher:
            return True
        session = self.scope.get("session") or {}
        self.seats = game.seats
        viewer = viewer_from(session, self.scope.get("user"), game,
                             allow_public=self.viewer.public)
        if viewer is None:
            return False
        if self.spec.duty is not None:
            # Split duties: the teacher may have let the team choose its halves again; a
            # browser whose half is gone reloads (4403) and chooses once more.
            spec = screens.spec_for(viewer, session, self.spec.actor, self.spec.ledger_page,
                                    self.language)
            if spec.duty != self.spec.duty:
                return False
        self.viewer = viewer
        return True


def _language(scope: dict[str, Any], asked: str) -> str:
    """The page's language: what the page says it shows (``?lang=``), else the choice saved by
    the language switch (a cookie), else the browser's, as LocaleMiddleware picks it."""
    from django.conf import settings
    from django.utils.translation import get_supported_language_variant
    from django.utils.translation.trans_real import parse_accept_lang_header

    cookies = scope.get("cookies") or {}
    chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME)
    candidates = [code for code in (asked, chosen) if code]
    for name, value in scope.get("headers") or []:
        if name == b"accept-language":
            candidates += [code for code, _q in parse_accept_lang_header(value.decode())]
    for code in candidates:
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE
