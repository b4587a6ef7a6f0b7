"""End to end in Chromium (issue 21, points 5 and 9).

Pause: every move control of a team's screen is disabled while the game is paused (on a laptop
in English and a phone in German), and enabled again on resume; a refusal that arrived as the
pause began ("The bank director has paused the game.") goes from the top of the page on resume
and after an undo.

Junk: "1e3" typed as an auction bid (the browser reads it as 1000, parseInt as 1) gives the
field's own sentence in the live line and, when sent, beside the form -- no figure, nothing
sent; a deal's Marks field alike.
"""

from __future__ import annotations

import re
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
REFUSED = re.compile(r"^(The bank director has paused the game\.|.* has moved since this screen "
                     r"was drawn.*)$")


def roll(page: Any, die: str) -> None:
    from playwright.sync_api import expect

    form = page.locator("form.move[data-type=roll]")
    expect(form).to_be_visible(timeout=TIMEOUT)
    form.locator("[name=die]").select_option(die)
    expect(form.locator("[name=die]")).to_have_value(die)  # not redrawn since
    form.locator("button").click()


def wait_for(page: Any, held: list[Any]) -> None:
    """Until the page's move has reached the route that holds it (a loaded machine is slow)."""
    for _ in range(50):
        if held:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the move was not sent")


def test_pause_disables_every_move_control_and_its_refusal_clears(
        site: str, browser: Any, shots: Path) -> None:
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport=LAPTOP).new_page()
    teacher.on("dialog", lambda dialog: dialog.accept())  # "take back this move?" — yes
    teacher_fills_a_new_game(teacher, site, "Pause", "Pause", "Red\nBlue", steps=["4"])
    game_id = teacher_creates_the_game(teacher)
    code, pins = codes_from_the_team_sheet(teacher, site, game_id)
    red = join_as(browser, site, code, pins["Red"], "Red", viewport=LAPTOP)
    blue = join_as(browser, site, code, pins["Blue"], "Blue", viewport=PHONE, locale="de-DE")
    roll(red, "6")
    roll(blue, "1")
    expect(red.locator(".statusbar")).to_contain_text("Your move", timeout=TIMEOUT)
    move_controls = "form.move button, form.move input, form.move select, form.deal-form button"

    def pause(paused: bool) -> None:
        teacher.locator("form[action$='/bank/pause/'] button").first.click()
        expect(teacher.locator("form[action$='/bank/pause/'] button").first).to_have_text(
            "Resume" if paused else "Pause", timeout=TIMEOUT)

    # Red presses "Roll" just as the bank pauses: the move reaches the server after the pause.
    held: list[Any] = []
    red.route("**/move/", lambda route: held.append(route))
    red.locator("form.move[data-type=roll] button").click()
    wait_for(red, held)
    pause(True)
    held[0].continue_()
    red.unroute("**/move/")
    flash = red.locator("#flash p.error")
    # Refused: paused (or, when the pause reached the server's check of the screen's revision
    # first, "moved since this screen was drawn"); either stays at the top until now.
    expect(flash).to_have_text(REFUSED, timeout=TIMEOUT)
    for page in (red, blue):
        expect(page.locator(".paused-note")).to_be_visible(timeout=TIMEOUT)
        controls = page.locator(move_controls)
        assert controls.count() > 3
        for i in range(controls.count()):
            expect(controls.nth(i)).to_be_disabled(timeout=TIMEOUT)
    expect(blue.locator(".paused-note")).to_contain_text("Das Spiel ist unterbrochen")
    red.screenshot(path=str(shots / "pause-team-en-1366.png"), full_page=False)
    blue.screenshot(path=str(shots / "pause-team-de-390.png"), full_page=False)
    pause(False)
    expect(flash).to_have_count(0, timeout=TIMEOUT)
    for page in (red, blue):
        expect(page.locator(".paused-note")).to_have_count(0, timeout=TIMEOUT)
        expect(page.locator("form.move[data-type=roll] button, form.move.any-time button")
               .first).to_be_enabled(timeout=TIMEOUT)

    # Again, and this time the bank takes a move back while paused (Blue's roll for the first
    # player): the refusal goes, and Blue's roll form is back, disabled until the resume.
    held.clear()
    red.route("**/move/", lambda route: held.append(route))
    red.locator("form.move[data-type=roll] button").click()
    wait_for(red, held)
    pause(True)
    held[0].continue_()
    red.unroute("**/move/")
    # Refused: paused (or, when the pause reached the server's check of the screen's revision
    # first, "moved since this screen was drawn"); either stays at the top until now.
    expect(flash).to_have_text(REFUSED, timeout=TIMEOUT)
    teacher.locator("form[action$='/bank/undo/'] button").first.click()
    expect(flash).to_have_count(0, timeout=TIMEOUT)
    expect(blue.locator("form.move[data-type=roll] button")).to_be_disabled(timeout=TIMEOUT)
    pause(False)
    expect(blue.locator("form.move[data-type=roll] button")).to_be_enabled(timeout=TIMEOUT)


