"""The new-game form's five settings of the rulebook's literal reading (issue 14,
``playboss.rules.readings``): each choice reaches the game's config, a setting not sent is the
engine's default (named explicitly, since a config that names no reading plays its legacy
value), and a bad value is explained and creates nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from classroom.models import Classroom, Game
from playboss.rules.config import GameConfig
from playboss.rules.readings import CHOICES, LEGACY, LITERAL

from .test_teacher_views import new_game_data


def _config() -> GameConfig:
    return GameConfig.from_dict(Game.objects.get().config)


def test_the_form_offers_the_five_readings_literal_first(owner: Client,
                                                         classroom: Classroom) -> None:
    page = owner.get(f"/classes/{classroom.pk}/games/new/").content.decode()
    assert "Where teachers read the rulebook differently" in page
    for name, literal in LITERAL.items():
        assert f'name="{name}"' in page
        assert page.index(f'value="{literal}"') < page.index(f'value="{LEGACY[name]}"',
                                                              page.index(f'name="{name}"'))


@pytest.mark.parametrize("values", [LITERAL, LEGACY], ids=["literal", "legacy"])
def test_each_reading_reaches_the_games_config(owner: Client, classroom: Classroom,
                                               values: dict[str, str]) -> None:
    response = owner.post(f"/classes/{classroom.pk}/games/new/",
                          new_game_data(steps=["1", "3"], **values))
    assert response.status_code == 302
    config = _config()
    assert {name: getattr(config, name) for name in CHOICES} == values


def test_a_reading_not_sent_is_the_engines_default(owner: Client,
                                                   classroom: Classroom) -> None:
    response = owner.post(f"/classes/{classroom.pk}/games/new/", new_game_data())
    assert response.status_code == 302
    config, default = _config(), GameConfig(teams=("A",))
    assert {n: getattr(config, n) for n in CHOICES} == {n: getattr(default, n) for n in CHOICES}


def test_a_bad_reading_is_explained_and_creates_nothing(owner: Client,
                                                        classroom: Classroom) -> None:
    response = owner.post(f"/classes/{classroom.pk}/games/new/",
                          new_game_data(collateral="forbid"))
    assert response.status_code == 400
    html = response.content.decode()
    assert "Select a valid choice" in html and "The game was not created" in html
    assert not Game.objects.exists()
