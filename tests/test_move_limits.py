"""Limits the engine keeps on what a move may carry (issue 11: ten offers with 2 MB of terms
each, an offer asking 10^20 Marks): refused by the engine itself, so the site, the command line
and a replayed log refuse them alike, with a code the site tells in words, and nothing changed.

Rulebook I, "Private Business between Players": deals at freely agreed prices and terms — the
rulebook sets no ceiling, the game's money does: no amount is beyond what a game can hold, and
the terms are a sentence, not a file (docs/rules.md)."""

from __future__ import annotations

import pytest

from playboss.rules import RuleViolation, action_from_dict
from playboss.rules import actions as A
from playboss.rules.deals import OPEN_DEALS_MAX, TERMS_MAX
from playboss.rules.steps.takeover import OPEN_OFFERS_MAX, OfferTakeover
from tests.rules.helpers import game, play, refused


def test_terms_are_a_sentence_not_a_file() -> None:
    """Rulebook I, "Private Business between Players": 2 MB of terms are refused (they were
    stored, and shown on every screen of both teams); 200 characters are fine."""
    state = game()
    for length in (2_000_000, TERMS_MAX + 1):
        err = refused(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 100},
                                           terms="x" * length), "at most 200")
        assert (err.code, err.params) == ("terms_length", {"most": TERMS_MAX})
    with pytest.raises(RuleViolation) as info:  # read from JSON, it stops even sooner
        action_from_dict({"type": "propose_deal", "actor": "Red", "partner": "Blue",
                          "give": {"cash": 100}, "terms": "x" * 2_000_000})
    assert (info.value.code, info.value.params["field"]) == ("action_field_too_long", "terms")
    err = refused(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 100},
                                     terms="x" * (TERMS_MAX + 1)), "at most 200")
    assert (err.code, err.params) == ("terms_length", {"most": TERMS_MAX})
    play(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 100}, terms="y" * TERMS_MAX))
    assert len(state.deals) == 1


def test_a_team_has_at_most_ten_open_offers() -> None:
    """Rulebook I, "Private Business between Players": a flood of open offers is refused
    from the eleventh on; withdrawing one makes room again."""
    state = game()
    for _ in range(OPEN_DEALS_MAX):
        play(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 100}))
    err = refused(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 100}), "withdraw one")
    assert (err.code, err.params) == ("deal_too_many_open",
                                      {"team": "Red", "most": OPEN_DEALS_MAX})
    play(state, A.ProposeDeal("Blue", partner="Red", give={"cash": 100}))  # Blue's own count
    play(state, A.WithdrawDeal("Red", deal=min(state.deals)))
    play(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 100}))


@pytest.mark.parametrize("bundle", [
    {"take": {"cash": 10**20}}, {"take": {"loan": 10**12}}, {"give": {"raw": 10**20}},
    {"take": {"machines": [10**20]}}, {"take": {"machines": list(range(101))}},
])
def test_no_offer_asks_more_than_the_game_holds(bundle: dict[str, dict[str, object]]) -> None:
    """Rulebook I, "Private Business between Players": an offer asking 10^20 Marks was
    accepted as a proposal; amounts beyond what a game holds and lists longer than its
    machines are refused when the offer is made."""
    state = game()
    err = refused(state, A.ProposeDeal("Red", partner="Blue", give=bundle.get("give", {}),
                                       take=bundle.get("take", {})))
    assert err.code in ("deal_value_too_large", "deal_list_too_long"), err.code
    assert not state.deals


@pytest.mark.parametrize(("data", "code"), [
    ({"type": "purchase", "actor": "Red", "units": 10**20}, "action_field_too_large"),
    ({"type": "take_credit", "actor": "Red", "amount": -(10**15)}, "action_field_too_large"),
    ({"type": "correction", "actor": "bank", "team": "Red", "amount": 10**10, "reason": "x"},
     "action_field_too_large"),
    ({"type": "correction", "actor": "bank", "team": "Red", "amount": 1, "reason": "x" * 1001},
     "action_field_too_long"),
    ({"type": "roll", "actor": "R" * 5000}, "action_field_too_long"),
])
def test_a_move_holds_no_number_or_text_beyond_the_game(data: dict[str, object],
                                                          code: str) -> None:
    """Game log format (docs/game-log.md): any number of a move is at most 10^9 either way,
    a text at most 1,000 characters — a log or a request with more is refused as it is read."""
    with pytest.raises(RuleViolation) as info:
        action_from_dict(data)
    assert info.value.code == code
    assert set(info.value.params) == {"type", "field", "most"}


def test_the_limit_is_a_billion_either_way() -> None:
    """Game log format (docs/game-log.md): exactly 10^9 is still a number a move may carry
    (bank corrections go both ways); one more is not."""
    for amount in (A.MAX_NUMBER, -A.MAX_NUMBER):
        move = action_from_dict({"type": "correction", "actor": "bank", "team": "Red",
                                 "amount": amount, "reason": "r" * A.MAX_TEXT})
        assert isinstance(move, A.Correction) and move.amount == amount
    with pytest.raises(RuleViolation, match="larger than the game holds"):
        action_from_dict({"type": "correction", "actor": "bank", "team": "Red",
                          "amount": A.MAX_NUMBER + 1, "reason": "r"})


def test_a_team_has_at_most_ten_open_takeover_offers() -> None:
    """Rulebook part II, "4. Step: Taxation" (a business purchased and consolidated) and step
    6 (businesses bought): offers to buy another business flooded the target's screens as deals
    did; the eleventh open one of a buyer is refused, the others' are theirs."""
    state = game(steps=frozenset({4}))
    for price in range(OPEN_OFFERS_MAX):
        play(state, OfferTakeover("Red", target="Blue", price=price))
    err = refused(state, OfferTakeover("Red", target="Blue", price=99), "wait for an answer")
    assert (err.code, err.params) == ("takeover_too_many_open",
                                      {"team": "Red", "most": OPEN_OFFERS_MAX})
    play(state, OfferTakeover("Blue", target="Red", price=1))
