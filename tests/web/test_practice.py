"""Issue 12: a student's practice game against bots — opened from the start page without an
account, bots moving one at a time when the page asks, a hint with its reason, the player's
own undo, a limit per address, and the cleanup of idle games."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from classroom import practice, services, state_store, throttle
from classroom.models import Game, GameAction
from classroom.texts.bot_reasons import CATALOGUE
from playboss.rules.bots import SensibleBot
from playboss.rules.legal import waiting_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_counters() -> Any:
    throttle.forget_all()
    yield
    throttle.forget_all()


def _open(client: Client, **fields: Any) -> Game:
    data = {"player": "Me", "bots": 2, "level": "careful", "years": 1, **fields}
    response = client.post("/practice/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(code=response["Location"].rstrip("/").rsplit("/", 1)[-1])


def _bots_until_player(client: Client, game: Game) -> None:
    for _ in range(300):
        answer = client.post(f"/practice/{game.pk}/bots/").json()
        if not answer["waiting"]:
            return
    pytest.fail("the bots kept moving")


def _roll(client: Client, game: Game) -> Any:
    return client.post(f"/games/{game.pk}/move/", {"action": {"type": "roll"}},
                       content_type="application/json")


def test_the_start_page_links_to_practice_and_the_form_says_a_stronger_level_comes(
        client: Client) -> None:
    assert 'href="/practice/"' in client.get("/").content.decode()
    page = client.get("/practice/").content.decode()
    if "strong" in practice.LEVELS:  # the engine has the strong bot: it is offered
        assert 'value="strong"' in page and "up to a second a move" in page
    else:
        assert "A stronger level, a bot that thinks ahead, comes later." in page
    assert 'value="beginner"' in page and 'value="careful"' in page


def test_a_practice_game_seats_the_player_without_a_pin_and_bots_at_the_level(
        client: Client) -> None:
    game = _open(client, bots=3, level="beginner")
    assert game.practice and game.status == Game.Status.RUNNING
    teams = list(game.teams.order_by("seat"))
    assert [t.bot for t in teams] == ["", "greedy", "greedy", "greedy"]
    page = client.get(f"/play/{game.code}/")
    assert page.status_code == 200
    assert 'id="practice"' in page.content.decode()
    assert {"beginner": "greedy", "careful": "sensible"}.items() <= practice.LEVELS.items()


def test_bots_do_not_move_until_the_page_asks_and_then_one_at_a_time(client: Client) -> None:
    game = _open(client)
    _bots_until_player(client, game)  # whoever rolls first, the game now waits on the player
    before = GameAction.objects.filter(game=game).count()
    game.refresh_from_db()
    me = practice.player_team(game).name
    # the player rolls; a class's game would send its bots off at once, a practice game not
    response = _roll(client, game)
    assert response.status_code == 200, response.content
    after_move = GameAction.objects.filter(game=game).count()
    last = GameAction.objects.filter(game=game).order_by("-seq").first()
    assert last is not None and last.actor == me
    assert after_move >= before + 1
    answer = client.post(f"/practice/{game.pk}/bots/").json()
    assert answer["moved"] in (0, 1)
    assert GameAction.objects.filter(game=game).count() == after_move + answer["moved"]


def test_a_hint_gives_the_sensible_bots_move_and_its_reason_in_the_pages_language(
        client: Client) -> None:
    game = _open(client)
    _bots_until_player(client, game)
    english = client.post(f"/practice/{game.pk}/hint/", HTTP_ACCEPT="application/json").json()
    assert english["code"] in CATALOGUE
    assert english["text"].startswith("Hint: ")
    client.cookies["django_language"] = "de"
    german = client.post(f"/practice/{game.pk}/hint/", HTTP_ACCEPT="application/json",
                         HTTP_ACCEPT_LANGUAGE="de").json()
    assert german["code"] == english["code"]
    assert german["text"].startswith("Tipp: ")


def test_undo_takes_back_the_players_last_move_and_the_bots_after_it(client: Client) -> None:
    game = _open(client)
    _bots_until_player(client, game)
    game.refresh_from_db()
    seq_before = game.seq
    assert _roll(client, game).status_code == 200
    _bots_until_player(client, game)
    response = client.post(f"/practice/{game.pk}/undo/")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.seq == seq_before


def test_undo_with_no_move_of_the_player_changes_nothing(client: Client) -> None:
    game = _open(client)
    seq = Game.objects.get(pk=game.pk).seq
    if GameAction.objects.filter(game=game, actor=practice.player_team(game).name).exists():
        pytest.skip("the player moved first in this seed")
    client.post(f"/practice/{game.pk}/undo/")
    assert Game.objects.get(pk=game.pk).seq == seq


def test_another_browser_cannot_drive_the_practice_game(client: Client) -> None:
    game = _open(client)
    stranger = Client()
    assert stranger.post(f"/practice/{game.pk}/bots/").status_code == 404
    assert stranger.post(f"/practice/{game.pk}/hint/").status_code == 404
    assert stranger.post(f"/practice/{game.pk}/undo/").status_code == 404
    assert stranger.get(f"/play/{game.code}/").status_code == 302  # to the join form


def test_bad_input_gets_a_message_and_makes_no_game(client: Client) -> None:
    response = client.post("/practice/", {"player": "Me", "bots": 9, "level": "expert",
                                          "years": 0})
    assert response.status_code == 400
    assert not Game.objects.filter(practice=True).exists()
    response = client.post("/practice/", {"player": "Bot A", "bots": 2, "level": "careful",
                                          "years": 1})
    assert "Choose a name other than the bots" in response.content.decode()
    assert not Game.objects.filter(practice=True).exists()


def test_practice_games_are_limited_per_address(client: Client) -> None:
    for _ in range(practice.PRACTICE_GAMES_PER_ADDRESS):
        _open(client)
    response = client.post("/practice/", {"player": "Me", "bots": 2, "level": "careful",
                                          "years": 1})
    assert response.status_code == 429
    assert Game.objects.filter(practice=True).count() == practice.PRACTICE_GAMES_PER_ADDRESS
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert other.post("/practice/", {"player": "Me", "bots": 2, "level": "careful",
                                     "years": 1}).status_code == 302


def test_cleanup_deletes_practice_games_idle_for_a_week_only(client: Client,
                                                              game: Game) -> None:
    idle = _open(client)
    fresh = _open(client)
    long_ago = timezone.now() - timedelta(days=8)
    Game.objects.filter(pk__in=[idle.pk, game.pk]).update(updated=long_ago)
    GameAction.objects.filter(game=idle).update(created=long_ago)
    call_command("cleanup_practice")
    assert not Game.objects.filter(pk=idle.pk).exists()
    assert Game.objects.filter(pk=fresh.pk).exists()
    assert Game.objects.filter(pk=game.pk).exists()  # a class's game is never touched


def test_a_practice_game_with_all_six_steps_reaches_its_end_following_the_hints(
        client: Client) -> None:
    """Nothing waits for a bank director or a representative nobody plays: the bots (and a
    bot representative, step 6) move when asked, the player follows the sensible bot."""
    game = _open(client, steps=[1, 2, 3, 4, 5, 6])
    assert game.representative == "greedy"
    me = practice.player_team(game).name
    for n in range(3_000):
        answer = client.post(f"/practice/{game.pk}/bots/").json()
        if answer["status"] == "ended":
            return
        if answer["moved"] or answer["waiting"]:
            continue
        game.refresh_from_db()
        state = state_store.read_state(game, lambda s: s.clone())
        assert me in waiting_for(state), (waiting_for(state), state.pending[:1])
        move = SensibleBot(n).choose(state, me)
        services.submit_action(game_id=game.pk, actor=me, payload=move.to_dict())
    pytest.fail("the practice game did not end")
