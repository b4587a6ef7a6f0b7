"""Moves that stand for several of the rulebook's answers, and the choices the rulebook
leaves to the team (each test names its section)."""

from __future__ import annotations

from playboss.schoko import view
from playboss.schoko.actions import Accept, Decline, Hire, Join, PaySalaries, Request, SetMarker

from .helpers import do, game, give, pass_inside, refused


def _to_meeting(s, teams, join=True):
    """January, every team in ``teams`` with one sales rep and 12 bars of chocolate, all
    taking part in the first meeting (with ``join``)."""
    pass_inside(s)
    while s.phase == "staff":
        team = s.waiting[0]
        if team in teams:
            do(s, Hire(team, "sales", 1))
        do(s, PaySalaries(team))
    for name in list(s.waiting):
        do(s, Request(name, 0))
    for name in teams:
        give(s, name, chocolate=12)
    for name in list(s.waiting):
        do(s, SetMarker(name, 4))
    if join:
        for name in list(s.waiting):
            do(s, Join(name, True))
        assert s.phase == "offer"


def test_6_4_price_ladder_a_standing_decline_says_no_until_its_price() -> None:
    # "If all players refuse on the first price, the banker raises the price ... This
    # continues until the highest price is reached": a "no" up to a price is that many "no"s.
    s = game()
    _to_meeting(s, "BCD")
    bars, low, high = s.config.contracts[s.meeting.card]
    assert s.meeting.joined == ["B", "C", "D"] and s.meeting.price == low
    wanted = low + 4_000  # two steps of 2,000 up
    assert refused(s, Decline("B", below=low)).code == "decline_below_range"
    assert refused(s, Decline("B", below=high + 1_000)).code == "decline_below_range"
    assert refused(s, Decline("B", below=low + 1_500)).code == "decline_below_range"
    do(s, Decline("B", below=wanted))
    assert view(s, "B")["teams"]["B"]["declines_below"] == wanted
    assert "declines_below" not in view(s, "C")["teams"]["B"]
    assert "declines_below" not in view(s, "public")["teams"]["B"]
    events = do(s, Decline("C"), Decline("D"))
    # the price went up; B's standing "no" answered for it and C is asked
    assert s.meeting.price == low + 2_000 and s.waiting == ["C"]
    assert [e["team"] for e in events if e["type"] == "declined"] == ["C", "D", "B"]
    do(s, Decline("C"), Decline("D"))
    assert s.meeting.price == wanted and s.waiting == ["B"]  # asked again at its price
    card = s.meeting.card
    do(s, Accept("B"))
    assert [(c.card, c.price) for c in s.teams["B"].secretariat] == [(card, wanted)]


def _won(s, team, month, price):
    """A contract won in ``month`` at ``price`` lies in ``team``'s secretariat (the card
    taken from the deck, the revenue booked as a sale would)."""
    from playboss.schoko.state import Contract
    card = s.deck.pop(0)
    s.teams[team].secretariat.append(Contract(card, price, month))
    s.books.post(s.seq, month, team, "secretariat", "sales", price, "contract")
    return card


def _staff(s, team, **kinds):
    for kind, n in kinds.items():
        s.teams[team].staff[kind] += n
        s.bank_staff[kind] -= n


def _to_secretaries(s, contracts, **kinds):
    """Phase 1 paid by all, ``team`` with the staff given; nobody buys cocoa or sells, so the
    month goes straight to the secretaries with ``contracts`` [(month, price)] for A."""
    pass_inside(s)
    _staff(s, "A", **kinds)
    while s.phase == "staff":
        do(s, PaySalaries(s.waiting[0]))
    cards = [_won(s, "A", month, price) for month, price in contracts]
    for name in list(s.waiting):
        do(s, Request(name, 0))
    return cards


def test_6_4_secretarial_work_four_contracts_three_secretaries_the_team_chooses() -> None:
    # "You have obtained 4 contracts but only have 3 secretaries. Three of the contracts will
    # be processed to bookkeeping and one will have to remain in the secretary's office."
    # "If you have more contracts than secretaries, you must decide which contracts."
    from playboss.schoko import legal_actions
    from playboss.schoko.actions import Process
    s = game()
    cards = _to_secretaries(s, [(1, 40_000), (1, 30_000), (1, 50_000), (1, 20_000)],
                            secretary=3)
    assert s.phase == "process" and s.waiting == ["A"]
    assert sorted(a.card for a in legal_actions(s, "A") if isinstance(a, Process)) == \
        sorted(cards)
    cheapest_three = cards[1], cards[3], cards[0]  # not the careful bot's choice
    do(s, Process("A", cheapest_three[0]))
    assert refused(s, Process("A", cheapest_three[0])).code == "contract_not_to_choose"
    assert refused(s, Process("B", cards[2])).code == "not_asked"
    do(s, Process("A", cheapest_three[1]), Process("A", cheapest_three[2]))
    a = s.teams["A"]
    assert [c.card for c in a.secretariat] == [cards[2]]
    assert sorted(c.card for c in a.bookkeeping) == sorted(cheapest_three)


