"""Issue 10: seat management from the bank console, mid-game, through services: hand a team to
a bot and back, give it a new PIN (and QR link), drop its devices. Each change gets a new
revision, is listed on the bank console and told in the ticker; a browser that lost its seat
gets 403 on its next request, its socket closes with 4403, and its page leads to the join
form."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client

from classroom import services
from classroom.access import SEAT_SESSION_KEY, SESSION_KEY, HeldSeat
from classroom.consumers import GameConsumer
from classroom.models import Classroom, Game, SeatChange, Team

from .conftest import make_game


def join(game: Game, team: str, pin: str | None = None) -> Client:
    c = Client()
    response = c.post("/join/", {"code": game.code,
                                 "pin": pin or game.teams.get(name=team).pin})
    assert response.status_code == 302, response.content.decode()[:300]
    return c


def move(c: Client, game: Game, **action: Any) -> Any:
    return c.post(f"/games/{game.pk}/move/", json.dumps({"action": action}),
                  content_type="application/json")


def post(owner: Client, game: Game, team: Team, what: str, **data: Any) -> Any:
    return owner.post(f"/games/{game.pk}/bank/teams/{team.pk}/{what}/", data,
                      HTTP_ACCEPT="application/json")


def lost(c: Client, game: Game) -> None:
    """The browser lost its seat: every request says so, the page leads to the join form."""
    assert c.get(f"/games/{game.pk}/panel/").status_code == 403
    assert c.get(f"/games/{game.pk}/revision/").status_code == 403
    assert move(c, game, type="roll", die=1).status_code == 403
    page = c.get(f"/play/{game.code}/")
    assert page.status_code == 302 and page["Location"] == f"/join/?code={game.code}"


# ====================================================================== a bot and back
def test_an_absent_team_is_handed_to_a_bot_and_back(
    owner: Client, game: Game, django_capture_on_commit_callbacks: Any
) -> None:
    red = join(game, "Red")
    team = game.teams.get(name="Red")
    revision = Game.objects.get(pk=game.pk).revision
    with django_capture_on_commit_callbacks(execute=True):
        answer = post(owner, game, team, "player", bot="greedy")
    # greedy plays the beginner level (bot_levels): the message names the level
    assert answer.json()["ok"] and "Beginner" in answer.json()["message"]
    team.refresh_from_db()
    game.refresh_from_db()
    assert team.bot == "greedy" and game.revision > revision
    # The bot played Red's turn at once (the game waited on Red's roll) ...
    assert game.actions.filter(actor="Red").exists()
    # ... and the students' browser is out: it would play against the bot.
    lost(red, game)
    refused = Client().post("/join/", {"code": game.code, "pin": team.pin})
    # The PIN of a bot's team gets the answer of any wrong PIN (issue 11: no telling it apart).
    assert refused.status_code == 400 and "do not let you join a team" in refused.content.decode()
    assert Client().get(f"/join/{team.token}/").status_code == 400

    with django_capture_on_commit_callbacks(execute=True):
        back = post(owner, game, team, "player", bot="")
    assert back.json()["ok"] and team.pin in back.json()["message"]
    team.refresh_from_db()
    assert team.bot == ""
    again = join(game, "Red")  # the same PIN as before
    assert again.get(f"/games/{game.pk}/panel/").status_code == 200
    kinds = list(SeatChange.objects.filter(game=game).order_by("id").values_list(
        "kind", "team_name", "detail"))
    assert kinds == [("bot", "Red", "greedy"), ("students", "Red", "")]


# ====================================================================== a new PIN
def test_a_new_pin_drops_the_old_devices_and_the_old_link(owner: Client, game: Game) -> None:
    team = game.teams.get(name="Red")
    old_pin, old_token = team.pin, team.token
    phone, laptop = join(game, "Red"), Client()
    assert laptop.get(f"/join/{old_token}/").status_code == 302
    blue = join(game, "Blue")
    answer = post(owner, game, team, "pin")
    team.refresh_from_db()
    assert answer.json()["ok"] and team.pin in answer.json()["message"]
    assert team.pin != old_pin and team.token != old_token
    assert team.pin not in set(game.teams.exclude(pk=team.pk).values_list("pin", flat=True))
    lost(phone, game)
    lost(laptop, game)
    assert blue.get(f"/games/{game.pk}/panel/").status_code == 200  # another team stays
    assert Client().post("/join/", {"code": game.code, "pin": old_pin}).status_code == 400
    assert Client().get(f"/join/{old_token}/").status_code == 404
    fresh = join(game, "Red", team.pin)
    assert move(fresh, game, type="roll", die=6).json()["ok"]
    sheet = owner.get(f"/games/{game.pk}/teams/").content.decode()
    assert team.pin in sheet and f"/join/{team.token}/" in sheet


def test_a_dropped_browser_is_told_why_on_the_join_page(owner: Client, game: Game) -> None:
    red = join(game, "Red")
    post(owner, game, game.teams.get(name="Red"), "drop")
    for _visit in range(2):  # every visit until it joins again (a reload may come twice)
        page = red.get(f"/play/{game.code}/", follow=True).content.decode()
        assert "The teacher has signed this device out of its team" in page
        assert "Join your team" in page
    join_again = red.post("/join/", {"code": game.code,
                                     "pin": game.teams.get(name="Red").pin}, follow=True)
    assert "signed this device out" not in join_again.content.decode()
    assert red.get(f"/games/{game.pk}/panel/").status_code == 200


# ====================================================================== drop devices
def test_drop_devices_signs_out_every_browser_of_the_team(owner: Client, game: Game) -> None:
    team = game.teams.get(name="Red")
    one, two = join(game, "Red"), join(game, "Red")
    answer = post(owner, game, team, "drop")
    assert answer.json()["ok"]
    lost(one, game)
    lost(two, game)
    back = join(game, "Red")  # the same PIN
    assert back.get(f"/games/{game.pk}/panel/").status_code == 200
    game.refresh_from_db()
    assert game.seats == 1
    change = SeatChange.objects.get(game=game)
    assert (change.kind, change.team_name, change.revision) == ("drop", "Red", game.revision)


def test_the_ticker_tells_each_seat_change_in_the_games_language(
    classroom: Classroom, django_capture_on_commit_callbacks: Any
) -> None:
    game = make_game(classroom)
    Game.objects.filter(pk=game.pk).update(language="de")
    red = game.teams.get(name="Red")
    with mock.patch("classroom.events.broadcast") as broadcast:
        for service, kwargs in ((services.new_team_pin, {}),
                                (services.drop_team_devices, {}),
                                (services.set_team_player, {"bot": "random"}),
                                (services.set_team_player, {"bot": ""})):
            with django_capture_on_commit_callbacks(execute=True):
                service(game_id=game.pk, team_id=red.pk, **kwargs)
    told = [e for call in broadcast.call_args_list for e in call.args[3]
            if e["type"] == "seat"]  # (the bot's move is broadcast between them)
    assert [e["text"] for e in told] == [
        "Red hat eine neue PIN: Seine Geräte treten neu bei.",
        "Die Geräte von Red müssen neu beitreten.",
        "Red wird jetzt von einem Zufalls-Bot gespielt.",
        "Red wird wieder von seinen Schülerinnen und Schülern gespielt.",
    ]
    assert all(red.pin not in e["text"] for e in told)  # never a PIN in the ticker


# ====================================================================== the console
def test_the_bank_console_lists_the_seats_and_their_changes(owner: Client, game: Game) -> None:
    red = game.teams.get(name="Red")
    panel = owner.get(f"/games/{game.pk}/panel/").content.decode()
    assert f"/games/{game.pk}/bank/teams/{red.pk}/pin/" in panel
    assert f"/games/{game.pk}/bank/teams/{red.pk}/drop/" in panel
    assert f"/games/{game.pk}/bank/teams/{red.pk}/player/" in panel
    post(owner, game, red, "player", bot="random")
    post(owner, game, red, "player", bot="")
    post(owner, game, red, "pin")
    panel = owner.get(f"/games/{game.pk}/panel/").content.decode()
    log = panel.split("Seat changes")[1]
    assert log.index("Red got a new PIN") < log.index("Red handed back to its students") \
        < log.index("Red handed to: Random bot")  # the newest first
    owner.post("/i18n/setlang/", {"language": "de", "next": "/"})
    panel = owner.get(f"/games/{game.pk}/panel/").content.decode()
    for words in ("Platzwechsel", "Red hat eine neue PIN bekommen", "Neue PIN",
                  "Geräte abmelden", "Gespielt von"):
        assert words in panel, words
    answer = post(owner, game, red, "drop")
    assert answer.json()["message"].startswith("Die Geräte von Red sind abgemeldet")


def test_only_the_owner_changes_seats_and_only_of_its_game(owner: Client, game: Game,
                                                           classroom: Classroom) -> None:
    red = game.teams.get(name="Red")
    student = join(game, "Blue")
    for what in ("player", "pin", "drop"):
        assert post(student, game, red, what, bot="greedy").status_code == 403
    other = Client()
    other.force_login(User.objects.create_user("other", password="other-pass-1"))
    assert post(other, game, red, "drop").status_code == 403
    second = make_game(classroom, teams=["Gold"])
    gold = second.teams.get()
    assert post(owner, game, gold, "drop").status_code == 404  # not a team of this game
    assert post(owner, game, red, "player", bot="cheater").status_code == 400
    assert not SeatChange.objects.exists()


def test_an_ended_game_changes_no_seat(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(status="ended")
    red = game.teams.get(name="Red")
    with pytest.raises(services.ServiceError, match="over"):
        services.drop_team_devices(game_id=game.pk, team_id=red.pk)


# ====================================================================== the websocket
@pytest.mark.django_db(transaction=True)
def test_a_dropped_phones_socket_closes_and_other_teams_stay(classroom: Classroom,
                                                            teacher: User) -> None:
    game = make_game(classroom)
    red, blue = game.teams.get(name="Red"), game.teams.get(name="Blue")

    def socket(team: Team) -> WebsocketCommunicator:
        comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/games/{game.pk}/")
        comm.scope["url_route"] = {"kwargs": {"game_id": game.pk}}
        comm.scope.update(user=AnonymousUser(), session={
            SESSION_KEY: {str(game.pk): team.pk}, SEAT_SESSION_KEY: {str(game.pk): 0}})
        return comm

    async def drain(comm: WebsocketCommunicator) -> None:
        while not await comm.receive_nothing(timeout=0.3):
            await comm.receive_json_from()

    async def scenario() -> None:
        red_socket, blue_socket = socket(red), socket(blue)
        assert (await red_socket.connect())[0] and (await blue_socket.connect())[0]
        await drain(red_socket)
        await drain(blue_socket)
        await database_sync_to_async(services.drop_team_devices)(game_id=game.pk,
                                                                 team_id=red.pk)
        changed = await red_socket.receive_json_from(timeout=5)
        assert changed["type"] == "changed"
        closed = await red_socket.receive_output(timeout=5)
        assert closed == {"type": "websocket.close", "code": 4403}
        # Blue's screen goes on, and it is told in the ticker.
        told = await blue_socket.receive_json_from(timeout=5)
        assert told["type"] == "changed" and "Red's devices must join again." in told["ticker"]
        update = await blue_socket.receive_json_from(timeout=5)
        assert update["type"] == "screen"
        # A new socket with the old seat is refused at once.
        again = socket(red)
        connected, code = await again.connect()
        assert not connected and code == 4403
        await blue_socket.disconnect()

    async_to_sync(scenario)()


# ====================================================================== regions stay right
def test_the_new_regions_from_the_memo_are_the_regions_rendered_afresh(
    classroom: Classroom,
) -> None:
    """The lobby, a pause with a frozen round, seat changes, offers, strikes and lockouts:
    every screen in both languages equals a render without the region memo (a region that read
    a value its key does not name would fail here)."""
    from classroom.screens import build_screen

    from .test_screens import every_spec, fresh

    game = services.create_game(
        classroom=classroom, name="Memo", seats=[services.TeamSeat("Red"),
                                                 services.TeamSeat("Blue")],
        settings_={"first_team": "Red", "dice": "entered", "seed": 1, "steps": [2, 6]},
        lobby=True)

    def check() -> None:
        game.refresh_from_db()
        for language in ("en", "de"):
            for spec in every_spec(game, language):
                assert build_screen(game, spec).html() == fresh(game, spec), spec

    check()
    services.record_join(team_id=game.teams.get(name="Red").pk)
    check()
    services.start_game(game_id=game.pk)
    play = [("Red", {"type": "offer_hire", "workers": 2, "salary": 500}),
            ("workers", {"type": "accept_hire", "offer": 1}),
            ("Blue", {"type": "offer_hire", "workers": 1, "salary": 500}),
            ("workers", {"type": "accept_hire", "offer": 2}),
            ("Red", {"type": "roll", "die": 6}),
            ("workers", {"type": "call_strike", "teams": ["Red"]}),
            ("Blue", {"type": "declare_lockout"}),
            ("Blue", {"type": "offer_hire", "workers": 1, "salary": 500}),
            ("workers", {"type": "offer_hire", "team": "Red", "workers": 1, "salary": 500})]
    for actor, payload in play:
        services.submit_action(game_id=game.pk, actor=actor, payload=payload, run_bots=False)
        check()
    services.submit_action(game_id=game.pk, actor="workers", run_bots=False,
                           payload={"type": "reject_hire", "offer": 3})
    services.submit_action(game_id=game.pk, actor="Red", run_bots=False,
                           payload={"type": "purchase", "units": 1})  # an auction opens
    check()
    assert game.deadline is not None
    services.set_paused(game_id=game.pk, paused=True)
    services.new_team_pin(game_id=game.pk, team_id=game.teams.get(name="Blue").pk)
    services.set_team_player(game_id=game.pk, team_id=game.teams.get(name="Blue").pk,
                             bot="random")
    check()
    assert game.paused_remaining and game.seat_changes.count() == 2


# ====================================================================== moves in flight (issue 23)
@pytest.mark.parametrize("change", ["drop", "pin"])
def test_a_move_in_flight_when_the_seat_changes_is_refused_in_its_transaction(
        game: Game, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    """Issue 23: 7 of 30 moves sent just before "Drop devices"/"New PIN" committed landed
    after it: the view checked the seat before the service took the game's lock. Here the
    change commits between the view's check and the service's lock; the service refuses."""
    from classroom.views import live

    red_team = game.teams.get(name="Red")
    red = join(game, "Red")
    checked = live._other_half

    def seat_changes_meanwhile(*args: Any) -> str:
        if change == "drop":
            services.drop_team_devices(game_id=game.pk, team_id=red_team.pk)
        else:
            services.new_team_pin(game_id=game.pk, team_id=red_team.pk)
        return checked(*args)

    monkeypatch.setattr(live, "_other_half", seat_changes_meanwhile)
    before = Game.objects.get(pk=game.pk).seq
    refused = move(red, game, type="roll", die=3)
    assert refused.status_code == 403 and "signed this device out" in refused.json()["error"]
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.seq == before and not fresh.actions.exists()


def test_the_move_service_checks_the_seat_it_is_given(game: Game) -> None:
    red = game.teams.get(name="Red")
    services.drop_team_devices(game_id=game.pk, team_id=red.pk)
    stale = HeldSeat(team_id=red.pk, generation=0)
    with pytest.raises(services.ServiceError) as refused:
        services.submit_action(game_id=game.pk, actor="Red", seat=stale,
                               payload={"type": "roll", "die": 3}, run_bots=False)
    assert refused.value.status == 403 and not game.actions.exists()
    held = HeldSeat(team_id=red.pk, generation=1)
    assert services.submit_action(game_id=game.pk, actor="Red", seat=held,
                                  payload={"type": "roll", "die": 3}, run_bots=False).seq == 1


def test_a_representative_move_in_flight_after_a_new_pin_is_refused(
        classroom: Classroom) -> None:
    game = make_game(classroom, steps=[6], years=None, representative="students")
    old = HeldSeat(representative_token=game.representative_token)
    services.new_representative_pin(game_id=game.pk)
    with pytest.raises(services.ServiceError) as refused:
        services.submit_action(game_id=game.pk, actor="workers", seat=old,
                               payload={"type": "pass"}, run_bots=False)
    assert refused.value.status == 403 and not game.actions.exists()
