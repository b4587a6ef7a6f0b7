"""The projector (the board the room watches) and the printed team sheet."""

from __future__ import annotations

import re
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client

from classroom import selectors, services, state_store
from classroom.access import PROJECTOR_SESSION_KEY
from classroom.board import board_cells, loop_size, pawn_spots
from classroom.consumers import GameConsumer
from classroom.models import Classroom, Game
from classroom.templatetags.playboss import marks
from playboss.rules.config import DEFAULT_BOARD

from .conftest import make_game


@pytest.fixture(autouse=True)
def fresh_state_cache() -> None:
    """Each test's database starts over and reuses game ids: forget states cached by id."""
    with state_store._lock:
        state_store._cache.clear()


def owner_client(teacher: User) -> Client:
    client = Client()
    client.force_login(teacher)
    return client


def projector_client(game: Game) -> Client:
    """A projector laptop: nobody signed in, the secret link opened once."""
    client = Client()
    response = client.get(f"/games/{game.pk}/projector/{game.projector_token}/")
    assert response.status_code == 200
    return client


def panel(client: Client, game: Game, **params: str) -> str:
    response = client.get(f"/games/{game.pk}/panel/", {"as": "public", **params})
    assert response.status_code == 200
    return response.content.decode()


def roll(game: Game, team: str, die: int) -> None:
    services.submit_action(game_id=game.pk, actor=team, payload={"type": "roll", "die": die})


def pawn_fields(html: str) -> dict[str, int]:
    return {m[1]: int(m[2]) for m in re.finditer(
        r'<g class="pawn[^"]*" data-team="([^"]+)" data-field="(\d+)"', html)}


# ---------------------------------------------------------------- the board's drawing
def test_the_default_board_is_a_12_by_11_loop_with_start_in_a_corner() -> None:
    assert loop_size(42) == (12, 11)
    cells = board_cells(DEFAULT_BOARD)
    assert len(cells) == 42 and len({(c.x, c.y) for c in cells}) == 42
    assert (cells[0].kind, cells[0].x, cells[0].y) == ("start", 0, 0)
    # every step moves to a neighbouring field, also from the last field back to the start
    for a, b in zip(cells, cells[1:] + cells[:1], strict=True):
        assert abs(a.x - b.x) + abs(a.y - b.y) == 100
    assert {c.kind for c in cells} == {"start", "red", "green", "yellow", "blue", "white"}


@pytest.mark.parametrize("count", range(1, 9))
def test_pawns_on_one_field_stand_side_by_side_inside_it(count: int) -> None:
    cell = board_cells(DEFAULT_BOARD)[5]
    spots = pawn_spots(cell, count)
    for i, (x, y, r) in enumerate(spots):
        assert cell.x <= x - r and x + r <= cell.x + 100
        assert cell.y <= y - r and y + r <= cell.y + 100
        assert r >= 15  # still readable when all eight crowd one field
        for x2, y2, r2 in spots[i + 1:]:  # side by side: at most a slight overlap
            assert (x - x2) ** 2 + (y - y2) ** 2 >= (0.8 * (r + r2)) ** 2


# ---------------------------------------------------------------- the projector
def test_projector_shows_the_board_each_pawn_on_its_field_and_no_cash(
    game: Game, teacher: User
) -> None:
    roll(game, "Red", 6)  # Red from field 1 to 7; Blue still on 1
    client = owner_client(teacher)
    page = client.get(f"/games/{game.pk}/projector/")
    assert page.status_code == 200
    body = page.content.decode()
    assert 'data-actor="public"' in body and "live.js" in body
    assert 'id="ticker"' in body and "moves to field 7" in body  # the ticker starts filled

    html = panel(client, game)
    assert len(re.findall(r'<g class="field ', html)) == 42
    assert html.count('data-kind="start"') == 1
    assert pawn_fields(html) == {"Red": 7, "Blue": 1}
    assert re.search(r'<g class="pawn current" data-team="[^"]+"', html)  # whose turn it is
    assert html.count('class="zone"') == 8  # the market's zones
    bank = selectors.team_view(game, "bank")
    for team in bank["teams"]:
        assert marks(team["cash"]) not in html
    assert "Cash" not in html and "cash" not in html


def test_pawns_sharing_a_field_are_all_drawn(classroom: Classroom, teacher: User) -> None:
    game = make_game(classroom, teams=["Red", "Blue", "Green", "Gold"])
    html = panel(owner_client(teacher), game)
    assert pawn_fields(html) == {"Red": 1, "Blue": 1, "Green": 1, "Gold": 1}
    spots = re.findall(r'<circle class="body" cx="([\d.]+)" cy="([\d.]+)"', html)
    assert len(set(spots)) == 4  # side by side, not on top of each other


