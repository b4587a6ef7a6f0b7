"""Issue 12 in the browser: a practice game from the start page to the final statements, with
a hint — one year against two careful bots; and the practice pages in German on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import TIMEOUT

pytestmark = pytest.mark.browser

#: The player's moves, most wanted first: a passive team that rolls and passes, and pays what
#: falls due (the bots play the game; the test is about the practice mode around it).
PREFERRED = ("roll", "pass", "cost", "write_off", "renew_lease", "take_credit", "sell_back")


def open_practice(browser: Any, site: str, shots: Path | None, *, width: int, height: int,
                  locale: str, suffix: str) -> Any:
    page = browser.new_context(viewport={"width": width, "height": height},
                               locale=locale).new_page()
    page.goto(f"{site}/")
    page.locator("a[href='/practice/']").click()
    page.wait_for_selector("form.practice-new")
    if shots is not None:
        page.screenshot(path=str(shots / f"practice-form-{width}{suffix}.png"), full_page=True)
    page.fill("input[name=player]", "Me")
    page.select_option("select[name=bots]", "2")
    page.select_option("select[name=level]", "careful")
    page.fill("input[name=years]", "1")
    page.locator("form.practice-new button.primary").click()
    page.wait_for_selector(".statusbar strong", timeout=TIMEOUT)
    assert page.locator(".statusbar strong").inner_text() == "Me"
    return page


def status(page: Any) -> str:
    text: str = page.locator(".statusbar .status-text").inner_text()
    return text


def wait_for_me(page: Any, over: str, mine: str) -> bool:
    """Until the game waits for the player (True) or is over (False); the bots move meanwhile,
    one at a time, without anybody pressing anything."""
    page.wait_for_function(
        "([over, mine]) => { const s = document.querySelector('.statusbar .status-text');"
        " return s && (s.innerText.includes(over) || s.innerText.includes(mine)); }",
        arg=[over, mine], timeout=60_000)
    return over not in status(page)


def press_a_move(page: Any) -> None:
    for kind in PREFERRED:
        forms = page.locator(f"#panel form.move[data-type='{kind}']")
        if forms.count():
            with page.expect_response(lambda r: r.url.endswith("/move/")) as answer:
                forms.first.locator("button").first.click()
            assert answer.value.json().get("ok"), answer.value.json()
            return
    raise AssertionError(page.locator("#panel").inner_html()[:3000])


def test_a_practice_game_from_the_start_page_to_the_final_statements_with_a_hint(
        site: str, browser: Any, shots: Path) -> None:
    page = open_practice(browser, site, shots, width=1366, height=768, locale="en-GB",
                         suffix="")
    hinted = False
    for _ in range(200):
        if not wait_for_me(page, "The game is over.", "Your move!"):
            break
        if not hinted:
            page.locator("#practice-hint-form button").click()
            page.wait_for_function(
                "() => document.getElementById('practice-hint').innerText.startsWith('Hint: ')",
                timeout=TIMEOUT)
            page.screenshot(path=str(shots / "practice-hint-1366.png"))
            hinted = True
        before = page.locator("#panel").get_attribute("data-revision")
        press_a_move(page)
        page.wait_for_function(
            "r => document.getElementById('panel').dataset.revision !== r", arg=before,
            timeout=TIMEOUT)
    else:
        raise AssertionError("the practice game did not end")
    assert hinted
    # the same statements as in class: the team's reports card
    page.screenshot(path=str(shots / "practice-end-1366.png"), full_page=True)
    card = page.locator("section.reports-card")
    card.wait_for(timeout=TIMEOUT)
    if not card.locator("a[href*='download']").count():
        card.locator("button").first.click()
    # the reports page (as in class), with the finished PDF to download
    page.wait_for_selector("a[href*='download']", timeout=60_000)
    page.screenshot(path=str(shots / "practice-statements-1366.png"), full_page=True)


def test_practice_pages_in_german_on_a_phone_with_hint_and_undo(site: str, browser: Any,
                                                                 shots: Path) -> None:
    page = open_practice(browser, site, shots, width=390, height=844, locale="de-DE",
                         suffix="-de")
    assert "Übungsspiel" in page.locator("#practice").inner_text()
    assert wait_for_me(page, "Das Spiel ist beendet.", "Du bist am Zug!")
    page.locator("#practice-hint-form button").click()
    page.wait_for_function(
        "() => document.getElementById('practice-hint').innerText.startsWith('Tipp: ')",
        timeout=TIMEOUT)
    page.locator("#practice").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "practice-hint-390-de.png"))
    press_a_move(page)
    page.locator("#practice form[action$='/undo/'] button").click()
    page.wait_for_selector("#flash p", timeout=TIMEOUT)
    assert "zurückgenommen" in page.locator("#flash").inner_text()
