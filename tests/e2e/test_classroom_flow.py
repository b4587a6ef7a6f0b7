"""End to end in Debian's Chromium: a teacher sets up a game, two teams play from their own
browsers, the teacher undoes a move, and every screen follows without a reload — Red's and the
teacher's over the websocket, Blue's by polling, as when a school's proxy blocks websockets.

The site runs as it does in a classroom: daphne serving pages and websockets, on a fresh SQLite
file, in a process of its own. With PLAYBOSS_SCREENSHOTS=1 the screenshots of each page go to
docs/screenshots/e2e-*.png (to look at them, and to keep them in the docs); otherwise to a
temporary folder, so a test run leaves the tree as it was.
"""

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


def test_a_class_plays_a_game(site: str, browser: Any, shots: Path) -> None:
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    teacher.on("dialog", lambda dialog: dialog.accept())  # "take back this move?" — yes

    # The teacher signs in, makes a class and a game in physical-board mode.
    teacher_fills_a_new_game(teacher, site, "Business 10b", "Friday table", "Red\nBlue",
                             years="2")
    teacher.screenshot(path=str(shots / "e2e-new-game.png"), full_page=True)
    game_id = teacher_creates_the_game(teacher)

    # The team sheet gives the code and the PINs.
    code, pins = codes_from_the_team_sheet(teacher, site, game_id)

    def join(team: str, websockets: bool = True) -> object:
        return join_as(browser, site, code, pins[team], team, websockets=websockets)

    red, blue = join("Red"), join("Blue", websockets=False)
    expect(blue.locator("#connection")).to_contain_text("polling", timeout=TIMEOUT)

    def move(page: object, kind: str, **fields: str) -> None:
        form = page.locator(f"form.move[data-type={kind}]").first  # type: ignore[attr-defined]
        for name, value in fields.items():
            control = form.locator(f"[name={name}]")
            if control.evaluate("e => e.tagName") == "SELECT":
                control.select_option(value)
            else:
                control.fill(value)
        form.locator("button").click()

    def row(page: object, team: str) -> object:
        return page.locator(f"section.others tr:has(td:text-is('{team}'))")  # type: ignore[attr-defined]

    # Rolling for the first player: Red 6, Blue 1.
    # (Each screen is waited for: before its roll-off Red's screen says "Your move!" too.)
    status = red.locator(".statusbar .status-text")
    move(red, "roll", die="6")
    expect(status).to_contain_text("Rolling for the first player", timeout=TIMEOUT)
    move(blue, "roll", die="1")
    expect(status).to_contain_text("waiting for", timeout=TIMEOUT)  # the first turn
    expect(status).to_contain_text("Your move", timeout=TIMEOUT)

    # Red rolls a six onto a red field and buys two units of raw material.
    move(red, "roll", die="6")
    move(red, "purchase", units="2")
    expect(red.locator(".factory")).to_contain_text("Raw material", timeout=TIMEOUT)
    # Blue's screen shows Red's raw material without a reload.
    expect(row(blue, "Red").locator("td").nth(4)).to_have_text("2", timeout=TIMEOUT)

    # Blue rolls a six and buys a machine, 5,000 of it on bank credit.
    move(blue, "roll", die="6")
    move(blue, "invest", credit="5000")
    expect(blue.locator(".factory dl")).to_contain_text("5,000 M", timeout=TIMEOUT)
    # The bank's console follows: Blue's bank debt.
    expect(teacher.locator("table").first).to_contain_text("5,000 M", timeout=TIMEOUT)

    # Red offers Blue one unit of raw material for 500 Marks; Blue accepts.
    red.click("text=Offer a deal to another team")
    red.select_option("form.deal-form select[name=partner]", "Blue")
    red.fill("form.deal-form input[name='give.raw']", "1")
    red.fill("form.deal-form input[name='take.cash']", "500")
    red.click("form.deal-form button.primary")
    accept = blue.locator("form.move[data-type=accept_deal] button")
    expect(accept).to_be_visible(timeout=TIMEOUT)
    blue.screenshot(path=str(shots / "e2e-team-offer.png"), full_page=True)
    accept.click()
    expect(row(red, "Blue").locator("td").nth(4)).to_have_text("1", timeout=TIMEOUT)
    red.screenshot(path=str(shots / "e2e-team-after-deal.png"), full_page=True)

    # The teacher takes the accepted deal back; both screens follow without a reload.
    teacher.reload()
    teacher.locator("form[action$='/bank/undo/'] button").first.click()
    expect(row(red, "Blue").locator("td").nth(4)).to_have_text("0", timeout=TIMEOUT)
    expect(accept).to_be_visible(timeout=TIMEOUT)  # the offer is open again
    teacher.screenshot(path=str(shots / "e2e-bank-after-undo.png"), full_page=True)
    red.screenshot(path=str(shots / "e2e-team-red.png"), full_page=True)
