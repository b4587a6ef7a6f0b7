"""Scenarios from the rulebook, part 1: Preparation, the sequence of a month, phases 1-3.

Each test is a short game log (docs/schoko/game-log.md) replayed through the documented format
and the command line (tests/schoko/scenario_log.py); its name is the rulebook section."""

from __future__ import annotations

from playboss.schoko import waiting_for

from .scenario_log import (
    act,
    city,
    config,
    events_of,
    lined_out,
    log,
    passes,
    pay,
    play,
    refused_last,
    requests,
    staff,
)

# January: the first seat (A) is banker, the next one (B) starts: order B, A (2 teams),
# B, C, D, A (4 teams). February: B is banker, C starts.
JAN2 = ("B", "A")
JAN4 = ("B", "C", "D", "A")
FEB4 = ("C", "D", "A", "B")


def _quiet_month(order: tuple[str, ...]) -> list[dict]:
    """A month in which nobody has staff or asks for cocoa."""
    return [*passes(*order), *pay(*order), *requests(*((t, 0) for t in order)),
            *[act("end_finance", t) for t in order]]


# ---------------------------------------------------------------- Preparation
def test_preparation_capital_three_express_cards_and_marker_on_zero() -> None:
    # "A starting capital of 100.000"; "each player is dealt 3 cards"; "negotiation token ...
    # on the field numbered 0"; "Potential excess cards are taken out of the game."
    s = play(log(config(("A", "B", "C"))))
    for seat, name in enumerate("ABC"):
        team = s.teams[name]
        assert team.cash == 100_000 and team.marker == 0
        assert list(team.hand) == list(config()["express_order"][3 * seat:3 * seat + 3])
    assert s.bank_bars == 114 and s.loan_cards == 13


def test_main_game_banker_rotates_and_the_next_player_starts_each_phase() -> None:
    # "Player A will be the banker for the month of January. Then the player order for each
    # phase of this turn will be B, C, D, and A. In February, player B will be banker and
    # player C will start each phase of the next turn."
    s = play(log(config(("A", "B", "C", "D")), _quiet_month(JAN4), passes(*FEB4),
                 pay("C", "D")))
    assert s.month == 2 and s.banker() == "B"
    assert waiting_for(s) == ["A"]


def test_main_game_phases_in_order_a_player_out_of_turn_is_refused() -> None:
    # "This player will always begin each of the 7 phases (for this turn), followed by the
    # other players in clockwise order."
    refused_last(log(config(("A", "B", "C", "D")), passes(*JAN4), pay("C")), "not_your_turn")


def test_main_game_a_later_phase_cannot_start_early() -> None:
    # "These phases must be played in the proper order, and each player must complete all of
    # one phase before the next one is begun."
    refused_last(log(config(), passes(*JAN2), pay("B"), requests(("B", 3))), "wrong_phase")


# ---------------------------------------------------------------- 6.1 Phase 1
def test_6_1_hiring_example_pays_60000() -> None:
    # "I purchase 2 workers, 1 salesperson, 2 secretaries and 2 bookkeepers. I must pay to
    # the bank 12.000 + 12.000 + 16.000 + 20.000 = 60.000"
    s = play(log(config(), passes(*JAN2),
                 staff("B", hire={"worker": 2, "sales": 1, "secretary": 2, "bookkeeper": 2})))
    assert s.teams["B"].cash == 40_000
    assert s.teams["B"].staff == {"worker": 2, "sales": 1, "secretary": 2, "bookkeeper": 2}
    assert s.bank_staff == {"worker": 18, "sales": 15, "secretary": 14, "bookkeeper": 8}


def test_6_1_february_example_payroll_42000_paid_47000_with_severance() -> None:
    # "In January I hired 1 worker, 1 salesperson, 1 secretary, and 2 bookkeepers (total of
    # 46.000). In February I downsized 1 bookkeeper and hired another worker ... 42.000 ...
    # I must pay to the bank 47.000"
    jan = staff("B", hire={"worker": 1, "sales": 1, "secretary": 1, "bookkeeper": 2})
    data = log(config(), passes(*JAN2), jan, pay("A"), requests(("B", 0), ("A", 0)),
               # B has a sales rep: its marker (no chocolate, no meeting can be taken)
               act("set_marker", "B", meetings=0),
               act("end_finance", "B"), act("end_finance", "A"),
               passes("A", "B"), pay("A"),
               staff("B", fire={"bookkeeper": 1}, hire={"worker": 1}))
    s = play(data)
    b = s.teams["B"]
    assert b.payroll() == 42_000
    assert b.cash == 100_000 - 46_000 - 47_000


