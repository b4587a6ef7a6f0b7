"""Rulebook I: the green WEB field and the WEB options, the yellow cost field, the blue risk
field, the white write-off field and the start field."""

from __future__ import annotations

import pytest

from playboss.rules import actions as A
from playboss.rules.readings import LEGACY, LITERAL
from playboss.rules.state import GameState

from .helpers import (
    FULL,
    INNOVATION_PRIZE,
    MAJOR_BREAKDOWN,
    QUIET_QUARTER,
    TAX_AUDIT,
    buy_webs,
    computer_game,
    deal,
    double_machine_game,
    finished_game,
    game,
    idle,
    lease_game,
    lend,
    machine_game,
    play,
    refused,
    roll_to,
    three_webs_and_a_machine,
    turn_to,
    walk,
)


# ====================================================================== green
def test_green_field_buys_one_web_chip_for_1000() -> None:
    """Rulebook I, "The Green WEB Field": pay 1,000 Marks to the bank and collect a WEB chip."""
    state = game()
    events = play(state, A.Roll("Red", die=1), A.BuyWeb("Red"))
    red = state.teams["Red"]
    assert red.web == 1 and red.cash == 9_000 and state.web_bank == 29
    assert state.ledger.balance("web", "Red") == 1
    assert any(e["type"] == "buy_web" for e in events)
    assert state.current == "Blue"  # one chip per green field
    refused(state, A.BuyWeb("Red"), "It is Blue's turn")


def test_green_field_web_is_voluntary() -> None:
    """Rulebook I, "The Green WEB Field": the expense is voluntary; the player is not obliged
    to buy a WEB."""
    state = game()
    play(state, A.Roll("Red", die=1), A.Pass("Red"))
    assert state.teams["Red"].web == 0 and state.teams["Red"].cash == 10_000
    assert state.current == "Blue"


def test_green_field_web_needs_1000_marks() -> None:
    """Rulebook I, "The Green WEB Field": the player pays 1,000 Marks for the chip."""
    state = game(market_fill=FULL)
    turn_to(state, "Red", "R", A.Purchase("Red", units=33))  # 9,600: 400 left
    roll_to(state, "Red", "G")
    refused(state, A.BuyWeb("Red"), "You have 400 Marks; a WEB chip costs 1,000.")
    refused(state, A.Purchase("Red", units=1), "Purchasing is not open now", "WEB chip")
    play(state, A.Pass("Red"))


# ====================================================================== WEB: efficiency
def test_efficiency_turns_a_machine_double_for_3_web() -> None:
    """Rulebook I, "Efficiency Improvements (3 WEBs)": give 3 WEBs back to the bank and turn
    one of your machines so that its two rollers face up."""
    state = three_webs_and_a_machine()
    events = play(state, A.Efficiency("Red"))
    red = state.teams["Red"]
    (machine,) = state.held_machines(red)
    assert machine.double and red.web == 0 and state.web_bank == 30
    assert any(e["type"] == "efficiency" for e in events)
    refused(state, A.Efficiency("Red"), "takes 3 WEB chips; you have 0")


def test_efficiency_at_any_time() -> None:
    """Rulebook I, "The Green WEB Field": as long as a player possesses WEBs he has the WEB
    options at any time - also in another team's turn."""
    state = three_webs_and_a_machine()
    idle(state, "Red")
    assert state.current == "Blue"
    play(state, A.Roll("Blue", die=2), A.Efficiency("Red"))
    assert state.held_machines(state.teams["Red"])[0].double


def test_efficiency_needs_3_web_and_a_single_machine() -> None:
    """Rulebook I, "Efficiency Improvements (3 WEBs)": 3 WEBs and one of your machines with
    one roller up."""
    state = three_webs_and_a_machine()
    refused(state, A.Efficiency("Red", machine=7), "Machine 7 is not in your hall")
    play(state, A.Efficiency("Red"))
    lend(state, "Blue", "Red", 3_000)
    buy_webs(state, "Red", 3)
    refused(state, A.Efficiency("Red"), "You have no single machine")
    refused(state, A.Efficiency("Red", machine=1), "Machine 1 is a double machine already")
    fresh = game()
    buy_webs(fresh, "Red", 3)
    refused(fresh, A.Efficiency("Red"), "You have no single machine")


