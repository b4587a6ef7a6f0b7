"""The new-game form's setting ``yield_losses`` (rulebook, expansion step 5 "Various game
goals": the yield goals; the rulebook is silent on how a loss ranks) reaches the game's
config, and a bad value is explained and creates nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from classroom.models import Classroom, Game

from .test_teacher_views import new_game_data


@pytest.mark.parametrize("choice", ["rulebook", "behind"])
def test_step5_yield_losses_choice_reaches_the_games_config(
    owner: Client, classroom: Classroom, choice: str
) -> None:
    page = owner.get(f"/classes/{classroom.pk}/games/new/").content.decode()
    assert 'name="yield_losses"' in page and "The printed ratio decides" in page
    response = owner.post(f"/classes/{classroom.pk}/games/new/", new_game_data(
        steps=["5"], goal="asset_yield", yield_losses=choice))
    assert response.status_code == 302
    assert Game.objects.get().config["yield_losses"] == choice


def test_step5_yield_losses_not_sent_is_the_default(owner: Client,
                                                    classroom: Classroom) -> None:
    response = owner.post(f"/classes/{classroom.pk}/games/new/", new_game_data())
    assert response.status_code == 302
    assert Game.objects.get().config["yield_losses"] == "behind"


def test_step5_yield_losses_bad_value_is_explained_and_creates_nothing(
    owner: Client, classroom: Classroom
) -> None:
    response = owner.post(f"/classes/{classroom.pk}/games/new/",
                          new_game_data(steps=["5"], yield_losses="average"))
    assert response.status_code == 400
    html = response.content.decode()
    assert "Select a valid choice" in html and "The game was not created" in html
    assert not Game.objects.exists()


def test_step5_yield_losses_label_is_german_on_a_german_page(
    owner: Client, classroom: Classroom, settings: Any
) -> None:
    html = owner.get(f"/classes/{classroom.pk}/games/new/",
                     HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Verluste" in html
