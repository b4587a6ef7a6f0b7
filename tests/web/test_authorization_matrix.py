"""The authorization matrix (issue 11): every URL and every websocket message × who asks.

Who asks (``ROLES``): someone anonymous, team A (Red) and team B (Blue) of the game, a team of
another game of the same class, the students who play the worker representative (step 6),
another teacher, the teacher who owns the game, and the projector laptop that opened the
game's secret link. For each URL the resolver knows, ``MATRIX`` says what each of them gets:

* ``OK``    — past the door: the page, a redirect that is not to a sign-in or join form, or
  an answer about the request's content (400, 409);
* ``LOGIN`` — a redirect to the sign-in page; ``JOIN`` — a redirect to the join form;
* ``403``, ``404``.

A URL without a row fails the test (the resolver is walked), so a new page is judged the day it
is added. Every answer any of them gets is searched for what belongs to others: team B's cash,
its PIN and QR token, the terms and amounts of its private deals with Green, Green's cash, team
A's secrets, the representative's PIN and token, the projector's token, and the other game's
team's secrets. Only the teacher who owns the game sees everything; a team sees its own. The
websocket test does the same for every message type the consumer accepts, and for the screens
and ticker a private deal offered while all sockets listen sends them.

Requests that change something (undo, a new PIN, a pause ...) run in a savepoint that is rolled
back, so every role meets the same game.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from classroom import consumers, screens, services, state_store
from classroom.access import (
    PROJECTOR_SESSION_KEY,
    REPRESENTATIVE_SESSION_KEY,
    SEAT_SESSION_KEY,
    SESSION_KEY,
)
from classroom.consumers import GameConsumer
from classroom.models import Classroom, Game, Team
from classroom.templatetags.regions import MEMO
from reports import services as report_services
from reports.models import ReportJob

from .conftest import make_game

ANON, TEAM_A, TEAM_B, OTHER_TEAM = "anonymous", "team A", "team B", "other game team"
REP, OTHER_TEACHER, OWNER, PROJECTOR = ("representative", "other teacher", "owner",
                                        "projector")
ROLES = (ANON, TEAM_A, TEAM_B, OTHER_TEAM, REP, OTHER_TEACHER, OWNER, PROJECTOR)
OK, LOGIN, JOIN = "ok", "login", "join"
PLAYERS = (TEAM_A, TEAM_B, REP)  # in the game, signed in nowhere
SIGNED_OUT = (ANON, TEAM_A, TEAM_B, OTHER_TEAM, REP, PROJECTOR)


def expect(default: str | int, **by_role: str | int) -> dict[str, str]:
    """Each role's outcome: ``default`` unless named (keys: the role's words, spaces as _)."""
    names = {role.replace(" ", "_").replace("'", ""): role for role in ROLES}
    unknown = set(by_role) - set(names)
    assert not unknown, unknown
    out = {role: str(default) for role in ROLES}
    out.update({names[key]: str(value) for key, value in by_role.items()})
    return out


def only(allowed: tuple[str, ...], others: str | int) -> dict[str, str]:
    return {role: OK if role in allowed else str(others) for role in ROLES}


def teachers_page(stranger: str | int = LOGIN, in_a_game: str | int = 403) -> dict[str, str]:
    """A page of the owning teacher's (``_own_game``): a signed-in stranger teacher gets 403;
    someone signed out and in no team is sent to sign in; a team's browser gets 403."""
    return {ANON: str(stranger), TEAM_A: str(in_a_game), TEAM_B: str(in_a_game),
            OTHER_TEAM: str(in_a_game), REP: str(stranger), OTHER_TEACHER: "403", OWNER: OK,
            PROJECTOR: str(stranger)}


@dataclass
class Case:
    expected: dict[str, str]
    method: str = "get"
    data: dict[str, Any] = field(default_factory=dict)
    json: dict[str, Any] | None = None
    #: Secrets the request itself carries (in its path): its answer may echo them.
    carries: tuple[str, ...] = ()


