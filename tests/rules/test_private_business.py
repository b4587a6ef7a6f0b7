"""Rulebook I, "Private Business between Players" and "Explanations: Credit, Bankruptcy and
Private Trade": goods, machines (sold or leased) and loans change hands at any time at freely
agreed prices, once both teams agree."""

from __future__ import annotations

from playboss.rules import actions as A
from playboss.rules.state import GameState

from .helpers import (
    buy_webs,
    computer_game,
    deal,
    game,
    idle,
    play,
    refused,
    turn_to,
)


def blue_machine_red_raw() -> GameState:
    """Red bought 2 raw units (field 3, 9,300 Marks); Blue bought a machine for cash (field 3,
    0 Marks). Red is to move; Red has rolled once, Blue once."""
    state = game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=2), rest=False)
    turn_to(state, "Blue", "R", A.Invest("Blue"), rest=False)
    return state


def test_an_offer_changes_nothing_until_the_partner_accepts() -> None:
    """Rulebook I, "Private Business between Players": a deal between players - both must
    agree; the offer alone moves nothing, and a rejected offer is gone."""
    state = blue_machine_red_raw()
    play(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 8_000},
                              take={"machines": [1]}))
    (offer,) = state.deals.values()
    assert (offer.proposer, offer.partner) == ("Red", "Blue")
    assert state.teams["Red"].cash == 9_300 and state.machines[1].owner == "Blue"
    ledger = len(state.ledger)
    play(state, A.RejectDeal("Blue", deal=offer.id))
    assert not state.deals and state.machines[1].owner == "Blue"
    assert state.teams["Red"].cash == 9_300 and len(state.ledger) == ledger
    refused(state, A.AcceptDeal("Blue", deal=offer.id), f"There is no open deal {offer.id}")


def test_an_offer_may_be_withdrawn_by_its_proposer_only() -> None:
    """Rulebook I, "Private Business between Players": the offer is the proposer's; it can
    take it back, the partner can turn it down."""
    state = blue_machine_red_raw()
    play(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 100}, take={"raw": 0,
                                                                               "machines": [1]}))
    offer = max(state.deals)
    refused(state, A.WithdrawDeal("Blue", deal=offer), "only it can withdraw")
    refused(state, A.RejectDeal("Red", deal=offer), "only it can turn it down")
    play(state, A.WithdrawDeal("Red", deal=offer))
    assert not state.deals


def test_goods_at_a_freely_agreed_price() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": one can at any time
    sell raw materials or finished product to other players for freely agreed prices."""
    state = blue_machine_red_raw()
    deal(state, "Red", "Blue", give={"raw": 2}, take={"cash": 0})  # a gift is a price too
    assert state.teams["Blue"].raw == 2 and state.teams["Red"].raw == 0
    deal(state, "Blue", "Red", give={"raw": 2}, take={"cash": 2_500})
    assert state.teams["Red"].raw == 2 and state.teams["Red"].cash == 9_300 - 2_500
    assert state.teams["Blue"].cash == 2_500
    assert state.ledger.balance("raw", "Red") == 2 and state.ledger.balance("raw", "Blue") == 0


def test_a_machine_sold_privately_waits_two_rolls() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": machines can be sold
    privately; due to delivery and set-up nothing is produced on them until the turn after
    next (in 2 turns)."""
    state = blue_machine_red_raw()
    deal(state, "Red", "Blue", give={"cash": 8_000}, take={"machines": [1]})
    red = state.teams["Red"]
    machine = state.machines[1]
    assert machine.owner == machine.holder == "Red" and red.machines == [1]
    assert state.teams["Blue"].cash == 8_000 and red.cash == 1_300
    assert machine.ready_at == red.rolls + 2 == 3
    assert state.ledger.balance("machine", "Red") == 1
    play(state, A.Roll("Red", die=2))  # roll 2
    refused(state, A.Produce("Red", units=1), "still being delivered")
    play(state, A.Pass("Red"))
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=1))  # roll 3: the turn after next
    assert red.finished == 1 and red.cash == 300


