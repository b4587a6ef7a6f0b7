"""Variant: Hidden Cocoa-Purchases (the rulebook's section of that name): written bids stay
hidden, offers are announced and may be called; docs/schoko/rules.md, decision 22."""

from __future__ import annotations

from playboss.schoko import view
from playboss.schoko.actions import Announce, Bid, Call, Request

from .helpers import do, game, pass_inside, pay_all, refused

VARIANT = "Variant: Hidden Cocoa-Purchases"


def _new_york(**settings):
    """January (A banker; order B, C, D, A); 25 bars requested, 5 in each city; New York
    open."""
    s = game(hidden_cocoa=True, **settings)
    pass_inside(s)
    pay_all(s)
    for name, bars in (("B", 10), ("C", 10), ("D", 5), ("A", 0)):
        do(s, Request(name, bars))
    assert s.phase == "bid" and s.market[s.city] == 5
    return s


def _calls(s, **answers):
    for name in list(s.waiting):
        do(s, Call(name, answers.get(name, False)))


def test_variant_is_off_by_default_bids_are_revealed() -> None:
    s = game()
    assert s.config.hidden_cocoa is False
    pass_inside(s)
    pay_all(s)
    for name in ("B", "C", "D", "A"):
        do(s, Request(name, 5))
    events = do(s, Bid("B", 2, 2_000), Bid("C"), Bid("D"), Bid("A"))
    assert any(e["type"] == "bids_revealed" for e in events) and s.phase == "bid"


def test_variant_written_bids_stay_hidden_and_offers_are_announced_in_turn() -> None:
    # "they are kept hidden rather than revealed"; "beginning with the starting player"
    s = _new_york()
    events = do(s, Bid("B", 4, 2_000), Bid("C", 4, 1_000), Bid("D"), Bid("A", 2, 2_000))
    assert not any(e["type"] == "bids_revealed" for e in events)
    assert s.phase == "announce" and s.waiting == ["B"]
    assert "sealed" not in view(s, "C")["teams"]["B"]
    assert view(s, "B")["teams"]["B"]["sealed"] == (4, 2_000)
    assert refused(s, Announce("C", 4, 3_000)).code == "not_asked"
    assert refused(s, Announce("B", 6, 2_000)).code == "bid_more_than_city"
    assert refused(s, Announce("B", 4, 30_000)).code == "bid_beyond_cash"
    do(s, Announce("B", 4, 2_000))
    assert s.phase == "call" and s.waiting == ["C", "D", "A"]
    assert view(s, "public")["offers"]["B"] == {"bars": 4, "price": 2_000, "status": "open"}


def test_variant_a_bluff_not_called_is_settled_at_the_stated_price() -> None:
    # "A) The other players accept my offer as genuine and I settle it for 3000 a bar"
    s = _new_york()
    do(s, Bid("B", 4, 2_000), Bid("C", 4, 1_000), Bid("D"), Bid("A"))
    cash = {n: t.cash for n, t in s.teams.items()}
    do(s, Announce("B", 4, 2_000))
    _calls(s)
    do(s, Announce("C", 4, 3_000))  # noted 1,000
    _calls(s)
    do(s, Announce("D"), Announce("A"))  # a team that lined the city out may still bluff
    assert s.phase == "bid" and s.city == 1  # New York settled, London open
    assert s.teams["C"].cocoa == 4 and s.teams["C"].cash == cash["C"] - 12_000
    assert s.teams["B"].cocoa == 1 and s.teams["B"].cash == cash["B"] - 2_000


def test_variant_a_called_bluff_pays_5000_to_the_caller_and_is_annulled() -> None:
    # "If my bluff has failed, I must pay a penalty of 5.000 to the player that called it.
    # My offer is then ... annulled ... the cocoa goes ... to the highest undoubted offer."
    s = _new_york()
    do(s, Bid("B", 4, 2_000), Bid("C", 4, 1_000), Bid("D"), Bid("A", 2, 2_000))
    cash = {n: t.cash for n, t in s.teams.items()}
    do(s, Announce("B", 4, 2_000))
    _calls(s)
    do(s, Announce("C", 4, 3_000))
    # D and A both call: the first after C in turn order (D) is "the player that called it"
    events = []
    for name in list(s.waiting):
        events += do(s, Call(name, name in "DA"))
    called = next(e for e in events if e["type"] == "offer_called")
    assert (called["caller"], called["true"], called["written_price"]) == ("D", False, 1_000)
    assert s.offers["C"][2] == "annulled"
    do(s, Announce("D"), Announce("A", 2, 2_000))
    _calls(s)
    t = s.teams
    assert t["C"].cash == cash["C"] - 5_000 and t["C"].cocoa == 0
    assert t["D"].cash == cash["D"] + 5_000 and t["A"].cash == cash["A"] - 2_000
    # the undoubted offers: B and A at 2,000, B first (turn order): 4 bars, then A: 1
    assert (t["B"].cocoa, t["A"].cocoa) == (4, 1)
    assert t["B"].cash == cash["B"] - 8_000


def test_variant_a_called_true_offer_earns_5000_and_wins_the_bid() -> None:
    # "If however, my bluff turned out to be the true amount mentioned on my purchase form,
    # then the player who called it, must pay me a 5.000-embarrassment fee and I win the bid."
    s = _new_york()
    do(s, Bid("B", 4, 2_000), Bid("C", 4, 1_000), Bid("D"), Bid("A"))
    cash = {n: t.cash for n, t in s.teams.items()}
    do(s, Announce("B", 4, 2_000))
    _calls(s, C=True)
    assert s.offers["B"][2] == "confirmed"
    do(s, Announce("C", 4, 1_000))
    _calls(s)
    do(s, Announce("D"), Announce("A"))
    t = s.teams
    assert t["B"].cash == cash["B"] + 5_000 - 8_000 and t["B"].cocoa == 4
    assert t["C"].cash == cash["C"] - 5_000 - 1_000 and t["C"].cocoa == 1


def test_variant_an_offer_that_differs_in_bars_is_a_bluff() -> None:
    # decision 22: "the true amount mentioned on my purchase form" is the bars and the price
    s = _new_york()
    do(s, Bid("B", 4, 2_000), Bid("C"), Bid("D"), Bid("A"))
    do(s, Announce("B", 3, 2_000))
    _calls(s, C=True)
    assert s.offers["B"][2] == "annulled"


def test_variant_the_careful_bot_announces_as_written_and_calls_a_dear_offer() -> None:
    from playboss.schoko.bots import hint
    s = _new_york()
    do(s, Bid("B", 4, 2_000), Bid("C", 1, 1_000), Bid("D"), Bid("A"))
    action, reason = hint(s, "B")
    assert (action, reason.code) == (Announce("B", 4, 2_000), "announce_as_written")
    do(s, action)
    assert hint(s, "C")[1].code == "offer_believed"
    _calls(s)
    do(s, Announce("C", 1, 9_000))
    action, reason = hint(s, "D")
    assert (action, reason.code) == (Call("D", True), "call_dear_offer")
