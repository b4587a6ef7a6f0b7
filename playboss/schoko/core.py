"""What every phase's rules use: the turn's context (events, chance), refusals, and the
movements of money and bars, each booked in the journal as it happens.

A handler checks everything first (``refuse`` raises ``RuleViolation`` before anything
changed); only then does it call these helpers.
"""

from __future__ import annotations

from typing import Any, NoReturn

from ..common.errors import RuleViolation
from . import cards
from .books import take_share
from .state import GameState, Team

Event = dict[str, Any]


class Turn:
    """One ``apply``: the state, the events it tells, the chance outcomes it drew (and those a
    log recorded, which it uses instead)."""

    __slots__ = ("state", "events", "recorded", "drawn")

    def __init__(self, state: GameState, recorded: dict[str, Any] | None) -> None:
        self.state = state
        self.events: list[Event] = []
        self.recorded = recorded or {}
        self.drawn: dict[str, Any] = {}

    def emit(self, code: str, audience: str | list[str] = "all", /, **params: Any) -> None:
        params["type"] = code
        params["audience"] = audience
        self.events.append(params)

    def book(self, team: str, debit: str, credit: str, amount: int, reason: str) -> None:
        s = self.state
        s.books.post(s.seq, s.month, team, debit, credit, amount, reason)


def refuse(message: str, rule: str, code: str, **params: Any) -> NoReturn:
    raise RuleViolation(message, rule, code=code, params=params)


def money(amount: int) -> str:
    return f"{amount:,}"


# ---------------------------------------------------------------- cash
def receive(turn: Turn, team: Team, amount: int, credit: str, reason: str) -> None:
    team.cash += amount
    turn.book(team.name, "cash", credit, amount, reason)


def pay(turn: Turn, team: Team, amount: int, debit: str, reason: str) -> None:
    """A payment the handler has checked the cash for."""
    team.cash -= amount
    turn.book(team.name, debit, "cash", amount, reason)


def take_loans(turn: Turn, team: Team, count: int, auto: bool = False) -> None:
    s = turn.state
    s.loan_cards -= count
    team.loans += count
    receive(turn, team, cards.LOAN * count, "loans", "loan")
    turn.emit("loan_taken", "all", team=team.name, count=count, amount=cards.LOAN * count,
              auto=auto, cards_left=s.loan_cards)


def pay_forced(turn: Turn, team: Team, amount: int, debit: str, reason: str,
               to: Team | None = None) -> int:
    """A payment the rules demand (interest, a tax, a card). Short of cash, the team takes
    loan cards while the bank has any ("If you don't have enough money, you can always take
    out a loan"); with none left it pays what it has and is bankrupt (docs/schoko/rules.md,
    "Bankruptcy"). Returns what was paid."""
    if amount <= 0 or team.bankrupt:
        return 0
    s = turn.state
    while team.cash < amount and s.loan_cards > 0:
        take_loans(turn, team, 1, auto=True)
    paid = min(amount, team.cash)
    pay(turn, team, paid, debit, reason)
    if to is not None:
        receive(turn, to, paid, "received", reason)
    if paid < amount:
        turn.emit("payment_short", "all", team=team.name, amount=amount, paid=paid,
                  reason=reason)
        go_bankrupt(turn, team)
    return paid


# ---------------------------------------------------------------- bars
def bars_to_bank(turn: Turn, team: Team, store: str, bars: int, debit: str,
                 reason: str) -> int:
    """Bars out of a team's ``store`` ("cocoa"/"chocolate") back to the bank, their cost
    booked to ``debit``; returns that cost."""
    if bars <= 0:
        return 0
    have = getattr(team, store)
    cost = take_share(turn.state.books, team.name, store, bars, have)
    setattr(team, store, have - bars)
    turn.state.bank_bars += bars
    turn.book(team.name, debit, store, cost, reason)
    return cost


# ---------------------------------------------------------------- bankruptcy
def go_bankrupt(turn: Turn, team: Team) -> None:
    """A payment the team cannot make with no loan card left: it drops out. Its staff,
    bars, contract cards, loan cards and shares go back to the bank; it ranks after every
    team still in (docs/schoko/rules.md, "Bankruptcy")."""
    s = turn.state
    if team.bankrupt:
        return
    name = team.name
    for kind in cards.STAFF:
        s.bank_staff[kind] += team.staff[kind]
        team.staff[kind] = 0
    for store in ("cocoa", "chocolate"):
        bars = getattr(team, store)
        s.bank_bars += bars
        setattr(team, store, 0)
    for pile in (team.secretariat, team.bookkeeping):
        for c in pile:
            s.deck.append(c.card)
        pile.clear()
    s.loan_cards += team.loans
    s.share_certificates += team.shares
    team.loans = team.shares = 0
    s.bank_bars += 0
    # write the whole balance sheet off, so the books show nothing left
    account = s.books.balances.get(name)
    if account:
        for acc in ("cash", "cocoa", "chocolate", "secretariat", "bookkeeping", "shares",
                    "loans"):
            value = account[acc]
            if value > 0:
                turn.book(name, "bankruptcy", acc, value, "bankruptcy")
            elif value < 0:
                turn.book(name, acc, "bankruptcy", -value, "bankruptcy")
    team.cash = 0
    team.bankrupt = True
    team.out_month = s.month
    team.park = None
    if name in s.waiting:
        s.waiting.remove(name)
    if name in s.interrupt:
        s.interrupt.remove(name)
    s.sealed.pop(name, None)
    m = s.meeting
    if m is not None and name in m.joined:
        i = m.joined.index(name)
        m.joined.remove(name)
        if i < m.asked:
            m.asked -= 1
    if s.last_sale is not None and s.last_sale[0] == name:
        s.last_sale = None
    turn.emit("bankrupt", "all", team=name)