def test_a_machine_leased_privately_waits_two_rolls_and_stays_the_owners() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": machines can also be
    leased to other players, with the same delivery time; the owner keeps it on its books."""
    state = blue_machine_red_raw()
    deal(state, "Blue", "Red", give={"lease": [1]}, take={"cash": 1_000},
         terms="one year, 1,000 Marks")
    machine = state.machines[1]
    assert machine.owner == "Blue" and machine.holder == "Red"
    assert state.teams["Red"].machines == [1] and state.teams["Blue"].machines == []
    assert machine.ready_at == state.teams["Red"].rolls + 2
    assert state.ledger.balance("machine", "Blue") == 1  # still Blue's
    assert state.ledger.balance("machine", "Red") == 0
    play(state, A.Roll("Red", die=2))
    refused(state, A.Produce("Red", units=1), "still being delivered")
    play(state, A.Pass("Red"))
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=1))
    assert state.teams["Red"].finished == 1


def test_a_leased_machine_goes_back_by_a_deal() -> None:
    """Rulebook I, "Private Business between Players": the lessee hands the machine back to
    its owner by a deal both agree to."""
    state = blue_machine_red_raw()
    deal(state, "Blue", "Red", give={"lease": [1]}, take={"cash": 1_000})
    deal(state, "Red", "Blue", give={"machines": [1]})
    machine = state.machines[1]
    assert machine.owner == machine.holder == "Blue"
    assert state.teams["Blue"].machines == [1] and state.teams["Red"].machines == []


def test_a_leased_machine_sold_to_its_lessee_needs_no_new_delivery() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the delivery time is
    for a machine that moves; one the lessee buys stands in its hall already."""
    state = blue_machine_red_raw()
    deal(state, "Blue", "Red", give={"lease": [1]}, take={"cash": 1_000})
    ready = state.machines[1].ready_at
    idle(state, "Red")
    idle(state, "Blue")
    deal(state, "Blue", "Red", give={"machines": [1]}, take={"cash": 5_000})
    machine = state.machines[1]
    assert machine.owner == machine.holder == "Red" and machine.ready_at == ready


def test_a_purchased_computer_sold_privately() -> None:
    """Rulebook I, "Private Business between Players": any sort of private business - a
    purchased computer changes hands with its owner's credit line."""
    state = computer_game("owned")
    deal(state, "Red", "Blue", give={"computers": 1}, take={"cash": 3_000})
    assert state.teams["Red"].computers_owned == 0 and state.teams["Blue"].computers_owned == 1
    assert state.ledger.balance("computer", "Blue") == 1


def test_private_business_at_any_time_and_beside_a_decision() -> None:
    """Rulebook I, "Private Business between Players": private business is allowed at any
    time, even without a red field; on a red field one makes a decision as well."""
    state = blue_machine_red_raw()
    play(state, A.Roll("Red", die=2))  # Red on a red field
    deal(state, "Blue", "Red", give={"machines": [1]}, take={"cash": 6_000})
    play(state, A.Purchase("Red", units=2))  # the decision of the field as well
    assert state.teams["Red"].raw == 4 and state.current == "Blue"
    deal(state, "Red", "Blue", give={"raw": 1}, take={"cash": 2_000})  # in Blue's turn
    assert state.teams["Blue"].raw == 1


def test_a_deal_is_checked_again_when_accepted() -> None:
    """Rulebook I, "Private Business between Players": the deal happens when both agree; what
    was offered must still be there then."""
    state = blue_machine_red_raw()
    play(state, A.ProposeDeal("Red", partner="Blue", give={"raw": 2}, take={"cash": 1_000}))
    offer = max(state.deals)
    play(state, A.SellBack("Red", item="raw", units=1))
    refused(state, A.AcceptDeal("Blue", deal=offer), "Red has 1 raw unit, not 2")


def test_a_machine_returned_from_a_lease_waits_two_rolls_again() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": a machine that moves
    into a hall needs its delivery and set-up time - also one coming home from a lease (the
    engine's reading)."""
    state = blue_machine_red_raw()
    deal(state, "Blue", "Red", give={"lease": [1]}, take={"cash": 1_000})
    deal(state, "Red", "Blue", give={"machines": [1]})
    blue = state.teams["Blue"]
    assert state.machines[1].ready_at == blue.rolls + 2


def test_an_efficiency_upgrade_on_a_leased_machine_goes_home_with_it() -> None:
    """Rulebook I, "Efficiency Improvements (3 WEBs)": the upgrade turns the machine; a lessee
    may upgrade the machine it runs, and the machine stays double (the engine's choice)."""
    state = game()
    turn_to(state, "Red", "R", A.Pass("Red"), rest=False)
    turn_to(state, "Blue", "R", A.Invest("Blue"), rest=False)
    deal(state, "Blue", "Red", give={"lease": [1]})
    buy_webs(state, "Red", 3)
    play(state, A.Efficiency("Red", machine=1))
    deal(state, "Red", "Blue", give={"machines": [1]})
    assert state.machines[1].double and state.machines[1].holder == "Blue"


def test_leasing_keeps_the_credit_line_with_the_owner() -> None:
    """Rulebook I, "Lines of Credit": machines are the owner's collateral - a leased-out
    machine still counts for its owner's credit, not for the lessee's."""
    state = blue_machine_red_raw()
    deal(state, "Blue", "Red", give={"lease": [1]})
    play(state, A.TakeCredit("Blue", amount=5_000))
    refused(state, A.TakeCredit("Red", amount=500), "0 Marks more at most")
