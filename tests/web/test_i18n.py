"""The site in English and German: pages, amounts in Marks, the engine's events and refusals
told in German (``classroom.texts``), and a compiled catalogue that is complete and current.

The catalogue is compiled on a developer's machine (gettext is not installed in CI): these tests
read ``locale/de/LC_MESSAGES/django.po`` and ``django.mo`` with the standard library only.
"""

from __future__ import annotations

import ast
import gettext
import json
import re
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext_lazy

from classroom import events
from classroom.models import Classroom, Game
from classroom.services import ServiceError
from classroom.templatetags.playboss import marks
from classroom.texts import describe_event, reason_text, translate_refusal
from playboss.rules import RuleViolation
from playboss.rules.config import GameConfig
from playboss.rules.engine import apply
from playboss.rules.gamelog import GameLog
from playboss.rules.risk import standard_deck
from playboss.rules.steps.labor.actions import OfferHire

from .conftest import make_game

LOCALE = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES"


# ====================================================================== helpers
def in_german(client: Client) -> Client:
    """Choose German with the language switch every page has (Django's set_language)."""
    response = client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert response.status_code == 302
    return client


def team_client(game: Game, name: str) -> Client:
    c = Client()
    assert c.get(f"/join/{game.teams.get(name=name).token}/").status_code == 302
    return c


def move(c: Client, game: Game, actor: str, **action: Any) -> Any:
    return c.post(f"/games/{game.pk}/move/", json.dumps({"actor": actor, "action": action}),
                  content_type="application/json")


def page(c: Client, url: str) -> str:
    response = c.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


# ====================================================================== pages
def test_the_language_switch_turns_home_and_join_german(client: Client, db: Any) -> None:
    english = page(client, "/")
    assert 'lang="en"' in english and "Join a game" in english
    assert 'action="/i18n/setlang/"' in english  # the switch on every page
    in_german(client)
    home = page(client, "/")
    assert 'lang="de"' in home
    assert "Einem Spiel beitreten" in home and "Anmeldung für Lehrkräfte" in home
    join = page(client, "/join/")
    assert "Tritt deinem Team bei" in join and "Team-PIN" in join and "Beitreten" in join


def test_the_team_screen_in_german(game: Game) -> None:
    red = in_german(team_client(game, "Red"))
    play = page(red, f"/play/{game.code}/")
    assert "Das Spiel wird geladen" in play and "Soeben" in play
    # the live script's words come from the template, translated
    assert 'data-t-offline="Keine Verbindung zum Spiel; dein Zug wurde nicht gesendet."' in play
    panel = page(red, f"/games/{game.pk}/panel/")
    for words in ("Deine Fabrik", "Kasse", "Bankschulden", "Rohstoff", "Fertigprodukt",
                  "WEB-Chips", "Deine Buchführung", "Private Geschäfte", "Du bist am Zug!",
                  "Würfeln", "Startkapital"):
        assert words in panel, words
    assert "10.000 M" in panel  # the starting capital, grouped the German way
    assert "Your factory" not in panel and "10,000 M" not in panel


def test_the_bank_console_in_german_tells_the_moves_in_german(owner: Client, game: Game) -> None:
    in_german(owner)
    assert move(owner, game, "Red", type="roll", die=6).json()["ok"]
    console = page(owner, f"/games/{game.pk}/bank/")
    assert "Spielen für" in console and "Bankdirektor" in console
    panel = page(owner, f"/games/{game.pk}/panel/?as=bank")
    for words in ("Alle Teams auf einen Blick", "Kasse", "Bestand der Bank", "Bisherige Züge",
                  "Was geschah", "Bis vor diesen Zug zurücknehmen"):
        assert words in panel, words
    assert "Red würfelt eine 6 und zieht auf Feld 7 (rot)." in panel
    assert "rolls 6 and moves" not in panel


