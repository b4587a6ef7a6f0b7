"""Issue 26: the files in deploy/ and what docs/deploy.md says of them agree — the by-hand
commands are the units' commands, the web unit's stop timeout fits the graceful shutdown,
nginx retries the other process instead of marking a restarting one down, static files carry
the security headers, Celery beat's schedule lives in the state directory and out of git."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
DOC = (ROOT / "docs" / "deploy.md").read_text()
NGINX = (DEPLOY / "nginx" / "playboss.conf").read_text()


def unit(name: str) -> dict[str, list[str]]:
    keys: dict[str, list[str]] = {}
    for line in (DEPLOY / "systemd" / name).read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            keys.setdefault(key.strip(), []).append(value.strip())
    return keys


def by_hand_commands() -> list[str]:
    """The ``exec ...`` of each by-hand line in the doc's section on the processes."""
    section = DOC[DOC.index("## 5."):DOC.index("## 6.")]
    return re.findall(r"; exec ([^']+)'", section)


@pytest.mark.parametrize("name, instances", [("playboss-web@.service", ["8001", "8002"]),
                                             ("playboss-worker.service", [""])])
def test_the_by_hand_commands_are_the_units_commands(name: str, instances: list[str]) -> None:
    (exec_start,) = unit(name)["ExecStart"]
    for instance in instances:
        assert exec_start.replace("%i", instance) in by_hand_commands(), (name, instance)


def test_every_by_hand_command_is_a_units_command() -> None:
    units = [unit("playboss-web@.service")["ExecStart"][0].replace("%i", port)
             for port in ("8001", "8002")] + unit("playboss-worker.service")["ExecStart"]
    assert sorted(by_hand_commands()) == sorted(units)
    assert any("--beat" in command for command in by_hand_commands())


def test_the_web_unit_stops_gracefully_and_is_killed_soon_after() -> None:
    web = unit("playboss-web@.service")
    assert web["KillSignal"] == ["SIGTERM"]
    # The graceful shutdown takes at most the drain (5 s) and a moment: 10 s under load.
    (timeout,) = web["TimeoutStopSec"]
    assert 10 < int(timeout) <= 30


def test_nginx_retries_the_other_process_and_never_marks_one_down() -> None:
    upstream = NGINX[NGINX.index("upstream playboss {"):NGINX.index("}")]
    servers = re.findall(r"^\s*server (\S+)(.*);", upstream, re.MULTILINE)
    assert [address for address, _ in servers] == ["127.0.0.1:8001", "127.0.0.1:8002"]
    for _, options in servers:
        assert "max_fails=0" in options, options
    retry = re.search(r"^\s*proxy_next_upstream ([^;]+);", NGINX, re.MULTILINE)
    assert retry is not None and {"error", "timeout"} <= set(retry.group(1).split())


def test_static_files_from_nginx_carry_the_pages_security_headers() -> None:
    static = NGINX[NGINX.index("location /static/ {"):]
    static = static[:static.index("}")]
    headers = dict(re.findall(r'add_header (\S+) "([^"]*)" always;', static))
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert headers["Strict-Transport-Security"].startswith("max-age=3600;")
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    # the same max-age as the environment file the doc starts from
    env = (DEPLOY / "env.example").read_text()
    assert "SECURE_HSTS_SECONDS=3600" in env


def test_the_beat_schedule_is_in_the_state_directory_and_out_of_git() -> None:
    env = dict(line.split("=", 1) for line in (DEPLOY / "env.example").read_text().splitlines()
               if line and not line.startswith("#"))
    path = env["CELERY_BEAT_SCHEDULE_FILENAME"]
    assert path.startswith("/var/lib/playboss/")
    assert f"`{path}`" in DOC
    read = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; import django; "
         "django.setup(); print(settings.CELERY_BEAT_SCHEDULE_FILENAME)"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "playboss.settings",
             "CELERY_BEAT_SCHEDULE_FILENAME": path})
    assert read.stdout.strip() == path, read.stderr[-2000:]
    for name in ("celerybeat-schedule", "celerybeat-schedule.db"):
        ignored = subprocess.run(["git", "check-ignore", "-q", name], cwd=ROOT)
        assert ignored.returncode == 0, f"{name} is not ignored by git"


@pytest.mark.skipif(shutil.which("curl") is None, reason="upgrade.sh needs curl")
def test_the_upgrade_changes_nothing_unless_every_process_is_healthy(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    marker = tmp_path / "restarted"
    result = subprocess.run(
        [str(DEPLOY / "upgrade.sh"), "--restart-only"], capture_output=True, text=True,
        timeout=60, env={**os.environ, "WEB_PORTS": str(port), "APP_DIR": str(tmp_path),
                         "RESTART_WEB": f"touch {marker}", "RESTART_WORKER": f"touch {marker}"})
    assert result.returncode == 1
    assert f"port {port} is not healthy before the upgrade; nothing changed" in result.stderr
    assert not marker.exists()
