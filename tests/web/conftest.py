"""Fixtures for the site's tests: a teacher, a class, and a game with two human teams."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from classroom import services
from classroom.models import Classroom, Game


@pytest.fixture
def teacher(db: Any) -> User:
    return User.objects.create_user("teacher", password="secret-pass-1")


@pytest.fixture
def owner(client: Client, teacher: User) -> Client:
    """The test client, signed in as the teacher who owns the class."""
    client.force_login(teacher)
    return client


@pytest.fixture
def classroom(teacher: User) -> Classroom:
    return services.create_classroom(teacher=teacher, name="Business 101")


def make_game(classroom: Classroom, bots: dict[str, str] | None = None,
              **settings: Any) -> Game:
    names = settings.pop("teams", ["Red", "Blue"])
    representative = settings.pop("representative", "teacher")  # the site's, not the engine's
    seats = [services.TeamSeat(n, (bots or {}).get(n, "")) for n in names]
    base = {"first_team": names[0], "dice": "entered", "seed": 1}
    base.update(settings)
    return services.create_game(classroom=classroom, name="Game 1", seats=seats,
                                settings_=base, representative=representative)


@pytest.fixture
def game(classroom: Classroom) -> Game:
    return make_game(classroom)
