"""Fuzzing the doors of a game (issue 11, "Junk"): the move endpoint, the log import and the
websocket get junk and forged payloads from Hypothesis — random bytes, JSON nested too deep,
huge numbers, NaN and infinities, lists where names belong, NUL and lone surrogates, every
action type of the engine (``playboss.rules.rulebook.ACTION_TYPES``, the six steps' too) with
wrong or extreme values in each of its fields, another team's actor, another game's id.

What must hold: never a 5xx (and never an exception out of the consumer, never a close other
than the site's own 44xx); a refusal says why in a sentence; a refused request changes nothing
(no move logged, seq, revision and open deals as they were, no game made). A request may be
legal by chance: then the engine must agree — the same move applied to a copy of the state
before is accepted — and exactly one move is logged.

Runs on SQLite in the first pass; the ``services`` variants run the same properties with fewer
examples on PostgreSQL (which refuses NUL, unlike SQLite) and channels-redis in the second.
Derandomized, no example database: CI runs the same examples every time.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from classroom import selectors, services, state_store
from classroom.access import SEAT_SESSION_KEY, SESSION_KEY
from classroom.consumers import GameConsumer
from classroom.models import Classroom, Game, GameAction
from playboss.rules import RuleViolation, action_from_dict, apply, rulebook
from playboss.rules.deals import BUNDLE_KEYS
from playboss.rules.state import GameState

from .conftest import make_game

STEPS = [1, 2, 3, 4, 5, 6]
FUZZ = settings(deadline=None, derandomize=True, database=None, print_blob=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.data_too_large])

# ====================================================================== strategies
NAMES = ["Red", "Blue", "bank", "workers", "public", "Nobody", "", "red", "Red\x00",
         "\ud800", "R" * 1_001]
WORDS = ["raw", "finished", "machine", "computer", "sell_half", "produce", "idle", "web",
         "return", "downgrade", "renew", "cash", "units", "type", "actor"]
SCALARS = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-3, max_value=12),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([10**9, 10**9 + 1, -(10**9) - 1, 2**63, 10**20, -(2**64)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(NAMES + WORDS),
)
#: Any JSON value (NaN and infinities as Python's json writes them: NaN, Infinity).
JUNK = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8) | st.sampled_from(WORDS + list(BUNDLE_KEYS)),
                      inner, max_size=4),
    max_leaves=10,
)
ACTORS = st.sampled_from(NAMES) | JUNK
INT_FIELDS = rulebook.INT_FIELDS | {"workers", "salary", "offer", "price", "trough"}


def plausible(name: str) -> st.SearchStrategy[Any]:
    """Values near what a field takes, so that forged moves reach the rules, not only the
    reading of the move."""
    if name in INT_FIELDS:
        return st.integers(min_value=-2, max_value=12) | st.sampled_from(
            [0, 5_000, 10**9, 10**9 + 1, 10**20])
    if name in ("give", "take"):
        value = st.integers(min_value=-1, max_value=5) | st.sampled_from([10**20]) | st.lists(
            st.integers(min_value=0, max_value=12), max_size=3) | JUNK
        return st.dictionaries(st.sampled_from([*BUNDLE_KEYS, "gold"]), value, max_size=3)
    if name == "teams":
        return st.lists(st.sampled_from(NAMES), max_size=3)
    if name in ("renew", "pay"):
        return st.booleans()
    return st.sampled_from(NAMES + WORDS) | st.text(max_size=5)


@st.composite
def forged_action(draw: st.DrawFn) -> dict[str, Any]:
    """An action of any type the engine knows, its fields drawn near or far from sense."""
    kind = draw(st.sampled_from(sorted(rulebook.ACTION_TYPES)) | SCALARS)
    cls = rulebook.ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    names = [f.name for f in fields(cls) if f.name != "actor"] if cls else []
    body: dict[str, Any] = {"type": kind}
    for name in draw(st.lists(st.sampled_from(names), unique=True)) if names else []:
        body[name] = draw(plausible(name) | JUNK)
    if draw(st.integers(0, 4)) == 0:
        body["actor"] = draw(ACTORS)  # the service ignores it: the seat decides
    if draw(st.integers(0, 9)) == 0:
        body[draw(st.text(max_size=6))] = draw(JUNK)  # a field no action has
    return body


@st.composite
def move_request(draw: st.DrawFn) -> tuple[bytes, bool]:
    """A body for /move/, and whether it goes to another game than the one joined."""
    shape = draw(st.integers(0, 11))
    other = draw(st.integers(0, 9)) == 0
    if shape == 0:
        return draw(st.binary(max_size=200)), other
    if shape == 1:
        depth = draw(st.integers(min_value=33, max_value=5_000))
        opener, closer = draw(st.sampled_from([("[", "]"), ('{"action": ', "}")]))
        return (opener * depth + "0" + closer * depth).encode(), other
    if shape == 2:
        return json.dumps(draw(JUNK)).encode(), other
    body: dict[str, Any] = {"action": draw(forged_action())}
    if draw(st.booleans()):
        body["actor"] = draw(ACTORS)
    if draw(st.booleans()):
        body["key"] = draw(st.text(max_size=10) | JUNK)
    if draw(st.booleans()):
        body["revision"] = draw(st.integers(min_value=-5, max_value=10**6) | JUNK)
    if shape == 3:
        body = {"action": body}  # one level too many
    return json.dumps(body).encode(), other


# ====================================================================== helpers
def joined(game: Game, team: str = "Red") -> Client:
    """A browser of ``team`` with its session and CSRF token, as the play page leaves it."""
    client = Client(enforce_csrf_checks=True)
    seat = game.teams.get(name=team)
    session = client.session
    session[SESSION_KEY] = {str(game.pk): seat.pk}
    session[SEAT_SESSION_KEY] = {str(game.pk): seat.seat_generation}
    session.save()
    assert client.get(f"/play/{game.code}/").status_code == 200
    client.defaults["HTTP_X_CSRFTOKEN"] = client.cookies["csrftoken"].value
    return client


def stored(game: Game) -> tuple[int, int, int, int]:
    game.refresh_from_db()
    deals = state_store.read_state(game, lambda state: len(state.deals))
    return GameAction.objects.filter(game=game).count(), game.seq, game.revision, deals


def engine_accepts(before: GameState, body: bytes) -> bool:
    """The engine's verdict on the move in ``body`` for Red, on a copy of the state before
    (the service drops ``actor`` and ``chance`` from the action and puts in the seat's)."""
    try:
        action = json.loads(body)["action"]
        payload = {k: v for k, v in action.items() if k not in ("actor", "chance")}
        apply(before.clone(), action_from_dict({**payload, "actor": "Red"}))
    except (RuleViolation, ValueError, KeyError, TypeError, AttributeError):
        return False
    return True


def assert_refusal(response: Any) -> None:
    """A 4xx with a sentence saying why."""
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    if response["Content-Type"].startswith("application/json"):
        error = response.json()["error"]
        assert isinstance(error, str) and error.strip()
    else:
        assert response.content.strip()


# ====================================================================== the move endpoint
def _fuzz_moves(classroom: Classroom, examples: int) -> None:
    game = make_game(classroom, steps=STEPS)
    other = make_game(classroom, steps=STEPS)
    red = joined(game)
    accepted = []

    @settings(FUZZ, max_examples=examples)
    @given(move_request())
    def one(request: tuple[bytes, bool]) -> None:
        body, elsewhere = request
        target = other if elsewhere else game
        before, other_before = stored(game), stored(other)
        state = state_store.read_state(game, lambda s: s.clone())
        response = red.post(f"/games/{target.pk}/move/", body, content_type="application/json")
        assert response.status_code < 500, response.content[:300]
        if response.status_code == 200 and not response.json()["duplicate"]:
            assert not elsewhere and engine_accepts(state, body), body[:300]
            after = stored(game)
            assert after[:2] == (before[0] + 1, before[1] + 1)
            accepted.append(body)
        else:
            if response.status_code != 200:
                assert_refusal(response)
            assert stored(game) == before, body[:300]
        assert stored(other) == other_before

    one()
    assert GameAction.objects.filter(game=game).count() == len(accepted)


@pytest.mark.django_db
@pytest.mark.timeout(120)
def test_fuzz_the_move_endpoint(classroom: Classroom) -> None:
    _fuzz_moves(classroom, examples=300)


@pytest.mark.services
@pytest.mark.django_db
@pytest.mark.timeout(180)
def test_fuzz_the_move_endpoint_on_postgresql(classroom: Classroom) -> None:
    _fuzz_moves(classroom, examples=80)


# ====================================================================== the log import
@st.composite
def log_file(draw: st.DrawFn, base: dict[str, Any]) -> bytes:
    """An exported log, broken somewhere; or no log at all."""
    shape = draw(st.integers(0, 7))
    if shape == 0:
        return draw(st.binary(max_size=300))
    if shape == 1:
        depth = draw(st.integers(min_value=33, max_value=60_000))
        return ("[" * depth + "]" * depth).encode()
    if shape == 2:
        return json.dumps(draw(JUNK)).encode()
    log = json.loads(json.dumps(base))
    if shape == 3:
        log[draw(st.sampled_from([*log, "extra"]))] = draw(JUNK)
    elif shape == 4:
        log["config"][draw(st.sampled_from([*log["config"], "extra"]))] = draw(JUNK)
    elif shape == 5 and log["actions"]:
        entry = log["actions"][draw(st.integers(0, len(log["actions"]) - 1))]
        entry[draw(st.sampled_from([*entry, "chance", "units"]))] = draw(plausible("units")
                                                                          | JUNK)
    else:
        forged = draw(forged_action())
        forged.setdefault("actor", draw(st.sampled_from(["Red", "Blue", "bank"])))
        log["actions"].append(forged)
    return json.dumps(log).encode()


def _fuzz_imports(classroom: Classroom, teacher: User, examples: int) -> None:
    source = make_game(classroom, bots={"Red": "random", "Blue": "random"})
    assert services.play_bots(game_id=source.pk, limit=8) == 8
    source.refresh_from_db()
    base = selectors.export_log(source)
    owner = Client()  # signed in by the form: force_login has no address for django-axes
    response = owner.post("/accounts/login/", {"username": teacher.username,
                                               "password": "secret-pass-1"})
    assert response.status_code == 302, response.content[:300]

    @settings(FUZZ, max_examples=examples)
    @given(log_file(base))
    def one(content: bytes) -> None:
        games, moves = Game.objects.count(), GameAction.objects.count()
        upload = SimpleUploadedFile("game.json", content, content_type="application/json")
        response = owner.post(f"/classes/{classroom.pk}/import/", {"name": "", "log": upload})
        assert response.status_code < 500, content[:300]
        if response.status_code == 302:  # a log the engine replayed in full
            made = Game.objects.latest("pk")
            assert Game.objects.count() == games + 1
            assert made.actions.count() == made.seq == len(json.loads(content)["actions"])
        else:
            assert_refusal(response)
            assert (Game.objects.count(), GameAction.objects.count()) == (games, moves)

    one()


@pytest.mark.django_db
@pytest.mark.timeout(120)
def test_fuzz_the_log_import(classroom: Classroom, teacher: User) -> None:
    _fuzz_imports(classroom, teacher, examples=120)


@pytest.mark.services
@pytest.mark.django_db
@pytest.mark.timeout(180)
def test_fuzz_the_log_import_on_postgresql(classroom: Classroom, teacher: User) -> None:
    _fuzz_imports(classroom, teacher, examples=40)


# ====================================================================== websocket frames
FRAME = st.one_of(
    st.binary(max_size=64).map(lambda data: {"bytes": data}),
    st.text(max_size=64).map(lambda text: {"text": text}),
    JUNK.map(lambda value: {"text": json.dumps(value)}),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["sync", "view"]) | SCALARS},
        optional={"revision": JUNK, "actor": ACTORS, "ledger_page": JUNK},
    ).map(lambda message: {"text": json.dumps(message)}),
    st.integers(min_value=4_097, max_value=50_000).map(
        lambda n: {"text": '{"type": "sync", "pad": "' + "x" * n + '"}'}),
    st.integers(min_value=33, max_value=50_000).map(lambda n: {"text": "[" * n}),
)


