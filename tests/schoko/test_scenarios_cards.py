"""Scenarios from the rulebook, part 3: 6.6 the economic event cards and 6.8 the express
cards, each card by its text in "Card Translations".

Each test is a short game log replayed through the documented format and the command line
(tests/schoko/scenario_log.py). Two teams: January's order is B, A; February's A, B; March's
B, A. The express deck is dealt three each in seat order (A the first three)."""

from __future__ import annotations

from typing import Any

from .scenario_log import (
    EVENTS,
    EXPRESS,
    act,
    city,
    config,
    events_of,
    finance,
    lined_out,
    log,
    passes,
    pay,
    play,
    refused_last,
    requests,
    staff,
)
from .test_scenarios_sales import SELLER, make_chocolate

JAN2 = ("B", "A")
FEB2 = ("A", "B")
MAR2 = ("B", "A")


def top(event: str) -> tuple[str, ...]:
    return (event, *[e for e in EVENTS if e != event])


def hand(a: tuple[str, ...] = (), b: tuple[str, ...] = ()) -> tuple[str, ...]:
    """An express deck dealing ``a`` to A and ``b`` to B (each filled up to three)."""
    rest = [c for c in EXPRESS if c not in a and c not in b]
    a_hand = [*a, *rest[:3 - len(a)]]
    rest = rest[3 - len(a):]
    b_hand = [*b, *rest[:3 - len(b)]]
    return (*a_hand, *b_hand, *rest[3 - len(b):])


def quiet(order: tuple[str, ...]) -> list[dict[str, Any]]:
    return [*passes(*order), *pay(*order), *requests(*((t, 0) for t in order)),
            *finance(*order)]


def jan_both_sell_nothing(hires: dict[str, dict[str, int]], per_city: dict[str, int],
                          markers: bool = True) -> list[dict[str, Any]]:
    """January: the teams hire and make chocolate; nobody takes part in a meeting; the teams
    with chocolate pass on the bank sale."""
    out = make_chocolate(JAN2, hires, per_city)
    reps = [t for t in JAN2 if hires.get(t, {}).get("sales")]
    if markers:
        out += [act("set_marker", t, meetings=0) for t in reps]
    out += [act("pass", t) for t in JAN2 if per_city.get(t) and hires.get(t, {}).get("worker")]
    return out + finance(*JAN2)


# ---------------------------------------------------------------- 6.6 event cards
def test_6_6_no_event_card_is_turned_in_january() -> None:
    # "At the end of every month except January, the top event card ... is turned over"
    s = play(log(config(months=3), quiet(JAN2)))
    assert s.month == 2 and s.events == list(EVENTS)
    s = play(log(config(months=3), quiet(JAN2), quiet(FEB2)))
    assert s.events == list(EVENTS[1:])


def test_6_6_schoko_protest_takes_five_bars_or_all() -> None:
    # "each player must remove 5 chocolate bars from their storage area, or all if they have
    # less than five ... (i.e. return them to the bank)." B has 10 bars, A has 3.
    hires = {"A": {"worker": 1}, "B": {"worker": 2, "sales": 0}}
    jan = make_chocolate(JAN2, {"A": {"worker": 1}, "B": {"worker": 2}}, {"A": 1, "B": 2})
    # 15 bars requested: 3 a city; B buys 2, A 1 in each; A makes 3, B 6
    jan = [a for a in jan if a["type"] != "produce"]
    jan += [act("produce", "B", bars=6), act("produce", "A", bars=3)]
    jan += [act("pass", "B"), act("pass", "A")] + finance(*JAN2)
    del hires
    feb = [*passes(*FEB2), *pay(*FEB2), *requests(("A", 0), ("B", 0)),
           act("produce", "A", bars=0), act("produce", "B", bars=0),  # cocoa left, no hurry
           act("pass", "A"), act("pass", "B"), *finance(*FEB2)]  # no sale to the bank
    s = play(log(config(months=3, events=top("protest")), jan, feb))
    assert s.teams["B"].chocolate == 1 and s.teams["A"].chocolate == 0
    assert s.teams["B"].cocoa == 4 and s.teams["A"].cocoa == 2  # cocoa is not chocolate