SIGNED_IN = (OTHER_TEACHER, OWNER)
GAME_SCREENS = (TEAM_A, TEAM_B, REP, OWNER, PROJECTOR)

#: Every URL pattern of the site but the admin's, by its route.
MATRIX: dict[str, Case] = {
    "healthz": Case(expect(OK)),
    "accounts/login/": Case(expect(OK)),
    "accounts/logout/": Case(expect(OK), method="post"),
    "accounts/password_change/": Case(only(SIGNED_IN, LOGIN)),
    "accounts/password_change/done/": Case(only(SIGNED_IN, LOGIN)),
    "accounts/password_reset/": Case(expect(OK)),
    "accounts/password_reset/done/": Case(expect(OK)),
    "accounts/reset/<uidb64>/<token>/": Case(expect(OK)),
    "accounts/reset/done/": Case(expect(OK)),
    "i18n/setlang/": Case(expect(OK), method="post", data={"language": "de", "next": "/"}),
    # Reports: a team sees its own statements; the class documents are the teacher's.
    # A team's books (issue 13): its own; the teacher's for any team.
    "games/<int:game_id>/books/": Case(expect(404, team_A=OK, team_B=OK, owner=OK)),
    "games/<int:game_id>/reports/": Case(expect(
        403, anonymous=LOGIN, team_A=OK, team_B=OK, representative=OK, owner=OK,
        projector=LOGIN)),
    "games/<int:game_id>/reports/new/": Case(expect(
        403, anonymous=LOGIN, team_A=OK, team_B=OK, representative=OK, owner=OK,
        projector=LOGIN), method="post", data={"kind": "team"}),
    "games/<int:game_id>/reports/csv/<slug:table>.csv": Case(expect(
        403, anonymous=LOGIN, team_A=404, team_B=404, representative=404, owner=OK,
        projector=LOGIN)),
    # team B's statements: its own and the teacher's, as if missing for everyone else
    "reports/jobs/<int:job_id>/": Case(expect(404, team_B=OK, owner=OK)),
    "reports/jobs/<int:job_id>/download/": Case(expect(404, team_B=OK, owner=OK)),
    "": Case(expect(OK)),
    "dashboard/": Case(only(SIGNED_IN, LOGIN)),
    "teachers/new/": Case(only(SIGNED_IN, LOGIN)),
    "classes/<int:class_id>/": Case(expect(LOGIN, other_teacher=403, owner=OK)),
    "classes/<int:class_id>/import/": Case(expect(LOGIN, other_teacher=403, owner=OK),
                                           method="post"),
    "classes/<int:class_id>/games/new/": Case(expect(LOGIN, other_teacher=403, owner=OK)),
    "games/<int:game_id>/bank/": Case(teachers_page()),
    "games/<int:game_id>/bank/pause/": Case(teachers_page(), method="post",
                                            data={"paused": "1"}),
    "games/<int:game_id>/bank/bot-pace/": Case(teachers_page(), method="post",
                                               data={"seconds": "4"}),
    "games/<int:game_id>/bank/undo/": Case(teachers_page(), method="post",
                                           data={"to_seq": "0"}),
    "games/<int:game_id>/bank/start/": Case(teachers_page(), method="post"),
    "games/<int:game_id>/bank/new-pins/": Case(teachers_page(), method="post"),
    "games/<int:game_id>/bank/teams/<int:team_id>/duties/": Case(teachers_page(),
                                                                  method="post"),
    # the bank puts a team's books on the projector (issue 13): the owner's choice alone
    "games/<int:game_id>/bank/projector/": Case(teachers_page(), method="post",
                                                data={"team": "Blue", "move": ""}),
    "games/<int:game_id>/bank/teams/<int:team_id>/player/": Case(
        teachers_page(), method="post", data={"bot": "random"}),
    "games/<int:game_id>/bank/teams/<int:team_id>/pin/": Case(teachers_page(), method="post"),
    "games/<int:game_id>/bank/teams/<int:team_id>/drop/": Case(teachers_page(), method="post"),
    "games/<int:game_id>/bank/export/": Case(teachers_page()),
    "games/<int:game_id>/workers/": Case(teachers_page()),
    "games/<int:game_id>/workers/role/": Case(teachers_page(), method="post",
                                              data={"played_by": "teacher"}),
    # a bot answering the hiring offers at the going salary (issue 21): the owner's switch
    "games/<int:game_id>/workers/hiring/": Case(teachers_page(), method="post",
                                                data={"on": "1"}),
    # renewing a secret: whoever is not signed in is sent to sign in first
    "games/<int:game_id>/workers/pin/": Case(expect(LOGIN, other_teacher=403, owner=OK),
                                             method="post"),
    "games/<int:game_id>/projector/link/": Case(expect(LOGIN, other_teacher=403, owner=OK),
                                                method="post"),
    # Practice games (issue 12): the form is open to all; a class's game is no practice game,
    # so its bots, hints and undo are nobody's here (a practice game's seat: test_practice.py)
    "practice/": Case(expect(OK)),
    "practice/<int:game_id>/bots/": Case(expect(404), method="post"),
    "practice/<int:game_id>/hint/": Case(expect(404), method="post"),
    "practice/<int:game_id>/undo/": Case(expect(404), method="post"),
    "join/": Case(expect(OK)),
    # the QR link is the secret: whoever holds it joins team B
    "join/<str:token>/": Case(expect(OK), carries=("token B",)),
    "play/<str:code>/": Case(only((TEAM_A, TEAM_B, REP, OWNER), JOIN)),
    "games/<int:game_id>/move/": Case(only((TEAM_A, TEAM_B, REP, OWNER), 403), method="post",
                                      json={"action": {"type": "pass"}}),
    "games/<int:game_id>/panel/": Case(only(GAME_SCREENS, 403)),
    "games/<int:game_id>/revision/": Case(only(GAME_SCREENS, 403)),
    "games/<int:game_id>/tick/": Case(only(GAME_SCREENS, 403), method="post"),
    "games/<int:game_id>/projector/": Case(expect(LOGIN, other_teacher=404, owner=OK,
                                                  projector=OK)),
    "games/<int:game_id>/projector/standings/": Case(only((OWNER,), 403), method="post",
                                                     data={"standings": "sales"}),
    # the owner's projector page takes a team's books down (issue 13); the secret link may not
    "games/<int:game_id>/projector/board/": Case(only((OWNER,), 403), method="post"),
    # the projector's secret link: whoever holds it watches (the public view only)
    "games/<int:game_id>/projector/<str:token>/": Case(expect(OK), carries=("projector",)),
    "games/<int:game_id>/teams/": Case(expect(LOGIN, other_teacher=404, owner=OK)),
}

