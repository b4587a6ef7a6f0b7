"""Paced class bots through a real Celery worker and Redis (issue 12): the chain of delayed
steps (``tasks.play_bots_paced`` with a countdown) moves the bots one at a time at the game's
pace, and when the chain is lost, the beat task's sweep (``tasks.resume_paced_bots``) starts
it again. Second pass only (PostgreSQL, Redis, a worker); see scripts/test.sh.

No timed assertion: the waits are deadlines for something to happen, and "at the pace" is read
from the recorded moves (each bot move is at least a pace after the one before, which the
chain guarantees whatever the machine's speed).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from classroom import services, tasks
from classroom.models import Classroom, Game, GameAction

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

PACE = 1
DEADLINE_SECONDS = 90


def wait_for(what: Callable[[], bool], why: str) -> None:
    """Poll the database until ``what`` holds; fail with ``why`` after the deadline."""
    deadline = time.monotonic() + DEADLINE_SECONDS
    while not what():
        if time.monotonic() > deadline:
            pytest.fail(f"not within {DEADLINE_SECONDS} s: {why}")
        time.sleep(0.2)


def bot_moves(game: Game) -> list[Any]:
    return list(GameAction.objects.filter(game=game).order_by("seq")
                .values_list("created", flat=True))


def paced_game(classroom: Classroom) -> Game:
    """Two bot teams at a pace of 1 s: creating it sends the chain's first step (countdown)."""
    return services.create_game(
        classroom=classroom, name="Paced", bot_pace=PACE,
        seats=[services.TeamSeat("Red", "greedy"), services.TeamSeat("Blue", "sensible")],
        settings_={"first_team": "Red", "seed": 5, "years": 2})


def test_a_worker_moves_paced_bots_one_at_a_time_at_the_pace(
        classroom: Classroom, celery_worker_process: Any) -> None:
    game = paced_game(classroom)
    wait_for(lambda: len(bot_moves(game)) >= 5, "five bot moves through the worker")
    created = bot_moves(game)
    gaps = [b - a for a, b in zip(created, created[1:], strict=False)]
    assert all(gap >= timedelta(seconds=PACE) for gap in gaps), gaps
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and game.bots_next_at is not None


def test_a_lost_chain_is_restarted_by_the_beat_task_on_the_worker(
        classroom: Classroom, celery_worker_process: Any) -> None:
    from classroom import pacing

    game = paced_game(classroom)
    wait_for(lambda: len(bot_moves(game)) >= 2, "the chain's first moves")
    # The chain is lost: its next step carries the undo count it started with, and a new one
    # (as an undo leaves, with no undo: the moves and so the state stay the same) ends it
    # wherever it waits, as a restart would.
    Game.objects.filter(pk=game.pk).update(history=game.history + 1)
    wait_for(lambda: bool(pacing.stalled(game_id=game.pk)), "the game to count as stalled")
    stopped = len(bot_moves(game))
    restarted = tasks.resume_paced_bots.apply_async(ignore_result=False).get(timeout=60)
    assert restarted == [game.pk]
    wait_for(lambda: len(bot_moves(game)) >= stopped + 3, "the bots move again")
    created = bot_moves(game)
    gaps = [b - a for a, b in zip(created, created[1:], strict=False)]
    assert all(gap >= timedelta(seconds=PACE) for gap in gaps), gaps  # never two at once
