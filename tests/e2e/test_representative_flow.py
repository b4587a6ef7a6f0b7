"""End to end in Debian's Chromium: students play step 6's worker representative from a browser
of their own (rulebook part II, "6. Step: Labor Market": "One player becomes the worker
representative. He does not get a business to start"). The teacher hands the role out on the
new-game form; the representative joins with the game code and its PIN, answers a team's
hiring offer, and never sees the team's cash; when the teacher takes the role back, its screen
leads to the join form. Screenshots as in test_classroom_flow (PLAYBOSS_SCREENSHOTS=1).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    TIMEOUT,
    teacher_creates_the_game,
    teacher_fills_a_new_game,
)

pytestmark = pytest.mark.browser


def test_students_play_the_worker_representative(site: str, browser: Any, shots: Path) -> None:
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    teacher_fills_a_new_game(teacher, site, "Labour market 11a", "Strike week",
                             "Red\nBlue", steps=[6], representative="students")
    game_id = teacher_creates_the_game(teacher)

    sheet = teacher.context.new_page()
    sheet.goto(f"{site}/games/{game_id}/teams/")
    code = sheet.locator("section.ts-card[data-team=Red] dd").first.inner_text().strip()
    red_pin = sheet.locator("section.ts-card[data-team=Red] dd.pin").inner_text()
    rep_pin = sheet.locator("section.ts-card[data-team=workers] dd.pin").inner_text()
    sheet.screenshot(path=str(shots / "e2e-team-sheet-representative.png"), full_page=True)
    sheet.close()

    def join(pin: str) -> object:
        page = browser.new_context(viewport={"width": 1300, "height": 1000}).new_page()
        page.goto(f"{site}/join/")
        page.fill("input[name=code]", code)
        page.fill("input[name=pin]", pin)
        page.click("button.primary")
        return page

    red, rep = join(red_pin), join(rep_pin)
    expect(red.locator(".statusbar strong")).to_have_text("Red", timeout=TIMEOUT)
    expect(rep.locator(".statusbar strong").first).to_have_text("Worker representative",
                                                           timeout=TIMEOUT)
    expect(rep.locator("#panel")).to_contain_text("5,000 M", timeout=TIMEOUT)  # the fund

    # The bank pays Red a prize nobody else may know of: 1,250 Marks.
    teacher.goto(f"{site}/games/{game_id}/bank/")
    correction = teacher.locator("form.move[data-type=correction]").first
    correction.locator("[name=team]").select_option("Red")
    correction.locator("[name=amount]").fill("1250")
    correction.locator("[name=reason]").fill("prize")
    correction.locator("button").click()
    expect(red.locator("#panel")).to_contain_text("21,250 M", timeout=TIMEOUT)

    # Red offers to hire two workers; the representative's screen shows the offer.
    offer = red.locator("form.move[data-type=offer_hire]").first
    offer.locator("[name=workers]").select_option("2")
    offer.locator("button").click()
    accept = rep.locator("form.move[data-type=accept_hire] button")
    expect(accept).to_be_visible(timeout=TIMEOUT)
    rep.screenshot(path=str(shots / "e2e-representative-offer.png"), full_page=True)
    accept.click()
    row = rep.locator("table.glance tr:has(th:text-is('Red'))")
    expect(row.locator("td").nth(1)).to_have_text("2", timeout=TIMEOUT)
    assert "21,250" not in rep.locator("#panel").inner_text()  # Red's cash is Red's
    rep.screenshot(path=str(shots / "e2e-representative.png"), full_page=True)

    # The teacher takes the role back: the students' screen goes to the join form.
    teacher.goto(f"{site}/games/{game_id}/workers/")
    expect(teacher.locator("section.representative-role")).to_contain_text(rep_pin)
    expect(teacher.locator("#panel")).to_contain_text("Teams and their workers",
                                                      timeout=TIMEOUT)
    teacher.screenshot(path=str(shots / "e2e-workers-console.png"), full_page=True)
    teacher.select_option("select[name=played_by]", "teacher")
    teacher.click("section.representative-role button")
    expect(teacher.locator("section.representative-role")).to_contain_text(
        "You play the representative here", timeout=TIMEOUT)
    expect(rep).to_have_url(re.compile(r"/join/\?code="), timeout=TIMEOUT)