#: Further requests worth a row of their own: (name, route, kwargs' overrides, case).
VARIANTS: list[tuple[str, str, dict[str, Any], Case]] = [
    ("a move in team B's name", "games/<int:game_id>/move/", {}, Case(
        only((TEAM_B, OWNER), 403), method="post",
        json={"actor": "Blue", "action": {"type": "pass"}})),
    ("the worker representative's move", "games/<int:game_id>/move/", {}, Case(
        only((REP, OWNER), 403), method="post",
        json={"actor": "workers", "action": {"type": "pass"}})),
    ("the bank's move", "games/<int:game_id>/move/", {}, Case(
        only((OWNER,), 403), method="post",
        json={"actor": "bank", "action": {"type": "call_time"}})),
    ("team B's screen asked for", "games/<int:game_id>/panel/", {"query": "as=Blue"},
     Case(only(GAME_SCREENS, 403))),
    ("the bank's screen asked for", "games/<int:game_id>/panel/", {"query": "as=bank"},
     Case(only(GAME_SCREENS, 403))),
    ("team B's page asked for", "play/<str:code>/", {"query": "as=Blue"},
     Case(only((TEAM_A, TEAM_B, REP, OWNER), JOIN))),
    ("a wrong projector token", "games/<int:game_id>/projector/<str:token>/",
     {"token": "not-the-token"}, Case(expect(404))),
    ("a team of another game by its id", "games/<int:game_id>/bank/teams/<int:team_id>/pin/",
     {"team_id": "other"}, Case(expect(LOGIN, team_A=403, team_B=403, other_game_team=403,
                                       other_teacher=403, owner=404), method="post")),
    # the class pack (every team's statements): the teacher's only, whoever asks by its id
    ("the class pack's status", "reports/jobs/<int:job_id>/", {"job_id": "pack"},
     Case(expect(404, owner=OK))),
    ("team B's statements asked for by team A", "games/<int:game_id>/reports/new/", {},
     Case(expect(403, anonymous=LOGIN, team_A=OK, team_B=OK, representative=OK, owner=OK,
                 projector=LOGIN), method="post", data={"kind": "team", "team": "B"})),
]