def test_the_representatives_screen_in_german(classroom: Classroom) -> None:
    """Students playing step 6's worker representative read its data in German too: the
    steps' data keys, yes/no, the offer fields and who the game waits for."""
    labour = make_game(classroom, steps=[6], years=None, representative="students")
    assert move(team_client(labour, "Red"), labour, "Red", type="offer_hire", workers=2,
                salary=500).json()["ok"]
    rep = in_german(Client())
    rep.post("/join/", {"code": labour.code, "pin": labour.representative_pin})
    panel = page(rep, f"/games/{labour.pk}/panel/")
    for words in ("Arbeitskräfte im Vorrat", "Erstes Jahr beendet", "nein",
                  "Offene Einstellungsangebote", "Gezahltes Streikgeld", "Angebot 1",
                  "Wartet auf: <strong>Red</strong>", "Team Blue · Lohn 500",
                  "Spielschachtel (Arbeiterfiguren)"):
        assert words in panel, words
    for english in ("Strike wages paid", "First year done", "offer 1", "salary 500", "supply"):
        assert english not in panel, english


def test_the_projector_in_german(owner: Client, game: Game) -> None:
    in_german(owner)
    projector = page(owner, f"/games/{game.pk}/projector/")
    assert 'lang="de"' in projector and "Soeben" in projector
    assert "Stand auf dem Bildschirm" in projector
    panel = page(owner, f"/games/{game.pk}/panel/?as=public")
    assert "Markt" in panel and "Verkaufspreis" in panel


def test_a_german_game_tells_its_ticker_in_german_to_everyone(
    classroom: Classroom, django_capture_on_commit_callbacks: Any
) -> None:
    game = make_game(classroom)
    Game.objects.filter(pk=game.pk).update(language="de")
    sent: list[dict[str, Any]] = []

    class Layer:
        async def group_send(self, group: str, message: dict[str, Any]) -> None:
            sent.append(message)

    english_teacher = Client()
    english_teacher.force_login(classroom.teacher)
    with mock.patch("classroom.events.get_channel_layer", return_value=Layer()), \
            django_capture_on_commit_callbacks(execute=True):
        response = move(english_teacher, game, "Red", type="roll", die=6)
    # the mover's page is English: its answer too ...
    assert response.json()["events"] == ["Red rolls 6 and moves to field 7 (red)."]
    # ... but the broadcast goes to every screen of the game, in the game's language
    assert sent[-1]["ticker"] == ["Red würfelt eine 6 und zieht auf Feld 7 (rot)."]
    # and so does the projector's ticker when the page is first drawn
    projector = page(english_teacher, f"/games/{game.pk}/projector/")
    assert "<li>Red würfelt eine 6 und zieht auf Feld 7 (rot).</li>" in projector


def test_an_english_game_broadcasts_the_engines_text() -> None:
    with mock.patch.object(events, "game_language", return_value="en"), \
            mock.patch("classroom.events.get_channel_layer") as layer:
        layer.return_value.group_send = mock.AsyncMock()
        events.broadcast(1, 2, 3, [{"type": "move", "text": "Red rolls 6."}, {"type": "x"}])
    message = layer.return_value.group_send.call_args.args[1]
    assert message["ticker"] == ["Red rolls 6."]


# ====================================================================== amounts
@pytest.mark.parametrize(("language", "expected"), [("en", "34,150 M"), ("de", "34.150 M")])
def test_amounts_are_grouped_per_language(language: str, expected: str) -> None:
    with translation.override(language):
        assert marks(34150) == expected
        assert marks(-1500) == expected.replace("34", "-1").replace("150", "500")
        assert marks(None) == "–"


