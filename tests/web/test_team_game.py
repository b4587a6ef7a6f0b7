"""Each team sees its game (issue 10): year X of Y and the goal in its status bar, whose move it
is by name, and its own news -- deals answered, salaries, its risk card -- in the page's
language, kept across moves, never another team's private deal terms."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext

from classroom import news, services
from classroom.models import Classroom, Game
from classroom.screens import ScreenSpec, build_screen

from .conftest import make_game

DEAL = {"type": "propose_deal", "partner": "Blue", "give": {"cash": 700},
        "take": {"cash": 100}, "terms": "pay back 800 next year"}


def move(game: Game, actor: str, **action: Any) -> list[dict[str, Any]]:
    return services.submit_action(game_id=game.pk, actor=actor, payload=action,
                                  run_bots=False).events


def screen(game: Game, actor: str, language: str = "en") -> str:
    game.refresh_from_db()
    return build_screen(game, ScreenSpec(actor, language)).html()


def region(html: str, name: str) -> str:
    found = re.search(rf'data-region="{name}"[^>]*>(.*?)</div>\s*(?=<div class="region"|$)',
                      html, re.S)
    assert found, f"no region {name}"
    return " ".join(re.sub(r"<[^>]+>", " ", found[1]).split())


def news_of(game: Game, actor: str, language: str = "en") -> str:
    return region(screen(game, actor, language), "news")


# ====================================================================== the status bar
def test_the_status_bar_says_year_x_of_y_and_the_goal(classroom: Classroom) -> None:
    """Rulebook I, "End of the Game": time is up when a team has completed the agreed number
    of years; the winner has the highest profit. The team reads both from its screen."""
    game = make_game(classroom, years=3)
    english = region(screen(game, "Red"), "team-status")
    assert "Year 1 of 3" in english
    assert "Goal: Highest profit when time is up" in english
    assert "your profit so far" in english
    assert "Your move!" in english and "waiting for you: the roll of the die" in english
    german = region(screen(game, "Red", "de"), "team-status")
    assert "Jahr 1 von 3" in german
    assert "Spielziel: Höchster Gewinn bei Spielende" in german
    assert "dein Gewinn bisher" in german and "wartet auf dich" in german
    assert "Year" not in german and "your" not in german
    # The other team reads whose move it is, by name.
    blue = region(screen(game, "Blue"), "team-status")
    assert "Red's turn" in blue and "waiting for Red" in blue


def test_the_sales_goal_shows_the_teams_sales_and_its_place(classroom: Classroom) -> None:
    """Rulebook II, "5. Step: Various Game Goals": the first to reach the sales target wins;
    every team's sales are on the table, so a team sees its place."""
    game = make_game(classroom, steps=[5], goal="first_to_sales", sales_target=40_000)
    status = region(screen(game, "Red"), "team-status")
    assert "First to reach the sales target wins" in status
    assert "your sales 0 M of 40,000 M (place 1 of 2)" in status
    german = region(screen(game, "Red", "de"), "team-status")
    assert "dein Umsatz 0 M von 40.000 M (Platz 1 von 2)" in german


# ====================================================================== the news
def test_a_team_reads_that_its_partner_accepted_its_deal(classroom: Classroom) -> None:
    """Rulebook I, "Private Business": a deal binds once both sides agree; the proposer is
    told, in words of its own, in its page's language."""
    game = make_game(classroom)
    offered = move(game, "Red", **DEAL)
    deal = next(e["deal"] for e in offered if e["type"] == "deal_offered")
    assert "Blue offers you" not in news_of(game, "Red")
    assert f"Red offers you a deal (offer {deal})" in news_of(game, "Blue")
    move(game, "Blue", type="accept_deal", deal=deal)
    assert f"Your deal {deal} with Blue was accepted." in news_of(game, "Red")
    assert f"Dein Geschäft {deal} mit Blue wurde angenommen." in news_of(game, "Red", "de")


def test_a_team_reads_that_its_deal_was_turned_down(classroom: Classroom) -> None:
    """Rulebook I, "Private Business": the partner may refuse an offer."""
    game = make_game(classroom)
    deal = next(e["deal"] for e in move(game, "Red", **DEAL) if e["type"] == "deal_offered")
    move(game, "Blue", type="reject_deal", deal=deal)
    assert f"Blue turned down your deal {deal}." in news_of(game, "Red")
    assert f"Blue hat dein Geschäft {deal} abgelehnt." in news_of(game, "Red", "de")


