"""What must hold after every action; ``check`` raises ``AssertionError`` naming the break.

114 bars conserved over stores, market and bank; every staff token either with a team or the
bank; 13 loan cards and 10 share certificates likewise; 23 contract cards in the deck, the
meeting, secretariats and bookkeeping; no negative cash; the journal agrees with the table.
"""

from __future__ import annotations

from . import cards
from .books import ACCOUNTS
from .state import GameState

_ZERO = dict.fromkeys(ACCOUNTS, 0)
_BARS, _STORE, _LOAN = cards.BARS, cards.STORE, cards.LOAN
_TOKENS = tuple(cards.TOKENS[k] for k in ("worker", "sales", "secretary", "bookkeeper"))


def check(state: GameState) -> None:
    """Every invariant, raising ``AssertionError`` that names the first break. It runs after
    every action of a bot game, so the usual case is one quick pass (each team's fields and
    ledger account read once, one test per team, the contract cards as a set); only when that
    pass finds a fault does ``_explain`` go through the invariants one by one for the
    message."""
    s = state
    bank = s.bank_staff
    bars = s.bank_bars + sum(s.market)
    loans = s.loan_cards
    shares = s.share_certificates
    workers, sales, secretaries, bookkeepers = (
        bank["worker"], bank["sales"], bank["secretary"], bank["bookkeeper"])
    held = s.deck.copy()
    if s.meeting is not None:
        held.append(s.meeting.card)
    balances = s.books.balances
    ok = True
    for t in s.teams.values():
        cash, cocoa, chocolate = t.cash, t.cocoa, t.chocolate
        bars += cocoa + chocolate
        loans += t.loans
        shares += t.shares
        st = t.staff
        workers += st["worker"]
        sales += st["sales"]
        secretaries += st["secretary"]
        bookkeepers += st["bookkeeper"]
        account = balances.get(t.name, _ZERO)
        processing = 0
        if t.secretariat:
            for c in t.secretariat:
                processing += c.price
                held.append(c.card)
        cashing = 0
        if t.bookkeeping:
            for c in t.bookkeeping:
                cashing += c.price
                held.append(c.card)
        if not (cash >= 0 and 0 <= cocoa <= _STORE and 0 <= chocolate <= _STORE
                and account["cash"] == cash and -account["loans"] == t.loans * _LOAN
                and account["secretariat"] == processing
                and account["bookkeeping"] == cashing
                and (cocoa or not account["cocoa"])
                and (chocolate or not account["chocolate"])
                and not (t.bankrupt and (cash or t.headcount()))):
            ok = False
    cards_ok = len(held) == len(s.config.contracts) and set(held) == _card_set(len(held))
    if (ok and cards_ok and bars == _BARS
            and (workers, sales, secretaries, bookkeepers) == _TOKENS
            and min(bank.values()) >= 0 and loans == cards.LOAN_CARDS and s.loan_cards >= 0
            and shares == cards.SHARE_CERTIFICATES and s.share_certificates >= 0):
        return
    _explain(state)
    raise AssertionError("an invariant broke")  # _explain found none: a fault of check itself


def _explain(state: GameState) -> None:
    """The invariants one by one, each assert naming what broke: run when ``check``'s quick
    pass found something wrong."""
    s = state
    teams = list(s.teams.values())
    bars = s.bank_bars + sum(s.market)
    loans = s.loan_cards
    shares = s.share_certificates
    bank = s.bank_staff
    workers, sales, secretaries, bookkeepers = (
        bank["worker"], bank["sales"], bank["secretary"], bank["bookkeeper"])
    held: list[int] = list(s.deck)
    if s.meeting is not None:
        held.append(s.meeting.card)
    balances = s.books.balances
    for t in teams:
        name, cash, cocoa, chocolate = t.name, t.cash, t.cocoa, t.chocolate
        bars += cocoa + chocolate
        loans += t.loans
        shares += t.shares
        st = t.staff
        workers += st["worker"]
        sales += st["sales"]
        secretaries += st["secretary"]
        bookkeepers += st["bookkeeper"]
        account = balances.get(name, _ZERO)
        assert cash >= 0, f"{name}: cash {cash}"
        assert 0 <= cocoa <= _STORE and 0 <= chocolate <= _STORE, \
            f"{name}: store {cocoa}/{chocolate}"
        assert account["cash"] == cash, f"{name}: books' cash"
        assert -account["loans"] == t.loans * _LOAN, f"{name}: loans"
        owed = 0
        for c in t.secretariat:
            owed += c.price
            held.append(c.card)
        assert account["secretariat"] == owed, f"{name}: secretariat"
        owed = 0
        for c in t.bookkeeping:
            owed += c.price
            held.append(c.card)
        assert account["bookkeeping"] == owed, f"{name}: bookkeeping"
        if cocoa == 0:
            assert account["cocoa"] == 0, f"{name}: cocoa cost"
        if chocolate == 0:
            assert account["chocolate"] == 0, f"{name}: chocolate cost"
        if t.bankrupt:
            assert t.headcount() == 0 and cash == 0, f"{name}: bankrupt with assets"
    assert bars == _BARS, f"bars: {bars} != {_BARS}"
    if (workers, sales, secretaries, bookkeepers) != _TOKENS or min(bank.values()) < 0:
        raise AssertionError(f"staff tokens: {(workers, sales, secretaries, bookkeepers)} "
                             f"!= {_TOKENS}, the bank {bank}")
    assert loans == cards.LOAN_CARDS and s.loan_cards >= 0, f"loan cards: {loans}"
    assert shares == cards.SHARE_CERTIFICATES and s.share_certificates >= 0, "shares"
    held.sort()
    assert held == _all_cards(len(s.config.contracts)), f"contract cards: {held}"


_CARDS: dict[int, list[int]] = {}


_CARD_SETS: dict[int, frozenset[int]] = {}


def _card_set(count: int) -> frozenset[int]:
    found = _CARD_SETS.get(count)
    if found is None:
        found = _CARD_SETS[count] = frozenset(range(count))
    return found


def _all_cards(count: int) -> list[int]:
    found = _CARDS.get(count)
    if found is None:
        found = _CARDS[count] = list(range(count))
    return found
