"""Announcing a change to everyone watching a game: one channel group per game.

A message carries the game's ``revision`` and ``seq`` and the texts of what happened (for the
ticker). It carries no state: each screen asks for its own view, so a team never receives
another team's secrets, and a client that missed a revision simply reloads.

One message goes to every screen of the game, so its ticker is told in the game's language
(``Game.language``), not in that of whoever made the move.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

from .texts import describe_events

TICKER_LENGTH = 8


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


def game_language(game_id: int) -> str:
    from .models import Game

    language = Game.objects.filter(pk=game_id).values_list("language", flat=True).first()
    return language or settings.LANGUAGE_CODE


def broadcast(game_id: int, revision: int, seq: int, produced: list[dict[str, Any]]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    ticker = describe_events(produced, game_language(game_id))[-TICKER_LENGTH:]
    async_to_sync(layer.group_send)(group_name(game_id), {
        "type": "game.changed", "revision": revision, "seq": seq, "ticker": ticker})
