"""Issue 21, point 9: junk in a number field ("1e3" as a bid) is answered with the field's own
sentence, in English and German, not the engine's log message ("Action 'auction_bid': price
must be a whole number."), and changes nothing. The page's own check of the field (live.js:
the sentence before sending, and no live figure) is in tests/e2e/test_number_junk.py."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from classroom.models import Game
from classroom.texts.refusals import FIELD_NUMBERS, translate_refusal
from playboss.rules import RuleViolation, action_from_dict


def refusal_of(move: dict[str, object]) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        action_from_dict(move)
    return caught.value


@pytest.mark.parametrize("field,move", [
    ("price", {"type": "auction_bid", "actor": "Red", "price": "1e3"}),
    ("units", {"type": "purchase", "actor": "Red", "units": "2.5"}),
    ("amount", {"type": "take_credit", "actor": "Red", "amount": "5 000"}),
    ("die", {"type": "roll", "actor": "Red", "die": "six"}),
])
def test_a_junk_number_gets_its_fields_sentence(field: str, move: dict[str, object]) -> None:
    refusal = refusal_of(move)
    assert refusal.code == "action_field_number"
    english = translate_refusal(refusal, "en")
    german = translate_refusal(refusal, "de")
    assert english == str(FIELD_NUMBERS[field]) and "Action '" not in english
    assert german != english and "Aktion" not in german and "ganze Zahl" in german


def test_a_junk_die_sent_to_the_site_changes_nothing(game: Game) -> None:
    c = Client()
    assert c.get(f"/join/{game.teams.get(name='Red').token}/").status_code == 302
    game.refresh_from_db()
    before = (game.seq, game.revision)
    answer = c.post(f"/games/{game.pk}/move/",
                    json.dumps({"actor": "Red", "action": {"type": "roll", "die": "1e3"}}),
                    content_type="application/json", HTTP_ACCEPT_LANGUAGE="de")
    body = answer.json()
    assert not body["ok"]
    assert body["error"] == "Der Würfel zeigt eine ganze Zahl von 1 bis 6."
    game.refresh_from_db()
    assert (game.seq, game.revision) == before
