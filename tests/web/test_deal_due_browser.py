"""Issue 14 in Chromium: a teacher makes a game on the literal reading of private loans
("agreed"); Red fills the deal form with a loan due after 2 years - the live line under the
form names the cash after the loan and the year it is due with - and sends it; Blue's offer
card names the due year, in English on a laptop and in German on a phone.

With PLAYBOSS_SCREENSHOTS=1 the pictures go to docs/screenshots/ (deal-due-*)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import (  # noqa: F401 - the fixtures site, browser, shots
    LAPTOP,
    PHONE,
    TIMEOUT,
    browser,
    codes_from_the_team_sheet,
    join_as,
    shots,
    site,
    teacher_creates_the_game,
    teacher_fills_a_new_game,
)

pytestmark = pytest.mark.browser

VIEWS = {"en": (LAPTOP, "1366"), "de": (PHONE, "390")}
ALSO = {"en": (PHONE, "390"), "de": (LAPTOP, "1366")}


def _fill(page: Any) -> None:
    page.click("section.deals details:not(.takeover) summary")
    page.select_option("select[name=partner]", "Blue")
    page.fill("input[name='give.loan']", "5000")
    page.fill("input[name='loan_due_years']", "2")
    page.fill("input[name=terms]", "10 %")


def test_a_due_loan_from_the_form_shows_on_the_offer_card(site: str,  # noqa: F811
                                                          browser: Any,  # noqa: F811
                                                          shots: Path) -> None:  # noqa: F811
    """Explanations: Credit, Bankruptcy and Private Trade: a loan "when it comes due"."""
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport=LAPTOP).new_page()
    teacher_fills_a_new_game(teacher, site, "Loans class", "Loans game", "Red\nBlue")
    teacher.click("text=Where teachers read the rulebook differently")
    teacher.select_option("select[name=private_loan_due]", "agreed")
    game_id = teacher_creates_the_game(teacher)
    code, pins = codes_from_the_team_sheet(teacher, site, game_id)

    reds = {}
    for language, (viewport, width) in {**VIEWS}.items():
        red = reds[language] = join_as(browser, site, code, pins["Red"], "Red",
                                       viewport=viewport, locale=language)
        _fill(red)
        expected = ("Your cash after the deal: 5,000 Marks · the loan is due when Blue "
                    "has completed 2 more years" if language == "en" else
                    "Deine Kasse nach dem Geschäft: 5.000 Mark · das Darlehen ist fällig, "
                    "wenn Blue 2 weitere Geschäftsjahre abgeschlossen hat")
        expect(red.locator("output.deal-cash")).to_have_text(expected)
        red.locator("output.deal-cash").scroll_into_view_if_needed()
        red.screenshot(path=str(shots / f"deal-due-form-{language}-{width}.png"))

    reds["en"].click("section.deals details:not(.takeover) button.primary")
    for language in ("en", "de"):
        for viewport, width in (VIEWS[language], ALSO[language]):
            blue = join_as(browser, site, code, pins["Blue"], "Blue", viewport=viewport,
                           locale=language)
            card = blue.locator("section.deals .deal").first
            expect(card).to_contain_text(
                "The loan is due after 2 years: when Blue completes year 2." if language == "en"
                else "Das Darlehen ist nach 2 Jahren fällig: wenn Blue Geschäftsjahr 2 "
                     "abschließt.", timeout=TIMEOUT)
            card.scroll_into_view_if_needed()
            blue.screenshot(path=str(shots / f"deal-due-offer-{language}-{width}.png"))
    # the proposer's card says it too, live
    expect(reds["de"].locator("section.deals .deal").first).to_contain_text(
        "wenn Blue Geschäftsjahr 2 abschließt", timeout=TIMEOUT)
    # accepted: the lender's loans list names the due year
    blue.locator("section.deals form.move[data-type=accept_deal] button").click()
    loans = reds["en"].locator("section.factory")
    expect(loans).to_contain_text(re.compile(r"Loan \d+ to Blue"), timeout=TIMEOUT)
    expect(loans).to_contain_text("due when Blue completes year 2")
    loans.scroll_into_view_if_needed()
    reds["en"].screenshot(path=str(shots / "deal-due-loans-en-1366.png"))
