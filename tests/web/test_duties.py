"""Two players per team with split duties (rulebook step 6, "Labor Market": "One manages the
marketing and financial aspects and the other manages the purchase, production and labor
aspects of the business")."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from classroom import duties, services
from classroom.access import SEAT_SESSION_KEY, SESSION_KEY
from classroom.consumers import GameConsumer
from classroom.models import Classroom, Game, SeatChange, Team

from .conftest import make_game


def _game(classroom: Classroom) -> Game:
    return make_game(classroom, steps=[6], duties=["Red", "Blue"])


def _join(game: Game, team: str, duty: str | None) -> Client:
    client = Client()
    pin = game.teams.get(name=team).pin
    response = client.post("/join/", {"code": game.code, "pin": pin})
    assert response.status_code == 302
    page = client.get(f"/play/{game.code}/")
    assert b"who does what" in page.content  # asked before anything else
    if duty:
        assert client.post(f"/play/{game.code}/", {"duty": duty}).status_code == 302
    return client


def _move(client: Client, game: Game, **action: Any) -> Any:
    return client.post(f"/games/{game.pk}/move/", json.dumps({"action": action}),
                       content_type="application/json")


def test_each_player_gets_its_half_of_the_moves(classroom: Classroom) -> None:
    game = _game(classroom)
    finance = _join(game, "Red", "marketing_finance")
    production = _join(game, "Red", "purchase_production_labor")
    assert _move(finance, game, type="roll", die=6).status_code == 200  # either may roll
    panel = finance.get(f"/games/{game.pk}/panel/").content.decode()
    assert 'data-type="purchase"' not in panel and 'data-type="pass"' in panel
    assert "Marketing and finance" in panel
    refused = _move(finance, game, type="purchase", units=1)
    assert refused.status_code == 403 and "partner" in refused.json()["error"]
    other = production.get(f"/games/{game.pk}/panel/").content.decode()
    assert 'data-type="purchase"' in other
    assert _move(production, game, type="purchase", units=1).status_code == 200


def test_a_player_must_choose_its_half_first(classroom: Classroom) -> None:
    game = _game(classroom)
    undecided = _join(game, "Blue", None)
    services.submit_action(game_id=game.pk, actor="Red", payload={"type": "roll", "die": 1})
    response = _move(undecided, game, type="take_credit", amount=500)
    assert response.status_code == 403 and "Choose first" in response.json()["error"]


def test_the_form_switches_it_on_for_the_human_teams(client: Client, teacher: Any,
                                                     classroom: Classroom) -> None:
    client.force_login(teacher)
    response = client.post(f"/classes/{classroom.pk}/games/new/", {
        "name": "Split", "teams": "Red\nBlue\nBot", "player_3": "greedy", "steps": ["6"],
        "goal": "profit", "sales_target": 60000, "years": 3, "market_fill": "auto",
        "dice": "engine", "lease_renewal": "lease_field", "round_seconds": 90,
        "language": "en", "split_duties": "on"})
    assert response.status_code == 302
    game = Game.objects.get(name="Split")
    assert game.config["duties"] == ["Red", "Blue"]
    refused = client.post(f"/classes/{classroom.pk}/games/new/", {
        "name": "No step 6", "teams": "Red", "goal": "profit", "sales_target": 60000,
        "years": 3, "market_fill": "auto", "dice": "engine", "lease_renewal": "lease_field",
        "round_seconds": 90, "language": "en", "split_duties": "on"})
    assert refused.status_code == 400 and b"need step 6" in refused.content
    assert not Game.objects.filter(name="No step 6").exists()


# ====================================================================== chosen once (issue 23)
def test_a_browser_chooses_its_half_once(classroom: Classroom) -> None:
    """Issue 23: one browser re-chose its half and then made the partner's moves."""
    game = _game(classroom)
    finance = _join(game, "Red", "marketing_finance")
    assert _move(finance, game, type="roll", die=6).status_code == 200
    again = finance.post(f"/play/{game.code}/", {"duty": "purchase_production_labor"},
                         follow=True)
    assert "runs Marketing and finance already" in again.content.decode()
    assert "Only the teacher" in again.content.decode()
    refused = _move(finance, game, type="purchase", units=1)
    assert refused.status_code == 403 and "partner" in refused.json()["error"]
    panel = finance.get(f"/games/{game.pk}/panel/").content.decode()
    assert 'data-type="purchase"' not in panel and "Marketing and finance" in panel


def test_a_half_that_is_no_half_is_refused_with_a_message(classroom: Classroom) -> None:
    game = _game(classroom)
    undecided = _join(game, "Red", None)
    wrong = undecided.post(f"/play/{game.code}/", {"duty": "everything"})
    assert wrong.status_code == 400
    assert "Choose one of the two halves" in wrong.content.decode()
    assert b"who does what" in undecided.get(f"/play/{game.code}/").content  # still to choose


