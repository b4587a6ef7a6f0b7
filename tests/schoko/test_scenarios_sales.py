"""Scenarios from the rulebook, part 2: 6.4 Selling Chocolate and 6.5 Processing Contracts.

Each test is a short game log replayed through the documented format and the command line
(tests/schoko/scenario_log.py); contract cards by number (0: 10 t at 11,000-20,000; 1: 10 t at
12,000-22,000; 3: 20 t at 22,000-40,000; 7: 30 t at 33,000-60,000)."""

from __future__ import annotations

from typing import Any

from .scenario_log import EXPRESS as EXPRESS_ORDER
from .scenario_log import (
    act,
    city,
    config,
    events_of,
    finance,
    lined_out,
    log,
    passes,
    play,
    refused_last,
    requests,
    staff,
)

JAN2 = ("B", "A")
JAN4 = ("B", "C", "D", "A")
FEB4 = ("C", "D", "A", "B")
FEB2 = ("A", "B")


def make_chocolate(order: tuple[str, ...], hires: dict[str, dict[str, int]],
                   per_city: dict[str, int]) -> list[dict[str, Any]]:
    """January up to the markers: the teams hire, each buys ``per_city`` bars at 1,000 in every
    city (its request is five times that) and its workers turn all of it into chocolate."""
    out = passes(*order)
    for t in order:
        out += staff(t, hire=hires.get(t))
    out += requests(*((t, 5 * per_city.get(t, 0)) for t in order))
    if any(per_city.values()):
        for _ in range(5):
            for t in order:
                n = per_city.get(t, 0)
                out += city(**{t: (n, 1_000)}) if n else lined_out(t)
    for t in order:
        if per_city.get(t) and hires.get(t, {}).get("worker"):
            out.append(act("produce", t, bars=min(5 * per_city[t],
                                                  3 * hires[t]["worker"])))
    return out


SELLER = {"worker": 2, "sales": 1, "secretary": 1, "bookkeeper": 1}


def _two_sellers(contracts: tuple[int, ...] = tuple(range(23)), **settings: Any):
    """A and B each with 5 bars of chocolate and one rep (2 meetings with two players)."""
    cfg = config(contracts=contracts, **settings)
    return cfg, make_chocolate(JAN2, {"A": SELLER, "B": SELLER}, {"A": 1, "B": 1})


# ---------------------------------------------------------------- the number of negotiations
def test_6_4_markers_8_8_4_12_make_twelve_meetings() -> None:
    # "the tokens from player A and B are on 8, the one from C is on 4, and D's token is on
    # 12. Therefore, twelve meetings will be held."
    jan = make_chocolate(JAN4, {"A": {"sales": 2}, "B": {"sales": 2}, "C": {"sales": 1},
                                "D": {"sales": 2}}, {})
    jan += [act("set_marker", t, meetings=0) for t in JAN4] + finance(*JAN4)
    feb = passes(*FEB4) + staff("C") + staff("D", hire={"sales": 1}) + staff("A") + staff("B")
    feb += requests(*((t, 0) for t in FEB4))
    feb += [act("set_marker", "A", meetings=8), act("set_marker", "B", meetings=8),
            act("set_marker", "C", meetings=4), act("set_marker", "D", meetings=12)]
    data = log(config(("A", "B", "C", "D")), jan, feb)
    seen = events_of(data)
    revealed = next(e for e in seen if e["type"] == "markers_revealed" and e["meetings"])
    assert revealed["meetings"] == 12
    assert revealed["markers"] == {"A": 8, "B": 8, "C": 4, "D": 12}
    play(data)


def test_6_4_four_reps_reach_fifteen_the_maximum() -> None:
    # "4 sales reps = black marker on 15 (the maximum amount allowed)."
    jan = make_chocolate(JAN4, {"B": {"sales": 2}}, {})
    jan += [act("set_marker", "B", meetings=0)] + finance(*JAN4)
    feb = passes(*FEB4) + staff("C") + staff("D") + staff("A") + staff("B", hire={"sales": 2})
    feb += requests(*((t, 0) for t in FEB4))
    data = log(config(("A", "B", "C", "D")), jan, feb, act("set_marker", "B", meetings=15))
    play(data)
    refused_last(log(config(("A", "B", "C", "D")), jan, feb,
                     act("set_marker", "B", meetings=16)), "marker_beyond_reps")


def test_6_4_one_rep_attends_four_meetings_with_four_players() -> None:
    # "Each sales rep may enter up to 4 sales contract negotiations per month."
    jan = make_chocolate(JAN4, {"B": {"sales": 1}}, {})
    play(log(config(("A", "B", "C", "D")), jan, act("set_marker", "B", meetings=4)))
    refused_last(log(config(("A", "B", "C", "D")), jan, act("set_marker", "B", meetings=5)),
                 "marker_beyond_reps")