def test_one_web_option_per_chip() -> None:
    """Rulebook I, "The Green WEB Field": one can only use ONE of the WEB options with the
    same WEBs - after an efficiency improvement the chips are gone and insure nothing."""
    state = three_webs_and_a_machine()
    play(state, A.Efficiency("Red"))
    refused(state, A.Advertise("Red"), "takes 2 WEB chips; you have 0")
    refused(state, A.LeaseComputer("Red"), "takes 2 WEB chips; you have 0")


# ====================================================================== WEB: advertising
def test_advertising_sells_at_the_next_higher_price() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": give 2 WEBs back; selling on the next red
    field earns the NEXT HIGHER price, at most 5,000 Marks per unit."""
    state = finished_game()  # market GAPS: gaps in the 500 and the 300 zone
    buy_webs(state, "Red", 2)
    events = play(state, A.Advertise("Red"))
    assert any(e["type"] == "advertising" for e in events)
    red = state.teams["Red"]
    assert red.advertising and red.web == 0 and state.web_bank == 30
    cash = red.cash
    events = turn_to(state, "Red", "R", A.Sell("Red", units=2))
    sale = next(e for e in events if e["type"] == "sell")
    # The 500 zone has no higher zone: 5,000, the most a campaign pays; 300 -> 350.
    assert sale["prices"] == [5_000, 3_500]
    assert red.cash == cash + 8_500 and not red.advertising


def test_advertising_is_capped_at_5000_per_unit() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": the next higher price, with a maximum
    of 5,000 Marks per finished product (a board whose top zone is 550)."""
    prices = (150, 200, 250, 300, 350, 400, 450, 550)
    state = finished_game(zone_prices=prices, market_fill=(5, 5, 5, 5, 5, 5, 4, 5))
    buy_webs(state, "Red", 2)
    play(state, A.Advertise("Red"))
    events = turn_to(state, "Red", "R", A.Sell("Red", units=1))
    # Into the 450 zone: the next higher price would be 5,500; the campaign pays 5,000.
    assert next(e for e in events if e["type"] == "sell")["prices"] == [5_000]


def test_advertising_is_spent_on_the_next_red_field_whatever_the_decision() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": the campaign is for the NEXT red field;
    a team that does not sell there has spent it."""
    state = finished_game()
    buy_webs(state, "Red", 2)
    play(state, A.Advertise("Red"))
    turn_to(state, "Red", "R", A.Pass("Red"))
    red = state.teams["Red"]
    assert not red.advertising
    events = turn_to(state, "Red", "R", A.Sell("Red", units=2))
    assert next(e for e in events if e["type"] == "sell")["prices"] == [5_000, 3_000]


def test_advertising_waits_over_other_fields() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": upon landing on the next RED field -
    green, yellow and blue fields on the way leave the campaign running."""
    state = game()
    buy_webs(state, "Red", 2)  # fields 2 and 8
    play(state, A.Advertise("Red"))
    turn_to(state, "Red", "B", A.DrawRisk("Red", card=QUIET_QUARTER))  # field 10
    turn_to(state, "Red", "Y", A.CostChoice("Red", option="idle"))  # field 12
    turn_to(state, "Red", "G", A.Pass("Red"))  # field 14
    assert state.teams["Red"].advertising
    events = turn_to(state, "Red", "R", A.Pass("Red"))  # field 15: spent
    assert events[0]["field"] == 15 and not state.teams["Red"].advertising


def test_one_campaign_at_a_time() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": a campaign is for the next red field; a
    second one for the same field is refused."""
    state = game()
    buy_webs(state, "Red", 4)
    play(state, A.Advertise("Red"))
    refused(state, A.Advertise("Red"), "already runs until your next red field")
    assert state.teams["Red"].web == 2


def test_advertising_needs_2_web() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": give 2 WEBs back to the bank."""
    state = game()
    buy_webs(state, "Red", 1)
    refused(state, A.Advertise("Red"), "An advertising campaign takes 2 WEB chips; you have 1")


