"""Issue 11, "Flooding" and "Junk": every finding as a request, answered 4xx with a sentence
(never 500), and nothing stored — no move logged, the game's seq and revision as they were, no
deal, no game, no report job.

The engine's own limits (amounts, terms, open offers) are tested in
tests/rules/test_move_limits.py; here they are seen through the site."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from classroom import state_store
from classroom.access import SEAT_SESSION_KEY, SESSION_KEY
from classroom.consumers import JUNK_LIMIT, GameConsumer
from classroom.limits import MAX_DEPTH, MOVE_MAX_BYTES, nesting_depth
from classroom.models import Classroom, Game, GameAction
from playboss.rules.deals import OPEN_DEALS_MAX
from reports.models import ReportJob, ReportRequest
from reports.services import PER_MINUTE

from .conftest import make_game


def joined(game: Game, team: str = "Red", language: str = "en") -> Client:
    """A browser that has joined ``team`` (its session, as the join form leaves it)."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    seat = game.teams.get(name=team)
    session = client.session
    session[SESSION_KEY] = {str(game.pk): seat.pk}
    session[SEAT_SESSION_KEY] = {str(game.pk): seat.seat_generation}
    session.save()
    return client


def post_move(client: Client, game: Game, body: bytes | str, **extra: Any) -> Any:
    return client.post(f"/games/{game.pk}/move/", body, content_type="application/json",
                       **extra)


def move_body(action: dict[str, Any], **rest: Any) -> str:
    return json.dumps({"action": action, **rest})


def stored(game: Game) -> tuple[int, int, int, int]:
    """What a refused request must leave as it was: logged moves, seq, revision, open deals."""
    game.refresh_from_db()
    deals = state_store.read_state(game, lambda state: len(state.deals))
    return GameAction.objects.filter(game=game).count(), game.seq, game.revision, deals


def error_of(response: Any) -> str:
    data = response.json()
    assert data["ok"] is False
    return str(data["error"])


# ====================================================================== flooding
def test_ten_offers_with_2_mb_of_terms_are_413_and_store_nothing(game: Game) -> None:
    """Ten private-deal offers with 2 MB of terms grew the database by 20 MB: now each is
    answered 413 before its body is read, and nothing is stored."""
    red = joined(game)
    before = stored(game)
    offer = {"type": "propose_deal", "partner": "Blue", "give": {"cash": 100},
             "terms": "x" * 2_000_000}
    for _ in range(10):
        response = post_move(red, game, move_body(offer))
        assert response.status_code == 413
        assert "at most 16 KB" in error_of(response)
    assert stored(game) == before


def test_terms_over_200_characters_are_refused_in_the_pages_language(game: Game) -> None:
    """Rulebook I, "Private Business between Players": terms are a sentence; 201 characters
    are refused by the engine, told in German on a German page."""
    red = joined(game, language="de")
    before = stored(game)
    response = post_move(red, game, move_body({"type": "propose_deal", "partner": "Blue",
                                               "give": {"cash": 100}, "terms": "x" * 201}))
    assert response.status_code == 400
    assert "höchstens 200 Zeichen" in error_of(response)
    assert stored(game) == before


def test_the_eleventh_open_offer_is_refused(game: Game) -> None:
    """Rulebook I, "Private Business between Players": ten open offers per team; the
    eleventh is refused with a sentence, and stores nothing."""
    red = joined(game)
    offer = {"type": "propose_deal", "partner": "Blue", "give": {"cash": 100}}
    for _ in range(OPEN_DEALS_MAX):
        assert post_move(red, game, move_body(offer)).status_code == 200
    before = stored(game)
    assert before[3] == OPEN_DEALS_MAX
    response = post_move(red, game, move_body(offer))
    assert response.status_code == 400
    assert "10 open offers already" in error_of(response)
    assert stored(game) == before


@pytest.mark.parametrize("take", [{"cash": 10**20}, {"loan": 10**20}, {"raw": 10**10}])
def test_an_offer_asking_10_20_marks_is_refused(game: Game, take: dict[str, int]) -> None:
    """Rulebook I, "Private Business between Players": an offer asking 10^20 Marks was
    accepted as a proposal; an amount beyond what a game holds is refused."""
    red = joined(game, language="de")
    before = stored(game)
    response = post_move(red, game, move_body({"type": "propose_deal", "partner": "Blue",
                                               "give": {"cash": 100}, "take": take}))
    assert response.status_code == 400
    assert "größer, als das Spiel fasst" in error_of(response)
    assert stored(game) == before


