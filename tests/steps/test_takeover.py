"""Buying a business (rulebook part II, "4. Step: Taxation" and "6. Step: Labor Market")."""

from __future__ import annotations

import pytest

from playboss.rules import GameConfig, RuleViolation, apply, check_invariants, new_game
from playboss.rules.actions import BuyComputer, Correction, Purchase, Roll
from playboss.rules.bankruptcy import EstateBid, declare
from playboss.rules.cli import final_state
from playboss.rules.legal import waiting_for
from playboss.rules.state import GameState, Pending
from playboss.rules.statements import balance_sheet, final_results
from playboss.rules.steps.takeover import AcceptTakeover, OfferTakeover, RejectTakeover
from playboss.rules.turn import Turn
from playboss.rules.turn_flow import advance


def _game(steps: frozenset[int] = frozenset({4})) -> GameState:
    return new_game(GameConfig(teams=("Red", "Blue", "Green"), first_team="Red",
                               dice="entered", steps=steps, years=None))


def _do(state: GameState, *actions: object) -> None:
    for action in actions:
        apply(state, action)  # type: ignore[arg-type]
        check_invariants(state)


def test_the_buyer_takes_over_the_business_and_its_loss_carried_forward() -> None:
    """Rulebook II, "4. Step: Taxation": if a money losing business is purchased and
    consolidated, its loss can also be amortized."""
    state = _game()
    red, blue = state.teams["Red"], state.teams["Blue"]
    blue.step["loss_carried_forward"] = 6_000  # as if its first year had lost 6,000
    red.step["loss_carried_forward"] = 1_000
    _do(state, Correction("bank", team="Blue", amount=-5_000, reason="a loss"))
    blue_equity = balance_sheet(state, "Blue").equity  # 15,000: its cash
    red_before = balance_sheet(state, "Red")
    _do(state, OfferTakeover("Red", target="Blue", price=12_000))
    offer = int(next(iter(state.step["takeovers"])))
    _do(state, AcceptTakeover("Blue", offer=offer))
    assert blue.bankrupt and blue.sold_to == "Red" and blue.cash == 12_000
    assert red.cash == 20_000 + 15_000 - 12_000
    # 1,000 of Red's own, Blue's 6,000 carried and its 5,000 lost in the year not yet closed
    assert red.step["loss_carried_forward"] == 1_000 + 6_000 + 5_000
    after = balance_sheet(state, "Red")
    assert after.profit - red_before.profit == blue_equity - 12_000  # bought 3,000 below book
    rows = {r["team"]: r for r in final_results(state)}
    assert rows["Blue"]["sold_to"] == "Red" and not rows["Blue"]["bankrupt"]
    assert rows["Blue"]["result"] == 12_000 - 20_000
    with pytest.raises(RuleViolation, match="out of the game"):
        apply(state, Roll("Blue", die=3))


def test_the_loss_of_the_bought_business_s_open_year_is_amortized_too() -> None:
    """Rulebook II, "4. Step: Taxation": "If a money losing business is purchased and
    consolidated into the financial statements, then this loss can also be amortized to
    subsequent years" - also the loss of its year not yet closed; a profit of that year is
    not the buyer's (it is in the price)."""
    state = _game()
    red, blue = state.teams["Red"], state.teams["Blue"]
    _do(state, Correction("bank", team="Blue", amount=-8_000, reason="a loss"))
    _do(state, OfferTakeover("Red", target="Blue", price=12_000))
    _do(state, AcceptTakeover("Blue", offer=int(next(iter(state.step["takeovers"])))))
    assert red.step["loss_carried_forward"] == 8_000
    profitable = _game()
    _do(profitable, Correction("bank", team="Blue", amount=3_000, reason="a gain"))
    _do(profitable, OfferTakeover("Red", target="Blue", price=23_000))
    _do(profitable, AcceptTakeover("Blue",
                                   offer=int(next(iter(profitable.step["takeovers"])))))
    assert profitable.teams["Red"].step.get("loss_carried_forward", 0) == 0
    assert blue.sold_to == "Red"


def test_refusals_change_nothing() -> None:
    """Rulebook II, "4. Step: Taxation": a purchase both sides agree to, at a price one can
    pay."""
    state = _game()
    with pytest.raises(RuleViolation, match="cannot pay"):  # more than both teams' cash
        apply(state, OfferTakeover("Red", target="Blue", price=90_000))
    red, blue = state.teams["Red"], state.teams["Blue"]
    _do(state, OfferTakeover("Red", target="Blue", price=red.cash + blue.cash),
        BuyComputer("Red"))  # payable when offered, no longer once Red spent its cash
    offer = int(next(iter(state.step["takeovers"])))
    before = final_state(state)
    with pytest.raises(RuleViolation, match="cannot pay"):
        apply(state, AcceptTakeover("Blue", offer=offer))
    with pytest.raises(RuleViolation, match="Only Blue"):
        apply(state, AcceptTakeover("Green", offer=offer))
    with pytest.raises(RuleViolation, match="no other team"):
        apply(state, OfferTakeover("Red", target="Red", price=1))
    with pytest.raises(RuleViolation, match="negative"):
        apply(state, OfferTakeover("Red", target="Blue", price=-1))
    assert final_state(state) == before
    _do(state, OfferTakeover("Blue", target="Red", price=1))
    red_offer = max(int(k) for k in state.step["takeovers"])
    with pytest.raises(RuleViolation, match="between its turns"):
        apply(state, AcceptTakeover("Red", offer=red_offer))
    _do(state, RejectTakeover("Blue", offer=offer))
    assert str(offer) not in state.step["takeovers"]