def test_6_4_secretarial_work_old_contracts_first_then_one_of_februarys_of_your_choice() -> None:
    # "You have 2 contracts from January and 2 from February. You employ 3 secretaries. You
    # must therefore process both the January contracts and 1 of February's contracts of
    # your choice."
    from playboss.schoko import legal_actions
    from playboss.schoko.actions import Process
    from playboss.schoko.cards import EVENTS
    s = game(event_order=("protest", *[e for e in EVENTS if e != "protest"]))
    s.month = 2
    jan1, jan2, feb1, feb2 = _to_secretaries(
        s, [(1, 30_000), (1, 20_000), (2, 60_000), (2, 25_000)], secretary=3)
    assert s.waiting == ["A"]
    assert sorted(a.card for a in legal_actions(s, "A") if isinstance(a, Process)) == \
        sorted([feb1, feb2])
    assert refused(s, Process("A", jan1)).code == "contract_not_to_choose"
    events = do(s, Process("A", feb2))
    done = next(e for e in events if e["type"] == "contracts_processed")
    assert sorted(done["cards"]) == sorted([jan1, jan2, feb2]) and done["waiting"] == 1
    assert [c.card for c in s.teams["A"].secretariat] == [feb1]


def test_6_4_secretarial_work_no_choice_no_move() -> None:
    # as many secretaries as contracts: nothing to decide, the game does not ask
    s = game()
    cards = _to_secretaries(s, [(1, 30_000), (1, 20_000)], secretary=2)
    assert s.phase == "finance"
    assert sorted(c.card for c in s.teams["A"].bookkeeping) == sorted(cards)


def test_6_5_processing_contracts_the_team_chooses_which_to_cash() -> None:
    # "Each bookkeeper can at most cash out a maximum of 2 contracts per month. If you have
    # more contracts than your bookkeepers can cash out, then choose the best ones."
    from playboss.schoko.actions import CashOut
    s = game()
    cards = _to_secretaries(s, [(1, 30_000), (1, 20_000), (1, 50_000)], secretary=3,
                            bookkeeper=1)
    assert s.phase == "cash_out" and s.waiting == ["A"]
    cash = s.teams["A"].cash
    do(s, CashOut("A", cards[1]))
    assert refused(s, CashOut("A", cards[1])).code == "contract_not_to_choose"
    do(s, CashOut("A", cards[0]))
    a = s.teams["A"]
    assert a.cash == cash + 50_000 and [c.card for c in a.bookkeeping] == [cards[2]]
    assert s.deck[-2:] == [cards[0], cards[1]]  # under the deck


def test_6_5_the_careful_bot_cashes_the_dearest_and_says_why() -> None:
    from playboss.schoko.bots import hint
    s = game()
    cards = _to_secretaries(s, [(1, 30_000), (1, 20_000), (1, 50_000)], secretary=3,
                            bookkeeper=1)
    action, reason = hint(s, "A")
    assert (action.type, action.card, reason.code) == ("cash_out", cards[2], "cash_dearest")


def test_6_8_grosszuegig_on_the_only_bookkeeper_while_choosing_ends_the_choice() -> None:
    # "One employee goes on vacation for the remainder of this turn": nobody cashes, and the
    # game stops waiting for a choice that no longer exists
    from playboss.schoko.actions import ChoosePark, PlayExpress
    from playboss.schoko.cards import EVENTS
    s = game(event_order=("protest", *[e for e in EVENTS if e != "protest"]))
    s.month = 2
    s.teams["B"].hand = ["grosszuegig"]
    _to_secretaries(s, [(2, 30_000), (2, 20_000), (2, 50_000)], secretary=3, bookkeeper=1)
    assert s.phase == "cash_out" and s.waiting == ["A"]
    do(s, PlayExpress("B", "grosszuegig", "A"), ChoosePark("A", "bookkeeper"))
    assert s.phase == "finance" and len(s.teams["A"].bookkeeping) == 3


def test_6_2_a_team_lines_out_the_rest_of_the_months_cities_in_one_move() -> None:
    # "If you don't want to place a bid, simply line through that city": here for New York
    # and every city after it
    from playboss.schoko.actions import Bid
    s = game()
    pass_inside(s)
    while s.phase == "staff":
        do(s, PaySalaries(s.waiting[0]))
    for name in list(s.waiting):
        do(s, Request(name, 5))
    assert s.phase == "bid" and s.city == 0
    assert refused(s, Bid("B", 1, 1_000, rest=True)).code == "bid_rest_needs_no_bars"
    do(s, Bid("B", rest=True), Bid("C", 1, 1_000), Bid("D"), Bid("A"))
    assert s.city == 1 and sorted(s.waiting) == ["A", "C", "D"]  # B is not asked again


def test_6_4_a_standing_yes_takes_part_in_every_meeting_it_can() -> None:
    # "Each player now decides if they want to participate in this meeting": one yes for
    # every meeting of the month the team can deliver
    s = game()
    _to_meeting(s, "BC", join=False)
    assert s.phase == "join" and s.waiting == ["B", "C"]
    assert refused(s, Join("B", False, every=True)).code == "join_every_needs_yes"
    first = s.meeting.card
    do(s, Join("B", True, every=True), Join("C", False))  # B alone: the highest price
    assert s.teams["B"].secretariat[0].card == first
    assert s.phase == "join" and s.meeting.card != first
    assert s.waiting == ["C"] and s.sealed == {"B": True}  # B's yes stands, C is asked
    do(s, Join("C", True))
    assert s.meeting.joined == ["B", "C"]
