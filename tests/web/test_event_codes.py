"""The catalogue of events is the one place an event's sentence lives (issue 19, "Events as
codes, with an audience"), and the audience decides who reads it.

The engine emits a code, params and an audience (``tests/rules/test_event_audience.py``);
``classroom.texts.events`` tells each code in English and German. Here: the catalogue has an
entry for every code the engine emits and none for a code it does not; every event of many
played games (all steps, bots, junk moves) is told by its entry from its params alone, in
both languages; the params are names, numbers and code words, never an English sentence; and
the ticker and the news show a private event to its audience only, failing closed.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from classroom import ticker
from classroom.audience import audience, may_read
from classroom.texts import describe_event
from classroom.texts.events import ENGINE_CODES, told
from playboss.rules import ALL, BANK, GameLog, replay
from tests.rules.codes import ENGINE

from .test_refusal_codes import _played

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@cache
def _events() -> list[dict[str, Any]]:
    """The events of the played games and of every golden game log (the steps' included)."""
    events = list(_played().events)
    for log in sorted(GOLDEN.glob("*.log.json")):
        replay(GameLog.load(log), on_event=lambda _, e: events.append(e))
    return events


def _emitted_codes() -> set[str]:
    return {node.args[0].value for path in ENGINE.rglob("*.py")
            for node in ast.walk(ast.parse(path.read_text("utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "emit" and node.args and isinstance(node.args[0], ast.Constant)}


def test_the_catalogue_has_an_entry_for_every_code_and_no_other() -> None:
    assert _emitted_codes() == ENGINE_CODES


#: Codes these games never meet: their entries are told in their steps' web tests only. A code
#: leaving this list (a game now meets it) fails the test until it is struck off.
NOT_MET = {"auction_default", "bidding_round", "bidding_tie", "cost_sell_half", "deal_rejected",
           "deal_withdrawn", "efficiency", "estate_auction", "estate_bid", "estate_pass",
           "estate_sold", "lease_ended", "lease_renewed", "market_leader", "marketing_paid",
           "match_bid", "takeover_rejected"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_event_of_played_games_is_told_by_its_entry(language: str) -> None:
    """No event falls back to plain words: each entry's placeholders are its event's params
    (a missing one would leave the entry unable to tell it)."""
    events = _events()
    assert ENGINE_CODES - {e["type"] for e in events} == NOT_MET
    untold = []
    with translation.override(language):
        for event in events:
            sentence = told(event)
            if sentence is None or "%(" in sentence or "%s" in sentence:
                untold.append(f"{event['type']}: {event}")
    assert not untold, "\n".join(sorted(set(untold))[:20])


#: Params that hold what a team or the bank typed (a correction's reason, a personal goal).
TYPED = {("correction", "reason")}


def _prose(value: Any) -> bool:
    """An English phrase, not a name or a code word: three words or more."""
    return isinstance(value, str) and len(value.split()) >= 3


def test_params_are_names_numbers_and_words_never_a_sentence() -> None:
    played = _played()
    names = played.teams | {BANK, "workers"}
    prose = sorted({f"{e['type']}.{k}={v!r}" for e in _events() for k, v in e.items()
                    if (e["type"], k) not in TYPED and _prose(v) and v not in names})
    assert not prose, "\n".join(prose[:20])
    assert not [e for e in _events() if "text" in e]


def test_every_played_event_says_who_may_read_it() -> None:
    readers = _played().teams | {BANK} | {f"Team {n}" for n in range(1, 10)}
    for event in _events():
        declared = event["audience"]
        assert declared == ALL or (declared and set(declared) <= readers), event


# ---------------------------------------------------------------- the audience, failing closed
CREDIT = {"type": "credit", "audience": ["Red", BANK], "team": "Red", "amount": 4000}
OFFER = {"type": "deal_offered", "audience": ["Red", "Blue"], "team": "Red",
         "partner": "Blue", "deal": 3, "give": {"cash": 700}, "take": {"raw": 1}}
INTEREST = {"type": "paid", "audience": ["Red", BANK], "team": "Red", "amount": 400,
            "reason": "interest", "percent": 10, "debt": 4000}


def test_a_private_event_reads_in_full_for_its_parties_and_the_bank_only() -> None:
    """Rulebook: "Private Business between Players" and "Lines of Credit"."""
    lines = ticker.tickers([OFFER, CREDIT, INTEREST], "en")
    offer = "Red offers Blue a deal (offer 3): gives 700 Marks, asks 1 unit of raw material."
    assert lines["Red"] == [offer, "Red borrows 4,000 Marks from the bank.",
                            "Red pays 400 Marks: interest (10% of 4,000 Marks bank debt)."]
    assert lines["Blue"] == [offer]
    assert lines["bank"] == lines["Red"]
    assert lines["public"] == ["Red offers Blue a private deal."]


def test_an_event_without_an_audience_is_read_by_its_parties_only() -> None:
    """A new event type the engine or the site forgot to give an audience is not public."""
    forgot = {"type": "bonus", "team": "Red", "amount": 900}
    assert audience(forgot) == {"Red"}
    assert not may_read(forgot, "Blue") and may_read(forgot, "Red") and may_read(forgot, BANK)
    assert audience({**CREDIT, "audience": "everyone"}) == {"Red"}  # malformed: closed too
    assert ticker.tickers([forgot], "en")["public"] == []


def test_events_stored_before_audiences_keep_their_readers_and_their_words() -> None:
    """A game played before: its events have the engine's English text and no audience."""
    old_credit = {"type": "credit", "team": "Red", "amount": 4000,
                  "text": "Red borrows 4,000 Marks from the bank."}
    old_move = {"type": "move", "team": "Red", "die": 2, "field": 3, "color": "R",
                "text": "Red rolls 2 and moves to field 3 (red field)."}
    assert audience(old_credit) == {"Red"} and audience(old_move) is None
    assert describe_event(old_move, "en") == old_move["text"]  # as it was told
    assert describe_event(old_move, "de") == "Red würfelt eine 2 und zieht auf Feld 3 (rot)."
    lines = ticker.tickers([old_move, old_credit], "en")
    assert lines["public"] == [old_move["text"]]
    assert lines["Red"] == [old_move["text"], old_credit["text"]]


def test_the_site_s_own_announcements_are_for_the_whole_table() -> None:
    undo = {"type": "undo", "to_seq": 4, "text": "The bank takes back the moves after move 4."}
    assert audience(undo) is None
    assert ticker.tickers([undo], "de")["public"] == [
        "Die Bank nimmt die Züge nach Zug 4 zurück."]


def test_an_event_the_catalogue_cannot_tell_is_shown_in_plain_words() -> None:
    odd = {"type": "bonus", "audience": ALL, "team": "Red", "amount": 900}
    assert describe_event(odd, "en") == "bonus: team=Red amount=900"


def test_german_and_english_come_from_the_same_entry() -> None:
    assert describe_event(CREDIT, "en") == "Red borrows 4,000 Marks from the bank."
    assert describe_event(CREDIT, "de") == ("Red nimmt bei der Bank einen Kredit über 4.000 "
                                            "Mark auf.")
    assert describe_event(OFFER, "de") == ("Red bietet Blue ein Geschäft an (Angebot 3): gibt "
                                           "700 Mark, verlangt 1 Einheit Rohstoff.")