# ====================================================================== WEB: computer
def test_leasing_a_computer_places_2_web_on_the_field() -> None:
    """Rulebook I, "Computer Leasing (2 WEBs)": lease a computer with 2 WEBs for one year; the
    two WEBs are placed on the field the player currently occupies."""
    state = game()
    buy_webs(state, "Red", 2)
    events = play(state, A.LeaseComputer("Red"))
    red = state.teams["Red"]
    assert red.lease_field == red.position == 8
    assert red.web == 0 and state.web_bank == 28  # the chips lie on the board
    assert state.leased_computers == 1 and state.computers_in_bank() == 7
    assert red.computers_owned == 0
    assert next(e for e in events if e["type"] == "lease")["field"] == 8
    refused(state, A.LeaseComputer("Red"), "You have a computer already")


def test_lease_is_renewed_with_2_web_on_crossing_its_field() -> None:
    """Rulebook I, "Computer Leasing (2 WEBs)": after every trip around the board, upon
    crossing the marked field, the bank collects the WEBs and the player pays 2 WEBs again."""
    state = lease_game()
    play(state, A.Roll("Red", die=2))  # 7 -> 9, across field 8
    assert [p.kind for p in state.pending] == ["lease", "red"]
    refused(state, A.Pass("Red"), "not open now", "renewing or returning the leased computer")
    events = play(state, A.RenewLease("Red", renew=True))
    red = state.teams["Red"]
    assert any(e["type"] == "lease_renewed" for e in events)
    assert red.web == 0 and red.lease_field == 8 and red.has_computer
    assert state.web_bank == 26 + 2  # 30 - 4 bought + 2 collected from the board
    play(state, A.Pass("Red"))


def test_lease_may_be_given_back_on_crossing_its_field() -> None:
    """Rulebook I, "Computer Leasing (2 WEBs)": the player pays 2 WEBs again OR returns the
    computer."""
    state = lease_game()
    play(state, A.Roll("Red", die=1))  # landing on field 8 crosses it too
    assert [p.kind for p in state.pending] == ["lease", "green"]
    events = play(state, A.RenewLease("Red", renew=False))
    red = state.teams["Red"]
    assert any(e["type"] == "lease_ended" for e in events)
    assert not red.has_computer and red.web == 2 and state.leased_computers == 0
    assert state.computers_in_bank() == 8


def test_without_2_web_the_leased_computer_goes_back() -> None:
    """Rulebook I, "Computer Leasing (2 WEBs)": a player who cannot pay 2 WEBs again must
    return the computer."""
    state = lease_game()
    play(state, A.Advertise("Red"))  # spends the 2 WEB
    events = play(state, A.Roll("Red", die=2))
    assert any(e["type"] == "lease_ended" for e in events)
    assert not state.teams["Red"].has_computer
    assert [p.kind for p in state.pending] == ["red"]


def test_lease_renewal_at_the_start_field_when_so_set() -> None:
    """Rulebook I, "Computer Leasing (2 WEBs)": with lease_renewal="start" (a setting for a
    table that renews every lease at the start field) the lease field is not marked; the lease
    is renewed on crossing the start field."""
    state = game(lease_renewal="start")
    buy_webs(state, "Red", 2)  # fields 2 and 8
    play(state, A.LeaseComputer("Red"))
    buy_webs(state, "Red", 2)  # fields 14 and 20
    walk(state, "Red", 40)
    idle(state, "Blue")
    play(state, A.Roll("Red", die=3))  # 40 -> 1 across the start
    assert state.pending[0].kind == "lease" and state.pending[-1].kind == "red"
    play(state, A.RenewLease("Red", renew=True), A.Pass("Red"))
    idle(state, "Blue")
    play(state, A.Roll("Red", die=6), A.Pass("Red"))  # 1 -> 7
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2))  # 7 -> 9, across field 8: nothing there
    assert [p.kind for p in state.pending] == ["red"]
    assert state.teams["Red"].has_computer


