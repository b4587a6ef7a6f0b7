"""Issue 10: a lobby. A game made from the new-game form waits until the teacher starts it:
teams join and see that they are in, nobody moves (bots neither), the bank console shows who
has joined and the start button; the form's "at once" (and every game made by the services,
the demo, an import) runs at once."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client

from classroom import services
from classroom.access import SEAT_SESSION_KEY, SESSION_KEY
from classroom.consumers import GameConsumer
from classroom.models import Classroom, Game, Team

from .test_teacher_views import new_game_data


def lobby_game(classroom: Classroom, bots: dict[str, str] | None = None,
               **settings: Any) -> Game:
    names = settings.pop("teams", ["Red", "Blue"])
    language = settings.pop("language", "en")
    seats = [services.TeamSeat(n, (bots or {}).get(n, "")) for n in names]
    base = {"first_team": names[0], "dice": "entered", "seed": 1, **settings}
    return services.create_game(classroom=classroom, name="Lobby game", seats=seats,
                                settings_=base, lobby=True, language=language)


def join(game: Game, team: str, language: str = "en") -> Client:
    c = Client()
    if language != "en":
        c.post("/i18n/setlang/", {"language": language, "next": "/"})
    response = c.post("/join/", {"code": game.code, "pin": game.teams.get(name=team).pin})
    assert response.status_code == 302, response.content
    return c


def move(c: Client, game: Game, **action: Any) -> Any:
    return c.post(f"/games/{game.pk}/move/", json.dumps({"action": action}),
                  content_type="application/json")


# ====================================================================== the form
def test_the_new_game_form_puts_the_game_in_the_lobby(owner: Client,
                                                      classroom: Classroom) -> None:
    page = owner.get(f"/classes/{classroom.pk}/games/new/").content.decode()
    assert 'name="begin" value="lobby"' in page and "checked" in page.split(
        'value="lobby"')[1][:40]  # the lobby is the form's default
    response = owner.post(f"/classes/{classroom.pk}/games/new/",
                          new_game_data(begin="lobby"))
    game = Game.objects.get()
    assert response.status_code == 302 and game.status == "lobby"
    follow = owner.get(response["Location"]).content.decode()
    assert "waits in the lobby" in follow


@pytest.mark.parametrize("begin", ["now", None])
def test_at_once_or_not_said_the_game_runs_at_once(owner: Client, classroom: Classroom,
                                                   begin: str | None) -> None:
    owner.post(f"/classes/{classroom.pk}/games/new/", new_game_data(begin=begin))
    assert Game.objects.get().status == "running"


def test_services_and_imports_run_at_once(classroom: Classroom) -> None:
    game = services.create_game(classroom=classroom, name="G", seats=[services.TeamSeat("A")],
                                settings_={"seed": 1})
    assert game.status == "running"


# ====================================================================== nobody moves
def test_in_the_lobby_nobody_moves_and_bots_wait(classroom: Classroom,
                                                 django_capture_on_commit_callbacks: Any) -> None:
    game = lobby_game(classroom, teams=["Red", "Bot"], bots={"Bot": "greedy"}, dice="engine")
    assert services.play_bots(game_id=game.pk) == 0
    red = join(game, "Red")
    refused = move(red, game, type="roll")
    assert refused.status_code == 409 and "has not started yet" in refused.json()["error"]
    with pytest.raises(services.ServiceError):
        services.submit_action(game_id=game.pk, actor="bank", payload={
            "type": "correction", "team": "Red", "amount": 50, "reason": "x"})
    with pytest.raises(services.ServiceError, match="not started"):
        services.set_paused(game_id=game.pk, paused=True)
    game.refresh_from_db()
    assert game.seq == 0 and game.status == "lobby"
    # The screen offers no move at all, and says what happens.
    panel = red.get(f"/games/{game.pk}/panel/").content.decode()
    assert "The game begins when your teacher starts it." in panel
    assert 'data-type="roll"' not in panel and "Nothing to decide right now." in panel

    with django_capture_on_commit_callbacks(execute=True):
        services.start_game(game_id=game.pk)
    game.refresh_from_db()
    assert game.status == "running"
    with django_capture_on_commit_callbacks(execute=True):
        assert move(red, game, type="roll").json()["ok"]  # Red moves, then the bot plays
    game.refresh_from_db()
    assert game.seq >= 2 and game.actions.filter(actor="Bot").exists()
    with pytest.raises(services.ServiceError, match="started already"):
        services.start_game(game_id=game.pk)


def test_a_refused_move_in_the_lobby_is_german_on_a_german_page(classroom: Classroom) -> None:
    game = lobby_game(classroom)
    red = join(game, "Red", "de")
    refused = move(red, game, type="roll")
    assert refused.status_code == 409
    assert "Das Spiel hat noch nicht begonnen" in refused.json()["error"]
    panel = red.get(f"/games/{game.pk}/panel/").content.decode()
    assert "Das Spiel beginnt, wenn deine Lehrkraft es startet." in panel


# ====================================================================== the bank's lobby
def test_the_bank_console_shows_who_has_joined_and_starts_the_game(
    owner: Client, classroom: Classroom
) -> None:
    game = lobby_game(classroom, teams=["Red", "Blue", "Robo"], bots={"Robo": "random"})
    panel = owner.get(f"/games/{game.pk}/panel/").content.decode()
    assert "The game waits in the lobby" in panel and "Start the game" in panel
    assert "Not joined yet" in panel and "Red, Blue" in panel  # the start button asks first
    assert 'data-type="correction"' not in panel  # nothing to book before the game begins
    before = Game.objects.get(pk=game.pk).revision
    join(game, "Red")
    join(game, "Red")  # a second phone of the team: joined once
    red = Team.objects.get(game=game, name="Red")
    assert red.joined is not None
    game.refresh_from_db()
    assert game.revision == before + 1  # the lobby redraws for the first join only
    panel = owner.get(f"/games/{game.pk}/panel/").content.decode()
    assert "✓ Red" in panel and "Blue" in panel.split("Not joined yet")[1][:200]

    started = owner.post(f"/games/{game.pk}/bank/start/", HTTP_ACCEPT="application/json")
    assert started.json() == {"ok": True, "message": "The game has started: teams and bots "
                                                     "move now."}
    game.refresh_from_db()
    assert game.status == "running"
    panel = owner.get(f"/games/{game.pk}/panel/").content.decode()
    assert "Start the game" not in panel and 'data-type="correction"' in panel
    again = owner.post(f"/games/{game.pk}/bank/start/", HTTP_ACCEPT="application/json")
    assert again.status_code == 409


def test_the_lobby_in_german(owner: Client, classroom: Classroom) -> None:
    game = lobby_game(classroom)
    join(game, "Blue")
    owner.post("/i18n/setlang/", {"language": "de", "next": "/"})
    panel = owner.get(f"/games/{game.pk}/panel/").content.decode()
    for words in ("Das Spiel wartet in der Lobby", "Spiel starten", "Beigetreten",
                  "Noch nicht beigetreten", "✓ Blue", "Braucht Sie jetzt"):
        assert words in panel, words
    assert "Start the game" not in panel and "Needs you now" not in panel


def test_only_the_owner_starts_the_game(classroom: Classroom, client: Client) -> None:
    game = lobby_game(classroom)
    red = join(game, "Red")
    assert red.post(f"/games/{game.pk}/bank/start/").status_code == 403
    other = Client()
    other.force_login(User.objects.create_user("other", password="other-pass-1"))
    assert other.post(f"/games/{game.pk}/bank/start/").status_code == 403
    assert Game.objects.get(pk=game.pk).status == "lobby"


def test_the_start_is_announced_in_the_games_language(
    classroom: Classroom, django_capture_on_commit_callbacks: Any
) -> None:
    game = lobby_game(classroom, language="de")
    with mock.patch("classroom.events.broadcast") as broadcast, \
            django_capture_on_commit_callbacks(execute=True):
        services.start_game(game_id=game.pk)
    produced = broadcast.call_args.args[3]
    assert produced[0]["type"] == "start"
    assert produced[0]["text"] == "Der Bankdirektor startet das Spiel."


# ====================================================================== the websocket
@pytest.mark.django_db(transaction=True)
def test_the_websocket_works_in_the_lobby_and_the_start_redraws(classroom: Classroom,
                                                                teacher: User) -> None:
    game = lobby_game(classroom)
    red = game.teams.get(name="Red")

    async def scenario() -> None:
        comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/games/{game.pk}/")
        comm.scope["url_route"] = {"kwargs": {"game_id": game.pk}}
        comm.scope.update(user=AnonymousUser(), session={
            SESSION_KEY: {str(game.pk): red.pk}, SEAT_SESSION_KEY: {str(game.pk): 0}})
        assert (await comm.connect())[0]
        assert (await comm.receive_json_from())["type"] == "hello"
        first = await comm.receive_json_from()
        assert first["status"] == "lobby"
        assert "The game begins when your teacher starts it." in first["regions"]["team-status"]
        assert 'data-type="roll"' not in first["regions"]["moves"]
        from channels.db import database_sync_to_async

        await database_sync_to_async(services.start_game)(game_id=game.pk)
        update = await comm.receive_json_from(timeout=5)
        while update["type"] != "screen":
            if update["type"] == "changed":
                assert "The bank director starts the game." in update["ticker"]
            update = await comm.receive_json_from(timeout=5)
        assert update["status"] == "running" and 'data-type="roll"' in update["regions"]["moves"]
        await comm.disconnect()

    async_to_sync(scenario)()
