"""Every example of the rulebook, each test named after its section."""

from __future__ import annotations

from playboss.schoko import GameConfig, view
from playboss.schoko.actions import (
    Accept,
    Bid,
    BuyShares,
    Decline,
    EmergencyFire,
    EndFinance,
    Fire,
    Hire,
    Join,
    PaySalaries,
    Produce,
    Request,
    SellShares,
    SetMarker,
    TakeLoan,
)
from playboss.schoko.cocoa import distribute
from playboss.schoko.sales import production_capacity

from .helpers import do, game, give, pass_inside, refused


def _jan_staff(s, team, **counts):
    for kind, n in counts.items():
        if n:
            do(s, Hire(team, kind, n))


def test_6_1_salary_example_60000() -> None:
    # "I purchase 2 workers, 1 salesperson, 2 secretaries and 2 bookkeepers ... 60.000"
    s = game()
    pass_inside(s)
    first = s.waiting[0]
    _jan_staff(s, first, worker=2, sales=1, secretary=2, bookkeeper=2)
    events = do(s, PaySalaries(first))
    paid = next(e for e in events if e["type"] == "salaries_paid")
    assert paid["paid"] == 60_000
    assert s.teams[first].cash == 40_000


def test_6_1_february_example_46000_to_42000_paying_47000() -> None:
    s = game()
    pass_inside(s)
    first = s.waiting[0]
    _jan_staff(s, first, worker=1, sales=1, secretary=1, bookkeeper=2)
    assert s.teams[first].payroll() == 46_000
    s.teams[first].hired = dict.fromkeys(s.teams[first].hired, 0)
    s.month = 2  # February: the same team on turn again
    do(s, Fire(first, "bookkeeper"), Hire(first, "worker"))
    assert s.teams[first].payroll() == 42_000
    events = do(s, PaySalaries(first))
    assert next(e for e in events if e["type"] == "salaries_paid")["paid"] == 47_000


def test_6_1_no_firing_in_january_and_two_hires_a_kind() -> None:
    s = game()
    pass_inside(s)
    first = s.waiting[0]
    do(s, Hire(first, "worker", 2))
    assert refused(s, Hire(first, "worker")).code == "hire_limit"
    assert refused(s, Fire(first, "worker")).code == "fire_from_second_month"


def test_6_2_twenty_and_twenty_two_bars_over_five_cities() -> None:
    assert distribute(20) == [4, 4, 4, 4, 4]
    assert distribute(22) == [4, 4, 4, 5, 5]


def _to_cocoa(s, requests):
    pass_inside(s)
    while s.phase == "staff":
        do(s, PaySalaries(s.waiting[0]))
    for name in list(s.waiting):
        do(s, Request(name, requests.get(name, 0)))


def test_6_2_new_york_bid_highest_first_ties_in_turn_order() -> None:
    # January: A is banker, B starts. "player A writes down ... 4 bars at a price of 2000"
    s = game()
    _to_cocoa(s, {"A": 4, "B": 4, "C": 4, "D": 4, })
    assert s.phase == "bid" and s.market == [3, 3, 3, 3, 4]
    ny = s.market[0]
    do(s, Bid("A", ny, 2_000), Bid("B", 2, 2_000), Bid("C", 1, 1_000), Bid("D", 0, 0))
    # A and B tie at 2,000; B starts the month, so B buys first, A takes what is left
    assert s.teams["B"].cocoa == 2 and s.teams["A"].cocoa == ny - 2
    assert s.teams["C"].cocoa == 0
    assert s.teams["A"].cash == 100_000 - (ny - 2) * 2_000


def test_6_2_bids_are_sealed_until_all_are_in() -> None:
    s = game()
    _to_cocoa(s, {"A": 5})
    do(s, Bid("B", 1, 3_000))
    assert "sealed" not in view(s, "A")["teams"]["B"]
    assert view(s, "B")["teams"]["B"]["sealed"] == (1, 3_000)
    assert refused(s, Bid("A", 1, 1_500)).code == "bid_price_thousands"


def test_6_3_seven_bars_two_workers_make_six() -> None:
    s = game()
    pass_inside(s)
    first = s.waiting[0]
    do(s, Hire(first, "worker", 2))
    give(s, first, cocoa=7)
    assert production_capacity(s, s.teams[first]) == 6