def test_a_lease_placed_on_the_start_field_is_renewed_there() -> None:
    """Rulebook I, "Computer Leasing (2 WEBs)": the WEBs lie on the field the player occupies -
    also the start field when the pawn stands on it; crossing it again asks for the renewal."""
    state = game()
    buy_webs(state, "Red", 2)  # fields 2 and 8
    walk(state, "Red", 0)  # lands on the start field
    play(state, A.LeaseComputer("Red"))
    red = state.teams["Red"]
    assert red.lease_field == 0
    idle(state, "Blue")
    buy_webs(state, "Red", 2)  # fields 2 and 8 again
    walk(state, "Red", 40)
    idle(state, "Blue")
    play(state, A.Roll("Red", die=3))  # 40 -> 1, across the start field
    assert "lease" in [p.kind for p in state.pending]


# ====================================================================== buying a computer
def test_buy_a_computer_for_20000_with_up_to_10000_credit() -> None:
    """Rulebook I, "Computer Leasing (2 WEBs)": one can also buy a computer for 20,000 Marks
    and take a line of credit of up to 10,000 Marks on it."""
    state = game()
    events = play(state, A.BuyComputer("Red", credit=10_000))
    red = state.teams["Red"]
    assert red.computers_owned == 1 and red.cash == 0 and red.bank_debt == 10_000
    assert state.computers_in_bank() == 7
    assert state.ledger.balance("computer", "Red") == 1
    assert any(e["type"] == "buy_computer" for e in events)


def test_buy_a_computer_refusals() -> None:
    """Rulebook I, "Computer Leasing (2 WEBs)": 20,000 Marks, at most 10,000 of them on
    credit; a factory has a single computer slot."""
    state = game()
    refused(state, A.BuyComputer("Red", credit=10_500), "at most 10,000 Marks credit")
    refused(state, A.BuyComputer("Red", credit=5_000),
            "You have 10,000 Marks; a computer costs 20,000 and with 5,000 credit you pay "
            "15,000.")
    refused(state, A.BuyComputer("Red"), "You have 10,000 Marks", "20,000")
    refused(state, A.BuyComputer("Red", credit=7_200), "steps of 500")
    play(state, A.BuyComputer("Red", credit=10_000))
    refused(state, A.BuyComputer("Red", credit=10_000), "You have a computer already")


def test_buy_a_computer_at_any_time() -> None:
    """Rulebook I, "Computer Leasing (2 WEBs)": buying a computer is no red-field decision;
    Blue buys one during Red's turn."""
    state = game()
    play(state, A.Roll("Red", die=2), A.BuyComputer("Blue", credit=10_000))
    assert state.teams["Blue"].computers_owned == 1


# ====================================================================== insurance
def test_insurance_two_web_cover_an_insured_risk() -> None:
    """Rulebook I, "Insurance (2 WEBs)": whoever possesses 2 WEBs is insured against accidents,
    machine failure, fire, water damage (see the risk cards)."""
    state = game()
    buy_webs(state, "Red", 2)  # fields 2 and 8: cash 8,000
    events = play(state, A.Roll("Red", die=2), A.DrawRisk("Red", card=MAJOR_BREAKDOWN))
    assert any(e["type"] == "insured" for e in events)
    red = state.teams["Red"]
    assert red.cash == 8_000 and red.web == 2  # the chips are kept, not spent


def test_one_web_does_not_insure() -> None:
    """Rulebook I, "Insurance (2 WEBs)": the insurance needs 2 WEBs; with one the damage is
    paid."""
    state = game()
    buy_webs(state, "Red", 1)  # field 2: cash 9,000
    events = play(state, A.Roll("Red", die=2), A.DrawRisk("Red", card=MAJOR_BREAKDOWN))
    assert not any(e["type"] == "insured" for e in events)
    assert state.teams["Red"].cash == 6_000


def test_insurance_does_not_cover_uninsured_risks() -> None:
    """Rulebook I, "Insurance (2 WEBs)": the risk cards say what the insurance covers; a tax
    audit is not covered."""
    state = game()
    buy_webs(state, "Red", 2)
    play(state, A.Roll("Red", die=2), A.DrawRisk("Red", card=TAX_AUDIT))
    assert state.teams["Red"].cash == 7_000 and state.teams["Red"].web == 2


