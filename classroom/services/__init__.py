"""The only code that changes a game (HackSoft's services; Zulip's actions), by concern.

Every change locks the game's row, lets the engine judge a move or checks the request, saves
with a new revision and announces it with ``transaction.on_commit`` — all through one helper,
``games`` (``changing``, ``announce``), the one writer of game rows. A request that changes
nothing raises ``ServiceError`` (``classroom.errors``) with a message for the person who made
it.

* ``setup``: a class, a new game, removing idle practice games;
* ``moves``: a move (``submit_action``) and the bank director's undo;
* ``lesson``: lobby start, pause and resume, the bots' pace, closing an overdue round;
* ``seats``: who plays a team or the worker representative, PINs, devices, the projector link;
* ``projector``: what the projector shows; a redraw of every screen;
* ``bots``: bots that move at once or one move a pace; ``pacing``: paced bots restarted
  after a restart; ``followups``: the work handed to Celery after a change; ``rounds``:
  rounds with a deadline;
* ``log_import``: a game from an exported log.

Callers use ``from classroom import services; services.submit_action(...)``: the public
functions are re-exported here. A test that replaces a service for a caller inside the package
patches the module it lives in (``services.moves.submit_action``).
"""

from __future__ import annotations

from ..bot_levels import bot_seats
from ..errors import ServiceError
from . import pacing
from .bots import BOT_MOVES_PER_CALL, PacedStep, play_bots, play_paced_bot
from .followups import after_change
from .lesson import close_overdue_round, set_bot_pace, set_paused, start_game
from .log_import import import_log
from .moves import GAME_ENDED, SNAPSHOT_EVERY, Outcome, submit_action, undo
from .projector import screens_changed, set_projector_focus, set_projector_standings
from .rounds import TIMED_ROUNDS
from .seats import (
    drop_team_devices,
    new_projector_link,
    new_representative_pin,
    new_team_pin,
    new_team_pins,
    record_join,
    reset_team_duties,
    set_hiring_at_going_salary,
    set_representative,
    set_team_player,
)
from .setup import (
    TeamSeat,
    create_classroom,
    create_game,
    delete_idle_practice_games,
    stored_config,
)

__all__ = [
    "pacing",
    "BOT_MOVES_PER_CALL",
    "GAME_ENDED",
    "SNAPSHOT_EVERY",
    "TIMED_ROUNDS",
    "Outcome",
    "PacedStep",
    "ServiceError",
    "TeamSeat",
    "after_change",
    "bot_seats",
    "close_overdue_round",
    "create_classroom",
    "create_game",
    "delete_idle_practice_games",
    "drop_team_devices",
    "import_log",
    "new_projector_link",
    "new_representative_pin",
    "new_team_pin",
    "new_team_pins",
    "reset_team_duties",
    "play_bots",
    "play_paced_bot",
    "record_join",
    "screens_changed",
    "set_bot_pace",
    "set_paused",
    "set_projector_focus",
    "set_projector_standings",
    "set_hiring_at_going_salary",
    "set_representative",
    "set_team_player",
    "start_game",
    "stored_config",
    "submit_action",
    "undo",
]
