"""Playboss as pure, deterministic Python: no Django, no clock, no global random.

The surface: ``new_game(config)``, ``apply(state, action)``, ``legal_actions(state, actor)``,
``view(state, viewer)``, ``why_not(state, actor)`` (the engine's refusal of each move the
legal choices leave out); the ledger and statements; bots; the game log; the command line
(``python -m playboss.rules``).
"""

from .actions import Action
from .config import GameConfig
from .engine import apply, new_game
from .errors import RuleViolation
from .gamelog import GameLog, ReplayError, replay
from .invariants import check as check_invariants
from .legal import legal_actions, legal_choices, waiting_for
from .rulebook import action_from_dict
from .state import BANK, GameState
from .statements import balance_sheet, final_results
from .views import view
from .why import Missing, nearest_moves, refusal_of, why_not

__all__ = [
    "BANK",
    "Action",
    "GameConfig",
    "GameLog",
    "GameState",
    "Missing",
    "ReplayError",
    "RuleViolation",
    "action_from_dict",
    "apply",
    "balance_sheet",
    "check_invariants",
    "final_results",
    "legal_actions",
    "legal_choices",
    "nearest_moves",
    "new_game",
    "refusal_of",
    "replay",
    "view",
    "waiting_for",
    "why_not",
]
