"""Every decision names its consequence (issue 10): a team's forms say what a move does in
numbers — price, units, Marks, the cash after — read from the game's state and config, and
"why" notes say what limits a choice or keeps it from the team.

The figures are checked against the engine itself: the move is applied to a copy of the state
and the team's cash compared.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.formats import number_format

from classroom import selectors, services
from classroom.models import Classroom
from classroom.presenters import form_for, label_for
from classroom.why import why_lines
from playboss.rules import GameConfig, apply, new_game
from playboss.rules import actions as A
from playboss.rules.goods import give_machine
from playboss.rules.legal import Choice, legal_choices, to_move
from playboss.rules.rulebook import action_from_dict
from playboss.rules.state import BOX, PRODUCTION, GameState
from playboss.rules.steps.auction import AuctionBid
from playboss.rules.steps.free_market import Bid, MatchBid, OfferSale
from playboss.rules.steps.labor import OfferHire
from playboss.rules.turn import Turn
from tests.web.conftest import make_game

#: Market price 5,000 (the 500 zone empty), as in the free market's tests.
M5000 = (0, 0, 0, 0, 5, 5, 5, 0)
HALF = (0, 0, 0, 0, 5, 5, 5, 5)


def mk(value: int) -> str:
    return number_format(value, force_grouping=True)


def on_red(steps: frozenset[int] = frozenset(), **settings: Any) -> GameState:
    """Red and Blue, Red on its first red field with its decision open."""
    config: dict[str, Any] = {"teams": ("Red", "Blue"), "first_team": "Red", "dice": "entered",
                              "years": None, "steps": steps, "market_fill": HALF}
    config.update(settings)
    state = new_game(GameConfig(**config))
    apply(state, A.Roll("Red", die=2))
    assert state.pending[0].kind == "red"
    return state


def give(state: GameState, team: str, raw: int = 0, finished: int = 0,
         machines: tuple[int, ...] = ()) -> None:
    """Test set-up, booked as the engine books it: raw material and finished product from the
    box, and machines from the bank that produce from the given roll on."""
    t = state.teams[team]
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
    turn = Turn(state, None)
    for ready_at in machines:
        give_machine(turn, t).ready_at = ready_at


def forms(state: GameState, team: str, kind: str) -> list[dict[str, Any]]:
    return [form_for(c, state, state.teams[team]) for c in legal_choices(state, team)
            if c.cls.type == kind]


def one(state: GameState, team: str, kind: str) -> dict[str, Any]:
    found = forms(state, team, kind)
    assert len(found) == 1, found
    return found[0]


def texts(form: dict[str, Any]) -> dict[Any, str]:
    return {e["value"]: e["text"] for e in form["entries"]}


def first_value(form: dict[str, Any]) -> Any:
    """The value a form's field shows before anyone touches it."""
    return form["entries"][0]["value"] if "entries" in form else form["start"]


def shown_value(html: str) -> int:
    """The value the one rendered form's field shows: the selected option or the number."""
    found = (re.search(r'<option value="(\d+)"[^>]* selected>', html)
             or re.search(r'type="number"[^>]*value="(\d+)"', html))
    assert found, html
    return int(found[1])


def cash_after(state: GameState, action: A.Action) -> int:
    """The actor's cash right after ``action``, by the engine on a copy."""
    copy = state.clone()
    apply(copy, action)
    return copy.teams[action.actor].cash


# ====================================================================== the red field
def test_buying_names_units_cost_and_cash_after_for_each_option() -> None:
    """Rulebook I, "Decision: Purchasing": each unit at its zone's price, cheapest first; each
    option says the units, what they cost and the cash after, as the engine books them."""
    state = on_red()
    red = state.teams["Red"]
    form = one(state, "Red", "purchase")
    assert form["label"] == "Buy raw material"
    assert len(form["entries"]) == 20  # a named drop-down, not a bare number field
    for n, text in texts(form).items():
        after = cash_after(state, A.Purchase("Red", units=n))
        cost = red.cash - after
        unit = "unit" if n == 1 else "units"
        assert text == f"{n} {unit} · {mk(cost)} Marks · cash after {mk(after)}"


