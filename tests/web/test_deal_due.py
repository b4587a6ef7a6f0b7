"""Issue 14 on the site: a private loan's due date (``private_loan_due: "agreed"``) in the deal
form, on the offer card of both teams, in the accept button's words and in the loans lists;
bad input refused in words with nothing stored. The engine's rule itself is tested in
tests/rules."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest

from classroom import services, state_store
from classroom.models import Classroom, Game, GameAction
from classroom.screens import ScreenSpec, build_screen

from .conftest import make_game
from .test_limits import error_of, joined, post_move

LOAN: dict[str, Any] = {"type": "propose_deal", "partner": "Blue", "give": {"loan": 5000},
        "take": {}, "terms": "10 % a year"}


def agreed(classroom: Classroom) -> Game:
    return make_game(classroom, private_loan_due="agreed")


def screen(game: Game, actor: str, language: str = "en") -> str:
    game.refresh_from_db()
    return build_screen(game, ScreenSpec(actor, language)).html()


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def propose(game: Game, actor: str = "Red", **action: Any) -> int:
    events = services.submit_action(game_id=game.pk, actor=actor, payload=action,
                                     run_bots=False).events
    return int(next(e["deal"] for e in events if e["type"] == "deal_offered"))


def stored(game: Game) -> tuple[int, int, int]:
    game.refresh_from_db()
    deals = state_store.read_state(game, lambda state: len(state.deals))
    return GameAction.objects.filter(game=game).count(), game.seq, deals


def test_the_due_field_is_in_the_deal_form_only_when_the_game_plays_it(
        classroom: Classroom) -> None:
    """Explanations: Credit, Bankruptcy and Private Trade: "when it comes due" - the field is
    offered under the literal reading and absent under "never"."""
    assert 'name="loan_due_years"' in screen(agreed(classroom), "Red")
    assert 'name="loan_due_years"' not in screen(make_game(classroom,
                                                           private_loan_due="never"), "Red")


def test_a_due_loan_offered_from_the_form_reaches_the_engine_and_both_screens(
        classroom: Classroom) -> None:
    """Explanations: Credit, Bankruptcy and Private Trade: the due date is part of the offer
    both teams read, and of the loan once accepted."""
    game = agreed(classroom)
    response = post_move(joined(game), game, json.dumps(
        {"action": {**LOAN, "actor": "Red", "loan_due_years": 3}}))
    assert response.status_code == 200 and response.json()["ok"], response.content
    logged = GameAction.objects.filter(game=game).latest("seq").action
    assert logged["loan_due_years"] == 3
    said = "The loan is due after 3 years: when Blue completes year 3."
    assert said in text(screen(game, "Red")) and said in text(screen(game, "Blue"))
    assert "Das Darlehen ist nach 3 Jahren fällig: wenn Blue Geschäftsjahr 3 abschließt." in text(
        screen(game, "Blue", "de"))
    blue = text(screen(game, "Blue"))
    assert "the loan is due when Blue completes year 3" in blue  # the accept button
    deal = state_store.read_state(game, lambda state: next(iter(state.deals)))
    services.submit_action(game_id=game.pk, actor="Blue",
                           payload={"type": "accept_deal", "deal": deal}, run_bots=False)
    for team in ("Red", "Blue"):
        assert "due when Blue completes year 3" in text(screen(game, team))
    assert "fällig, wenn Blue Geschäftsjahr 3 abschließt" in text(screen(game, "Red", "de"))
    assert "due when Blue completes year 3" in text(screen(game, "bank"))


def test_a_loan_without_a_due_date_says_none(classroom: Classroom) -> None:
    """Explanations: Credit, Bankruptcy and Private Trade: a loan without a due date is repaid
    when the borrower chooses; no due words appear."""
    game = agreed(classroom)
    propose(game, **LOAN)
    assert "completes year" not in text(screen(game, "Blue"))


def test_the_borrower_is_the_proposer_when_it_asks_for_the_loan(classroom: Classroom) -> None:
    """Explanations: Credit, Bankruptcy and Private Trade: the due year counts the borrower's
    years, whichever side proposes."""
    game = agreed(classroom)
    propose(game, type="propose_deal", partner="Blue", give={}, take={"loan": 2000},
            loan_due_years=1)
    assert "when Red completes year 1" in text(screen(game, "Blue"))


@pytest.mark.parametrize(("due", "action", "words"), [
    (0, LOAN, "A loan comes due after 1 or more of the borrower's years, not 0."),
    (-2, LOAN, "A loan comes due after 1 or more of the borrower's years, not -2."),
    ("three", LOAN, "The years until the loan is due are a whole number, like 1."),  # issue 21
    (2, {**LOAN, "give": {"cash": 500}}, "A due date needs a loan in the deal."),
])
def test_bad_due_input_is_refused_in_words_and_nothing_is_stored(
        classroom: Classroom, due: Any, action: dict[str, Any], words: str) -> None:
    """Explanations: Credit, Bankruptcy and Private Trade: a due date is one or more of the
    borrower's years, of a loan."""
    game = agreed(classroom)
    before = stored(game)
    response = post_move(joined(game), game, json.dumps(
        {"action": {**action, "actor": "Red", "loan_due_years": due}}))
    assert response.status_code == 400 and words in error_of(response)
    assert stored(game) == before


def test_a_due_date_in_a_game_that_plays_none_is_refused(classroom: Classroom) -> None:
    """Explanations: Credit, Bankruptcy and Private Trade: under "never" no loan comes due."""
    game = make_game(classroom, private_loan_due="never")
    before = stored(game)
    response = post_move(joined(game, language="de"), game, json.dumps(
        {"action": {**LOAN, "actor": "Red", "loan_due_years": 2}}))
    assert response.status_code == 400
    assert "keinen Fälligkeitstermin" in error_of(response)
    assert stored(game) == before
