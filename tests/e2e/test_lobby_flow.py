"""End to end in Chromium (issue 10): the lobby, the bank's "needs you now", the worker
representative's offers, a frozen countdown, and a new PIN that sends a lost phone back to the
join form — with the teacher holding both roles (bank and representative), one team on a phone
(390×844) and one on a laptop, in English and German.

With PLAYBOSS_SCREENSHOTS=1 the pictures go to docs/screenshots/ (lobby-*, bank-needs-*,
workers-offers-*, at 1366×768 and 390×844, in English and German).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    LAPTOP,
    PASSWORD,
    PHONE,
    TEACHER,
    TIMEOUT,
    codes_from_the_team_sheet,
    join_as,
    teacher_creates_the_game,
    teacher_fills_a_new_game,
)

pytestmark = pytest.mark.browser

#: The elements that stick out of the window (none may on a phone), outside scrolling boxes.
TOO_WIDE = r"""() => [...document.querySelectorAll('body *')].filter(e => {
  if (e.getBoundingClientRect().right <= innerWidth + 1) return false;
  for (let a = e.parentElement; a; a = a.parentElement) {
    if (['auto', 'hidden', 'scroll'].includes(getComputedStyle(a).overflowX)) return false;
  }
  return true;
}).slice(0, 8).map(e => `${e.tagName}.${e.className} ${(e.textContent || '').slice(0, 40)}`)"""


def test_lobby_needs_offers_pause_and_a_new_pin(site: str, browser: Any, shots: Path) -> None:
    from playwright.sync_api import expect

    def signed_in(locale: str) -> Any:
        page = browser.new_context(viewport=LAPTOP, locale=locale).new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(f"{site}/accounts/login/")
        page.fill("input[name=username]", TEACHER)
        page.fill("input[name=password]", PASSWORD)
        page.click("button.primary")
        return page

    def both_sizes(page: Any, name: str, locale: str, scroll_to: str | None = None) -> None:
        """The page at 1366×768 and 390×844 (what the screen shows, from ``scroll_to``); on
        the phone nothing scrolls sideways."""
        for size, label in ((LAPTOP, "1366"), (PHONE, "390")):
            page.set_viewport_size(size)
            page.wait_for_timeout(100)
            overflow = page.evaluate("document.scrollingElement.scrollWidth - innerWidth")
            assert overflow <= 0, (name, locale, label, page.evaluate(TOO_WIDE))
            if scroll_to:
                page.locator(scroll_to).first.scroll_into_view_if_needed()
                page.evaluate("(s) => document.querySelector(s).scrollIntoView()", scroll_to)
            else:
                page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(300)
            page.screenshot(path=str(shots / f"{name}-{locale}-{label}.png"))
        page.set_viewport_size(LAPTOP)

    # ------------------------------------------------------------------ the lobby
    teacher = browser.new_context(viewport=LAPTOP).new_page()
    teacher.on("dialog", lambda dialog: dialog.accept())
    teacher_fills_a_new_game(teacher, site, "Business 10c", "Lobby table",
                             "Red\nBlue", years="2", steps=[2, 6], begin="lobby")
    teacher.locator("input[name=begin][value=lobby]").scroll_into_view_if_needed()
    teacher.screenshot(path=str(shots / "lobby-new-game-en-1366.png"))
    game_id = teacher_creates_the_game(teacher)
    needs = teacher.locator("section.needs")
    expect(needs).to_contain_text("The game waits in the lobby", timeout=TIMEOUT)
    expect(needs.locator("button.start-game")).to_be_visible()

    code, pins = codes_from_the_team_sheet(teacher, site, game_id)

    def join(team: str, viewport: dict[str, int], locale: str) -> Any:
        return join_as(browser, site, code, pins[team], team, viewport=viewport, locale=locale)

    red = join("Red", PHONE, "en-GB")
    expect(red.locator(".statusbar")).to_contain_text("The game begins when your teacher",
                                                      timeout=TIMEOUT)
    expect(red.locator("form.move[data-type=roll]")).to_have_count(0)
    expect(needs).to_contain_text("✓ Red", timeout=TIMEOUT)
    german = signed_in("de-DE")
    german.goto(f"{site}/games/{game_id}/bank/")
    expect(german.locator("section.needs")).to_contain_text("Das Spiel wartet in der Lobby",
                                                            timeout=TIMEOUT)
    both_sizes(teacher, "lobby-bank", "en")
    both_sizes(german, "lobby-bank", "de")
    blue = join("Blue", LAPTOP, "de-DE")
    expect(blue.locator(".statusbar")).to_contain_text("Das Spiel beginnt", timeout=TIMEOUT)
    expect(blue.locator("#connection")).to_contain_text("Live", timeout=TIMEOUT)
    red.screenshot(path=str(shots / "lobby-team-en-390.png"))
    blue.set_viewport_size(PHONE)
    blue.screenshot(path=str(shots / "lobby-team-de-390.png"))
    blue.set_viewport_size(LAPTOP)
    expect(needs).to_contain_text("✓ Blue", timeout=TIMEOUT)

    needs.locator("button.start-game").click()
    expect(red.locator("form.move[data-type=roll]")).to_be_visible(timeout=TIMEOUT)

    def roll(page: Any, die: str) -> None:
        form = page.locator("form.move[data-type=roll]")
        expect(form).to_be_visible(timeout=TIMEOUT)
        form.locator("[name=die]").select_option(die)
        form.locator("button").click()

    # Rolling for the first player: Red 6, Blue 1; then Red rolls a six onto red field 7.
    roll(red, "6")
    expect(red.locator(".statusbar")).to_contain_text("Rolling for the first player",
                                                      timeout=TIMEOUT)
    roll(blue, "1")
    expect(red.locator(".statusbar")).to_contain_text("Your move", timeout=TIMEOUT)
    roll(red, "6")

    # ------------------------------------------------------------------ offers to answer
    def offer_hire(page: Any, workers: str, team: str | None = None) -> None:
        selector = "form.move[data-type=offer_hire]"
        if team:  # the representative's offer to a team
            selector += f"[data-fixed*='\"{team}\"']"
        form = page.locator(selector).first
        expect(form).to_be_visible(timeout=TIMEOUT)
        form.locator("[name=workers]").select_option(workers)
        form.locator("button").click()

    strip_offer = needs.locator("li.need-offer")
    expect(red.locator(".statusbar")).to_contain_text("Field 7", timeout=TIMEOUT)
    expect(red.locator("form.move[data-type=purchase]")).to_be_visible(timeout=TIMEOUT)
    offer_hire(red, "2")
    expect(strip_offer).to_contain_text("Red asks the worker representative for 2 workers",
                                        timeout=TIMEOUT)
    expect(strip_offer.locator("form[data-actor=workers]")).to_have_count(2)
    # The teacher answers as the representative from the bank console (data-actor).
    strip_offer.locator("form[data-type=accept_hire] button").click()
    expect(strip_offer).to_have_count(0, timeout=TIMEOUT)
    expect(red.locator(".ticker")).to_contain_text("Red hires 2 workers", timeout=TIMEOUT)
    offer_hire(blue, "1")
    expect(strip_offer).to_contain_text("Blue", timeout=TIMEOUT)
    strip_offer.locator("form[data-type=accept_hire] button").click()
    expect(strip_offer).to_have_count(0, timeout=TIMEOUT)

    # The representative (the teacher, on its console) calls a strike at Red while Red stands
    # on its red field; Red buys a machine (its idle costs under the strike); Blue locks its
    # workers out; Blue asks for one more worker, and the representative offers Red one.
    workers = teacher.context.new_page()
    workers.goto(f"{site}/games/{game_id}/workers/")
    panel = workers.locator("#panel")
    strike = panel.locator("form.move[data-type=call_strike][data-fixed*='\"Red\"']")
    expect(strike).to_be_visible(timeout=TIMEOUT)
    strike.locator("button").click()
    expect(panel.locator("section.strikes")).to_contain_text("strike called", timeout=TIMEOUT)
    invest = red.locator("form.move[data-type=invest]")
    expect(invest).to_be_visible(timeout=TIMEOUT)
    invest.locator("[name=credit]").select_option("0")
    invest.locator("button").click()
    expect(blue.locator("form.move[data-type=roll]")).to_be_visible(timeout=TIMEOUT)
    lockout = blue.locator("form.move[data-type=declare_lockout]")
    expect(lockout).to_be_visible(timeout=TIMEOUT)
    lockout.locator("button").click()
    expect(panel.locator("section.strikes .lockout")).to_contain_text("Blue", timeout=TIMEOUT)
    offer_hire(blue, "1")
    expect(panel.locator("section.offers")).to_contain_text("Blue asks for 1 worker",
                                                            timeout=TIMEOUT)
    offer_hire(workers, "1", team="Red")
    expect(panel.locator("section.offers")).to_contain_text("You offer Red 1 worker",
                                                            timeout=TIMEOUT)
    expect(panel.locator("section.strikes")).to_contain_text(
        "Red pays 3,000 M idle costs to the bank on each red field (3,000 M a machine)")
    expect(panel.locator("section.strikes")).to_contain_text(
        "You pay 1,000 M strike wages to the bank")
    blue.context.close()  # Blue's laptop goes away: the strip says so
    expect(needs.locator("li.need-absent")).to_contain_text("Blue", timeout=TIMEOUT)
    expect(strip_offer).to_contain_text("Blue asks the worker representative for 1 worker")
    expect(german.locator("section.needs li.need-offer")).to_contain_text(
        "Blue bittet den Arbeitnehmervertreter um 1 Arbeitskraft", timeout=TIMEOUT)
    both_sizes(teacher, "bank-needs", "en")
    both_sizes(german, "bank-needs", "de")
    both_sizes(workers, "workers-offers", "en", "#panel")
    german.goto(f"{site}/games/{game_id}/workers/")
    expect(german.locator("section.offers")).to_contain_text("Du bietest", timeout=TIMEOUT)
    both_sizes(german, "workers-offers", "de", "#panel")
    german.goto(f"{site}/games/{game_id}/bank/")

    # The teacher turns Blue's offer down from the strip; the representative withdraws its own.
    strip_offer.locator("form[data-type=reject_hire] button").click()
    expect(strip_offer).to_have_count(0, timeout=TIMEOUT)
    expect(panel.locator("section.offers .offer.asks")).to_have_count(0, timeout=TIMEOUT)
    panel.locator("section.offers form[data-type=reject_hire] button").click()
    expect(panel.locator("section.offers")).to_contain_text("No open hiring offers",
                                                            timeout=TIMEOUT)

    # ------------------------------------------------------------------ a round to close
    blue = join("Blue", LAPTOP, "de-DE")  # back again, with the same PIN
    expect(needs.locator("li.need-absent")).to_have_count(0, timeout=TIMEOUT)
    roll(blue, "6")
    purchase = blue.locator("form.move[data-type=purchase]")
    expect(purchase).to_be_visible(timeout=TIMEOUT)
    purchase.locator("[name=units]").select_option("1")
    purchase.locator("button").click()  # step 2: the rest of the zone goes to auction
    round_item = needs.locator("li.need-round")
    expect(round_item).to_be_visible(timeout=TIMEOUT)
    expect(round_item.locator(".countdown")).to_contain_text("s", timeout=TIMEOUT)
    expect(round_item.locator("form[data-type=close_auction]")).to_be_visible()
    teacher.bring_to_front()
    teacher.evaluate("window.scrollTo(0, 0)")
    teacher.screenshot(path=str(shots / "bank-needs-auction-en-1366.png"))

    # A pause freezes the countdown on every screen; the resume gives the rest back.
    teacher.locator(".bank-status form.console-post button").click()
    paused = needs.locator("li.need-paused")
    expect(paused).to_contain_text("countdown stands at", timeout=TIMEOUT)
    expect(round_item.locator(".countdown")).to_be_hidden()
    expect(red.locator(".statusbar")).to_contain_text("s left", timeout=TIMEOUT)
    expect(red.locator("[data-deadline]")).to_have_count(0)
    teacher.screenshot(path=str(shots / "bank-needs-paused-en-1366.png"))
    paused.locator("button").click()
    expect(round_item.locator(".countdown")).to_contain_text("s", timeout=TIMEOUT)
    round_item.locator("form[data-type=close_auction] button").click()
    expect(round_item).to_have_count(0, timeout=TIMEOUT)

    # ------------------------------------------------------------------ a lost phone
    teacher.bring_to_front()
    seat = teacher.locator("section.presence li[data-team=Red] details.seat-controls")
    seat.locator("summary").click()
    teacher.locator("section.presence").scroll_into_view_if_needed()
    teacher.screenshot(path=str(shots / "bank-needs-seats-en-1366.png"))
    teacher.set_viewport_size(PHONE)
    teacher.locator("section.presence").scroll_into_view_if_needed()
    assert teacher.evaluate("document.scrollingElement.scrollWidth - innerWidth") <= 0
    teacher.screenshot(path=str(shots / "bank-needs-seats-en-390.png"))
    teacher.set_viewport_size(LAPTOP)
    seat.locator("form[action$='/pin/'] button").click()
    expect(red).to_have_url(f"{site}/join/?code={code}", timeout=TIMEOUT)
    expect(red.locator("#flash")).to_contain_text("signed this device out")
    red.screenshot(path=str(shots / "lobby-dropped-phone-en-390.png"))