def test_6_1_a_third_hire_of_one_kind_in_a_month_is_refused() -> None:
    # "You may not hire more than 2 employees of any category per month."
    refused_last(log(config(), passes(*JAN2), act("hire", "B", kind="worker", count=2),
                     act("hire", "B", kind="worker")), "hire_limit")


def test_6_1_three_at_once_is_refused_too() -> None:
    refused_last(log(config(), passes(*JAN2), act("hire", "B", kind="sales", count=3)),
                 "hire_limit")


def test_6_1_firing_more_than_employed_is_refused() -> None:
    # "you may also fire (or downsize) any number of workers" - of those employed
    refused_last(log(config(), passes(*JAN2), staff("B", hire={"worker": 2}),
                     pay("A"), requests(("B", 0), ("A", 0)),
                     act("end_finance", "B"), act("end_finance", "A"),
                     passes("A", "B"), pay("A"), act("fire", "B", kind="worker", count=2),
                     act("fire", "B", kind="worker")), "fire_more_than_employed")


def test_6_1_no_firing_in_the_first_month() -> None:
    refused_last(log(config(), passes(*JAN2), act("hire", "B", kind="worker"),
                     act("fire", "B", kind="worker")), "fire_from_second_month")


def test_6_1_firing_a_sales_rep_costs_half_his_salary() -> None:
    # "you must pay them a half-salary that month as severance pay. Give back the tokens"
    jan = staff("B", hire={"sales": 2})
    data = log(config(), passes(*JAN2), jan, pay("A"), requests(("B", 0), ("A", 0)),
               act("set_marker", "B", meetings=0),
               act("end_finance", "B"), act("end_finance", "A"), passes("A", "B"), pay("A"),
               staff("B", fire={"sales": 2}))
    s = play(data)
    assert s.teams["B"].cash == 100_000 - 24_000 - 12_000
    assert s.teams["B"].staff["sales"] == 0 and s.bank_staff["sales"] == 16


def test_6_1_the_bank_has_only_ten_bookkeepers() -> None:
    # Game Materials: "10 grey game tokens (Book keepers)" (docs/schoko/rules.md 12: limits)
    order = ("B", "C", "D", "A")
    jan = [*passes(*order), *staff("B", hire={"bookkeeper": 2}),
           *staff("C", hire={"bookkeeper": 2}), *staff("D", hire={"bookkeeper": 2}),
           *staff("A", hire={"bookkeeper": 2}), *requests(*((t, 0) for t in order)),
           *[act("end_finance", t) for t in order]]
    refused_last(log(config(("A", "B", "C", "D")), jan, passes(*FEB4),
                     staff("C", hire={"bookkeeper": 2}), act("hire", "D", kind="bookkeeper")),
                 "bank_out_of_staff")


def test_6_1_salaries_are_paid_for_everyone_each_month() -> None:
    # "pay the salaries to the bank for all your workers" every month: January's staff are
    # paid again in February.
    jan = staff("B", hire={"worker": 2, "secretary": 1})
    s = play(log(config(), passes(*JAN2), jan, pay("A"), requests(("B", 0), ("A", 0)),
                 act("end_finance", "B"), act("end_finance", "A"), passes("A", "B"),
                 pay("A", "B")))
    assert s.teams["B"].cash == 100_000 - 2 * 20_000


# ---------------------------------------------------------------- 6.2 Phase 2
def _jan_to_requests(*pairs: tuple[str, int], teams=("A", "B"),
                     hires: dict[str, dict[str, int]] | None = None) -> list[dict]:
    order = JAN2 if len(teams) == 2 else JAN4
    out = passes(*order)
    for t in order:
        out += staff(t, hire=(hires or {}).get(t))
    return out + requests(*pairs)


def test_6_2_twenty_requested_bars_make_four_in_each_city() -> None:
    # "20 bars are offered in the market. Each market receives 4 bars."
    s = play(log(config(), _jan_to_requests(("B", 10), ("A", 10))))
    assert s.market == [4, 4, 4, 4, 4] and s.bank_bars == 94


def test_6_2_twenty_two_bars_make_4_4_4_5_5() -> None:
    # "If 22 bars were offered, then the first 3 markets would get 4 bars, and 2 markets
    # would get 5 each."
    s = play(log(config(), _jan_to_requests(("B", 11), ("A", 11))))
    assert s.market == [4, 4, 4, 5, 5]


