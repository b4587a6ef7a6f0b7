"""Views stay thin: authenticate, parse, call a service or selector, render."""

from .live import game_panel, game_revision, submit_move, tick
from .public import home
from .teacher import dashboard
from .team import join, join_by_link, play

__all__ = [
    "dashboard",
    "game_panel",
    "game_revision",
    "home",
    "join",
    "join_by_link",
    "play",
    "submit_move",
    "tick",
]