def test_a_number_beyond_the_game_in_any_move_is_refused(game: Game) -> None:
    """Movement: a die of 10^20 is refused by the reading of the move, not by luck."""
    red = joined(game)
    before = stored(game)
    response = post_move(red, game, move_body({"type": "roll", "die": 10**20}))
    assert response.status_code == 400 and "larger than the game holds" in error_of(response)
    assert stored(game) == before


# ====================================================================== junk on /move/
@pytest.mark.parametrize("actor", [["Red"], {"team": "Red"}, 7, True])
def test_an_actor_that_is_no_name_is_403_not_500(game: Game, actor: Any) -> None:
    """ "actor" sent as a list or object answered 500 (unhashable in the set of actors)."""
    red = joined(game)
    before = stored(game)
    response = post_move(red, game, move_body({"type": "roll", "die": 3}, actor=actor))
    assert response.status_code == 403 and "cannot act as" in error_of(response)
    assert stored(game) == before


@pytest.mark.parametrize(("body", "words"), [
    ("[" * 5_000 + "]" * 5_000, "deeper than 32"),
    ('{"action": ' * 40 + "{}" + "}" * 40, "deeper than 32"),
    ('{"action": {"type": "roll", "die": NaN}}', "not valid JSON"),
    ('{"action": {"type": "roll", "die": 1e999}}', "not valid JSON"),
    ('{"action": {"type": "roll", "die": Infinity}}', "not valid JSON"),
    ('{"action": {"type": "propose_deal", "partner": "Blue", "give": {"cash": 1}, '
     '"terms": "a\\u0000b"}}', "cannot be stored"),
    ('{"action": {"type": "roll", "die": 3}, "key": "k\\u0000"}', "cannot be stored"),
    ('{"action": {"type": "propose_deal", "partner": "Blue", "give": {"cash": 1}, '
     '"terms": "\\ud800"}}', "cannot be stored"),
    (b"\xff\xfe{}", "not valid JSON"),
    ("", "Send"),
    ("[]", "Send"),
])
def test_junk_json_on_the_move_endpoint_is_400(game: Game, body: str | bytes,
                                               words: str) -> None:
    """A 50,000-level nested JSON body answered 500 (RecursionError; now its size alone is
    413, see below; 5,000 levels fit in 16 KB); NaN, an infinity, NUL and a lone surrogate
    reached the engine or the database."""
    red = joined(game)
    before = stored(game)
    response = post_move(red, game, body)
    assert response.status_code == 400, response.content[:200]
    assert words in error_of(response)
    assert stored(game) == before


def test_a_50000_level_body_is_413(game: Game) -> None:
    red = joined(game)
    before = stored(game)
    response = post_move(red, game, "[" * 50_000 + "]" * 50_000)
    assert response.status_code == 413 and "too large" in error_of(response)
    assert stored(game) == before


def test_nesting_depth_is_measured_without_recursion() -> None:
    assert nesting_depth('{"a": [1, {"b": "[[[[{{{{"}], "c": "\\"]"}') == 3
    assert nesting_depth("[" * 100_000) == 100_000
    assert nesting_depth('"[[[["') == 0
    assert MAX_DEPTH < 100


def test_a_move_sent_as_a_form_upload_is_400(game: Game) -> None:
    """A multipart body is read as a form first (CSRF, the NUL check); the move endpoint then
    cannot read it as JSON (RawPostDataException answered 500)."""
    red = joined(game)
    before = stored(game)
    response = red.post(f"/games/{game.pk}/move/", {"action": "roll"})
    assert response.status_code == 400 and "not valid JSON" in error_of(response)
    assert stored(game) == before


def test_a_body_just_under_the_limit_is_read(game: Game) -> None:
    """16 KB is room for any move: a body padded up to it still plays."""
    red = joined(game)
    body = move_body({"type": "roll", "die": 3})
    padded = body[:-1] + ', "pad": "' + "p" * (MOVE_MAX_BYTES - len(body) - 20) + '"}'
    assert len(padded) <= MOVE_MAX_BYTES
    assert post_move(red, game, padded).status_code == 200