def test_no_team_reads_another_teams_private_deal(classroom: Classroom) -> None:
    """Rulebook I, "Private Business" (and issue 10, privacy of the ticker): the terms of a
    deal are the business of its two teams; a third team's news says nothing of it."""
    game = make_game(classroom, teams=["Red", "Blue", "Green"])
    deal = next(e["deal"] for e in move(game, "Red", **DEAL) if e["type"] == "deal_offered")
    move(game, "Blue", type="accept_deal", deal=deal)
    green = news_of(game, "Green")
    assert "deal" not in green.lower() and "700" not in green and "Blue" not in green
    assert "pay back 800" not in screen(game, "Green")
    assert "Red offers Blue a deal (offer 1): gives 700 Marks" in news_of(game, "Red")  # its own


def test_the_salaries_after_a_roll_are_in_numbers(classroom: Classroom) -> None:
    """Rulebook II, "Labor Costs": 500 Marks per worker on every red field, paid to the worker
    representative; the team reads the amount, not just that it paid."""
    game = make_game(classroom, steps=[6], years=None)
    events = move(game, "Red", type="offer_hire", workers=2, salary=500)
    offer = next(e["offer"] for e in events if e["type"] == "hire_offered")
    move(game, "workers", type="accept_hire", offer=offer)
    move(game, "Red", type="roll", die=2)  # from field 1 to field 3: red
    red = news_of(game, "Red")
    assert "Red pays 1,000 Marks salaries to the worker representative" in red
    assert "Red rolls 2" in red
    german = news_of(game, "Red", "de")
    assert "1.000" in german and "Red zahlt" in german


def test_a_team_reads_its_own_risk_card(classroom: Classroom) -> None:
    """Rulebook I, "The Blue Risk Field": the team draws the top card and follows it."""
    game = make_game(classroom)
    move(game, "Red", type="roll", die=3)  # from field 1 to field 4: blue
    drawn = move(game, "Red", type="draw_risk", card=3)  # dice and cards entered
    card = next(e for e in drawn if e["type"] == "risk_card")
    from classroom.texts import card_title

    english = news_of(game, "Red")
    assert f"Your risk card “{card_title(card['card'])}”" in english
    from django.utils import translation

    with translation.override("de"):
        german_title = card_title(card["card"])
    assert f"Deine Risikokarte „{german_title}“" in news_of(game, "Red", "de")
    assert "Your risk card" not in news_of(game, "Blue")


def test_the_news_survives_later_moves(classroom: Classroom) -> None:
    """The news is kept across moves (issue 10): a deal accepted while the team was away is
    still there after both teams played on."""
    game = make_game(classroom)
    deal = next(e["deal"] for e in move(game, "Red", **DEAL) if e["type"] == "deal_offered")
    move(game, "Blue", type="accept_deal", deal=deal)
    news_of(game, "Red")  # the feed is read once here, then caught up move by move
    move(game, "Red", type="roll", die=1)
    move(game, "Red", type="pass")
    move(game, "Blue", type="roll", die=1)
    move(game, "Blue", type="pass")
    red = news_of(game, "Red")
    assert f"Your deal {deal} with Blue was accepted." in red
    assert red.index("Red rolls 1") < red.index(f"Your deal {deal}")  # newest first


def test_the_news_is_one_small_query_per_move_for_all_screens(classroom: Classroom) -> None:
    """Issue 9: every team screen is redrawn after every move; the news reads the new move's
    row once per process, whichever screen asks first, and an undo is read afresh."""
    game = make_game(classroom, teams=["Red", "Blue", "Green"])
    news.team_news(game, "Red")
    move(game, "Red", type="roll", die=1)
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        for team in ("Red", "Blue", "Green", "Red"):
            news.team_news(game, team)
    assert len(queries) == 1
    assert any(item["event"]["type"] == "move" and item["event"]["die"] == 1
               for item in news.team_news(game, "Red"))
    services.undo(game_id=game.pk, to_seq=0)
    game.refresh_from_db()
    assert news.team_news(game, "Red") == []


