"""Step 6: Labor Market (rulebook part II, "6. Step: Labor Market": Strike, Lockout, Production,
Production Costs, Labor Costs, Double Production, The Yellow Cost Field, Hiring, Termination,
Unemployment Support).

Positions are built exactly: Red moves first from red field 1 (a 2 lands on red field 3, a 5 on
yellow field 6); machines and stock are handed out before the first move (``stock``), booked in
the ledger as from the bank and the box, and counted as held before the team's last red field.
The worker representative is the actor ``"workers"``; it starts with the 5,000 Marks fund and
the 20 workers. With any expansion step every team starts with 20,000 Marks.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from playboss.rules import actions as A
from playboss.rules import (
    apply,
    legal_actions,
    legal_choices,
    new_game,
    rulebook,
    view,
    waiting_for,
)
from playboss.rules.bankruptcy import declare
from playboss.rules.bots import BOTS
from playboss.rules.cli import final_state
from playboss.rules.config import ALL_STEPS, GameConfig
from playboss.rules.errors import RuleViolation
from playboss.rules.gamelog import parse_entry, replay
from playboss.rules.goods import give_machine
from playboss.rules.invariants import check, problems
from playboss.rules.legal import asked, to_move
from playboss.rules.simulate import play_game, simulate
from playboss.rules.snapshot import state_from_dict, state_to_dict
from playboss.rules.state import BANK, BOX, PRODUCTION, GameState, Pending
from playboss.rules.steps import labor as L
from playboss.rules.steps.free_market import OfferSale
from playboss.rules.steps.labor import (
    AcceptHire,
    CallStrike,
    DeclareLockout,
    EndLockout,
    EndStrike,
    GiveNotice,
    OfferHire,
    RejectHire,
)
from playboss.rules.steps.marketing import FoundMarketing, MarketingSale
from playboss.rules.turn import Turn
from playboss.rules.turn_flow import advance

W = "workers"
RULE = "6. Step: Labor Market"


# ====================================================================== helpers
HALF = (0, 0, 0, 0, 5, 5, 5, 5)  # the market of fewer than five teams


def game(**overrides: Any) -> GameState:
    """Red and Blue (Red first, dice entered, a half market), as ``overrides`` say."""
    settings: dict[str, Any] = {"teams": ("Red", "Blue"), "first_team": "Red",
                                "dice": "entered", "market_fill": HALF}
    settings.update(overrides)
    state = new_game(GameConfig(**settings))
    check(state)
    return state


def g6(**overrides: Any) -> GameState:
    """Red and Blue with step 6 (Red first, dice entered, a half market, no time limit)."""
    settings: dict[str, Any] = {"steps": frozenset({6}), "years": None}
    settings.update(overrides)
    return game(**settings)


def play(state: GameState, *actions: A.Action) -> list[dict[str, Any]]:
    """Apply each action, checking the invariants after every one; the events."""
    events: list[dict[str, Any]] = []
    for action in actions:
        events.extend(apply(state, action))
        check(state)
    return events


def cash(state: GameState, team: str) -> int:
    return state.teams[team].cash


def idle(state: GameState, team: str) -> None:
    """``team`` rolls to the next red field (within 6) and does nothing there."""
    pos = state.teams[team].position
    die = next(d for d in range(1, 7)
               if state.config.board[(pos + d) % len(state.config.board)] == "R")
    play(state, A.Roll(team, die=die))
    finish(state, team)


def _snapshot(state: GameState) -> str:
    data = final_state(state)
    data["ledger"] = len(state.ledger)
    data["seq"] = state.seq
    data["next_id"] = state.next_id
    data["pending"] = [[p.kind, p.amount, p.reason, p.detail] for p in state.pending]
    data["step"] = state.step
    data["team_steps"] = {n: t.step for n, t in state.teams.items()}
    data["machines_detail"] = {str(m.id): [m.owner, m.holder, m.double, m.ready_at]
                               for m in state.machines.values()}
    data["rolled"] = state.rolled
    return json.dumps(data, sort_keys=True, default=str)


def lab(state: GameState) -> dict[str, Any]:
    return L.books(state)


def rep_cash(state: GameState) -> int:
    return int(lab(state)["cash"])


def staff(state: GameState, team: str) -> list[int]:
    return [c["salary"] for c in L.contracts(state.teams[team])]


def refused(state: GameState, action: A.Action, *words: str) -> RuleViolation:
    """Refused with each of ``words`` in the message; the state, including the books, the
    queue and the steps' data of the game and of each team, is unchanged."""
    before = _snapshot(state)
    with pytest.raises(RuleViolation) as info:
        apply(state, action)
    assert _snapshot(state) == before, f"refused {action} but the state changed"
    check(state)
    for word in words:
        assert word in info.value.message, f"{word!r} not in {info.value.message!r}"
    return info.value



def stock(state: GameState, team: str, raw: int = 0, machines: int = 0, doubles: int = 0,
          finished: int = 0, web: int = 0) -> None:
    """Test set-up: delivered machines from the bank, raw material (and finished product made
    of it) from the box, WEB chips from the bank, all booked in the ledger and held since
    before the team's last red field."""
    t = state.teams[team]
    turn = Turn(state, None)
    for i in range(machines + doubles):
        give_machine(turn, t, double=i >= machines).ready_at = 0
    led = state.ledger
    if raw + finished:
        state.box -= raw + finished
        t.raw += raw + finished
        led.post(state.seq, "raw", BOX, team, raw + finished, "test set-up")
    if finished:
        t.raw -= finished
        t.finished += finished
        led.post(state.seq, "raw", team, PRODUCTION, finished, "test set-up")
        led.post(state.seq, "finished", PRODUCTION, team, finished, "test set-up")
    if web:
        state.web_bank -= web
        t.web += web
        led.post(state.seq, "web", BANK, team, web, "test set-up")
    L.team_data(t)["mark"] = len(led)
    check(state)


def hire(state: GameState, team: str, workers: int, salary: int = 500) -> None:
    """``team`` offers and the worker representative accepts."""
    play(state, OfferHire(team, workers=workers, salary=salary))
    play(state, AcceptHire(W, offer=open_offer_id(state, team)))


def open_offer_id(state: GameState, team: str) -> int:
    offer = L.open_offer(state, team)
    assert offer is not None
    return int(offer["id"])


def drain(state: GameState, leave: int) -> None:
    """Test set-up: the representative has spent all but ``leave`` Marks (paid to the bank)."""
    spend = rep_cash(state) - leave
    lab(state)["cash"] = leave
    state.ledger.post(state.seq, "cash", W, BANK, spend, "test set-up")
    check(state)


def finish(state: GameState, team: str) -> None:
    """End ``team``'s turn without business: pass on red, green and the production item, idle
    on yellow."""
    while state.current == team and state.pending:
        kind = state.pending[0].kind
        if kind in ("red", "green", L.PRODUCTION_ITEM):
            play(state, A.Pass(team))
        elif kind == "yellow":
            play(state, A.CostChoice(team, option="idle"))
        else:
            raise AssertionError(f"{team} waits for {kind}")


def kinds(state: GameState) -> list[str]:
    return [p.kind for p in state.pending]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def booked(state: GameState, reason: str, source: str | None = None,
           target: str | None = None) -> int:
    return sum(e.qty for e in state.ledger.entries if e.kind == "cash" and e.reason == reason
               and (source is None or e.source == source)
               and (target is None or e.target == target))