# ====================================================================== yellow
def test_yellow_sell_all_finished_product_at_half_price() -> None:
    """Rulebook I, "The Yellow Cost Field": sell all available finished products for half the
    market price."""
    state = finished_game()  # 2 finished, 2,700 Marks, market GAPS
    events = play(state, A.Roll("Red", die=3), A.CostChoice("Red", option="sell_half"))
    sale = next(e for e in events if e["type"] == "cost_sell_half")
    assert sale["units"] == 2 and sale["revenue"] == 2_500 + 1_500
    red = state.teams["Red"]
    assert red.finished == 0 and red.cash == 2_700 + 4_000


def test_yellow_produce_on_every_machine_at_3000_per_unit() -> None:
    """Rulebook I, "The Yellow Cost Field": produce on every machine; the production cost is
    then 3,000 Marks per product."""
    state = machine_game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=2))  # field 5, cash 4,300
    play(state, A.Roll("Red", die=1), A.CostChoice("Red", option="produce"))  # field 6
    red = state.teams["Red"]
    assert red.finished == 1 and red.raw == 1 and red.cash == 1_300


def test_yellow_produce_nothing_pays_1000_idle_costs_per_machine() -> None:
    """Rulebook I, "The Yellow Cost Field": produce nothing and pay 1,000 Marks of idling
    costs per machine."""
    state = machine_game()
    turn_to(state, "Red", "R", A.Invest("Red", credit=5_000))  # two machines, cash 0
    lend(state, "Blue", "Red", 5_000)
    events = play(state, A.Roll("Red", die=1), A.CostChoice("Red", option="idle"))  # field 6
    assert state.teams["Red"].cash == 3_000
    assert any(e["type"] == "paid" and e["amount"] == 2_000 for e in events)


def test_yellow_pay_one_web() -> None:
    """Rulebook I, "The Yellow Cost Field": pay 1 WEB."""
    state = game()
    buy_webs(state, "Red", 1)  # field 2
    play(state, A.Roll("Red", die=4), A.CostChoice("Red", option="web"))  # field 6
    assert state.teams["Red"].web == 0 and state.teams["Red"].cash == 9_000
    assert state.web_bank == 30


def test_yellow_choices_that_cannot_be_made_are_refused() -> None:
    """Rulebook I, "The Yellow Cost Field": the four choices - each needs what it uses."""
    state = game()
    play(state, A.Roll("Red", die=5))  # field 6, yellow
    refused(state, A.CostChoice("Red", option="sell_half"), "no finished product")
    refused(state, A.CostChoice("Red", option="produce"), "You cannot produce")
    refused(state, A.CostChoice("Red", option="web"), "no WEB chip")
    refused(state, A.CostChoice("Red", option="gamble"), "sell_half, produce, idle or web")
    play(state, A.CostChoice("Red", option="idle"))  # no machine: 0 Marks
    assert state.teams["Red"].cash == 10_000 and state.current == "Blue"


def test_yellow_production_needs_3000_per_unit_in_cash() -> None:
    """Rulebook I, "The Yellow Cost Field": the production cost is 3,000 Marks per product."""
    state = machine_game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=6))  # 2,150: 2,850 left
    play(state, A.Roll("Red", die=1))
    refused(state, A.CostChoice("Red", option="produce"), "You have 2,850 Marks",
            "producing 1 unit at 3,000 each", "3,000")


# ====================================================================== blue
def test_blue_field_draws_the_top_card_and_puts_it_under_the_deck() -> None:
    """Rulebook I, "The Blue Risk Field": draw a risk card from the stack, follow it, then put
    the card back at the bottom of the stack (the engine rolls and draws; a board of blue
    fields)."""
    order = (INNOVATION_PRIZE, QUIET_QUARTER) + tuple(
        c for c in range(1, 31) if c not in (INNOVATION_PRIZE, QUIET_QUARTER))
    state = game(dice="engine", board="SR" + "B" * 40, risk_order=order)
    events = play(state, A.Roll("Red"))
    card = next(e for e in events if e["type"] == "risk_card")
    assert card["card"] == INNOVATION_PRIZE
    assert state.teams["Red"].cash == 12_000
    assert state.deck[0] == QUIET_QUARTER and state.deck[-1] == INNOVATION_PRIZE
    events = play(state, A.Roll("Blue"))
    assert next(e for e in events if e["type"] == "risk_card")["card"] == QUIET_QUARTER
    assert state.deck[-2:] == [INNOVATION_PRIZE, QUIET_QUARTER]
    refused(state, A.DrawRisk("Red", card=5), "not open now", "Red rolls the die")