# ====================================================================== events
EVENTS: list[tuple[dict[str, Any], str]] = [
    ({"type": "move", "team": "Rot", "die": 4, "field": 5, "color": "R",
      "text": "Rot rolls 4 and moves to field 5 (red)."},
     "Rot würfelt eine 4 und zieht auf Feld 5 (rot)."),
    ({"type": "purchase", "team": "Rot", "units": 3, "cost": 1150, "prices": [],
      "text": "Rot buys 3 units for 1,150 Marks."},
     "Rot kauft 3 Einheiten Rohstoff für 1.150 Mark."),
    ({"type": "purchase", "team": "Rot", "units": 1, "cost": 350, "prices": [],
      "text": "Rot buys 1 units for 350 Marks."},
     "Rot kauft 1 Einheit Rohstoff für 350 Mark."),
    ({"type": "invest", "team": "Blau", "machine": 3, "credit": 5000, "price": 10000,
      "ready_at": 17,
      "text": "Blau buys machine 3 for 10,000 Marks, 5,000 on credit. It produces from its "
              "roll 17 on."},
     "Blau kauft Maschine 3 für 10.000 Mark, davon 5.000 auf Kredit. Sie produziert ab "
     "Wurf 17."),
    ({"type": "sell", "team": "Grün", "units": 2, "revenue": 9000, "prices": [4500, 4500],
      "how": "advertising", "text": "Grün sells 2 units for 9,000 Marks (advertising)."},
     "Grün verkauft 2 Einheiten Fertigprodukt mit Werbekampagne für 9.000 Mark."),
    ({"type": "credit", "team": "Rot", "amount": 10000,
      "text": "Rot borrows 10,000 Marks from the bank."},
     "Rot nimmt bei der Bank einen Kredit über 10.000 Mark auf."),
    ({"type": "paid", "team": "Rot", "amount": 1000, "reason": "interest", "percent": 10,
      "debt": 10000, "text": "Rot pays 1,000 Marks: interest (10% of 10,000 Marks bank debt)."},
     "Rot zahlt 1.000 Mark: Zinsen (10 % von 10.000 Mark Bankschulden)."),
    ({"type": "paid", "team": "Rot", "amount": 1000, "reason": "risk", "card": 15,
      "text": "Rot pays 1,000 Marks: risk (Tax audit)."},
     "Rot zahlt 1.000 Mark: Risikokarte (Betriebsprüfung)."),
    ({"type": "risk_card", "team": "Blau", "card": 5,
      "text": "Blau draws 'Accident at work': A worker is injured. Pay 2,000 Marks."},
     "Blau zieht die Risikokarte „Arbeitsunfall“: Ein Arbeitnehmer wird verletzt. "
     "Zahle 2.000 Mark."),
    ({"type": "write_off", "team": "Rot", "option": "return", "machine": 2,
      "text": "Rot returns machine 2 to the bank."},
     "Abschreibung: Rot gibt Maschine 2 an die Bank zurück."),
    ({"type": "pass", "team": "Rot", "on": "green", "text": "Rot buys no WEB chip."},
     "Rot kauft keinen WEB-Chip."),
    ({"type": "year_end", "team": "Rot", "year": 2, "text": "Rot completes year 2."},
     "Rot schließt Geschäftsjahr 2 ab."),
    ({"type": "game_over", "results": [{"team": "Blau", "result": 5100},
                                       {"team": "Rot", "result": -3200}],
      "text": "The game is over. Blau: 5,100; Rot: -3,200"},
     "Das Spiel ist beendet. Blau: 5.100; Rot: -3.200"),
    ({"type": "tax", "team": "Rot", "year": 2, "profit": 3750, "taxable": 3000, "tax": 500,
      "text": "..."},
     "Rot erklärt für Jahr 2 einen Gewinn von 3.750 Mark; zu versteuern 3.000, Steuer "
     "500 Mark."),
    ({"type": "hired", "team": "Rot", "offer": 4, "workers": 2, "salary": 500, "employs": 2,
      "text": "Rot hires 2 workers at 500 Marks a red field each; it employs 2."},
     "Rot stellt 2 Arbeitnehmer zu je 500 Mark pro rotem Feld ein. Es beschäftigt 2 "
     "Arbeitnehmer."),
    ({"type": "undo", "to_seq": 12, "text": "The bank takes back the moves after move 12."},
     "Die Bank nimmt die Züge nach Zug 12 zurück."),
]