# ====================================================================== set-up
def test_the_representative_starts_with_the_fund_and_twenty_workers() -> None:
    """Rulebook II, "6. Step: Labor Market": one player becomes the worker representative; he
    gives out the 20 labor units and manages the unemployment fund, which "starts with a
    balance of 5,000 Marks"."""
    state = g6()
    assert rep_cash(state) == 5_000
    assert state.ledger.balance("cash", W) == 5_000
    assert lab(state)["pool"] == 20 and state.ledger.balance("worker", W) == 20
    assert cash(state, "Red") == cash(state, "Blue") == 20_000
    assert staff(state, "Red") == []


def test_without_step_6_the_labor_market_is_not_played() -> None:
    """Rulebook II, "6. Step: Labor Market": only with the step; the base model keeps its
    production (1,000 a unit, no workers)."""
    state = game(steps=frozenset({4}), years=None)
    assert "labor" not in state.step
    refused(state, OfferHire("Red", workers=1), "does not play the labor market")
    refused(state, CallStrike(W, teams=["Red"]), "does not play the labor market")
    assert state.teams["Red"].step == {}


# ====================================================================== hiring
def test_a_team_hires_by_agreement_with_the_representative() -> None:
    """Rulebook II, "Hiring": "Hiring can occur at any time. The business manager comes to an
    agreement with the worker representative in regards to the salary and then obtains the
    worker unit piece." The offer waits beside play: the representative is asked, the game
    does not wait for it."""
    state = g6()
    events = play(state, OfferHire("Red", workers=2))
    assert types(events) == ["hire_offered"]
    assert waiting_for(state) == ["Red"] and kinds(state) == []
    assert asked(state) == [W]
    oid = open_offer_id(state, "Red")
    refused(state, AcceptHire("Red", offer=oid), "waits for the worker representative's")
    refused(state, AcceptHire("Blue", offer=oid), "waits for the worker representative's")
    refused(state, RejectHire("Blue", offer=oid), "between Red and the worker representative")
    events = play(state, AcceptHire(W, offer=oid))
    assert types(events) == ["hired"]
    assert staff(state, "Red") == [500, 500]
    assert lab(state)["pool"] == 18
    assert state.ledger.balance("worker", "Red") == 2
    assert waiting_for(state) == ["Red"] and kinds(state) == [] and asked(state) == []
    assert cash(state, "Red") == 20_000  # hiring itself costs nothing: salaries are per field


def test_a_hiring_offer_never_stops_the_game() -> None:
    """Rulebook II, "Hiring": "Hiring can occur at any time" — a negotiation beside play, like
    a private deal. While Red's offer is open Red rolls and plays its field, Blue plays its
    turn, and the representative answers when it likes (here during Blue's turn)."""
    state = g6()
    play(state, OfferHire("Red", workers=1))
    oid = open_offer_id(state, "Red")
    play(state, A.Roll("Red", die=2))  # the roll is not held up by the offer
    assert asked(state) == [W] and L.open_offer(state, "Red") is not None
    finish(state, "Red")
    assert state.current == "Blue" and waiting_for(state) == ["Blue"]
    play(state, A.Roll("Blue", die=2))
    assert asked(state) == [W]
    play(state, AcceptHire(W, offer=oid))  # beside Blue's turn
    assert staff(state, "Red") == [500] and asked(state) == []
    assert waiting_for(state) == ["Blue"]


def test_the_representatives_moves_while_asked_are_the_answers() -> None:
    """Rulebook II, "Hiring": asked about a team's offer, the representative's moves proper
    are accepting and turning it down (a bot that is asked answers it); nothing else is
    listed as its move beside the any-time ones."""
    state = g6()
    play(state, OfferHire("Red", workers=1))
    oid = open_offer_id(state, "Red")
    proper = {(c.cls.type, c.fixed.get("offer")) for c in legal_choices(state, W)
              if not c.any_time}
    assert proper == {("accept_hire", oid), ("reject_hire", oid)}
    play(state, RejectHire(W, offer=oid))
    assert asked(state) == [] and L.open_offer(state, "Red") is None


def test_a_bot_answers_hiring_offers_at_the_going_salary() -> None:
    """Rulebook II, "Hiring" and "Unemployment Support": the teacher may let a bot answer for
    the representative at the going salary — 500 Marks before the first lap, then the highest
    negotiated salary: an offer at it or above is accepted while there are workers, one below
    it is turned down."""
    state = g6()
    assert L.answer_at_going_salary(state) is None  # nothing asked
    play(state, OfferHire("Red", workers=2))
    answer = L.answer_at_going_salary(state)
    assert isinstance(answer, AcceptHire) and answer.offer == open_offer_id(state, "Red")
    assert L.going_salary(state) == 500
    lab(state)["first_lap_done"] = True  # (set-up: as if a team had crossed the start)
    lab(state)["highest_salary"] = 700
    lab(state)["retired"], lab(state)["pool"], lab(state)["unemployed"] = 18, 0, 2
    state.ledger.post(0, "worker", W, "retired", 18, "test set-up")
    check(state)
    assert L.going_salary(state) == 700
    answer = L.answer_at_going_salary(state)  # Red's offer of 500 is now below it
    assert isinstance(answer, RejectHire) and answer.offer == open_offer_id(state, "Red")
    play(state, answer)
    play(state, OfferHire("Red", workers=1, salary=700))
    assert isinstance(L.answer_at_going_salary(state), AcceptHire)
    lab(state)["unemployed"], lab(state)["pool"] = 0, 0  # nobody left to hire out
    assert isinstance(L.answer_at_going_salary(state), RejectHire)


def test_a_stored_state_with_the_old_hiring_item_plays_on() -> None:
    """Rulebook II, "Hiring": offers wait beside play; a state stored by an older version,
    whose turn waited on a ``hiring`` item, is read without it and the team may roll."""
    state = g6()
    play(state, OfferHire("Red", workers=1))
    data = json.loads(json.dumps(state_to_dict(state)))
    data["pending"].insert(0, {"kind": "hiring", "amount": 0, "reason": "hiring",
                               "detail": "an offer to the representative"})
    again = state_from_dict(data)
    assert [p.kind for p in again.pending] == [] and asked(again) == [W]
    play(again, A.Roll("Red", die=2))


def test_the_representative_offers_and_the_team_answers_at_any_time() -> None:
    """Rulebook II, "Hiring": the agreement may come from the representative's side; the
    team answers whenever it likes (the game does not wait)."""
    state = g6()
    play(state, OfferHire(W, team="Blue", workers=3))
    assert waiting_for(state) == ["Red"]  # Red plays on
    oid = open_offer_id(state, "Blue")
    refused(state, AcceptHire(W, offer=oid), "waits for Blue's answer")
    refused(state, OfferHire("Blue", workers=1), f"Hiring offer {oid}", "open")
    play(state, A.Roll("Red", die=2), AcceptHire("Blue", offer=oid))  # during Red's turn
    assert staff(state, "Blue") == [500, 500, 500]
    play(state, OfferHire(W, team="Red", workers=1))
    oid = open_offer_id(state, "Red")
    play(state, RejectHire("Red", offer=oid))  # turned down
    play(state, OfferHire(W, team="Red", workers=1))
    play(state, RejectHire(W, offer=open_offer_id(state, "Red")))  # withdrawn
    assert L.open_offer(state, "Red") is None and staff(state, "Red") == []


