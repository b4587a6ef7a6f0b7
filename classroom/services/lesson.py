"""The lesson's clock, kept by the bank director: starting a game from its lobby, pausing and
resuming, the bots' pace, and closing a round whose time has run out."""

from __future__ import annotations

import math
from datetime import timedelta
from typing import Any

from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from playboss.rules import BANK, GameState, legal_choices

from .. import bot_levels, state_store
from ..errors import ServiceError
from ..models import Game
from . import followups, games, moves
from .rounds import TIMED_ROUNDS, open_round


def set_paused(*, game_id: int, paused: bool) -> None:
    """Pause or resume the game. A pause freezes the open round's countdown: its remaining
    seconds are kept and the deadline cleared (nothing closes it meanwhile); resuming gives it
    that time again from now, and its closing task anew. A round open on resuming that has no
    time kept (an undo reopened it) gets a full round. Bots go on after the resume."""
    with games.changing(game_id) as game:
        if game.status == Game.Status.ENDED:
            raise ServiceError(gettext_lazy("The game is over."), status=409)
        if game.status == Game.Status.LOBBY:
            raise ServiceError(gettext_lazy("The game has not started yet: start it first."),
                               status=409)
        if paused == (game.status == Game.Status.PAUSED):
            return  # paused already, or running already: nothing changes
        now = timezone.now()
        if paused:
            if game.deadline is not None:  # whole seconds, as every screen shows them
                game.paused_remaining = float(math.ceil(
                    max(0.0, (game.deadline - now).total_seconds())))
            game.deadline = None
        else:
            game.deadline = None
            if state_store.read_state(game, open_round) is not None:
                seconds = game.paused_remaining
                if seconds is None:
                    seconds = float(game.round_seconds)
                game.deadline = now + timedelta(seconds=seconds)
            game.paused_remaining = None
        game.status = Game.Status.PAUSED if paused else Game.Status.RUNNING
        text = "The bank pauses the game." if paused else "The game goes on."
        games.announce(game, "status", "deadline", "paused_remaining",
                       produced=[{"type": "pause" if paused else "resume", "text": text}])
        if not paused:
            followups.on_commit(game_id, run_bots=True)


def start_game(*, game_id: int) -> Game:
    """The bank director starts a game that waits in the lobby: from now on teams move and
    bots play."""
    with games.changing(game_id) as game:
        if game.status != Game.Status.LOBBY:
            raise ServiceError(gettext_lazy("The game has started already."), status=409)
        game.status = Game.Status.RUNNING
        with translation.override(game.language):
            text = _("The bank director starts the game.")
        games.announce(game, "status", produced=[{"type": "start", "text": text}])
        followups.on_commit(game_id, run_bots=True)
    return game


def set_bot_pace(*, game_id: int, seconds: Any) -> Game:
    """Seconds between two bot moves (``bot_levels.PACES``), also in the middle of a game: a
    change every screen hears of (the console shows it); bots waiting go on at the new pace."""
    seconds = bot_levels.check_pace(seconds)
    with games.changing(game_id) as game:
        if game.status == Game.Status.ENDED:
            raise ServiceError(gettext_lazy("The game is over."), status=409)
        if game.bot_pace == seconds:
            return game
        game.bot_pace = seconds
        game.bots_next_at = None  # the next step plays when due at the new pace
        with translation.override(game.language):
            text = _("Bots move with %(s)s s between moves now.") % {"s": seconds}
        games.announce(game, "bot_pace", "bots_next_at",
                       produced=[{"type": "bot_pace", "text": text}])
        followups.on_commit(game_id, run_bots=True)
    return game


def close_overdue_round(*, game_id: int) -> bool:
    """Close the open bidding round or auction if its deadline has passed (a Celery task, or
    any client that sees the countdown run out, asks for this)."""
    game = Game.objects.get(pk=game_id)
    if game.deadline is None or game.deadline > timezone.now():
        return False

    def close_move(state: GameState) -> str | None:
        if not state.pending or state.pending[0].kind not in TIMED_ROUNDS:
            return None
        wanted = TIMED_ROUNDS[state.pending[0].kind]
        for choice in legal_choices(state, BANK):
            if choice.cls.type == wanted:
                return wanted
        return None

    move = state_store.read_state(game, close_move)
    if move is None:
        return False
    try:
        moves.submit_action(game_id=game_id, actor=BANK, payload={"type": move},
                            idempotency_key=f"deadline-{game.revision}")
    except ServiceError:
        return False
    return True
