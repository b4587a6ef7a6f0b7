"""Which rules a game plays by: the parts of the rulebook, in the order they compose.

Read this file to know what a game does. ``PARTS`` lists every part: the base model (rulebook
part I), the auction of a bankrupt team's assets, the six expansion steps (part II) and buying
a business. ``rules_for(config)`` composes the parts the config switches on into the game's
``RuleSet`` (``ruleset.compose``; cached per combination of parts in force, so every state of
a game, and every game with the same steps, share one). Nothing registers itself anywhere: a
game with steps 1 and 6 and a game with none live side by side in one process.

The order matters where parts change the same thing, and is the order of ``PARTS``:

* **Wrapping.** A part's ``wraps`` wrap the handler in force before it. The base model's
  ``sell`` is wrapped by step 1 (a sale becomes an offer), then by step 6 (fresh goods cannot be
  sold); ``pass`` by step 3 (the marketing sale), then step 6 (the production item);
  ``purchase`` by step 2 (the auction); ``produce``, the yellow field's ``cost`` and ``roll`` by
  step 6; step 3's own ``marketing_sale`` by step 6.
* **Hooks, choices, views, checks, hints** run in part order: at a bankruptcy step 2 drops its
  auction, step 3 frees the troughs, step 6 settles the workers; a year closes with step 4's
  tax before step 6's first lap.
* **What may be sold** (``sale_limits``): step 6 holds back fresh goods from step 1's offers and
  step 3's organizations.
* **The final ranking**: step 5's goal variant replaces the base model's order.
"""

from __future__ import annotations

from typing import Any

from . import any_time, bank_director, bankruptcy, deals, fields, nearest, red_field, turn_flow
from .actions import INT_FIELDS as BASE_INT_FIELDS
from .actions import (
    AcceptDeal,
    Action,
    Advertise,
    BuyComputer,
    BuyWeb,
    CallTime,
    Correction,
    CostChoice,
    DrawRisk,
    Efficiency,
    Invest,
    LeaseComputer,
    Pass,
    Produce,
    ProposeDeal,
    Purchase,
    RejectDeal,
    RenewLease,
    RepayCredit,
    RepayPrivate,
    Roll,
    Sell,
    SellBack,
    TakeCredit,
    WithdrawDeal,
    WriteOff,
    parse_action,
)
from .config import GameConfig
from .ruleset import RulePart, RuleSet, compose, in_force
from .state import BANK
from .steps import auction, goals, marketing, takeover, taxation
from .steps.free_market.part import PART as FREE_MARKET
from .steps.labor.part import PART as LABOR_MARKET

#: The base model (rulebook part I, "Preparation for Play" to "End of the Game"): the turn,
#: the red decision field, the board's other fields, the moves open at any time, private
#: business and the bank director's moves.
BASE = RulePart(
    name="the base model",
    handlers={
        Roll: turn_flow.roll,
        Purchase: red_field.purchase,
        Invest: red_field.invest,
        Produce: red_field.produce,
        Sell: red_field.sell,
        Pass: red_field.pass_move,
        BuyWeb: fields.buy_web,
        CostChoice: fields.cost_choice,
        WriteOff: fields.write_off,
        DrawRisk: fields.draw_risk,
        RenewLease: fields.renew_lease,
        TakeCredit: any_time.take_credit,
        RepayCredit: any_time.repay_credit,
        SellBack: any_time.sell_back,
        Efficiency: any_time.efficiency,
        Advertise: any_time.advertise,
        LeaseComputer: any_time.lease_computer,
        BuyComputer: any_time.buy_computer,
        ProposeDeal: deals.propose_deal,
        AcceptDeal: deals.accept_deal,
        RejectDeal: deals.reject_deal,
        WithdrawDeal: deals.withdraw_deal,
        RepayPrivate: deals.repay_private,
        CallTime: bank_director.call_time,
        Correction: bank_director.correction,
    },
    checks={
        Purchase: red_field.check_purchase,
        Invest: red_field.check_invest,
        Produce: red_field.check_produce,
        Sell: red_field.check_sell,
        BuyWeb: fields.check_buy_web,
        CostChoice: fields.check_cost_choice,
        WriteOff: fields.check_write_off,
        RenewLease: fields.check_renew_lease,
        TakeCredit: any_time.check_take_credit,
        RepayCredit: any_time.check_repay_credit,
        SellBack: any_time.check_sell_back,
        Efficiency: any_time.check_efficiency,
        Advertise: any_time.check_advertise,
        LeaseComputer: any_time.check_lease_computer,
        BuyComputer: any_time.check_buy_computer,
        AcceptDeal: deals.check_accept_deal,
        RejectDeal: deals.check_reject_deal,
        WithdrawDeal: deals.check_withdraw_deal,
        RepayPrivate: deals.check_repay_private,
    },
    actor_actions={BANK: frozenset({CallTime, Correction})},
    nearest_moves=(nearest.base_moves,),
)

#: Every part of the rules, in the order they compose (see the module's docstring).
PARTS: tuple[RulePart, ...] = (
    BASE,
    bankruptcy.PART,  # part I: a bankrupt team's assets auctioned (every game)
    FREE_MARKET,  # step 1: free market for sales
    auction.PART,  # step 2: competition during purchasing
    marketing.PART,  # step 3: marketing organizations
    taxation.PART,  # step 4: taxation
    goals.PART,  # step 5: various game goals
    LABOR_MARKET,  # step 6: labor market (last of the steps: it wraps what they made)
    takeover.PART,  # buying a business (steps 4 and 6)
)

#: Every move of every part, by its type: what a game log or a request may name (a move of a
#: step the game does not play is read, and refused by the step's own words).
ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls for part in PARTS for cls in part.handlers}
#: Field names that hold whole numbers, in every move that has them.
INT_FIELDS: frozenset[str] = BASE_INT_FIELDS.union(*(part.int_fields for part in PARTS))


def action_from_dict(data: Any) -> Action:
    """Read one move from JSON (a log entry, a request); junk gets a clear message, never a
    crash."""
    return parse_action(data, ACTION_TYPES, INT_FIELDS)


_COMPOSED: dict[tuple[bool, ...], RuleSet] = {}


def rules_in_force(switched_on: tuple[bool, ...]) -> RuleSet:
    """The rule set of the parts switched on (one flag per part of ``PARTS``), composed once
    per process."""
    rules = _COMPOSED.get(switched_on)
    if rules is None:
        rules = _COMPOSED[switched_on] = compose(PARTS, switched_on, rules_in_force)
    return rules


def rules_for(config: GameConfig) -> RuleSet:
    """The rules a game with this config plays by (cached: asked when a game is set up or
    read from a snapshot, not per move; the state keeps its rules)."""
    return rules_in_force(in_force(PARTS, config))


def with_parts(rules: RuleSet, *extra: RulePart) -> RuleSet:
    """``rules`` and, after its parts, ``extra`` in force: a rule set for one state (a test
    listening at a hook point, a house rule tried out). Not cached and not picklable."""
    return compose(PARTS + extra, rules.in_force + (True,) * len(extra))