def test_hiring_refusals() -> None:
    """Rulebook II, "Labor Costs" and "Hiring": 500 Marks until the first lap; no more
    workers than the representative holds; one open offer per business."""
    state = g6()
    refused(state, OfferHire("Red", workers=1, salary=600), "Until the first team completes",
             "500 Marks")
    refused(state, OfferHire("Red", workers=0), "at least one worker")
    refused(state, OfferHire("Red", workers=21), "has 20 worker(s) to hire out, not 21")
    refused(state, OfferHire("Red", workers=1, salary=-1), "below 0")
    refused(state, OfferHire("Red", team="Blue"), "A team acts for itself")
    refused(state, OfferHire(W, team="Nobody"), "no team 'Nobody'")
    refused(state, OfferHire(W), "Name the team")
    refused(state, OfferHire("Red", workers="2"), "whole number")  # type: ignore[arg-type]
    refused(state, AcceptHire(W, offer=99), "no open hiring offer 99")
    refused(state, AcceptHire(W, offer=True), "whole number")  # type: ignore[arg-type]
    play(state, OfferHire("Red", workers=1))
    refused(state, OfferHire("Red", workers=1), "open: answer or withdraw it first")
    refused(state, OfferHire(W, team="Red", workers=1), "open: answer or withdraw it first")
    play(state, RejectHire("Red", offer=open_offer_id(state, "Red")))  # withdrawn
    assert kinds(state) == []
    hire(state, "Blue", 19)
    refused(state, OfferHire("Red", workers=2), "has 1 worker(s) to hire out, not 2")


def test_only_the_representative_strikes_and_it_makes_no_team_moves() -> None:
    """Rulebook II, "Strike": the worker representative calls strikes; he "does not get a
    business to start"."""
    state = g6()
    refused(state, CallStrike("Red", teams=["Blue"]), "Only the worker representative")
    refused(state, EndStrike("Red", team="Blue"), "Only the worker representative")
    refused(state, A.Roll(W, die=2), "The worker representative cannot make that move")
    refused(state, DeclareLockout(W), "The worker representative cannot make that move")
    refused(state, A.TakeCredit(W, amount=500), "cannot make that move")


# ====================================================================== salaries and production
def test_salaries_are_paid_on_every_red_field_whether_or_not_the_team_produces() -> None:
    """Rulebook II, "Labor Costs": 500 Marks per worker unit "must be paid on every red field
    to the worker representative (irrespective of if the business produces product on the
    field or not)"."""
    state = g6()
    hire(state, "Red", 2)
    events = play(state, A.Roll("Red", die=2))
    assert "salaries" in types(events)
    assert cash(state, "Red") == 19_000 and rep_cash(state) == 6_000
    assert booked(state, "salaries", "Red", W) == 1_000
    assert kinds(state) == ["red", L.PRODUCTION_ITEM]
    play(state, A.Pass("Red"))  # no machine: nothing to produce, the field is over
    assert state.current == "Blue"
    idle(state, "Blue")  # Blue employs nobody: no salaries
    assert cash(state, "Blue") == 20_000
    play(state, A.Roll("Red", die=3))  # field 4: blue (risk): no salaries off red
    assert cash(state, "Red") == 19_000


def test_production_beside_the_decision_either_order() -> None:
    """Rulebook II, "Production": businesses with machines and labor "may produce on every
    red field. They may, at the same time, purchase, sell, or invest as well." Production
    costs 500 Marks a unit ("Production Costs")."""
    state = g6()
    stock(state, "Red", raw=6, machines=2)
    stock(state, "Blue", raw=2, machines=1)
    hire(state, "Red", 2)
    hire(state, "Blue", 1)
    # Produce first, then decide: the red field ends with the decision.
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=2))
    assert kinds(state) == ["red", L.PRODUCTION_ITEM]
    refused(state, A.Produce("Red", units=1), "once per red field")
    play(state, A.Purchase("Red", units=1))  # 350
    assert state.current == "Blue"
    assert cash(state, "Red") == 20_000 - 1_000 - 1_000 - 350
    assert booked(state, "production", "Red", BANK) == 1_000
    # Decide first, then produce at the production item.
    play(state, A.Roll("Blue", die=2), A.Pass("Blue"))
    assert kinds(state) == [L.PRODUCTION_ITEM] and waiting_for(state) == ["Blue"]
    choices = legal_choices(state, "Blue", any_time=False)
    assert [(c.cls, list(c.values)) for c in choices] == [(A.Pass, []), (A.Produce, [1])]
    play(state, A.Produce("Blue", units=1))
    assert state.current == "Red"
    assert cash(state, "Blue") == 20_000 - 500 - 500
    # Decide, then pass at the production item.
    play(state, A.Roll("Red", die=2), A.Pass("Red"), A.Pass("Red"))
    assert state.current == "Blue" and state.teams["Red"].finished == 2


def test_one_worker_runs_one_machine_even_a_double_one() -> None:
    """Rulebook II, "Double Production (Efficiency)": a machine with 2x capacity still needs a
    single labor unit; "salaries are paid at 1x ... but production costs are paid 2x"."""
    state = g6()
    stock(state, "Red", raw=6, machines=1, doubles=1)
    hire(state, "Red", 1)
    play(state, A.Roll("Red", die=2))
    assert L.staffed_capacity(state, state.teams["Red"]) == 2  # the double machine is staffed
    refused(state, A.Produce("Red", units=3), "can make 2 units now",
             "1 worker for 2 delivered machine(s)", "one worker runs one machine")
    play(state, A.Produce("Red", units=2), A.Pass("Red"))
    assert cash(state, "Red") == 20_000 - 500 - 2 * 500
    assert rep_cash(state) == 5_500
    idle(state, "Blue")
    hire(state, "Red", 1)
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=3))
    assert cash(state, "Red") == 20_000 - 1_500 - 1_000 - 1_500


def test_no_worker_no_production() -> None:
    """Rulebook II, "6. Step: Labor Market": "To operate a machine, one needs one unit of
    labor"."""
    state = g6()
    stock(state, "Red", raw=2, machines=1)
    play(state, A.Roll("Red", die=2))
    refused(state, A.Produce("Red", units=1), "can make 0 units", "0 workers")
    assert not any(c.cls is A.Produce for c in legal_choices(state, "Red"))
    play(state, A.Pass("Red"))
    assert state.current == "Blue"  # nothing to produce: no production item to answer


def test_a_computer_halves_the_production_costs() -> None:
    """Rulebook II, "Production Costs": "500 Marks (250 Marks if in possession of a
    computer)"."""
    state = g6()
    stock(state, "Red", raw=2, machines=2, web=2)
    hire(state, "Red", 2)
    play(state, A.LeaseComputer("Red"), A.Roll("Red", die=2), A.Produce("Red", units=2))
    assert booked(state, "production", "Red") == 500


def test_new_machines_produce_from_the_next_red_field() -> None:
    """Rulebook II, "Production": "Players may not utilize machines purchased on a particular
    turn for production until they land on the next red field.\""""
    state = g6()
    stock(state, "Red", raw=2)
    hire(state, "Red", 1)
    play(state, A.Roll("Red", die=2))
    refused(state, A.Produce("Red", units=1), "can make 0 units")
    play(state, A.Invest("Red"))
    assert state.current == "Blue"  # the new machine cannot produce yet: the field is over
    idle(state, "Blue")
    play(state, A.Roll("Red", die=3))  # field 6, yellow: not yet a red field after the purchase
    refused(state, A.CostChoice("Red", option="produce"), "delivered machine with a worker")
    assert not any(c.fixed.get("option") == "produce" for c in legal_choices(state, "Red"))
    play(state, A.CostChoice("Red", option="idle"))
    idle(state, "Blue")
    play(state, A.Roll("Red", die=1), A.Produce("Red", units=1))  # field 7: red
    assert state.teams["Red"].finished == 1


