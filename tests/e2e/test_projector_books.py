"""Issue 13 in Chromium: the bank director puts one team's books on the projector.

Two browsers, as in a classroom: the teacher's bank console, and the projector laptop that
opened the game's secret link (nobody signed in there). The teacher picks a team; the projector
shows its books without reloading, still shows them after a reload, follows the move the
teacher picks, and goes back to the board. With PLAYBOSS_SCREENSHOTS=1 the pictures of the
issue land in docs/screenshots (projector-books-*.png).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    LAPTOP,
    PHONE,
    TIMEOUT,
    teacher_creates_the_game,
    teacher_fills_a_new_game,
)

pytestmark = pytest.mark.browser
FULL_HD = {"width": 1920, "height": 1080}


def show_books(teacher: Any, team: str, move: str = "") -> None:
    form = teacher.locator("form.projector-books-form")
    form.locator("select[name=team]").select_option(team)
    form.locator("input[name=move]").fill(move)
    form.locator("button").click()


def test_the_projector_follows_the_banks_choice_of_books(site: str, browser: Any,
                                                         shots: Path) -> None:
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport=LAPTOP).new_page()
    # Three bots play two years on their own (the site's dice): books with bookings.
    teacher_fills_a_new_game(teacher, site, "Accounting 10b", "Books on the projector",
                             "Red\nBlue\nGreen", years="2")
    teacher.check("input[name=dice][value=engine]")
    for seat, bot in ((1, "greedy"), (2, "sensible"), (3, "greedy")):
        teacher.select_option(f"select[name=player_{seat}]", bot)
    game_id = teacher_creates_the_game(teacher)
    console = teacher.url

    teacher.goto(f"{site}/games/{game_id}/projector/")
    teacher.locator("details:not(.loopback) summary").click()
    link = teacher.locator("input[data-select-on-focus]").input_value()
    teacher.goto(console)

    projector = browser.new_context(viewport=LAPTOP).new_page()
    projector.goto(link)
    expect(projector.locator(".pj-board")).to_be_visible(timeout=TIMEOUT)
    projector.evaluate("window.sameDocument = true")  # gone if the page reloads

    control = teacher.locator("section.projector-focus")
    expect(control).to_contain_text("The whole class will see this team's books")
    show_books(teacher, "Blue")
    expect(control).to_contain_text("The projector shows Blue's books, after the latest move.",
                                     timeout=TIMEOUT)
    books = projector.locator(".pj-books[data-team=Blue]")
    expect(books).to_be_visible(timeout=TIMEOUT)
    expect(projector.locator(".pj-board")).to_have_count(0)
    assert projector.evaluate("window.sameDocument === true")  # followed live, no reload
    expect(books.locator("h1")).to_have_text("2 Books of Blue")  # its pawn's number
    expect(books.locator(".pj-journal tbody tr").first).to_be_visible()
    accounts = books.locator(".pj-t h3").all_inner_texts()
    assert "Bank (cash)" in accounts and "Capital" in accounts  # the starting capital's T's
    expect(books.locator(".pj-sheet tr.total").first).to_be_visible()

    projector.reload()  # a projector that reloads (or joins late) shows the same
    expect(projector.locator(".pj-books[data-team=Blue]")).to_be_visible(timeout=TIMEOUT)
    projector.set_viewport_size(PHONE)  # a teacher checking it on a phone: one column
    if shots.name == "screenshots":
        projector.screenshot(path=str(shots / "projector-books-phone-en.png"), full_page=True)
    assert projector.evaluate("document.documentElement.scrollWidth <= innerWidth")
    projector.set_viewport_size(LAPTOP)

    show_books(teacher, "Red", "12")
    expect(projector.locator(".pj-books[data-team=Red][data-move='12']")).to_be_visible(
        timeout=TIMEOUT)
    expect(projector.locator(".pj-books-when")).to_contain_text("after move 12")
    for row in projector.locator(".pj-journal td.seq").all_inner_texts():
        assert int(row) <= 12  # nothing booked after the chosen move

    if shots.name == "screenshots":  # the pictures of the issue, looked at before committing
        take_pictures(browser, teacher, projector, link, shots)

    teacher.locator("form.projector-board-form button").click()
    expect(projector.locator(".pj-board")).to_be_visible(timeout=TIMEOUT)
    expect(projector.locator(".pj-books")).to_have_count(0)
    expect(control).to_contain_text("The projector shows the board.", timeout=TIMEOUT)


def take_pictures(browser: Any, teacher: Any, projector: Any, link: str, shots: Path) -> None:
    from playwright.sync_api import expect

    show_books(teacher, "Red")  # a beginner bot: it buys, produces and borrows
    german = browser.new_context(viewport=LAPTOP, locale="de-DE").new_page()
    german.goto(link)
    for page, language in ((projector, "en"), (german, "de")):
        expect(page.locator(".pj-books[data-team=Red]")).to_be_visible(timeout=TIMEOUT)
        expect(page.locator(".pj-books-when")).to_contain_text(
            "the latest" if language == "en" else "dem neuesten", timeout=TIMEOUT)
        for size, name in ((LAPTOP, "1366x768"), (FULL_HD, "1920x1080")):
            page.set_viewport_size(size)
            page.screenshot(path=str(shots / f"projector-books-{name}-{language}.png"))
        page.set_viewport_size(LAPTOP)
    german.context.close()
    teacher.set_viewport_size(PHONE)
    for language in ("de", "en"):  # the console's language switch, German first and back
        teacher.locator(f"form.lang button[value={language}]").click()
        control = teacher.locator("section.projector-focus")
        expect(control.locator(".projector-now strong")).to_be_visible(timeout=TIMEOUT)
        control.scroll_into_view_if_needed()
        control.screenshot(path=str(shots / f"projector-books-control-phone-{language}.png"))
    teacher.set_viewport_size(LAPTOP)