def test_6_4_two_players_a_rep_attends_two_meetings() -> None:
    # "With 2 players each salesperson may only attend up to 2 meetings"
    jan = make_chocolate(JAN2, {"B": {"sales": 1}}, {})
    refused_last(log(config(), jan, act("set_marker", "B", meetings=3)), "marker_beyond_reps")


def test_6_4_three_players_a_rep_attends_three_meetings() -> None:
    # "... and with 3 players up to 3 meetings."
    order = ("B", "C", "A")
    jan = make_chocolate(order, {"B": {"sales": 1}}, {})
    play(log(config(("A", "B", "C")), jan, act("set_marker", "B", meetings=3)))
    refused_last(log(config(("A", "B", "C")), jan, act("set_marker", "B", meetings=4)),
                 "marker_beyond_reps")


# ---------------------------------------------------------------- the sequence of a negotiation
def test_6_4_a_lone_participant_gets_the_highest_price() -> None:
    # "if a player is the only one in negotiation, the contract price automatically goes to
    # the highest price." Card 0: 10 t (1 bar), 11,000-20,000. "the winning player removes the
    # number of chocolate bars sold from storage and returns them to the bank. In exchange he
    # receives the contract card and money" - banded, in the secretary's office.
    cfg, jan = _two_sellers()
    data = log(cfg, jan, act("set_marker", "A", meetings=2), act("set_marker", "B", meetings=2),
               act("join", "B", take_part=True), act("join", "A", take_part=False))
    s = play(data)
    b = s.teams["B"]
    assert b.chocolate == 4 and b.marker == 1
    assert len(b.secretariat) == 1 and b.secretariat[0].card == 0
    assert b.secretariat[0].price == 20_000
    assert b.cash == 100_000 - 42_000 - 5_000  # the money is banded, not yet cash


def test_6_4_taking_part_without_the_chocolate_is_refused() -> None:
    # "Naturally you may only participate if you have enough chocolate (not cocoa) in your
    # possession to meet the contract." A has none; card 0 needs 1 bar.
    jan = make_chocolate(JAN2, {"A": {"sales": 1}, "B": SELLER}, {"B": 1})
    refused_last(log(config(), jan, act("set_marker", "A", meetings=2),
                     act("set_marker", "B", meetings=2), act("join", "A", take_part=True)),
                 "not_asked")


def test_6_4_cocoa_is_not_chocolate() -> None:
    # "(not cocoa)": A has 5 bars of cocoa and no worker to turn them.
    jan = make_chocolate(JAN2, {"A": {"sales": 1}, "B": SELLER}, {"A": 1, "B": 1})
    refused_last(log(config(), jan, act("set_marker", "A", meetings=2),
                     act("set_marker", "B", meetings=2), act("join", "A", take_part=True)),
                 "not_asked")


def test_6_4_the_ladder_starts_at_the_lowest_price_first_to_accept_wins() -> None:
    # "The banker announces the lowest price listed on the contract and asks each
    # participating player in turn (starting with the start player) ... The first person to
    # accept the contract at the offered price gets the contract." "If all players refuse on
    # the first price, the banker raises the price" (the site's step: 2,000).
    cfg, jan = _two_sellers()
    head = [*jan, act("set_marker", "A", meetings=2), act("set_marker", "B", meetings=2),
            act("join", "A", take_part=True), act("join", "B", take_part=True)]
    # card 0 at 11,000: B (starting player) is asked first, then A; both decline; at 13,000
    # B declines and A accepts.
    s = play(log(cfg, head, act("decline", "B"), act("decline", "A"), act("decline", "B"),
                 act("accept", "A")))
    a = s.teams["A"]
    assert [(c.card, c.price) for c in a.secretariat] == [(0, 13_000)]
    assert s.teams["B"].secretariat == [] and s.teams["B"].chocolate == 5
    assert a.marker == 1 and s.teams["B"].marker == 1  # both took part: both moved back
    refused_last(log(cfg, head, act("accept", "A")), "not_asked")  # B is asked first


def test_6_4_nobody_accepts_even_the_highest_price_the_card_goes_under_the_deck() -> None:
    # "If nobody accepts, even at the highest price, the contract is canceled and placed back
    # to the bottom of the contract deck (this still counts as a sales meeting)."
    cfg, jan = _two_sellers()
    head = [*jan, act("set_marker", "A", meetings=1), act("set_marker", "B", meetings=2),
            act("join", "A", take_part=True), act("join", "B", take_part=True)]
    # card 0: 11,000 13,000 15,000 17,000 19,000 20,000 (the last step stops at the highest)
    declines = [act("decline", t) for _ in range(6) for t in ("B", "A")]
    data = log(cfg, head, declines)
    seen = events_of(data)
    prices = [e["price"] for e in seen if e["type"] == "price_offered"]
    assert prices[0] == 11_000 and prices[-1] == 20_000
    s = play(data)
    assert s.deck[-1] == 0  # under the deck
    assert s.meetings_held >= 1 and s.meeting is not None and s.meeting.card == 1
    assert s.teams["A"].marker == 0  # A's last meeting: it is not asked again