def test_a_price_set_by_the_config_is_the_price_shown() -> None:
    """Rulebook I, "Preparation for Play" (the price zones), set by the game's config: the same
    decision in a game with dearer zones names the dearer prices; no label carries a price."""
    dear = (1_100, 1_200, 1_300, 1_400, 1_500, 1_600, 1_700, 1_800)
    plain, costly = on_red(), on_red(zone_prices=dear)
    assert texts(one(plain, "Red", "purchase"))[1] == "1 unit · 350 Marks · cash after 9,650"
    assert texts(one(costly, "Red", "purchase"))[1] == (
        "1 unit · 1,500 Marks · cash after 8,500")
    give(costly, "Red", finished=2)
    give(plain, "Red", finished=2)
    # The 300 zone (1,400 in the dear game) is the dearest with room: ten times its price.
    assert texts(one(plain, "Red", "sell"))[2] == "2 units · +6,000 Marks · cash after 16,000"
    assert texts(one(costly, "Red", "sell"))[2] == (
        "2 units · +28,000 Marks · cash after 38,000")
    zone_prices = {p * k for p in (*plain.config.zone_prices, *dear) for k in (1, 10)}
    for state in (plain, costly):
        for choice in legal_choices(state, "Red"):
            for label in (label_for(choice), form_for(choice, state, state.teams["Red"])["label"]):
                # No label names a price of the market: those are in the options, computed.
                numbers = {int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", label)}
                assert not numbers & zone_prices, label


def test_investing_names_the_machine_its_credit_and_when_it_produces() -> None:
    """Rulebook I, "Decision: Investment": a machine costs 10,000 Marks, up to 5,000 of it on
    credit; it produces "the turn after next (in 2 die rolls)"."""
    state = on_red()
    form = one(state, "Red", "invest")
    assert form["label"] == "Buy a machine for 10,000 Marks"
    options = texts(form)
    assert options[0] == "no credit · 10,000 Marks from your cash · cash after 0"
    assert options[5_000] == ("5,000 Marks on credit · 5,000 Marks from your cash · "
                              "cash after 5,000 · bank debt 5,000")
    assert cash_after(state, A.Invest("Red", credit=5_000)) == 5_000
    copy = state.clone()
    apply(copy, A.Invest("Red", credit=0))
    ready = next(iter(copy.machines.values())).ready_at
    assert form["notes"] == [f"A new machine produces from your roll {ready} on "
                             "(you have rolled 1 time)."]


def test_producing_names_the_cost_and_why_fewer_units() -> None:
    """Rulebook I, "Decision: Producing" (1,000 Marks a unit) and "Decision: Investment" (a
    machine produces from its roll N on): a machine still being delivered is named."""
    state = on_red()
    give(state, "Red", raw=3, machines=(0, 5))
    form = one(state, "Red", "produce")
    assert form["label"] == "Produce at 1,000 Marks a unit"
    assert texts(form) == {1: "1 unit · 1,000 Marks · cash after 9,000"}
    assert cash_after(state, A.Produce("Red", units=1)) == 9_000
    assert form["notes"] == ["Machine #2 produces from your roll 5 on (you have rolled 1 time)."]


def test_a_decision_the_rules_keep_from_the_team_says_why() -> None:
    """Rulebook I, "Decision: Producing" and "Decision: Selling": no production while the only
    machine is being delivered, no sale without finished product."""
    state = on_red()
    give(state, "Red", raw=2, machines=(3,))
    choices = legal_choices(state, "Red")
    assert "produce" not in {c.cls.type for c in choices}
    assert why_lines(state, state.teams["Red"], choices) == [
        "Producing: Your machines can make 0 units now (1 machine(s) still being delivered), "
        "not 1.",
        "Selling: You have 0 finished units, not 1."]
    with translation.override("de"):
        assert why_lines(state, state.teams["Red"], choices)[0] == (
            "Produzieren: Deine Maschinen können jetzt 0 Einheiten herstellen (1 Maschine(n) "
            "noch in Lieferung), nicht 1.")
    # Not the team's turn: nothing to explain on Blue's screen.
    assert why_lines(state, state.teams["Blue"], legal_choices(state, "Blue")) == []


def test_cash_limits_the_units_and_the_note_says_so() -> None:
    """Rulebook I, "Decision: Purchasing": the team buys what its cash pays for."""
    state = on_red()
    red = state.teams["Red"]
    red.cash = 1_000  # test set-up: the books do not matter to what the screen shows
    form = one(state, "Red", "purchase")
    assert list(texts(form)) == [1, 2]
    assert form["notes"] == ["Your cash, 1,000 Marks, pays for 2 units; the next unit costs "
                             "350 Marks."]


def test_selling_names_the_revenue_as_the_engine_pays_it() -> None:
    """Rulebook I, "Decision: Selling": ten times the price of the zone each unit goes into,
    dearest open zone first."""
    state = on_red(market_fill=(5, 5, 5, 5, 5, 5, 5, 3))
    give(state, "Red", finished=3)
    form = one(state, "Red", "sell")
    for n, text in texts(form).items():
        after = cash_after(state, A.Sell("Red", units=n))
        assert text.endswith(f"+{mk(after - 10_000)} Marks · cash after {mk(after)}")
    assert form["notes"] == ["The market has room for 2 units only."]


def test_the_green_field_names_the_chip_price_and_the_cash_after() -> None:
    """Rulebook I, "The Green WEB Field": a WEB chip for 1,000 Marks."""
    for die in range(1, 7):
        state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered"))
        apply(state, A.Roll("Red", die=die))
        if state.pending and state.pending[0].kind == "green":
            break
    else:
        pytest.fail("no green field within one roll")
    assert one(state, "Red", "buy_web")["label"] == (
        "Buy a WEB chip for 1,000 Marks (cash after 9,000)")


def test_the_yellow_field_names_what_each_choice_costs() -> None:
    """Rulebook I, "The Yellow Cost Field": produce on every machine at 3,000 Marks a unit, or
    pay idle costs of 1,000 Marks per machine."""
    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered"))
    give(state, "Red", raw=2, machines=(0, 0))
    apply(state, A.Roll("Red", die=5))
    assert state.pending[0].kind == "yellow"
    labels = {f["fixed"]["option"]: f["label"] for f in forms(state, "Red", "cost")}
    assert labels["idle"] == "Idle costs: 2 machines × 1,000 = 2,000 Marks"
    assert labels["produce"] == "Produce 2 units for 6,000 Marks (cash after 4,000)"
    assert cash_after(state, A.CostChoice("Red", option="produce")) == 4_000


# ====================================================================== step 1: free market
def test_each_offer_names_its_price_and_the_total() -> None:
    """Rulebook II, "1. Step: Free Market for Sales": the first supplier announces N units at
    a price no higher than the market price; every offer button says its price, each option
    its total. (500-Mark steps: ``free_market_asking_price="steps"``; the literal reading's
    prices are below.)"""
    state = on_red(frozenset({1}), market_fill=M5000, free_market_asking_price="steps")
    give(state, "Red", finished=2)
    give(state, "Blue", finished=2)
    offers = forms(state, "Red", "offer_sale")
    labels = [f["label"] for f in offers]
    assert labels == ["Offer at the market price, 5,000 Marks a unit",
                      "Offer at 4,500 Marks a unit (500 below the market price)",
                      "Offer at 4,000 Marks a unit (1,000 below the market price)",
                      "Offer at 3,500 Marks a unit (1,500 below the market price)",
                      "Offer at 3,000 Marks a unit (2,000 below the market price)"]
    assert texts(offers[1]) == {1: "1 unit · 4,500 Marks if they sell",
                                2: "2 units · 9,000 Marks if they sell"}
    assert offers[0]["notes"][0].startswith("Teams holding finished product may underbid you")


def test_the_first_supplier_may_ask_any_price_up_to_the_market_price() -> None:
    """Rulebook II, "1. Step: Free Market for Sales": the price "may NOT be higher than the
    currently set market price, but it may be lower" - by default the buttons go down from the
    market price in 100-Mark steps, each with its price and what it is below the market."""
    state = on_red(frozenset({1}), market_fill=M5000)
    give(state, "Red", finished=2)
    give(state, "Blue", finished=2)
    labels = [f["label"] for f in forms(state, "Red", "offer_sale")]
    assert labels[0] == "Offer at the market price, 5,000 Marks a unit"
    assert labels[1] == "Offer at 4,900 Marks a unit (100 below the market price)"
    assert labels[-1] == "Offer at 3,000 Marks a unit (2,000 below the market price)"
    assert len(labels) == 21


def test_the_prices_between_the_500_mark_steps_wait_behind_more_prices() -> None:
    """Rulebook II, "1. Step: Free Market for Sales": any price up to the market price may be
    asked - the screen shows the market price and the 500-Mark steps as buttons, the other
    16 prices behind "More prices" (a phone would otherwise scroll past 21 buttons)."""
    from django.template.loader import render_to_string

    state = on_red(frozenset({1}), market_fill=M5000)
    give(state, "Red", finished=2)
    html = render_to_string("classroom/_moves.html", {"moves": forms(state, "Red", "offer_sale")})
    shown, _, more = html.partition('<details class="more-moves">')
    assert shown.count("<form") == 5 and more.count("<form") == 16
    assert "4,500 Marks a unit" in shown and "4,900 Marks a unit" in more


def test_an_underbid_says_its_price_and_whom_it_undercuts() -> None:
    """Rulebook II, "1. Step: Free Market for Sales": the competition offers at the announced
    price or 500 Marks below it; at the same price the first supplier sells first."""
    state = on_red(frozenset({1}), market_fill=M5000)
    give(state, "Red", finished=2)
    give(state, "Blue", finished=2)
    apply(state, OfferSale("Red", units=2, price=4_500))
    bids = forms(state, "Blue", "bid")
    assert [f["label"] for f in bids] == [
        "Offer at 4,500 Marks a unit, the same as Red (no underbid)",
        "Underbid Red: offer at 4,000 Marks a unit (4,500 now)"]
    assert bids[0]["notes"] == ["At the same price the first supplier, Red, sells first."]
    assert texts(bids[1])[2] == "2 units · 8,000 Marks if they sell"
    assert one(state, "Blue", "withdraw_bid")["label"] == (
        "Withdraw: offer nothing in this bidding")


def test_a_later_round_says_keep_match_and_underbid() -> None:
    """Rulebook II, "1. Step: Free Market for Sales", "Explanations": the first supplier
    matches the lowest offer or withdraws; then the competition keeps its price, meets the
    lowest offer or goes 500 below it, with no more units than before."""
    state = on_red(frozenset({1}), market_fill=M5000)
    give(state, "Red", finished=2)
    give(state, "Blue", finished=2)
    apply(state, OfferSale("Red", units=2, price=4_500))
    apply(state, Bid("Blue", units=2, price=4_000))
    assert one(state, "Red", "match_bid")["label"] == (
        "Match the lowest offer: sell 2 units at 4,000 Marks a unit (8,000 Marks)")
    assert one(state, "Red", "withdraw_bid")["label"] == "Withdraw: sell nothing in this bidding"
    apply(state, MatchBid("Red"))
    bids = forms(state, "Blue", "bid")
    assert [f["label"] for f in bids] == [
        "Keep your price of 4,000 Marks a unit",
        "Underbid Red: offer at 3,500 Marks a unit (4,000 now)"]
    assert bids[0]["notes"] == ["You may offer fewer units than before (2 units), not more."]
    assert bids[1]["notes"] == []


# ====================================================================== step 2: auction
def test_the_auction_bid_starts_at_the_teams_own_lowest_bid() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": the lot goes to the highest bid
    above the opening price, in the game's steps; a team's bid field starts at the lowest bid
    it may make, never at another team's bid, and passing is called passing."""
    state = on_red(frozenset({2}), auction_step=100)
    apply(state, A.Purchase("Red", units=2))
    assert state.pending[0].kind == "auction"
    lot = state.step["auction"]
    blue = one(state, "Blue", "auction_bid")
    assert blue["label"] == f"Bid for the lot of {lot['units']} units of raw material"
    assert first_value(blue) == lot["opening"] + 100
    assert one(state, "Blue", "auction_pass")["label"] == "Pass: drop out of this auction"
    apply(state, AuctionBid("Blue", price=lot["opening"] + 300))
    red = one(state, "Red", "auction_bid")
    assert first_value(red) == lot["opening"] + 400  # Blue's bid and a step, not Blue's bid
    assert red["notes"] == [f"Highest bid now: Blue, {mk(lot['opening'] + 300)} Marks a unit."]
    html = render_to_string("classroom/_moves.html", {"moves": [red]})
    assert shown_value(html) == lot["opening"] + 400
    # With more cash than a drop-down can list, a number field that starts there.
    state.teams["Red"].cash = 10_000_000  # test set-up
    red = one(state, "Red", "auction_bid")
    assert "entries" not in red and red["start"] == lot["opening"] + 400
    html = render_to_string("classroom/_moves.html", {"moves": [red]})
    assert shown_value(html) == lot["opening"] + 400
    # Beside it what that bid costs, which the page redraws as a bid is typed (live.js).
    total = (lot["opening"] + 400) * lot["units"]
    assert red["live"]["text"] == (f"{mk(total)} Marks for the lot · cash after "
                                   f"{mk(10_000_000 - total)}")
    assert red["live"]["pattern"] == "{total} Marks for the lot · cash after {cash}"
    assert f'data-times="{lot["units"]}"' in html and red["live"]["text"] in html


def test_an_auction_bid_that_cash_limits_lists_each_bid_with_the_lots_total() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": the highest bidder pays price
    × units for the lot."""
    state = on_red(frozenset({2}))
    apply(state, A.Purchase("Red", units=2))
    lot = state.step["auction"]
    state.teams["Blue"].cash = (lot["opening"] + 150) * lot["units"]  # test set-up
    options = texts(one(state, "Blue", "auction_bid"))
    low = lot["opening"] + 50
    assert list(options)[0] == low
    assert options[low] == (f"{mk(low)} Marks a unit · {mk(low * lot['units'])} Marks for the "
                            f"lot · cash after {mk(100 * lot['units'])}")


# ====================================================================== step 3: marketing
def test_a_marketing_sale_names_the_revenue() -> None:
    """Rulebook II, "3. Step: Marketing Organization": one unit per roll sold without
    competition at the market price."""
    from playboss.rules.steps.marketing import FoundMarketing

    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered",
                                years=None, steps=frozenset({3}), market_fill=HALF))
    give(state, "Red", finished=2)
    apply(state, FoundMarketing("Red", trough=1))
    apply(state, A.Roll("Red", die=2))
    apply(state, A.Pass("Red"))  # the red field: nothing; the organization's sale is next
    form = one(state, "Red", "marketing_sale")
    for n, text in texts(form).items():
        after = cash_after(state, action_from_dict(
            {"type": "marketing_sale", "actor": "Red", "units": n}))
        assert text == f"{n} unit{'s' if n > 1 else ''} · +{mk(after - state.teams['Red'].cash)} " \
            f"Marks · cash after {mk(after)}"


# ====================================================================== step 6: labour
def test_hiring_offers_name_workers_and_salary() -> None:
    """Rulebook II, "6. Step: Labor Market", "Hiring": an offer of workers at a salary per red
    field; the team's answer to the representative's offer names both."""
    state = on_red(frozenset({6}))
    offers = forms(state, "Red", "offer_hire")
    assert [f["label"] for f in offers] == [
        "Offer to hire workers at 500 Marks each per red field"]
    assert texts(offers[0])[3] == "3 workers · 1,500 Marks salaries per red field"
    apply(state, OfferHire("workers", team="Blue", workers=2, salary=500))
    assert one(state, "Blue", "accept_hire")["label"] == (
        "Accept: 2 workers at 500 Marks each per red field (1,000 Marks a red field)")
    assert one(state, "Blue", "reject_hire")["label"] == (
        "Turn down the offer of 2 workers at 500 Marks each")


def test_a_machine_without_a_worker_is_explained() -> None:
    """Rulebook II, "6. Step: Labor Market", "Production": one worker runs one machine."""
    state = on_red(frozenset({6}))
    give(state, "Red", raw=2, machines=(0,))
    choices = legal_choices(state, "Red")
    assert "produce" not in {c.cls.type for c in choices}
    assert ("Producing: Your machines with a worker can make 0 units now, not 1: 0 workers for "
            "1 delivered machine(s); one worker runs one machine, a double machine too.") in (
        why_lines(state, state.teams["Red"], choices))


# ====================================================================== the page's language
def test_the_consequences_are_in_german_on_a_german_page() -> None:
    """Rulebook I, "Decision: Purchasing" and II, "2. Step": the same numbers in German words
    and German digit grouping."""
    state = on_red(frozenset({2}))
    with translation.override("de"):
        purchase = one(state, "Red", "purchase")
        invest = one(state, "Red", "invest")
        assert texts(purchase)[2] == "2 Einheiten · 700 Mark · Kasse danach 19.300"
        assert invest["label"] == "Eine Maschine für 10.000 Mark kaufen"
        apply(state, A.Purchase("Red", units=2))
        assert one(state, "Blue", "auction_pass")["label"] == (
            "Passen: aus dieser Versteigerung aussteigen")


# ====================================================================== the screen
def test_the_team_screen_draws_the_consequences_and_the_why_notes(classroom: Classroom
                                                                  ) -> None:
    """Rulebook I, "Decision: Purchasing": the team's own screen shows each option's numbers;
    another team's screen shows none of them."""
    game = make_game(classroom)
    services.submit_action(game_id=game.pk, actor="Red", payload={"type": "roll", "die": 2})
    game.refresh_from_db()
    data = selectors.panel(game, "Red")
    purchase = next(f for f in data["moves"] if f["type"] == "purchase")
    assert purchase["entries"][0]["text"] == "1 unit · 350 Marks · cash after 9,650"
    assert "Producing: Your machines can make 0 units now, not 1." in data["why"]
    html = render_to_string("classroom/_moves.html", {"moves": data["moves"],
                                                      "why": data["why"]})
    assert ('<option value="1" data-after="9650" selected>1 unit · 350 Marks · cash after '
            '9,650</option>') in html
    assert "Producing: Your machines can make 0 units now, not 1." in html
    assert selectors.panel(game, "Blue")["why"] == []


def test_bare_choices_keep_their_plain_label() -> None:
    """Without a state (the bank's and the representative's consoles) a form has its plain
    label and bare options: the consequences are a team's own."""
    form = form_for(Choice(A.Purchase, param="units", values=range(1, 4)))
    assert form["label"] == "Buy raw material"
    assert form["entries"] == [{"value": v, "text": v} for v in (1, 2, 3)]
    assert form["notes"] == []


def _words(form: dict[str, Any]) -> list[str]:
    out = [form["label"], *form["notes"], form.get("hint") or ""]
    out += [str(e["text"]) for e in form.get("entries", [])]
    if form.get("live"):
        out.append(form["live"]["text"])
    return out


def test_every_decision_of_a_played_game_is_german_on_a_german_page() -> None:
    """Rulebook II, all six expansion steps, as bots play them: every label, option, note and
    hint a team's screen shows differs from the English one on a German page (the same words
    in both mean a text nobody translated), apart from names and numbers."""
    from playboss.rules import waiting_for
    from playboss.rules.bots import BOTS

    state = new_game(GameConfig(teams=("Red", "Blue", "Green"), seed=5, years=2,
                                steps=frozenset({1, 2, 3, 4, 5, 6})))
    bot = BOTS["greedy"](5)
    seen: set[str] = set()
    for i in range(600):
        if state.phase == "ended" or not waiting_for(state):
            break
        if i % 3 == 0:
            for name, team in state.teams.items():
                choices = legal_choices(state, name)
                with translation.override("en"):
                    english = [_words(form_for(c, state, team)) for c in choices]
                    english.append(why_lines(state, team, choices))
                with translation.override("de"):
                    german = [_words(form_for(c, state, team)) for c in choices]
                    german.append(why_lines(state, team, choices))
                for en_words, de_words in zip(english, german, strict=True):
                    for en, de in zip(en_words, de_words, strict=True):
                        seen.add(en)
                        bare = re.sub(r"[\d.,·×#+()\s-]|Red|Blue|Green|WEB", "", en)
                        assert not bare or en != de, f"untranslated: {en!r}"
        apply(state, bot.choose(state, to_move(state)))
    assert len(seen) > 100  # the game offered many decisions, not a handful


# ====================================================================== issue 10: the last gaps
def on_white(web: int = 1, doubles: int = 1) -> GameState:
    """Red on the white write-off field with two machines (``doubles`` of them double) and
    ``web`` WEB chips."""
    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered"))
    give(state, "Red", machines=(0, 0))
    red = state.teams["Red"]
    for mid in red.machines[:doubles]:
        state.machines[mid].double = True
    red.web = web
    state.web_bank -= web
    red.position = state.config.board.index("W") - 2
    apply(state, A.Roll("Red", die=2))
    assert state.pending[0].kind == "white"
    return state


def test_the_white_field_names_what_each_write_off_costs() -> None:
    """Rulebook I, "The White Write-off Field": return a machine (no money back; at the end a
    machine counts 10,000 Marks), set a double machine back to single, or pay one WEB chip."""
    state = on_white(web=2)
    first, second = state.teams["Red"].machines
    by_option = {f["fixed"]["option"]: f for f in forms(state, "Red", "write_off")}
    returned = by_option["return"]
    assert returned["label"] == "Return a machine to the bank (no money back)"
    assert texts(returned)[second] == f"machine #{second} · 10,000 Marks at the end"
    assert returned["notes"] == ["A machine returned is gone: at the end each machine counts "
                                 "10,000 Marks. You keep 1 machine."]
    assert texts(by_option["downgrade"]) == {
        first: f"machine #{first} · produces 1 unit a red field instead of 2"}
    assert by_option["web"]["label"] == "Pay 1 WEB chip and keep your machines (1 chip left)"
    copy = state.clone()
    apply(copy, A.WriteOff("Red", option="return", machine=second))
    assert len(copy.teams["Red"].machines) == 1 and copy.teams["Red"].cash == 10_000
    with translation.override("de"):
        german = {f["fixed"]["option"]: f for f in forms(state, "Red", "write_off")}
    assert texts(german["return"])[second] == f"Maschine #{second} · am Ende 10.000 Mark"
    assert german["return"]["notes"] == ["Eine zurückgegebene Maschine ist weg: Am Ende zählt "
                                         "jede Maschine 10.000 Mark. Du behältst 1 Maschine."]
    assert german["web"]["label"] == ("1 WEB-Chip zahlen und die Maschinen behalten "
                                      "(danach noch 1 Chip)")


def test_the_white_field_says_why_a_write_off_is_missing() -> None:
    """Rulebook I, "The White Write-off Field": without a WEB chip or a double machine the team
    can only return a machine, and the screen says why."""
    state = on_white(web=0, doubles=0)
    notes = why_lines(state, state.teams["Red"], legal_choices(state, "Red"))
    assert notes == ["Turning a machine back to single: You have no double machine for that.",
                     "Paying 1 WEB chip instead: You have no WEB chip to pay instead."]


def _deal_state() -> GameState:
    state = on_red()
    apply(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 700, "raw": 0},
                               take={"cash": 100}, terms="back next year"))
    return state


