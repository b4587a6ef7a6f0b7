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
    """Every invariant in one pass over the teams (it runs after every action of a bot game,
    so it reads each team's fields and its ledger account once)."""
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


def _all_cards(count: int) -> list[int]:
    found = _CARDS.get(count)
    if found is None:
        found = _CARDS[count] = list(range(count))
    return found