@pytest.mark.parametrize(("event", "german"), EVENTS, ids=[e["type"] for e, _ in EVENTS])
def test_events_are_told_in_german(event: dict[str, Any], german: str) -> None:
    assert describe_event(event, "de") == german
    with translation.override("de"):
        assert describe_event(event) == german


def test_english_shows_the_text_of_an_event_stored_before_codes() -> None:
    event, _german = EVENTS[3]
    assert describe_event(event, "en") == event["text"]


def test_an_unknown_event_falls_back_to_the_engines_english() -> None:
    event = {"type": "meteor_strike", "team": "Rot", "text": "A meteor hits Rot's factory."}
    assert describe_event(event, "de") == "A meteor hits Rot's factory."
    # a known type whose fields do not fit falls back too, rather than failing the page
    broken = {"type": "purchase", "team": "Rot", "text": "Rot buys something."}
    assert describe_event(broken, "de") == "Rot buys something."


def test_payment_reasons_in_german() -> None:
    with translation.override("de"):
        assert reason_text("interest") == "Zinsen"
        assert reason_text("starting capital") == "Startkapital"
        assert reason_text("a reason nobody translated") == "a reason nobody translated"


def test_every_risk_card_has_a_german_title_and_text() -> None:
    raw = json.loads((Path(settings.BASE_DIR) / "playboss/rules/risk_deck.json")
                     .read_text("utf-8"))
    assert len(raw["cards"]) == len(standard_deck()) == 30  # the engine ignores the extra keys
    for card in raw["cards"]:
        assert card["title_de"].strip() and card["text_de"].strip(), card["id"]
        assert card["title_de"] != card["title"], card["id"]


# ====================================================================== refusals
#: (code, params, the engine's English, the German the page shows)
REFUSALS: list[tuple[str, dict[str, Any], str, str]] = [
    ("not_your_turn", {"current": "Red", "actor": "Blue"}, "It is Red's turn, not Blue's.",
     "Red ist am Zug, nicht Blue."),
    ("workers_left", {"have": 2, "workers": 3},
     "The worker representative has 2 worker(s) to hire out, not 3.",
     "Der Arbeitnehmervertreter hat noch 2 Arbeitnehmer, nicht 3."),
    ("hiring_offer_waits", {"offer": 4, "who": "workers"},
     "Offer 4 waits for the worker representative's answer.",
     "Angebot 4 wartet auf die Antwort von Arbeitnehmervertreter."),
    ("hiring_offer_waits", {"offer": 4, "who": "Blue"}, "Offer 4 waits for Blue's answer.",
     "Angebot 4 wartet auf die Antwort von Blue."),
    ("struck_already", {"team": "Blue"}, "Blue is struck already.",
     "Blue wird bereits bestreikt."),
    ("workers_only", {}, "Only the worker representative can do that.",
     "Das kann nur der Arbeitnehmervertreter."),
    ("cash_for_units", {"cash": 3000, "cost": 4200, "units": 4},
     "You have 3,000 Marks; 4 units cost 4,200.", "Du hast 3.000 Mark; 4 Einheiten kosten 4.200."),
    ("cash_for_units", {"cash": 300, "cost": 350, "units": 1},
     "You have 300 Marks; 1 units cost 350.", "Du hast 300 Mark; 1 Einheit kostet 350."),
    ("cash_for_machine", {"cash": 3000, "cost": 10000},
     "You have 3,000 Marks; a machine costs 10,000.",
     "Du hast 3.000 Mark; eine Maschine kostet 10.000."),
    ("not_open_now", {"action": "purchase", "waiting": {"kind": "red"}},
     "Purchasing is not open now: a decision on the red field.",
     "Einkaufen ist jetzt nicht möglich; das Spiel wartet auf eine Entscheidung auf dem roten "
     "Feld."),
    ("not_open_now", {"action": "sell", "waiting": {"kind": "roll", "team": "Blue"}},
     "Selling is not open now: Blue rolls the die.",
     "Verkaufen ist jetzt nicht möglich; das Spiel wartet auf den Wurf von Blue."),
    ("not_open_now", {"action": "pass", "waiting": {"kind": "pay", "amount": 1200,
                                                    "reason": "interest"}},
     "Doing nothing is not open now: a payment of 1,200 Marks (interest).",
     "Nichts tun ist jetzt nicht möglich; das Spiel wartet auf eine Zahlung von 1.200 Mark "
     "(Zinsen)."),
    ("credit_step", {"step": 500, "amount": 700}, "The bank lends in steps of 500 Marks.",
     "Die Bank verleiht in Schritten von 500 Mark."),
    ("production_capacity", {"capacity": 2, "units": 3},
     "Your machines can make 2 units now, not 3.",
     "Deine Maschinen können jetzt 2 Einheiten herstellen, nicht 3."),
    ("not_enough_raw", {"have": 1, "units": 2}, "You have 1 unit of raw material, not 2.",
     "Du hast 1 Einheit Rohstoff, nicht 2."),
    ("game_over", {}, "The game is over.", "Das Spiel ist beendet."),
    ("no_open_deal", {"deal": 7}, "There is no open deal 7.", "Es gibt kein offenes Angebot 7."),
]


