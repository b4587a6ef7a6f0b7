"""Issue 10, unclear spots on the screens: a takeover's target is told why it cannot accept,
an offer nobody could pay is refused in the page's language, and the loopback warning is one
line with its fix behind a toggle (English and German)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from classroom import services
from classroom.models import Classroom, Game
from classroom.screens import ScreenSpec, build_screen
from classroom.services import ServiceError
from classroom.texts import translate_refusal

from .conftest import make_game


def _screen(game: Game, actor: str, language: str = "en") -> str:
    return build_screen(game, ScreenSpec(actor, language)).html()


def _form(html: str, kind: str) -> str:
    found = re.search(rf'<form class="move[^"]*" data-type="{kind}".*?</form>', html, re.S)
    assert found, kind
    return found.group(0)


@pytest.mark.parametrize(("language", "why"), [
    ("en", "You cannot accept now: A business is sold between its turns, not during one."),
    ("de", "Du kannst jetzt nicht annehmen: Ein Unternehmen wird zwischen seinen Zügen "
           "verkauft, nicht während eines Zuges."),
])
def test_the_target_is_told_why_it_cannot_accept(classroom: Classroom, language: str,
                                                 why: str) -> None:
    """Rulebook II, "4. Step: Taxation": a business is bought between its turns - Red, whose
    turn it is, sees only "turn down", and the engine's reason next to it."""
    game = make_game(classroom, steps=[4])
    services.submit_action(game_id=game.pk, actor="Blue", payload={
        "type": "offer_takeover", "target": "Red", "price": 1_000, "terms": ""},
        run_bots=False)
    game.refresh_from_db()
    red = _screen(game, "Red", language)
    assert 'data-type="accept_takeover"' not in red
    assert why in _form(red, "reject_takeover").replace("&#x27;", "'")
    # the buyer takes its own offer back, with no such note
    blue = _form(_screen(game, "Blue", language), "reject_takeover")
    assert ("Take back your offer" if language == "en" else "Dein Angebot von") in blue
    assert "cannot accept" not in blue and "nicht annehmen" not in blue


def test_an_offer_neither_team_could_pay_is_refused_and_changes_nothing(
        classroom: Classroom) -> None:
    """Rulebook II, "4. Step: Taxation": the buyer pays the price, with the bought business's
    cash at most - an offer above both teams' cash could never be accepted."""
    game = make_game(classroom, steps=[4])
    before = _screen(game, "Blue")
    with pytest.raises(ServiceError) as refused:
        services.submit_action(game_id=game.pk, actor="Red", payload={
            "type": "offer_takeover", "target": "Blue", "price": 90_000, "terms": ""},
            run_bots=False)
    assert translate_refusal(refused.value, "de") == (
        "Red kann 90.000 Mark nicht zahlen, auch nicht mit dem Geld von Blue.")
    game.refresh_from_db()
    assert _screen(game, "Blue") == before


@pytest.mark.parametrize(("language", "line", "toggle"), [
    ("en", "Phones cannot open the join links", "How to fix"),
    ("de", "Handys können die Beitrittslinks nicht öffnen", "So behebst du das"),
])
def test_the_loopback_warning_is_one_line_with_its_fix_behind_a_toggle(
        owner: Client, game: Game, settings: object, language: str, line: str,
        toggle: str) -> None:
    settings.SITE_URL, settings.LISTEN_HOST = "", "127.0.0.1"  # type: ignore[attr-defined]
    settings.ALLOWED_HOSTS = ["*"]  # type: ignore[attr-defined]
    owner.cookies["django_language"] = language
    html = owner.get(f"/games/{game.pk}/bank/", HTTP_HOST="127.0.0.1:8000",
                     HTTP_ACCEPT_LANGUAGE=language).content.decode()
    warning = re.search(r'<details class="banner warn no-print loopback".*?</details>', html,
                        re.S)
    assert warning, "no loopback warning"
    summary = re.search(r"<summary>(.*?)</summary>", warning.group(0), re.S)
    assert summary and line in summary.group(1) and toggle in summary.group(1)
    assert "HOST=0.0.0.0" not in summary.group(1)  # the fix is behind the toggle
    assert "HOST=0.0.0.0" in warning.group(0)


def test_the_strike_is_in_the_needs_strip_with_a_readable_label(owner: Client,
                                                                 classroom: Classroom) -> None:
    """Rulebook II, "6. Step: Labor Market", "Strike": the representative may call a strike
    whenever a business lands on a red field; the struck business pays no salaries, cannot
    produce and pays 3,000 Marks idle costs per machine, the representative strike wages. The
    teacher playing the representative finds the move at the top of the bank console."""
    from .test_bank_needs import bank_panel, labour_game, play, region

    game = labour_game(classroom)
    play(game,
         ("Red", {"type": "offer_hire", "workers": 2, "salary": 500}),
         ("workers", {"type": "accept_hire", "offer": 1}))
    assert "call_strike" not in region(bank_panel(owner, game), "bank-needs")  # not on red
    play(game, ("Red", {"type": "roll", "die": 6}))  # onto red field 7
    needs = region(bank_panel(owner, game), "bank-needs")
    assert 'data-type="call_strike"' in needs and 'data-actor="workers"' in needs
    assert ("Call a strike at Red (from its next red field: no salaries, no production, idle "
            "costs 3,000 Marks per machine; you pay strike wages for its 2 workers)") in needs
    german = region(bank_panel(owner, game, "de"), "bank-needs")
    assert "Streik bei Red ausrufen" in german and "3.000 Mark je Maschine" in german
    play(game, ("workers", {"type": "call_strike", "teams": ["Red"]}))
    owner.post("/i18n/setlang/", {"language": "en", "next": "/"})
    needs = region(bank_panel(owner, game), "bank-needs")
    assert "End the strike at Red" in needs and "you may end it at any time" in needs
