"""Views stay thin: authenticate, parse, call a service or selector, render."""

from .books import books
from .live import game_panel, game_revision, submit_move, tick
from .practice import practice_bots, practice_hint, practice_new, practice_undo
from .projector import (
    projector,
    projector_board,
    projector_public,
    projector_standings,
    team_sheet,
)
from .public import home, join, join_by_link
from .renew import projector_link, representative_pin
from .teacher import (
    bank,
    bank_bot_pace,
    bank_export,
    bank_pause,
    bank_projector,
    bank_seat_drop,
    bank_seat_pin,
    bank_seat_player,
    bank_start,
    bank_undo,
    class_detail,
    class_import,
    dashboard,
    game_new,
    teacher_new,
    workers,
    workers_hiring,
    workers_role,
)
from .team import play

__all__ = [
    "bank",
    "bank_export",
    "bank_bot_pace",
    "bank_pause",
    "bank_projector",
    "bank_seat_drop",
    "bank_seat_pin",
    "bank_seat_player",
    "bank_start",
    "bank_undo",
    "books",
    "class_detail",
    "class_import",
    "dashboard",
    "game_new",
    "practice_bots",
    "practice_hint",
    "practice_new",
    "practice_undo",
    "teacher_new",
    "workers",
    "workers_hiring",
    "workers_role",
    "game_panel",
    "game_revision",
    "home",
    "join",
    "join_by_link",
    "play",
    "projector",
    "projector_board",
    "projector_link",
    "projector_public",
    "representative_pin",
    "projector_standings",
    "submit_move",
    "tick",
    "team_sheet",
]
