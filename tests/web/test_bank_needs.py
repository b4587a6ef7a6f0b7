"""Issue 10: the bank console's "needs you now" strip (rounds to close with their countdown,
the representative's open offers with answer buttons when the teacher holds both roles, teams
not connected, the lobby's start button), and the worker representative's console listing
each offer with team, workers and salary, and strikes and lockouts with what they cost whom."""

from __future__ import annotations

import json
import re
from typing import Any

from django.test import Client
from django.utils import timezone

from classroom import services
from classroom.models import Classroom, Game, Presence

from .conftest import make_game


def region(html: str, name: str) -> str:
    """One region of a panel (up to where the next one begins)."""
    start = html.index(f'data-region="{name}"')
    following = html.find('<div class="region" data-region=', start + 1)
    return html[start:following if following > 0 else None]


def bank_panel(owner: Client, game: Game, language: str = "en") -> str:
    if language != "en":
        owner.post("/i18n/setlang/", {"language": language, "next": "/"})
    return owner.get(f"/games/{game.pk}/panel/").content.decode()


def act(owner: Client, game: Game, actor: str, **action: Any) -> Any:
    return owner.post(f"/games/{game.pk}/move/",
                      json.dumps({"actor": actor, "action": action}),
                      content_type="application/json")


def play(game: Game, *moves: tuple[str, dict[str, Any]]) -> None:
    for actor, payload in moves:
        services.submit_action(game_id=game.pk, actor=actor, payload=payload, run_bots=False)


# ====================================================================== rounds to close
def test_an_open_auction_is_in_the_strip_with_its_countdown_and_close_button(
    owner: Client, classroom: Classroom
) -> None:
    game = make_game(classroom, steps=[2])
    play(game, ("Red", {"type": "roll", "die": 6}), ("Red", {"type": "purchase", "units": 1}))
    game.refresh_from_db()
    needs = region(bank_panel(owner, game), "bank-needs")
    assert "Needs you now" in needs and "needs-active" in needs
    assert f'data-deadline="{game.deadline.isoformat()}"' in needs  # type: ignore[union-attr]
    assert '<span class="countdown" hidden></span>' in needs  # live.js counts down
    assert 'data-type="close_auction"' in needs and "Close the auction" in needs
    assert "the bank&#x27;s auction of raw material" in needs.lower() or "auction" in needs
    german = region(bank_panel(owner, game, "de"), "bank-needs")
    assert "Braucht Sie jetzt" in german and "Needs you now" not in german
    # Closing from the strip is the bank's own move.
    assert act(owner, game, "bank", type="close_auction").json()["ok"]
    assert "data-deadline" not in region(bank_panel(owner, game), "bank-needs")


# ====================================================================== hiring offers
def labour_game(classroom: Classroom, representative: str = "teacher") -> Game:
    return make_game(classroom, steps=[6], years=None, representative=representative)


def test_the_teacher_answers_the_representatives_offers_from_the_strip(
    owner: Client, classroom: Classroom
) -> None:
    game = labour_game(classroom)
    play(game, ("Red", {"type": "offer_hire", "workers": 2, "salary": 500}))
    needs = region(bank_panel(owner, game), "bank-needs")
    assert "<strong>Red</strong> asks the worker representative for <strong>2 workers</strong>" \
        in needs and "500 M" in needs and "1,000 M in salaries per red field" in needs
    forms = re.findall(r'<form class="move" data-type="(\w+)" data-fixed="([^"]*)" '
                       r'data-actor="workers">', needs)
    assert [kind for kind, _fixed in forms] == ["accept_hire", "reject_hire"]
    assert json.loads(forms[0][1].replace("&quot;", '"')) == {"offer": 1}
    # The form's actor is the representative: the teacher may act as it.
    assert act(owner, game, "workers", type="accept_hire", offer=1).json()["ok"]
    needs = region(bank_panel(owner, game), "bank-needs")
    assert "asks the worker representative" not in needs
    german = region(bank_panel(owner, game, "de"), "bank-needs")
    assert "Nicht verbunden" in german


def test_with_students_as_representative_the_strip_says_who_answers(
    owner: Client, classroom: Classroom
) -> None:
    game = labour_game(classroom, representative="students")
    play(game, ("Blue", {"type": "offer_hire", "workers": 1, "salary": 500}))
    needs = region(bank_panel(owner, game), "bank-needs")
    assert "<strong>Blue</strong> asks the worker representative for <strong>1 worker</strong>" \
        in needs
    assert "the students playing the representative answer it" in needs
    assert 'data-actor="workers"' not in needs


# ====================================================================== who is missing
def test_teams_not_connected_are_in_the_strip_until_a_screen_connects(
    owner: Client, classroom: Classroom
) -> None:
    game = make_game(classroom, teams=["Red", "Blue", "Robo"], bots={"Robo": "greedy"})
    needs = region(bank_panel(owner, game), "bank-needs")
    assert "Not connected" in needs and ">Red<" in needs and ">Blue<" in needs
    assert "Robo" not in needs  # a bot needs no screen
    Presence.objects.create(game=game, actor="Red", channel_name="x.red",
                            last_seen=timezone.now())
    needs = region(bank_panel(owner, game), "bank-needs")
    assert ">Red<" not in needs and ">Blue<" in needs


