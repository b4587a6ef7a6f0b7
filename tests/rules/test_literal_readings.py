"""The rulebook's literal readings (issue 14) of the base model, each a setting: advertising
on the NEXT red field, machines as collateral, private loans that come due.

The literal values are the defaults; every test still passes the value it plays explicitly
(``readings.LITERAL`` or ``readings.LEGACY``), so that it reads the same whatever the defaults,
and most also show the legacy value still plays as before, so that a test fails if the
setting is ignored either way.
"""

from __future__ import annotations

from typing import Any

import pytest

from playboss.rules import RuleViolation, legal_actions
from playboss.rules import actions as A
from playboss.rules.config import GameConfig
from playboss.rules.readings import LEGACY, LITERAL
from playboss.rules.rulebook import action_from_dict
from playboss.rules.state import BANK, GameState
from playboss.rules.steps.free_market.actions import OfferSale
from playboss.rules.views import view
from tests.rules.helpers import (
    buy_webs,
    deal,
    finished_game,
    game,
    idle_others,
    machine_game,
    play,
    refused,
    roll_to,
    settle,
    turn_to,
    walk,
)


def literal(name: str) -> dict[str, Any]:
    return {name: LITERAL[name]}


# ====================================================================== advertising
def _advertise_on_red(**settings: Any) -> Any:
    """Red (2 finished units, 2 WEB) lands on a red field and, before deciding, buys a
    campaign there; the events of its sale of 2 units on that field."""
    state = finished_game(**settings)  # market GAPS: a gap in the 500 and the 300 zone
    buy_webs(state, "Red", 2)
    roll_to(state, "Red", "R")
    assert state.pending[0].kind == "red"
    play(state, A.Advertise("Red"))
    return state, play(state, A.Sell("Red", units=2))


def test_a_campaign_bought_on_a_red_field_waits_for_the_next_one() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": the next higher price "upon landing on the
    NEXT red field" - a campaign bought while standing on a red field does not price that
    field's sale, and still runs afterwards."""
    state, events = _advertise_on_red(**literal("advertising_field"))
    sale = next(e for e in events if e["type"] == "sell")
    assert sale["prices"] == [5_000, 3_000] and sale["how"] == ""  # the zones' own prices
    red = state.teams["Red"]
    assert red.advertising, "the campaign waits for the next red field"
    settle(state, "Red")
    idle_others(state, "Red")
    turn_to(state, "Red", "R", A.Pass("Red"))  # the next red field's decision spends it
    assert not red.advertising and "advertising_waits" not in red.step


def test_a_campaign_bought_on_a_red_field_applies_there_on_the_legacy_reading() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": with ``advertising_field: "current"`` (the
    engine's earlier reading) the campaign prices the undecided field's sale and is spent."""
    state, events = _advertise_on_red(advertising_field=LEGACY["advertising_field"])
    sale = next(e for e in events if e["type"] == "sell")
    assert sale["prices"] == [5_000, 3_500] and sale["how"] == "advertising"
    assert not state.teams["Red"].advertising


def test_a_campaign_bought_before_the_roll_applies_on_the_next_red_field() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": bought before landing (here: before the
    roll, standing on a red field already decided) it prices the next red field's sale."""
    state = finished_game(**literal("advertising_field"))
    buy_webs(state, "Red", 2)
    play(state, A.Advertise("Red"))
    events = turn_to(state, "Red", "R", A.Sell("Red", units=2))
    assert next(e for e in events if e["type"] == "sell")["prices"] == [5_000, 3_500]
    assert not state.teams["Red"].advertising


def test_the_listed_offers_of_a_waiting_campaign_are_priced() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": the legal moves agree - with the free
    market (step 1) a campaign that applies is offered as a sale without a price (it cannot be
    underbid); one that waits for the next red field leaves the ordinary priced offers."""
    def offered_prices(setting: str) -> set[int]:
        state = finished_game(steps=frozenset({1}), advertising_field=setting)
        buy_webs(state, "Red", 2)
        roll_to(state, "Red", "R")
        play(state, A.Advertise("Red"))
        listed = legal_actions(state, "Red")
        assert not any(isinstance(a, A.Advertise) for a in listed)
        return {a.price for a in listed if isinstance(a, OfferSale)}

    assert offered_prices(LEGACY["advertising_field"]) == {0}
    assert 0 not in offered_prices(LITERAL["advertising_field"])


def test_the_reading_round_trips_and_is_implied_when_absent() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": the settings are in the game's config; a
    config that names no reading plays the literal one (the default), ``to_dict`` leaves a
    reading out at its literal value and writes a legacy one, and a legacy config round-trips.
    """
    literal_config = GameConfig(teams=("Red", "Blue"), **LITERAL)
    assert GameConfig.from_dict({"teams": ["Red", "Blue"]}) == literal_config
    assert GameConfig(teams=("Red", "Blue")) == literal_config
    assert not set(LITERAL) & set(literal_config.to_dict())
    assert GameConfig.from_dict(literal_config.to_dict()) == literal_config
    legacy = GameConfig(teams=("Red", "Blue"), **LEGACY)
    data = legacy.to_dict()
    assert {k: data[k] for k in LEGACY} == LEGACY
    assert GameConfig.from_dict(data) == legacy
    for name in LEGACY:  # each reading on its own: written when legacy, implied when literal
        one = GameConfig(teams=("Red", "Blue"), **{name: LEGACY[name]})
        assert [k for k in LEGACY if k in one.to_dict()] == [name]
        assert GameConfig.from_dict(one.to_dict()) == one


