"""Issue 23: X-Forwarded-For is read only on a connection from one of the TRUSTED_PROXIES. Set
up for a proxy (``TRUSTED_PROXY_COUNT=1``, i.e. nginx on this machine) but reached without it, a
client that writes a new X-Forwarded-For on every try still fills its address's join bucket and
the sign-in lockout (12 of 12 wrong passwords were answered before)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, RequestFactory, override_settings

from classroom import throttle
from classroom.models import Game

ROOT = Path(__file__).resolve().parents[2]
NGINX = ["127.0.0.1", "::1"]  # what TRUSTED_PROXY_COUNT=1 alone trusts


def forged(n: int) -> str:
    return f"198.51.100.{n % 250 + 1}"


@override_settings(TRUSTED_PROXY_COUNT=1, TRUSTED_PROXIES=NGINX)
def test_a_client_reaching_the_site_directly_cannot_name_its_address() -> None:
    factory = RequestFactory()
    direct = factory.get("/", REMOTE_ADDR="10.9.9.9", HTTP_X_FORWARDED_FOR="203.0.113.1")
    assert throttle.client_address(direct) == "10.9.9.9"
    proxied = factory.get("/", REMOTE_ADDR="127.0.0.1",
                          HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.1")
    assert throttle.client_address(proxied) == "203.0.113.1"  # what nginx saw, not the left
    chain = factory.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.1, ::1")
    assert throttle.client_address(chain) == "203.0.113.1"  # proxies in the chain skipped


@override_settings(TRUSTED_PROXY_COUNT=1, TRUSTED_PROXIES=NGINX)
def test_wrong_pins_without_the_proxy_fill_the_address_bucket(game: Game) -> None:
    answers = [Client().post("/join/", {"code": game.code, "pin": "00000000"},
                             REMOTE_ADDR="10.9.9.9", HTTP_X_FORWARDED_FOR=forged(n)).status_code
               for n in range(settings.JOIN_FAILURES_PER_ADDRESS + 1)]
    assert answers[-2:] == [400, 429]


@override_settings(TRUSTED_PROXY_COUNT=1, TRUSTED_PROXIES=NGINX)
def test_wrong_passwords_without_the_proxy_lock_the_sign_in_out(teacher: User) -> None:
    tries = [Client().post("/accounts/login/", {"username": "teacher", "password": "wrong"},
                           REMOTE_ADDR="10.9.9.9", HTTP_X_FORWARDED_FOR=forged(n)).status_code
             for n in range(settings.AXES_FAILURE_LIMIT + 2)]
    limit = settings.AXES_FAILURE_LIMIT
    assert tries[:limit - 1] == [200] * (limit - 1) and tries[limit - 1:] == [429] * 3


@pytest.mark.parametrize(("env", "trusted"), [
    ({}, []), ({"TRUSTED_PROXY_COUNT": "1"}, NGINX),
    ({"TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.2"}, ["10.0.0.0/8", "192.168.1.2"]),
])
def test_the_proxies_come_from_the_environment(env: dict[str, str], trusted: list[str]) -> None:
    import json
    import os

    clean = {k: v for k, v in os.environ.items()
             if k not in ("TRUSTED_PROXIES", "TRUSTED_PROXY_COUNT", "DEBUG", "LISTEN_HOST")}
    result = subprocess.run(
        [sys.executable, "-c", "import json; from playboss import settings as s; "
                               "print(json.dumps(s.TRUSTED_PROXIES))"],
        cwd=ROOT, env={**clean, **env}, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-1000:]
    assert json.loads(result.stdout) == trusted


def test_a_wrong_proxy_entry_stops_the_start(tmp_path: Any) -> None:
    import os

    result = subprocess.run([sys.executable, "-c", "import playboss.settings"], cwd=ROOT,
                            env={**os.environ, "TRUSTED_PROXIES": "nginx.local"},
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and "TRUSTED_PROXIES: 'nginx.local'" in result.stderr
