"""Plugs step 6 into the engine, the legal moves, the bots, the views and the invariants, once,
on import (``__init__`` imports it last). The order of these lines is the order the engine
sees: labour is the last step to wrap ``produce``, ``pass``, ``sell``, ``cost``, ``roll`` and
step 3's ``marketing_sale`` (see ``playboss/rules/steps/__init__.py``), so each wrapper took
the handler it wraps when its module was imported, before the lines below replace it."""

from __future__ import annotations

from ... import actions as A
from ... import bots, invariants, legal, views
from ... import engine as E
from .. import free_market, marketing
from .actions import (
    AcceptHire,
    CallStrike,
    DeclareLockout,
    EndLockout,
    EndStrike,
    GiveNotice,
    OfferHire,
    RejectHire,
)
from .bankruptcy import _on_bankrupt
from .books import _set_up
from .bot_hints import _greedy_hint
from .choices import _adjust_turn, _production_choices, _representative_choices, _team_any_time
from .constants import HIRING, PRODUCTION_ITEM, SALARIES, STEP, WORKERS
from .fresh_goods import _free_market_sellable, _marketing_sale, _marketing_sellable, _sell
from .hiring import (
    _accept_hire,
    _auto_hiring,
    _offer_hire,
    _reject_hire,
    _roll,
    _waiting_hiring,
    _waiting_hiring_params,
)
from .invariant_checks import _problems
from .laps_and_rounds import _on_close_year, _on_round_end
from .production import _auto_production, _pass, _produce
from .red_field import _auto_salaries, _on_landed
from .strikes_and_lockouts import _call_strike, _declare_lockout, _end_lockout, _end_strike
from .termination import _give_notice
from .views import _view
from .yellow_field import _cost_choice

E.HANDLERS[OfferHire] = _offer_hire
E.HANDLERS[AcceptHire] = _accept_hire
E.HANDLERS[RejectHire] = _reject_hire
E.HANDLERS[GiveNotice] = _give_notice
E.HANDLERS[CallStrike] = _call_strike
E.HANDLERS[EndStrike] = _end_strike
E.HANDLERS[DeclareLockout] = _declare_lockout
E.HANDLERS[EndLockout] = _end_lockout
E.HANDLERS[A.Produce] = _produce
E.HANDLERS[A.Pass] = _pass
E.HANDLERS[A.Sell] = _sell
E.HANDLERS[A.CostChoice] = _cost_choice
E.HANDLERS[A.Roll] = _roll
E.HANDLERS[marketing.MarketingSale] = _marketing_sale
marketing.sellable = _marketing_sellable  # step 3 reads its stock through this name
free_market.SELLABLE.append(_free_market_sellable)
E.ACTOR_ACTIONS[WORKERS] = {CallStrike, EndStrike}
E.SHARED_ACTIONS[WORKERS] = {OfferHire, AcceptHire, RejectHire, GiveNotice}
E.AUTO[HIRING] = _auto_hiring
E.AUTO[SALARIES] = _auto_salaries
E.AUTO[PRODUCTION_ITEM] = _auto_production
E.WAITING_TEXTS[HIRING] = _waiting_hiring
E.WAITING_TEXTS[SALARIES] = lambda state: (  # the amount is the team's business: not shown
    f"{state.current}'s salaries to the worker representative ({state.current} raises the "
    "cash).")
E.WAITING_TEXTS[PRODUCTION_ITEM] = lambda state: (
    f"{state.current}'s production on its red field (produce, or pass).")
E.WAITING_PARAMS[HIRING] = _waiting_hiring_params
E.WAITING_PARAMS[SALARIES] = lambda state: {"team": state.current}
E.WAITING_PARAMS[PRODUCTION_ITEM] = lambda state: {"team": state.current}
E.HOOKS["set_up"].append(_set_up)
E.HOOKS["landed"].append(_on_landed)
E.HOOKS["close_year"].append(_on_close_year)
E.HOOKS["round_end"].append(_on_round_end)
E.HOOKS["bankrupt"].append(_on_bankrupt)
legal.WAITING[HIRING] = lambda state: [WORKERS]
legal.PENDING_CHOICES[PRODUCTION_ITEM] = _production_choices
legal.TURN_CHOICE_FILTERS.append(_adjust_turn)
legal.ANY_TIME_CHOICES.append(_team_any_time)
legal.ACTOR_CHOICES.append(_representative_choices)
bots.GREEDY_HINTS.append(_greedy_hint)
views.EXTRA_VIEWS.append(_view)
views.EXTRA_VIEWERS[WORKERS] = lambda state: STEP in state.config.steps
invariants.EXTRA_CHECKS.append(_problems)
