"""What follows a committed change of a game: its bots answer, and a new round's deadline
gets its closing task (both Celery tasks, ``classroom.tasks``, which call the services back:
the one import circle the site allows, ``tests/web/test_site_import_graph.py``)."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from playboss.rules.bots import BOTS

from ..models import Game


def has_bots(game: Game) -> bool:
    """A bot plays a seat of the game (a team, or step 6's representative, or answers the
    hiring offers for it at the going salary): only then is the bots' task worth sending after
    a move (a class of students' games never needs it)."""
    return (game.representative in BOTS or game.hiring_at_going_salary
            or game.teams.exclude(bot="").exists())


def after_change(game_id: int, run_bots: bool) -> None:
    """After a commit: bots answer, and a new round's deadline gets its closing task.

    With Redis down the bots play in this process; the deadline's task is dropped, since every
    screen whose countdown runs out asks to close the round (``close_overdue_round``)."""
    from .. import dispatch, tasks

    game = Game.objects.filter(pk=game_id).only("deadline", "revision", "representative",
                                                "hiring_at_going_salary", "practice",
                                                "bot_pace", "history").first()
    # A practice game's bots move one at a time when the player's page asks (practice.py).
    if run_bots and game is not None and not game.practice and has_bots(game):
        if game.bot_pace:  # one move a pace, the first one a pace after this change
            dispatch.send_later(tasks.play_bots_paced, game_id, game.history,
                                seconds=game.bot_pace)
        else:
            dispatch.send(tasks.play_bots, game_id)
    if game is not None and game.deadline is not None and not settings.CELERY_TASK_ALWAYS_EAGER:
        dispatch.send(tasks.close_overdue_round, game_id, eta=game.deadline, run_here=False)


def on_commit(game_id: int, run_bots: bool) -> None:
    """``after_change`` once the transaction commits (robust: a failure to hand the work on
    must not undo the committed change; the sweep and the screens' countdowns catch up)."""
    transaction.on_commit(lambda: after_change(game_id, run_bots), robust=True)