def _fuzz_frames(classroom: Classroom, examples: int) -> None:
    game = make_game(classroom, steps=STEPS)
    red = game.teams.get(name="Red")

    async def session(frames: list[dict[str, Any]]) -> None:
        comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/games/{game.pk}/")
        comm.scope["url_route"] = {"kwargs": {"game_id": game.pk}}
        comm.scope.update(user=AnonymousUser(), session={
            SESSION_KEY: {str(game.pk): red.pk}, SEAT_SESSION_KEY: {str(game.pk): 0}})
        assert (await comm.connect(timeout=10))[0]
        for frame in frames:  # as daphne hands them on: empty ones too
            await comm.send_input({"type": "websocket.receive", **frame})
        await comm.send_to(text_data='{"type": "sync", "revision": -7}')
        outputs: list[dict[str, Any]] = []  # an exception of the consumer is raised here
        # Alive: the sync is answered with a screen (besides the two of the connect), however
        # slowly a busy machine draws it; then whatever else comes.
        while not any('"type": "screen"' in o.get("text", "") for o in outputs[2:]):
            outputs.append(await comm.receive_output(timeout=30))
            assert outputs[-1]["type"] != "websocket.close", outputs[-1]
        while not await comm.receive_nothing(timeout=0.3):
            outputs.append(await comm.receive_output(timeout=30))
        closes = [o for o in outputs if o["type"] == "websocket.close"]
        assert not closes, closes
        await comm.disconnect()

    @settings(FUZZ, max_examples=examples)
    @given(st.lists(FRAME, min_size=1, max_size=8))
    def one(frames: list[dict[str, Any]]) -> None:
        before = stored(game)
        async_to_sync(session)(frames)
        assert stored(game) == before

    one()


@pytest.mark.django_db(transaction=True)
@pytest.mark.timeout(120)
def test_fuzz_websocket_frames(classroom: Classroom) -> None:
    _fuzz_frames(classroom, examples=30)


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
@pytest.mark.timeout(180)
def test_fuzz_websocket_frames_on_postgresql(classroom: Classroom) -> None:
    _fuzz_frames(classroom, examples=12)
