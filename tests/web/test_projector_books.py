"""Issue 13: the bank director puts one team's books on the projector.

The choice (``classroom.projector_focus``) is stored on the game and announced like a move:
every projector follows it over its websocket, one that reloads shows the same, and only the
teacher who runs the game may make it.
"""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client
from django.utils import translation

from classroom import events, services, state_store
from classroom.access import PROJECTOR_SESSION_KEY
from classroom.consumers import GameConsumer
from classroom.models import Classroom, Game
from classroom.projector_focus import set_projector_focus
from classroom.templatetags.playboss import marks

from .conftest import make_game


@pytest.fixture(autouse=True)
def fresh_state_cache() -> None:
    """Each test's database starts over and reuses game ids: forget states cached by id."""
    with state_store._lock:
        state_store._cache.clear()


@pytest.fixture
def broadcasts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Every broadcast the services make, as (game id, revision)."""
    heard: list[tuple[int, int]] = []

    def record(game_id: int, revision: int, seq: int, produced: list[Any]) -> bool:
        heard.append((game_id, revision))
        return True

    monkeypatch.setattr(events, "broadcast", record)
    return heard


def played(classroom: Classroom) -> Game:
    """A game that two careful bots have played 40 moves of: books with bookings in them."""
    game = make_game(classroom, bots={"Red": "sensible", "Blue": "sensible"})
    services.play_bots(game_id=game.pk, limit=40)
    return Game.objects.get(pk=game.pk)


def projector_panel(game: Game, language: str = "en") -> str:
    client = Client()
    assert client.get(f"/games/{game.pk}/projector/{game.projector_token}/").status_code == 200
    response = client.get(f"/games/{game.pk}/panel/", {"as": "public", "lang": language},
                          HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


# ---------------------------------------------------------------- the service
def test_the_choice_is_stored_and_broadcast(game: Game, teacher: User,
                                            broadcasts: list[tuple[int, int]],
                                            django_capture_on_commit_callbacks: Any) -> None:
    before = game.revision
    with django_capture_on_commit_callbacks(execute=True):
        changed = set_projector_focus(game_id=game.pk, user=teacher, team="Blue", move=None)
    game.refresh_from_db()
    assert (game.projector_focus, game.projector_focus_move) == ("Blue", None)
    assert changed.projector_focus == "Blue" and game.revision == before + 1
    assert broadcasts == [(game.pk, before + 1)]

    with django_capture_on_commit_callbacks(execute=True):
        set_projector_focus(game_id=game.pk, user=teacher, team="Blue", move="0")
        set_projector_focus(game_id=game.pk, user=teacher, team="Blue", move=0)  # the same
    game.refresh_from_db()
    assert (game.projector_focus, game.projector_focus_move) == ("Blue", 0)
    with django_capture_on_commit_callbacks(execute=True):
        set_projector_focus(game_id=game.pk, user=teacher, team="", move="0")  # the board
    game.refresh_from_db()
    assert (game.projector_focus, game.projector_focus_move) == ("", None)
    assert [revision for _id, revision in broadcasts] == [before + 1, before + 2, before + 3]


@pytest.mark.parametrize("who", ["stranger", "other teacher"])
def test_only_the_bank_may_choose(game: Game, who: str, broadcasts: list[tuple[int, int]],
                                  django_capture_on_commit_callbacks: Any) -> None:
    user = (AnonymousUser() if who == "stranger"
            else User.objects.create_user("other", password="secret-pass-2"))
    with django_capture_on_commit_callbacks(execute=True), \
            pytest.raises(services.ServiceError) as refused:
        set_projector_focus(game_id=game.pk, user=user, team="Red")
    assert refused.value.status == 403
    assert "Only the bank director" in refused.value.message
    with translation.override("de"):
        assert "Nur der Bankdirektor" in refused.value.message
    game.refresh_from_db()
    assert game.projector_focus == "" and broadcasts == []


@pytest.mark.parametrize(("team", "move", "words"), [
    ("Green", None, "There is no team “Green” in this game."),
    ("Red", "7", "Choose a move from 0 to 0, or leave the move empty for the latest."),
    ("Red", "-1", "Choose a move from 0 to 0"),
    ("Red", "two", "Choose a move from 0 to 0"),
])
def test_a_bad_team_or_move_is_explained_and_changes_nothing(
        game: Game, teacher: User, broadcasts: list[tuple[int, int]], team: str,
        move: str | None, words: str, django_capture_on_commit_callbacks: Any) -> None:
    revision = game.revision
    with django_capture_on_commit_callbacks(execute=True), \
            pytest.raises(services.ServiceError) as refused:
        set_projector_focus(game_id=game.pk, user=teacher, team=team, move=move)
    assert refused.value.status == 400 and words in refused.value.message
    game.refresh_from_db()
    assert (game.projector_focus, game.projector_focus_move, game.revision) == (
        "", None, revision)
    assert broadcasts == []


# ---------------------------------------------------------------- the pages
def test_the_bank_console_offers_the_choice_and_says_the_class_will_see(
        game: Game, owner: Client) -> None:
    html = owner.get(f"/games/{game.pk}/panel/", {"as": "bank"}).content.decode()
    control = html[html.index('class="card projector-focus"'):]
    control = control[:control.index("</section>")]
    assert f'action="/games/{game.pk}/bank/projector/"' in control
    assert "Red's books" in control and "Blue's books" in control
    assert "The whole class will see this team's books" in control
    assert "The projector shows the board." in control and "Back to the board" not in control

    response = owner.post(f"/games/{game.pk}/bank/projector/", {"team": "Red", "move": ""},
                          HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and response.json()["ok"]
    html = owner.get(f"/games/{game.pk}/panel/", {"as": "bank"}).content.decode()
    assert "The projector shows Red's books, after the latest move." in html
    assert "Back to the board" in html


def test_a_refusal_reaches_the_console_in_its_language(game: Game, owner: Client) -> None:
    response = owner.post(f"/games/{game.pk}/bank/projector/", {"team": "Nobody"},
                          HTTP_ACCEPT="application/json", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    assert response.json()["error"] == "Im Spiel gibt es kein Team „Nobody“."


def test_the_projector_shows_the_chosen_books_and_the_board_again(
        classroom: Classroom, teacher: User) -> None:
    game = played(classroom)
    board = projector_panel(game)
    assert 'class="pj-board"' in board and "pj-books" not in board

    set_projector_focus(game_id=game.pk, user=teacher, team="Red")
    game.refresh_from_db()
    html = projector_panel(game)  # a projector that loads now, or reloads, shows the books
    assert 'class="pj-board"' not in html
    books = state_store.read_state(game, lambda s: s.teams["Red"])
    assert 'data-team="Red"' in html and "Books of Red" in html
    assert f"after move {game.seq} (the latest)" in html
    assert marks(books.cash) in html  # the bank account's balance is on the sheet
    assert "T-accounts" in html and "Journal" in html

    set_projector_focus(game_id=game.pk, user=teacher, team="Red", move=0)
    game.refresh_from_db()
    html = projector_panel(game, "de")
    assert "Bücher von Red" in html and "nach Zug 0" in html

    set_projector_focus(game_id=game.pk, user=teacher, team="")
    game.refresh_from_db()
    assert 'class="pj-board"' in projector_panel(game)


# ---------------------------------------------------------------- the websocket
@pytest.mark.django_db(transaction=True)
def test_the_projector_hears_the_books_when_the_bank_chooses(classroom: Classroom,
                                                            teacher: User) -> None:
    game = make_game(classroom)

    async def scenario() -> None:
        comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/games/{game.pk}/")
        comm.scope["url_route"] = {"kwargs": {"game_id": game.pk}}
        comm.scope["user"] = AnonymousUser()
        comm.scope["session"] = {PROJECTOR_SESSION_KEY: {str(game.pk): game.projector_token}}
        connected, _ = await comm.connect()
        assert connected
        assert (await comm.receive_json_from())["type"] == "hello"
        first = await comm.receive_json_from()
        assert "projector" in first["regions"] and "projector-books" not in first["regions"]

        await database_sync_to_async(set_projector_focus)(
            game_id=game.pk, user=teacher, team="Blue")
        changed = await comm.receive_json_from()
        assert changed["type"] == "changed" and changed["revision"] == game.revision + 1
        screen = await comm.receive_json_from()
        assert screen["type"] == "screen" and "layout" in screen  # the board made way
        assert set(screen["regions"]) == {"projector-books"}
        assert "Books of Blue" in screen["regions"]["projector-books"]

        await database_sync_to_async(set_projector_focus)(game_id=game.pk, user=teacher,
                                                          team="")
        assert (await comm.receive_json_from())["type"] == "changed"
        screen = await comm.receive_json_from()
        assert set(screen["regions"]) == {"projector"}
        await comm.disconnect()

    async_to_sync(scenario)()


def test_the_books_on_the_projector_keep_what_is_no_booking_secret(
        classroom: Classroom, teacher: User) -> None:
    """The teacher shows a team's books, nothing more: not the terms of its open deals, not a
    PIN or a join link's secret of any team."""
    game = make_game(classroom)
    services.submit_action(game_id=game.pk, actor="Blue", run_bots=False, payload={
        "type": "propose_deal", "partner": "Red", "give": {"cash": 2468}, "take": {"raw": 1},
        "terms": "TERMS-XQ7Z between Blue and Red"})
    set_projector_focus(game_id=game.pk, user=teacher, team="Blue")
    game.refresh_from_db()
    html = projector_panel(game)
    assert "Books of Blue" in html
    secrets = ["TERMS-XQ7Z", game.projector_token, game.representative_pin or "PIN-NONE"]
    for team in game.teams.all():
        secrets += [team.pin, team.token]
    assert [s for s in secrets if s in html] == []
    bank = Client()
    bank.force_login(teacher)  # the search can find: the bank's console shows the terms
    assert "TERMS-XQ7Z" in bank.get(f"/games/{game.pk}/panel/", {"as": "bank"}).content.decode()


