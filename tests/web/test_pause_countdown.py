"""Issue 10: a pause freezes every countdown and the resume gives the open round its remaining
time back (with its closing task); an undo that leaves a round open gives it a deadline again
— the reported bug: pause → correction → undo → resume left the auction waiting for ever."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.test import Client
from django.utils import timezone

from classroom import services
from classroom.models import Classroom, Game
from classroom.screens import ScreenSpec, build_screen

from .conftest import make_game


def open_auction(classroom: Classroom, **settings: Any) -> Game:
    """Rulebook II, "2. Step: Competition during Purchasing": Red buys one unit; the rest of
    the zone goes to auction (as in test_deadlines)."""
    game = make_game(classroom, steps=[2], **settings)
    services.submit_action(game_id=game.pk, actor="Red", payload={"type": "roll", "die": 6})
    services.submit_action(game_id=game.pk, actor="Red",
                           payload={"type": "purchase", "units": 1})
    game.refresh_from_db()
    assert game.deadline is not None
    return game


def seconds_left(game: Game) -> float:
    assert game.deadline is not None
    return (game.deadline - timezone.now()).total_seconds()


@pytest.fixture
def scheduled(settings: Any, django_capture_on_commit_callbacks: Any) -> Iterator[mock.Mock]:
    """With a Celery worker: the closing task's calls (eta = the deadline). Services called
    inside ``committed()`` run their after-commit work at once."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with mock.patch("classroom.tasks.close_overdue_round.apply_async") as schedule, \
            mock.patch("classroom.tasks.play_bots.apply_async"):
        schedule.capture = django_capture_on_commit_callbacks
        yield schedule


def committed(scheduled: mock.Mock, service: Any, **kwargs: Any) -> Any:
    """Call a service and run what it left for after the commit (broadcast, closing task)."""
    with scheduled.capture(execute=True):
        return service(**kwargs)


def test_a_pause_freezes_the_countdown_and_the_resume_gives_the_rest_back(
    classroom: Classroom, scheduled: mock.Mock
) -> None:
    game = open_auction(classroom)
    # 30 of the 90 seconds have gone by when the bank pauses.
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(seconds=60))
    services.set_paused(game_id=game.pk, paused=True)
    game.refresh_from_db()
    assert game.status == "paused" and game.deadline is None
    assert game.paused_remaining in (59.0, 60.0)  # whole seconds, rounded up
    assert not services.close_overdue_round(game_id=game.pk)  # nothing runs out in a pause
    scheduled.reset_mock()

    committed(scheduled, services.set_paused, game_id=game.pk, paused=False)
    game.refresh_from_db()
    assert game.status == "running" and game.paused_remaining is None
    assert 57 < seconds_left(game) <= 60  # the rest, not a whole new round
    assert scheduled.call_args.args == ((game.pk,),)
    assert scheduled.call_args.kwargs["eta"] == game.deadline  # the closing task re-armed


def test_pause_correction_undo_resume_leaves_the_round_with_a_deadline(
    classroom: Classroom, scheduled: mock.Mock
) -> None:
    """The reported bug, step by step, with an auction of step 2."""
    game = open_auction(classroom)
    services.set_paused(game_id=game.pk, paused=True)
    services.submit_action(game_id=game.pk, actor="bank", payload={
        "type": "correction", "team": "Blue", "amount": -500, "reason": "miscounted"})
    game.refresh_from_db()
    assert game.deadline is None and game.paused_remaining is not None  # still frozen
    services.undo(game_id=game.pk, to_seq=game.seq - 1)  # the correction taken back
    game.refresh_from_db()
    assert game.status == "paused" and game.deadline is None
    assert game.paused_remaining == game.round_seconds  # the reopened round gets a full round
    scheduled.reset_mock()

    committed(scheduled, services.set_paused, game_id=game.pk, paused=False)
    game.refresh_from_db()
    assert game.deadline is not None and 85 < seconds_left(game) <= 90
    assert scheduled.call_args.kwargs["eta"] == game.deadline
    # and it does close at its deadline
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.close_overdue_round(game_id=game.pk)
    last = game.actions.filter(undone=False).order_by("-seq").first()
    assert last is not None and last.action["type"] == "close_auction"


def test_an_undo_in_a_running_game_gives_the_open_round_a_deadline(
    classroom: Classroom, scheduled: mock.Mock
) -> None:
    game = open_auction(classroom)
    services.submit_action(game_id=game.pk, actor="bank", payload={
        "type": "correction", "team": "Blue", "amount": 100, "reason": "found a note"})
    scheduled.reset_mock()
    game.refresh_from_db()
    committed(scheduled, services.undo, game_id=game.pk, to_seq=game.seq - 1)
    game.refresh_from_db()
    assert game.status == "running" and game.deadline is not None
    assert 85 < seconds_left(game) <= 90
    assert scheduled.call_args.kwargs["eta"] == game.deadline
    # back before the auction opened: no round, no deadline
    services.undo(game_id=game.pk, to_seq=1)
    game.refresh_from_db()
    assert game.deadline is None and game.paused_remaining is None