@pytest.mark.parametrize(("code", "params", "english", "german"), REFUSALS)
def test_refusals_in_german(code: str, params: dict[str, Any], english: str,
                            german: str) -> None:
    refusal = RuleViolation(english, "a rule", code=code, params=params)
    assert translate_refusal(refusal, "de") == german
    assert translate_refusal(refusal, "en") == english  # the engine's own English


def test_the_start_salary_speaks_of_the_first_year_in_both_languages() -> None:
    """Issue 13, "Words": a trip round the board is a business year. The engine's own English
    says so (the refusal as the engine raises it); an event stored while the engine still
    said "lap" is told in the site's words in English too."""
    _, state = GameLog.start(GameConfig(teams=("Rot", "Blau"), seed=1, steps=frozenset({6})))
    with pytest.raises(RuleViolation) as raised:
        apply(state, OfferHire("Rot", workers=1, salary=600))
    refusal = raised.value
    assert refusal.code == "start_salary"
    assert translate_refusal(refusal, "en") == refusal.message == (
        "Until the first team completes its first year the salary is 500 Marks a worker; "
        "then it is negotiated freely.")
    assert translate_refusal(refusal, "de") == (
        "Bis das erste Team sein erstes Jahr beendet hat, beträgt der Lohn 500 Mark je "
        "Arbeitnehmer; danach wird er frei verhandelt.")
    retired = {"type": "workers_retired", "team": "Rot", "workers": 3,
               "text": "Rot completes the first lap: the worker representative returns 3 "
                       "workers never hired; ..."}
    assert describe_event(retired, "en").startswith(
        "Rot completes the first year: the worker representative returns 3 workers")
    assert describe_event(retired, "de").startswith("Rot beendet das erste Jahr:")


def _engine_strings_saying_lap() -> list[str]:
    """String literals of the engine (docstrings left out) that say "lap": the engine's
    English is what the site shows in English (events, refusals, goal titles)."""
    found = []
    for path in sorted((Path(settings.BASE_DIR) / "playboss" / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                           ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)}
        found += [f"{path.name}:{node.lineno}: {node.value}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docstrings and LAP_WORDS.search(node.value)
                  and node.value not in ENGINE_LAP_IDENTIFIERS]
    return found


#: "lap" in the engine's identifiers, never shown as they are: a ledger reason (the site names
#: it "retired after the first year", reports/labels.py) and the yields' key ``laps``.
ENGINE_LAP_IDENTIFIERS = {"retired after the first lap", "laps"}


def test_the_engine_says_year_where_it_said_lap() -> None:
    """Issue 13, "Words": no sentence of the engine says "lap" (a trip round the board is a
    business year)."""
    assert _engine_strings_saying_lap() == []