def test_a_deals_answers_name_what_changes_hands_and_the_cash_after() -> None:
    """Rulebook I, "Private Business between Players": accepting hands both sides over; the
    partner reads what it gives, what it gets and its cash after, as the engine books it."""
    state = _deal_state()
    deal = next(iter(state.deals.values()))
    accept = one(state, "Blue", "accept_deal")
    assert accept["label"] == ("Accept: you give 100 Marks and get 700 Marks · cash after "
                               "10,600")
    copy = state.clone()
    apply(copy, A.AcceptDeal("Blue", deal=deal.id))
    assert copy.teams["Blue"].cash == 10_600
    assert one(state, "Blue", "reject_deal")["label"] == (
        f"Turn down Red's deal {deal.id} (nothing changes hands)")
    assert one(state, "Red", "withdraw_deal")["label"] == (
        f"Withdraw your deal {deal.id} with Blue (nothing changes hands)")
    with translation.override("de"):
        assert one(state, "Blue", "accept_deal")["label"] == (
            "Annehmen: Du gibst 100 Mark und bekommst 700 Mark · Kasse danach 10.600")


def test_a_takeover_offers_answers_name_the_price() -> None:
    """Rulebook II, "4. Step" (buying a business): the target accepts (its team leaves the
    game, its owners get the price) or turns the offer down; the buyer may take it back."""
    from playboss.rules.steps.takeover import OfferTakeover

    state = on_red(steps=frozenset({4}))
    apply(state, OfferTakeover("Red", target="Blue", price=31_500))
    assert one(state, "Blue", "accept_takeover")["label"] == (
        "Accept: Red pays 31,500 Marks to your owners and takes over your business with all "
        "it has and owes; your team leaves the game")
    assert one(state, "Blue", "reject_takeover")["label"] == (
        "Turn down Red's offer of 31,500 Marks for your business")
    assert one(state, "Red", "reject_takeover")["label"] == (
        "Take back your offer of 31,500 Marks for Blue's business")
    with translation.override("de"):
        assert one(state, "Blue", "reject_takeover")["label"] == (
            "Das Angebot von Red über 31.500 Mark für dein Unternehmen ablehnen")