# ====================================================================== the world
@dataclass
class World:
    game: Game
    other_game: Game
    team_a: Team
    team_b: Team
    other_team: Team
    job: ReportJob
    #: A class pack's job row (not built: who may ask for it by its id is the question).
    pack: ReportJob
    sessions: dict[str, SimpleCookie] = field(default_factory=dict)
    users: dict[str, User] = field(default_factory=dict)
    #: marker name → (texts that must not show, roles that may see them)
    secrets: dict[str, tuple[list[str], tuple[str, ...]]] = field(default_factory=dict)


def _money(value: int) -> list[str]:
    """A sum as any page may print it: 18,643 / 18.643 / 18 643 / 18643."""
    return [f"{value:,}", f"{value:,}".replace(",", "."), f"{value:,}".replace(",", "\u202f"),
            f"{value:,}".replace(",", "\xa0"), str(value)]


def build_world(classroom: Classroom, teacher: User) -> World:
    """Game G (Red, Blue, Green; all six steps; students play the worker representative),
    in which Blue gave Green 1,357 Marks in a private deal and offers another with secret
    terms; game H of the same class; another teacher; report jobs of team B's."""
    game = make_game(classroom, teams=["Red", "Blue", "Green"], steps="all",
                     representative="students")
    other_game = make_game(classroom, teams=["Gold", "Grey"])
    services.submit_action(game_id=game.pk, actor="Blue", run_bots=False, payload={
        "type": "propose_deal", "partner": "Green", "give": {"cash": 1357}, "take": {},
        "terms": "a gift"})
    services.submit_action(game_id=game.pk, actor="Green", run_bots=False,
                           payload={"type": "accept_deal", "deal": 1})
    services.submit_action(game_id=game.pk, actor="Blue", run_bots=False, payload={
        "type": "propose_deal", "partner": "Green", "give": {"cash": 2468},
        "take": {"raw": 1}, "terms": "TERMS-XQ7Z between Blue and Green"})
    game.refresh_from_db()
    team_a = game.teams.get(name="Red")
    team_b = game.teams.get(name="Blue")
    other_team = other_game.teams.get(name="Gold")
    job = report_services.request_report(game=game, kind=ReportJob.Kind.TEAM, team=team_b,
                                         by_teacher=False, limited=False)
    pack = ReportJob.objects.create(game=game, kind=ReportJob.Kind.PACK, by_teacher=True)
    world = World(game, other_game, team_a, team_b, other_team, job, pack)
    cash = state_store.read_state(game, lambda s: {t.name: t.cash for t in s.teams.values()})
    assert cash["Blue"] == cash["Red"] - 1357  # the markers below are what they say
    world.secrets = {
        "cash B": (_money(cash["Blue"]), (TEAM_B, OWNER)),
        "cash Green": (_money(cash["Green"]), (OWNER,)),
        "deal B": (["TERMS-XQ7Z", *_money(2468), *_money(1357)], (TEAM_B, OWNER)),
        "PIN B": ([team_b.pin], (TEAM_B, OWNER)),
        "token B": ([team_b.token], (TEAM_B, OWNER)),
        "PIN A": ([team_a.pin], (TEAM_A, OWNER)),
        "token A": ([team_a.token], (TEAM_A, OWNER)),
        "PIN representative": ([game.representative_pin], (REP, OWNER)),
        "token representative": ([game.representative_token], (REP, OWNER)),
        "projector": ([game.projector_token], (PROJECTOR, OWNER)),
        "PIN other game": ([other_team.pin], (OTHER_TEAM,)),
        "token other game": ([other_team.token], (OTHER_TEAM,)),
    }
    assert all(texts[0] for texts, _ in world.secrets.values())
    return world


