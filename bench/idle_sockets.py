"""Idle websockets against a running server: are any of them dropped?

A class leaves its screens open and silent for long stretches (a team thinking, the projector
between moves). This holds K websockets of a game open and idle for M minutes against a
running server (daphne), then reports how many were closed, when and with which code; with
``--setup`` it also makes one change of the game at the end and counts the sockets that heard
it. Exit status 1 if any socket closed (or, with ``--setup``, any open socket missed the change).

    # against a server you run, with a team's QR link token:
    python bench/idle_sockets.py --url http://127.0.0.1:8000 --token TOKEN --sockets 50

    # a game of its own (the same DATABASE_URL and REDIS_URL as the server):
    DATABASE_URL=... REDIS_URL=... python bench/idle_sockets.py --url ... --setup --minutes 10

``.ci/run`` runs it for ten minutes beside the test suite against a daphne of its own on
PostgreSQL and Redis, and fails when a socket was dropped. Only loopback addresses are
accepted: this is a soak test of a server on this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Held:
    number: int
    closed_after: float | None = None
    close_code: int | None = None
    how: str = ""
    messages: int = 0
    heard_change: bool = False
    first_error: str = ""
    changed: asyncio.Event = field(default_factory=asyncio.Event)


def set_up_game() -> tuple[int, str]:
    """A teacher, a class and a two-team game in the server's database; (game id, Red's
    token)."""
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playboss.settings")
    sys.path.insert(0, str(ROOT))
    django.setup()
    from django.contrib.auth.models import User

    from classroom import services

    teacher, _ = User.objects.get_or_create(username="idle-bench")
    classroom = services.create_classroom(teacher=teacher, name="Idle sockets")
    game = services.create_game(
        classroom=classroom, name="Idle sockets", settings_={"dice": "entered", "seed": 1},
        seats=[services.TeamSeat("Red"), services.TeamSeat("Blue")])
    return game.pk, game.teams.get(name="Red").token


def make_change(game_id: int) -> None:
    from django.db import connections

    from classroom import services

    try:
        services.set_paused(game_id=game_id, paused=True)
    finally:
        connections.close_all()


async def hold(ws: aiohttp.ClientWebSocketResponse, held: Held, start: float,
               until: float) -> None:
    """Read whatever the server sends until the socket closes or the bench ends."""
    while True:
        remaining = until - time.monotonic()
        if remaining <= 0:
            return
        try:
            # one deadline for the whole wait (receive's own timeout restarts at every ping)
            message = await asyncio.wait_for(ws.receive(), remaining)
        except TimeoutError:
            return
        if message.type == aiohttp.WSMsgType.TEXT:
            held.messages += 1
            with contextlib.suppress(ValueError):
                if json.loads(message.data).get("type") == "changed":
                    held.heard_change = True
                    held.changed.set()
            continue
        held.closed_after = round(time.monotonic() - start, 1)
        held.close_code = ws.close_code
        held.how = message.type.name
        return


async def run(args: argparse.Namespace, game_id: int | None, token: str) -> dict[str, Any]:
    base = args.url.rstrip("/")
    timeout = aiohttp.ClientTimeout(total=30)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                     timeout=timeout, connector=connector) as http:
        async with http.get(f"{base}/join/{token}/") as response:
            page = await response.text()
            if response.status != 200:
                raise SystemExit(f"joining failed: {response.status} {page[:200]}")
            if game_id is None:  # the play page names the game for its live script
                game_id = _game_id_from(page)
        ws_url = base.replace("http", "ws", 1) + f"/ws/games/{game_id}/"
        sockets: list[aiohttp.ClientWebSocketResponse] = []
        helds: list[Held] = []
        try:
            for number in range(args.sockets):
                ws = await http.ws_connect(ws_url, origin=base, autoping=True,
                                           receive_timeout=None, heartbeat=None)
                sockets.append(ws)
                helds.append(Held(number))
            start = time.monotonic()
            until = start + args.minutes * 60
            tasks = [asyncio.create_task(hold(ws, held, start, until))
                     for ws, held in zip(sockets, helds, strict=True)]
            reporter = asyncio.create_task(report_progress(helds, start, until))
            await asyncio.gather(*tasks)
            reporter.cancel()
            heard = None
            if args.setup and game_id is not None:
                still_open = [(ws, h) for ws, h in zip(sockets, helds, strict=True)
                              if h.closed_after is None]
                for _ws, h in still_open:
                    h.heard_change = False
                    h.changed.clear()
                listen_until = time.monotonic() + 10
                listeners = [asyncio.create_task(hold(ws, h, start, listen_until))
                             for ws, h in still_open]
                await asyncio.to_thread(make_change, game_id)
                await asyncio.gather(*(wait_changed(h, listen_until) for _ws, h in still_open))
                for listener in listeners:
                    listener.cancel()
                heard = sum(h.heard_change for _ws, h in still_open)
        finally:
            for ws in sockets:
                with contextlib.suppress(Exception):
                    await ws.close()
    closed = [h for h in helds if h.closed_after is not None]
    return {
        "url": base, "game": game_id, "sockets": args.sockets, "minutes": args.minutes,
        "closed": len(closed),
        "close_codes": dict(Counter(str(h.close_code) for h in closed)),
        "first_closed_after_s": min((h.closed_after or 0 for h in closed), default=None),
        "messages": sum(h.messages for h in helds),
        "heard_change_after": heard,
    }


async def wait_changed(held: Held, until: float) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(held.changed.wait(), max(0.0, until - time.monotonic()))


async def report_progress(helds: list[Held], start: float, until: float) -> None:
    while time.monotonic() < until:
        await asyncio.sleep(60)
        open_now = sum(h.closed_after is None for h in helds)
        print(f"idle_sockets: {time.monotonic() - start:.0f} s, {open_now}/{len(helds)} open",
              flush=True)


def _game_id_from(page: str) -> int:
    import re

    found = re.search(r"/ws/games/(\d+)/|data-game(?:-id)?=\"(\d+)\"|/games/(\d+)/", page)
    if not found:
        raise SystemExit("could not find the game on the play page; pass --setup or --game")
    return int(next(g for g in found.groups() if g))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--sockets", type=int, default=50, help="websockets to hold (K)")
    parser.add_argument("--minutes", type=float, default=10, help="how long to hold them (M)")
    parser.add_argument("--token", help="a team's QR link token (join/<token>/)")
    parser.add_argument("--game", type=int, help="the game's id (else read from the page)")
    parser.add_argument("--setup", action="store_true",
                        help="make a game of its own in the server's database (DATABASE_URL, "
                             "REDIS_URL as the server's) and check a change is heard at the end")
    parser.add_argument("--json", type=Path, help="write the report here too")
    args = parser.parse_args()
    host = urlsplit(args.url).hostname or ""
    if host not in ("127.0.0.1", "localhost", "::1") and not host.startswith("127."):
        parser.error("only a server on this machine (loopback) is a target")
    if args.setup:
        game_id, token = set_up_game()
    elif args.token:
        game_id, token = args.game, args.token
    else:
        parser.error("give --token (a team's QR link token) or --setup")
    started = time.monotonic()
    report = asyncio.run(run(args, game_id, token))
    report["seconds"] = round(time.monotonic() - started, 1)
    ok = report["closed"] == 0 and (
        report["heard_change_after"] is None
        or report["heard_change_after"] == report["sockets"] - report["closed"])
    report["ok"] = ok
    text = json.dumps(report)
    print(f"idle_sockets: {text}", flush=True)
    if args.json:
        args.json.write_text(text + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
