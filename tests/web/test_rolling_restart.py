"""Issue 26: a rolling restart behind the shipped nginx site, with requests running, answers no
student an error.

Two daphnes on PostgreSQL and Redis (and a Celery worker: ``/healthz`` asks for one), the
shipped ``deploy/nginx/playboss.conf`` in front of them — changed only where a test must: free
ports instead of 8001/8002/443, a self-signed certificate, no port-80 server, the checkout's
``staticfiles/`` —, twelve request loops of a joined team through nginx over HTTPS, and
``deploy/upgrade.sh --restart-only`` run twice (each process restarted after the other is
healthy; ``RESTART_WEB`` stops one with SIGTERM and starts it again, as systemd's restart
does). Asserted: the script succeeds both times, no answer through nginx is >= 500 and every
request gets an answer, and every daphne is gone within 10 s of its SIGTERM. Before the load:
``HEAD /healthz`` through nginx answers 200 without a body, and a static file carries the
security headers.

Not yet what the issue asks in full: no screens (websockets) and no move driver here.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from django.conf import settings

from classroom.models import Game

from .test_daphne import _free_port, _test_database_url

pytestmark = [pytest.mark.services, pytest.mark.nginx, pytest.mark.django_db(transaction=True),
              pytest.mark.timeout(300)]
ROOT = Path(__file__).resolve().parents[2]
LOOPS = 12
STOP_WITHIN = 10.0

RESTART = r"""#!/usr/bin/env bash
# start|restart PORT: a daphne on PORT (its pid in $DIR/PORT.pid); restart stops the running
# one with SIGTERM first and notes how long it took to go ($DIR/stops).
set -euo pipefail
action="$1"; port="$2"; pidfile="$DIR/$port.pid"
if [[ "$action" == restart ]]; then
  pid="$(cat "$pidfile")"
  began="$(date +%s.%N)"
  kill -TERM "$pid"
  # gone, or a zombie (exited, not yet reaped)
  while [[ -e /proc/$pid ]] && ! grep -q '^State:[[:space:]]*Z' "/proc/$pid/status" 2>/dev/null; do
    sleep 0.05
  done
  echo "$port $(awk "BEGIN { print $(date +%s.%N) - $began }")" >> "$DIR/stops"
fi
cd "$ROOT"
setsid "$PYTHON" -m daphne -b 127.0.0.1 -p "$port" playboss.asgi:application \
  >>"$DIR/daphne-$port.log" 2>&1 < /dev/null &
echo $! > "$pidfile"
"""

MAIN = """daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log {dir}/access.log;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    include {dir}/site.conf;
}}
"""


def shipped_site(ports: tuple[int, int], listen: int, directory: Path) -> str:
    site = (ROOT / "deploy" / "nginx" / "playboss.conf").read_text()
    site = re.sub(r"server \{\s*listen 80;.*?\n\}\n", "", site, flags=re.DOTALL)
    replaced = {
        "127.0.0.1:8001": f"127.0.0.1:{ports[0]}",
        "127.0.0.1:8002": f"127.0.0.1:{ports[1]}",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{listen} ssl;",
        "listen [::]:443 ssl http2;": "",
        "/etc/ssl/playboss/fullchain.pem": str(directory / "cert.pem"),
        "/etc/ssl/playboss/privkey.pem": str(directory / "key.pem"),
        "/srv/playboss/staticfiles/": f"{ROOT}/staticfiles/",
    }
    for old, new in replaced.items():
        assert old in site, f"the shipped site has no {old!r} any more: update this test"
        site = site.replace(old, new)
    return site


def _end(pid: int) -> None:
    """SIGTERM, and SIGKILL after 10 s; returns once the process has exited (its database
    connections closed before the test database is dropped)."""
    def running() -> bool:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            return False
        return not re.search(r"^State:\s*Z", status, re.MULTILINE)

    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while running() and time.monotonic() < deadline:
        time.sleep(0.05)
    if running():
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        while running():
            time.sleep(0.05)


def _wait_healthy(url: str, seconds: float = 60) -> None:
    """Until ``/healthz`` through nginx answers 200: it asks for a Celery worker, which the
    stack starts beside the daphnes and which takes a while to answer its first ping on a
    loaded machine (the scenario's first request must not meet that start)."""
    import ssl
    import urllib.error
    import urllib.request

    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=5, context=context) as got:
                if got.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"{url}/healthz did not answer 200 within {seconds} s")
        time.sleep(0.5)