# ====================================================================== collateral
def test_selling_back_a_machine_that_secures_the_debt_repays_the_bank_first() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": "the machines are
    considered collateral which can be collected by the bank" - selling back the machine
    bought on 5,000 credit repays the 5,000 from its proceeds; on the legacy reading the
    debt stays, above a line of 0."""
    state = machine_game(**literal("collateral"))
    red = state.teams["Red"]
    machine = red.machines[0]
    cash = red.cash
    events = play(state, A.SellBack("Red", item="machine", machine=machine))
    assert red.bank_debt == 0 and red.cash == cash
    repaid = next(e for e in events if e["type"] == "repay")
    assert (repaid["amount"], repaid["how"]) == (5_000, "collateral")
    legacy = machine_game(collateral=LEGACY["collateral"])
    play(legacy, A.SellBack("Red", item="machine", machine=machine))
    assert legacy.teams["Red"].bank_debt == 5_000 and legacy.teams["Red"].cash == cash + 5_000


def test_only_the_debt_above_the_line_left_is_repaid() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": with two machines
    (line 10,000) and 7,000 debt, selling one leaves a line of 5,000: 2,000 are repaid."""
    state = machine_game(credit=5_000, **literal("collateral"))
    play(state, A.Correction(BANK, team="Red", amount=10_000, reason="test set-up"))
    turn_to(state, "Red", "R", A.Invest("Red", credit=2_000))
    red = state.teams["Red"]
    assert red.bank_debt == 7_000
    cash = red.cash
    play(state, A.SellBack("Red", item="machine", machine=red.machines[0]))
    assert red.bank_debt == 5_000 and red.cash == cash + 3_000


def test_a_private_sale_of_the_collateral_repays_the_bank_from_the_price() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": sold privately for
    6,000, the machine that secures Red's 5,000 debt repays it; a machine only leased out
    stays Red's collateral and repays nothing."""
    state = machine_game(**literal("collateral"))
    red, blue = state.teams["Red"], state.teams["Blue"]
    machine = red.machines[0]
    deal(state, "Red", "Blue", give={"lease": [machine]})
    assert red.bank_debt == 5_000
    deal(state, "Blue", "Red", give={"machines": [machine]})  # back from the lease
    cash = red.cash
    deal(state, "Red", "Blue", give={"machines": [machine]}, take={"cash": 6_000})
    assert red.bank_debt == 0 and red.cash == cash + 1_000
    assert blue.machines == [machine]


# ====================================================================== loans that come due
def _lend_due(state: GameState, amount: int, years: int) -> int:
    """Blue lends Red ``amount``, due after ``years`` of Red's years; the loan's number."""
    play(state, A.ProposeDeal("Blue", partner="Red", give={"loan": amount},
                              loan_due_years=years))
    play(state, A.AcceptDeal("Red", deal=max(state.deals)))
    return max(state.loans)


def _to_the_start(state: GameState) -> list[dict[str, Any]]:
    """Red walks to field 41 and, with its next roll (a 2), crosses the start; the events."""
    walk(state, "Red", 41)
    idle_others(state, "Red")
    return play(state, A.Roll("Red", die=2))