# ====================================================================== NUL characters
@pytest.mark.parametrize(("method", "path", "data"), [
    ("post", "/join/", {"code": "AB\x00CD", "pin": "1234"}),
    ("post", "/join/", {"code": "ABCDEF", "pin": "12\x0034"}),
    ("get", "/join/?code=AB%00CD", None),
    ("get", "/play/AB%00CD/", None),
    ("get", "/join/AB%00/", None),
])
def test_nul_in_a_form_path_or_query_is_400(game: Game, method: str, path: str,
                                             data: dict[str, str] | None) -> None:
    """NUL bytes in /join/, /play/… answered 500 on PostgreSQL (it refuses NUL in a text,
    even to compare); the site refuses them before any query, on every database."""
    client = Client()
    response = getattr(client, method)(path, data) if data else getattr(client, method)(path)
    assert response.status_code == 400
    assert "NUL" in response.content.decode()


def test_a_body_larger_than_django_takes_is_413_not_400(game: Game) -> None:
    client = Client()
    response = client.post("/join/", "x" * 3_000_000, content_type="text/plain")
    assert response.status_code == 413 and "too large" in response.content.decode()


# ====================================================================== the log import
def _import(owner: Client, classroom: Classroom, content: bytes) -> Any:
    upload = SimpleUploadedFile("game.json", content, content_type="application/json")
    return owner.post(f"/classes/{classroom.pk}/import/", {"name": "", "log": upload})


@pytest.mark.parametrize(("content", "words"), [
    (b"[" * 50_000 + b"]" * 50_000, "deeper than 32"),
    (b'{"format": "playboss-game-log", "version": 1, "config": {"teams": ["A\\u0000", "B"]},'
     b' "actions": []}', "cannot be stored"),
    (b'{"format": "playboss-game-log", "version": 1, "config": {"teams": ["A", "B"], '
     b'"seed": NaN}, "actions": []}', "The file is not JSON"),
])
def test_junk_logs_are_refused_and_make_no_game(owner: Client, classroom: Classroom,
                                                content: bytes, words: str) -> None:
    """The log import answered 500 for a 50,000-level nested file; NUL reached PostgreSQL."""
    games = Game.objects.count()
    response = _import(owner, classroom, content)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert Game.objects.count() == games


def test_a_log_with_an_amount_beyond_the_game_is_refused(owner: Client, classroom: Classroom,
                                                         game: Game) -> None:
    """The engine's limits hold for a replayed log too (game log format)."""
    exported = owner.get(f"/games/{game.pk}/bank/export/")
    log = json.loads(exported.content)
    log["actions"] = [{"type": "roll", "actor": "Red", "die": 3},
                      {"type": "purchase", "actor": "Red", "units": 10**20}]
    games = Game.objects.count()
    response = _import(owner, classroom, json.dumps(log).encode())
    assert response.status_code == 400
    assert "larger than the game holds" in response.content.decode()
    assert Game.objects.count() == games


# ====================================================================== reports
@pytest.fixture
def no_builds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Jobs stay queued (no PDF built in the request): what is counted is the request."""
    sent: list[Any] = []
    monkeypatch.setattr("classroom.dispatch.send", lambda *args, **kw: sent.append(args))
    yield sent


def _ask(client: Client, game: Game, **data: Any) -> Any:
    return client.post(f"/games/{game.pk}/reports/new/", data, HTTP_ACCEPT="application/json")


def test_a_year_that_does_not_exist_is_400_and_queues_nothing(game: Game,
                                                              no_builds: list[Any]) -> None:
    """Report requests for years that don't exist answered 202 (and a job that failed)."""
    red = joined(game)
    for year in (2, 7, 200):
        response = _ask(red, game, kind="year", year=year)
        assert response.status_code == 400
        assert f"Red has no year {year} yet" in response.json()["error"]
    assert not ReportJob.objects.exists() and not no_builds
    assert _ask(red, game, kind="year", year=1).status_code == 202  # the year it plays


