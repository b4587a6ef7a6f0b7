"""Who has a game screen open: one ``Presence`` row per open websocket.

A socket writes its row when it connects, refreshes ``last_seen`` when its screen checks in
(every ``live.js`` sync, about every 20 s), and deletes it when it closes. A server process
that dies cannot delete its rows, so a row counts only while it is fresh. Changes tell the
game's group (``events.presence_changed``) so that the bank console redraws its "who is here".
"""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Count
from django.utils import timezone

from .models import Game, Presence

#: A screen that has not checked in for this long is gone (it syncs every ~20 s).
FRESH = timedelta(seconds=60)


def arrived(game_id: int, actor: str, channel_name: str) -> None:
    Presence.objects.update_or_create(
        channel_name=channel_name,
        defaults={"game_id": game_id, "actor": actor, "last_seen": timezone.now()})


def seen(channel_name: str, actor: str) -> None:
    Presence.objects.filter(channel_name=channel_name).update(
        last_seen=timezone.now(), actor=actor)


def left(channel_name: str) -> None:
    Presence.objects.filter(channel_name=channel_name).delete()


def connected_counts(game: Game) -> dict[str, int]:
    """Open screens per actor (team name, "bank", "workers", "public")."""
    rows = (Presence.objects.filter(game=game, last_seen__gte=timezone.now() - FRESH)
            .values("actor").annotate(n=Count("id")))
    return {row["actor"]: row["n"] for row in rows}