#: "lap" in English, "Runde" (a round) in German where no round is meant: a trip round the
#: board is a business year (issue 13, "Words"). Bidding rounds and the rounds of the game
#: (every team rolled once) are rounds in both languages.
LAP_WORDS = re.compile(r"\blaps?\b|gone round once", re.IGNORECASE)
GERMAN_ROUND = re.compile(r"\bRunden?\b")


def lap_words_in(entries: list[dict[str, Any]]) -> list[str]:
    """The catalogue's entries that say "lap" in English, or "Runde" in German where the
    English says no "round"."""
    found = []
    for e in entries:
        english = " ".join([e["msgid"], e.get("msgid_plural", "")])
        german = " ".join(e.get("msgstr", []))
        if LAP_WORDS.search(english) or (GERMAN_ROUND.search(german)
                                         and "round" not in english.lower()):
            found.append(e["msgid"])
    return found


def test_no_string_of_the_site_says_lap_where_a_year_is_meant() -> None:
    """Every user-facing string of the site is in the catalogue (the tests above): templates,
    the engine's events and refusals as the site tells them, reports."""
    assert lap_words_in(read_po(LOCALE / "django.po")[1:]) == []


def test_the_lap_detector_can_fail() -> None:
    assert lap_words_in([{"msgid": "first lap", "msgstr": ["erste Runde"]},
                         {"msgid": "until it has gone round once", "msgstr": ["x"]},
                         {"msgid": "first year", "msgstr": ["erste Runde"]}]) == [
        "first lap", "until it has gone round once", "first year"]
    assert lap_words_in([{"msgid": "Close round 1 of the bidding round",
                          "msgstr": ["Runde 1 der Bieterrunde schließen"]},
                         {"msgid": "collapsed; years", "msgstr": ["Jahre"]}]) == []


def test_a_refusal_wrapped_by_the_services_is_told_from_its_cause() -> None:
    try:
        try:
            raise RuleViolation("It is Red's turn, not Blue's.", code="not_your_turn",
                                params={"current": "Red", "actor": "Blue"})
        except RuleViolation as exc:
            raise ServiceError(exc.message) from exc
    except ServiceError as wrapped:
        assert translate_refusal(wrapped, "de") == "Red ist am Zug, nicht Blue."
        assert translate_refusal(wrapped, "en") == "It is Red's turn, not Blue's."
    # a service's own refusal is a lazy sentence, read in the page's language
    over = ServiceError(gettext_lazy("The game is over."))
    assert translate_refusal(over, "de") == "Das Spiel ist beendet."
    assert translate_refusal(over, "en") == "The game is over."
    # and an English sentence is never parsed back into words (the old pattern table)
    assert translate_refusal("The game is over.", "de") == "The game is over."


def test_an_unknown_refusal_stays_english() -> None:
    assert translate_refusal("The moon is in the wrong phase.", "de") == \
        "The moon is in the wrong phase."
    moon = RuleViolation("The moon is in the wrong phase.", code="wrong_moon")
    assert translate_refusal(moon, "de") == "The moon is in the wrong phase."
    # params that do not fit the code's sentence: the English, rather than a broken page
    broken = RuleViolation("It is Red's turn, not Blue's.", code="not_your_turn", params={})
    assert translate_refusal(broken, "de") == "It is Red's turn, not Blue's."


def test_a_refused_move_answers_in_the_pages_language(game: Game) -> None:
    blue = team_client(game, "Blue")
    english = move(blue, game, "Blue", type="roll", die=3)
    assert english.status_code == 400
    assert english.json()["error"] == "It is Red's turn, not Blue's."
    german = move(in_german(blue), game, "Blue", type="roll", die=3)
    assert german.json() == {"ok": False, "error": "Red ist am Zug, nicht Blue."}


def test_a_move_answers_with_its_events_in_the_pages_language(game: Game) -> None:
    red = in_german(team_client(game, "Red"))
    body = move(red, game, "Red", type="roll", die=6).json()
    assert body["ok"] and body["events"][0] == "Red würfelt eine 6 und zieht auf Feld 7 (rot)."


