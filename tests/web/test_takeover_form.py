"""Buying a business from the team screen (rulebook part II, "4. Step: Taxation": "If a money
losing business is purchased and consolidated into the financial statements"; "6. Step: Labor
Market": the worker representative "can buy businesses from other players"): the offer has a
form of its own on the team's private-business card, in the page's language, only in games
with step 4 or 6; the target's answers and the buyer's taking it back are the screen's moves
at any time."""

from __future__ import annotations

import re

from classroom import services
from classroom.models import Classroom, Game
from classroom.screens import ScreenSpec, build_screen

from .conftest import make_game


def _screen(game: Game, actor: str, language: str = "en") -> str:
    return build_screen(game, ScreenSpec(actor, language)).html()


def _forms(html: str, kind: str) -> list[str]:
    return re.findall(rf'<form class="move[^"]*" data-type="{kind}"[^>]*>', html)


def test_the_offer_form_is_there_with_steps_4_or_6_only(classroom: Classroom) -> None:
    """Steps 4 and 6 buy businesses; the base model and the other steps do not."""
    for steps, shown in (([4], True), ([6], True), ([1, 2, 3, 5], False), ([], False)):
        game = make_game(classroom, steps=steps)
        html = _screen(game, "Red")
        assert bool(_forms(html, "offer_takeover")) is shown, steps
        if shown:  # another team to buy, never its own business
            form = html[html.index('data-type="offer_takeover"'):]
            options = re.findall(r"<option>(\w+)</option>", form[:form.index("</form>")])
            assert options == ["Blue"]


def test_the_offer_and_its_answers_in_german(classroom: Classroom) -> None:
    """The form reads German on a German page; once Red offers, Blue can accept or turn it
    down and Red can take it back, each from its own screen, and the offer is sent as the
    form sends it (target, price, terms)."""
    game = make_game(classroom, steps=[4])
    german = _screen(game, "Red", "de")
    for words in ("Das Unternehmen eines anderen Teams kaufen", "Unternehmen von",
                  "Preis (Mark)", "Übernahmeangebot senden"):
        assert words in german
    assert "Offer to buy another team" not in german
    services.submit_action(game_id=game.pk, actor="Red", payload={
        "type": "offer_takeover", "target": "Blue", "price": 25_000, "terms": "5%"},
        run_bots=False)
    game.refresh_from_db()
    blue, red = _screen(game, "Blue"), _screen(game, "Red")
    assert _forms(blue, "accept_takeover") and _forms(blue, "reject_takeover")
    assert _forms(red, "reject_takeover") and not _forms(red, "accept_takeover")