def _to_markers(s, reps):
    pass_inside(s)
    while s.phase == "staff":
        team = s.waiting[0]
        if reps.get(team):
            do(s, Hire(team, "sales", min(2, reps[team])))
        do(s, PaySalaries(team))
    for name in list(s.waiting):
        do(s, Request(name, 0))


def test_6_4_markers_8_8_4_12_make_twelve_meetings() -> None:
    s = game()
    _to_markers(s, {"A": 2, "B": 2, "C": 1, "D": 2})
    s.teams["D"].staff["sales"] = 3  # (hired over two months)
    s.bank_staff["sales"] -= 1
    assert s.phase == "marker"
    do(s, SetMarker("A", 8), SetMarker("B", 8), SetMarker("C", 4), SetMarker("D", 12))
    assert s.meetings == 12


def test_6_4_lone_participant_gets_the_highest_price_and_first_acceptance_wins() -> None:
    s = game()
    _to_markers(s, {"A": 1, "B": 1})
    give(s, "A", chocolate=12)
    give(s, "B", chocolate=12)
    do(s, SetMarker("B", 4), SetMarker("A", 4))
    card = s.meeting.card
    bars, low, high = s.config.contracts[card]
    do(s, Join("B", True), Join("A", False))
    assert [(c.card, c.price) for c in s.teams["B"].secretariat] == [(card, high)]
    # the next meeting: both take part; B (starting player) is asked first
    card = s.meeting.card
    bars, low, high = s.config.contracts[card]
    do(s, Join("B", True), Join("A", True))
    assert s.meeting.price == low
    do(s, Decline("B"), Accept("A"))
    assert any(c.card == card and c.price == low for c in s.teams["A"].secretariat)


def test_6_7_loan_headcount_8_against_5_6_7_fires_one() -> None:
    s = game()
    pass_inside(s)
    order = list(s.waiting)  # B, C, D, A
    staff = {"B": 5, "C": 6, "D": 7, "A": 8}
    for name in order:
        n = staff[name]
        for kind in ("worker", "sales", "secretary", "bookkeeper"):
            k = min(2, n)
            if k:
                do(s, Hire(name, kind, k))
            n -= k
        if name == "A":
            do(s, TakeLoan("A"))
        do(s, PaySalaries(name))
    assert s.phase == "emergency" and s.waiting == ["A"]
    cash = s.teams["A"].cash
    do(s, EmergencyFire("A", "worker"))
    assert s.teams["A"].headcount() == 7
    assert s.teams["A"].cash == cash + 3_000  # half the salary back


def test_6_7_shares_55000_in_february_83000_at_the_end_of_june() -> None:
    config = GameConfig()
    assert config.share_value(2) == 55_000 and config.share_value(6) == 83_000
    s = game(teams=("A", "B"))
    s.month = 2
    s.phase, s.waiting = "finance", ["A", "B"]
    do(s, BuyShares("A", 1))
    assert s.teams["A"].cash == 45_000
    s.month = 6
    do(s, SellShares("A", 1), EndFinance("A"))
    assert s.teams["A"].cash == 128_000
    from playboss.schoko import profit_and_loss
    assert profit_and_loss(s.books, "A")["income"]["share_gains"] == 28_000


def test_game_end_money_plus_shares_less_loans() -> None:
    s = game(teams=("A", "B"), months=1)
    pass_inside(s)
    do(s, TakeLoan("B"))
    while s.phase != "ended":
        from playboss.schoko.bots import CarefulBot
        from playboss.schoko.legal import waiting_for
        actor = waiting_for(s)[0]
        do(s, CarefulBot().choose(s, actor)[0])
    row = next(r for r in s.results if r["team"] == "B")
    assert row["worth"] == row["cash"] + row["shares"] * 48_000 - row["loans"] * 50_000


def test_6_3_production_beyond_two_workers_refused() -> None:
    s = game()
    pass_inside(s)
    while s.phase == "staff":
        if s.waiting[0] == "A":
            do(s, Hire("A", "worker", 2))
        do(s, PaySalaries(s.waiting[0]))
    give(s, "A", cocoa=7)
    for name in list(s.waiting):
        do(s, Request(name, 0))
    assert s.phase == "produce" and s.waiting == ["A"]
    assert refused(s, Produce("A", 7)).code == "produce_beyond_capacity"
    do(s, Produce("A", 6))
    assert (s.teams["A"].cocoa, s.teams["A"].chocolate) == (1, 6)