def test_6_6_schock_im_schokolager_5000_a_bar_of_chocolate() -> None:
    # "Everyone must pay a tax of 5.000 for each bar of chocolate in storage."
    jan = jan_both_sell_nothing({"B": {"worker": 2}}, {"B": 1})
    feb = [*passes(*FEB2), *pay(*FEB2), *requests(("A", 0), ("B", 0)), act("pass", "B"),
           *finance(*FEB2)]
    s = play(log(config(months=3, events=top("schock")), jan, feb))
    b = s.teams["B"]
    assert b.chocolate == 5
    assert b.cash == 100_000 - 12_000 - 5_000 - 12_000 - 5 * 5_000
    assert s.teams["A"].cash == 100_000


def test_6_6_finanzzuschuss_50000_to_the_highest_payroll() -> None:
    # "The player who paid the most in salaries this month receives a 50.000 premium"
    jan = jan_both_sell_nothing({"B": {"worker": 2}, "A": {"worker": 1}}, {})
    s = play(log(config(months=3, events=top("zuschuss")), jan, quiet(FEB2)))
    assert s.teams["B"].cash == 100_000 - 2 * 12_000 + 50_000
    assert s.teams["A"].cash == 100_000 - 2 * 6_000


def test_6_6_finanzzuschuss_split_equally_in_a_tie() -> None:
    # "(split equally in case of a tie)"
    jan = jan_both_sell_nothing({"B": {"worker": 1}, "A": {"worker": 1}}, {})
    s = play(log(config(months=3, events=top("zuschuss")), jan, quiet(FEB2)))
    assert s.teams["B"].cash == s.teams["A"].cash == 100_000 - 12_000 + 25_000


def test_6_6_magenverstimmung_cancels_contracts_and_money_at_the_bookkeepers() -> None:
    # "All contracts & money still at the bookkeepers are cancelled (return money to the
    # bank)." B has a secretary but no bookkeeper: its February contract waits in bookkeeping.
    hires = {"B": {"worker": 2, "sales": 1, "secretary": 1}, "A": {}}
    jan = make_chocolate(JAN2, hires, {"B": 1})
    jan += [act("set_marker", "B", meetings=0), act("pass", "B")] + finance(*JAN2)
    feb = [*passes(*FEB2), *pay(*FEB2), *requests(("A", 0), ("B", 0)),
           act("set_marker", "B", meetings=1), act("join", "B", take_part=True),
           act("pass", "A")]  # A has no card to play on the sale
    data = log(config(months=3, events=top("magenverstimmung")), jan, feb)
    cancelled = [e for e in events_of(data) if e["type"] == "contracts_cancelled"]
    assert cancelled == [{"team": "B", "cards": [0], "amount": 20_000,
                          "type": "contracts_cancelled", "audience": "all"}]
    s = play(data)  # phase 6 came before phase 7: the card has been turned
    assert s.phase == "finance" and s.teams["B"].bookkeeping == []
    assert s.teams["B"].cash == 100_000 - 2 * 32_000 - 5_000  # the 20,000 never arrived
    assert s.deck[-1] == 0  # the cancelled card goes under the deck (docs/schoko/rules.md 15)


def test_6_6_der_kakao_sitzt_fest_one_bar_a_worker_next_month() -> None:
    # "Each worker produces only one bar of chocolate next month." Turned end of February;
    # in March B's 2 workers make 2 of its 5 bars of cocoa.
    jan = jan_both_sell_nothing({"B": {"worker": 2}}, {}, markers=False)
    feb = quiet(FEB2)
    mar = [*passes(*MAR2), *pay(*MAR2), *requests(("B", 5), ("A", 0))]
    mar += sum((city(B=(1, 1_000)) + lined_out("A") for _ in range(5)), [])
    cfg = config(months=3, events=top("sitzt_fest"))
    s = play(log(cfg, jan, feb, mar, act("produce", "B", bars=2)))
    assert s.teams["B"].chocolate == 2 and s.teams["B"].cocoa == 3
    refused_last(log(cfg, jan, feb, mar, act("produce", "B", bars=3)),
                 "produce_beyond_capacity")


def test_6_6_arbeitsmarkt_leergefegt_no_bookkeepers_next_month() -> None:
    # "No new bookkeepers may be employed next month."
    cfg = config(months=3, events=top("leergefegt"))
    head = [*quiet(JAN2), *quiet(FEB2), *passes(*MAR2)]
    refused_last(log(cfg, head, act("hire", "B", kind="bookkeeper")), "no_bookkeepers_this_month")
    s = play(log(cfg, head, staff("B", hire={"worker": 1})))
    assert s.teams["B"].staff["worker"] == 1


