"""The admin (issue 11): the demo teacher is no administrator; games and teams are read-only
there, PINs are not shown, and a team's seat changes only through the services."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core.management import call_command
from django.test import Client

from classroom.models import Game, SeatChange, Team


@pytest.fixture
def admin_client(db: Any) -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser("root", password="root-pass-1"))
    return client


def test_the_demo_teacher_is_no_administrator(db: Any) -> None:
    call_command("demo", stdout=StringIO())
    teacher = User.objects.get(username="teacher")
    assert not teacher.is_superuser and not teacher.is_staff
    client = Client()
    assert client.login(username="teacher", password="playboss")
    assert client.get("/admin/classroom/game/").status_code == 302  # to the admin's sign-in


def test_an_earlier_demo_teacher_loses_the_admin_and_a_real_admin_keeps_it(db: Any) -> None:
    User.objects.create_superuser("teacher", password="playboss")  # as earlier demos made it
    User.objects.create_superuser("head", password="a-password-of-its-own")
    out = StringIO()
    call_command("demo", stdout=out)
    assert not User.objects.get(username="teacher").is_superuser
    assert "no longer an administrator" in out.getvalue()
    call_command("demo", "--username", "head", "--password", "playboss", stdout=StringIO())
    assert User.objects.get(username="head").is_superuser


def test_a_game_is_read_only_and_shows_no_pin(admin_client: Client, game: Game) -> None:
    game.representative_pin = "424242"
    game.save(update_fields=["representative_pin"])
    page = admin_client.get(f"/admin/classroom/game/{game.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="name"' not in html and 'name="language"' not in html  # nothing to edit
    assert game.name in html and game.code in html
    for team in game.teams.all():
        assert team.pin not in html and team.token not in html
    assert "424242" not in html and game.projector_token not in html
    revision = game.revision
    posted = admin_client.post(f"/admin/classroom/game/{game.pk}/change/",
                               {"name": "Renamed", "language": "de"})
    assert posted.status_code == 403
    game.refresh_from_db()
    assert (game.name, game.language, game.revision) == ("Game 1", "en", revision)
    assert admin_client.get("/admin/classroom/game/add/").status_code == 403
    assert admin_client.post(f"/admin/classroom/game/{game.pk}/delete/",
                             {"post": "yes"}).status_code == 403
    assert Game.objects.filter(pk=game.pk).exists()


def test_a_team_is_read_only_and_its_list_shows_no_pin(admin_client: Client,
                                                        game: Game) -> None:
    red = game.teams.get(name="Red")
    listing = admin_client.get("/admin/classroom/team/").content.decode()
    assert "Red" in listing and red.pin not in listing
    posted = admin_client.post(f"/admin/classroom/team/{red.pk}/change/",
                               {"pin": "000000", "bot": "greedy"})
    assert posted.status_code == 403
    red.refresh_from_db()
    assert red.pin != "000000" and red.bot == ""


def act(client: Client, action: str, *teams: Team) -> Any:
    return client.post("/admin/classroom/team/",
                       {"action": action, "_selected_action": [t.pk for t in teams]},
                       follow=True)


def test_a_new_pin_goes_through_the_services(admin_client: Client, game: Game) -> None:
    red, blue = game.teams.get(name="Red"), game.teams.get(name="Blue")
    old_pin, revision = red.pin, game.revision
    page = act(admin_client, "new_pin", red)
    assert "1 team has a new PIN." in page.content.decode()
    red.refresh_from_db()
    game.refresh_from_db()
    assert red.pin != old_pin and red.pin != blue.pin
    assert red.seat_generation == 1  # the team's browsers are signed out
    assert game.revision == revision + 1  # the screens are told
    assert SeatChange.objects.filter(game=game, team=red).count() == 1


def test_handing_a_team_to_a_bot_and_back_goes_through_the_services(admin_client: Client,
                                                                     game: Game) -> None:
    red = game.teams.get(name="Red")
    act(admin_client, "to_careful_bot", red)
    red.refresh_from_db()
    assert red.bot == "greedy"
    act(admin_client, "to_students", red)
    red.refresh_from_db()
    assert red.bot == ""
    assert SeatChange.objects.filter(game=game, team=red).count() == 2


def test_a_refused_seat_change_says_why_and_changes_nothing(admin_client: Client,
                                                            game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ENDED)
    red = game.teams.get(name="Red")
    page = act(admin_client, "new_pin", red).content.decode()
    assert "The game is over." in page
    assert Team.objects.get(pk=red.pk).pin == red.pin
    assert not SeatChange.objects.filter(game=game).exists()


def test_staff_without_the_permission_gets_no_seat_actions(game: Game) -> None:
    staff = User.objects.create_user("helper", password="helper-pass-1", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_team"))
    client = Client()
    client.force_login(staff)
    listing = client.get("/admin/classroom/team/")
    assert listing.status_code == 200 and b"new_pin" not in listing.content
    red = game.teams.get(name="Red")
    act(client, "new_pin", red)
    assert Team.objects.get(pk=red.pk).pin == red.pin
