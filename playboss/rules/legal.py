"""What an actor may do now.

Legal moves are built as *choices*: an action kind, its fixed fields, and the range of one
parameter (units to buy, Marks to borrow, a machine). ``legal_actions`` expands them into
concrete actions; bots sample from the choices directly, which keeps a simulation fast without a
second copy of the rules. Every action listed here is accepted by ``apply`` (a property test
checks it), and each move of the moment it leaves out is refused by that move's check
(``why.why_not``; ``tests/steps/test_why_not.py`` proves the two agree). The conditions here
are not asked of the checks: a refused check raises, and a ``RuleViolation`` costs 10-15 us
to raise on this machine, against about 1 us for a whole yellow field's choices.
Proposing a private deal is open-ended and never listed.
"""

from __future__ import annotations

from typing import Any

from .actions import (
    AcceptDeal,
    Action,
    Advertise,
    BuyComputer,
    BuyWeb,
    CallTime,
    CostChoice,
    DrawRisk,
    Efficiency,
    Invest,
    LeaseComputer,
    Pass,
    Produce,
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
)
from .choice import Choice
from .constants import (
    COMPUTER_CREDIT,
    COMPUTER_PRICE,
    COST_FIELD_PRODUCTION,
    MACHINE_CREDIT,
    MACHINE_PRICE,
    WEB_ADVERTISING,
    WEB_EFFICIENCY,
    WEB_LEASE,
    WEB_PRICE,
)
from .deals import check_bundle
from .errors import RuleViolation
from .market import open_dimples
from .money import credit_available
from .red_field import production_cost, ready_capacity
from .risk import standard_deck
from .state import BANK, GameState, Team

__all__ = ["Choice", "any_time_choices", "legal_actions", "legal_choices", "turn_choices",
           "waiting_for"]


def legal_actions(state: GameState, actor: str) -> list[Action]:
    out: list[Action] = []
    for choice in legal_choices(state, actor):
        out.extend(choice.expand(actor))
    return out


def legal_choices(state: GameState, actor: str, any_time: bool = True) -> list[Choice]:
    if state.phase == "ended":
        return []
    team = state.teams.get(actor)
    if team is None:
        out = [Choice(CallTime)] if actor == BANK and not state.time_called else []
        for extra in state.rules.actor_choices:
            out.extend(extra(state, actor))
        return out
    if team.bankrupt:
        return []
    out = turn_choices(state, team)
    if any_time:
        out.extend(any_time_choices(state, team))
    return out


def _dice(state: GameState) -> Choice:
    if state.config.dice == "entered":
        return Choice(Roll, param="die", values=range(1, 7))
    return Choice(Roll)


def turn_choices(state: GameState, team: Team) -> list[Choice]:
    """The moves of the turn that wait on this team."""
    out = _base_turn_choices(state, team)
    # The steps in force that change the base model's choices (a sale becomes an offer with
    # a price): none in a base game, where a bot asks for its moves at every action.
    for adjust in state.rules.turn_choice_filters:
        out = adjust(state, team, out)
    return out


def _base_turn_choices(state: GameState, team: Team) -> list[Choice]:
    if state.phase == "order":
        if team.name in state.order_contest and team.name not in state.order_rolls:
            return [_dice(state)]
        return []
    if state.pending:
        # An item of a rule part (a step, the estate auction): its function knows who may
        # act (several teams may).
        pending_choices = state.rules.pending_choices.get(state.pending[0].kind)
        if pending_choices is not None:
            return pending_choices(state, team)
    if state.current != team.name:
        return []
    if not state.pending:
        return [] if state.rolled else [_dice(state)]
    head = state.pending[0].kind
    if head == "red":
        return _red_choices(state, team)
    if head == "green":
        out = [Choice(Pass)]
        if team.cash >= WEB_PRICE and state.web_bank > 0:
            out.append(Choice(BuyWeb))
        return out
    if head == "yellow":
        out = [Choice(CostChoice, {"option": "idle"})]
        if team.finished:
            out.append(Choice(CostChoice, {"option": "sell_half"}))
        units = min(ready_capacity(state, team), team.raw)
        if units and team.cash >= units * COST_FIELD_PRODUCTION:
            out.append(Choice(CostChoice, {"option": "produce"}))
        if team.web:
            out.append(Choice(CostChoice, {"option": "web"}))
        return out
    if head == "white":
        out = [Choice(WriteOff, {"option": "return"}, "machine", list(team.machines))]
        doubles = [m for m in team.machines if state.machines[m].double]
        if doubles:
            out.append(Choice(WriteOff, {"option": "downgrade"}, "machine", doubles))
        if team.web:
            out.append(Choice(WriteOff, {"option": "web"}))
        return out
    if head == "risk":
        return [Choice(DrawRisk, param="card", values=sorted(standard_deck()))]
    if head == "lease":
        out = [Choice(RenewLease, {"renew": False})]
        if team.web >= WEB_LEASE:
            out.append(Choice(RenewLease, {"renew": True}))
        return out
    return []  # "pay": the team raises cash with any-time moves


