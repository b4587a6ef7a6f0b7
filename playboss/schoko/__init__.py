"""Schoko & Co. (Schmidt Spiele 1987/88) as pure, deterministic Python: no Django, no clock,
no global random; money in whole units.

The surface, the same as Playboss's (``playboss.rules``): ``GameConfig``, ``new_game``,
``apply``, ``quote``, ``action_from_dict``, ``legal_choices``/``legal_actions``,
``waiting_for``, ``view``/``viewers``, the books and statements, ``BOTS``, ``GameLog``/
``replay``, snapshots, ``check_invariants``; ``python -m playboss.schoko``.
"""

from ..common.errors import ConfigError, RuleViolation
from .actions import Action, action_from_dict
from .books import balance_sheet, cash_flow, profit_and_loss
from .config import GameConfig
from .engine import apply, new_game, quote
from .invariants import check as check_invariants
from .legal import Choice, legal_actions, legal_choices, waiting_for
from .state import BANK, PUBLIC, GameState
from .views import view, viewers

__all__ = [
    "BANK", "PUBLIC", "Action", "Choice", "ConfigError", "GameConfig", "GameState",
    "RuleViolation", "action_from_dict", "apply", "balance_sheet", "cash_flow",
    "check_invariants", "legal_actions", "legal_choices", "new_game", "profit_and_loss",
    "quote", "view", "viewers", "waiting_for",
]
