"""What must hold after every action; ``check`` raises ``AssertionError`` naming the break.

114 bars conserved over stores, market and bank; every staff token either with a team or the
bank; 13 loan cards and 10 share certificates likewise; 23 contract cards in the deck, the
meeting, secretariats and bookkeeping; no negative cash; the journal agrees with the table.
"""

from __future__ import annotations

from . import cards
from .state import GameState


def check(state: GameState) -> None:
    s = state
    teams = s.teams.values()
    bars = s.bank_bars + sum(s.market) + sum(t.cocoa + t.chocolate for t in teams)
    assert bars == cards.BARS, f"bars: {bars} != {cards.BARS}"
    for kind, tokens in cards.TOKENS.items():
        held = s.bank_staff[kind] + sum(t.staff[kind] for t in teams)
        assert held == tokens and s.bank_staff[kind] >= 0, f"{kind}: {held} != {tokens}"
    loans = s.loan_cards + sum(t.loans for t in teams)
    assert loans == cards.LOAN_CARDS and s.loan_cards >= 0, f"loan cards: {loans}"
    shares = s.share_certificates + sum(t.shares for t in teams)
    assert shares == cards.SHARE_CERTIFICATES and s.share_certificates >= 0, "shares"
    cards_held = [c.card for t in teams for c in (*t.secretariat, *t.bookkeeping)]
    deck = sorted(s.deck + cards_held + ([s.meeting.card] if s.meeting else []))
    assert deck == list(range(len(s.config.contracts))), f"contract cards: {deck}"
    books = s.books
    for t in teams:
        assert t.cash >= 0, f"{t.name}: cash {t.cash}"
        assert 0 <= t.cocoa <= cards.STORE and 0 <= t.chocolate <= cards.STORE, \
            f"{t.name}: store {t.cocoa}/{t.chocolate}"
        assert books.balance(t.name, "cash") == t.cash, f"{t.name}: books' cash"
        assert -books.balance(t.name, "loans") == t.loans * cards.LOAN, f"{t.name}: loans"
        owed = sum(c.price for c in t.secretariat)
        assert books.balance(t.name, "secretariat") == owed, f"{t.name}: secretariat"
        owed = sum(c.price for c in t.bookkeeping)
        assert books.balance(t.name, "bookkeeping") == owed, f"{t.name}: bookkeeping"
        if t.cocoa == 0:
            assert books.balance(t.name, "cocoa") == 0, f"{t.name}: cocoa cost"
        if t.chocolate == 0:
            assert books.balance(t.name, "chocolate") == 0, f"{t.name}: chocolate cost"
        if t.bankrupt:
            assert t.headcount() == 0 and t.cash == 0, f"{t.name}: bankrupt with assets"