def test_purchased_raw_material_is_produced_from_the_next_red_field() -> None:
    """Rulebook II, "Production": "Product purchased on a particular turn may not be converted
    to finished product until the player lands on the next red field.\""""
    state = g6()
    stock(state, "Red", raw=1, machines=2)
    hire(state, "Red", 2)
    play(state, A.Roll("Red", die=2), A.Purchase("Red", units=2))  # 2 x 350
    assert kinds(state) == [L.PRODUCTION_ITEM]  # the old unit can still be produced
    refused(state, A.Produce("Red", units=2), "1 unit(s) of raw material to produce, not 2",
             "2 bought since you last landed on a red field")
    play(state, A.Produce("Red", units=1))
    assert cash(state, "Red") == 20_000 - 1_000 - 700 - 500
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=2))  # the next red field
    assert state.teams["Red"].raw == 0 and state.teams["Red"].finished == 3


def test_finished_product_is_sold_from_the_next_red_field_private_deals_exempt() -> None:
    """Rulebook II, "Production": "Finished product produced in a turn may not be sold until
    the player lands on the next red field. Private purchases and sales between players are
    exempt from this rule.\""""
    state = g6()
    stock(state, "Red", raw=4, machines=2, finished=1)
    hire(state, "Red", 2)
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=2))
    refused(state, A.Sell("Red", units=2), "2 of your 3 finished units were made since you "
             "last landed on a red field", "(1 now)", "Private deals are exempt")
    sells = [c for c in legal_choices(state, "Red") if c.cls is A.Sell]
    assert [list(c.values) for c in sells] == [[1]]
    # Private business is exempt: Red sells the two new units to Blue at once.
    play(state, A.ProposeDeal("Red", partner="Blue", give={"finished": 2},
                              take={"cash": 4_000}))
    play(state, A.AcceptDeal("Blue", deal=max(state.deals)))
    assert L.sellable_finished(state, state.teams["Blue"]) == 2
    events = play(state, A.Sell("Red", units=1))  # the old unit goes to the market
    sale = next(e for e in events if e["type"] == "sell")
    assert sale["revenue"] == 3_000  # the highest open zone of the half market: 300 x 10
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=2))
    refused(state, A.Sell("Red", units=1), "made since you last landed on a red field")
    play(state, A.Pass("Red"))
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2), A.Sell("Red", units=2))  # sold on the next red field


def test_the_yellow_field_costs_3000_a_machine_plus_the_salaries() -> None:
    """Rulebook II, "The Yellow Cost Field": "Whoever wants to produce on a yellow field pays
    3,000 Marks in production costs per machine as well as the salary costs.\""""
    state = g6()
    stock(state, "Red", raw=4, machines=1, doubles=1)
    hire(state, "Red", 2)
    play(state, A.Roll("Red", die=5))  # field 6: yellow
    assert any(c.fixed.get("option") == "produce" for c in legal_choices(state, "Red"))
    play(state, A.CostChoice("Red", option="produce"))
    # Three units on two machines (the double makes two): 2 x 3,000, and 2 x 500 salaries.
    assert booked(state, "cost-field production", "Red", BANK) == 6_000
    assert booked(state, "salaries (cost field)", "Red", W) == 1_000
    assert cash(state, "Red") == 20_000 - 7_000 and rep_cash(state) == 6_000
    assert state.teams["Red"].finished == 3


def test_the_yellow_field_refusals_and_its_half_price_sale() -> None:
    """Rulebook II, "The Yellow Cost Field": "The other rules remain the same" — no worker, no
    production; new units are not sold before the next red field ("Production")."""
    state = g6()
    stock(state, "Red", raw=3, machines=1, finished=1)
    play(state, A.Roll("Red", die=5))
    refused(state, A.CostChoice("Red", option="produce"), "delivered machine with a worker")
    play(state, A.CostChoice("Red", option="idle"))
    idle(state, "Blue")
    hire(state, "Red", 1)
    play(state, A.Roll("Red", die=1), A.Produce("Red", units=1), A.Pass("Red"))  # field 7
    idle(state, "Blue")
    play(state, A.Roll("Red", die=5))  # field 12: yellow
    events = play(state, A.CostChoice("Red", option="sell_half"))
    sale = next(e for e in events if e["type"] == "cost_sell_half")
    assert (sale["units"], sale["revenue"]) == (1, 1_500)  # the old unit only, 3,000 / 2
    assert state.teams["Red"].finished == 1


def test_production_refusals() -> None:
    """Rulebook II, "Production" and "Production Costs": production on the team's own red
    field, once, paid in cash."""
    state = g6(first_team=None)
    stock(state, "Red", raw=2, machines=2)
    hire(state, "Red", 2)
    refused(state, A.Produce("Red", units=1), "The game has not begun")
    play(state, A.Roll("Red", die=6), A.Roll("Blue", die=1))  # Red begins
    refused(state, A.Produce("Red", units=1), "not open now", "Red rolls the die")
    refused(state, A.Produce("Blue", units=1), "It is Red's turn, not Blue's")
    play(state, A.Correction(BANK, team="Red", amount=-18_800, reason="test set-up"))
    play(state, A.Roll("Red", die=2))  # salaries 1,000: 200 left
    refused(state, A.Produce("Red", units=0), "at least one unit")
    refused(state, A.Produce("Red", units="1"), "whole number")  # type: ignore[arg-type]
    refused(state, A.Produce("Red", units=1), "You have 200 Marks", "500")
    assert not any(c.cls is A.Produce for c in legal_choices(state, "Red"))


def test_more_refusals_of_hiring_notice_and_lockout() -> None:
    """Rulebook II, "Hiring", "Termination", "Lockout": the representative cannot hire out
    workers it no longer has, nor deal with a business that is gone; notice for at least one
    worker; a lockout needs workers to lock out."""
    state = g6(teams=("Red", "Blue", "Green"))
    play(state, OfferHire("Red", workers=15))
    red_offer = open_offer_id(state, "Red")
    play(state, OfferHire(W, team="Blue", workers=10))
    play(state, AcceptHire("Blue", offer=open_offer_id(state, "Blue")))
    refused(state, AcceptHire(W, offer=red_offer), "has 10 worker(s) left, not 15")
    assert [c.cls for c in legal_choices(state, W) if not c.any_time] == [RejectHire]
    play(state, RejectHire(W, offer=red_offer), A.Roll("Red", die=2))
    refused(state, GiveNotice(W, team="Red", workers=1), "0 workers without notice")
    play(state, CallStrike(W, teams=["Blue"]))
    refused(state, DeclareLockout("Green"), "no workers to lock out")
    refused(state, GiveNotice("Red", workers=0), "at least one worker")
    state.teams["Green"].bankrupt = True  # (set-up: Green is out of the game)
    refused(state, OfferHire(W, team="Green", workers=1), "Green is bankrupt")


def test_the_yellow_field_under_strike_lockout_and_short_of_cash() -> None:
    """Rulebook II, "The Yellow Cost Field" with "Strike" and "Lockout": no production while
    struck or locked out; producing needs the 3,000 a machine plus salaries in cash."""
    state = _strike_game()
    play(state, A.Roll("Red", die=2), CallStrike(W, teams=["Blue"]), A.Pass("Red"),
         A.Pass("Red"))
    play(state, A.Roll("Blue", die=2), A.Pass("Blue"))  # the strike is active now
    play(state, DeclareLockout("Red"), A.Roll("Red", die=3))  # field 6: yellow
    refused(state, A.CostChoice("Red", option="produce"), "locked your workers out")
    play(state, EndLockout("Red"))
    play(state, A.Correction(BANK, team="Red", amount=-13_000, reason="test set-up"))  # 6,000 left
    refused(state, A.CostChoice("Red", option="produce"), "plus 1,000 salaries")
    play(state, A.CostChoice("Red", option="idle"))
    play(state, A.Roll("Blue", die=3))  # field 6: yellow, struck
    refused(state, A.CostChoice("Blue", option="produce"), "on strike")
    refused(state, A.CostChoice("Blue", option="sell_half"), "no finished product")


