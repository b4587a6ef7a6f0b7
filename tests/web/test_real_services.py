"""The real-service paths: PostgreSQL row locks, channels-redis, and a Celery worker on Redis.

These run in the test script's second pass, with DATABASE_URL and REDIS_URL pointing at the
machine's PostgreSQL and Redis (see scripts/test.sh). Without those services they skip with the
reason; under CI they must run.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connections

from classroom import events, services
from classroom.consumers import GameConsumer
from classroom.models import Classroom, Game, GameAction

from .conftest import make_game

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


def test_presses_at_the_same_moment_are_served_one_after_the_other(game: Game) -> None:
    """Eight browsers of team Red press "roll" at once: the row lock lets exactly one move in;
    the others are told the team has rolled already. Nothing is lost or doubled."""
    results: list[str] = []
    barrier = threading.Barrier(8)

    def press(n: int) -> None:
        barrier.wait()
        try:
            services.submit_action(game_id=game.pk, actor="Red",
                                   payload={"type": "roll", "die": 1 + n % 6}, run_bots=False)
            results.append("ok")
        except services.ServiceError as exc:
            results.append(exc.message)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=press, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("ok") == 1
    assert all("rolled already" in r for r in results if r != "ok")
    game.refresh_from_db()
    assert game.seq == 1 and GameAction.objects.filter(game=game).count() == 1


def test_two_teams_at_once_one_hears_not_your_turn(game: Game) -> None:
    outcomes: dict[str, str] = {}
    barrier = threading.Barrier(2)

    def press(team: str) -> None:
        barrier.wait()
        try:
            services.submit_action(game_id=game.pk, actor=team,
                                   payload={"type": "roll", "die": 3}, run_bots=False)
            outcomes[team] = "ok"
        except services.ServiceError as exc:
            outcomes[team] = exc.message
        finally:
            connections.close_all()

    threads = [threading.Thread(target=press, args=(t,)) for t in ("Red", "Blue")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes["Red"] == "ok"
    assert "It is Red's turn" in outcomes["Blue"]


def test_a_change_reaches_a_socket_through_redis(game: Game, teacher: User) -> None:
    assert "RedisChannelLayer" in settings.CHANNEL_LAYERS["default"]["BACKEND"]

    async def scenario() -> None:
        comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/games/{game.pk}/")
        comm.scope.update({"url_route": {"kwargs": {"game_id": game.pk}}, "user": teacher,
                           "session": {}})
        connected, _ = await comm.connect()
        assert connected
        await comm.receive_json_from()  # hello
        from channels.db import database_sync_to_async

        await database_sync_to_async(events.broadcast)(game.pk, 7, 5, [{"text": "via Redis"}])
        message = await comm.receive_json_from(timeout=5)
        while message["type"] != "changed":  # the first screen comes after the hello
            message = await comm.receive_json_from(timeout=5)
        assert message["revision"] == 7 and message["ticker"] == ["via Redis"]
        await comm.disconnect()

    async_to_sync(scenario)()


def test_a_celery_worker_plays_the_bots(classroom: Classroom,
                                       celery_worker_process: object) -> None:
    """A real worker process on Redis runs the bots' task against the test database."""
    from classroom import tasks

    game = make_game(classroom, teams=["Bot A", "Bot B"], bots={"Bot A": "greedy",
                     "Bot B": "greedy"}, dice="engine", years=1)
    # Creating the game already queued the bots' task (on commit); this is a second one, whose
    # result we wait for (the site itself ignores results: CELERY_TASK_IGNORE_RESULT).
    result: Any = tasks.play_bots.apply_async((game.pk,), ignore_result=False)
    result.get(timeout=60)
    game.refresh_from_db()
    assert game.seq > 0
    assert game.status == Game.Status.ENDED  # two bots play a one-year game to its end


@pytest.mark.parametrize("change", ["drop", "pin"])
def test_no_move_in_flight_lands_after_the_seat_change_commits(game: Game, change: str) -> None:
    """Issue 23: 7 of 30 moves sent just before "Drop devices"/"New PIN" committed 5-10 ms
    after it. Here the teacher's change holds the game's row lock while six browsers of Red
    (their seats checked by the view already) send their moves; once it commits, each move is
    refused in the transaction that takes the lock after it — none lands."""
    import json
    import time

    from django.test import Client

    from classroom.services import games

    red = game.teams.get(name="Red")
    browsers = []
    for _ in range(6):
        c = Client()
        assert c.post("/join/", {"code": game.code, "pin": red.pin}).status_code == 302
        browsers.append(c)
    locked = threading.Event()
    answers: list[tuple[int, str]] = []

    def teacher() -> None:
        try:
            with games.changing(game.pk):  # the change's transaction holds the row lock ...
                locked.set()
                time.sleep(0.8)  # ... while the moves arrive and wait for it
                if change == "drop":
                    services.drop_team_devices(game_id=game.pk, team_id=red.pk)
                else:
                    services.new_team_pin(game_id=game.pk, team_id=red.pk)
        finally:
            connections.close_all()

    def press(c: Client, n: int) -> None:
        locked.wait()
        try:
            answer = c.post(f"/games/{game.pk}/move/",
                            json.dumps({"action": {"type": "roll", "die": 1 + n}}),
                            content_type="application/json")
            answers.append((answer.status_code, answer.json().get("error", "")))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=teacher)] + [
        threading.Thread(target=press, args=(c, n)) for n, c in enumerate(browsers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == 6
    assert all(status == 403 and "signed this device out" in error
               for status, error in answers), answers
    game.refresh_from_db()
    assert game.seq == 0 and not GameAction.objects.filter(game=game).exists()
