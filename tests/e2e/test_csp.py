"""The content security policy in Chromium (issue 11): every screen of a game works under it
and the browser reports no violation — the teacher's pages, a team's screen over its socket,
the projector, the team sheet's print button, the reports page, the admin's sign-in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    TIMEOUT,
    codes_from_the_team_sheet,
    join_as,
    teacher_creates_the_game,
    teacher_fills_a_new_game,
)

pytestmark = pytest.mark.browser

#: Records what the policy refuses (the event fires for every blocked script, style, socket,
#: handler) and stands in for the print dialog.
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline")));
window.__printed = 0;
window.print = () => { window.__printed += 1; };
"""


def watched(context: Any, messages: list[str]) -> Any:
    context.add_init_script(WATCH)
    page = context.new_page()
    page.on("console", lambda m: messages.append(m.text)
            if "Content Security Policy" in m.text else None)
    return page


def test_every_screen_works_under_the_policy(site: str, browser: Any, shots: Path) -> None:
    from playwright.sync_api import expect

    messages: list[str] = []
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    teacher = watched(context, messages)
    teacher_fills_a_new_game(teacher, site, "CSP class", "Policy game", "Red\nBlue")
    game_id = teacher_creates_the_game(teacher)
    policy = teacher.evaluate("() => fetch(location.href).then("
                              "r => r.headers.get('content-security-policy'))")
    assert "script-src 'self';" in policy and "unsafe-eval" not in policy
    expect(teacher.locator("#connection")).to_contain_text("Live", timeout=TIMEOUT)

    code, pins = codes_from_the_team_sheet(teacher, site, game_id)
    red = join_as(browser, site, code, pins["Red"], "Red", viewport={"width": 390,
                                                                     "height": 844})
    red.context.add_init_script(WATCH)
    red.reload()
    expect(red.locator("#connection")).to_contain_text("Live", timeout=TIMEOUT)
    # A move over HTTP (fetch) and the change back over the socket: connect-src allows both.
    before = teacher.locator("#live").get_attribute("data-revision")
    form = red.locator("form.move[data-type=roll]").first
    die = form.locator("[name=die]")
    if die.evaluate("e => e.tagName") == "SELECT":
        die.select_option("3")
    else:
        die.fill("3")
    form.locator("button").click()
    teacher.wait_for_function(
        f"() => document.getElementById('live').dataset.revision !== '{before}'",
        timeout=TIMEOUT)

    sheet = watched(context, messages)
    sheet.goto(f"{site}/games/{game_id}/teams/")
    sheet.locator("button[data-print]").click()
    assert sheet.evaluate("() => window.__printed") == 1  # page.js, not an onclick=
    sheet.screenshot(path=str(shots / "csp-team-sheet.png"), full_page=True)

    projector = watched(context, messages)
    projector.goto(f"{site}/games/{game_id}/projector/")
    expect(projector.locator("#live")).to_be_visible(timeout=TIMEOUT)
    projector.locator("details:not(.loopback) summary").click()
    link = projector.locator("input[data-select-on-focus]")
    link.focus()
    selected = link.evaluate("e => e.selectionEnd - e.selectionStart")
    assert selected == len(link.input_value()) > 0
    projector.screenshot(path=str(shots / "csp-projector.png"), full_page=True)

    reports = watched(context, messages)
    reports.goto(f"{site}/games/{game_id}/reports/")
    admin = watched(browser.new_context(), messages)
    admin.goto(f"{site}/admin/login/")
    expect(admin.locator("input[name=username]")).to_be_visible()

    pages = (teacher, red, sheet, projector, reports, admin)
    seen = [page.evaluate("() => window.__csp") for page in pages]
    assert seen == [[]] * len(pages) and not messages, (seen, messages)
