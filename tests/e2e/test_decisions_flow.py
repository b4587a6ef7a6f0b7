"""End to end in Chromium (issue 10, "every decision names its consequence"): a purchase's
options name units, Marks and the cash after; the auction it opens is answered from a phone in
German, whose bid field starts at the team's own lowest bid and says, as a bid is typed, what the
lot costs and the cash after; the other team's field then starts above that bid.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import (
    PHONE,
    TIMEOUT,
    codes_from_the_team_sheet,
    join_as,
    teacher_creates_the_game,
    teacher_fills_a_new_game,
)

pytestmark = pytest.mark.browser



def test_a_purchase_and_its_auction_name_their_numbers(site: str, browser: Any) -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": at most 2 units at the market
    price, the rest of the zone auctioned, bids above the highest in steps of 50 Marks."""
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    teacher_fills_a_new_game(teacher, site, "Decisions", "Auction", "Red\nBlue", steps=["2"])
    game_id = teacher_creates_the_game(teacher)
    code, pins = codes_from_the_team_sheet(teacher, site, game_id)
    red = join_as(browser, site, code, pins["Red"], "Red")
    blue = join_as(browser, site, code, pins["Blue"], "Blue", viewport=PHONE, locale="de-DE")

    def roll(page: Any, die: str) -> None:
        form = page.locator("form.move[data-type=roll]")
        expect(form).to_be_visible(timeout=TIMEOUT)
        form.locator("[name=die]").select_option(die)
        form.locator("button").click()

    roll(red, "6")  # rolling for the first player: Red 6, Blue 1
    expect(red.locator(".statusbar")).to_contain_text("Rolling for the first player",
                                                      timeout=TIMEOUT)
    roll(blue, "1")
    expect(red.locator(".statusbar")).to_contain_text("Your move", timeout=TIMEOUT)
    roll(red, "6")
    purchase = red.locator("form.move[data-type=purchase]")
    expect(purchase).to_be_visible(timeout=TIMEOUT)
    units = purchase.locator("[name=units] option")
    expect(units).to_have_count(2)  # step 2: at most two units at the market price
    first = units.first.inner_text()
    assert re.fullmatch(r"1 unit · [\d,]+ Marks · cash after [\d,]+", first), first
    expect(purchase.locator(".why")).to_contain_text("the rest of that price zone is then "
                                                     "auctioned")
    purchase.locator("[name=units]").select_option("2")
    purchase.locator("button").click()

    bid = blue.locator("form.move[data-type=auction_bid]")
    expect(bid).to_be_visible(timeout=TIMEOUT)
    expect(blue.locator("form.move[data-type=auction_pass] button")).to_have_text(
        "Passen: aus dieser Versteigerung aussteigen")
    field = bid.locator("input[name=price]")
    lowest = int(field.input_value())
    expect(bid.locator(".why").last).to_contain_text(
        f"Noch kein Gebot: Die Bank hat mit {lowest - 50} Mark je Einheit eröffnet.")
    lot = int(re.search(r"(\d+) Einheiten", bid.locator("button").inner_text())[1])
    field.fill(str(lowest + 100))
    total = (lowest + 100) * lot
    german = f"{total:,}".replace(",", ".")
    expect(bid.locator("output.live")).to_have_text(
        re.compile(rf"^{re.escape(german)} Mark für das Los · Kasse danach [\d.]+$"))
    bid.locator("button").click()

    answer = red.locator("form.move[data-type=auction_bid]")
    expect(answer).to_be_visible(timeout=TIMEOUT)
    # Red's field starts one step above Blue's bid, never at Blue's bid itself.
    expect(answer.locator("input[name=price], select[name=price]")).to_have_value(
        str(lowest + 150), timeout=TIMEOUT)
    expect(answer.locator(".why").last).to_contain_text(
        f"Highest bid now: Blue, {lowest + 100:,} Marks a unit.")
