"""Step 6's worker representative played by students, by the teacher or by a bot (rulebook part
II, "6. Step: Labor Market": "One player becomes the worker representative. He does not get a
business to start ... He is not allowed to run the bank").

Students who play the representative join with the game code and a PIN of their own (or its QR
link), act as ``"workers"`` only, and see the representative's books and the table, never a
team's cash. Handing the role elsewhere locks them out.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from classroom import selectors, services
from classroom.access import REPRESENTATIVE_SESSION_KEY
from classroom.models import PIN_DIGITS, Classroom, Game, GameAction

from .conftest import make_game
from .test_consumers import communicator
from .test_teacher_views import new_game_data

W = "workers"


# ====================================================================== helpers
@pytest.fixture
def labour(classroom: Classroom) -> Game:
    """Red and Blue with step 6; students play the representative."""
    return make_game(classroom, steps=[6], years=None, representative="students")


def move(c: Client, game: Game, action: dict[str, Any], actor: str | None = None) -> Any:
    body: dict[str, Any] = {"action": action}
    if actor:
        body["actor"] = actor
    return c.post(f"/games/{game.pk}/move/", json.dumps(body), content_type="application/json")


def join_with_pin(game: Game, pin: str) -> tuple[Client, Any]:
    c = Client()
    return c, c.post("/join/", {"code": game.code, "pin": pin})


def representative_client(game: Game) -> Client:
    c, response = join_with_pin(game, game.representative_pin)
    assert response.status_code == 302 and response.url == f"/play/{game.code}/"
    return c


def give_cash(game: Game, team: str, amount: int) -> None:
    services.submit_action(game_id=game.pk, actor="bank", payload={
        "type": "correction", "team": team, "amount": amount, "reason": "prize"})


# ====================================================================== setting it up
def test_students_get_a_pin_of_their_own(labour: Game) -> None:
    """Rulebook II, "6. Step: Labor Market": the representative is a player of its own."""
    team_pins = set(labour.teams.values_list("pin", flat=True))
    assert labour.representative == "students"
    assert len(labour.representative_pin) == PIN_DIGITS
    assert labour.representative_pin not in team_pins
    assert len(labour.representative_token) >= 16


def test_only_step_6_has_a_representative_to_hand_out(classroom: Classroom) -> None:
    """Rulebook II, "6. Step: Labor Market": no labour market, no worker representative."""
    before = Game.objects.count()
    with pytest.raises(services.ServiceError, match="Only expansion step 6"):
        make_game(classroom, representative="students")
    with pytest.raises(services.ServiceError, match="Unknown player"):
        make_game(classroom, steps=[6], representative="the janitor")
    assert Game.objects.count() == before


def test_the_new_game_form_hands_the_role_out(owner: Client, classroom: Classroom) -> None:
    url = f"/classes/{classroom.pk}/games/new/"
    refused = owner.post(url, new_game_data(representative="students"))
    assert refused.status_code == 400 and Game.objects.count() == 0
    assert "Only expansion step 6" in refused.content.decode()
    created = owner.post(url, new_game_data(representative="students", steps=["6"]))
    assert created.status_code == 302
    game = Game.objects.get()
    assert game.representative == "students" and game.representative_pin
    bot = owner.post(url, new_game_data(name="Bot rep", representative="greedy", steps=["6"]))
    assert bot.status_code == 302
    assert Game.objects.get(name="Bot rep").representative == "greedy"


def test_the_team_sheet_has_the_representatives_card(owner: Client, labour: Game,
                                                     game: Game) -> None:
    html = owner.get(f"/games/{labour.pk}/teams/").content.decode()
    assert 'data-team="workers"' in html and labour.representative_pin in html
    assert f"/join/{labour.representative_token}/" in html
    assert 'data-team="workers"' not in owner.get(f"/games/{game.pk}/teams/").content.decode()


# ====================================================================== students play it
def test_students_join_with_the_pin_and_see_the_representatives_screen(labour: Game) -> None:
    """Rulebook II, "6. Step: Labor Market": the representative "does not get a business"."""
    rep = representative_client(labour)
    page = rep.get(f"/play/{labour.code}/").content.decode()
    assert 'data-actor="workers"' in page and "Worker representative" in page
    panel = rep.get(f"/games/{labour.pk}/panel/").content.decode()
    assert "Teams and their workers" in panel and "5,000 M" in panel  # the fund


def test_the_qr_link_joins_the_representative(labour: Game) -> None:
    c = Client()
    response = c.get(f"/join/{labour.representative_token}/")
    assert response.status_code == 302 and response.url == f"/play/{labour.code}/"
    assert 'data-actor="workers"' in c.get(f"/play/{labour.code}/").content.decode()
    assert Client().get("/join/not-a-token/").status_code == 404


def test_the_representative_never_sees_a_teams_books(labour: Game) -> None:
    """Rulebook I, "Choose a Bank Director": the bank keeps the teams' books, not the
    representative."""
    give_cash(labour, "Red", 1_250)
    give_cash(labour, "Blue", 3_350)
    rep = representative_client(labour)
    for asked in ("", "?as=bank", "?as=Red", "?as=Blue", "?as=workers"):
        html = rep.get(f"/games/{labour.pk}/panel/{asked}").content.decode()
        assert "21,250" not in html and "23,350" not in html, asked
        assert "Teams and their workers" in html, asked  # always its own console
    data = selectors.panel(labour, W)
    assert all("cash" not in t for t in data["teams"]) and data["labor"]["cash"] == 5_000


def test_the_teachers_representative_console_hides_the_teams_books_too(
        owner: Client, labour: Game) -> None:
    """The representative's console shows the representative's knowledge, whoever plays it;
    the teacher reads the teams' books on the bank console."""
    give_cash(labour, "Red", 1_250)
    assert "21,250" not in owner.get(f"/games/{labour.pk}/panel/?as=workers").content.decode()
    assert "21,250" in owner.get(f"/games/{labour.pk}/panel/?as=bank").content.decode()