def test_6_6_a_next_month_card_in_the_last_month_has_no_effect() -> None:
    # docs/schoko/rules.md 15: the game is over before "next month".
    s = play(log(config(months=2, events=top("kakaoschock")), quiet(JAN2), quiet(FEB2)))
    assert s.phase == "ended"


def test_6_6_inside_information_15000_to_see_the_top_card() -> None:
    # "At the start of a month (before phase 1) a player may pay 15.000 to the bank and may
    # secretly look at the top card"
    s = play(log(config(months=3, events=top("schock")), quiet(JAN2),
                 act("buy_inside", "A"), act("pass", "B")))
    assert s.teams["A"].cash == 85_000 and s.teams["A"].inside == "schock"
    assert s.teams["B"].inside is None


def test_6_6_the_deck_is_reshuffled_when_used_up_as_the_log_records() -> None:
    # "When all event cards are used, they are reshuffled and a new deck started." Seven
    # cards serve February to August; the ninth month's card needs a new deck. The log gives
    # the shuffle (docs/schoko/game-log.md: "chance": {"events": [...]}) on the action that
    # needed it: September's last request (nothing happens in phases 3-5, so phase 6 follows).
    order = [JAN2, FEB2] * 5
    months = [quiet(o) for o in order[:9]]
    # Kakaoschock, turned at the end of June (the fifth card), closes July's markets
    months[6] = [a for a in months[6] if a["type"] != "request"]
    new_deck = ["leergefegt", "schock", "zuschuss", "protest", "kakaoschock", "sitzt_fest",
                "magenverstimmung"]
    last_request = max(i for i, a in enumerate(months[8]) if a["type"] == "request")
    good = [list(m) for m in months]
    good[8][last_request] = {**good[8][last_request], "chance": {"events": new_deck}}
    s = play(log(config(months=10, events=top("zuschuss")), *good))
    assert s.month == 10 and s.events == new_deck[1:] and s.this_month == ["leergefegt"]
    # the same order on an action that drew nothing is an error of the log, not ignored
    wrong = [list(m) for m in months]
    wrong[8][-1] = {**wrong[8][-1], "chance": {"events": new_deck}}
    refused_last(log(config(months=10, events=top("zuschuss")), *wrong[:8], wrong[8]),
                 "chance_not_used")


# ---------------------------------------------------------------- 6.8 express cards
def test_6_8_no_express_card_in_january() -> None:
    # "Firstly, Express-cards may not be played in the month of January"
    refused_last(log(config(express=hand(a=("spitze",))), act("play_express", "A",
                                                                card="spitze", target="B")),
                 "express_not_january")


def test_6_8_no_player_receives_more_than_one_card_a_month() -> None:
    # "secondly no player may receive more than 1 card per month." "If you place a nasty
    # Express-card in front of your opponent at the beginning of May, then at least he's safe
    # from any further cards for the rest of that month."
    cfg = config(months=3, express=hand(a=("ruehrend", "unglaublich")))
    head = [*quiet(JAN2), act("play_express", "A", card="unglaublich", target="B")]
    play(log(cfg, head))
    refused_last(log(cfg, head, act("play_express", "A", card="ruehrend", target="B")),
                 "express_one_per_month")


def test_6_8_a_card_is_played_on_a_fellow_player_not_oneself() -> None:
    # "play this card on fellow players" (docs/schoko/rules.md 17)
    cfg = config(months=3, express=hand(a=("spitze",)))
    refused_last(log(cfg, quiet(JAN2), act("play_express", "A", card="spitze", target="A")),
                 "express_not_on_self")


def test_6_8_spitze_pays_each_other_player_5000() -> None:
    # "You are so overjoyed that you pay each other player 5.000." Three teams.
    cfg = config(("A", "B", "C"), months=3, express=hand(a=("spitze",)))
    jan = [*passes("B", "C", "A"), *pay("B", "C", "A"),
           *requests(("B", 0), ("C", 0), ("A", 0)), *finance("B", "C", "A")]
    s = play(log(cfg, jan, act("play_express", "A", card="spitze", target="C")))
    assert s.teams["C"].cash == 90_000
    assert s.teams["A"].cash == s.teams["B"].cash == 105_000


def test_6_8_ruehrend_1000_a_head_to_the_bank() -> None:
    # "you decide to pay 1.000 bonuses per employee for their loyalty (to the bank)."
    cfg = config(months=3, express=hand(a=("ruehrend",)))
    jan = jan_both_sell_nothing({"B": {"worker": 2, "secretary": 1}}, {})
    s = play(log(cfg, jan, act("play_express", "A", card="ruehrend", target="B")))
    assert s.teams["B"].cash == 100_000 - 20_000 - 3_000


