"""Phase 5, processing contracts (6.5): the bookkeepers cash out; the bank's fallback sale."""

from __future__ import annotations

from . import cards
from .actions import SellToBank
from .checks import require_waiting
from .core import Turn, bars_to_bank, receive, refuse
from .sales import run_secretaries
from .state import GameState, Team

RULE = "6.5 Processing Contracts"


def cashing_capacity(team: Team) -> int:
    """2 contracts per bookkeeper at work; "Schlapp": one of them cashes only 1."""
    n = team.at_work("bookkeeper")
    return n * cards.BOOKKEEPER_CONTRACTS - (1 if team.schlapp and n else 0)


def run_bookkeepers(turn: Turn) -> None:
    """Each team's bookkeepers cash out the dearest contracts first (the team's best choice:
    every cashed contract is cash, and any left may be lost to an event card)."""
    s = turn.state
    for name in s.order():
        team = s.teams[name]
        n = cashing_capacity(team)
        if not team.bookkeeping or n == 0:
            continue
        team.bookkeeping.sort(key=lambda c: (-c.price, c.month, c.card))
        cashed, team.bookkeeping = team.bookkeeping[:n], team.bookkeeping[n:]
        for c in cashed:
            receive(turn, team, c.price, "bookkeeping", "cashed")
            s.deck.append(c.card)  # the card goes to the bottom of the pile
        turn.emit("contracts_cashed", "all", team=name, cards=[c.card for c in cashed],
                  amount=sum(c.price for c in cashed), waiting=len(team.bookkeeping))
        turn.emit("cash_in", [name], team=name, amount=sum(c.price for c in cashed),
                  cash=team.cash)


def may_sell_to_bank(s: GameState, team: Team) -> bool:
    """6.5: no contract won this month (one lost again does not count) and none left in
    bookkeeping to cash; contracts still in the secretariat do not stop it."""
    return (not team.bankrupt and team.chocolate > 0 and not team.bookkeeping
            and not team.won_this_month(s.month) and team.bank_sold < cards.BANK_SALE_MAX)


def enter_secretaries(turn: Turn) -> None:
    s = turn.state
    run_secretaries(turn)
    run_bookkeepers(turn)
    s.phase = "bank_sale"
    s.waiting = [t.name for t in s.in_game() if may_sell_to_bank(s, t)]


def sell_to_bank(turn: Turn, action: SellToBank) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "bank_sale", RULE)
    most = min(cards.BANK_SALE_MAX - team.bank_sold, team.chocolate)
    if not 1 <= action.bars <= most:
        refuse(f"{team.name} may sell 1 to {most} bars of chocolate to the bank.", RULE,
               "bank_sale_range", bars=action.bars, most=most)
    bars_to_bank(turn, team, "chocolate", action.bars, "cost_of_sales", "bank_sale")
    receive(turn, team, action.bars * cards.BANK_SALE_PRICE, "bank_sales", "bank_sale")
    team.bank_sold += action.bars
    s.waiting.remove(team.name)
    turn.emit("sold_to_bank", "all", team=team.name, bars=action.bars,
              amount=action.bars * cards.BANK_SALE_PRICE)
