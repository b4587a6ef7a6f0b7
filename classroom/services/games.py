"""The one writer of game rows: lock the row, change it, bump the revision, save, announce.

Every change of a ``Game`` row goes through this module (``tests/test_one_writer.py``
reads the site's source and fails on a write anywhere else). A change that screens show is
made in the row lock taken by ``changing`` and published by ``announce``: a new revision, the
changed fields saved with it, and the screens told with ``transaction.on_commit`` — nobody
hears of a change that is rolled back, and nobody sees a revision whose change is not saved.
The few writes no screen shows (secrets of a new seat, a bot's claimed slot) are
``save_quietly``; a game is made by ``insert`` and removed by ``delete``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from django.db import transaction

from .. import events
from ..models import Game


@contextmanager
def changing(game_id: int, *, related: tuple[str, ...] = ()) -> Iterator[Game]:
    """The game's row, locked until the block ends (its own transaction, or a savepoint of
    the caller's). An exception in the block rolls back everything written in it. Raises
    ``Game.DoesNotExist`` for a game that is not (or no longer) there."""
    with transaction.atomic():
        query = Game.objects.select_for_update()
        if related:
            query = query.select_related(*related)
        yield query.get(pk=game_id)


def announce(game: Game, *fields: str, produced: Iterable[dict[str, Any]] = (),
             seq: int | None = None, revisions: int = 1,
             before: Callable[[], None] | None = None) -> int:
    """Publish a change of the locked ``game``: ``revisions`` more (one; an imported log
    counts one per move), ``fields`` and the revision saved, and after the commit every
    screen told the new revision at ``seq`` (the game's) with ``produced`` for the ticker.
    ``before`` runs after the commit just before the screens are told (a move puts its state
    back in the cache, so the screens that ask at once find it). Returns the new revision."""
    _require_lock()
    game.revision += revisions
    game.save(update_fields=[*dict.fromkeys((*fields, "revision", "updated"))])
    game_id, revision = game.pk, game.revision
    at = game.seq if seq is None else seq
    told = list(produced)

    def published() -> None:
        if before is not None:
            before()
        events.broadcast(game_id, revision, at, told)

    transaction.on_commit(published, robust=True)
    return revision


def save_quietly(game: Game, *fields: str) -> None:
    """Save ``fields`` of the locked ``game`` with no new revision: what no screen shows (a
    new seat's secrets, a bot's claimed slot). ``updated`` is left alone unless named: the
    paced bots' sweep reads it as the game's last change (``classroom.pacing``)."""
    _require_lock()
    game.save(update_fields=list(fields))


def insert(**fields: Any) -> Game:
    """A new game's row (``services.setup.create_game`` checks the set-up first)."""
    return Game.objects.create(**fields)


def release_bot_slot(game_id: int, slot: datetime) -> None:
    """Give back a bot's claimed slot if it is still the one claimed (``bots.play_paced_bot``:
    no move was made, so the next change's step may move at once)."""
    Game.objects.filter(pk=game_id, bots_next_at=slot).update(bots_next_at=None)


def delete(game_ids: Iterable[int]) -> int:
    """Remove games with everything they hold (their moves, snapshots, teams); how many."""
    ids = list(game_ids)
    Game.objects.filter(pk__in=ids).delete()
    return len(ids)


def _require_lock() -> None:
    """A change outside a transaction could not have locked the row it writes."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("a game's row is written inside games.changing (its row lock)")