def test_nothing_to_do_says_so(owner: Client, classroom: Classroom) -> None:
    game = make_game(classroom, teams=["Robo"], bots={"Robo": "greedy"})
    needs = region(bank_panel(owner, game), "bank-needs")
    assert "Nothing needs you right now." in needs and "needs-active" not in needs


def test_the_lobby_start_button_is_in_the_strip(owner: Client, classroom: Classroom) -> None:
    game = services.create_game(classroom=classroom, name="L", seats=[
        services.TeamSeat("Red"), services.TeamSeat("Blue")], settings_={"seed": 1},
        lobby=True)
    needs = region(bank_panel(owner, game), "bank-needs")
    assert f'action="/games/{game.pk}/bank/start/"' in needs and "Start the game" in needs
    assert "Not connected" not in needs  # the lobby lists who has joined instead


# ====================================================================== the representative
def test_the_representatives_console_lists_each_offer_with_team_workers_and_salary(
    owner: Client, classroom: Classroom
) -> None:
    game = labour_game(classroom)
    play(game, ("Red", {"type": "offer_hire", "workers": 3, "salary": 500}),
         ("workers", {"type": "offer_hire", "team": "Blue", "workers": 2, "salary": 500}))
    panel = owner.get(f"/games/{game.pk}/panel/?as=workers").content.decode()
    offers = region(panel, "workers-offers")
    assert "Open hiring offers" in offers
    assert "<strong>Red</strong> asks for <strong>3 workers</strong>" in offers
    assert "500 M a worker per red field" in offers
    assert "1,500 M in salaries per red field" in offers
    assert "You offer <strong>Blue</strong> <strong>2 workers</strong>" in offers
    assert "Waiting for Blue's answer." in offers
    # Red's offer: accept or turn down; the representative's own: withdraw.
    red = offers.split('data-offer="1"')[1].split('data-offer="2"')[0]
    assert 'data-type="accept_hire"' in red and 'data-type="reject_hire"' in red
    blue = offers.split('data-offer="2"')[1]
    assert 'data-type="reject_hire"' in blue and ">Withdraw<" in blue
    # The answers are on the offers, not again among the other moves.
    assert 'data-type="accept_hire"' not in region(panel, "workers-moves")
    german = owner.get(f"/games/{game.pk}/panel/?as=workers", HTTP_ACCEPT_LANGUAGE="de")
    html = german.content.decode()
    assert "<strong>Red</strong> bittet um <strong>3 Arbeitskräfte</strong>" in html
    assert "Du bietest <strong>Blue</strong> <strong>2 Arbeitskräfte</strong> an" in html


def test_strikes_and_lockouts_with_what_they_cost_whom(owner: Client,
                                                      classroom: Classroom) -> None:
    """Rulebook II, "Strike" and "Lockout": the struck business pays 3,000 Marks idle costs
    per machine on each red field, a locked-out one 300; the representative pays strike wages
    (the highest salary per worker) to the bank."""
    game = labour_game(classroom)
    play(game,
         ("Red", {"type": "offer_hire", "workers": 2, "salary": 500}),
         ("workers", {"type": "accept_hire", "offer": 1}),
         ("Blue", {"type": "offer_hire", "workers": 1, "salary": 500}),
         ("workers", {"type": "accept_hire", "offer": 2}),
         ("Red", {"type": "roll", "die": 6}),  # onto red field 7
         ("workers", {"type": "call_strike", "teams": ["Red"]}),  # while Red stands on red
         ("Red", {"type": "invest", "credit": 0}),  # one machine
         ("Blue", {"type": "declare_lockout"}))
    panel = owner.get(f"/games/{game.pk}/panel/?as=workers").content.decode()
    card = region(panel, "workers-offers").split("Strikes and lockouts")[1]
    red = card.split('data-team="Red"')[1].split('data-team="Blue"')[0]
    assert "strike called: active from its next red field" in red
    assert "Red pays 3,000 M idle costs to the bank on each red field (3,000 M a machine)" in red
    assert "You pay 1,000 M strike wages to the bank on each of its red fields (500 M a " \
           "worker" in red
    assert 'data-type="end_strike"' in red
    blue = card.split('data-team="Blue"')[1]
    assert "lockout" in blue and "Blue pays 0 M idle costs" in blue
    assert "You pay 500 M strike wages" in blue
    german = owner.get(f"/games/{game.pk}/panel/?as=workers",
                       HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Streiks und Aussperrungen" in german
    assert "Red zahlt auf jedem roten Feld 3.000 M Stillstandskosten an die Bank" in german
    assert "Du zahlst auf jedem seiner roten Felder 1.000 M Streikgeld an die Bank" in german