def test_a_loan_due_after_one_year_is_repaid_when_the_borrower_crosses_the_start() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": a private loan "when it
    comes due" - due after one of Red's years, it is repaid to Blue at Red's next crossing of
    the start; one due after two years is not."""
    state = game(second_capital=0, **literal("private_loan_due"))
    due_now = _lend_due(state, 3_000, years=1)
    later = _lend_due(state, 1_000, years=2)
    loans = {ln["id"]: ln for ln in view(state, "Red")["teams"][0]["loans"]}
    assert (loans[due_now]["due_year"], loans[later]["due_year"]) == (1, 2)
    blue = state.teams["Blue"].cash
    events = _to_the_start(state)
    repaid = [e for e in events if e["type"] == "repay_private"]
    assert [(e["amount"], e["how"]) for e in repaid] == [(3_000, "due")]
    assert due_now not in state.loans and state.loans[later].amount == 1_000
    assert state.teams["Blue"].cash == blue + 3_000


def test_a_borrower_who_cannot_repay_a_due_loan_is_bankrupt_and_the_bank_is_paid_first() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": "If your assets are not
    sufficient to repay a bank or private loan when it comes due, you will enter bankruptcy ...
    the bank has first rights to repayment" - Red's 5,500 (500 cash and its machine, 5,000)
    repay the bank's 5,000 first; Blue, whose loan of 6,000 fell due, gets the 500 left."""
    state = machine_game(second_capital=0, **LITERAL)
    _lend_due(state, 6_000, years=1)
    walk(state, "Red", 41)
    idle_others(state, "Red")
    red, blue = state.teams["Red"], state.teams["Blue"]
    deal(state, "Red", "Blue", give={"cash": red.cash - 2_000})  # Red keeps 2,000
    blue_cash = blue.cash
    events = play(state, A.Roll("Red", die=2))
    # Interest 500 and fee 1,000 paid; the loan of 6,000 is more than Red can raise: bankrupt.
    assert [e["reason"] for e in events if e["type"] == "paid"] == ["interest", "loan fee"]
    bankrupt = [e for e in events if e["type"] == "bankrupt"]
    assert red.bankrupt and [(e["amount"], e["reason"]) for e in bankrupt] == [
        (6_000, "private loan due")]
    assert not [e for e in state.ledger.entries if e.reason == "written off"]  # bank paid
    assert blue.cash == blue_cash + 500 and not state.loans


def test_the_bank_writes_off_what_a_bankrupt_borrower_of_a_due_loan_cannot_repay() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": "the bank has first
    rights to repayment" - with ``collateral: "free"`` pinned (the debt outlives the machine
    sold back), Red's 4,000 go to the bank (5,000 debt, 1,000 written off), none to Blue,
    whose loan of 6,000 fell due."""
    state = machine_game(second_capital=0, **literal("private_loan_due"),
                         collateral=LEGACY["collateral"])
    _lend_due(state, 6_000, years=1)
    walk(state, "Red", 41)
    idle_others(state, "Red")
    red, blue = state.teams["Red"], state.teams["Blue"]
    deal(state, "Red", "Blue", give={"cash": red.cash - 500})  # Red keeps 500
    blue_cash = blue.cash
    play(state, A.Roll("Red", die=2))  # interest 500 paid; the fee of 1,000 waits
    assert state.pending[0].reason == "loan fee" and not red.bankrupt
    events = play(state, A.SellBack("Red", item="machine", machine=red.machines[0]))
    # Fee paid (4,000 left); the loan of 6,000 is more than Red can raise: bankrupt.
    assert red.bankrupt and any(e["type"] == "bankrupt" for e in events)
    written_off = [e for e in state.ledger.entries if e.reason == "written off"]
    assert [e.qty for e in written_off] == [1_000]  # 4,000 of the 5,000 debt repaid
    assert blue.cash == blue_cash and not state.loans


def test_a_due_date_is_refused_on_the_legacy_reading_and_needs_a_loan() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": with
    ``private_loan_due: "never"`` a due date is refused; under the literal reading it needs a
    loan in the deal and at least one year."""
    legacy = game(private_loan_due=LEGACY["private_loan_due"])
    error = refused(legacy, A.ProposeDeal("Blue", partner="Red", give={"loan": 1_000},
                                          loan_due_years=1), "no due date")
    assert error.code == "loan_due_not_played"
    state = game(**literal("private_loan_due"))
    assert refused(state, A.ProposeDeal("Blue", partner="Red", give={"cash": 1_000},
                                        loan_due_years=1)).code == "loan_due_without_loan"
    assert refused(state, A.ProposeDeal("Blue", partner="Red", give={"loan": 1_000},
                                        loan_due_years=0)).code == "loan_due_years"


def test_the_due_date_is_in_the_moves_json_and_old_logs_read_as_before() -> None:
    """Rulebook I, "Private Business between Players": the due date travels in the move's JSON
    (``loan_due_years``); a move without it - every log written before - reads as a loan with
    no due date, and writes no such field."""
    offer = A.ProposeDeal("Blue", partner="Red", give={"loan": 1_000}, loan_due_years=2)
    data = offer.to_dict()
    assert data["loan_due_years"] == 2 and action_from_dict(data) == offer
    old = {"type": "propose_deal", "actor": "Blue", "partner": "Red", "give": {"loan": 1_000}}
    assert action_from_dict(old).loan_due_years is None
    assert action_from_dict(old).to_dict() == {**old, "take": {}}
    with pytest.raises(RuleViolation):
        action_from_dict({**old, "loan_due_years": "soon"})


def test_only_the_readings_are_left_out_of_the_config_json() -> None:
    """Rulebook I, "Preparation for Play": every other setting is written as before, also one
    whose value is None (``first_team``, ``risk_order``)."""
    data = GameConfig(teams=("Red", "Blue")).to_dict()
    assert data["first_team"] is None and data["risk_order"] is None
    assert set(data) == {name for name in GameConfig.__dataclass_fields__} - set(LEGACY)
