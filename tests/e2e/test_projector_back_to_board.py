"""Issue 13 in Chromium: the teacher's own projector page takes a team's books down.

The teacher who runs the game may keep the projector page open signed in (not the secret
link). While a team's books are up, its footer offers "Back to the board"; the button appears
and goes with the books, live, and pressing it leaves the teacher on the projector page with
the board. With PLAYBOSS_SCREENSHOTS=1 the pictures land in docs/screenshots
(projector-back-to-board-*.png).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import LAPTOP, PHONE, TIMEOUT, teacher_creates_the_game, teacher_fills_a_new_game

pytestmark = pytest.mark.browser


def test_the_teachers_projector_page_goes_back_to_the_board(site: str, browser: Any,
                                                            shots: Path) -> None:
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport=LAPTOP).new_page()
    teacher_fills_a_new_game(teacher, site, "Accounting 10c", "Books lesson",
                             "Red\nBlue", years="2")
    teacher.check("input[name=dice][value=engine]")
    for seat in (1, 2):
        teacher.select_option(f"select[name=player_{seat}]", "greedy")
    game_id = teacher_creates_the_game(teacher)
    console = teacher.url

    projector = teacher.context.new_page()  # the same teacher, signed in: not the secret link
    projector.goto(f"{site}/games/{game_id}/projector/")
    expect(projector.locator(".pj-board")).to_be_visible(timeout=TIMEOUT)
    back = projector.locator("form.pj-back-to-board button")
    expect(back).to_be_hidden()  # nothing to go back from

    form = teacher.locator("form.projector-books-form")
    form.locator("select[name=team]").select_option("Red")
    form.locator("button").click()
    expect(projector.locator(".pj-books[data-team=Red]")).to_be_visible(timeout=TIMEOUT)
    expect(back).to_be_visible()  # came with the books, without a reload
    expect(back).to_have_text("Back to the board")

    if shots.name == "screenshots":
        take_pictures(teacher, projector, console, shots)

    back.click()
    expect(projector.locator(".pj-board")).to_be_visible(timeout=TIMEOUT)
    assert projector.url.endswith(f"/games/{game_id}/projector/")
    expect(back).to_be_hidden()
    teacher.goto(console)
    expect(teacher.locator("section.projector-focus")).to_contain_text(
        "The projector shows the board.", timeout=TIMEOUT)


def take_pictures(teacher: Any, projector: Any, console: str, shots: Path) -> None:
    from playwright.sync_api import expect

    for language, words in (("de", "Zurück zum Spielbrett"), ("en", "Back to the board")):
        teacher.goto(console)
        teacher.locator(f"form.lang button[value={language}]").click()
        projector.reload()
        expect(projector.locator(".pj-books[data-team=Red]")).to_be_visible(timeout=TIMEOUT)
        back = projector.locator("form.pj-back-to-board button")
        expect(back).to_be_visible()
        expect(back).to_have_text(words)
        for size, name in ((LAPTOP, "1366x768"), (PHONE, "390x844")):
            projector.set_viewport_size(size)
            projector.screenshot(
                path=str(shots / f"projector-back-to-board-{name}-{language}.png"),
                full_page=size == PHONE)
        projector.set_viewport_size(LAPTOP)
