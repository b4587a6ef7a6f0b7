"""Paced class bots that survive a restart (issue 12).

A class game with a pace (``Game.bot_pace``) moves its bots by a chain of delayed steps
(``tasks.play_bots_paced``, ``dispatch.send_later``): a Celery countdown, or with the embedded
defaults a timer thread of the server. A chain lives in one place only — the broker's queue or
the process's memory — and dies with a restarted server or a worker that loses its queue; the
game's bots then never move again until someone changes the game.

The sweep finds such games and starts their chain again:

* **Stalled** means: running, not a practice game (a practice page asks for each bot move
  itself), a pace, a bot seat, nothing has happened for the pace plus ``GRACE_SECONDS``
  (no move, no change of the game, no claimed slot), and the game waits on a bot.
* **Restarting** is sending the chain's step at once (``send_later`` with 0 s): on a worker,
  or in a thread of this process, never in the caller's request or socket.
* **No double moves.** The step is ``services.bots.play_paced_bot``: a slot claimed in the game's
  row lock, the move made only for the state it was chosen in, under an idempotency key of that
  state. A chain that was only late, two sweeps, or a sweep and a team's move at the same
  moment: at most one of them moves, and one chain goes on.

Where it runs: every 10 s on Celery beat (``playboss/celery.py``; the worker's
unit starts it with ``--beat``); for the one game, whenever a screen of it connects (a
restarted server's screens reconnect by themselves), and once for every game at the first
connect a process sees — the embedded default has no beat.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from playboss.rules.bots import BOTS

from .. import bot_levels, state_store
from ..models import Game

log = logging.getLogger(__name__)

#: A step may be this late before its chain counts as dead (a busy worker, a slow request).
GRACE_SECONDS = 3

_swept_once = threading.Event()
#: Games with a look-again timer pending in this process (``_check_later``).
_pending: set[int] = set()
_pending_lock = threading.Lock()


def _last_sign_of_life(game: Game) -> datetime:
    """When the game's bots were last due: the claimed slot, or a pace after the game's last
    change (a move or a change of the game saves the row; claiming a slot does not)."""
    after_change = game.updated + timedelta(seconds=game.bot_pace)
    if game.bots_next_at is None:
        return after_change
    return max(after_change, game.bots_next_at)


def _waits_on_a_bot(game: Game) -> bool:
    bots = bot_levels.bot_seats(game)
    return bool(bots) and any(actor in bots for actor in state_store.read_state(game,
                                                                                  bot_levels.due))


def _paced_games(game_id: int | None) -> list[Game]:
    """Running paced class games with a bot seat (or only ``game_id``)."""
    games = (Game.objects.filter(status=Game.Status.RUNNING, practice=False, bot_pace__gt=0)
             .filter(Q(representative__in=list(BOTS)) | Q(teams__bot__gt="")
                     | Q(hiring_at_going_salary=True))
             .distinct())
    if game_id is not None:
        games = games.filter(pk=game_id)
    return list(games)


def _stall_time(game: Game) -> datetime:
    """From when on the game counts as stalled if its bots have not moved."""
    return _last_sign_of_life(game) + timedelta(seconds=GRACE_SECONDS)


def stalled(now: datetime | None = None, game_id: int | None = None) -> list[Game]:
    """The paced class games whose bots should have moved by now and did not."""
    now = now or timezone.now()
    return [game for game in _paced_games(game_id)
            if _stall_time(game) < now and _waits_on_a_bot(game)]


def restart(game: Game) -> None:
    """Send the game's next paced step at once; it plays and schedules the rest."""
    from .. import dispatch, tasks

    log.info("restarting the paced bots of game %s (last due %s)", game.pk,
             _last_sign_of_life(game))
    dispatch.send_later(tasks.play_bots_paced, game.pk, game.history, seconds=0)


def sweep(now: datetime | None = None, game_id: int | None = None) -> list[int]:
    """Restart every stalled paced game (or only ``game_id``); the ids restarted."""
    games = stalled(now, game_id)
    for game in games:
        restart(game)
    return [game.pk for game in games]


def _check_later(game_id: int | None) -> None:
    """A screen connected soon after a restart: the games whose chain may have died but are
    not yet late enough to tell are looked at again when they would be (a timer of this
    process, one per game at a time; the embedded default has no beat to do it)."""
    from .. import dispatch

    now = timezone.now()
    for game in _paced_games(game_id):
        due = _stall_time(game)
        if due < now:
            continue  # stalled (restarted above) or waiting on its students
        with _pending_lock:
            if game.pk in _pending:
                continue
            _pending.add(game.pk)

        def look_again(pk: int = game.pk) -> None:
            with _pending_lock:
                _pending.discard(pk)
            sweep(game_id=pk)

        dispatch.LATER((due - now).total_seconds() + 0.5, look_again)


def on_connect(game_id: int) -> None:
    """A screen of ``game_id`` connected: restart its bots if they stalled, and the first
    time in this process, every game's (a restarted server without beat); games that may
    have stalled are looked at again when it would show."""
    try:
        if not _swept_once.is_set():
            _swept_once.set()
            sweep()
            _check_later(None)
        else:
            sweep(game_id=game_id)
            _check_later(game_id)
    except Exception:  # a screen must connect whatever the sweep meets; it is logged
        log.exception("the paced bots' sweep failed")


def forget_process_sweep() -> None:
    """Tests: as if this process had not swept yet."""
    _swept_once.clear()
    with _pending_lock:
        _pending.clear()
