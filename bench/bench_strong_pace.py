"""Does the site still answer while strong bots think? (issue 12)

A class game of four strong bots at a pace of 1 s on the embedded default (one daphne, SQLite,
the paced chain in daphne's timer threads). The game is made by ``manage.py shell``, so the
chain's first timer dies with that process: the bots stand still ("idle") until a projector's
websocket connects and the connect's sweep (``classroom.pacing``) restarts them ("thinking").
In both phases the projector page is fetched ``--requests`` times, one after the other, and
its answer times are reported (median, p95, max): while idle ``--requests`` times, while
thinking for as long as the bots take to make ``--moves`` moves.

    python bench/bench_strong_pace.py --requests 100 --moves 30

Prints one JSON line. The figures are wall-clock times on a shared machine: run it several
times and report the median (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
MAKE_GAME = """
from django.contrib.auth.models import User
from classroom import services
teacher = User.objects.create_user("bench", password="bench-secret-1")
room = services.create_classroom(teacher=teacher, name="Bench")
game = services.create_game(classroom=room, name="Strong", bot_pace=1,
    seats=[services.TeamSeat(n, "strong") for n in ("A", "B", "C", "D")],
    settings_={"first_team": "A", "seed": 7, "years": 10})
print(game.pk, game.projector_token)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def moves(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        (count,) = conn.execute("select count(*) from classroom_gameaction").fetchone()
        return int(count)


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"median_ms": round(statistics.median(ordered) * 1000, 1),
            "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1] * 1000, 1),
            "max_ms": round(ordered[-1] * 1000, 1)}


async def fetch_times(http: aiohttp.ClientSession, url: str, count: int,
                      until: Any = None) -> list[float]:
    """Fetch ``url`` ``count`` times, or (``until``) as long as it says to go on."""
    times: list[float] = []
    while (until() if until else len(times) < count):
        start = time.perf_counter()
        async with http.get(url) as answer:
            await answer.read()
            assert answer.status == 200, answer.status
        times.append(time.perf_counter() - start)
    return times


async def measure(site: str, game: int, token: str, db: Path, count: int,
                  bot_moves: int) -> dict[str, Any]:
    page = f"{site}/games/{game}/projector/{token}/"
    # unsafe: keep the session cookie of an IP address (the projector link seats it)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        await fetch_times(http, page, 20)  # warm: templates, the state cache
        before = moves(db)
        idle = await fetch_times(http, page, count)
        assert moves(db) == before, "the bots moved before any screen connected"
        socket_url = site.replace("http", "ws") + f"/ws/games/{game}/"
        async with http.ws_connect(socket_url, headers={"Origin": site}) as ws:
            deadline = time.monotonic() + 60
            while moves(db) == before:  # the connect's sweep restarts the chain
                if time.monotonic() > deadline:
                    raise SystemExit("the bots did not start after the projector connected")
                await asyncio.sleep(0.2)
            started, clock = moves(db), time.monotonic()
            thinking = await fetch_times(http, page, 0,
                                         until=lambda: moves(db) < started + bot_moves)
            made, seconds = moves(db) - started, time.monotonic() - clock
            await ws.close()
    return {"idle": summary(idle), "thinking": summary(thinking),
            "pages_while_thinking": len(thinking), "bot_moves_while_thinking": made,
            "seconds": round(seconds, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=100, help="pages fetched while idle")
    parser.add_argument("--moves", type=int, default=30,
                        help="pages are fetched while the bots make this many moves")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        env.update({"DATABASE_URL": f"sqlite:///{db}", "DJANGO_SETTINGS_MODULE":
                    "playboss.settings", "DEBUG": "1"})
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env,
                       check=True)
        made = subprocess.run([*manage, "shell", "-c", MAKE_GAME], cwd=ROOT, env=env,
                              check=True, capture_output=True, text=True)
        game, token = made.stdout.split()[-2:]
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p",
                                   str(port), "playboss.asgi:application"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            site = f"http://127.0.0.1:{port}"
            result = asyncio.run(measure(site, int(game), token, db, args.requests,
                                         args.moves))
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(json.dumps({"bench": "strong_pace", "requests": args.requests, **result}))


if __name__ == "__main__":
    main()
