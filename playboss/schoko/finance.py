"""Phase 7, financials (6.7): repayments and shares, then interest; loans at any time."""

from __future__ import annotations

from . import cards
from .actions import BuyShares, EndFinance, Repay, SellShares, TakeLoan
from .books import take_share
from .checks import require_waiting
from .core import Turn, money, pay, pay_forced, refuse, take_loans

RULE = "6.7 Financials"


def enter_finance(turn: Turn) -> None:
    s = turn.state
    s.phase = "finance"
    s.waiting = s.order()


def _count(count: int) -> None:
    if count < 1:
        refuse("Give a number, at least 1.", RULE, "count_at_least_one", count=count)


def take_loan(turn: Turn, action: TakeLoan) -> None:
    """Any time, while the bank has loan cards (6.7)."""
    s = turn.state
    team = s.teams[action.actor]
    _count(action.count)
    if action.count > s.loan_cards:
        refuse(f"The bank has {s.loan_cards} loan cards left.", RULE, "no_loan_cards",
               left=s.loan_cards, count=action.count)
    take_loans(turn, team, action.count)


def repay(turn: Turn, action: Repay) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "finance", RULE)
    _count(action.count)
    if action.count > team.loans:
        refuse(f"{team.name} holds {team.loans} loan cards.", RULE, "repay_more_than_loans",
               loans=team.loans, count=action.count)
    due = action.count * (cards.LOAN + cards.INTEREST)
    if due > team.cash:
        refuse(f"Repaying costs {money(due)} (50,000 and this month's 10,000 a card); "
               f"{team.name} has {money(team.cash)}.", RULE, "repay_needs_cash", due=due,
               cash=team.cash)
    pay(turn, team, action.count * cards.LOAN, "loans", "repay")
    pay(turn, team, action.count * cards.INTEREST, "interest", "interest")
    team.loans -= action.count
    s.loan_cards += action.count
    turn.emit("loan_repaid", "all", team=team.name, count=action.count, amount=due)


def buy_shares(turn: Turn, action: BuyShares) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "finance", RULE)
    _count(action.count)
    value = s.config.share_value(s.month)
    if action.count > s.share_certificates:
        refuse(f"The bank has {s.share_certificates} share certificates left.",
               "Game Materials", "no_share_certificates", left=s.share_certificates)
    if action.count * value > team.cash:
        refuse(f"{action.count} shares at {money(value)} cost {money(action.count * value)};"
               f" {team.name} has {money(team.cash)}.", RULE, "shares_need_cash",
               count=action.count, value=value, cash=team.cash)
    pay(turn, team, action.count * value, "shares", "shares_bought")
    team.shares += action.count
    s.share_certificates -= action.count
    turn.emit("shares_bought", "all", team=team.name, count=action.count, value=value)


def sell_shares(turn: Turn, action: SellShares) -> None:
    """Selling is read from the rulebook's example ("sell it at the end of June"): in
    phase 7 at the month's value."""
    s = turn.state
    team = require_waiting(s, action.actor, "finance", RULE)
    _count(action.count)
    if action.count > team.shares:
        refuse(f"{team.name} holds {team.shares} shares.", RULE, "sell_more_than_shares",
               shares=team.shares, count=action.count)
    value = s.config.share_value(s.month)
    cost = take_share(s.books, team.name, "shares", action.count, team.shares)
    proceeds = action.count * value
    team.cash += proceeds
    turn.book(team.name, "cash", "shares", cost, "shares_sold")
    if proceeds >= cost:
        turn.book(team.name, "cash", "share_gains", proceeds - cost, "shares_sold")
    else:
        turn.book(team.name, "share_losses", "cash", cost - proceeds, "shares_sold")
    team.shares -= action.count
    s.share_certificates += action.count
    turn.emit("shares_sold", "all", team=team.name, count=action.count, value=value)


def end_finance(turn: Turn, action: EndFinance) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "finance", RULE)
    s.waiting.remove(team.name)
    turn.emit("finance_done", "all", team=team.name)


def charge_interest(turn: Turn) -> None:
    """10,000 for every loan card held at the end of phase 7, even one taken this month."""
    s = turn.state
    for name in s.order():
        team = s.teams[name]
        if team.loans:
            due = team.loans * cards.INTEREST
            turn.emit("interest_due", "all", team=name, loans=team.loans, amount=due)
            pay_forced(turn, team, due, "interest", "interest")