def test_6_4_a_contract_no_one_can_deliver_goes_under_the_deck_and_counts() -> None:
    # "If all players have delivery problems the contract goes unfilled. Place the contract
    # card on the bottom of the deck." Card 21 (60 t = 6 bars) first: nobody has 6 bars.
    cfg, jan = _two_sellers(contracts=(21, *[c for c in range(23) if c != 21]))
    data = log(cfg, jan, act("set_marker", "A", meetings=2), act("set_marker", "B", meetings=2))
    s = play(data)
    assert s.deck[-1] == 21
    seen = events_of(data)
    assert any(e["type"] == "contract_unfilled" and e["card"] == 21 for e in seen)
    assert s.meeting is not None and s.meeting.card == 0  # the second of two meetings


def test_6_4_a_marker_at_zero_is_the_last_meeting() -> None:
    # "When a player's black marker moves to zero, then this is their last meeting for the
    # round." B set 1: after meeting 1 it is not asked again.
    cfg, jan = _two_sellers()
    data = log(cfg, jan, act("set_marker", "A", meetings=2), act("set_marker", "B", meetings=1),
               act("join", "B", take_part=True), act("join", "A", take_part=False),
               act("join", "B", take_part=True))
    refused_last(data, "not_asked")


def test_6_4_the_bank_chooses_steps_of_1000_to_5000() -> None:
    # "the banker raises the price by a minimum of 1000 and a maximum of 5000 (banker's
    # choice)"; setting bank_chooses_steps (the teacher is the bank).
    cfg, jan = _two_sellers(bank_chooses_steps=True)
    head = [*jan, act("set_marker", "A", meetings=2), act("set_marker", "B", meetings=2),
            act("join", "A", take_part=True), act("join", "B", take_part=True),
            act("decline", "B"), act("decline", "A")]
    s = play(log(cfg, head, act("raise_price", "bank", step=5_000), act("accept", "B")))
    assert [(c.card, c.price) for c in s.teams["B"].secretariat] == [(0, 16_000)]
    refused_last(log(cfg, head, act("raise_price", "bank", step=6_000)), "price_step_range")
    refused_last(log(cfg, head, act("raise_price", "bank", step=500)), "price_step_range")


# ---------------------------------------------------------------- secretarial work, phase 5
def _sell_lone(team: str, other: str) -> list[dict[str, Any]]:
    return [act("join", team, take_part=True), act("join", other, take_part=False)]


def test_6_4_a_secretary_processes_one_contract_and_a_bookkeeper_cashes_it() -> None:
    # "Each secretary can process 1 contract"; 6.5 "Each bookkeeper can at most cash out a
    # maximum of 2 contracts per month ... This money is now yours to use." B wins cards 0
    # and 1 alone (20,000 and 22,000) with one secretary: one goes on, one stays.
    cfg, jan = _two_sellers()
    s = play(log(cfg, jan, act("set_marker", "A", meetings=0), act("set_marker", "B", meetings=2),
                 act("join", "B", take_part=True), act("join", "B", take_part=True),
                 act("process", "B", card=1)))  # the team chooses which (the dearer)
    b = s.teams["B"]
    assert len(b.secretariat) == 1 and b.bookkeeping == []
    assert b.cash == 100_000 - 42_000 - 5_000 + 22_000  # the dearer one was processed, cashed


def test_6_4_old_contracts_are_processed_first_next_month() -> None:
    # "For the following month, before you process any new contract, any old ones remaining
    # from the previous month must be processed to bookkeeping." January's card 0 (20,000)
    # stays; in February B wins card 2 (24,000) alone; its one secretary takes January's.
    cfg, jan = _two_sellers()
    jan += [act("set_marker", "A", meetings=0), act("set_marker", "B", meetings=2),
            act("join", "B", take_part=True), act("join", "B", take_part=True),
            act("process", "B", card=1),  # its secretary takes the dearer one
            act("pass", "A")]  # A sells nothing to the bank
    jan += finance(*JAN2)
    feb = [*passes(*FEB2), *staff("A"), *staff("B"), *requests(("A", 0), ("B", 0)),
           act("set_marker", "A", meetings=0), act("set_marker", "B", meetings=1),
           act("join", "B", take_part=True),
           act("pass", "A")]  # from February a sale is followed by the others' express cards
    s = play(log(cfg, jan, feb))
    b = s.teams["B"]
    assert [(c.card, c.month) for c in b.secretariat] == [(2, 2)]
    assert b.cash == 100_000 - 2 * 42_000 - 5_000 + 22_000 + 20_000


