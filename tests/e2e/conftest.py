"""The site for the browser tests: daphne serving pages and websockets on a fresh SQLite file,
in a process of its own, as in a classroom; one teacher account (ms.weber)."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEACHER, PASSWORD = "ms.weber", "e2e-secret-1"
TIMEOUT = 8_000  # ms a screen may take to follow a change (far more than it needs)
#: The two screens the issues ask to look at: a laptop and a phone.
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def _die_with_parent() -> None:
    """In the child: end when the test process ends, even when it is killed (Linux), so a
    stopped or crashed pytest(-xdist) worker leaves no daphne behind."""
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("e2e") / "site.sqlite3"
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL",)}
    env.update({"DATABASE_URL": f"sqlite:///{db}", "DJANGO_SETTINGS_MODULE": "playboss.settings",
                "DEBUG": "1"})
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "shell", "-c",
                    "from django.contrib.auth.models import User; "
                    f"User.objects.create_user({TEACHER!r}, password={PASSWORD!r})"],
                   cwd=ROOT, env=env, check=True)
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p",
                               str(port), "playboss.asgi:application"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              preexec_fn=_die_with_parent)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            time.sleep(0.2)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: docs/screenshots with PLAYBOSS_SCREENSHOTS=1 (to look at them and
    keep them in the docs), else a temporary folder, so a test run leaves the tree as it was."""
    folder = ROOT / "docs" / "screenshots" if os.environ.get("PLAYBOSS_SCREENSHOTS") else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (nothing downloads a browser here)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def teacher_fills_a_new_game(page: Any, site: str, class_name: str, game_name: str,
                             teams: str, **choices: Any) -> None:
    """The teacher signs in, makes a class and fills the new-game form with dice entered on the
    site. ``choices``: ``years`` (text), ``steps`` (ticked), ``representative`` (selected),
    ``begin`` ("now" unless said: the game runs at once; "lobby" waits for the start),
    ``bot_pace`` ("0" unless said)."""
    page.goto(f"{site}/accounts/login/")
    page.fill("input[name=username]", TEACHER)
    page.fill("input[name=password]", PASSWORD)
    page.click("button.primary")
    page.fill("input[name=name]", class_name)
    page.click("text=Create the class")
    page.click("text=New game")
    page.fill("input[name=name]", game_name)
    page.fill("textarea[name=teams]", teams)
    page.check("input[name=dice][value=entered]")
    page.check(f"input[name=begin][value={choices.get('begin', 'now')}]")
    if "years" in choices:
        page.fill("input[name=years]", choices["years"])
    for step in choices.get("steps", ()):
        page.check(f"input[name=steps][value='{step}']")
    if "representative" in choices:
        page.select_option("select[name=representative]", choices["representative"])
    # The form's bots wait 2 s between moves (for a projector); the suite's bots play at once
    # unless a test asks for a pace (``bot_pace``: "0", "1", "2", "4").
    page.select_option("select[name=bot_pace]", choices.get("bot_pace", "0"))


def teacher_creates_the_game(page: Any) -> str:
    """Submit the filled form; the new game's id, read off the bank console it opens."""
    from playwright.sync_api import expect

    page.click("form.new-game button.primary")
    expect(page.locator("text=Every team at a glance")).to_be_visible(timeout=TIMEOUT)
    found = re.search(r"/games/(\d+)/bank/", page.url)
    assert found, page.url
    return found.group(1)


def codes_from_the_team_sheet(
    teacher: Any, site: str, game_id: str, teams: tuple[str, ...] = ("Red", "Blue"),
) -> tuple[str, dict[str, str]]:
    """The game code and each team's PIN, read off the printed team sheet as a teacher would."""
    sheet = teacher.context.new_page()
    sheet.goto(f"{site}/games/{game_id}/teams/")
    code = sheet.locator(f"section.ts-card[data-team={teams[0]}] dd").first.inner_text().strip()
    pins = {team: sheet.locator(f"section.ts-card[data-team={team}] dd.pin").inner_text()
            for team in teams}
    sheet.close()
    return code, pins


def join_as(browser: Any, site: str, code: str, pin: str, team: str, *,
            viewport: dict[str, int] | None = None, locale: str | None = None,
            websockets: bool = True) -> Any:
    """A student's browser joins ``team`` with the game code and PIN; its screen shows."""
    from playwright.sync_api import expect

    options: dict[str, Any] = {"viewport": viewport or {"width": 1300, "height": 1000}}
    if locale:
        options["locale"] = locale
    page = browser.new_context(**options).new_page()
    if not websockets:  # as behind a proxy that blocks them: the page must poll
        page.add_init_script("delete window.WebSocket;")
    page.goto(f"{site}/join/")
    page.fill("input[name=code]", code)
    page.fill("input[name=pin]", pin)
    page.click("button.primary")
    expect(page.locator(".statusbar strong")).to_have_text(team, timeout=TIMEOUT)
    return page