def test_6_8_unglaublich_announces_the_cash_to_all() -> None:
    # "You must openly announce your cash holding to all others."
    from playboss.schoko import view
    cfg = config(months=3, express=hand(a=("unglaublich",)))
    s = play(log(cfg, quiet(JAN2), act("play_express", "A", card="unglaublich", target="B")))
    assert s.teams["B"].announced_cash == 100_000
    assert "100000" in str(view(s, "A")["teams"]["B"]) or "100,000" in str(
        view(s, "A")["teams"]["B"])


def test_6_8_bedauerlich_every_third_bar_back_to_the_bank() -> None:
    # "There's a heat wave in your area. Give back every 3rd bar to the bank." B has 5 bars
    # of chocolate: the 3rd goes (5 // 3 = 1).
    cfg = config(months=3, express=hand(a=("bedauerlich",)))
    jan = jan_both_sell_nothing({"B": {"worker": 2}}, {"B": 1})
    s = play(log(cfg, jan, act("play_express", "A", card="bedauerlich", target="B")))
    assert s.teams["B"].chocolate == 4


def test_6_8_fuerchterlich_one_bar_to_each_player() -> None:
    # "give one bar of chocolate to each player." Three teams: B gives one to A and one to C.
    cfg = config(("A", "B", "C"), months=3, express=hand(a=("fuerchterlich",)))
    order = ("B", "C", "A")
    jan = make_chocolate(order, {"B": {"worker": 2}}, {"B": 1})
    jan += [act("pass", "B"), *finance(*order)]
    s = play(log(cfg, jan, act("play_express", "A", card="fuerchterlich", target="B")))
    assert s.teams["B"].chocolate == 3
    assert s.teams["A"].chocolate == 1 and s.teams["C"].chocolate == 1


def test_6_8_katastrophal_two_bars_a_worker_this_month() -> None:
    # "Each worker converts only 20 tons (2 bars) this month."
    cfg = config(months=3, express=hand(a=("katastrophal",)))
    jan = jan_both_sell_nothing({"B": {"worker": 2}}, {}, markers=False)
    feb = [*passes(*FEB2), act("play_express", "A", card="katastrophal", target="B"),
           *pay(*FEB2), *requests(("A", 0), ("B", 10))]
    feb += sum((city(B=(2, 1_000)) + lined_out("A") for _ in range(5)), [])
    s = play(log(cfg, jan, feb, act("produce", "B", bars=4)))
    assert s.teams["B"].chocolate == 4
    refused_last(log(cfg, jan, feb, act("produce", "B", bars=5)), "produce_beyond_capacity")


def test_6_8_schmerzlich_one_worker_ill_but_paid() -> None:
    # "One worker is ill this month and cannot produce (but must still be paid)."
    cfg = config(months=3, express=hand(a=("schmerzlich",)))
    jan = jan_both_sell_nothing({"B": {"worker": 2}}, {}, markers=False)
    feb = [*passes(*FEB2), act("play_express", "A", card="schmerzlich", target="B"),
           *pay(*FEB2), *requests(("A", 0), ("B", 10))]
    feb += sum((city(B=(2, 1_000)) + lined_out("A") for _ in range(5)), [])
    s = play(log(cfg, jan, feb, act("produce", "B", bars=3)))
    assert s.teams["B"].chocolate == 3
    assert s.teams["B"].cash == 100_000 - 2 * 12_000 - 10_000
    refused_last(log(cfg, jan, feb, act("produce", "B", bars=4)), "produce_beyond_capacity")


def test_6_8_grosszuegig_the_recipient_sends_one_employee_to_the_park() -> None:
    # "One employee goes on vacation for the remainder of this turn. The recipient chooses
    # which. Their salary is still paid." B sends a worker: one worker left to produce.
    cfg = config(months=3, express=hand(a=("grosszuegig",)))
    jan = jan_both_sell_nothing({"B": {"worker": 2, "secretary": 1}}, {}, markers=False)
    feb = [*passes(*FEB2), act("play_express", "A", card="grosszuegig", target="B"),
           act("choose_park", "B", kind="worker"),
           *pay(*FEB2), *requests(("A", 0), ("B", 10))]
    feb += sum((city(B=(2, 1_000)) + lined_out("A") for _ in range(5)), [])
    s = play(log(cfg, jan, feb, act("produce", "B", bars=3)))
    assert s.teams["B"].chocolate == 3 and s.teams["B"].park == "worker"
    assert s.teams["B"].cash == 100_000 - 2 * 20_000 - 10_000


