"""A takeover's refusals and what it clears, through the public surface (issue 14: these
branches of the takeover never ran in a test). Rulebook II, "4. Step: Taxation" and
"6. Step: Labor Market" (buying businesses)."""

from __future__ import annotations

import pytest

from playboss.rules import RuleViolation
from playboss.rules.cli import final_state
from playboss.rules.state import GameState
from tests.rules.public_play import do, start

TEAMS = ("Red", "Blue", "Green")


def _game() -> GameState:
    return start(TEAMS, steps=frozenset({4}))


def _offer(state: GameState, buyer: str, target: str, price: int = 0) -> int:
    events = do(state, buyer, "offer_takeover", target=target, price=price)
    return int(next(e["offer"] for e in events if e["type"] == "takeover_offered"))


def _refused(state: GameState, actor: str, kind: str, words: str, **fields: object) -> None:
    before = final_state(state)
    with pytest.raises(RuleViolation, match=words):
        do(state, actor, kind, **fields)
    assert final_state(state) == before


def test_terms_are_a_short_text() -> None:
    """Rulebook II, "4. Step: Taxation": a purchase on terms both sides write down - at most
    200 characters, as a deal's terms."""
    state = _game()
    _refused(state, "Red", "offer_takeover", "at most 200", target="Blue", terms="x" * 201)
    _offer(state, "Red", "Blue")  # 200 would do; none is fine too


def test_only_the_two_teams_turn_an_offer_down() -> None:
    """Rulebook II, "4. Step: Taxation": an offer is between buyer and target; Green cannot
    turn it down, either of the two can."""
    state = _game()
    offer = _offer(state, "Red", "Blue")
    _refused(state, "Green", "reject_takeover", "Only the two teams", offer=offer)
    do(state, "Red", "reject_takeover", offer=offer)
    _refused(state, "Blue", "accept_takeover", "no open takeover offer", offer=offer)


def test_a_bought_buyer_cannot_complete_its_own_offer() -> None:
    """Rulebook II, "4. Step: Taxation": Red offers for Green's business, then Blue buys Red's:
    Red is out of the game, its offer gone with it."""
    state = _game()
    offer_for_green = _offer(state, "Red", "Green")
    do(state, "Red", "roll", die=2)  # Red's turn goes on; Blue may sell between its turns
    do(state, "Red", "pass")
    assert state.current == "Blue"
    do(state, "Red", "accept_takeover", offer=_offer(state, "Blue", "Red"))
    assert final_state(state)["teams"]["Red"]["sold_to"] == "Blue"
    _refused(state, "Green", "accept_takeover", "no open takeover offer", offer=offer_for_green)


def test_two_computers_do_not_fit_one_factory() -> None:
    """Rulebook II, "4. Step: Taxation": the buyer takes the business's computer into its own
    factory, which has one computer slot ("Computer Leasing (2 WEBs)"): with a computer of its
    own it must sell one first."""
    state = _game()
    do(state, "Red", "buy_computer")
    do(state, "Blue", "buy_computer")
    offer = _offer(state, "Red", "Blue")
    _refused(state, "Blue", "accept_takeover", "one slot", offer=offer)
    do(state, "Red", "sell_back", item="computer")
    do(state, "Blue", "accept_takeover", offer=offer)
    assert final_state(state)["teams"]["Red"]["computers"] == {"owned": 1, "leased": 0}


def test_the_bought_business_s_open_deals_are_dropped() -> None:
    """Rulebook I, "Private Business between Players": a deal the bought business proposed, or
    was offered, is off - its business is the buyer's now."""
    state = _game()
    do(state, "Blue", "propose_deal", partner="Green", give={"cash": 500})
    do(state, "Green", "propose_deal", partner="Blue", give={"cash": 700})
    do(state, "Green", "propose_deal", partner="Red", give={"cash": 900})
    do(state, "Blue", "accept_takeover", offer=_offer(state, "Red", "Blue"))
    deals = final_state(state)["deals"]
    assert [(d["proposer"], d["partner"]) for d in deals.values()] == [("Green", "Red")]
