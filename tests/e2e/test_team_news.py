"""End to end in Chromium (issue 10, "each team sees its game"): Red (a laptop, English) offers
Blue (a phone, German) a private deal from its screen; Blue reads the offer in its news and
accepts it; Red's news tells it, live over its socket, that its deal was accepted. Both status
bars say the year of the game and the goal.

With PLAYBOSS_SCREENSHOTS=1 the pictures go to docs/screenshots/ (team-news-*).
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



def test_a_deal_accepted_on_one_screen_is_news_on_the_other(site: str, browser: Any,
                                                            shots: Path) -> None:
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport=LAPTOP).new_page()
    teacher_fills_a_new_game(teacher, site, "News class", "News game", "Red\nBlue", years="4")
    game_id = teacher_creates_the_game(teacher)
    code, pins = codes_from_the_team_sheet(teacher, site, game_id)
    red = join_as(browser, site, code, pins["Red"], "Red", viewport=LAPTOP, locale="en")
    blue = join_as(browser, site, code, pins["Blue"], "Blue", viewport=PHONE, locale="de")

    expect(red.locator(".statusbar .year")).to_have_text("Year 1 of 4")
    expect(red.locator(".goal-line")).to_contain_text("Highest profit when time is up")
    expect(blue.locator(".statusbar .year")).to_have_text("Jahr 1 von 4")
    expect(blue.locator(".statusbar")).to_contain_text("wartet auf Red und dich")

    red.click("section.deals summary")
    red.fill("input[name='give.cash']", "700")
    red.fill("input[name='take.cash']", "100")
    # the deal form names the cash after the Marks given and got (10,000 - 700 + 100)
    expect(red.locator("section.deals output.deal-cash")).to_have_text(
        "Your cash after the deal: 9,400 Marks")
    red.click("section.deals button.primary")
    news = blue.locator("section.news")
    expect(news).to_contain_text("Red bietet dir ein Geschäft an", timeout=TIMEOUT)
    blue.locator("section.deals .deal-moves form.move[data-type=accept_deal] button").click()
    expect(red.locator("section.news li").first).to_contain_text(
        "Your deal 1 with Blue was accepted.", timeout=TIMEOUT)
    red.evaluate("window.scrollTo(0, 0)")
    red.screenshot(path=str(shots / "team-news-en-1366.png"))
    blue.locator("section.news").scroll_into_view_if_needed()
    blue.screenshot(path=str(shots / "team-news-de-390.png"))