def test_6_8_entsetzlich_two_meetings_fewer() -> None:
    # "They're sleeping at their desk and miss two meetings (the counter is immediately
    # adjusted accordingly)." Four teams; B's one rep: 4 meetings, 2 after the card.
    # B has chocolate, so the first meeting waits for its answer when the card is played.
    cfg = config(("A", "B", "C", "D"), months=3,
                 express=("entsetzlich", *[c for c in EXPRESS if c != "entsetzlich"]))
    order, feb_order = ("B", "C", "D", "A"), ("C", "D", "A", "B")
    jan = make_chocolate(order, {"B": SELLER}, {"B": 1})
    jan += [act("set_marker", "B", meetings=0), act("pass", "B"), *finance(*order)]
    feb = [*passes(*feb_order), *pay(*feb_order), *requests(*((t, 0) for t in feb_order)),
           act("set_marker", "B", meetings=4)]
    s = play(log(cfg, jan, feb, act("play_express", "A", card="entsetzlich", target="B")))
    assert s.meetings == 4  # the meetings were fixed when the markers were revealed
    assert s.teams["B"].marker == 2


def _feb_meeting_two_present(cards: tuple[str, ...]) -> tuple[dict[str, Any], list[dict]]:
    """A and B have 5 bars each and one rep; in February both take part in card 0 (10 t,
    11,000-20,000; January held no meeting) and A accepts it at 11,000."""
    cfg = config(months=3, express=hand(b=cards))
    jan = jan_both_sell_nothing({"A": SELLER, "B": SELLER}, {"A": 1, "B": 1})
    feb = [*passes(*FEB2), *pay(*FEB2), *requests(("A", 0), ("B", 0)),
           act("set_marker", "A", meetings=1), act("set_marker", "B", meetings=1),
           act("join", "A", take_part=True), act("join", "B", take_part=True),
           act("accept", "A")]
    return cfg, jan + feb


def test_6_8_skandaloes_the_winner_gives_the_contract_at_his_price() -> None:
    # "The person presented the card at the sales meeting must give you the contract he has
    # just gained at the price he would have paid. (You must be present at the negotiation to
    # play this.)"
    cfg, head = _feb_meeting_two_present(("skandaloes",))
    data = log(cfg, head, act("play_express", "B", card="skandaloes", target="A"))
    s = play(data)
    a, b = s.teams["A"], s.teams["B"]
    assert a.secretariat == [] and a.chocolate == 5  # A's bar came back
    # B delivers the bar (docs/schoko/rules.md 3) and holds the contract at 11,000
    assert [(c.card, c.price) for c in b.secretariat] == [(0, 11_000)]
    assert b.chocolate == 4


def test_6_8_schlimm_half_price_for_the_contract_just_obtained() -> None:
    # "You may receive only half price for the contract you have just obtained. (Play this
    # after the negotiation is concluded.)" 11,000 / 2 = 5,500 -> 5,000 (whole thousands,
    # docs/schoko/rules.md 4); A's secretary and bookkeeper cash it the same month.
    cfg, head = _feb_meeting_two_present(("schlimm",))
    data = log(cfg, head, act("play_express", "B", card="schlimm", target="A"))
    s = play(data)
    assert s.teams["A"].cash == 100_000 - 2 * 42_000 - 5_000 + 5_000


def test_6_8_skandaloes_needs_a_player_present_at_the_meeting() -> None:
    # "(You must be present at the negotiation to play this.)" C was not at the meeting.
    rest = [c for c in EXPRESS if c != "skandaloes"]
    cfg = config(("A", "B", "C"), months=3, express=(*rest[:6], "skandaloes", *rest[6:]))
    order = ("B", "C", "A")
    jan = make_chocolate(order, {"A": SELLER, "B": SELLER}, {"A": 1, "B": 1})
    jan += [act("set_marker", "B", meetings=0), act("set_marker", "A", meetings=0),
            act("pass", "B"), act("pass", "A"), *finance(*order)]
    feb = [*passes("C", "A", "B"), *pay("C", "A", "B"), *requests(("C", 0), ("A", 0),
                                                                 ("B", 0)),
           act("set_marker", "A", meetings=1), act("set_marker", "B", meetings=1),
           act("join", "A", take_part=True), act("join", "B", take_part=False)]
    refused_last(log(cfg, jan, feb, act("play_express", "C", card="skandaloes", target="A")),
                 "skandaloes_not_present")