def test_blue_field_with_a_physical_deck_waits_for_the_card() -> None:
    """Rulebook I, "The Blue Risk Field": draw a risk card and follow its instructions - on a
    physical board the team enters the card it drew."""
    state = game()
    play(state, A.Roll("Red", die=3))  # field 4, blue
    assert [p.kind for p in state.pending] == ["risk"]
    refused(state, A.DrawRisk("Red", card=31), "There is no risk card 31")
    refused(state, A.DrawRisk("Blue", card=26), "It is Red's turn")
    play(state, A.DrawRisk("Red", card=INNOVATION_PRIZE))
    assert state.teams["Red"].cash == 12_000 and state.deck[-1] == INNOVATION_PRIZE
    assert state.current == "Blue"


# ====================================================================== white
def test_white_field_returns_a_machine() -> None:
    """Rulebook I, "The White Write-off Field": return a machine at the end of its usable
    lifespan, without replacement."""
    state = machine_game()
    walk(state, "Red", 19)
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2))  # field 21, white
    assert [p.kind for p in state.pending] == ["white"]
    events = play(state, A.WriteOff("Red", option="return"))
    assert any(e["type"] == "write_off" and e["option"] == "return" for e in events)
    red = state.teams["Red"]
    assert red.machines == [] and state.machines_in_bank() == 20
    assert red.bank_debt == 5_000  # the debt stays


def double_at_the_white_field() -> GameState:
    """Red: a double machine (3 WEB) standing on field 20, to move; 2,000 Marks."""
    state = three_webs_and_a_machine()
    play(state, A.Efficiency("Red"))
    return state


def test_white_field_downgrades_a_double_machine() -> None:
    """Rulebook I, "The White Write-off Field": with a double machine it is sufficient to set
    it back to single capacity."""
    state = double_at_the_white_field()
    play(state, A.Roll("Red", die=1), A.WriteOff("Red", option="downgrade"))
    red = state.teams["Red"]
    (machine,) = state.held_machines(red)
    assert not machine.double and len(red.machines) == 1


def test_white_field_may_return_a_double_machine() -> None:
    """Rulebook I, "The White Write-off Field": return a machine; setting a double one back
    to single "is sufficient" - returning it is allowed too."""
    state = double_at_the_white_field()
    play(state, A.Roll("Red", die=1), A.WriteOff("Red", option="return", machine=1))
    assert state.teams["Red"].machines == []


def test_white_field_pay_one_web_instead() -> None:
    """Rulebook I, "The White Write-off Field": if you possess 1 WEB you may pay it instead
    and keep your machine."""
    state = machine_game()
    buy_webs(state, "Red", 1)  # field 8
    walk(state, "Red", 19)
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2), A.WriteOff("Red", option="web"))
    red = state.teams["Red"]
    assert red.web == 0 and len(red.machines) == 1


def test_white_field_without_a_machine_costs_nothing() -> None:
    """Rulebook I, "The White Write-off Field": return a machine - a team without one has
    nothing to write off."""
    state = game()
    walk(state, "Red", 19)
    idle(state, "Blue")
    events = play(state, A.Roll("Red", die=2))
    assert any(e["type"] == "write_off" and e["option"] == "none" for e in events)
    assert state.current == "Blue"


def test_white_field_choices_that_cannot_be_made_are_refused() -> None:
    """Rulebook I, "The White Write-off Field": the web option needs a WEB, a downgrade a
    double machine."""
    state = machine_game()
    walk(state, "Red", 19)
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2))
    refused(state, A.WriteOff("Red", option="web"), "no WEB chip")
    refused(state, A.WriteOff("Red", option="downgrade"), "no double machine")
    refused(state, A.WriteOff("Red", option="return", machine=9), "Machine 9 is not in your hall")
    refused(state, A.WriteOff("Red", option="sell"), "return, downgrade or web")