def test_6_5_a_bookkeeper_cashes_at_most_two_contracts() -> None:
    # "Each bookkeeper can at most cash out a maximum of 2 contracts per month ... Any
    # contracts remaining in bookkeeping will stay there until the following month(s)."
    # B: 3 secretaries, 1 bookkeeper, 3 lone wins (cards 0, 1, 2: 20,000, 22,000, 24,000).
    hires = {"B": {"worker": 2, "sales": 2, "secretary": 2, "bookkeeper": 1}, "A": {}}
    jan = make_chocolate(JAN2, hires, {"B": 1})
    jan += [act("set_marker", "B", meetings=3)] + [act("join", "B", take_part=True)] * 3
    jan += [act("process", "B", card=2), act("process", "B", card=1)]  # the team's choice
    s = play(log(config(), jan))
    b = s.teams["B"]
    assert len(b.secretariat) == 1 and len(b.bookkeeping) == 0
    # two secretaries: two contracts went to the bookkeeper, who cashed both
    assert b.cash == 100_000 - 62_000 - 5_000 + 24_000 + 22_000


def test_6_5_selling_to_the_bank_without_a_contract_two_bars_at_10000() -> None:
    # "If a player has been unable to obtain a contract in any one month and there are no
    # more contracts in accounts to cash out, he may sell a maximum of 2 bars of chocolate to
    # the bank for the price of 10.000 each". A declines every meeting.
    cfg, jan = _two_sellers()
    head = [*jan, act("set_marker", "A", meetings=2), act("set_marker", "B", meetings=2),
            act("join", "B", take_part=True), act("join", "A", take_part=False),
            act("join", "B", take_part=True), act("join", "A", take_part=False),
            act("process", "B", card=1)]  # B's one secretary: B chooses which
    s = play(log(cfg, head, act("sell_to_bank", "A", bars=2)))
    assert s.teams["A"].cash == 100_000 - 42_000 - 5_000 + 20_000
    assert s.teams["A"].chocolate == 3
    refused_last(log(cfg, head, act("sell_to_bank", "A", bars=3)), "bank_sale_range")
    refused_last(log(cfg, head, act("sell_to_bank", "B", bars=1)), "not_asked")


def test_6_5_no_bank_sale_while_a_contract_waits_in_bookkeeping() -> None:
    # "... and there are no more contracts in accounts to cash out": B's January contract
    # waits in bookkeeping (no bookkeeper); in February B wins nothing and is not offered the
    # sale: after its bank-sale-free February the game is in phase 7.
    hires = {"B": {"worker": 2, "sales": 1, "secretary": 1}}
    jan = make_chocolate(JAN2, hires, {"B": 1})
    jan += [act("set_marker", "B", meetings=1), act("join", "B", take_part=True),
            *finance(*JAN2)]
    feb = [*passes(*FEB2), *staff("A"), *staff("B"), *requests(("A", 0), ("B", 0)),
           act("set_marker", "B", meetings=0)]
    cfg = config(months=3, events=("leergefegt", "magenverstimmung", "protest", "schock",
                                   "zuschuss", "kakaoschock", "sitzt_fest"))
    s = play(log(cfg, jan, feb))
    assert s.phase == "finance" and len(s.teams["B"].bookkeeping) == 1
    refused_last(log(cfg, jan, feb, act("sell_to_bank", "B", bars=1)), "wrong_phase")


def test_6_4_a_rep_on_holiday_attends_no_meeting() -> None:
    # "Großzügig ... One employee goes on vacation for the remainder of this turn." B's only
    # rep is in the park: B places no marker, and meets nobody.
    cfg = config(months=3, express=("grosszuegig", *[c for c in EXPRESS_ORDER
                                                     if c != "grosszuegig"]))
    jan = make_chocolate(JAN2, {"B": SELLER}, {"B": 1})
    jan += [act("set_marker", "B", meetings=0), act("pass", "B"), *finance(*JAN2)]
    feb = [*passes(*FEB2), act("play_express", "A", card="grosszuegig", target="B"),
           act("choose_park", "B", kind="sales"), *staff("A"), *staff("B"),
           *requests(("A", 0), ("B", 0))]
    s = play(log(cfg, jan, feb))
    assert s.phase == "bank_sale" and s.meetings == 0
    refused_last(log(cfg, jan, feb, act("set_marker", "B", meetings=1)), "wrong_phase")