def test_junk_in_a_number_field_gets_the_fields_own_sentence(
        site: str, browser: Any, shots: Path) -> None:
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport=LAPTOP).new_page()
    teacher_fills_a_new_game(teacher, site, "Junk", "Junk", "Red\nBlue", steps=["2"])
    game_id = teacher_creates_the_game(teacher)
    code, pins = codes_from_the_team_sheet(teacher, site, game_id)
    red = join_as(browser, site, code, pins["Red"], "Red", viewport=LAPTOP)
    blue = join_as(browser, site, code, pins["Blue"], "Blue", viewport=PHONE, locale="de-DE")
    roll(red, "6")
    roll(blue, "1")
    # Red's turn has reached Red's screen before it rolls: a die chosen on the screen of the
    # roll for who begins is lost when the region is redrawn ("Your move" alone can still be
    # the roll-off's status).
    expect(red.get_by_text("Red rolled highest and begins.").first).to_be_visible(
        timeout=TIMEOUT)
    expect(red.locator("form.move[data-type=roll] [name=die]")).to_have_value("1")
    roll(red, "6")
    purchase = red.locator("form.move[data-type=purchase]")
    expect(purchase).to_be_visible(timeout=TIMEOUT)
    purchase.locator("[name=units]").select_option("2")
    purchase.locator("button").click()

    bid = blue.locator("form.move[data-type=auction_bid]")
    expect(bid).to_be_visible(timeout=TIMEOUT)
    field = bid.locator("input[name=price]")
    low, high = field.get_attribute("min"), field.get_attribute("max")
    field.fill("1e3")
    live = bid.locator("output.live")
    expect(live).to_have_text(re.compile(r"^Mark je Einheit: Gib eine ganze Zahl von [\d.]+ bis "
                                         r"[\d.]+ ein\. In Schritten von 50\.$"))
    assert "Kasse danach" not in live.inner_text()
    expect(field).to_have_attribute("aria-invalid", "")
    seq = blue.locator("#live").get_attribute("data-revision")
    bid.locator("button").click()  # sends nothing: the field says why
    field.press("Enter")
    expect(field).to_be_focused()
    expect(live).to_contain_text("Gib eine ganze Zahl")
    blue.wait_for_timeout(500)
    assert blue.locator("#live").get_attribute("data-revision") == seq  # nothing was sent
    live.scroll_into_view_if_needed()
    blue.screenshot(path=str(shots / "junk-bid-de-390.png"), full_page=False)
    assert low and high
    field.fill(str(int(low) + 50))
    expect(live).to_contain_text("Kasse danach")

    # A deal's Marks field on the laptop, in English.
    red.locator("details:has(form.deal-form) > summary").click()
    deal = red.locator("form.deal-form")
    deal.locator("input[name='give.cash']").fill("1e3")
    expect(deal.locator("output.deal-cash")).to_have_text(
        "You give · Marks: type a whole number, at least 0. In steps of 50.")
    revision = red.locator("#live").get_attribute("data-revision")
    deal.locator("button.primary").click()
    expect(deal.locator("input[name='give.cash']")).to_be_focused()
    red.wait_for_timeout(500)
    assert red.locator("#live").get_attribute("data-revision") == revision  # nothing sent
    expect(red.locator(".deal")).to_have_count(0)  # no offer was made
    deal.locator("output.deal-cash").scroll_into_view_if_needed()
    red.screenshot(path=str(shots / "junk-deal-en-1366.png"), full_page=False)
    deal.locator("input[name='give.cash']").fill("1000")
    expect(deal.locator("output.deal-cash")).to_contain_text("Your cash after the deal")


def test_a_move_that_spends_more_than_half_the_cash_asks_first(
        site: str, browser: Any, shots: Path) -> None:
    """Issue 21, point 8: buying a computer with all the cash asks, naming the cash after;
    "no" sends nothing, "yes" buys it; a roll asks nothing."""
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport=LAPTOP).new_page()
    teacher_fills_a_new_game(teacher, site, "Spend", "Spend", "Red\nBlue")
    game_id = teacher_creates_the_game(teacher)
    code, pins = codes_from_the_team_sheet(teacher, site, game_id)
    red = join_as(browser, site, code, pins["Red"], "Red", viewport=LAPTOP)
    asked: list[str] = []
    answers = [False, True]

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        if answers.pop(0):
            dialog.accept()
        else:
            dialog.dismiss()

    red.on("dialog", answer)
    roll(red, "6")  # the roll for who begins: nothing to ask
    red.wait_for_timeout(500)
    assert asked == []
    computer = red.locator("form.move[data-type=buy_computer]")
    expect(computer).to_be_visible(timeout=TIMEOUT)
    computer.locator("button").click()
    red.wait_for_timeout(500)
    assert len(asked) == 1, asked
    assert re.fullmatch(r"Buy a computer for 20,000 Marks: this spends ([\d,]+) of your \1 "
                        r"Marks\. Your cash after: 0 Marks\. Go ahead\?", asked[0]), asked[0]
    cash = red.locator("section.factory dd.money").first
    expect(cash).to_have_text(re.compile(r"^[1-9][\d,]* M$"))  # "no": nothing was bought
    computer.locator("button").click()
    expect(red.locator("form.move[data-type=buy_computer]")).to_have_count(0, timeout=TIMEOUT)
    assert len(asked) == 2