def open_bidding_round(classroom: Classroom) -> Game:
    """Rulebook II, "1. Step: Free Market for Sales": both teams buy a machine and raw
    material and produce a unit; Red offers its unit, and a bidding round opens for Blue."""
    game = make_game(classroom, steps=[1])

    def play(*moves: tuple[str, dict[str, Any]]) -> None:
        for actor, payload in moves:
            services.submit_action(game_id=game.pk, actor=actor, payload=payload)

    def both(payload: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        return [("Red", {"type": "roll", "die": 2}), ("Red", payload),  # red fields 3, 5, 7
                ("Blue", {"type": "roll", "die": 2}), ("Blue", payload)]

    play(*both({"type": "invest", "credit": 0}), *both({"type": "purchase", "units": 2}),
         *both({"type": "produce", "units": 1}),
         ("Red", {"type": "roll", "die": 2}),
         ("Red", {"type": "offer_sale", "price": 3500, "units": 1}))  # Blue may underbid
    game.refresh_from_db()
    assert game.deadline is not None
    return game


def test_a_step_one_bidding_round_is_frozen_and_survives_an_undo_too(
    classroom: Classroom, scheduled: mock.Mock
) -> None:
    game = open_bidding_round(classroom)
    services.set_paused(game_id=game.pk, paused=True)
    services.submit_action(game_id=game.pk, actor="bank", payload={
        "type": "correction", "team": "Red", "amount": 50, "reason": "change"})
    game.refresh_from_db()
    services.undo(game_id=game.pk, to_seq=game.seq - 1)
    committed(scheduled, services.set_paused, game_id=game.pk, paused=False)
    game.refresh_from_db()
    assert game.deadline is not None and 85 < seconds_left(game) <= 90
    assert scheduled.call_args.kwargs["eta"] == game.deadline
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.close_overdue_round(game_id=game.pk)


def test_resume_without_an_open_round_sets_no_deadline(game: Game) -> None:
    services.set_paused(game_id=game.pk, paused=True)
    services.set_paused(game_id=game.pk, paused=False)
    game.refresh_from_db()
    assert game.status == "running" and game.deadline is None and game.paused_remaining is None


def test_pausing_twice_changes_nothing_the_second_time(game: Game) -> None:
    services.set_paused(game_id=game.pk, paused=True)
    game.refresh_from_db()
    revision = game.revision
    services.set_paused(game_id=game.pk, paused=True)
    game.refresh_from_db()
    assert game.revision == revision


def test_the_screens_show_the_frozen_time_and_no_running_countdown(classroom: Classroom) -> None:
    game = open_auction(classroom)
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(seconds=42.4))
    services.set_paused(game_id=game.pk, paused=True)
    game.refresh_from_db()
    for language, words in (("en", "43 s left"), ("de", "noch 43 s")):  # whole seconds
        for actor in ("Red", "bank"):
            html = build_screen(game, ScreenSpec(actor, language)).html()
            assert "data-deadline" not in html, (actor, language)
            assert words in html, (actor, language)
    services.set_paused(game_id=game.pk, paused=False)
    game.refresh_from_db()
    html = build_screen(game, ScreenSpec("Red", "en")).html()
    assert f'data-deadline="{game.deadline.isoformat()}"' in html  # type: ignore[union-attr]


def test_bots_go_on_after_the_resume(classroom: Classroom,
                                     django_capture_on_commit_callbacks: Any) -> None:
    game = make_game(classroom, bots={"Red": "greedy", "Blue": "greedy"}, dice="engine")
    services.set_paused(game_id=game.pk, paused=True)
    game.refresh_from_db()
    assert services.play_bots(game_id=game.pk) == 0  # paused: the bots wait
    with django_capture_on_commit_callbacks(execute=True):
        services.set_paused(game_id=game.pk, paused=False)
    game.refresh_from_db()
    assert game.seq > 0  # the resume let them play on


def test_the_bank_pauses_and_resumes_from_the_console_in_german(owner: Client,
                                                                classroom: Classroom) -> None:
    game = open_auction(classroom)
    owner.post("/i18n/setlang/", {"language": "de", "next": "/"})
    paused = owner.post(f"/games/{game.pk}/bank/pause/", {"paused": "1"},
                        HTTP_ACCEPT="application/json")
    assert paused.json()["ok"]
    panel = owner.get(f"/games/{game.pk}/panel/").content.decode()
    assert "Das Spiel ist unterbrochen." in panel and "Countdown" in panel
    resumed = owner.post(f"/games/{game.pk}/bank/pause/", {"paused": "0"},
                         HTTP_ACCEPT="application/json")
    assert resumed.json()["ok"]
    game.refresh_from_db()
    assert game.deadline is not None