def test_6_2_a_request_above_the_store_is_refused() -> None:
    # "You may not request nor purchase more cocoa bars from the market than your factory can
    # store on its 16 spaces."
    refused_last(log(config(), _jan_to_requests(("B", 17))), "request_beyond_store")


def test_6_2_new_york_example_four_bars_at_2000() -> None:
    # "player A writes down on their purchase form that they wish to acquire 4 bars at a
    # price of 2000 per bar." The highest bidder pays the bank and takes the bars.
    data = log(config(), _jan_to_requests(("B", 5), ("A", 15)),
               city(A=(3, 2_000), B=(1, 1_000)))
    s = play(data)
    assert s.teams["A"].cocoa == 3 and s.teams["A"].cash == 100_000 - 6_000
    assert s.teams["B"].cocoa == 1 and s.teams["B"].cash == 99_000
    assert s.market[0] == 0  # New York had 4 bars: 20 requested


def test_6_2_highest_price_first_then_the_next_and_leftovers_back_to_the_bank() -> None:
    # "The highest bidder ... Any remaining cocoa goes to the next highest bidder and so on.
    # Any left over bars are returned to the bank."
    data = log(config(), _jan_to_requests(("B", 10), ("A", 10)),
               city(B=(1, 1_000), A=(2, 3_000)))
    s = play(data)
    assert s.teams["A"].cocoa == 2 and s.teams["B"].cocoa == 1
    assert s.bank_bars == 114 - 20 + 1  # New York's fourth bar went back
    seen = events_of(data)
    assert any(e["type"] == "cocoa_returned" and e["bars"] == 1 for e in seen)


def test_6_2_equal_bids_go_first_to_the_starting_player_the_banker_last() -> None:
    # "If two or more players bid the same amount, the first player (beginning with the start
    # player and proceeding clockwise) has the right to purchase first." Tip: the banker
    # tying at 1000 buys after the others.
    data = log(config(), _jan_to_requests(("B", 10), ("A", 10)),
               city(A=(4, 1_000), B=(3, 1_000)))
    s = play(data)
    assert s.teams["B"].cocoa == 3 and s.teams["A"].cocoa == 1


def test_6_2_you_may_buy_more_than_you_requested() -> None:
    # "You don't have to purchase all of the bars that you requested. You may purchase more
    # or less."
    s = play(log(config(), _jan_to_requests(("B", 0), ("A", 16)), city(B=(3, 1_000)),
                 lined_out("A")))
    assert s.teams["B"].cocoa == 3


def test_6_2_a_bid_under_1000_is_refused() -> None:
    # "The price for a bar is 1000 minimum or multiples thereof."
    refused_last(log(config(), _jan_to_requests(("B", 10), ("A", 10)),
                     act("bid", "A", bars=1, price=500)), "bid_price_thousands")


def test_6_2_a_bid_not_in_whole_thousands_is_refused() -> None:
    refused_last(log(config(), _jan_to_requests(("B", 10), ("A", 10)),
                     act("bid", "A", bars=1, price=2_500)), "bid_price_thousands")


def test_6_2_a_bid_over_the_free_store_is_refused() -> None:
    # "nor purchase more cocoa bars from the market than your factory can store": A buys
    # 4 + 4 + 4 + 1 bars in the first four cities (13), so 4 more in Accra do not fit.
    cities = [city(A=(n, 1_000)) + lined_out("B") for n in (4, 4, 4, 1)]
    refused_last(log(config(), _jan_to_requests(("B", 4), ("A", 16)), *cities,
                     act("bid", "A", bars=4, price=1_000)), "bid_beyond_store")


def test_6_2_a_bid_of_bars_but_no_price_is_refused() -> None:
    refused_last(log(config(), _jan_to_requests(("B", 10), ("A", 10)),
                     act("bid", "A", bars=2, price=0)), "bid_price_thousands")


def test_6_2_kakaoschock_closes_the_markets_next_month() -> None:
    # "Kakaoschock (Cocoa shock) The 5 cocoa markets are closed next month. No cocoa purchase
    # will be possible!" Turned at the end of February (no event in January), March has none.
    cfg = config(months=3, events=("kakaoschock", *[e for e in config()["event_order"]
                                                    if e != "kakaoschock"]))
    feb = [*passes("A", "B"), *pay("A", "B"), *requests(("A", 0), ("B", 0)),
           act("end_finance", "A"), act("end_finance", "B")]
    s = play(log(cfg, _quiet_month(JAN2), feb, passes("B", "A"), pay("B", "A")))
    assert s.month == 3
    assert s.phase != "request"  # no requests, no bids: straight on
    refused_last(log(cfg, _quiet_month(JAN2), feb, passes("B", "A"), pay("B", "A"),
                     act("request", "B", bars=2)), "wrong_phase")


