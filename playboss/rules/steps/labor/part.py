"""Step 6's contribution to a game's rules (``rulebook.PARTS``): its moves and the worker
representative who makes some of them; the handlers it wraps (``produce``, ``pass``, ``sell``,
the yellow field's ``cost`` and step 3's ``marketing_sale``: labour is the last
step, so it wraps what the steps before it made of them); its hooks, pending items, choices,
view, viewer, checks, bot hint, the limit on what may be sold, and who is asked beside
play (the representative, for a team's hiring offer)."""

from __future__ import annotations

from typing import Any

from ...actions import CostChoice, Pass, Produce, Sell
from ...ruleset import RulePart
from ...state import GameState
from ..marketing import MarketingSale
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
from .bankruptcy import on_bankrupt
from .books import set_up
from .bot_hints import greedy_hint
from .choices import (
    adjust_turn,
    production_choices,
    production_item_moves,
    representative_choices,
    team_any_time,
)
from .constants import PRODUCTION_ITEM, SALARIES, STEP, WORKERS
from .fresh_goods import check_marketing_sale, check_sell, marketing_sale, sale_limit, sell
from .hiring import (
    accept_hire,
    asked,
    check_accept_hire,
    check_offer_hire,
    check_reject_hire,
    offer_hire,
    reject_hire,
)
from .invariant_checks import problems
from .laps_and_rounds import on_close_year, on_round_end
from .production import auto_production, check_produce, produce, production_pass
from .red_field import auto_salaries, on_landed
from .strikes_and_lockouts import (
    call_strike,
    check_call_strike,
    check_declare_lockout,
    check_end_lockout,
    check_end_strike,
    declare_lockout,
    end_lockout,
    end_strike,
)
from .termination import check_give_notice, give_notice
from .views import view
from .yellow_field import check_cost_choice, cost_choice


def _waiting_salaries(state: GameState) -> str:
    # The amount is the team's business: not shown.
    return (f"{state.current}'s salaries to the worker representative ({state.current} "
            "raises the cash).")


def _waiting_production(state: GameState) -> str:
    return f"{state.current}'s production on its red field (produce, or pass)."


def _current_team(state: GameState) -> dict[str, Any]:
    return {"team": state.current}


def _representative_present(state: GameState) -> bool:
    return STEP in state.config.steps


PART = RulePart(
    name="step 6: labor market",
    enabled=lambda config: STEP in config.steps,
    handlers={OfferHire: offer_hire, AcceptHire: accept_hire, RejectHire: reject_hire,
              GiveNotice: give_notice, CallStrike: call_strike, EndStrike: end_strike,
              DeclareLockout: declare_lockout, EndLockout: end_lockout},
    checks={OfferHire: check_offer_hire, AcceptHire: check_accept_hire,
            RejectHire: check_reject_hire, GiveNotice: check_give_notice,
            CallStrike: check_call_strike, EndStrike: check_end_strike,
            DeclareLockout: check_declare_lockout, EndLockout: check_end_lockout},
    actor_actions={WORKERS: frozenset({CallStrike, EndStrike})},
    shared_actions={WORKERS: frozenset({OfferHire, AcceptHire, RejectHire, GiveNotice})},
    invariant_checks=(problems,),
    wraps={Produce: produce, Pass: production_pass, Sell: sell,
           CostChoice: cost_choice, MarketingSale: marketing_sale},
    check_wraps={Produce: check_produce, Sell: check_sell, CostChoice: check_cost_choice,
                 MarketingSale: check_marketing_sale},
    nearest_moves=(production_item_moves,),
    hooks={"set_up": (set_up,), "landed": (on_landed,), "close_year": (on_close_year,),
           "round_end": (on_round_end,), "bankrupt": (on_bankrupt,)},
    auto={SALARIES: auto_salaries, PRODUCTION_ITEM: auto_production},
    waiting_texts={SALARIES: _waiting_salaries, PRODUCTION_ITEM: _waiting_production},
    waiting_params={SALARIES: _current_team, PRODUCTION_ITEM: _current_team},
    asked=(asked,),
    pending_choices={PRODUCTION_ITEM: production_choices},
    turn_choice_filters=(adjust_turn,),
    any_time_choices=(team_any_time,),
    actor_choices=(representative_choices,),
    views=(view,),
    viewers={WORKERS: _representative_present},
    bot_hints=(greedy_hint,),
    sale_limits=(sale_limit,),
)