def _scan(world: World, role: str, body: str, carried: tuple[str, ...] = ()) -> list[str]:
    """The secrets in ``body`` that ``role`` may not see."""
    found = []
    for name, (texts, allowed) in world.secrets.items():
        if role in allowed or name in carried:
            continue
        for text in texts:
            if re.search(rf"(?<![\w.,]){re.escape(text)}(?![\w]|[.,]\d)", body):
                found.append(f"{name} ({text})")
    return found


def _flush() -> None:
    with state_store._lock:
        state_store._cache.clear()
    MEMO.clear()
    screens._stamps.clear()
    consumers._games.clear()


# ====================================================================== HTTP
def _routes(patterns: list[Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    """(route, name) of every URL pattern; the admin's as one entry."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                yield prefix + str(pattern.pattern), "admin"
                continue
            namespace = f"{pattern.namespace}:" if pattern.namespace else ""
            for route, name in _routes(pattern.url_patterns, prefix + str(pattern.pattern)):
                yield route, name if ":" in name or not namespace else namespace + name
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern.name or ""


def _path(world: World, route: str, name: str, overrides: dict[str, Any]) -> str:
    game = world.game
    kwargs: dict[str, Any] = {
        "game_id": game.pk, "class_id": game.classroom_id, "team_id": world.team_b.pk,
        "code": game.code, "job_id": world.job.pk, "table": "figures",
        "uidb64": "MQ", "token": "set-password",
    }
    if name == "classroom:join_link":
        kwargs["token"] = world.team_b.token
    if name == "classroom:projector_public":
        kwargs["token"] = game.projector_token
    if overrides.get("team_id") == "other":
        overrides = {**overrides, "team_id": world.other_team.pk}
    if overrides.get("job_id") == "pack":
        overrides = {**overrides, "job_id": world.pack.pk}
    kwargs.update({k: v for k, v in overrides.items() if k != "query"})
    wanted = set(re.findall(r"<(?:\w+:)?(\w+)>", route))
    path = reverse(name, kwargs={k: v for k, v in kwargs.items() if k in wanted})
    return path + (f"?{overrides['query']}" if "query" in overrides else "")


def _outcome(response: Any) -> str:
    status = response.status_code
    if status in (301, 302, 303):
        location = response["Location"]
        if location.startswith(("/accounts/login/", "/admin/login/")):
            return LOGIN
        if location.startswith("/join/"):
            return JOIN
        return OK
    if status in (200, 201, 202, 400, 409):
        return OK
    return str(status)


def _client(world: World, role: str) -> Client:
    client = Client()
    for key, morsel in world.sessions.get(role, SimpleCookie()).items():
        client.cookies[key] = morsel.value
    return client


def _ask(world: World, role: str, case: Case, path: str) -> tuple[str, str]:
    """The outcome for ``role`` and the body it got; nothing it changed stays."""
    client = _client(world, role)
    with transaction.atomic():
        if case.json is not None:
            response = client.post(path, case.json, content_type="application/json")
        elif case.method == "post":
            data = dict(case.data)
            if data.get("team") == "B":
                data["team"] = str(world.team_b.pk)
            response = client.post(path, data)
        else:
            response = client.get(path)
        if getattr(response, "streaming", False):
            # getattr: the stubs' test response does not declare streaming_content
            body = b"".join(getattr(response, "streaming_content"))  # noqa: B009
        else:
            body = response.content
        transaction.set_rollback(True)
    _flush()
    return _outcome(response), body.decode("utf-8", "replace")


def _sign_in(world: World, classroom: Classroom, teacher: User) -> None:
    other_teacher = User.objects.create_user("colleague", password="secret-pass-2")
    world.users = {OWNER: teacher, OTHER_TEACHER: other_teacher}
    for role, user in world.users.items():
        client = Client()
        client.force_login(user)
        world.sessions[role] = client.cookies
    joins = {TEAM_A: f"/join/{world.team_a.token}/", TEAM_B: f"/join/{world.team_b.token}/",
             OTHER_TEAM: f"/join/{world.other_team.token}/",
             REP: f"/join/{world.game.representative_token}/",
             PROJECTOR: f"/games/{world.game.pk}/projector/{world.game.projector_token}/"}
    for role, url in joins.items():
        client = Client()
        response = client.get(url)
        assert response.status_code in (200, 302), (role, response.status_code)
        world.sessions[role] = client.cookies


@pytest.fixture
def world(classroom: Classroom, teacher: User, django_capture_on_commit_callbacks: Any) -> World:
    with django_capture_on_commit_callbacks(execute=True):  # the report job is built
        built = build_world(classroom, teacher)
    built.job.refresh_from_db()
    assert built.job.finished_ok, built.job.message
    _sign_in(built, classroom, teacher)
    return built


def test_every_url_has_a_row_in_the_matrix() -> None:
    routes = {route for route, name in _routes(get_resolver().url_patterns) if name != "admin"}
    assert routes - set(MATRIX) == set(), "URLs without a row: say who may open them"
    assert set(MATRIX) - routes == set(), "rows for URLs that are gone"


def test_every_url_answers_every_role_as_the_matrix_says(world: World) -> None:
    names = dict(_routes(get_resolver().url_patterns))
    wrong, leaks = [], []
    rows: list[tuple[str, str, dict[str, Any], Case]] = [
        (route, route, {}, case) for route, case in MATRIX.items()]
    rows += VARIANTS
    for label, route, overrides, case in rows:
        path = _path(world, route, names[route], overrides)
        for role in ROLES:
            got, body = _ask(world, role, case, path)
            if got != case.expected[role]:
                wrong.append(f"{label} {case.method.upper()} {path} as {role}: got {got}, "
                             f"expected {case.expected[role]}")
            for leak in _scan(world, role, body, case.carries):
                leaks.append(f"{label} as {role}: {leak}")
    assert not wrong and not leaks, "\n".join(wrong + leaks)


def test_the_scan_finds_what_it_looks_for(world: World) -> None:
    """The markers are printed where they belong: team B's screen shows its cash and its deal's
    terms, the bank console everything — so the absence elsewhere means something."""
    panel = MATRIX["games/<int:game_id>/panel/"]
    path = f"/games/{world.game.pk}/panel/"
    _, own = _ask(world, TEAM_B, panel, path)
    assert {"cash B", "deal B"} <= {f.split(" (")[0] for f in _scan(world, TEAM_A, own)}
    _, bank = _ask(world, OWNER, panel, path + "?as=bank")
    seen = {f.split(" (")[0] for f in _scan(world, ANON, bank)}
    assert {"cash B", "cash Green", "deal B"} <= seen
    _, sheet = _ask(world, OWNER, MATRIX["games/<int:game_id>/teams/"],
                    f"/games/{world.game.pk}/teams/")
    assert {"PIN A", "PIN B", "token B"} <= {f.split(" (")[0] for f in _scan(world, ANON, sheet)}


def test_the_admin_is_for_staff_only(world: World) -> None:
    """No role here is staff (a teacher is not an administrator): the admin's pages send each
    of them to the admin's sign-in, and never show a game's rows."""
    for path in ("/admin/", f"/admin/classroom/game/{world.game.pk}/change/",
                 "/admin/classroom/team/", "/admin/classroom/snapshot/"):
        for role in ROLES:
            got, body = _ask(world, role, Case(expect(LOGIN)), path)
            assert got == LOGIN, (path, role, got)
            assert not _scan(world, role, body), (path, role)


# ====================================================================== websocket
def _message_types() -> set[str]:
    """The message types ``GameConsumer.receive`` acts on (``kind == "..."``)."""
    tree = ast.parse(inspect.getsource(GameConsumer.receive).strip().replace("\n    ", "\n"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Compare) and isinstance(node.left, ast.Name)
                and node.left.id == "kind"):
            found |= {c.value for c in node.comparators
                      if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return found


#: What each message does for whoever may not look: the socket was never opened (4403).
WS_OPEN = {role: role in GAME_SCREENS for role in ROLES}
#: Each message type the consumer accepts, and a frame of it that asks for the most.
WS_MESSAGES: dict[str, list[dict[str, Any]]] = {
    "sync": [{"type": "sync", "revision": -1}],
    "view": [{"type": "view", "actor": "Blue"}, {"type": "view", "actor": "bank"},
             {"type": "view", "actor": "workers", "ledger_page": 2},
             {"type": "view", "actor": "Green"}],
}


def _ws_session(world: World, role: str) -> dict[str, Any]:
    gid = str(world.game.pk)
    if role in (TEAM_A, TEAM_B):
        team = world.team_a if role == TEAM_A else world.team_b
        return {SESSION_KEY: {gid: team.pk}, SEAT_SESSION_KEY: {gid: team.seat_generation}}
    if role == OTHER_TEAM:
        oid = str(world.other_game.pk)
        return {SESSION_KEY: {oid: world.other_team.pk},
                SEAT_SESSION_KEY: {oid: world.other_team.seat_generation}}
    if role == REP:
        return {REPRESENTATIVE_SESSION_KEY: {gid: world.game.representative_token}}
    if role == PROJECTOR:
        return {PROJECTOR_SESSION_KEY: {gid: world.game.projector_token}}
    return {}


def test_every_websocket_message_type_has_a_row() -> None:
    assert _message_types() == set(WS_MESSAGES)


@pytest.mark.django_db(transaction=True)
def test_every_websocket_message_answers_every_role_as_the_matrix_says(
        classroom: Classroom, teacher: User) -> None:
    world = build_world(classroom, teacher)
    world.users = {OWNER: teacher,
                   OTHER_TEACHER: User.objects.create_user("colleague", password="pass-word-2")}
    heard: dict[str, list[str]] = {role: [] for role in ROLES}
    opened: dict[str, bool] = {}

    async def scenario() -> None:
        from channels.db import database_sync_to_async

        sockets = {}
        for role in ROLES:
            comm = WebsocketCommunicator(GameConsumer.as_asgi(),
                                         f"/ws/games/{world.game.pk}/?as=Blue")
            comm.scope["url_route"] = {"kwargs": {"game_id": world.game.pk}}
            comm.scope["user"] = world.users.get(role, AnonymousUser())
            comm.scope["session"] = _ws_session(world, role)
            connected, code = await comm.connect()
            opened[role] = connected
            if not connected:
                assert code == 4403, (role, code)
                continue
            sockets[role] = comm
        for comm in sockets.values():
            for frames in WS_MESSAGES.values():
                for frame in frames:
                    await comm.send_json_to(frame)
            await comm.send_json_to({"type": "no such type"})  # junk: counted, ignored
        # A private offer while everyone listens: the ticker and the screens it sends.
        await database_sync_to_async(services.submit_action)(
            game_id=world.game.pk, actor="Blue", run_bots=False, payload={
                "type": "propose_deal", "partner": "Green", "give": {"cash": 2468},
                "take": {"raw": 2}, "terms": "TERMS-XQ7Z again"})
        for role, comm in sockets.items():
            while not await comm.receive_nothing(timeout=0.5):
                heard[role].append(await comm.receive_from())
            await comm.disconnect()

    async_to_sync(scenario)()
    assert opened == WS_OPEN
    leaks = [f"{role}: {leak}" for role in ROLES for text in heard[role]
             for leak in _scan(world, role, text)]
    assert not leaks, "\n".join(leaks)
    # The owner's socket asked for team B's screen and the bank's: it saw what they show.
    assert {"cash B", "deal B"} <= {f.split(" (")[0] for text in heard[OWNER]
                                    for f in _scan(world, ANON, text)}
    assert any("TERMS-XQ7Z" in text for text in heard[TEAM_B])