# ====================================================================== start
def test_start_field_charges_10_percent_interest_and_a_1000_fee() -> None:
    """Rulebook I, "Lines of Credit": every time the debtor crosses the start field he pays 10
    percent of the outstanding debt as interest and 1,000 Marks of fees."""
    state = machine_game()  # debt 5,000, cash 5,000
    walk(state, "Red", 40)
    idle(state, "Blue")
    events = play(state, A.Roll("Red", die=3))
    paid = [(e["reason"], e["amount"]) for e in events if e["type"] == "paid"]
    assert paid == [("interest", 500), ("loan fee", 1_000)]
    red = state.teams["Red"]
    assert red.cash == 5_000 + 10_000 - 1_500 and red.bank_debt == 5_000


def test_interest_and_fee_are_due_at_every_crossing_with_debt() -> None:
    """Rulebook I, "The Start Field": the interest and fees are due every time - each year -
    the debtor crosses the start field."""
    state = machine_game()
    walk(state, "Red", 1)
    idle(state, "Blue")
    cash = state.teams["Red"].cash
    walk(state, "Red", 1)
    assert state.teams["Red"].cash == cash - 1_500  # no capital now, interest and fee again


def test_interest_on_the_debt_still_outstanding() -> None:
    """Rulebook I, "Lines of Credit": 10 percent of the STILL OUTSTANDING debt."""
    state = machine_game()
    play(state, A.RepayCredit("Red", amount=3_000))
    walk(state, "Red", 1)
    assert state.teams["Red"].cash == 2_000 + 10_000 - 200 - 1_000


def test_no_interest_when_repaid_before_the_crossing() -> None:
    """Rulebook I, "Lines of Credit": who pays back the entire loan before crossing the start
    field with that debt owes no interest and no fees."""
    state = machine_game()
    play(state, A.RepayCredit("Red", amount=5_000))
    walk(state, "Red", 1)
    assert state.teams["Red"].cash == 10_000 and state.teams["Red"].bank_debt == 0


def test_start_field_asks_no_decision() -> None:
    """Rulebook I, "The Start Field": crossing it completes a year; it is no decision field."""
    state = game()
    walk(state, "Red", 0)
    assert state.teams["Red"].position == 0 and state.current == "Blue" and not state.pending


# ====================================================================== more of the cards
@pytest.mark.parametrize(
    ("card", "raw", "machines", "double", "cash", "web"),
    [
        (1, 0, 1, True, 3_300, 0),  # fire in the raw warehouse: 2 raw units lost
        (2, 2, 0, False, 3_300, 0),  # fire in the machine hall: the machine is lost
        (3, 2, 1, True, 3_300, 0),  # water damage to finished product: it has none
        (4, 2, 1, True, 2_800, 0),  # machine failure: 500 per machine
        (9, 2, 1, False, 3_300, 0),  # short circuit: the double machine runs single
        (18, 2, 1, True, 3_100, 0),  # storage costs: 100 per unit held
        (23, 2, 1, True, 3_300, 0),  # agency fails: a WEB chip lost - it has none
        (25, 2, 1, True, 4_300, 0),  # tax refund: 1,000
        (30, 2, 1, True, 3_300, 0),  # a quiet quarter
    ],
)
def test_risk_cards_are_followed(card: int, raw: int, machines: int, double: bool, cash: int,
                                 web: int) -> None:
    """Rulebook I, "The Blue Risk Field": draw a risk card and follow its instructions (the
    cards of playboss/rules/risk_deck.json; no insurance here)."""
    state = double_machine_game()  # a double machine, 2 raw units, 3,300 Marks, no WEB
    play(state, A.Roll("Red", die=1), A.DrawRisk("Red", card=card))  # field 23
    red = state.teams["Red"]
    assert red.raw == raw and len(red.machines) == machines and red.cash == cash
    assert red.web == web
    if machines:
        assert state.held_machines(red)[0].double is double
    assert state.current == "Blue"


def test_insurance_keeps_the_machine_in_a_fire() -> None:
    """Rulebook I, "Insurance (2 WEBs)": insured against fire - with 2 WEBs the card does
    nothing."""
    state = double_machine_game()
    lend(state, "Blue", "Red", 2_000)
    buy_webs(state, "Red", 2)
    roll_to(state, "Red", "B")
    play(state, A.DrawRisk("Red", card=2))
    assert len(state.teams["Red"].machines) == 1