def test_the_team_whose_books_are_shown_is_told(game: Game, teacher: User) -> None:
    def team_screen(name: str) -> str:
        client = Client()
        assert client.get(f"/join/{game.teams.get(name=name).token}/").status_code == 302
        return client.get(f"/games/{game.pk}/panel/").content.decode()

    note = "Your books are on the projector now: the whole class sees them."
    assert note not in team_screen("Blue")
    set_projector_focus(game_id=game.pk, user=teacher, team="Blue")
    assert note in team_screen("Blue") and note not in team_screen("Red")


# ---------------------------------------------------------------- loose ends (issue 13)
def console_control(client: Client, game: Game) -> str:
    html = client.get(f"/games/{game.pk}/panel/", {"as": "bank"}).content.decode()
    control = html[html.index('class="card projector-focus"'):]
    return control[:control.index("</section>")]


def test_an_undo_before_the_chosen_move_shows_the_books_after_the_last_move(
        classroom: Classroom, teacher: User, client: Client) -> None:
    """The move chosen for the projector is taken back: the console's "after move" field and
    the projector read the last move left, not a move the game no longer has."""
    game = played(classroom)
    chosen = game.seq
    set_projector_focus(game_id=game.pk, user=teacher, team="Red", move=chosen)
    services.undo(game_id=game.pk, to_seq=chosen - 10)
    game.refresh_from_db()
    assert game.projector_focus_move == game.seq == chosen - 10
    client.force_login(teacher)
    control = console_control(client, game)
    assert f'max="{game.seq}" inputmode="numeric" value="{game.seq}"' in control
    assert f"The projector shows Red's books, after move {game.seq}." in control
    assert f'data-move="{game.seq}"' in projector_panel(game)