def test_the_half_price_sale_with_only_new_units() -> None:
    """Rulebook II, "Production": units made since the last red field are not sold, not even
    at half price on the yellow field."""
    state = g6()
    stock(state, "Red", raw=2, machines=1)
    hire(state, "Red", 1)
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=1), A.Pass("Red"))
    idle(state, "Blue")
    play(state, A.Roll("Red", die=3))  # field 6: yellow
    refused(state, A.CostChoice("Red", option="sell_half"), "all made since you last landed")
    assert not any(c.fixed.get("option") == "sell_half" for c in legal_choices(state, "Red"))


def test_marketing_organizations_sell_units_from_before_the_last_red_field() -> None:
    """Rulebook II, "Production" with "3. Step: Marketing Organization": the organization
    sells at every roll, but not a unit finished since the team last landed on red."""
    state = g6(steps=frozenset({3, 6}))
    stock(state, "Red", raw=2, machines=1)
    hire(state, "Red", 1)
    play(state, A.Correction(BANK, team="Red", amount=20_000, reason="test set-up"))
    play(state, FoundMarketing("Red"))
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=1), A.Pass("Red"))
    assert state.current == "Blue"  # the organization had nothing to sell
    idle(state, "Blue")
    play(state, A.Roll("Red", die=5))  # field 8: green, a later roll
    refused(state, MarketingSale("Red", units=1), "made since you last landed on a red field")
    assert not any(c.cls is MarketingSale for c in legal_choices(state, "Red"))
    play(state, A.Pass("Red"))
    idle(state, "Blue")
    play(state, A.Roll("Red", die=1), MarketingSale("Red", units=1))  # field 9: red
    assert state.teams["Red"].finished == 0


def test_the_free_market_offers_only_units_from_before_the_last_red_field() -> None:
    """Rulebook II, "Production" with "1. Step: Free Market for Sales": new units are neither
    offered by the first supplier nor by the competition."""
    state = g6(steps=frozenset({1, 6}))
    stock(state, "Red", raw=2, machines=1, finished=1)
    stock(state, "Blue", raw=1, machines=1)
    hire(state, "Red", 1)
    hire(state, "Blue", 1)
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=1))
    refused(state, OfferSale("Red", units=2, price=3_000), "You have 1 finished units to "
             "sell, not 2")
    play(state, A.Pass("Red"))
    play(state, A.Roll("Blue", die=2), A.Produce("Blue", units=1), A.Pass("Blue"))
    play(state, A.Roll("Red", die=2), OfferSale("Red", units=2, price=3_000))
    # Blue's unit is new: Blue is no competitor, and Red sells both units at once.
    assert state.teams["Red"].finished == 0 and state.teams["Blue"].finished == 1
    assert "free_market" not in state.step


# ====================================================================== termination
def test_notice_takes_effect_on_the_next_red_field_after_a_last_production_and_salary() -> None:
    """Rulebook II, "Termination": "The decision becomes effective on the next red field. On
    this field you may produce product one final time ... you must pay salary costs one final
    time, then the business returns the labor unit piece to the worker representative.\""""
    state = g6()
    stock(state, "Red", raw=6, machines=2)
    hire(state, "Red", 2)
    refused(state, GiveNotice("Red", workers=1), "Notice is given on a red field")
    play(state, A.Roll("Red", die=2), GiveNotice("Red", workers=1))
    refused(state, GiveNotice("Red", workers=2), "1 worker without notice, not 2")
    play(state, A.Produce("Red", units=2), A.Pass("Red"))
    idle(state, "Blue")
    events = play(state, A.Roll("Red", die=2))  # field 5: the notice takes effect
    assert booked(state, "salaries", "Red", W) == 2_000  # paid a last time
    play(state, A.Produce("Red", units=2))  # produced a last time
    assert staff(state, "Red") == [500, 500]
    events = play(state, A.Pass("Red"))
    assert "workers_leave" in types(events)
    assert staff(state, "Red") == [500] and lab(state)["unemployed"] == 1
    assert state.ledger.balance("worker", "Red") == 1
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2))
    assert booked(state, "salaries", "Red", W) == 2_500
    refused(state, A.Produce("Red", units=2), "can make 1 unit now")


def test_the_representative_gives_notice_on_the_teams_red_field() -> None:
    """Rulebook II, "Termination": "the business as well as the worker representative" can
    end employment on a red field (a resignation)."""
    state = g6()
    hire(state, "Red", 2)
    refused(state, GiveNotice(W, team="Red", workers=1), "while Red stands on its red field")
    play(state, A.Roll("Red", die=2))
    refused(state, GiveNotice(W, team="Blue", workers=1), "while Blue stands")
    play(state, GiveNotice(W, team="Red", workers=2), A.Pass("Red"))
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2), A.Pass("Red"))
    assert staff(state, "Red") == [] and lab(state)["unemployed"] == 2


# ====================================================================== first lap, support
def test_first_lap_retires_unused_workers_frees_salaries_and_support_is_paid() -> None:
    """Rulebook II, "6. Step: Labor Market": after the first player crosses the start for the
    first time the unused workers are removed from play; "Labor Costs": then salaries are
    freely negotiated; "Unemployment Support": after the first lap the representative pays,
    for each worker let go, the highest negotiated salary every time the die passes him."""
    state = g6(teams=("Red",))
    hire(state, "Red", 3)
    play(state, A.Roll("Red", die=6))  # field 7
    play(state, GiveNotice("Red", workers=1))
    finish(state, "Red")  # round end: no support before the first lap
    play(state, A.Roll("Red", die=6))  # field 13: the notice takes effect
    finish(state, "Red")
    assert lab(state)["unemployed"] == 1 and booked(state, "unemployment support") == 0
    for _ in range(4):  # 19 (red), 25, 31, 37 (yellow)
        play(state, A.Roll("Red", die=6))
        finish(state, "Red")
    assert booked(state, "unemployment support") == 0
    events = play(state, A.Roll("Red", die=6))  # crosses the start onto field 1
    assert "workers_retired" in types(events)
    assert (lab(state)["pool"], lab(state)["retired"]) == (0, 17)
    assert state.ledger.balance("worker", "retired") == 17
    events = play(state, A.Pass("Red"))  # the round ends: the die passes the representative
    support = next(e for e in events if e["type"] == "unemployment_support")
    assert support["amount"] == 500
    assert rep_cash(state) == 5_000 + 1_500 + 1_500 + 1_000 + 1_000 - 500
    assert cash(state, "Red") == 20_000 - 5_000
    # Salaries are free now; the unemployed worker is hired first.
    hire(state, "Red", 1, salary=800)
    assert lab(state)["unemployed"] == 0 and lab(state)["highest_salary"] == 800
    play(state, A.Roll("Red", die=6), GiveNotice("Red", workers=2))  # field 7: 1,800
    assert sorted(c["salary"] for c in L.contracts(state.teams["Red"]) if c["notice"]) == [
        500, 800]  # the dearest contracts end first
    finish(state, "Red")
    play(state, A.Roll("Red", die=6))  # field 13: 1,800 a last time, then two leave
    events = play(state, A.Pass("Red"))
    support = next(e for e in events if e["type"] == "unemployment_support")
    assert support["amount"] == 2 * 800  # at the highest negotiated salary
    assert rep_cash(state) == 9_500 + 1_800 + 1_800 - 1_600
    # A representative short of money pays what it has.
    drain(state, 1_000)
    play(state, A.Roll("Red", die=6))
    events = play(state, A.Pass("Red"))
    support = next(e for e in events if e["type"] == "unemployment_support")
    assert support["amount"] == 1_000 + 500 and support["due"] > support["amount"]
    assert rep_cash(state) == 0


