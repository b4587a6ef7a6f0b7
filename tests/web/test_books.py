"""The booking card on the team screen and a team's Books page (issue 13): each move's journal
entry with the balance sheet before and after, the journal filtered, the T-accounts, in English
and German; a team sees only its own books, the teacher any team's."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from classroom import selectors, services
from classroom.access import SEAT_SESSION_KEY, SESSION_KEY
from classroom.models import Classroom, Game
from classroom.screens import ScreenSpec, build_screen
from classroom.texts.journal import ACCOUNT_NAMES, NOTES
from playboss.rules import journal as J

from .conftest import make_game
from .test_team_game import region


def move(game: Game, actor: str, **action: Any) -> None:
    services.submit_action(game_id=game.pk, actor=actor, payload=action, run_bots=False)


def bought(classroom: Classroom) -> Game:
    """Red rolled a 6 (field 7, red) and bought 2 raw units for 700 (a half-filled market)."""
    game = make_game(classroom)
    move(game, "Red", type="roll", die=6)
    move(game, "Red", type="purchase", units=2)
    game.refresh_from_db()
    return game


def sign_in_as(client: Client, game: Game, name: str) -> None:
    team = game.teams.get(name=name)
    session = client.session
    session[SESSION_KEY] = {str(game.pk): team.pk}
    session[SEAT_SESSION_KEY] = {str(game.pk): team.seat_generation}
    session.save()


def test_the_catalogue_names_every_account_and_note() -> None:
    assert set(J.CHART) <= set(ACCOUNT_NAMES)
    assert set(J.NOTE_LINES) <= set(NOTES)


def test_the_booking_card_shows_the_purchase_and_the_sheet_before_and_after(
        classroom: Classroom) -> None:
    game = bought(classroom)
    card = selectors.team_booking(game, "Red")
    latest = card["moves"][0]
    assert latest["entries"][0]["debits"] == [("raw", 300), ("pl:raw_material", 400)]
    assert latest["entries"][0]["credits"] == [("bank", 700)]
    rows = {r["code"]: r for r in card["sheet"]}
    assert (rows["bank"]["before"], rows["bank"]["after"], rows["bank"]["changed"]) == (
        10_000, 9_300, True)
    assert (rows["raw"]["before"], rows["raw"]["after"]) == (0, 300)
    assert rows["year_result"]["after"] - rows["year_result"]["before"] == -400
    assert rows["brought_forward"]["after"] == 0  # year 1: nothing closed yet
    assert not rows["machines"]["changed"]
    html = region(build_screen(game, ScreenSpec("Red", "en")).html(), "booking")
    assert "Raw materials" in html and "to Bank (cash)" in html and "150 a unit" in html
    german = region(build_screen(game, ScreenSpec("Red", "de")).html(), "booking")
    assert "Rohstoffe" in german and "an Bank" in german and "Soll" in german


def test_the_books_page_filters_and_shows_t_accounts(classroom: Classroom,
                                                      client: Client) -> None:
    game = bought(classroom)
    sign_in_as(client, game, "Red")
    page = client.get(f"/games/{game.pk}/books/", {"account": "raw"}).content.decode()
    assert "Books of Red" in page and "T-accounts" in page
    assert "Raw materials 300, Raw material bought 400 / Bank (cash) 700" in page
    assert "Starting capital" not in page.split("Journal")[-1]  # filtered to raw material
    at_start = client.get(f"/games/{game.pk}/books/", {"at": "0"}).content.decode()
    assert "Balance sheet after move 0" in at_start
    junk = client.get(f"/games/{game.pk}/books/", {"year": "x", "at": "-5"})
    assert junk.status_code == 200
    client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    german = client.get(f"/games/{game.pk}/books/").content.decode()
    assert "Soll" in german and "Haben" in german and "T-Konten" in german


def test_a_team_sees_only_its_own_books_and_the_teacher_any(classroom: Classroom,
                                                            client: Client,
                                                            teacher: Any) -> None:
    game = bought(classroom)
    sign_in_as(client, game, "Blue")
    page = client.get(f"/games/{game.pk}/books/", {"team": "Red"}).content.decode()
    assert "Books of Blue" in page and "Books of Red" not in page
    client.force_login(teacher)
    page = client.get(f"/games/{game.pk}/books/",
                      {"team": "Red", "projector": "1"}).content.decode()
    assert "Books of Red" in page and "books-projector" in page
    assert client.get(f"/games/{game.pk}/books/", {"team": "Nobody"}).status_code == 404


def _purchase() -> tuple[Any, str, str]:
    from playboss.rules import actions as A
    from tests.rules import helpers as H

    state = H.game()
    H.play(state, A.Roll("Red", die=6), A.Purchase("Red", units=2))
    return state, "Red", ("Rohstoffe 300 M|Eingekaufter Rohstoff 400 M|an Bank (Kasse) 700 M|"
                          "150 je Einheit")


def _investment_on_credit() -> tuple[Any, str, str]:
    from tests.rules import helpers as H

    return H.machine_game(), "Red", ("Maschinen 10.000 M|an Bank (Kasse) 10.000 M|"
                                     "Bank (Kasse) 5.000 M|an Bankdarlehen 5.000 M")


def _production() -> tuple[Any, str, str]:
    from tests.rules import helpers as H

    return H.finished_game(), "Red", ("Fertige Erzeugnisse 1.500 M|an Rohstoffe 150 M|"
                                      "an Bank (Kasse) 1.000 M|an Produktionskosten 350 M|"
                                      "Fertigungsergebnis")


def _sale() -> tuple[Any, str, str]:
    from playboss.rules import actions as A
    from tests.rules import helpers as H

    state = H.finished_game()
    H.turn_to(state, "Red", "R", A.Sell("Red", units=1))
    price = next(e.qty for e in state.ledger.entries if e.reason == "sale" and e.kind == "cash")
    return state, "Red", (f"an Fertige Erzeugnisse 1.500 M|Verkauf|"
                          f"{price - 1500:,} M".replace(",", "."))


def _takeover() -> tuple[Any, str, str]:
    from playboss.rules import GameConfig
    from playboss.rules.actions import Correction
    from playboss.rules.steps.takeover import AcceptTakeover, OfferTakeover
    from tests.rules import helpers as H

    state = H.new_game(GameConfig(teams=("Red", "Blue", "Green"), first_team="Red",
                                  dice="entered", steps=frozenset({4}), years=None))
    H.play(state, Correction("bank", team="Blue", amount=-5_000, reason="a loss"))
    H.play(state, OfferTakeover("Red", target="Blue", price=12_000))
    H.play(state, AcceptTakeover("Blue", offer=int(next(iter(state.step["takeovers"])))))
    return state, "Red", "Bank (Kasse) 15.000 M|an Bank (Kasse) 12.000 M|12.000 M"


def _bankruptcy() -> tuple[Any, str, str]:
    from tests.rules import helpers as H

    state, _ = H.bankrupt_red()
    return state, "Red", ("an Maschinen 10.000 M|an Rohstoffe 1.500 M|"
                          "an Vergebene Darlehen 5.000 M|Sonstige Darlehen (privat) 4.000 M")


def _lender_change() -> tuple[Any, str, str]:
    from tests.rules import helpers as H

    state, _ = H.bankrupt_red()
    return state, "Green", "Sonstige Darlehen (privat) 5.000 M|an Bankdarlehen 5.000 M"


@pytest.mark.parametrize("position", [_purchase, _investment_on_credit, _production, _sale,
                                      _takeover, _bankruptcy, _lender_change],
                         ids=lambda f: f.__name__.strip("_"))
def test_the_booking_card_of_each_kind_of_move_in_german(position: Any, game: Game) -> None:
    """The card as a German team sees it after the move (interest and tax: tests/rules's
    journal entries, whose words are the same accounts)."""
    state, team, expected = position()
    card = selectors.booking_card(state, team)
    with translation.override("de"):
        html = render_to_string("classroom/books_card.html",
                                {"booking": card, "game": game, "actor": team})
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    for words in expected.split("|"):
        assert words in text, (words, text)
    assert "Bilanz: vorher → nachher" in text and "Soll" in text and "Haben" in text
    changed = [r for r in card["sheet"] if r["changed"]]
    assert changed and all(r["before"] != r["after"] for r in changed)
    assert card["sheet"][6]["after"] == card["sheet"][-1]["after"]  # assets == liabilities


def test_the_books_page_after_a_closing_names_the_results_apart(game: Game) -> None:
    """Issue 22: after a year's end the journal shows its closing entries (P&L accounts into
    the P&L account, that into the result brought forward); the balance sheet names the result
    brought forward and the current year's apart; every T-account lists its latest postings
    under a line counting the earlier ones; a closed account reads "Balanced", not "0 on the
    debit side"."""
    from playboss.rules import GameConfig
    from playboss.rules.accounts import year_accounts
    from playboss.rules.simulate import play_game

    state, _ = play_game(GameConfig(teams=("Red", "Blue", "Green"), seed=3, years=3),
                         "sensible")
    team = "Red"
    closed = [y for y in year_accounts(state, team) if y.closed]
    assert closed, "no year closed: the test would prove nothing"
    books = selectors.books_of(state, team)
    reasons = {e["reason"] for e in books["journal"]}
    assert {"closing: result"} <= reasons and reasons & {"closing: expenses", "closing: income"}
    rows = {r["code"]: r["after"] for r in books["sheet"]}
    years = year_accounts(state, team)
    last_closed = closed[-1]
    if not years[-1].closed:
        assert rows["brought_forward"] == last_closed.closing.profit
    assert rows["brought_forward"] + rows["year_result"] + rows["capital"] + rows[
        "bank_loans"] + rows["other_loans"] + rows["tax_due"] == rows["total_assets"]
    long = [t for t in books["t_accounts"] if t["earlier"]]
    assert long and all(len(t["rows"]) == selectors.T_ROWS for t in long)
    for t in long:  # the latest postings of each side, the rest counted
        full = selectors.books_of(state, team, account=t["account"])["t_accounts"][0]
        assert not full["earlier"]
        for side in (0, 1):
            shown = [r[side] for r in t["rows"] if r[side] is not None]
            every = [r[side] for r in full["rows"] if r[side] is not None]
            assert shown == every[-selectors.T_ROWS:]
        assert t["earlier"] == sum(max(0, len([r for r in full["rows"] if r[side]])
                                       - selectors.T_ROWS) for side in (0, 1))
    zero = [t for t in books["t_accounts"] if t["balance"] == 0]
    assert zero, "a closed P&L account balances to nothing"
    for language, balanced, closing, earlier in (
            ("en", "Balanced: both sides equal", "year-end closing: the year",
              "earlier postings"),
            ("de", "Ausgeglichen: beide Seiten gleich", "Jahresabschluss: Jahresergebnis",
             "frühere Buchungen")):
        with translation.override(language):
            html = render_to_string("classroom/books.html",
                                    {"game": game, "books": books, "projector": False,
                                     "teams": []})
        text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
        assert balanced in text and closing in text and earlier in text, language
        assert not re.search(r"(?<![\d,.])0 M (on the debit side|im Soll)", text)
        if language == "en":
            assert "Result brought forward (closed years)" in text
            assert "Result of the current year" in text
            assert "Profit and loss account" in text
