"""Secure defaults (issue 11): what the settings make of the environment, ``check --deploy`` on
a production environment, the content security policy on the pages.

Settings are read afresh in a subprocess with an environment of its own for each case."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

from django.test import Client

ROOT = Path(__file__).resolve().parents[1]
#: Every variable these settings read: a case starts from none of them.
SECURITY_ENV = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "SITE_URL", "LISTEN_HOST",
                "CSRF_TRUSTED_ORIGINS", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
                "SECURE_PROXY_SSL_HEADER", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
                "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD",
                "CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY",
                "DATABASE_URL", "REDIS_URL")
#: A production set-up as docs/deploy.md writes it into the units' environment file.
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "SITE_URL": "https://playboss.school.example",
    "ALLOWED_HOSTS": "playboss.school.example,127.0.0.1",
    "SECURE_PROXY_SSL_HEADER": "1",
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
}
READ = """
import json
from playboss import settings as s
names = ["DEBUG", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "SESSION_COOKIE_SECURE",
         "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
         "CONTENT_SECURITY_POLICY"]
print(json.dumps({n: getattr(s, n) for n in names}))
"""


def run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in SECURITY_ENV}
    clean.update(env)
    return subprocess.run(args, cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120)


def read_settings(**env: str) -> dict[str, Any]:
    result = run([sys.executable, "-c", READ], **env)
    assert result.returncode == 0, result.stderr[-2000:]
    return dict(json.loads(result.stdout))


def test_check_deploy_with_production_settings_gives_no_warning() -> None:
    result = run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                 **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_check_deploy_names_what_a_deployment_left_out() -> None:
    """The same check without the HTTPS variables warns about each of them: the clean run
    above is the variables' doing, not a check that never looks."""
    bare = {"DEBUG": "0", "SECRET_KEY": PRODUCTION["SECRET_KEY"]}
    result = run([sys.executable, "manage.py", "check", "--deploy"], **bare)
    for warning in ("W004", "W008", "W012", "W016"):
        assert f"security.{warning}" in result.stderr + result.stdout


def test_the_demo_on_this_computer_alone_answers_to_loopback_names_only() -> None:
    data = read_settings()
    assert data["DEBUG"] is False  # issue 23: only DEBUG=1 turns debug pages on
    assert data["ALLOWED_HOSTS"] == ["localhost", "127.0.0.1", "[::1]"]
    assert data["SESSION_COOKIE_SECURE"] is False and data["SECURE_HSTS_SECONDS"] == 0


UNKNOWN_HOST = """
import django
django.setup()
from django.test import Client
r = Client().get("/join/", HTTP_HOST="evil.example")
print(r.status_code, "DisallowedHost at" in r.content.decode())
"""


def test_debug_is_off_unless_asked_for_so_an_unknown_host_gets_no_debug_page() -> None:
    """Issue 23: with nothing set (LISTEN_HOST forgotten while daphne listens on the network),
    a request with a Host the site does not answer to gets a plain 400, not Django's debug page
    with the settings. Only DEBUG=1 (scripts/run.sh on a loopback address) shows it."""
    for env in ({}, {"LISTEN_HOST": "0.0.0.0", "SECRET_KEY": "k" * 50},
                {"SITE_URL": "http://10.0.0.5:8000", "SECRET_KEY": "k" * 50}):
        plain = run([sys.executable, "-c", UNKNOWN_HOST],
                    DJANGO_SETTINGS_MODULE="playboss.settings", **env)
        assert plain.stdout.split() == ["400", "False"], plain.stdout + plain.stderr[-2000:]
        assert read_settings(**env)["DEBUG"] is False
    debug = run([sys.executable, "-c", UNKNOWN_HOST], DJANGO_SETTINGS_MODULE="playboss.settings",
                DEBUG="1")
    assert debug.stdout.split() == ["400", "True"], debug.stdout + debug.stderr[-2000:]


def test_the_demo_on_the_classroom_network_has_no_debug_pages_and_needs_a_key() -> None:
    refused = run([sys.executable, "-c", READ], LISTEN_HOST="0.0.0.0")
    assert refused.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in refused.stderr
    data = read_settings(LISTEN_HOST="0.0.0.0", SECRET_KEY="k" * 50)
    assert data["DEBUG"] is False
    assert "*" not in data["ALLOWED_HOSTS"]
    assert {"localhost", "127.0.0.1"} <= set(data["ALLOWED_HOSTS"])


def test_any_host_only_when_asked_for_and_debug_can_be_forced() -> None:
    assert read_settings(LISTEN_HOST="0.0.0.0", SECRET_KEY="k" * 50,
                         ALLOWED_HOSTS="*")["ALLOWED_HOSTS"] == ["*"]
    assert read_settings(LISTEN_HOST="0.0.0.0", DEBUG="1")["DEBUG"] is True
    assert read_settings(DEBUG="0", SECRET_KEY="k" * 50)["DEBUG"] is False


def test_an_https_site_url_makes_cookies_secure_and_its_origin_trusted() -> None:
    data = read_settings(SECRET_KEY="k" * 50, SITE_URL="https://playboss.school.example/")
    assert data["DEBUG"] is False  # a public address is no loopback demo
    assert data["SESSION_COOKIE_SECURE"] is True and data["CSRF_COOKIE_SECURE"] is True
    assert data["CSRF_TRUSTED_ORIGINS"] == ["https://playboss.school.example"]
    assert "playboss.school.example" in data["ALLOWED_HOSTS"]
    assert read_settings(SECRET_KEY="k" * 50, SITE_URL="https://x.example",
                         SESSION_COOKIE_SECURE="0")["SESSION_COOKIE_SECURE"] is False


def test_a_whole_policy_may_come_from_the_environment() -> None:
    policy = "default-src 'self'; script-src 'self' https://cdn.example"
    assert read_settings(CONTENT_SECURITY_POLICY=policy)["CONTENT_SECURITY_POLICY"] == policy


def directives(header: str) -> dict[str, list[str]]:
    parts = (item.split() for item in header.split(";") if item.strip())
    return {words[0]: words[1:] for words in parts}


def test_pages_carry_a_policy_without_inline_scripts(client: Client, db: Any) -> None:
    response = client.get("/join/")
    assert response.status_code == 200
    policy = directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src-elem"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert policy["connect-src"] == ["'self'", "ws://testserver"]
    secure = client.get("/join/", secure=True)
    assert "wss://testserver" in directives(secure["Content-Security-Policy"])["connect-src"]


def test_report_only_sends_the_policy_under_the_report_only_header(
        client: Client, db: Any, settings: Any) -> None:
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = True
    response = client.get("/join/")
    assert "Content-Security-Policy" not in response
    assert "script-src 'self'" in response["Content-Security-Policy-Report-Only"]


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)


def test_no_template_has_an_inline_script_or_handler() -> None:
    """script-src 'self' refuses them: a button with onclick= would silently do nothing."""
    found = []
    pages = sorted((ROOT / "templates").rglob("*.html"))
    assert len(pages) > 20  # the site's templates, all in one folder
    for path in pages:
        text = path.read_text()
        for pattern in (INLINE_SCRIPT, INLINE_HANDLER):
            found += [f"{path.relative_to(ROOT)}: {m.group(0)[:60]}"
                      for m in pattern.finditer(text)
                      if 'type="application/json"' not in m.group(0)]
    assert not found, found
