"""Bots: the bot seats of a game play every move the game waits on them for — at once
(``play_bots``, after each change) or one move a pace (``play_paced_bot``, the class's chain of
delayed tasks and a practice page's requests)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

from django.utils import timezone

from playboss.rules import GameState
from playboss.rules.bots import BOTS, Bot, answer_at_going_salary

from .. import state_store
from ..bot_levels import GOING_SALARY, bot_seats, due
from ..errors import ServiceError
from ..models import Game
from . import games, moves

BOT_MOVES_PER_CALL = 2_000


def play_bots(*, game_id: int, limit: int = BOT_MOVES_PER_CALL) -> int:
    """Let bot teams (and a bot representative) make every move the game waits on them for
    (at most ``limit``); returns how many."""
    made = 0
    while made < limit:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.RUNNING:
            break
        bots = bot_seats(game)
        if not bots:
            break

        move = state_store.read_state(game, partial(_next_bot_move, game_id, bots))
        if move is None:
            break
        try:
            moves.submit_action(game_id=game_id, actor=move["actor"], payload=move,
                                run_bots=False)
        except ServiceError:
            break
        made += 1
    return made


@dataclass(frozen=True)
class PacedStep:
    """What a paced bot step did: whether it moved, and when the next step is due (``None``:
    the chain ends, a later change starts it again). ``wait``: when the step found the slot
    taken, the seconds until it is free (what a practice page waits before asking again)."""

    moved: bool
    next_in: float | None
    history: int = 0
    wait: float = 0.0


def play_paced_bot(*, game_id: int, history: int | None = None) -> PacedStep:
    """One bot move of a game with a pace, when one is due: the step of every paced bot, the
    class's (``tasks.play_bots_paced``, a chain of delayed tasks, restarted by
    ``classroom.pacing`` when it died with its process) and a practice page's (it asks for
    each move, ``practice.bot_step``). Exactly once, whoever calls and how often:

    * Not running (paused, lobby, ended): nothing; the chain ends. Resuming starts it again.
    * ``history`` is the game's undo count when the chain started: an undo since ends the
      chain (bots wait for the next move after an undo, as at pace 0).
    * The slot: a move is due when ``bots_next_at`` has passed; the step claims the next slot
      (now + pace) in the game's row lock before it thinks, so a second caller (a second
      chain, the restart sweep, another tab) finds the slot taken and ends instead of doubling
      the pace.
    * The bot thinks outside the lock (a strong bot takes up to a second: no write of any game
      waits for it on SQLite, whose lock is the whole database's), and its move is made only
      for the state it was chosen in: in the row lock again, the game must still be at the
      same move and undo count and running (a pause, an undo or a team's move meanwhile: no
      bot move; that change has started a chain of its own). The move's idempotency key is
      the state's (``bot-<history>-<seq>``), so not even a second process can make it twice.
    """
    now = timezone.now()
    try:
        with games.changing(game_id) as game:
            if game.status != Game.Status.RUNNING:
                return PacedStep(False, None)
            if history is not None and history != game.history:
                return PacedStep(False, None)
            if game.bots_next_at is not None and game.bots_next_at > now:
                # another step holds the slot and goes on
                return PacedStep(False, None, game.history,
                                 (game.bots_next_at - now).total_seconds())
            slot = game.bots_next_at = now + timedelta(seconds=game.bot_pace)
            games.save_quietly(game, "bots_next_at")
    except Game.DoesNotExist:
        return PacedStep(False, None)
    seen = (game.history, game.seq)
    bots = bot_seats(game)
    move = state_store.read_state(game, partial(_next_bot_move, game_id, bots)) if bots \
        else None
    moved = False
    if move is not None:
        with games.changing(game_id) as game:
            if game.status == Game.Status.RUNNING and (game.history, game.seq) == seen:
                try:
                    moved = not moves.submit_action(
                        game_id=game_id, actor=move["actor"], payload=move, run_bots=False,
                        idempotency_key=f"bot-{seen[0]}-{seen[1]}").duplicate
                except ServiceError:
                    moved = False
    if not moved:  # give the slot back: the next change's step may move at once
        games.release_bot_slot(game_id, slot)
    game.refresh_from_db(fields=["status", "bot_pace"])
    # The chain goes on with the undo count its move was made at: an undo after the move (and
    # before this line) ends it at the next step, as an undo before the move does here.
    if not moved or game.status != Game.Status.RUNNING or not game.bot_pace:
        return PacedStep(moved, None, seen[0])  # (pace 0: play_bots plays the rest)
    return PacedStep(True, float(game.bot_pace), seen[0])


def _next_bot_move(game_id: int, bots: dict[str, str], state: GameState) -> dict[str, Any] | None:
    """The move of the first bot that is due (``bot_levels.due``: asked beside play, as the
    representative about a hiring offer, or waited on); seeded by game and move, so a replay
    after an undo plays the same. A bot kind this process does not know (a level that has not
    landed here yet) plays as the sensible bot rather than stopping the game. The teacher's
    going-salary answerer only answers hiring offers (the engine's answer)."""
    for actor in due(state):
        if actor not in bots:
            continue
        if bots[actor] == GOING_SALARY:
            answer = answer_at_going_salary(state)
            if answer is not None:
                return answer.to_dict()
            continue
        bot: Bot = BOTS.get(bots[actor], BOTS["sensible"])(game_id * 100_003 + state.seq)
        return bot.choose(state, actor).to_dict()
    return None
