"""Playboss as pure, deterministic Python: no Django, no clock, no global random.

The surface: ``new_game(config)``, ``apply(state, action)``, ``legal_actions(state, actor)``,
``view(state, viewer)``; ``quote(state, action)`` (what a move will do) and
``rule_values(config)``; ``why_not(state, actor)`` (the engine's refusal of each move
the legal choices leave out); the ledger and statements; bots; the game log; the command line
(``python -m playboss.rules``).

The site (``classroom``) and the reports (``reports``) import only this package's ``__all__``
and the public modules below; every other module is the engine's own and may be renamed or
split without notice (``tests/test_engine_surface.py`` fails on any other import from the
site or the reports, inside a function too). A second game provides the same.

Public modules (read whole by the site and the reports; one reason each):

- ``playboss.rules.accounts``: the year accounts (profit and loss, the tax year) that every
  statement and export prints line by line;
- ``playboss.rules.analysis``: the ratios, cash flow and class comparison of the analysis
  sheets, all computed from the year accounts;
- ``playboss.rules.statements``: the balance sheet and the final valuation, the types the
  reports lay out field by field;
- ``playboss.rules.journal``: the chart of accounts, the journal entries and T accounts the
  Books pages show;
- ``playboss.rules.bots``: the bots the site seats and paces, and their reasons.

What the names below are for:

- a game: set-up (``GameConfig``, ``ConfigError``, the choices of its settings), ``new_game``,
  ``apply``, ``legal_choices``/``legal_actions``, ``waiting_for`` (and ``asked``: who a
  question waits for beside play), ``view`` per viewer
  (``viewers``, ``PUBLIC``, ``BANK``, ``WORKERS``), split duties (``duty_of``);
- its log and its stored states: ``GameLog``, ``log_to_dict``, ``replay``,
  ``state_to_dict``/``state_from_dict``;
- the rule figures the site and the reports show in sentences and tables (prices, the final
  values, the tax brackets, goal titles): shown, never to compute a move's consequence with
  (that is the engine's to say).
"""

from .actions import Action
from .config import (
    DICE_MODES,
    GOALS,
    LEASE_RENEWAL_MODES,
    MAX_TEAMS,
    YIELD_LOSSES,
    GameConfig,
)
from .constants import (
    COMPUTER_PRICE,
    FINAL_VALUE,
    MACHINE_PRICE,
    WEB_ADVERTISING,
    WEB_EFFICIENCY,
    WEB_LEASE,
    WEB_PRICE,
)
from .engine import apply, new_game
from .errors import ConfigError, RuleViolation
from .event_text import plain as plain_event
from .gamelog import GameLog, ReplayError, log_to_dict, replay
from .invariants import check as check_invariants
from .legal import Choice, asked, legal_actions, legal_choices, waiting_for
from .quote import Quote, quote, quote_values, rule_values
from .readings import CHOICES as READINGS
from .readings import LITERAL as LITERAL_READINGS
from .rulebook import action_from_dict
from .snapshot import state_from_dict, state_to_dict
from .state import BANK, GameState, Team
from .statements import balance_sheet, final_results
from .steps.goals import FORMULAS as GOAL_FORMULAS
from .steps.goals import GOAL_TITLES, yields
from .steps.labor import (
    MARKETING_FINANCE,
    PURCHASE_PRODUCTION_LABOR,
    WORKERS,
    duty_of,
    duty_of_move,
)
from .steps.marketing import FOUNDING_COST as MARKETING_FOUNDING_COST
from .steps.taxation import BRACKETS as TAX_BRACKETS
from .turn import ALL
from .views import PUBLIC, view, viewers
from .why import Missing, nearest_moves, refusal_of, why_not

__all__ = [
    # a game
    "ALL",
    "BANK",
    "PUBLIC",
    "WORKERS",
    "Action",
    "Choice",
    "ConfigError",
    "GameConfig",
    "GameState",
    "Missing",
    "Quote",
    "RuleViolation",
    "Team",
    "action_from_dict",
    "apply",
    "asked",
    "check_invariants",
    "legal_actions",
    "legal_choices",
    "nearest_moves",
    "new_game",
    "plain_event",
    "quote",
    "quote_values",
    "refusal_of",
    "rule_values",
    "view",
    "viewers",
    "waiting_for",
    "why_not",
    # set-up: the choices of the settings
    "DICE_MODES",
    "GOALS",
    "LEASE_RENEWAL_MODES",
    "LITERAL_READINGS",
    "MAX_TEAMS",
    "READINGS",
    "YIELD_LOSSES",
    # split duties (step 6)
    "MARKETING_FINANCE",
    "PURCHASE_PRODUCTION_LABOR",
    "duty_of",
    "duty_of_move",
    # the log and stored states
    "GameLog",
    "ReplayError",
    "log_to_dict",
    "replay",
    "state_from_dict",
    "state_to_dict",
    # statements
    "balance_sheet",
    "final_results",
    "yields",
    # rule figures shown in sentences and tables
    "COMPUTER_PRICE",
    "FINAL_VALUE",
    "GOAL_FORMULAS",
    "GOAL_TITLES",
    "MACHINE_PRICE",
    "MARKETING_FOUNDING_COST",
    "TAX_BRACKETS",
    "WEB_ADVERTISING",
    "WEB_EFFICIENCY",
    "WEB_LEASE",
    "WEB_PRICE",
]
