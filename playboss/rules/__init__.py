"""Playboss as pure, deterministic Python: no Django, no clock, no global random.

The surface: ``new_game(config)``, ``apply(state, action)``, ``legal_actions(state, actor)``,
``view(state, viewer)``; ``quote(state, action)`` (what a move will do) and
``rule_values(config)``; the ledger and statements; bots; the game log; the command line
(``python -m playboss.rules``).
"""

from .actions import Action
from .config import GameConfig
from .engine import apply, new_game
from .errors import RuleViolation
from .gamelog import GameLog, ReplayError, replay
from .invariants import check as check_invariants
from .legal import legal_actions, legal_choices, waiting_for
from .quote import Quote, quote, quote_values, rule_values
from .rulebook import action_from_dict
from .state import BANK, GameState
from .statements import balance_sheet, final_results
from .views import view

__all__ = [
    "BANK",
    "Action",
    "GameConfig",
    "GameLog",
    "GameState",
    "Quote",
    "ReplayError",
    "RuleViolation",
    "action_from_dict",
    "apply",
    "balance_sheet",
    "check_invariants",
    "final_results",
    "legal_actions",
    "legal_choices",
    "new_game",
    "quote",
    "quote_values",
    "replay",
    "rule_values",
    "view",
    "waiting_for",
]