# ---------------------------------------------------------------- 6.3 Phase 3
def test_6_3_seven_bars_and_two_workers_make_six() -> None:
    # "I have 7 bars of cocoa and 2 workers. The most I can convert is 6 bars ... The
    # remaining bar of cocoa stays in storage."
    buy = [city(B=(2, 1_000)) + lined_out("A") for _ in range(3)]
    buy.append(city(B=(1, 1_000)) + lined_out("A"))
    buy.append(lined_out("B", "A"))
    head = log(config(), _jan_to_requests(("B", 10), ("A", 0), hires={"B": {"worker": 2}}),
               *buy)
    s = play({**head, "actions": head["actions"] + [act("produce", "B", bars=6)]})
    assert s.teams["B"].cocoa == 1 and s.teams["B"].chocolate == 6
    refused_last({**head, "actions": head["actions"] + [act("produce", "B", bars=7)]},
                 "produce_beyond_capacity")


def test_6_2_a_bid_above_the_city_s_bars_is_refused() -> None:
    # "The highest bidder ... takes the amount bid for": New York offers 2 of the 10 bars.
    refused_last(log(config(), _jan_to_requests(("B", 10), ("A", 0)),
                     act("bid", "B", bars=3, price=1_000)), "bid_more_than_city")


def test_6_2_a_bid_the_team_cannot_pay_is_refused_when_written() -> None:
    # "If you don't have enough money, you can always take out a loan." (docs/schoko/rules.md
    # 10: refused when written). B pays 72,000 of salaries and has 28,000.
    hires = {"B": {"worker": 2, "sales": 2, "secretary": 2, "bookkeeper": 2}}
    head = _jan_to_requests(("B", 10), ("A", 0), hires=hires)
    refused_last(log(config(), head, act("bid", "B", bars=2, price=15_000)), "bid_beyond_cash")
    s = play(log(config(), head, act("take_loan", "B"), act("bid", "B", bars=2, price=15_000),
                 act("bid", "A")))
    assert s.teams["B"].cocoa == 2 and s.teams["B"].cash == 28_000 + 50_000 - 30_000


def test_6_7_a_loan_is_taken_at_any_time_even_off_turn() -> None:
    # "Anytime (!) during the game a player may take a loan": A, while B hires.
    s = play(log(config(), passes(*JAN2), act("take_loan", "A")))
    assert s.teams["A"].cash == 150_000 and waiting_for(s) == ["B"]


def test_6_1_hidden_cash_and_secret_inside_information() -> None:
    # Preparation: "During the entire game you should hide the amount of money in your
    # possession." 6.6 "may secretly look at the top card". The bank sees everything.
    from playboss.schoko import BANK, view
    s = play(log(config(months=3), _quiet_month(JAN2), act("buy_inside", "A")))
    assert "cash" not in view(s, "B")["teams"]["A"]
    assert view(s, "B")["teams"]["A"].get("inside") is None
    assert view(s, "A")["teams"]["A"]["inside"] == "magenverstimmung"
    assert view(s, BANK)["teams"]["A"]["cash"] == 85_000


def test_game_log_the_documented_example_file_replays_through_the_command_line() -> None:
    # docs/schoko/game-log.md, "Worked example": Green sells alone at the highest price.
    import json
    from pathlib import Path

    from .scenario_log import ROOT, run_cli
    text = (Path(ROOT) / "docs" / "schoko" / "example-log.json").read_text("utf-8")
    done = run_cli(None, raw=text, subprocess_=True)
    assert done.returncode == 0, done.stderr
    results = {r["team"]: r for r in json.loads(done.stdout)["results"]}
    assert results["Green"]["cash"] == 100_000 - 42_000 - 5_000 + 120_000
    assert results["Red"]["cash"] == 100_000 and results["Green"]["rank"] == 1


def test_6_3_cocoa_without_workers_stays_cocoa() -> None:
    # "Each player who has currently employed a number of workers may now process up to 3
    # bars": B bought 5 bars and has no worker; it is not asked, the cocoa stays.
    buy = [city(B=(1, 1_000)) + lined_out("A") for _ in range(5)]
    head = log(config(), _jan_to_requests(("B", 5), ("A", 0)), *buy)
    s = play(head)
    assert s.teams["B"].cocoa == 5 and s.teams["B"].chocolate == 0 and s.phase != "produce"
    refused_last({**head, "actions": head["actions"] + [act("produce", "B", bars=1)]},
                 "wrong_phase")