def test_marketing_troughs_appear_with_step_3(classroom: Classroom, teacher: User) -> None:
    plain = panel(owner_client(teacher), make_game(classroom))
    assert "data-trough" not in plain
    game = make_game(classroom, steps=[3])
    html = panel(owner_client(teacher), game)
    assert len(re.findall(r'data-trough="\d"', html)) == 3


def test_the_drawing_keeps_its_decimal_points_in_german(
    classroom: Classroom, teacher: User, settings: Any
) -> None:
    game = make_game(classroom, teams=["Red", "Blue", "Green"])
    client = owner_client(teacher)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    html = panel(client, game)
    assert re.search(r'<circle class="body" cx="[\d.]+\.\d" cy="[\d.]+"', html)
    assert not re.search(r'(?:cx|cy|r|x|y|width|height)="-?\d+,\d', html)


def test_the_public_link_needs_no_login_and_can_never_act(game: Game) -> None:
    client = projector_client(game)
    html = panel(client, game)
    assert 'class="board"' in html
    # whatever it asks for, it gets the public view, never the bank's or a team's screen
    for actor in ("bank", "Red", ""):
        assert panel(client, game, **{"as": actor}).count('class="board"') == 1
    assert client.get(f"/games/{game.pk}/revision/").status_code == 200
    for actor in (None, "Red", "bank", "public"):
        body: dict[str, Any] = {"action": {"type": "roll", "die": 3}}
        if actor:
            body["actor"] = actor
        response = client.post(f"/games/{game.pk}/move/", body, content_type="application/json")
        assert response.status_code == 403
    game.refresh_from_db()
    assert game.seq == 0
    # not a team either: the play screen sends it to the join form
    assert client.get(f"/play/{game.code}/")["Location"].startswith("/join/")


def test_without_the_link_the_projector_is_closed(game: Game) -> None:
    client = Client()
    assert client.get(f"/games/{game.pk}/panel/", {"as": "public"}).status_code == 403
    response = client.get(f"/games/{game.pk}/projector/")
    assert response.status_code == 302 and "login" in response["Location"]


def test_a_wrong_token_is_not_found(game: Game, classroom: Classroom) -> None:
    other = make_game(classroom, teams=["A", "B"])
    client = Client()
    assert client.get(f"/games/{game.pk}/projector/wrong-token/").status_code == 404
    assert client.get(f"/games/{game.pk}/projector/{other.projector_token}/").status_code == 404
    assert client.get(f"/games/{game.pk}/panel/", {"as": "public"}).status_code == 403


def test_a_new_token_locks_the_old_link_out(game: Game) -> None:
    client = projector_client(game)
    Game.objects.filter(pk=game.pk).update(projector_token="fresh-secret")
    assert client.get(f"/games/{game.pk}/panel/").status_code == 403


def test_every_game_gets_its_own_projector_token(classroom: Classroom) -> None:
    a, b = make_game(classroom), make_game(classroom, teams=["A", "B"])
    assert len(a.projector_token) >= 20 and a.projector_token != b.projector_token


def test_another_teacher_cannot_open_the_projector(game: Game) -> None:
    other = User.objects.create_user("other", password="secret-pass-2")
    client = owner_client(other)
    assert client.get(f"/games/{game.pk}/projector/").status_code == 404


# ---------------------------------------------------------------- standings
def test_standings_are_the_owners_choice(game: Game, teacher: User) -> None:
    url = f"/games/{game.pk}/projector/standings/"
    other = owner_client(User.objects.create_user("other", password="secret-pass-2"))
    for client in (Client(), other, projector_client(game)):
        assert client.post(url, {"standings": "profit"}).status_code == 403
    game.refresh_from_db()
    assert game.projector_standings == "none"

    roll(game, "Red", 6)
    client = owner_client(teacher)
    html = panel(client, game)
    assert "pj-standings" not in html

    assert client.post(url, {"standings": "sales"}).status_code == 302
    game.refresh_from_db()
    assert (game.projector_standings, game.revision) == ("sales", 2)  # screens hear of it
    html = panel(client, game)
    assert 'data-standings="sales"' in html and "Standings: sales" in html

    client.post(url, {"standings": "profit"})
    html = panel(projector_client(game), game)  # the public projector shows it too
    assert 'data-standings="profit"' in html
    standings = html[html.index("pj-standings"):]
    for team in selectors.team_view(game, "bank")["teams"]:
        assert team["name"] in standings
        assert marks(team["balance_sheet"]["profit"]) in standings

    assert client.post(url, {"standings": "cash"}).status_code == 400
    client.post(url, {"standings": "none"})
    assert "pj-standings" not in panel(client, game)