def test_an_undo_after_the_chosen_move_or_with_the_latest_keeps_the_choice(
        classroom: Classroom, teacher: User) -> None:
    game = played(classroom)
    set_projector_focus(game_id=game.pk, user=teacher, team="Red", move=5)
    services.undo(game_id=game.pk, to_seq=game.seq - 10)
    game.refresh_from_db()
    assert (game.projector_focus, game.projector_focus_move) == ("Red", 5)
    set_projector_focus(game_id=game.pk, user=teacher, team="Blue")
    services.undo(game_id=game.pk, to_seq=game.seq - 1)
    game.refresh_from_db()
    assert (game.projector_focus, game.projector_focus_move) == ("Blue", None)


@pytest.mark.parametrize(("language", "words"), [("en", "Back to the board"),
                                                 ("de", "Zurück zum Spielbrett")])
def test_the_teacher_takes_the_books_down_from_the_projector_page(
        game: Game, teacher: User, owner: Client, language: str, words: str) -> None:
    """The teacher's own projector page has a way back to the board (shown while books are
    up, board.css); it leaves the teacher on the projector page."""
    set_projector_focus(game_id=game.pk, user=teacher, team="Red")
    html = owner.get(f"/games/{game.pk}/projector/", HTTP_ACCEPT_LANGUAGE=language,
                     ).content.decode()
    form = html[html.index('class="pj-back-to-board"') - 80:]
    form = form[:form.index("</form>")]
    assert f'action="/games/{game.pk}/projector/board/"' in form and words in form

    response = owner.post(f"/games/{game.pk}/projector/board/")
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/projector/"
    game.refresh_from_db()
    assert (game.projector_focus, game.projector_focus_move) == ("", None)


def test_the_public_projector_link_cannot_take_the_books_down(game: Game,
                                                              teacher: User) -> None:
    set_projector_focus(game_id=game.pk, user=teacher, team="Red", move=0)
    laptop = Client()
    html = laptop.get(f"/games/{game.pk}/projector/{game.projector_token}/").content.decode()
    assert "pj-back-to-board" not in html and "/projector/board/" not in html
    assert laptop.post(f"/games/{game.pk}/projector/board/").status_code == 403
    game.refresh_from_db()
    assert (game.projector_focus, game.projector_focus_move) == ("Red", 0)
