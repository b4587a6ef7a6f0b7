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