def test_6_8_schlapp_one_bookkeeper_cashes_only_one() -> None:
    # "1 bookkeeper can process only 1 contract this month." B: 2 secretaries, 1 bookkeeper,
    # two lone wins in February (cards 0 and 1 at 20,000 and 22,000): one is cashed.
    cfg = config(months=3, express=hand(a=("schlapp",)), events=top("leergefegt"))
    hires = {"B": {"worker": 1, "sales": 1, "secretary": 2, "bookkeeper": 1}}
    jan = jan_both_sell_nothing(hires, {"B": 1})
    feb = [*passes(*FEB2), act("play_express", "A", card="schlapp", target="B"),
           *pay(*FEB2), *requests(("A", 0), ("B", 0)),
           act("produce", "B", bars=2), act("set_marker", "B", meetings=2),
           # B has had its card this month: nobody is asked for one after the sales
           act("join", "B", take_part=True), act("join", "B", take_part=True),
           act("cash_out", "B", card=1)]  # one to cash: the team chooses which
    s = play(log(cfg, jan, feb))
    b = s.teams["B"]
    assert len(b.bookkeeping) == 1
    assert b.cash == 100_000 - 2 * 44_000 - 5_000 + 22_000


def test_6_8_express_cards_are_played_off_turn() -> None:
    # "you may also play an Express-card at any time": A has paid; B is on turn to hire.
    cfg = config(months=3, express=hand(a=("spitze",)))
    s = play(log(cfg, quiet(JAN2), passes(*FEB2), pay("A"),
                 act("play_express", "A", card="spitze", target="B")))
    assert s.teams["B"].cash == 95_000 and s.teams["A"].cash == 105_000


def test_6_8_entsetzlich_before_the_markers_leaves_two_meetings_of_four() -> None:
    # "miss two meetings": played in phase 1, B's one rep (4 meetings, four teams) has 2.
    cfg = config(("A", "B", "C", "D"), months=3,
                 express=("entsetzlich", *[c for c in EXPRESS if c != "entsetzlich"]))
    order, feb_order = ("B", "C", "D", "A"), ("C", "D", "A", "B")
    jan = [*passes(*order), *staff("B", hire={"sales": 1}), *pay("C", "D", "A"),
           *requests(*((t, 0) for t in order)), act("set_marker", "B", meetings=0),
           *finance(*order)]
    feb = [*passes(*feb_order), act("play_express", "A", card="entsetzlich", target="B"),
           *pay(*feb_order), *requests(*((t, 0) for t in feb_order))]
    play(log(cfg, jan, feb, act("set_marker", "B", meetings=2)))
    refused_last(log(cfg, jan, feb, act("set_marker", "B", meetings=3)), "marker_beyond_reps")


def test_6_8_the_next_month_a_team_may_receive_a_card_again() -> None:
    # "no player may receive more than 1 card per month": per month, so March is open again.
    cfg = config(months=3, express=hand(a=("spitze", "unglaublich")),
                 events=("leergefegt", *[e for e in EVENTS if e != "leergefegt"]))
    s = play(log(cfg, quiet(JAN2), act("play_express", "A", card="unglaublich", target="B"),
                 quiet(FEB2), act("play_express", "A", card="spitze", target="B")))
    assert s.month == 3 and s.teams["B"].cash == 95_000


def test_6_6_magenverstimmung_spares_the_secretariat() -> None:
    # "All contracts & money still at the bookkeepers are cancelled": B has no secretary, so
    # its February contract is still in the secretariat and survives.
    hires = {"B": {"worker": 2, "sales": 1}, "A": {}}
    jan = make_chocolate(JAN2, hires, {"B": 1})
    jan += [act("set_marker", "B", meetings=0), act("pass", "B")] + finance(*JAN2)
    feb = [*passes(*FEB2), *pay(*FEB2), *requests(("A", 0), ("B", 0)),
           act("set_marker", "B", meetings=1), act("join", "B", take_part=True),
           act("pass", "A")]
    s = play(log(config(months=3, events=top("magenverstimmung")), jan, feb))
    assert s.phase == "finance"
    assert [(c.card, c.price) for c in s.teams["B"].secretariat] == [(0, 20_000)]
