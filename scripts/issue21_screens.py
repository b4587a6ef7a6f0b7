"""Screenshots of the screens issue 21 changed, into docs/screenshots/ (390x844 German and
1366x768 English): a payment due in "Your move", the bot names (new-game form, console, team
sheet), the personal goal form and the green field's WEB uses. Run from the repository root
with the project's venv: ``python scripts/issue21_screens.py`` (Chromium at /usr/bin/chromium).
The pause and junk screenshots come from tests/e2e/test_pause_and_junk.py with
PLAYBOSS_SCREENSHOTS=1."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "docs" / "screenshots"
TEACHER, PASSWORD = "ms.weber", "shots-secret-1"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def language(page, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Choose the page's language with the switch every page has."""
    page.locator(f"form.lang button[value={lang}]").click()
    page.wait_for_selector(f"html[lang={lang}]")


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update({"DATABASE_URL": f"sqlite:///{folder / 'shots.sqlite3'}", "DEBUG": "1",
                "DJANGO_SETTINGS_MODULE": "playboss.settings"})
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    subprocess.run([*manage, "shell", "-c", "from django.contrib.auth.models import User; "
                    f"User.objects.create_user({TEACHER!r}, password={PASSWORD!r})"],
                   cwd=ROOT, env=env, check=True)
    setup = subprocess.run([*manage, "shell", "-c",
                            (ROOT / "scripts" / "issue21_screens_setup.py").read_text()],
                           cwd=ROOT, env=env, check=False, capture_output=True, text=True)
    if setup.returncode:
        sys.exit(setup.stderr[-3000:])
    line = next(x for x in setup.stdout.splitlines() if x.startswith("SCREENS "))
    games = json.loads(line[len("SCREENS "):])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p",
                               str(port), "playboss.asgi:application"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    site = f"http://127.0.0.1:{port}"
    time.sleep(3)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu"])

            def team(token: str, lang: str, viewport: dict[str, int]):  # type: ignore[no-untyped-def]
                page = browser.new_context(viewport=viewport).new_page()
                page.goto(f"{site}/join/{token}/")
                language(page, lang)
                page.wait_for_selector(".statusbar strong", timeout=10_000)
                page.wait_for_timeout(1500)
                return page

            def both(token: str, name: str, selector: str) -> None:
                for lang, viewport, size in (("de", PHONE, 390), ("en", LAPTOP, 1366)):
                    page = team(token, lang, viewport)
                    page.locator(selector).first.scroll_into_view_if_needed()
                    page.evaluate("window.scrollBy(0, -60)")
                    page.screenshot(path=str(SHOTS / f"{name}-{lang}-{size}.png"))
                    page.context.close()

            if "payment" in games:
                both(games["payment"]["tokens"]["Red"], "issue21-payment-due", "section.moves")
            both(games["goals"]["tokens"]["Red"], "issue21-goal-reminder", "section.moves")
            both(games["goals"]["tokens"]["Red"], "issue21-goal-form", "section.team-steps")
            both(games["green"]["tokens"]["Red"], "issue21-web-uses", ".web-uses")
            # The teacher's pages: the bot names.
            for lang, viewport, size in (("de", PHONE, 390), ("en", LAPTOP, 1366)):
                page = browser.new_context(viewport=viewport).new_page()
                page.goto(f"{site}/accounts/login/")
                page.fill("input[name=username]", TEACHER)
                page.fill("input[name=password]", PASSWORD)
                page.click("button.primary")
                language(page, lang)
                bots = games["bots"]
                page.goto(f"{site}/classes/{bots['class']}/games/new/")
                page.locator(".bot-kinds").scroll_into_view_if_needed()
                page.screenshot(path=str(SHOTS / f"issue21-bot-names-form-{lang}-{size}.png"))
                page.goto(f"{site}/games/{bots['id']}/teams/")
                page.screenshot(path=str(SHOTS / f"issue21-bot-names-sheet-{lang}-{size}.png"))
                page.goto(f"{site}/games/{bots['id']}/bank/")
                page.wait_for_timeout(2000)
                page.locator(".seat-log").scroll_into_view_if_needed()
                page.evaluate("window.scrollBy(0, -300)")
                page.screenshot(path=str(SHOTS / f"issue21-bot-names-console-{lang}-{size}.png"))
                page.context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    print("payment state found" if "payment" in games else "no payment state found")


if __name__ == "__main__":
    main()