def test_the_teacher_lets_a_team_choose_its_halves_again(
        classroom: Classroom, owner: Client) -> None:
    game = _game(classroom)
    red = game.teams.get(name="Red")
    finance = _join(game, "Red", "marketing_finance")
    blue = _join(game, "Blue", "marketing_finance")
    console = owner.get(f"/games/{game.pk}/panel/").content.decode()
    assert f'action="/games/{game.pk}/bank/teams/{red.pk}/duties/"' in console
    answer = owner.post(f"/games/{game.pk}/bank/teams/{red.pk}/duties/",
                        HTTP_ACCEPT="application/json")
    assert answer.status_code == 200 and answer.json()["ok"]
    assert SeatChange.objects.filter(game=game, kind="duties", team=red).count() == 1
    assert "Red chooses its halves again" in owner.get(f"/games/{game.pk}/panel/").content \
        .decode()
    # Red's browser holds no half now: it is asked again, and chooses (once) the other half.
    assert b"who does what" in finance.get(f"/play/{game.code}/").content
    services.submit_action(game_id=game.pk, actor="Red", payload={"type": "roll", "die": 6})
    assert "Choose first" in _move(finance, game, type="purchase", units=1).json()["error"]
    assert finance.post(f"/play/{game.code}/",
                        {"duty": "purchase_production_labor"}).status_code == 302
    assert _move(finance, game, type="purchase", units=1).status_code == 200
    # Blue's browser keeps its half.
    assert b"who does what" not in blue.get(f"/play/{game.code}/").content


def test_choosing_again_is_refused_for_a_team_without_split_duties(
        classroom: Classroom, owner: Client) -> None:
    game = make_game(classroom, steps=[6], duties=["Red"])
    blue = game.teams.get(name="Blue")
    answer = owner.post(f"/games/{game.pk}/bank/teams/{blue.pk}/duties/",
                        HTTP_ACCEPT="application/json")
    assert answer.status_code == 409 and "no split duties" in answer.json()["error"]
    assert Team.objects.get(pk=blue.pk).duty_generation == 0
    assert not SeatChange.objects.filter(game=game).exists()
    console = owner.get(f"/games/{game.pk}/panel/").content.decode()
    assert f"/bank/teams/{blue.pk}/duties/" not in console


@pytest.mark.django_db(transaction=True)
def test_choosing_again_reloads_the_screens_of_the_teams_browsers(classroom: Classroom) -> None:
    """A socket of a browser whose half is gone closes 4403: its page reloads and asks which
    half it runs; the partner team's socket goes on."""
    game = _game(classroom)
    red, blue = game.teams.get(name="Red"), game.teams.get(name="Blue")

    def socket(team: Team) -> WebsocketCommunicator:
        comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/games/{game.pk}/")
        comm.scope["url_route"] = {"kwargs": {"game_id": game.pk}}
        comm.scope.update(user=AnonymousUser(), session={
            SESSION_KEY: {str(game.pk): team.pk}, SEAT_SESSION_KEY: {str(game.pk): 0},
            duties.SESSION_KEY: {str(game.pk): ["marketing_finance", 0]}})
        return comm

    async def drain(comm: WebsocketCommunicator) -> None:
        while not await comm.receive_nothing(timeout=0.3):
            await comm.receive_json_from()

    async def scenario() -> None:
        red_socket, blue_socket = socket(red), socket(blue)
        assert (await red_socket.connect())[0] and (await blue_socket.connect())[0]
        await drain(red_socket)
        await drain(blue_socket)
        await database_sync_to_async(services.reset_team_duties)(game_id=game.pk,
                                                                 team_id=red.pk)
        assert (await red_socket.receive_json_from(timeout=5))["type"] == "changed"
        assert await red_socket.receive_output(timeout=5) == {"type": "websocket.close",
                                                              "code": 4403}
        assert (await blue_socket.receive_json_from(timeout=5))["type"] == "changed"
        assert (await blue_socket.receive_json_from(timeout=5))["type"] == "screen"
        await blue_socket.disconnect()

    async_to_sync(scenario)()


def test_a_half_move_in_flight_when_the_team_chooses_again_is_refused(
        classroom: Classroom, monkeypatch: pytest.MonkeyPatch) -> None:
    """The teacher's "Choose halves again" commits between the view's check of the half and
    the service's lock: a move of one half is refused there, a move either half may make (the
    roll) is not."""
    from classroom.views import live

    game = _game(classroom)
    red = game.teams.get(name="Red")
    production = _join(game, "Red", "purchase_production_labor")
    checked = live._other_half
    during: list[str] = []

    def choose_again_meanwhile(request: Any, viewer: Any, payload: Any) -> str:
        refusal = checked(request, viewer, payload)  # the view checked the half: it is held
        if payload["type"] in during:
            services.reset_team_duties(game_id=game.pk, team_id=red.pk)
        return refusal

    monkeypatch.setattr(live, "_other_half", choose_again_meanwhile)
    during[:] = ["roll"]
    assert _move(production, game, type="roll", die=6).status_code == 200
    assert production.post(f"/play/{game.code}/",
                           {"duty": "purchase_production_labor"}).status_code == 302
    during[:] = ["purchase"]
    seq = Game.objects.get(pk=game.pk).seq
    refused = _move(production, game, type="purchase", units=1)
    assert refused.status_code == 403 and "choose its halves again" in refused.json()["error"]
    assert Game.objects.get(pk=game.pk).seq == seq