def test_the_representative_answers_a_hiring_offer(labour: Game) -> None:
    """Rulebook II, "Hiring": "The business manager comes to an agreement with the worker
    representative in regards to the salary and then obtains the worker unit piece."""
    red = Client()
    assert red.get(f"/join/{labour.teams.get(name='Red').token}/").status_code == 302
    assert move(red, labour, {"type": "offer_hire", "workers": 2, "salary": 500}).json()["ok"]
    rep = representative_client(labour)
    labour.refresh_from_db()
    offer = selectors.panel(labour, W)["labor"]["offers"][0]
    answer = move(rep, labour, {"type": "accept_hire", "offer": offer["id"]})
    assert answer.status_code == 200 and answer.json()["ok"], answer.content
    labour.refresh_from_db()
    assert selectors.panel(labour, W)["labor"]["workers"] == {"Red": 2, "Blue": 0}


def test_the_representative_acts_for_no_one_else(labour: Game) -> None:
    rep = representative_client(labour)
    before = GameAction.objects.count()
    for actor, action in (("Red", {"type": "roll", "die": 3}),
                          ("bank", {"type": "correction", "team": "Red", "amount": 9,
                                    "reason": "x"})):
        refused = move(rep, labour, action, actor=actor)
        assert refused.status_code == 403 and "cannot act as" in refused.json()["error"]
    red = Client()
    red.get(f"/join/{labour.teams.get(name='Red').token}/")
    refused = move(red, labour, {"type": "offer_hire", "team": "Red"}, actor=W)
    assert refused.status_code == 403
    assert GameAction.objects.count() == before


def test_a_wrong_pin_joins_nothing(labour: Game, game: Game) -> None:
    c, response = join_with_pin(labour, "99999")
    assert response.status_code == 400 and "do not let you join" in response.content.decode()
    # the teacher plays the representative of ``game``: no PIN joins it
    c, response = join_with_pin(game, labour.representative_pin)
    assert response.status_code in (302, 400)
    assert REPRESENTATIVE_SESSION_KEY not in c.session