def test_a_team_asks_for_at_most_six_documents_a_minute(game: Game, no_builds: list[Any],
                                                        teacher: User) -> None:
    """A report request built a PDF inside the request (~139 ms CPU) with no limit: a team
    gets PER_MINUTE["team"] new jobs a minute, then 429 until the minute is over; the
    teacher's share and the other team's are their own."""
    red, blue = joined(game), joined(game, "Blue")
    for _ in range(PER_MINUTE["team"]):
        assert _ask(red, game, kind="team").status_code == 202
        ReportJob.objects.update(status=ReportJob.Status.DONE)  # each a new build, not a retry
    jobs = ReportJob.objects.count()
    response = _ask(red, game, kind="team")
    assert response.status_code == 429 and "at most 6 a minute" in response.json()["error"]
    assert ReportJob.objects.count() == jobs
    assert _ask(blue, game, kind="team").status_code == 202
    teacher_client = Client()
    teacher_client.force_login(teacher)
    assert _ask(teacher_client, game, kind="debrief").status_code == 202
    ReportRequest.objects.update(created=timezone.now() - timedelta(seconds=61))
    assert _ask(red, game, kind="team").status_code == 202  # a minute later


def test_a_double_click_is_no_second_request(game: Game, no_builds: list[Any]) -> None:
    """A job still waiting is returned again and not counted: a double click is one."""
    red = joined(game)
    for _ in range(PER_MINUTE["team"] + 3):
        assert _ask(red, game, kind="team").status_code == 202
    assert ReportJob.objects.count() == 1 and ReportRequest.objects.count() == 1


# ====================================================================== the websocket
@pytest.mark.django_db(transaction=True)
def test_junk_frames_are_ignored_and_counted_never_1011(classroom: Classroom) -> None:
    """A non-JSON websocket frame crashed the consumer (close 1011). Non-JSON text, binary
    frames, frames over 4 KB, deep nesting and wrong types are ignored; a "view" with a page
    of 1e999 is no crash; the socket still answers a sync; after JUNK_LIMIT junk frames it
    closes with 4400."""
    game = make_game(classroom)
    red = game.teams.get(name="Red")

    async def scenario() -> None:
        comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/games/{game.pk}/")
        comm.scope["url_route"] = {"kwargs": {"game_id": game.pk}}
        comm.scope.update(user=AnonymousUser(), session={
            SESSION_KEY: {str(game.pk): red.pk}, SEAT_SESSION_KEY: {str(game.pk): 0}})
        assert (await comm.connect())[0]
        assert (await comm.receive_json_from(timeout=10))["type"] == "hello"
        assert (await comm.receive_json_from(timeout=10))["type"] == "screen"
        junk: list[dict[str, Any]] = [
            {"text_data": "not json at all"}, {"bytes_data": b"\x00\xff" * 10},
            {"text_data": "[" * 50_000}, {"text_data": json.dumps({"type": "x" * 10_000})},
            {"text_data": '{"type": NaN}'}, {"text_data": "[1, 2]"}, {"text_data": "null"},
            {"text_data": '{"type": ["sync"]}'}, {"text_data": '{"type": {"a": 1}}'},
        ]
        for frame in junk:
            await comm.send_to(**frame)
        assert await comm.receive_nothing(timeout=0.5)
        await comm.send_to(text_data='{"type": "view", "actor": ["Red"], "ledger_page": 1e999}')
        view = await comm.receive_json_from(timeout=5)
        assert view["type"] == "screen"
        await comm.send_to(text_data='{"type": "sync", "revision": "junk"}')
        sync = await comm.receive_json_from(timeout=5)
        assert sync["type"] == "screen"
        for _ in range(JUNK_LIMIT - len(junk) + 1):
            await comm.send_to(text_data="junk")
        closed = await comm.receive_output(timeout=5)
        assert closed == {"type": "websocket.close", "code": 4400}
        await comm.disconnect()

    async_to_sync(scenario)()
    assert not GameAction.objects.filter(game=game).exists()


# ====================================================================== on PostgreSQL
@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_nul_and_junk_on_postgresql_are_4xx(classroom: Classroom) -> None:
    """The NUL findings were PostgreSQL's: the same requests against it answer 4xx."""
    game = make_game(classroom)
    red = joined(game)
    before = stored(game)
    assert Client().post("/join/", {"code": "AB\x00CD", "pin": "1\x00"}).status_code == 400
    assert Client().get("/play/AB%00CD/").status_code == 400
    assert Client().get(f"/games/{game.pk}/panel/?as=Re%00d").status_code == 400
    for body in ('{"action": {"type": "propose_deal", "partner": "Blue", "give": {"cash": 1},'
                 ' "terms": "a\\u0000b"}}',
                 '{"action": {"type": "roll", "die": 3}, "key": "k\\u0000"}',
                 '{"action": {"type": "roll\\u0000", "die": 3}}'):
        assert post_move(red, game, body).status_code == 400
    assert stored(game) == before
