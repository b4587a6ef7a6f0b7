"""Bidding rounds and auctions have a deadline; a Celery task (or a screen whose countdown ran
out) has the bank close them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from unittest import mock

from django.utils import timezone

from classroom import services
from classroom.models import Classroom, Game

from .conftest import make_game


def _open_auction(classroom: Classroom) -> Game:
    """Rulebook II, "2. Step: Competition during Purchasing": Red buys one unit; the rest of
    the zone goes to auction."""
    game = make_game(classroom, steps=[2])
    services.submit_action(game_id=game.pk, actor="Red", payload={"type": "roll", "die": 6})
    services.submit_action(game_id=game.pk, actor="Red",
                           payload={"type": "purchase", "units": 1})
    game.refresh_from_db()
    return game


def test_an_auction_gets_a_deadline_and_the_overdue_one_is_closed(classroom: Classroom) -> None:
    game = _open_auction(classroom)
    assert game.deadline is not None
    assert timedelta(seconds=80) < game.deadline - timezone.now() <= timedelta(seconds=90)
    assert not services.close_overdue_round(game_id=game.pk)  # not yet due
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.close_overdue_round(game_id=game.pk)
    game.refresh_from_db()
    assert game.deadline is None
    last = game.actions.order_by("-seq").first()
    assert last is not None and last.action == {"type": "close_auction", "actor": "bank"}


def test_with_a_worker_the_closing_task_is_scheduled_for_the_deadline(
    classroom: Classroom, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with mock.patch("classroom.tasks.close_overdue_round.apply_async") as schedule, \
            mock.patch("classroom.tasks.play_bots.delay"), \
            django_capture_on_commit_callbacks(execute=True):
        game = _open_auction(classroom)
    assert schedule.call_args.args == ((game.pk,),)
    assert schedule.call_args.kwargs["eta"] == game.deadline