# ====================================================================== issue 10: the last gaps
def test_the_team_that_accepts_a_deal_reads_its_own_words(classroom: Classroom) -> None:
    """Rulebook I, "Private Business": the partner that accepts or turns a deal down reads it
    as its own act ("You accepted Red's deal 1"), not the common sentence."""
    game = make_game(classroom, teams=["Red", "Blue", "Green"])
    deal = next(e["deal"] for e in move(game, "Red", **DEAL) if e["type"] == "deal_offered")
    move(game, "Blue", type="accept_deal", deal=deal)
    blue = unescape(news_of(game, "Blue"))
    assert f"You accepted Red's deal {deal}." in blue
    assert f"Blue accepts deal {deal}" not in blue
    assert f"Du hast das Geschäft {deal} von Red angenommen." in news_of(game, "Blue", "de")
    second = next(e["deal"] for e in move(game, "Red", **DEAL) if e["type"] == "deal_offered")
    move(game, "Blue", type="reject_deal", deal=second)
    assert f"You turned down Red's deal {second}." in unescape(news_of(game, "Blue"))


def test_the_personal_goal_is_written_on_the_team_screen_and_shown_in_the_status_bar(
        classroom: Classroom) -> None:
    """Rulebook II, "5. Step: Various Game Goals": each team writes down a personal goal at
    the start; its status bar shows it beside the game's goal (its own only)."""
    game = make_game(classroom, steps=[5])
    html = screen(game, "Red")
    assert 'data-type="personal_goal"' in html and 'name="text"' in html
    assert "Write down your personal goal" in region(html, "team-steps")
    move(game, "Red", type="personal_goal", text="Never borrow")
    status = region(screen(game, "Red"), "team-status")
    assert "your personal goal: “Never borrow”" in status
    german = region(screen(game, "Red", "de"), "team-status")
    assert "dein persönliches Ziel: “Never borrow”" in german
    assert "Never borrow" not in screen(game, "Blue")


def test_the_countdown_is_text_not_a_glyph_headless_fonts_lack() -> None:
    """The ⏱ glyph rendered as an empty box in headless Chromium: the countdown is words."""
    from pathlib import Path

    from django.conf import settings

    script = (Path(settings.BASE_DIR) / "classroom/static/classroom/live.js").read_text()
    assert "⏱" not in script and 'tTimeLeft' in script


def test_a_hiring_offer_leaves_the_status_bar_waiting_for_the_team(classroom: Classroom) -> None:
    """Rulebook II, "Hiring": "Hiring can occur at any time" — Blue's offer waits beside
    play, so Red's status bar waits for Red's roll, never for the worker representative;
    where the representative is named it is named as the role, not the engine's key."""
    from django.utils import translation

    from classroom.templatetags.team_game import team_names

    game = make_game(classroom, steps=[6])
    move(game, "Blue", type="offer_hire", team="Blue", workers=2, salary=500)
    status = region(screen(game, "Red"), "team-status")
    assert "waiting for you:" in status and "worker representative" not in status
    assert "workers:" not in status
    german = region(screen(game, "Red", "de"), "team-status")
    assert "wartet auf dich:" in german and "Arbeitnehmervertreter" not in german
    with translation.override("de"):
        assert team_names(["workers"], "Red") == "den Arbeitnehmervertreter"


def test_the_takeover_offer_form_names_the_cash_it_is_paid_from(classroom: Classroom) -> None:
    """Rulebook II, "4. Step" (buying a business): the buyer pays the price when the target
    accepts; the form says the cash it is paid from, and the page redraws the cash after as a
    price is typed (live.js, the pattern below)."""
    game = make_game(classroom, steps=[4])
    html = screen(game, "Red")
    form = html[html.index('data-type="offer_takeover"'):]
    form = form[:form.index("</form>")]
    assert 'data-cash="20000"' in form and 'data-sign="-1"' in form
    assert "you pay {total} Marks when the team accepts · cash after {cash}" in form
    assert "Your cash now: 20,000 M" in form
    german = screen(game, "Red", "de")
    german = german[german.index('data-type="offer_takeover"'):]
    assert "Kasse danach {cash}" in german[:german.index("</form>")]