def test_no_takeovers_in_the_base_model() -> None:
    """Rulebook II, "4. Step: Taxation": buying a business comes with the expansion steps."""
    state = _game(steps=frozenset())
    with pytest.raises(RuleViolation, match="steps 4 and 6"):
        apply(state, OfferTakeover("Red", target="Blue", price=1))


def test_workers_and_marketing_move_with_the_business() -> None:
    """Rulebook II, "6. Step: Labor Market": the representative... can buy businesses; between
    teams the workers and the marketing organizations belong to the business."""
    from playboss.rules.steps import labor
    from playboss.rules.steps.marketing import FoundMarketing

    state = _game(steps=frozenset({3, 6}))
    _do(state, FoundMarketing("Blue", trough=2))
    blue = state.teams["Blue"]
    books = labor.books(state)
    # Blue hires one worker (offer by Blue, accepted by the representative).
    from playboss.rules.steps.labor import AcceptHire, OfferHire

    _do(state, OfferHire("Blue", workers=1, salary=500))
    hire = next(iter(books["offers"]))
    _do(state, AcceptHire("workers", offer=int(hire)))
    assert labor.workers_of(blue) == 1
    _do(state, OfferTakeover("Red", target="Blue", price=0))
    offer = int(next(iter(state.step["takeovers"])))
    _do(state, AcceptTakeover("Blue", offer=offer))
    assert labor.workers_of(state.teams["Red"]) == 1 and labor.workers_of(blue) == 0
    assert state.step["marketing_troughs"][1] == "Red"


def test_no_takeover_before_the_game_has_begun() -> None:
    """Rulebook I, "Now We Can Begin to Play": while the teams roll for the first player no
    business changes hands."""
    state = new_game(GameConfig(teams=("Red", "Blue"), dice="entered", steps=frozenset({4}),
                                years=None))
    _do(state, OfferTakeover("Red", target="Blue", price=0))
    offer = int(next(iter(state.step["takeovers"])))
    with pytest.raises(RuleViolation, match="not begun"):
        apply(state, AcceptTakeover("Blue", offer=offer))


def test_an_estate_auction_closes_when_the_last_team_to_answer_sells_its_business() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade" ("The bank will then
    auction off all of your assets") with step 4's purchase of a business: the only team that
    still had to answer leaves the game, so the auction closes and the highest bid buys."""
    state = new_game(GameConfig(teams=("Red", "Blue", "Green"), first_team="Red",
                                dice="entered", steps=frozenset({4}), years=None,
                                bankruptcy_auction="teams"))
    for name in ("Red", "Blue", "Green"):
        _do(state, Roll(name, die=2), Purchase(name, units=2))
    turn = Turn(state, None)
    state.seq += 1
    state.rolled = True  # as if Red's roll had brought a payment it cannot raise
    declare(turn, state.teams["Red"], Pending("pay", 10**9, "test"))
    advance(turn)
    assert state.pending[0].kind == "estate" and waiting_for(state) == ["Blue", "Green"]
    _do(state, EstateBid("Blue", price=400))
    _do(state, OfferTakeover("Blue", target="Green", price=0))
    _do(state, AcceptTakeover("Green", offer=int(next(iter(state.step["takeovers"])))))
    assert "estate" not in state.step and state.teams["Blue"].raw == 2 + 2 + 2
    assert waiting_for(state) == ["Blue"] and state.current == "Blue"


def test_the_answers_to_a_takeover_offer_are_listed_for_its_two_teams_only() -> None:
    """Rulebook II, "4. Step: Taxation" (a business purchased): the screens offer the target
    an acceptance and a refusal, the buyer a way to take its offer back, and a third team
    nothing; acceptance is listed only when the engine accepts it (not during the target's
    own turn)."""
    from playboss.rules.legal import legal_choices

    state = _game()
    _do(state, OfferTakeover("Red", target="Blue", price=1_000))
    offer = int(next(iter(state.step["takeovers"])))

    def answers(team: str) -> set[str]:
        return {c.cls.type for c in legal_choices(state, team)
                if c.fixed.get("offer") == offer and c.any_time}

    assert answers("Blue") == {"accept_takeover", "reject_takeover"}
    assert answers("Red") == {"reject_takeover"}
    assert answers("Green") == set()
    state.current = "Blue"  # during its own turn a business is not sold
    assert answers("Blue") == {"reject_takeover"}
    with pytest.raises(RuleViolation, match="between its turns"):
        apply(state, AcceptTakeover("Blue", offer=offer))
    state.current = "Red"
    _do(state, RejectTakeover("Red", offer=offer))
    assert answers("Blue") == set() and not state.step.get("takeovers")
