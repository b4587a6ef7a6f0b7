"""Issue 12 in class: paced bots survive a restart (``classroom.pacing``), and a paced bot
move is made exactly once whoever asks for it (``services.play_paced_bot``).

A restart is simulated by dropping the pending timers of the fake clock (a server's timer
threads, or a worker's queued countdowns, die with it). Never a timed assertion: the clock is
fake, and "late" is the fake clock jumping. Not game rules: the site's timing.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.db import connection
from django.db.models import F
from django.utils import timezone

from classroom import dispatch, pacing, services, state_store
from classroom.models import Classroom, Game, GameAction
from playboss.rules import waiting_for
from playboss.rules.bots import BOTS

from .conftest import make_game
from .test_bot_levels import FakeTime, bot_game, moves
from .test_consumers import communicator


@pytest.fixture
def fake_time(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    """The clock and timers of test_bot_levels: ``dispatch.LATER`` records what is due."""
    clock = FakeTime(now=timezone.now())
    monkeypatch.setattr(dispatch, "LATER", clock.later)
    monkeypatch.setattr(timezone, "now", lambda: clock.now)
    return clock


def restart(clock: FakeTime) -> None:
    """The server restarts: every pending timer (the chain's next step) is gone."""
    clock.due.clear()


def test_a_lost_chain_is_restarted_by_the_sweep_and_the_bot_moves_exactly_once(
    classroom: Classroom, fake_time: FakeTime, django_capture_on_commit_callbacks: Any
) -> None:
    game = bot_game(classroom, django_capture_on_commit_callbacks, pace=2)
    for _ in range(3):
        fake_time.run_next(django_capture_on_commit_callbacks)
    restart(fake_time)
    before = moves(game)
    fake_time.now += timedelta(seconds=60)  # a minute later, nothing has moved
    assert moves(game) == before
    assert pacing.sweep() == [game.pk]
    assert pacing.sweep() == [game.pk]  # a second sweep before the step ran: sent twice ...
    fake_time.run_next(django_capture_on_commit_callbacks)
    fake_time.run_next(django_capture_on_commit_callbacks)
    assert moves(game) == before + 1  # ... and still exactly one move
    assert len(fake_time.due) == 1 and fake_time.delays[-1] == 2  # one chain, at the pace
    assert pacing.sweep() == []  # the chain lives: nothing to restart
    fake_time.run_next(django_capture_on_commit_callbacks)
    assert moves(game) == before + 2


def test_a_living_chain_is_left_alone_and_a_late_one_still_moves_once(
    classroom: Classroom, fake_time: FakeTime, django_capture_on_commit_callbacks: Any
) -> None:
    game = bot_game(classroom, django_capture_on_commit_callbacks, pace=2)
    fake_time.run_next(django_capture_on_commit_callbacks)
    assert pacing.sweep() == []  # its next step is due in 2 s
    fake_time.now += timedelta(seconds=2 + pacing.GRACE_SECONDS + 1)  # the step is late
    assert pacing.sweep() == [game.pk]
    before = moves(game)
    assert len(fake_time.due) == 2  # the late step and the sweep's, both due now
    fake_time.run_next(django_capture_on_commit_callbacks)
    fake_time.run_next(django_capture_on_commit_callbacks)
    assert moves(game) == before + 1  # one of them moved, the other found the slot taken
    assert len(fake_time.due) == 1  # and one chain goes on


def test_a_paused_a_practice_and_an_unpaced_game_are_not_restarted(
    classroom: Classroom, fake_time: FakeTime, django_capture_on_commit_callbacks: Any
) -> None:
    paused = bot_game(classroom, django_capture_on_commit_callbacks, pace=2)
    with django_capture_on_commit_callbacks(execute=True):
        services.set_paused(game_id=paused.pk, paused=True)
    practice = bot_game(classroom, django_capture_on_commit_callbacks, pace=1)
    Game.objects.filter(pk=practice.pk).update(practice=True)
    unpaced = make_game(classroom, bots={"Blue": "greedy"}, teams=["Red", "Blue"])
    students = make_game(classroom, teams=["Red", "Blue"])
    Game.objects.filter(pk=students.pk).update(bot_pace=2)
    restart(fake_time)
    fake_time.now += timedelta(minutes=5)
    assert unpaced.pk and pacing.sweep() == []
    with django_capture_on_commit_callbacks(execute=True):
        services.set_paused(game_id=paused.pk, paused=False)  # resuming starts it again
    assert len(fake_time.due) == 1


def test_a_game_waiting_on_a_student_is_not_restarted(
    classroom: Classroom, fake_time: FakeTime, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(
            classroom=classroom, name="Mixed", bot_pace=2,
            seats=[services.TeamSeat("Red"), services.TeamSeat("Blue", "greedy")],
            settings_={"first_team": "Red", "seed": 3, "years": 2})
    restart(fake_time)
    fake_time.now += timedelta(minutes=5)
    assert pacing.sweep() == []  # Red (students) rolls first
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(game_id=game.pk, actor="Red", payload={"type": "roll"},
                               run_bots=False)  # its chain "lost": run_bots=False
    fake_time.now += timedelta(seconds=2 + pacing.GRACE_SECONDS + 1)
    game.refresh_from_db()
    waiting = state_store.read_state(game, waiting_for)
    assert pacing.sweep() == ([game.pk] if "Blue" in waiting else [])


def test_a_move_meanwhile_means_no_bot_move_for_the_old_state(
    classroom: Classroom, fake_time: FakeTime, django_capture_on_commit_callbacks: Any,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot thinks outside the game's lock: a pause (or an undo, a team's move) made
    while it thinks wins, and its move for the old state is not made."""
    game = bot_game(classroom, django_capture_on_commit_callbacks, pace=2)
    base = BOTS["greedy"]

    class PausedWhileThinking(base):  # type: ignore[misc, valid-type]
        def choose(self, state: Any, actor: str) -> Any:
            services.set_paused(game_id=game.pk, paused=True)
            return super().choose(state, actor)

    monkeypatch.setattr(services.bots, "BOTS", {**BOTS, "greedy": PausedWhileThinking,
                                           "sensible": PausedWhileThinking})
    before = moves(game)
    step = services.play_paced_bot(game_id=game.pk)
    assert (step.moved, step.next_in) == (False, None) and moves(game) == before
    game.refresh_from_db()
    assert game.status == Game.Status.PAUSED and game.bots_next_at is None  # slot given back


@pytest.mark.django_db(transaction=True)
def test_the_bot_thinks_outside_any_transaction(
    classroom: Classroom, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A strong bot thinks up to a second: on SQLite a transaction open meanwhile would hold
    the whole database's write lock, so every other game's move would wait for it."""
    monkeypatch.setattr(dispatch, "LATER", lambda seconds, call: None)  # no chain of its own
    game = services.create_game(
        classroom=classroom, name="Bots", bot_pace=1,
        seats=[services.TeamSeat("Red", "greedy"), services.TeamSeat("Blue", "greedy")],
        settings_={"first_team": "Red", "seed": 3, "years": 2})
    inside: list[bool] = []
    base = BOTS["greedy"]

    class Watched(base):  # type: ignore[misc, valid-type]
        def choose(self, state: Any, actor: str) -> Any:
            inside.append(connection.in_atomic_block)
            return super().choose(state, actor)

    monkeypatch.setattr(services.bots, "BOTS", {**BOTS, "greedy": Watched})
    step = services.play_paced_bot(game_id=game.pk)
    assert step.moved and inside == [False]
    assert GameAction.objects.filter(game=game).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_screen_connecting_restarts_its_games_stalled_bots(
    classroom: Classroom, teacher: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restarted server's screens reconnect; the connect sweeps (every game the first time
    in a process, then the screen's own game)."""
    game = make_game(classroom, bots={"Red": "greedy", "Blue": "greedy"}, dice="engine")
    swept: list[int | None] = []
    monkeypatch.setattr(services.pacing, "sweep",
                        lambda now=None, game_id=None: swept.append(game_id))
    pacing.forget_process_sweep()

    async def connect_twice() -> None:
        for _ in range(2):
            comm = communicator(game, user=teacher)
            connected, _ = await comm.connect()
            assert connected
            await comm.disconnect()

    async_to_sync(connect_twice)()
    assert swept == [None, game.pk]


def test_a_screen_connecting_right_after_a_restart_looks_again_when_a_stall_would_show(
    classroom: Classroom, fake_time: FakeTime, django_capture_on_commit_callbacks: Any
) -> None:
    """The screens of a restarted server reconnect within a second, before the game counts
    as stalled: the connect looks at it again when it would, and its bots move on."""
    game = bot_game(classroom, django_capture_on_commit_callbacks, pace=2)
    fake_time.run_next(django_capture_on_commit_callbacks)
    restart(fake_time)
    before = moves(game)
    pacing.forget_process_sweep()
    pacing.on_connect(game.pk)
    pacing.on_connect(game.pk)  # a second screen: still one look-again
    assert len(fake_time.due) == 1 and moves(game) == before
    fake_time.run_next(django_capture_on_commit_callbacks)  # the look again: stalled now
    fake_time.run_next(django_capture_on_commit_callbacks)  # the restarted step
    assert moves(game) == before + 1 and len(fake_time.due) == 1  # and the chain goes on


def test_an_undo_just_after_a_paced_move_ends_the_chain(
    classroom: Classroom, fake_time: FakeTime, django_capture_on_commit_callbacks: Any,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """An undo between the bot's move and the end of its step: the chain goes on with the
    undo count its move was made at, so its next step sees the undo and ends (bots wait for
    the next move after an undo)."""
    game = bot_game(classroom, django_capture_on_commit_callbacks, pace=2)
    real_submit = services.moves.submit_action

    def submit_then_undo(**kwargs: Any) -> Any:
        outcome = real_submit(**kwargs)
        Game.objects.filter(pk=game.pk).update(history=F("history") + 1)  # as an undo does
        return outcome

    monkeypatch.setattr(services.moves, "submit_action", submit_then_undo)
    step = services.play_paced_bot(game_id=game.pk, history=game.history)
    assert step.moved and step.history == game.history
    monkeypatch.setattr(services.moves, "submit_action", real_submit)
    fake_time.now += timedelta(seconds=3)
    after = services.play_paced_bot(game_id=game.pk, history=step.history)
    assert not after.moved and after.next_in is None