def test_one_browser_holds_one_seat_of_a_game(labour: Game) -> None:
    rep = representative_client(labour)
    assert rep.get(f"/join/{labour.teams.get(name='Red').token}/").status_code == 302
    assert 'data-actor="Red"' in rep.get(f"/play/{labour.code}/").content.decode()
    rep.post("/join/", {"code": labour.code, "pin": labour.representative_pin})
    assert 'data-actor="workers"' in rep.get(f"/play/{labour.code}/").content.decode()
    assert move(rep, labour, {"type": "roll", "die": 3}, actor="Red").status_code == 403


def test_the_representative_hears_the_game_on_the_websocket(labour: Game) -> None:
    allowed = {REPRESENTATIVE_SESSION_KEY: {str(labour.pk): labour.representative_token}}
    stale = {REPRESENTATIVE_SESSION_KEY: {str(labour.pk): "an-old-secret"}}

    async def scenario() -> None:
        comm = communicator(labour, session=allowed)
        connected, _ = await comm.connect()
        assert connected
        await comm.disconnect()
        comm = communicator(labour, session=stale)
        connected, _ = await comm.connect()
        assert not connected

    async_to_sync(scenario)()


# ====================================================================== handing it over
def test_handing_the_role_to_the_teacher_locks_the_students_out(owner: Client,
                                                                labour: Game) -> None:
    rep = representative_client(labour)
    response = owner.post(f"/games/{labour.pk}/workers/role/", {"played_by": "teacher"})
    assert response.status_code == 302
    labour.refresh_from_db()
    assert labour.representative == "teacher" and labour.representative_pin == ""
    assert rep.get(f"/games/{labour.pk}/panel/").status_code == 403
    assert move(rep, labour, {"type": "offer_hire", "team": "Red"}).status_code == 403
    assert rep.get(f"/play/{labour.code}/").url == f"/join/?code={labour.code}"
    # back to students: a new PIN; the browser that held the old one stays out
    owner.post(f"/games/{labour.pk}/workers/role/", {"played_by": "students"})
    labour.refresh_from_db()
    assert labour.representative_pin and labour.representative_token
    assert rep.get(f"/games/{labour.pk}/panel/").status_code == 403
    assert labour.revision >= 2  # every screen heard of both changes
    html = owner.get(f"/games/{labour.pk}/workers/").content.decode()
    assert labour.representative_pin in html


def test_a_bad_hand_over_changes_nothing(owner: Client, labour: Game, game: Game) -> None:
    response = owner.post(f"/games/{labour.pk}/workers/role/", {"played_by": "nobody"})
    assert response.status_code == 302
    labour.refresh_from_db()
    assert labour.representative == "students"
    owner.post(f"/games/{game.pk}/workers/role/", {"played_by": "students"})
    game.refresh_from_db()
    assert game.representative == "teacher" and game.representative_pin == ""
    stranger = Client()
    assert stranger.post(f"/games/{labour.pk}/workers/role/",
                         {"played_by": "teacher"}).status_code == 302  # to the sign-in
    labour.refresh_from_db()
    assert labour.representative == "students"


def test_a_bot_representative_answers_the_teams(classroom: Classroom) -> None:
    """Rulebook II, "Hiring": an offer waits beside play (the game waits for Red, not for the
    representative); a bot playing the representative answers it when the bots move."""
    game = make_game(classroom, steps=[6], years=None, representative="greedy")
    services.submit_action(game_id=game.pk, actor="Red", run_bots=False,
                           payload={"type": "offer_hire", "workers": 1, "salary": 500})
    game.refresh_from_db()
    assert selectors.panel(game, W)["waiting_for"] == ["Red"]
    assert selectors.panel(game, W)["labor"]["offers"]
    assert services.play_bots(game_id=game.pk) >= 1
    game.refresh_from_db()
    labour = selectors.panel(game, W)["labor"]
    assert labour["offers"] == [] and W not in selectors.panel(game, W)["waiting_for"]
    assert GameAction.objects.filter(game=game, actor=W).exists()
