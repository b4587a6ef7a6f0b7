"""Issue 12: the strong level on the site - offered by the practice form, the new-game form and
the bank console's seats while the engine has ``BOTS["strong"]``, and not offered (nor
accepted) when it does not; a practice game against strong bots plays. Not game rules: the
site's forms and its bots' step."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from classroom import bot_levels, practice, services, throttle
from classroom.models import Classroom, Game, GameAction
from playboss.rules import bots as engine_bots

from .conftest import make_game

ACCEPT_JSON = {"Accept": "application/json"}


@pytest.fixture(autouse=True)
def _fresh_counters() -> Iterator[None]:
    throttle.forget_all()
    yield
    throttle.forget_all()


@pytest.fixture
def without_strong(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``bot_levels`` as loaded by an engine without the strong bot (reloaded after)."""
    monkeypatch.setattr(engine_bots, "BOTS", {k: v for k, v in engine_bots.BOTS.items()
                                              if k != "strong"})
    yield importlib.reload(bot_levels)
    monkeypatch.undo()
    importlib.reload(bot_levels)


pytestmark = pytest.mark.skipif("strong" not in engine_bots.BOTS,
                                reason="the engine has no strong bot yet")


@pytest.mark.django_db
def test_the_practice_form_offers_the_strong_level_in_english_and_german(
        client: Client) -> None:
    page = client.get("/practice/").content.decode()
    assert '<option value="strong">Strong bot</option>' in page
    assert "each takes up to a second a move" in page
    german = client.get("/practice/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<option value="strong">Starker Bot</option>' in german


@pytest.mark.django_db
def test_a_practice_game_against_strong_bots_plays_their_moves(
        client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    strong = engine_bots.BOTS["strong"]

    class Counted(strong):  # type: ignore[misc, valid-type]
        def choose(self, state: Any, actor: str) -> Any:
            asked.append(actor)
            return super().choose(state, actor)

    monkeypatch.setattr(services.bots, "BOTS", {**engine_bots.BOTS, "strong": Counted})
    response = client.post("/practice/", {"player": "Me", "bots": 2, "level": "strong",
                                          "years": 1})
    assert response.status_code == 302
    game = Game.objects.get(practice=True)
    assert sorted(game.teams.values_list("bot", flat=True)) == ["", "strong", "strong"]
    me = practice.player_team(game).name
    moved = 0
    for _ in range(40):  # the player rolls and passes; the bots move when the page asks
        answer = client.post(f"/practice/{game.pk}/bots/").json()
        moved += answer["moved"]
        if not answer["moved"] and not answer["waiting"]:
            game.refresh_from_db()
            hint = client.post(f"/practice/{game.pk}/hint/", headers=ACCEPT_JSON).json()
            assert hint["code"]
            move = practice.state_store.read_state(
                game, lambda s: engine_bots.BOTS["sensible"](1).choose(s, me).to_dict())
            services.submit_action(game_id=game.pk, actor=me, payload=move)
        if moved >= 6:
            break
    assert moved >= 6 and {"Bot A", "Bot B"} <= set(asked)
    bot_moves = GameAction.objects.filter(game=game, actor__in=["Bot A", "Bot B"]).count()
    assert bot_moves == moved


@pytest.mark.django_db
def test_the_teacher_chooses_the_strong_level_per_seat_and_on_the_console(
        owner: Client, classroom: Classroom) -> None:
    page = owner.get(f"/classes/{classroom.pk}/games/new/").content.decode()
    assert '<option value="strong">Strong bot</option>' in page
    assert "<strong>Strong bot</strong>: thinks ahead" in page
    game = make_game(classroom, bots={"Blue": "greedy"})
    html = owner.get(f"/games/{game.pk}/panel/?as=bank").content.decode()
    assert '<option value="strong">Strong bot</option>' in html
    blue = game.teams.get(name="Blue")
    response = owner.post(f"/games/{game.pk}/bank/teams/{blue.pk}/player/", {"bot": "strong"},
                          headers=ACCEPT_JSON)
    assert response.status_code == 200, response.json()
    blue.refresh_from_db()
    assert blue.bot == "strong"
    html = owner.get(f"/games/{game.pk}/panel/?as=bank").content.decode()
    assert '<option value="strong" selected>Strong bot</option>' in html


def test_without_the_strong_bot_the_level_is_neither_offered_nor_accepted(
        without_strong: Any) -> None:
    assert "strong" not in without_strong.LEVELS
    assert "strong" not in dict(without_strong.seat_choices())
    with pytest.raises(services.ServiceError, match="Unknown bot level"):
        without_strong.bot_for("strong")
    assert without_strong.bot_for("careful") == "sensible"
