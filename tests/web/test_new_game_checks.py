"""The new-game form asks the engine whether a set-up makes a game (``GameConfig.from_dict``)
instead of keeping a second copy of its checks: every problem the engine names is shown by
the field it is about, all at once, in the page's language."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.utils import translation

from classroom.forms import NewGameForm
from classroom.models import Classroom, Game
from playboss.rules.config import RESERVED_NAMES

from .test_teacher_views import new_game_data


def _form(**changes: Any) -> NewGameForm:
    """The form, checked, its errors told in English (a page in German before may have left
    its language active)."""
    form = NewGameForm(new_game_data(**changes))
    with translation.override("en"):
        assert not form.is_valid()
    return form


def test_the_engines_problems_land_on_their_fields_all_at_once() -> None:
    form = _form(teams="Red\npublic", board="SGGB", goal="sales_yield")
    assert set(form.errors) == {"teams", "board", "goal"}
    assert form.errors["teams"] == ["“public” is a role in the game, not a team name; choose "
                                    "another."]
    assert form.errors["board"] == ["The board needs red decision fields (R)."]
    assert "needs expansion step 5" in form.errors["goal"][0]


def test_every_name_the_engine_reserves_is_refused_by_the_form() -> None:
    for name in [*RESERVED_NAMES, "Public", "BANK"]:
        form = _form(teams=f"Red\n{name}")
        assert "is a role in the game" in form.errors["teams"][0], name


def test_split_duties_without_step_6_are_the_engines_to_refuse() -> None:
    form = _form(split_duties="on")
    assert "they need step 6" in form.errors["split_duties"][0]
    with translation.override("en"):
        assert NewGameForm(new_game_data(split_duties="on", steps=["6"])).is_valid()


def test_a_field_the_form_refused_is_not_refused_twice() -> None:
    form = _form(years="0", teams="A\nB\nC\nD\nE\nF\nG\nH\nI\nJ")
    assert len(form.errors["years"]) == 1  # the form's own minimum, not the engine's again
    assert form.errors["teams"] == [
        "A game has at most 9 teams, and at least 1; you named 10. A bigger class plays in "
        "several games at once."]


def test_the_engines_problems_in_german(owner: Client, classroom: Classroom) -> None:
    owner.post("/i18n/setlang/", {"language": "de", "next": "/"})
    response = owner.post(f"/classes/{classroom.pk}/games/new/",
                          new_game_data(teams="Rot\nrot\nworkers", board="SRGX"))
    assert response.status_code == 400
    html = response.content.decode()
    assert "Zwei Teams heißen „rot“; jedes Team braucht einen eigenen Namen." in html
    assert "ist eine Rolle im Spiel" in html
    assert "Das Spielbrett verwendet nur die Buchstaben S, R, G, Y, B, W; nicht X." in html
    assert "is a role in the game" not in html and "board uses only" not in html
    assert not Game.objects.exists()