def test_the_representatives_console_names_workers_and_salaries() -> None:
    """Rulebook II, "6. Step: Labor Market", "Hiring": the representative answers a team's
    offer; its buttons name the workers, the salary and what it gets per red field."""
    from playboss.rules.steps.labor.constants import WORKERS

    state = on_red(steps=frozenset({6}))
    apply(state, OfferHire("Red", team="Red", workers=2, salary=500))
    rep = {c.cls.type: form_for(c, state) for c in legal_choices(state, WORKERS)
           if c.cls.type in ("accept_hire", "reject_hire")}
    assert rep["accept_hire"]["label"] == (
        "Accept: Red hires 2 workers at 500 Marks each (1,000 Marks to you per red field of "
        "Red)")
    assert rep["reject_hire"]["label"] == (
        "Turn down Red's request for 2 workers at 500 Marks each")
    offers = [form_for(c, state) for c in legal_choices(state, WORKERS)
              if c.cls.type == "offer_hire" and c.fixed.get("team") == "Blue"]
    assert offers and texts(offers[0])[3] == (
        f"3 workers · {mk(3 * offers[0]['fixed']['salary'])} Marks to you per red field of Blue")


def test_the_green_field_says_why_no_chip() -> None:
    """Rulebook I, "The Green WEB Field": a WEB chip for 1,000 Marks, from the bank's chips."""
    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered"))
    state.teams["Red"].position = state.config.board.index("G") - 1
    apply(state, A.Roll("Red", die=1))
    assert state.pending[0].kind == "green"
    state.teams["Red"].cash = 600
    red = state.teams["Red"]
    assert why_lines(state, red, legal_choices(state, "Red")) == [
        "Buying a WEB chip: You have 600 Marks; a WEB chip costs 1,000."]
    red.cash, state.web_bank = 5_000, 0
    assert why_lines(state, red, legal_choices(state, "Red")) == [
        "Buying a WEB chip: The bank has no WEB chip left: all 30 are in play."]
    with translation.override("de"):
        assert why_lines(state, red, legal_choices(state, "Red")) == [
            "Einen WEB-Chip kaufen: Die Bank hat keinen WEB-Chip mehr: Alle 30 sind im Spiel."]