def test_every_viewer_is_warned_before_the_unused_workers_leave() -> None:
    """Rulebook II, "6. Step: Labor Market": "after the first player crosses the start field
    for the first time, the worker representative must return any unused worker pieces back
    to the bank". Before that, every viewer's view says how many will leave and when: the
    team nearest to the start, its fields to go and its fewest rolls; afterwards nothing."""
    state = g6()
    size = len(state.config.board)
    warning = view(state, "public")["labor"]["retiring"]
    assert warning == {"workers": 20, "team": "Red", "fields": size - 1,
                       "rolls": -(-(size - 1) // 6)}
    hire(state, "Blue", 3)
    play(state, A.Roll("Red", die=6))  # Red on field 7, Blue still on 1
    finish(state, "Red")
    for viewer in ("Red", "Blue", BANK, W, "public"):
        assert view(state, viewer)["labor"]["retiring"] == {
            "workers": 17, "team": "Red", "fields": size - 7, "rolls": -(-(size - 7) // 6)}
    play(state, A.Roll("Blue", die=5))  # Blue on 6: Red is still nearer
    finish(state, "Blue")
    assert L.retiring(state)["team"] == "Red"  # type: ignore[index]
    while state.teams["Red"].years == 0:
        before = L.retiring(state)
        assert before is not None and before["workers"] == 17
        if state.current == "Red":
            events = play(state, A.Roll("Red", die=6))
        else:
            events = play(state, A.Roll("Blue", die=6))  # Blue stays a field behind
        if "workers_retired" in types(events):
            assert before["team"] == "Red" and before["fields"] <= 6 and before["rolls"] == 1
        finish(state, state.current or "")
    assert L.retiring(state) is None
    assert view(state, "Red")["labor"]["retiring"] is None


def test_the_first_lap_of_any_team_ends_the_fixed_salary() -> None:
    """Rulebook II, "Labor Costs": "After the first lap of the board, the salaries can be
    freely negotiated" — from the first team's first crossing of the start."""
    state = g6()
    refused(state, OfferHire("Red", workers=1, salary=700), "Until the first team completes")
    lab(state)["first_lap_done"] = True  # (set-up: as if a team had crossed the start)
    lab(state)["retired"], lab(state)["pool"] = 20, 0
    state.ledger.post(0, "worker", W, "retired", 20, "test set-up")
    check(state)
    refused(state, OfferHire("Red", workers=1, salary=700), "has 0 worker(s) to hire out")


# ====================================================================== strike and lockout
def _strike_game() -> GameState:
    state = g6()
    stock(state, "Red", raw=4, machines=2)
    stock(state, "Blue", raw=2, machines=1)
    hire(state, "Red", 2)
    hire(state, "Blue", 1)
    return state


def test_a_strike_becomes_active_on_the_struck_teams_next_red_field() -> None:
    """Rulebook II, "Strike": called "whenever one of the businesses lands on a red field";
    active "on the next red field"; no salaries, no production, 3,000 Marks idle costs a
    machine; the representative pays strike wages at the highest negotiated salary per
    striking worker to the bank."""
    state = _strike_game()
    refused(state, CallStrike(W, teams=["Blue"]), "wait until one stands on red")
    play(state, A.Roll("Red", die=2))  # Red on red field 3: salaries 1,000
    events = play(state, CallStrike(W, teams=["Blue"]))
    assert types(events) == ["strike_called"] and lab(state)["strikes"] == {"Blue": "called"}
    refused(state, CallStrike(W, teams=["Blue"]), "Blue is struck already")
    finish(state, "Red")
    events = play(state, A.Roll("Blue", die=2))
    assert "strike_active" in types(events) and "salaries" not in types(events)
    assert cash(state, "Blue") == 20_000 - 3_000
    assert booked(state, "idle costs", "Blue", BANK) == 3_000
    assert booked(state, "strike wages", W, BANK) == 500
    assert rep_cash(state) == 5_000 + 1_000 - 500
    refused(state, A.Produce("Blue", units=1), "on strike")
    assert not any(c.cls is A.Produce for c in legal_choices(state, "Blue"))
    play(state, A.Pass("Blue"))
    assert state.current == "Red" and kinds(state) == []  # no production item on strike
    # The strike lasts from red field to red field until the representative ends it.
    play(state, A.Roll("Red", die=2))
    finish(state, "Red")
    play(state, A.Roll("Blue", die=2))
    assert booked(state, "idle costs", "Blue", BANK) == 6_000
    assert booked(state, "strike wages", W, BANK) == 1_000
    play(state, EndStrike(W, team="Blue"))  # "The worker representative can end the strike
    assert lab(state)["strikes"] == {}      # at any time" — this field stays idle
    refused(state, A.Produce("Blue", units=1), "on strike")
    play(state, A.Pass("Blue"))
    play(state, A.Roll("Red", die=2))
    finish(state, "Red")
    play(state, A.Roll("Blue", die=2), A.Produce("Blue", units=1))
    assert booked(state, "salaries", "Blue", W) == 500


def test_a_strike_settled_before_the_next_red_field_never_becomes_active() -> None:
    """Rulebook II, "Strike": active on the next red field "so long as no agreement has been
    reached before that point"."""
    state = _strike_game()
    play(state, A.Roll("Red", die=2), CallStrike(W, teams=["Blue", "Red"]))
    play(state, EndStrike(W, team="Blue"), EndStrike(W, team="Red"))
    finish(state, "Red")
    events = play(state, A.Roll("Blue", die=2))
    assert "salaries" in types(events) and cash(state, "Blue") == 19_500


def test_strike_wages_when_the_representative_is_short_of_money() -> None:
    """Rulebook II, "Strike": the representative pays strike wages; with too little money it
    pays what it has (its account never goes below zero)."""
    state = _strike_game()
    play(state, A.Roll("Red", die=2), CallStrike(W, teams=["Blue"]))
    finish(state, "Red")
    drain(state, 200)
    events = play(state, A.Roll("Blue", die=2))
    idle_event = next(e for e in events if e["type"] == "idle_field")
    assert idle_event["strike_wages"] == 200 and idle_event["wages_due"] > 200
    assert rep_cash(state) == 0


def test_a_lockout_answers_a_strike() -> None:
    """Rulebook II, "Lockout": while a business is struck others may lock out: no salaries, no
    production, 300 Marks idle costs a machine on every red field; the representative pays
    strike wages for the locked-out workers; the businesses end it at any time."""
    state = _strike_game()
    refused(state, DeclareLockout("Red"), "no business is struck now")
    play(state, A.Roll("Red", die=2), CallStrike(W, teams=["Blue"]))
    refused(state, DeclareLockout("Blue"), "Your business is struck")
    refused(state, CallStrike(W, teams=["Red", "Red"]), "each once")
    finish(state, "Red")
    play(state, A.Roll("Blue", die=2), A.Pass("Blue"))  # struck: 3,000
    play(state, DeclareLockout("Red"))
    refused(state, DeclareLockout("Red"), "locked out already")
    refused(state, CallStrike(W, teams=["Red"]), "wait until one stands on red")
    events = play(state, A.Roll("Red", die=2))  # field 5
    assert "salaries" not in types(events)
    assert booked(state, "idle costs", "Red", BANK) == 600
    assert booked(state, "strike wages", W, BANK) == 500 + 1_000
    assert cash(state, "Red") == 20_000 - 1_000 - 600
    refused(state, A.Produce("Red", units=1), "locked out")
    refused(state, CallStrike(W, teams=["Red"]), "Red has locked its workers out")
    play(state, A.Pass("Red"))
    events = play(state, EndStrike(W, team="Blue"))  # no strike left: the lockout ends too
    assert "lockout_ended" in types(events) and lab(state)["lockouts"] == []
    refused(state, EndLockout("Red"), "not locked out")
    refused(state, EndStrike(W, team="Blue"), "no strike at 'Blue'")


def test_a_team_ends_its_lockout_at_any_time() -> None:
    """Rulebook II, "Lockout": "The lockout can be ended by the businesses at any time.\""""
    state = _strike_game()
    play(state, A.Roll("Red", die=2), CallStrike(W, teams=["Blue"]))
    play(state, DeclareLockout("Red"), EndLockout("Red"))
    play(state, A.Produce("Red", units=2))  # producing again on this very field
    assert lab(state)["lockouts"] == []


def test_strike_refusals() -> None:
    """Rulebook II, "Strike": the representative strikes businesses that employ workers."""
    state = g6()
    hire(state, "Red", 1)
    play(state, A.Roll("Red", die=2))
    refused(state, CallStrike(W, teams=["Blue"]), "Blue employs no workers")
    refused(state, CallStrike(W, teams=["Nobody"]), "no business 'Nobody'")
    refused(state, CallStrike(W, teams=[]), "Name the businesses")
    refused(state, CallStrike(W, teams="Red"), "Name the businesses")  # type: ignore[arg-type]
    refused(state, EndStrike(W, team="Red"), "no strike at 'Red'")


# ====================================================================== paying salaries
def test_a_team_raises_cash_for_its_salaries() -> None:
    """Rulebook II, "Labor Costs": salaries must be paid; a team short of cash raises it
    (credit, sales to the bank) before its red field goes on."""
    state = g6()
    stock(state, "Red", machines=1)
    hire(state, "Red", 1)
    play(state, A.Correction(BANK, team="Red", amount=-19_800, reason="test set-up"))
    play(state, A.Roll("Red", die=2))
    assert kinds(state) == [L.SALARIES, "red", L.PRODUCTION_ITEM]
    assert waiting_for(state) == ["Red"]
    assert all(c.any_time for c in legal_choices(state, "Red"))
    refused(state, A.Pass("Red"), "Red's salaries to the worker representative")
    play(state, A.TakeCredit("Red", amount=500))
    assert kinds(state) == ["red", L.PRODUCTION_ITEM] and cash(state, "Red") == 200


def test_a_team_that_cannot_pay_its_salaries_goes_bankrupt() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the assets are sold,
    what is due paid first; the salaries collected go to the representative, the workers back
    to it, unemployed."""
    state = g6()
    hire(state, "Red", 1)
    play(state, A.Correction(BANK, team="Red", amount=-19_800, reason="test set-up"))
    events = play(state, A.Roll("Red", die=2))
    assert "bankrupt" in types(events)
    assert state.teams["Red"].bankrupt and staff(state, "Red") == []
    assert lab(state)["unemployed"] == 1
    assert rep_cash(state) == 5_200
    assert booked(state, "salaries (bankruptcy)", BANK, W) == 200
    assert state.current == "Blue"


def test_a_bankrupt_teams_offer_strike_and_lockout_end() -> None:
    """Rulebook II, "6. Step: Labor Market": a business that is gone employs no one."""
    state = _strike_game()
    play(state, A.Roll("Red", die=2), CallStrike(W, teams=["Blue"]), DeclareLockout("Red"))
    play(state, OfferHire(W, team="Red", workers=1))
    turn = Turn(state, None)
    state.seq += 1
    declare(turn, state.teams["Red"], Pending("pay", 10**9, "test"))
    advance(turn)
    assert lab(state)["lockouts"] == [] and L.open_offer(state, "Red") is None
    check(state)


# ====================================================================== views and checks
def test_views_show_the_labor_market_and_hide_the_representatives_books() -> None:
    """Rulebook I, "Choose a Bank Director": the bank keeps the books; the representative's
    account and the teams' salaries are not the other teams' business."""
    state = g6()
    hire(state, "Red", 2)
    bank = view(state, BANK)["labor"]
    assert bank["cash"] == 5_000 and bank["salaries"] == {"Red": [500, 500], "Blue": []}
    red = view(state, "Red")["labor"]
    assert "cash" not in red and red["mine"]["salary_bill"] == 1_000
    assert red["workers"] == {"Red": 2, "Blue": 0} and red["available"] == 18
    public = view(state, "public")["labor"]
    assert "cash" not in public and "mine" not in public and "salaries" not in public


def test_the_representative_sees_its_own_books_and_only_the_table_of_the_teams() -> None:
    """Rulebook II, "6. Step: Labor Market": "One player becomes the worker representative. He
    does not get a business to start" - a player at the table: it sees its account, its
    contracts and the offers it answers, never a team's cash, loans or balance sheet."""
    state = g6()
    hire(state, "Red", 2)
    play(state, OfferHire("Blue", workers=1, salary=500))
    seen = view(state, W)
    labour = seen["labor"]
    assert labour["cash"] == 5_000 and labour["salaries"] == {"Red": [500, 500], "Blue": []}
    assert [(o["team"], o["workers"], o["salary"]) for o in labour["offers"]] == [
        ("Blue", 1, 500)]
    for row in seen["teams"]:
        assert "cash" not in row and "balance_sheet" not in row and "loans" not in row
    assert seen["deals"] == [] and "mine" not in labour
    assert "amount" not in (seen["pending"] or {})
    dumped = json.dumps(seen)
    assert "risk_order" not in dumped and "bank_debt" not in dumped


def test_the_representative_is_a_viewer_only_with_the_labor_market() -> None:
    """Rulebook II, "6. Step: Labor Market": without step 6 there is no worker representative."""
    with pytest.raises(ValueError, match="unknown viewer"):
        view(game(), W)
    from playboss.rules.views import viewers
    assert viewers(game()) == ["bank", "Red", "Blue", "public"]
    assert viewers(g6()) == ["bank", "Red", "Blue", "public", W]


def test_the_invariants_catch_lost_workers_and_money() -> None:
    """Rulebook II, "6. Step: Labor Market": 20 workers in all; the representative's money is
    booked like a team's."""
    state = g6()
    hire(state, "Red", 2)
    assert problems(state) == []
    lab(state)["pool"] += 1
    assert any("21 workers counted" in p for p in problems(state))
    lab(state)["pool"] -= 1
    lab(state)["cash"] -= 1
    assert any("worker representative: ledger cash" in p for p in problems(state))


# ====================================================================== split duties
def test_every_move_has_its_duty_for_two_players_running_one_business() -> None:
    """Rulebook II, "6. Step: Labor Market": "One manages the marketing and financial aspects
    and the other manages the purchase, production and labor aspects of the business.\""""
    assert set(rulebook.ACTION_TYPES) - {"cost"} <= set(L.DUTIES)
    duty = L.duty_of
    assert duty(A.Purchase("Red")) == duty(A.Produce("Red")) == L.PURCHASE_PRODUCTION_LABOR
    assert duty(OfferHire("Red")) == duty(GiveNotice("Red")) == L.PURCHASE_PRODUCTION_LABOR
    assert duty(A.Invest("Red")) == duty(DeclareLockout("Red")) == L.PURCHASE_PRODUCTION_LABOR
    assert duty(A.Sell("Red")) == duty(A.TakeCredit("Red")) == L.MARKETING_FINANCE
    assert duty(A.Advertise("Red")) == duty(A.RepayCredit("Red")) == L.MARKETING_FINANCE
    assert duty(A.CostChoice("Red", option="sell_half")) == L.MARKETING_FINANCE
    assert duty(A.CostChoice("Red", option="produce")) == L.PURCHASE_PRODUCTION_LABOR
    assert duty(A.CostChoice("Red", option="idle")) is None
    assert duty(A.Roll("Red")) is None and duty(A.Pass("Red")) is None


def test_a_move_named_by_its_form_has_the_duty_of_the_move() -> None:
    """Rulebook II, "6. Step: Labor Market": the two players' halves, for a move a screen
    names by its type (and the yellow field's option) before it is made (``duty_of_move``,
    what ``classroom.duties`` asks) are the made move's (``duty_of``)."""
    for kind, action_class in rulebook.ACTION_TYPES.items():
        if kind != "cost":
            assert L.duty_of_move(kind) == L.duty_of(action_class("Red")), kind
    for option in ("sell_half", "produce", "idle", "web"):
        assert L.duty_of_move("cost", option) == L.duty_of(A.CostChoice("Red", option=option))
    assert L.duty_of_move("cost", "sell_half") == L.MARKETING_FINANCE
    assert L.duty_of_move("cost") is None  # a cost field form without its option: either


def test_split_duties_setting() -> None:
    """Rulebook II, "6. Step: Labor Market": "you may allow two players to run one business
    operation" — a setting per team, with step 6."""
    config = GameConfig.from_dict({"teams": ["Red", "Blue"], "steps": [1, 6],
                                   "duties": {"Red": True, "Blue": False}})
    assert config.duties == ("Red",)
    assert GameConfig.from_dict(config.to_dict()) == config
    assert GameConfig.from_dict({"teams": ["Red"], "steps": [6], "duties": ["Red"]}).duties
    with pytest.raises(RuleViolation, match="need step 6"):
        GameConfig(teams=("Red",), steps=frozenset({1}), duties=("Red",)).validate()
    with pytest.raises(RuleViolation, match="each team"):
        GameConfig(teams=("Red",), steps=frozenset({6}), duties=("Blue",)).validate()
    with pytest.raises(RuleViolation, match="'workers'"):
        GameConfig(teams=("Red", "workers")).validate()


# ====================================================================== whole games
def _every_listed_move_applies(state: GameState) -> None:
    for actor in [*state.teams, W, BANK]:
        for action in legal_actions(state, actor):
            trial = state.clone()
            try:
                apply(trial, action)
            except RuleViolation as refusal:  # pragma: no cover - a failure
                raise AssertionError(f"listed move {action} refused: {refusal}") from None
            check(trial)


@pytest.mark.parametrize("steps", [frozenset({6}), ALL_STEPS])
def test_random_play_with_a_busy_representative(steps: frozenset[int]) -> None:
    """Rulebook II, "6. Step: Labor Market": random legal play, the representative making any
    move it may at random moments (strikes, notices, offers), keeps every invariant and ends;
    every listed move applies."""
    for seed in range(3):
        state = new_game(GameConfig(teams=("Red", "Blue", "Green"), seed=seed, years=2,
                                    steps=steps))
        rng = random.Random(seed)
        while state.phase != "ended":
            assert state.seq < 20_000, "the game does not end"
            waiting = waiting_for(state)
            actor = W if rng.random() < 0.15 else waiting[0]
            choices = legal_choices(state, actor) or legal_choices(state, waiting[0])
            if not legal_choices(state, actor):
                actor = waiting[0]
            assert choices, f"{actor} is waited on without a move"
            choice = rng.choice(choices)
            if state.seq % 97 == 0:
                _every_listed_move_applies(state)
            apply(state, choice.pick(actor, rng.randrange(choice.size())))
            check(state)


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("steps", [frozenset({6}), frozenset({1, 3, 6}), ALL_STEPS])
def test_bots_play_the_labor_market_to_the_end(bot: str, steps: frozenset[int]) -> None:
    """Rulebook II, "6. Step: Labor Market": bots hire, produce and pay salaries to the end of
    the game, the invariants checked after every action (``simulate``)."""
    report = simulate(games=3, teams=4, seed=11, years=3, steps=steps, bot=bot)
    assert report.games == 3


def test_a_greedy_team_hires_a_worker_for_each_machine() -> None:
    """Rulebook II, "6. Step: Labor Market": "To operate a machine, one needs one unit of
    labor" — a greedy bot hires them and produces."""
    state, _ = play_game(GameConfig(teams=("A", "B", "C"), seed=3, years=3,
                                    steps=frozenset({6})), "greedy")
    assert state.phase == "ended"
    assert sum(e.qty for e in state.ledger.entries if e.kind == "worker"
               and e.reason == "hiring") >= 3
    assert sum(e.qty for e in state.ledger.entries if e.kind == "finished"
               and e.reason == "production") > 0


def test_snapshot_and_log_replay_of_a_labor_market_game() -> None:
    """Rulebook II, "6. Step: Labor Market": a step-6 game round-trips through the site's JSON
    snapshots and its game log and plays on identically."""
    final, log = play_game(GameConfig(teams=("A", "B", "C"), seed=5, years=2,
                                      steps=frozenset({6})), "random", log=True)
    assert log is not None
    for at in (0, len(log.entries) // 2):
        original = replay(log, at)
        copy = state_from_dict(json.loads(json.dumps(state_to_dict(original))))
        for entry in log.entries[at:]:
            action, chance = parse_entry(entry)
            apply(copy, action, chance)
        assert final_state(copy) == final_state(final)
        assert copy.step == final.step
    strike = CallStrike(W, teams=["A", "B"])
    assert rulebook.action_from_dict(strike.to_dict()) == strike


def test_after_hiring_offers_in_all_steps_bot_games_the_teams_play_on() -> None:
    """Rulebook II, "Hiring": "Hiring can occur at any time" — an offer is a negotiation
    beside play. Issue 21 measured five all-steps games of sensible bots: after 25 of 45 team
    offers only the representative could move. Now after every one the game waits for a team
    that has a move of its turn to make, and the representative is asked beside play."""
    offers = stopped = 0
    for seed in range(1, 6):
        config = GameConfig(teams=("A", "B", "C", "D"), seed=seed, years=2, steps=ALL_STEPS)
        state = new_game(config)
        bots: dict[str, Any] = {n: BOTS["sensible"](seed * 1_000 + i)
                                for i, n in enumerate(config.teams)}
        while state.phase != "ended":
            actor = to_move(state)
            bot = bots.setdefault(actor, BOTS["random"](seed * 1_000 + 999))
            action = bot.choose(state, actor)
            apply(state, action)
            if action.type == "offer_hire" and action.actor != W:
                offers += 1
                assert asked(state) == [W]
                waiting = waiting_for(state)
                if W in waiting or not all(legal_choices(state, team, any_time=False)
                                           for team in waiting):
                    stopped += 1
    assert offers >= 30 and stopped == 0
