"""Playboss as pure, deterministic Python: no Django, no clock, no global random.

The surface: ``new_game(config)``, ``apply(state, action)``, ``legal_actions(state, actor)``,
``view(state, viewer)``; the events ``apply`` returns (a code, its params and its audience:
``ALL`` or the parties; ``plain_event`` in plain words); the ledger and statements; bots; the
game log; the command line (``python -m playboss.rules``).
"""

from .actions import Action
from .config import GameConfig
from .engine import apply, new_game
from .errors import RuleViolation
from .event_text import plain as plain_event
from .gamelog import GameLog, ReplayError, replay
from .invariants import check as check_invariants
from .legal import legal_actions, legal_choices, waiting_for
from .rulebook import action_from_dict
from .state import BANK, GameState
from .statements import balance_sheet, final_results
from .turn import ALL
from .views import view

__all__ = [
    "ALL",
    "BANK",
    "Action",
    "GameConfig",
    "GameLog",
    "GameState",
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
    "plain_event",
    "replay",
    "view",
    "waiting_for",
]
