"""End to end in Chromium (issue 21, points 3 and 4): a class game with the teacher holding the
bank and the worker representative, Red on a phone in English, Blue on a laptop in German.
While a hiring offer is open, play goes on (rulebook part II, "Hiring": "Hiring can occur at
any time"); every screen and the projector warn before the unused workers leave ("6. Step:
Labor Market": when the first team first crosses the start).

With PLAYBOSS_SCREENSHOTS=1 the pictures go to docs/screenshots/ (hiring-beside-play-*,
retiring-*, at 390×844 and 1366×768, in English and German).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    LAPTOP,
    PHONE,
    TIMEOUT,
    codes_from_the_team_sheet,
    join_as,
    teacher_creates_the_game,
    teacher_fills_a_new_game,
)

pytestmark = pytest.mark.browser


def test_play_goes_on_while_a_hiring_offer_is_open(site: str, browser: Any,
                                                   shots: Path) -> None:
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport=LAPTOP).new_page()
    teacher.on("dialog", lambda dialog: dialog.accept())
    teacher_fills_a_new_game(teacher, site, "Business 10d", "Hiring beside play",
                             "Red\nBlue", years="2", steps=[6])
    game_id = teacher_creates_the_game(teacher)
    code, pins = codes_from_the_team_sheet(teacher, site, game_id)
    red = join_as(browser, site, code, pins["Red"], "Red", viewport=PHONE, locale="en-GB")
    blue = join_as(browser, site, code, pins["Blue"], "Blue", viewport=LAPTOP, locale="de-DE")

    def roll(page: Any, die: str) -> None:
        form = page.locator("form.move[data-type=roll]")
        expect(form).to_be_visible(timeout=TIMEOUT)
        form.locator("[name=die]").select_option(die)
        form.locator("button").click()

    def offer_hire(page: Any, workers: str) -> None:
        form = page.locator("form.move[data-type=offer_hire]").first
        expect(form).to_be_visible(timeout=TIMEOUT)
        form.locator("[name=workers]").select_option(workers)
        form.locator("button").click()

    roll(red, "6")  # the roll for first place: Red 6, Blue 1
    roll(blue, "1")
    expect(red.locator(".statusbar")).to_contain_text("Your move", timeout=TIMEOUT)

    # The warning before the unused workers leave: the engine's figures on every screen.
    warning = "20 unused workers leave the game when the first team finishes its first year."
    expect(red.locator(".retiring")).to_contain_text(warning, timeout=TIMEOUT)
    expect(red.locator(".retiring")).to_contain_text("Red is 41 fields from the start.")
    expect(blue.locator(".retiring")).to_contain_text(
        "20 nicht eingestellte Arbeitskräfte verlassen das Spiel", timeout=TIMEOUT)
    expect(teacher.locator(".retiring")).to_contain_text(warning, timeout=TIMEOUT)
    projector = teacher.context.new_page()
    projector.goto(f"{site}/games/{game_id}/projector/")
    expect(projector.locator(".retiring")).to_contain_text(warning, timeout=TIMEOUT)
    projector.screenshot(path=str(shots / "retiring-projector-en-1366.png"))
    red.screenshot(path=str(shots / "retiring-team-en-390.png"))
    blue.screenshot(path=str(shots / "retiring-team-de-1366.png"))

    # Red asks for two workers; nobody waits for the representative: Red rolls at once.
    offer_hire(red, "2")
    needs = teacher.locator("section.needs li.need-offer")
    expect(needs).to_contain_text("Red asks the worker representative for 2 workers",
                                  timeout=TIMEOUT)
    expect(red.locator(".statusbar")).not_to_contain_text("worker representative")
    roll(red, "6")
    expect(red.locator(".statusbar")).to_contain_text("Field 7", timeout=TIMEOUT)
    expect(red.locator(".retiring")).to_contain_text("Red is 35 fields from the start.",
                                                     timeout=TIMEOUT)
    red.screenshot(path=str(shots / "hiring-beside-play-team-en-390.png"))
    teacher.screenshot(path=str(shots / "hiring-beside-play-bank-en-1366.png"))

    # Red plays its red field on; Blue's turn comes while the offer is still open.
    red.locator("form.move[data-type=pass]").first.click()
    expect(blue.locator("form.move[data-type=roll]")).to_be_visible(timeout=TIMEOUT)
    expect(needs).to_have_count(1)
    # The teacher answers when they like: during Blue's turn, from "Needs you now".
    needs.locator("form[data-type=accept_hire] button").click()
    expect(needs).to_have_count(0, timeout=TIMEOUT)
    expect(red.locator(".ticker")).to_contain_text("Red hires 2 workers", timeout=TIMEOUT)
    expect(red.locator(".retiring")).to_contain_text("18 unused workers", timeout=TIMEOUT)
    roll(blue, "2")
    expect(blue.locator(".statusbar")).to_contain_text("Feld 3", timeout=TIMEOUT)

    # The teacher lets a bot answer the hiring offers at the going salary (the console's
    # switch).
    workers = teacher.context.new_page()
    workers.goto(f"{site}/games/{game_id}/workers/")
    workers.locator("form.hiring-switch button").click()
    expect(workers.locator("form.hiring-switch")).to_contain_text(
        "A bot answers the teams' hiring offers at the going salary.", timeout=TIMEOUT)
    workers.screenshot(path=str(shots / "hiring-switch-workers-en-1366.png"))
    # Not driven here: a team's offer with the switch on. The bot's answer is tested in process
    # (tests/web/test_hiring_beside_play.py, test_with_the_switch_on_an_offer_is_answered_after
    # _the_move); in this browser game on the embedded default it sometimes never came (3 of 6
    # runs, one on a quiet machine; the daphne then did not stop within 10 s, a task stuck in
    # the move's on_commit is the suspect): issue 21 keeps it open.
