"""What an actor may do now.

Legal moves are built as *choices*: an action kind, its fixed fields, and the range of one
parameter (units to buy, Marks to borrow, a machine). ``legal_actions`` expands them into
concrete actions; bots sample from the choices directly, which keeps a simulation fast without a
second copy of the rules. Every action listed here is accepted by ``apply`` (a property test
checks it).

A move's conditions live once, in its check (``RulePart.checks``, the function its handler
calls first). A move of one instance — an option of the yellow or white field, a WEB chip, a
WEB option, a computer, accepting a deal — is listed when its check lets it through
(``turn_checks.allowed``). A range of units or credits is bounded by the function its check
compares against, which sits beside the check (``red_field.most_units_to_buy``,
``money.credit_options`` ...): asking the check for each value would raise and catch a
refusal per value. Each move of the moment left out is refused by that move's check
(``why.why_not``; ``tests/steps/test_why_not.py`` proves the two agree).
Proposing a private deal is open-ended and never listed.
"""

from __future__ import annotations

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
from .constants import COMPUTER_CREDIT, COMPUTER_PRICE, MACHINE_CREDIT, MACHINE_PRICE
from .money import credit_available, credit_options, repayment_options
from .red_field import most_units_to_buy, most_units_to_produce, most_units_to_sell
from .risk import standard_deck
from .state import BANK, GameState, Team
from .turn_checks import allowed

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


#: The yellow field's options, in the order a page lists them.
COST_OPTIONS = ("idle", "sell_half", "produce", "web")


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
    name = team.name
    if head == "green":
        out = [Choice(Pass)]
        if allowed(state, BuyWeb(name)):
            out.append(Choice(BuyWeb))
        return out
    if head == "yellow":
        return [Choice(CostChoice, {"option": option}) for option in COST_OPTIONS
                if allowed(state, CostChoice(name, option=option))]
    if head == "white":
        out = [Choice(WriteOff, {"option": "return"}, "machine", list(team.machines))]
        doubles = [m for m in team.machines
                   if allowed(state, WriteOff(name, option="downgrade", machine=m))] \
            if allowed(state, WriteOff(name, option="downgrade")) else []
        if doubles:
            out.append(Choice(WriteOff, {"option": "downgrade"}, "machine", doubles))
        if allowed(state, WriteOff(name, option="web")):
            out.append(Choice(WriteOff, {"option": "web"}))
        return out
    if head == "risk":
        return [Choice(DrawRisk, param="card", values=sorted(standard_deck()))]
    if head == "lease":
        out = [Choice(RenewLease, {"renew": False})]
        if allowed(state, RenewLease(name, renew=True)):
            out.append(Choice(RenewLease, {"renew": True}))
        return out
    return []  # "pay": the team raises cash with any-time moves


def _red_choices(state: GameState, team: Team) -> list[Choice]:
    name = team.name
    out = [Choice(Pass)]
    # A range of units or credits is bounded by the functions its check compares against
    # (they sit beside the check); a move of one instance is asked of the check itself.
    units = most_units_to_buy(state, team)
    if units:
        out.append(Choice(Purchase, param="units", values=range(1, units + 1)))
    credits = credit_options(state, team, MACHINE_PRICE, MACHINE_CREDIT)
    if credits and allowed(state, Invest(name, credit=credits[0])):
        out.append(Choice(Invest, param="credit", values=credits))
    make = most_units_to_produce(state, team)
    if make:
        out.append(Choice(Produce, param="units", values=range(1, make + 1)))
    sell = most_units_to_sell(state, team)
    if sell:
        out.append(Choice(Sell, param="units", values=range(1, sell + 1)))
    return out


def any_time_choices(state: GameState, team: Team) -> list[Choice]:
    out: list[Choice] = []
    for extra in state.rules.any_time_choices:
        out.extend(extra(state, team))
    name = team.name
    step = state.config.credit_step
    available = credit_available(state, team)
    if available >= step:
        out.append(Choice(TakeCredit, param="amount",
                          values=range(step, available - available % step + 1, step),
                          any_time=True))
    amounts = repayment_options(state, team)
    if amounts:
        out.append(Choice(RepayCredit, param="amount", values=amounts, any_time=True))
    if team.raw:
        out.append(Choice(SellBack, {"item": "raw"}, "units", range(1, team.raw + 1),
                          any_time=True))
    if team.finished:
        out.append(Choice(SellBack, {"item": "finished"}, "units",
                          range(1, team.finished + 1), any_time=True))
    owned = [m for m in team.machines if state.machines[m].owner == name]
    if owned:
        out.append(Choice(SellBack, {"item": "machine"}, "machine", owned, any_time=True))
    if allowed(state, SellBack(name, item="computer")):
        out.append(Choice(SellBack, {"item": "computer"}, any_time=True))
    # Unnamed, the check picks the first machine that fits: asked first, it spares a refusal
    # per machine when no machine can be improved.
    singles = [m for m in team.machines if allowed(state, Efficiency(name, machine=m))] \
        if allowed(state, Efficiency(name)) else []
    if singles:
        out.append(Choice(Efficiency, param="machine", values=singles, any_time=True))
    if allowed(state, Advertise(name)):
        out.append(Choice(Advertise, any_time=True))
    if allowed(state, LeaseComputer(name)):
        out.append(Choice(LeaseComputer, any_time=True))
    credits = credit_options(state, team, COMPUTER_PRICE, COMPUTER_CREDIT)
    if credits and allowed(state, BuyComputer(name, credit=credits[0])):
        out.append(Choice(BuyComputer, param="credit", values=credits, any_time=True))
    for deal in state.deals.values():
        if deal.partner == name:
            out.append(Choice(RejectDeal, {"deal": deal.id}, any_time=True))
            if allowed(state, AcceptDeal(name, deal=deal.id)):
                out.append(Choice(AcceptDeal, {"deal": deal.id}, any_time=True))
        elif deal.proposer == name:
            out.append(Choice(WithdrawDeal, {"deal": deal.id}, any_time=True))
    for loan in state.loans.values():
        if loan.borrower == name and team.cash:
            out.append(Choice(RepayPrivate, {"loan": loan.id}, "amount",
                              [min(loan.amount, team.cash)], any_time=True))
    return out


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