def test_a_fire_takes_a_single_machine_before_a_double_one() -> None:
    """Rulebook I, "The Blue Risk Field": a machine lost to a fire - the engine takes a single
    machine first, so that the card does not also cost an efficiency upgrade (its choice)."""
    state = double_machine_game()
    lend(state, "Blue", "Red", 6_000)
    turn_to(state, "Red", "R", A.Invest("Red", credit=5_000))  # machine 2, single
    roll_to(state, "Red", "B")
    play(state, A.DrawRisk("Red", card=2))
    (left,) = state.held_machines(state.teams["Red"])
    assert left.id == 1 and left.double


def _advertise_and_sell_on_red(advertising_field: str) -> list[int]:
    """Red (2 finished units, market GAPS) buys a campaign on a red field before deciding and
    sells both units there: the prices."""
    state = finished_game(advertising_field=advertising_field)
    buy_webs(state, "Red", 2)
    roll_to(state, "Red", "R")
    events = play(state, A.Advertise("Red"), A.Sell("Red", units=2))
    return list(next(e for e in events if e["type"] == "sell")["prices"])


def test_advertising_bought_on_the_red_field_waits_for_the_next_one() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": WEB options at any time, but the higher
    price is "upon landing on the next red field" - a campaign started on a red field before
    its decision does not price that field's sale (the 300 gap sells at 3,000)."""
    assert _advertise_and_sell_on_red(LITERAL["advertising_field"]) == [5_000, 3_000]


def test_advertising_bought_on_the_red_field_counts_for_it_on_the_legacy_reading() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": with ``advertising_field: "current"``
    (pinned: the engine's earlier reading of "the next red field") a campaign started on a
    red field before its decision is for that field (3,500 for the 300 gap)."""
    assert _advertise_and_sell_on_red(LEGACY["advertising_field"]) == [5_000, 3_500]


def test_yellow_production_gets_no_computer_discount() -> None:
    """Rulebook I, "The Yellow Cost Field": the production cost is then 3,000 Marks per
    product - with a computer too."""
    state = computer_game("leased")  # a ready machine, 2 raw units, a leased computer
    lend(state, "Blue", "Red", 2_000)
    cash = state.teams["Red"].cash
    roll_to(state, "Red", "Y")
    play(state, A.CostChoice("Red", option="produce"))
    assert state.teams["Red"].cash == cash - 3_000


def test_idle_costs_for_the_machines_in_the_hall() -> None:
    """Rulebook I, "The Yellow Cost Field": 1,000 idling costs per machine - per machine the
    team runs: a leased-in machine counts, a leased-out one does not (the engine's choice)."""
    state = machine_game(credit=0)  # Red: machine 1, cash 0
    idle(state, "Red")
    turn_to(state, "Blue", "R", A.Invest("Blue", credit=5_000), rest=False)
    deal(state, "Blue", "Red", give={"lease": [2]}, take={})
    deal(state, "Red", "Blue", give={"lease": [1]}, take={})
    lend(state, "Blue", "Red", 3_000)
    roll_to(state, "Red", "Y")
    play(state, A.CostChoice("Red", option="idle"))
    assert state.teams["Red"].cash == 3_000 - 1_000


def test_crossing_the_start_and_the_lease_field_in_one_move() -> None:
    """Rulebook I, "Computer Leasing (2 WEBs)" and "The Start Field": a move past both closes
    the year and asks for the renewal - the lease placed on field 1, right after the start."""
    state = game()
    buy_webs(state, "Red", 2)  # fields 2 and 8
    walk(state, "Red", 1)  # round to field 1, across the start
    play(state, A.LeaseComputer("Red"))
    idle(state, "Blue")
    buy_webs(state, "Red", 2)
    walk(state, "Red", 40)
    idle(state, "Blue")
    play(state, A.Roll("Red", die=3))  # 40 -> 1: across the start, onto the lease field
    assert [p.kind for p in state.pending] == ["lease", "red"]
    assert state.teams["Red"].years == 2