def test_the_yellow_field_says_why_producing_is_missing() -> None:
    """Rulebook I, "The Yellow Cost Field": producing costs 3,000 Marks a unit on every ready
    machine; without raw material or the cash for it the team may not choose it."""
    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered"))
    give(state, "Red", raw=2, machines=(0, 0))
    state.teams["Red"].cash = 5_000
    apply(state, A.Roll("Red", die=5))
    assert state.pending[0].kind == "yellow"
    notes = why_lines(state, state.teams["Red"], legal_choices(state, "Red"))
    assert notes == [
        "Selling at half price: You have no finished product to sell at half price.",
        "Producing on the cost field: You have 5,000 Marks; producing 2 units at 3,000 each "
        "costs 6,000.",
        "Paying 1 WEB chip instead: You have no WEB chip to pay with."]
    with translation.override("de"):
        german = why_lines(state, state.teams["Red"], legal_choices(state, "Red"))
    assert german[1] == ("Auf dem Kostenfeld produzieren: Du hast 5.000 Mark; 2 Einheiten zu je "
                         "3.000 Mark zu produzieren kostet 6.000.")


def test_a_team_that_cannot_pay_the_lowest_bid_reads_why() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": the highest bidder pays price ×
    units for the lot; a team whose cash does not cover the lowest bid may only pass."""
    state = on_red(frozenset({2}))
    apply(state, A.Purchase("Red", units=2))
    lot = state.step["auction"]
    low = lot["opening"] + state.config.auction_step
    state.teams["Blue"].cash = low * lot["units"] - 1  # test set-up
    kinds = [c.cls.type for c in legal_choices(state, "Blue")]
    assert "auction_bid" not in kinds and "auction_pass" in kinds
    assert why_lines(state, state.teams["Blue"], legal_choices(state, "Blue")) == [
        f"Bidding: You have {mk(low * lot['units'] - 1)} Marks; {lot['units']} units at "
        f"{mk(low)} Marks cost {mk(low * lot['units'])}."]