def test_the_owner_sees_the_standings_form_and_the_public_link(game: Game, teacher: User) -> None:
    body = owner_client(teacher).get(f"/games/{game.pk}/projector/").content.decode()
    assert f"/games/{game.pk}/projector/standings/" in body
    assert f"http://testserver/games/{game.pk}/projector/{game.projector_token}/" in body
    public = projector_client(game).get(f"/games/{game.pk}/projector/").content.decode()
    assert "projector/standings/" not in public and game.projector_token not in public


def test_the_final_results_table_when_the_game_is_over(classroom: Classroom,
                                                      teacher: User) -> None:
    game = make_game(classroom, bots={"Red": "greedy", "Blue": "greedy"}, dice="engine")
    services.submit_action(game_id=game.pk, actor="bank", payload={"type": "call_time"})
    services.play_bots(game_id=game.pk)
    game.refresh_from_db()
    view = selectors.team_view(game, "public")
    assert view["phase"] == "ended"
    html = panel(owner_client(teacher), game)
    assert "Final results" in html
    results = html[html.index("pj-results"):]
    for row in view["results"]:
        assert row["team"] in results and marks(row["result"]) in results


# ---------------------------------------------------------------- the websocket
@pytest.mark.django_db(transaction=True)
def test_the_projector_session_may_listen_on_the_websocket(game: Game) -> None:
    def connect(session: dict[str, Any]) -> bool:
        async def scenario() -> bool:
            comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/games/{game.pk}/")
            comm.scope["url_route"] = {"kwargs": {"game_id": game.pk}}
            comm.scope["user"] = AnonymousUser()
            comm.scope["session"] = session
            connected, _ = await comm.connect()
            await comm.disconnect()
            return bool(connected)

        return async_to_sync(scenario)()

    assert connect({PROJECTOR_SESSION_KEY: {str(game.pk): game.projector_token}})
    assert not connect({PROJECTOR_SESSION_KEY: {str(game.pk): "guessed"}})
    assert not connect({})


# ---------------------------------------------------------------- the team sheet
def test_the_team_sheet_has_each_human_teams_pin_and_qr(classroom: Classroom,
                                                        teacher: User) -> None:
    game = make_game(classroom, teams=["Red", "Blue", "Robot"], bots={"Robot": "random"})
    response = owner_client(teacher).get(f"/games/{game.pk}/teams/")
    assert response.status_code == 200
    html = response.content.decode()
    assert game.code in html
    assert html.count('<svg class="qr"') == 2
    for team in game.teams.all():
        card = html[html.index(f'data-team="{team.name}"'):]
        card = card[:card.index("</section>")]
        if team.bot:
            assert "<svg" not in card and "computer" in card and "/join/" not in card
        else:
            assert team.pin in card
            assert '<svg class="qr"' in card
            assert f"http://testserver/join/{team.token}/" in card
    assert "http://testserver/join/" in html  # the plain address to type the code and PIN


def test_the_team_sheet_is_for_the_owner_only(game: Game) -> None:
    url = f"/games/{game.pk}/teams/"
    response = Client().get(url)
    assert response.status_code == 302 and "login" in response["Location"]
    other = owner_client(User.objects.create_user("other", password="secret-pass-2"))
    assert other.get(url).status_code == 404
    assert projector_client(game).get(url).status_code == 302  # the projector is no teacher
    pins = [t.pin for t in game.teams.all()]
    assert pins and not any(pin in other.get(url).content.decode() for pin in pins)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_boards_key_never_runs_into_itself_or_a_trough(classroom: Classroom,
                                                           language: str) -> None:
    """The key's words differ in length by language; with step 3 a trough sits top right."""
    from django.utils import translation

    from classroom.board import KEY_CHAR, KEY_SWATCH, _layout

    game = make_game(classroom, steps=[3])
    with translation.override(language):
        layout = _layout(selectors.team_view(game, "public"))
        key = layout["key"]
        trough = layout["troughs"][0]
        for entry, after in zip(key, key[1:], strict=False):
            end = entry["x"] + KEY_SWATCH + len(str(entry["label"])) * KEY_CHAR
            assert after["dy"] > entry["dy"] or after["x"] > end, (entry, after)
        for entry in key:
            end = entry["x"] + KEY_SWATCH + len(str(entry["label"])) * KEY_CHAR
            assert entry["dy"] > 0 or end < trough["x"], entry