# ====================================================================== the catalogue
def _unquote(line: str) -> str:
    return str(ast.literal_eval(line))


def read_po(path: Path) -> list[dict[str, Any]]:
    """The entries of a .po file: msgctxt, msgid, msgid_plural, msgstr (a list), flags."""
    entries: list[dict[str, Any]] = []
    entry: dict[str, Any] = {}
    key = ""
    for raw in path.read_text("utf-8").splitlines() + [""]:
        line = raw.strip()
        if not line:
            if "msgid" in entry:
                entries.append(entry)
            entry, key = {}, ""
            continue
        if line.startswith("#,"):
            entry.setdefault("flags", set()).update(f.strip() for f in line[2:].split(","))
        elif line.startswith("#"):
            continue
        elif match := re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?) (\".*\")$",
                               line):
            key = match[1]
            if key.startswith("msgstr"):
                entry.setdefault("msgstr", []).append(_unquote(match[3]))
            else:
                entry[key] = _unquote(match[3])
        elif line.startswith('"'):
            if key.startswith("msgstr"):
                entry["msgstr"][-1] += _unquote(line)
            else:
                entry[key] += _unquote(line)
    return entries


def test_the_german_catalogue_is_complete() -> None:
    entries = read_po(LOCALE / "django.po")
    assert len(entries) > 300
    header, messages = entries[0], entries[1:]
    assert "fuzzy" not in header.get("flags", set())
    assert "Language: de" in header["msgstr"][0]
    untranslated = [e["msgid"] for e in messages if not all(s.strip() for s in e["msgstr"])]
    assert not untranslated, f"untranslated: {untranslated[:10]}"
    fuzzy = [e["msgid"] for e in messages if "fuzzy" in e.get("flags", set())]
    assert not fuzzy, f"fuzzy (msgfmt skips them): {fuzzy[:10]}"
    for e in messages:  # the same placeholders in the German
        sources = [e["msgid"], e.get("msgid_plural", e["msgid"])]
        for i, text in enumerate(e["msgstr"]):
            assert set(re.findall(r"%\((\w+)\)", text)) == set(
                re.findall(r"%\((\w+)\)", sources[min(i, 1)])), e["msgid"]


def test_the_compiled_catalogue_matches_the_po_file() -> None:
    """django.mo is committed (CI has no msgfmt): it must hold every translation of the .po."""
    with open(LOCALE / "django.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    stale = []
    for e in read_po(LOCALE / "django.po")[1:]:
        msgid = e["msgid"] if "msgctxt" not in e else f"{e['msgctxt']}\x04{e['msgid']}"
        if "msgid_plural" in e:
            got = [compiled.ngettext(msgid, e["msgid_plural"], n) for n in (1, 2)]
            if "msgctxt" in e:
                got = [compiled.npgettext(e["msgctxt"], e["msgid"], e["msgid_plural"], n)
                       for n in (1, 2)]
            if got != e["msgstr"][:2]:
                stale.append(e["msgid"])
        else:
            got_one = (compiled.pgettext(e["msgctxt"], e["msgid"]) if "msgctxt" in e
                       else compiled.gettext(msgid))
            if got_one != e["msgstr"][0]:
                stale.append(e["msgid"])
    assert not stale, f"run compilemessages: {stale[:10]}"


def test_every_translated_template_string_is_in_the_catalogue() -> None:
    """A {% translate "..." %} added without running makemessages would stay English."""
    known = {e["msgid"] for e in read_po(LOCALE / "django.po")[1:] if "msgctxt" not in e}
    missing = []
    for template in Path(settings.BASE_DIR, "templates").rglob("*.html"):
        for match in re.finditer(r"""\{% translate (["'])(.+?)\1""", template.read_text("utf-8")):
            if match[2] not in known:
                missing.append(f"{template.name}: {match[2]}")
    assert not missing, f"run makemessages: {missing[:10]}"