def _red_choices(state: GameState, team: Team) -> list[Choice]:
    out = [Choice(Pass)]
    # Purchasing: as many units as the team can pay, cheapest zone first (in each zone, as
    # many of its units as the cash left pays for).
    cost = 0
    units = 0
    cash = team.cash
    for price, count in zip(state.config.zone_prices, state.market, strict=False):
        if count:
            if price > 0:
                take = max(0, min(count, (cash - cost) // price))
            else:
                take = count if cost + price <= cash else 0
            cost += take * price
            units += take
    if units:
        out.append(Choice(Purchase, param="units", values=range(1, units + 1)))
    credits = _credit_options(state, team, MACHINE_PRICE, MACHINE_CREDIT)
    if credits and state.machines_in_bank() > 0:
        out.append(Choice(Invest, param="credit", values=credits))
    make = min(ready_capacity(state, team), team.raw, team.cash // production_cost(team))
    if make:
        out.append(Choice(Produce, param="units", values=range(1, make + 1)))
    sell = min(team.finished, open_dimples(state.market, state.config.zone_capacity))
    if sell:
        out.append(Choice(Sell, param="units", values=range(1, sell + 1)))
    return out


def _credit_options(state: GameState, team: Team, price: int, most: int) -> list[int]:
    """Credits that make a purchase of ``price`` possible, in the bank's steps."""
    step = state.config.credit_step
    need = max(0, price - team.cash)
    low = -(-need // step) * step
    if low > most:  # more than any credit could give (top <= most): no need to ask the bank
        return []
    top = min(most, credit_available(state, team, most))
    top -= top % step
    return list(range(low, top + 1, step)) if low <= top else []


def any_time_choices(state: GameState, team: Team) -> list[Choice]:
    out: list[Choice] = []
    for extra in state.rules.any_time_choices:
        out.extend(extra(state, team))
    step = state.config.credit_step
    available = credit_available(state, team)
    if available >= step:
        out.append(Choice(TakeCredit, param="amount",
                          values=range(step, available - available % step + 1, step),
                          any_time=True))
    if team.bank_debt and team.cash:
        most = min(team.bank_debt, team.cash)
        amounts = list(range(step, most + 1, step))
        if most < step or most % step:  # ``most`` is not among the steps: the rest, too
            amounts.append(most)
        out.append(Choice(RepayCredit, param="amount", values=amounts, any_time=True))
    if team.raw:
        out.append(Choice(SellBack, {"item": "raw"}, "units", range(1, team.raw + 1),
                          any_time=True))
    if team.finished:
        out.append(Choice(SellBack, {"item": "finished"}, "units",
                          range(1, team.finished + 1), any_time=True))
    owned = [m for m in team.machines if state.machines[m].owner == team.name]
    if owned:
        out.append(Choice(SellBack, {"item": "machine"}, "machine", owned, any_time=True))
    if team.computers_owned:
        out.append(Choice(SellBack, {"item": "computer"}, any_time=True))
    if team.web >= WEB_EFFICIENCY:
        singles = [m for m in team.machines if not state.machines[m].double]
        if singles:
            out.append(Choice(Efficiency, param="machine", values=singles, any_time=True))
    if team.web >= WEB_ADVERTISING and not team.advertising:
        out.append(Choice(Advertise, any_time=True))
    if not team.has_computer:
        # Counting the computers in the bank only when the team could lease or buy one.
        lease = team.web >= WEB_LEASE
        credits = _credit_options(state, team, COMPUTER_PRICE, COMPUTER_CREDIT)
        if (lease or credits) and state.computers_in_bank() > 0:
            if lease:
                out.append(Choice(LeaseComputer, any_time=True))
            if credits:
                out.append(Choice(BuyComputer, param="credit", values=credits,
                                  any_time=True))
    for deal in state.deals.values():
        if deal.partner == team.name:
            out.append(Choice(RejectDeal, {"deal": deal.id}, any_time=True))
            if _deal_possible(state, deal):
                out.append(Choice(AcceptDeal, {"deal": deal.id}, any_time=True))
        elif deal.proposer == team.name:
            out.append(Choice(WithdrawDeal, {"deal": deal.id}, any_time=True))
    for loan in state.loans.values():
        if loan.borrower == team.name and team.cash:
            out.append(Choice(RepayPrivate, {"loan": loan.id}, "amount",
                              [min(loan.amount, team.cash)], any_time=True))
    return out


def _deal_possible(state: GameState, deal: Any) -> bool:
    try:
        proposer, partner = state.teams[deal.proposer], state.teams[deal.partner]
        check_bundle(state, proposer, partner, deal.give)
        check_bundle(state, partner, proposer, deal.take)
    except RuleViolation:
        return False
    return not (deal.give.get("computers") and deal.take.get("computers"))


def waiting_for(state: GameState) -> list[str]:
    """Who the game waits on to go on: the team whose turn it is, or those still to roll for
    first place. Others may act at any time."""
    if state.phase == "order":
        return [t for t in state.order_contest if t not in state.order_rolls]
    if state.phase == "turn" and state.current:
        if state.pending:
            waiting_on = state.rules.waiting_on.get(state.pending[0].kind)
            if waiting_on is not None:
                return waiting_on(state)
        return [state.current]
    return []


def asked(state: GameState) -> list[str]:
    """Who a question waits for beside play (step 6: the worker representative while a
    team's hiring offer is open), in no turn's way: they answer when they like, and
    ``waiting_for`` does not name them. A driver of bots lets a bot among them answer."""
    out: list[str] = []
    for ask in state.rules.asked:
        for actor in ask(state):
            if actor not in out:
                out.append(actor)
    return out


def to_move(state: GameState) -> str:
    """Who moves next where every seat is a bot: one asked beside play first (a bot answers
    at once), else the first the game waits for. The drivers of bot games (``simulate``, the
    strong bot's playouts, the benchmarks) take turns by it."""
    for actor in asked(state):
        return actor
    return waiting_for(state)[0]

