"""Celery tasks: they take ids and call services (in-process with the embedded defaults)."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task
def play_bots(game_id: int) -> int:
    return services.play_bots(game_id=game_id)


@shared_task
def close_overdue_round(game_id: int) -> bool:
    return services.close_overdue_round(game_id=game_id)


@shared_task
def play_bots_paced(game_id: int, history: int) -> bool:
    """One bot move of a game with a pace, then itself again a pace later while bots are to
    move (``services.play_paced_bot``): no browser needs to be open."""
    from . import dispatch

    step = services.play_paced_bot(game_id=game_id, history=history)
    if step.next_in is not None:
        dispatch.send_later(play_bots_paced, game_id, step.history, seconds=step.next_in)
    return step.moved


@shared_task
def resume_paced_bots() -> list[int]:
    """Celery beat's sweep: restart the chains of paced games whose bots stalled (a worker
    or server restarted and lost the delayed step; ``classroom.services.pacing``)."""
    from .services import pacing

    return pacing.sweep()