def _wait_port(port: int, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                pytest.fail(f"{what} did not start on port {port}")
            time.sleep(0.2)


@pytest.fixture
def stack(game: Game, celery_worker_process: subprocess.Popen[str],
          tmp_path: Path) -> Iterator[tuple[str, tuple[int, int], dict[str, str]]]:
    ports = (_free_port(), _free_port())
    listen = _free_port()
    env = dict(os.environ)
    env.update(DATABASE_URL=_test_database_url(), REDIS_URL=settings.REDIS_URL,
               MEDIA_ROOT=str(settings.MEDIA_ROOT), DIR=str(tmp_path), ROOT=str(ROOT),
               PYTHON=sys.executable)
    restart = tmp_path / "restart.sh"
    restart.write_text(RESTART)
    restart.chmod(0o755)
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
         "/CN=127.0.0.1", "-keyout", str(tmp_path / "key.pem"), "-out",
         str(tmp_path / "cert.pem")], check=True, capture_output=True, timeout=60)
    (tmp_path / "site.conf").write_text(shipped_site(ports, listen, tmp_path))
    (tmp_path / "nginx.conf").write_text(MAIN.format(dir=tmp_path))
    nginx_binary = shutil.which("nginx") or "/usr/sbin/nginx"
    nginx = None
    try:
        for port in ports:
            subprocess.run([str(restart), "start", str(port)], env=env, check=True, timeout=30)
        for port in ports:
            _wait_port(port, "daphne")
        checked = subprocess.run([nginx_binary, "-t", "-c", str(tmp_path / "nginx.conf"),
                                  "-e", str(tmp_path / "error.log")],
                                 capture_output=True, text=True, timeout=30)
        assert checked.returncode == 0, checked.stderr
        nginx = subprocess.Popen([nginx_binary, "-c", str(tmp_path / "nginx.conf"),
                                  "-e", str(tmp_path / "error.log")],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait_port(listen, "nginx")
        _wait_healthy(f"https://127.0.0.1:{listen}")
        yield f"https://127.0.0.1:{listen}", ports, env
    finally:
        if nginx is not None:
            nginx.send_signal(signal.SIGQUIT)
            try:
                nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                nginx.kill()
        for port in ports:
            pidfile = tmp_path / f"{port}.pid"
            if pidfile.exists():
                _end(int(pidfile.read_text()))


def test_two_rolling_restarts_behind_nginx_answer_no_error(
        stack: tuple[str, tuple[int, int], dict[str, str]], game: Game,
        tmp_path: Path) -> None:
    url, ports, env = stack
    statuses: list[int] = []
    failures: list[str] = []
    script_env = dict(env)
    script_env.update(APP_DIR=str(ROOT), APP_USER=subprocess.run(
        ["id", "-un"], capture_output=True, text=True).stdout.strip(),
        WEB_PORTS=f"{ports[0]} {ports[1]}", HEALTH_TIMEOUT="30",
        RESTART_WEB=f"{tmp_path}/restart.sh restart {{port}}", RESTART_WORKER="true")

    def upgrade() -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(ROOT / "deploy" / "upgrade.sh"), "--restart-only"],
                              env=script_env, capture_output=True, text=True, timeout=120)

    async def scenario() -> list[subprocess.CompletedProcess[str]]:
        stop = asyncio.Event()
        connector = aiohttp.TCPConnector(ssl=False)
        async with aiohttp.ClientSession(url, connector=connector,
                                         cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            # Through nginx: HEAD /healthz answers as GET without a body; static files (a 404
            # too, when collectstatic has not run here) carry the security headers.
            async with http.get("/healthz") as got, http.head("/healthz") as head:
                assert got.status == head.status == 200
                assert await head.read() == b""
            async with http.get("/static/classroom/live.js") as static:
                assert static.headers["X-Content-Type-Options"] == "nosniff"
                assert static.headers["X-Frame-Options"] == "DENY"
                assert "frame-ancestors 'none'" in static.headers["Content-Security-Policy"]
            token = await asyncio.to_thread(lambda: game.teams.get(name="Red").token)
            async with http.get(f"/join/{token}/") as joined:
                assert joined.status == 200
            paths = [f"/play/{game.code}/", f"/games/{game.pk}/revision/", "/"]

            async def loop(index: int) -> None:
                while not stop.is_set():
                    path = paths[index % len(paths)]
                    try:
                        async with http.get(path) as answer:
                            await answer.read()
                            statuses.append(answer.status)
                    except (TimeoutError, aiohttp.ClientError) as exc:
                        failures.append(f"{path}: {type(exc).__name__} {exc}")

            loops = [asyncio.create_task(loop(i)) for i in range(LOOPS)]
            await asyncio.sleep(2)
            runs = [await asyncio.to_thread(upgrade) for _ in range(2)]
            await asyncio.sleep(1)
            stop.set()
            await asyncio.gather(*loops)
            return runs

    runs = asyncio.run(scenario())
    for run in runs:
        assert run.returncode == 0, run.stdout + run.stderr
    stops = [line.split() for line in (tmp_path / "stops").read_text().splitlines()]
    print(f"{len(statuses)} answers through nginx; stops (port, seconds): {stops}")
    assert len(stops) == 4  # each process restarted twice
    assert all(float(seconds) <= STOP_WITHIN for _, seconds in stops), stops
    assert [s for s in statuses if s >= 500] == [], sorted(set(statuses))
    assert failures == []
    assert len(statuses) > 100
