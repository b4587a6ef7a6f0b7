"""The secretaries (6.4 "Secretarial work") and phase 5, processing contracts (6.5): the
team chooses which contracts when it has more than its staff can handle; the bank's fallback
sale."""

from __future__ import annotations

from collections.abc import Callable

from . import cards
from .actions import CashOut, Process, SellToBank
from .checks import require_waiting
from .core import Turn, bars_to_bank, receive, refuse
from .state import Contract, GameState, Team

RULE = "6.5 Processing Contracts"


def cashing_capacity(team: Team) -> int:
    """2 contracts per bookkeeper at work; "Schlapp": one of them cashes only 1."""
    n = team.at_work("bookkeeper")
    return n * cards.BOOKKEEPER_CONTRACTS - (1 if team.schlapp and n else 0)


# ---------------------------------------------------------------- the team's choices
def secretary_choice(team: Team) -> tuple[list[Contract], list[Contract], int]:
    """6.4 "Make sure that contracts are kept in the order of the month in which they have
    been taken ... any old ones remaining from the previous month must be processed": the
    contracts processed whatever the team says (older months first), the month's contracts
    it chooses among ("1 of February's contracts of your choice"), and how many of them."""
    n = team.at_work("secretary") * cards.SECRETARY_CONTRACTS
    pile = sorted(team.secretariat, key=_month)  # stable: the order they were won
    if len(pile) <= n:
        return pile, [], 0
    month = pile[n - 1].month if n else 0
    forced = [c for c in pile if c.month < month]
    pool = [c for c in pile if c.month == month]
    if n - len(forced) >= len(pool):
        return forced + pool, [], 0
    return forced, pool, n - len(forced)


def bookkeeper_choice(team: Team) -> tuple[list[Contract], list[Contract], int]:
    """6.5 "If you have more contracts than your bookkeepers can cash out, then choose the
    best ones": all of them when they fit, else the team chooses ``n`` from the pile."""
    n = cashing_capacity(team)
    if len(team.bookkeeping) <= n:
        return list(team.bookkeeping), [], 0
    return [], list(team.bookkeeping), n


def _month(c: Contract) -> int:
    return c.month


CHOICE = {"process": secretary_choice, "cash_out": bookkeeper_choice}


def still_choosing(s: GameState, team: Team) -> bool:
    forced, pool, k = CHOICE[s.phase](team)
    return k > 0 and len(s.sealed.get(team.name, ())) < k


def refresh_choosers(s: GameState) -> None:
    """Who still chooses, again (an express card can send a secretary or a bookkeeper away
    while the teams choose)."""
    if s.phase in CHOICE:
        s.waiting = [n for n in s.order() if still_choosing(s, s.teams[n])]


def _chosen(s: GameState, team: Team, dearest: Callable[[Contract], tuple[int, ...]]
            ) -> list[Contract]:
    """What is processed or cashed: the forced contracts, then the team's choices in the
    order given; if an express card took a choice away, the dearest for what is left."""
    forced, pool, k = CHOICE[s.phase](team)
    if not k:
        return forced
    named = s.sealed.get(team.name, [])
    picked = [c for card in named for c in pool if c.card == card]
    picked += sorted((c for c in pool if c.card not in named), key=dearest)
    return forced + picked[:k]


def enter_secretaries(turn: Turn) -> None:
    """After the meetings: the teams with more contracts of a month than secretaries for them
    choose which (``process`` moves, all teams at once)."""
    s = turn.state
    s.phase = "process"
    s.sealed = {}
    refresh_choosers(s)


def choose_contract(turn: Turn, action: Process | CashOut) -> None:
    s = turn.state
    phase = "process" if type(action) is Process else "cash_out"
    rule = action.rule
    team = require_waiting(s, action.actor, phase, rule)
    forced, pool, k = CHOICE[phase](team)
    chosen = s.sealed.get(team.name, [])
    if action.card not in [c.card for c in pool] or action.card in chosen:
        left = [c.card for c in pool if c.card not in chosen]
        refuse(f"{team.name} chooses among the contracts {left}.", rule,
               "contract_not_to_choose", card=action.card, cards=left)
    chosen = s.sealed[team.name] = [*chosen, action.card]  # a new list: clones share it
    if len(chosen) >= k:
        s.waiting.remove(team.name)
    turn.emit("contract_chosen", [team.name], team=team.name, card=action.card, phase=phase)


def finish_process(turn: Turn) -> str:
    """6.4 "Secretarial work": each secretary at work passes one contract to bookkeeping."""
    s = turn.state
    for name in s.order():
        team = s.teams[name]
        moved = _chosen(s, team, _dearest_oldest)
        if not moved:
            continue
        # the piles are kept oldest month first, the dearest first within a month
        moved.sort(key=_oldest_dearest)
        ids = {id(c) for c in moved}
        team.secretariat = sorted((c for c in team.secretariat if id(c) not in ids),
                                  key=_oldest_dearest)
        for c in moved:
            team.bookkeeping.append(c)
            turn.book(name, "bookkeeping", "secretariat", c.price, "processed")
        turn.emit("contracts_processed", "all", team=name, cards=[c.card for c in moved],
                  waiting=len(team.secretariat))
    return "cash_out"


def enter_cash_out(turn: Turn) -> None:
    s = turn.state
    s.phase = "cash_out"
    s.sealed = {}
    refresh_choosers(s)


def finish_cash_out(turn: Turn) -> str:
    """6.5 the bookkeepers cash out; the cards go to the bottom of the pile."""
    s = turn.state
    for name in s.order():
        team = s.teams[name]
        cashed = _chosen(s, team, _dearest_oldest)
        if not cashed:
            continue
        # cards go under the deck, and the pile stays, the dearest first
        cashed.sort(key=_dearest_oldest)
        ids = {id(c) for c in cashed}
        team.bookkeeping = sorted((c for c in team.bookkeeping if id(c) not in ids),
                                  key=_dearest_oldest)
        for c in cashed:
            receive(turn, team, c.price, "bookkeeping", "cashed")
            s.deck.append(c.card)
        turn.emit("contracts_cashed", "all", team=name, cards=[c.card for c in cashed],
                  amount=sum(c.price for c in cashed), waiting=len(team.bookkeeping))
        turn.emit("cash_in", [name], team=name, amount=sum(c.price for c in cashed),
                  cash=team.cash)
    s.sealed = {}
    return "bank_sale"


def enter_bank_sale(turn: Turn) -> None:
    s = turn.state
    s.phase = "bank_sale"
    s.waiting = [t.name for t in s.in_game() if may_sell_to_bank(s, t)]


def _dearest_oldest(c: Contract) -> tuple[int, ...]:
    return (-c.price, c.month, c.card)


def _oldest_dearest(c: Contract) -> tuple[int, ...]:
    return (c.month, -c.price, c.card)


def may_sell_to_bank(s: GameState, team: Team) -> bool:
    """6.5: no contract won this month (one lost again does not count) and none left in
    bookkeeping to cash; contracts still in the secretariat do not stop it."""
    return (not team.bankrupt and team.chocolate > 0 and not team.bookkeeping
            and not team.won_this_month(s.month) and team.bank_sold < cards.BANK_SALE_MAX)


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
