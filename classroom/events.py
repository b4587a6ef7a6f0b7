"""Announcing a change to everyone watching a game: one channel group per game.

A message carries the game's ``revision`` and ``seq`` and the texts of what happened (for the
ticker). It carries no state: each screen asks for its own view, so a team never receives
another team's secrets, and a client that missed a revision simply reloads.

One message goes to every screen of the game, so its ticker is told in every language of the
site and each screen shows the lines of its own page's language (never that of whoever made
the move, nor the game's when the page is in another).

A broadcast is a courtesy, never a condition of a move: it runs after the commit, gives up
after ``BROADCAST_TIMEOUT`` seconds, and a failure (Redis down) is logged and swallowed. Screens
poll the revision without websockets, and the next broadcast after Redis is back gets through
again (channels_redis connects anew).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

from .ticker import tickers

TICKER_LENGTH = 8
log = logging.getLogger(__name__)


def group_name(game_id: int) -> str:
    return f"game-{game_id}"


def game_language(game_id: int) -> str:
    from .models import Game

    language = Game.objects.filter(pk=game_id).values_list("language", flat=True).first()
    return language or settings.LANGUAGE_CODE


def broadcast(game_id: int, revision: int, seq: int, produced: list[dict[str, Any]]) -> bool:
    """Tell the game's screens; False (and a log line) when the channel layer failed."""
    layer = get_channel_layer()
    if layer is None:
        return False
    # Each screen reads the ticker in its own page's language: the lines go out in every
    # language the site speaks (two short lists each), and each socket picks its own.
    by_language = {code: {audience: lines[-TICKER_LENGTH:] for audience, lines in
                          tickers(produced, code).items()}
                   for code, _name in settings.LANGUAGES}
    by_audience = by_language.get(game_language(game_id)) or by_language[settings.LANGUAGE_CODE]
    # "ticker" is what every screen may read; "tickers" the full lines for the parties of a
    # private deal or loan and for the bank (classroom/ticker.py), in the game's language;
    # "tickers_by_language" the same in each language.
    message = {"type": "game.changed", "revision": revision, "seq": seq,
               "ticker": by_audience["public"], "tickers": by_audience,
               "tickers_by_language": by_language}
    try:
        async_to_sync(_send)(layer, group_name(game_id), message)
    except Exception as exc:  # Redis down or slow: the move stands, screens poll
        log.warning("broadcast of game %s revision %s failed (%s: %s); screens will poll",
                    game_id, revision, type(exc).__name__, exc)
        return False
    return True


async def _send(layer: Any, group: str, message: dict[str, Any]) -> None:
    await asyncio.wait_for(layer.group_send(group, message),
                           timeout=settings.BROADCAST_TIMEOUT)
