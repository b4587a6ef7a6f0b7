"""Issue 12 in the browser: a practice game with expansion steps 1 and 6 on, where the hint
speaks of the step's move in real words (hiring for the machines, not "an expansion-step
decision"), on a laptop and a phone, in English and German."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import LAPTOP, PHONE, TIMEOUT
from tests.e2e.test_practice import press_a_move, wait_for_me

pytestmark = pytest.mark.browser

#: The reason codes of step moves (classroom/texts/bot_reasons.py).
STEP_CODES = {"hire", "hire_before_machine", "accept_hire", "give_notice", "auction_pass_stock",
              "auction_pass_price", "auction_pass_cash", "auction_pass_no_machine", "bid",
              "withdraw_bid", "match_bid", "sell_price_pays", "sell_for_cash", "sell_late"}
WORDS = {"en-GB": ("The game is over.", "Your move!", "Hint: ", "Practice game"),
         "de-DE": ("Das Spiel ist beendet.", "Du bist am Zug!", "Tipp: ", "Übungsspiel")}


@pytest.mark.parametrize("screen", ["laptop", "phone"])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_a_hint_in_a_step_game_names_the_step_move_and_its_numbers(
        site: str, browser: Any, shots: Path, screen: str, locale: str) -> None:
    size = LAPTOP if screen == "laptop" else PHONE
    suffix = f"{size['width']}{'-de' if locale == 'de-DE' else ''}"
    over, mine, hint_prefix, title = WORDS[locale]
    page = browser.new_context(viewport=size, locale=locale).new_page()
    page.goto(f"{site}/practice/")
    page.fill("input[name=player]", "Me")
    page.select_option("select[name=bots]", "2")
    page.select_option("select[name=level]", "careful")
    page.fill("input[name=years]", "1")
    for step in ("1", "6"):
        page.check(f"input[name=steps][value='{step}']")
    page.locator("form.practice-new button.primary").click()
    page.wait_for_selector("#practice", timeout=TIMEOUT)
    assert title in page.locator("#practice").inner_text()
    for _ in range(60):
        assert wait_for_me(page, over, mine), "the game ended before a step hint"
        with page.expect_response(lambda r: r.url.endswith("/hint/")) as answer:
            page.locator("#practice-hint-form button").click()
        hint = answer.value.json()
        page.wait_for_function(
            "p => document.getElementById('practice-hint').innerText.startsWith(p)",
            arg=hint_prefix, timeout=TIMEOUT)
        if hint["code"] in STEP_CODES:
            break
        before = page.locator("#panel").get_attribute("data-revision")
        press_a_move(page)
        page.wait_for_function(
            "r => document.getElementById('panel').dataset.revision !== r", arg=before,
            timeout=TIMEOUT)
    else:
        raise AssertionError("no hint about a step move in 60 of the player's moves")
    text = page.locator("#practice-hint").inner_text()
    assert hint["text"] == text and "expansion-step" not in text and "Ausbaustufe" not in text
    assert any(ch.isdigit() for ch in text), text  # the move's numbers
    page.locator("#practice").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"practice-steps-hint-{suffix}.png"))
