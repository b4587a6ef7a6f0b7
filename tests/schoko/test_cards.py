"""Each event card (6.6) and each express card (6.8) with its effect, named after its card."""

from __future__ import annotations

import pytest

from playboss.schoko.actions import ChoosePark, Hire, Join, PaySalaries, PlayExpress
from playboss.schoko.contracts import cashing_capacity
from playboss.schoko.core import Turn
from playboss.schoko.events import run_event
from playboss.schoko.sales import production_capacity, track_capacity
from playboss.schoko.state import Contract

from .helpers import do, game, give, refused


def _event(s, card):
    s.month = 2
    s.events = [card] + [c for c in s.events if c != card]
    turn = Turn(s, None)
    run_event(turn)
    return turn.events


def test_6_6_finanzielle_magenverstimmung_cancels_bookkeeping() -> None:
    s = game()
    a = s.teams["A"]
    card = s.deck.pop()
    a.bookkeeping.append(Contract(card, 30_000, 1))
    s.books.post(0, 1, "A", "bookkeeping", "sales", 30_000, "contract")
    _event(s, "magenverstimmung")
    assert a.bookkeeping == [] and s.deck[-1] == card
    assert s.books.balance("A", "cancelled") == 30_000


def test_6_6_schoko_protest_five_bars_or_all() -> None:
    s = game()
    give(s, "A", chocolate=7)
    give(s, "B", chocolate=3)
    _event(s, "protest")
    assert (s.teams["A"].chocolate, s.teams["B"].chocolate) == (2, 0)


def test_6_6_schock_im_schokolager_5000_a_bar() -> None:
    s = game()
    give(s, "A", chocolate=4)
    _event(s, "schock")
    assert s.teams["A"].cash == 80_000


def test_6_6_finanzzuschuss_highest_payroll_and_tie_split() -> None:
    s = game()
    s.teams["A"].salaries_paid = 60_000
    s.teams["B"].salaries_paid = 60_000
    s.teams["C"].salaries_paid = 10_000
    _event(s, "zuschuss")
    assert s.teams["A"].cash == s.teams["B"].cash == 125_000
    assert s.teams["C"].cash == 100_000


@pytest.mark.parametrize("card", ["kakaoschock", "sitzt_fest", "leergefegt"])
def test_6_6_next_month_cards(card: str) -> None:
    s = game()
    _event(s, card)
    assert s.next_month == [card]


def test_6_6_kakaoschock_closes_the_markets_next_month() -> None:
    s = game(months=3)
    s.next_month = ["kakaoschock"]
    from playboss.schoko.core import Turn as T
    from playboss.schoko.flow import enter_inside
    enter_inside(T(s, None))
    from playboss.schoko.actions import Pass
    for name in list(s.waiting):
        do(s, Pass(name))
    while s.phase == "staff":
        do(s, PaySalaries(s.waiting[0]))
    assert s.phase != "request"


def test_6_6_der_kakao_sitzt_fest_one_bar_a_worker() -> None:
    s = game()
    s.this_month = ["sitzt_fest"]
    s.teams["A"].staff["worker"] = 2
    s.bank_staff["worker"] -= 2
    give(s, "A", cocoa=6)
    assert production_capacity(s, s.teams["A"]) == 2


def test_6_6_arbeitsmarkt_leergefegt_no_bookkeepers() -> None:
    s = game()
    s.this_month = ["leergefegt"]
    s.phase, s.waiting = "staff", ["A"]
    assert refused(s, Hire("A", "bookkeeper")).code == "no_bookkeepers_this_month"
    do(s, Hire("A", "worker"))


# ---------------------------------------------------------------- express cards
def _card(s, player, card):
    """Put ``card`` in ``player``'s hand (from wherever it is)."""
    for t in s.teams.values():
        if card in t.hand:
            t.hand.remove(card)
    s.teams[player].hand.append(card)
    s.month = 2


def test_6_8_no_express_in_january_one_a_month_not_on_self() -> None:
    s = game()
    _card(s, "A", "spitze")
    s.month = 1
    assert refused(s, PlayExpress("A", "spitze", "B")).code == "express_not_january"
    s.month = 2
    assert refused(s, PlayExpress("A", "spitze", "A")).code == "express_not_on_self"
    do(s, PlayExpress("A", "spitze", "B"))
    _card(s, "C", "ruehrend")
    assert refused(s, PlayExpress("C", "ruehrend", "B")).code == "express_one_per_month"


def test_6_8_bedauerlich_every_third_bar() -> None:
    s = game()
    give(s, "B", chocolate=8)
    _card(s, "A", "bedauerlich")
    do(s, PlayExpress("A", "bedauerlich", "B"))
    assert s.teams["B"].chocolate == 6


def test_6_8_fuerchterlich_one_bar_to_each_player() -> None:
    s = game()
    give(s, "B", chocolate=2)
    _card(s, "A", "fuerchterlich")
    do(s, PlayExpress("A", "fuerchterlich", "B"))
    assert s.teams["B"].chocolate == 0
    assert sum(s.teams[n].chocolate for n in "ACD") == 2


def test_6_8_ruehrend_1000_a_head() -> None:
    s = game()
    s.teams["B"].staff["worker"] = 3
    s.bank_staff["worker"] -= 3
    _card(s, "A", "ruehrend")
    do(s, PlayExpress("A", "ruehrend", "B"))
    assert s.teams["B"].cash == 97_000


def test_6_8_spitze_5000_to_each_other_player() -> None:
    s = game()
    _card(s, "A", "spitze")
    do(s, PlayExpress("A", "spitze", "B"))
    assert s.teams["B"].cash == 85_000
    assert s.teams["A"].cash == s.teams["C"].cash == 105_000


def test_6_8_schlapp_one_bookkeeper_cashes_one() -> None:
    s = game()
    s.teams["B"].staff["bookkeeper"] = 2
    s.bank_staff["bookkeeper"] -= 2
    _card(s, "A", "schlapp")
    do(s, PlayExpress("A", "schlapp", "B"))
    assert cashing_capacity(s.teams["B"]) == 3


def test_6_8_katastrophal_and_schmerzlich_cut_production() -> None:
    s = game()
    for n in "BC":
        s.teams[n].staff["worker"] = 3
        s.bank_staff["worker"] -= 3
        give(s, n, cocoa=9)
    _card(s, "A", "katastrophal")
    do(s, PlayExpress("A", "katastrophal", "B"))
    _card(s, "A", "schmerzlich")
    do(s, PlayExpress("A", "schmerzlich", "C"))
    assert production_capacity(s, s.teams["B"]) == 6
    assert production_capacity(s, s.teams["C"]) == 6


def test_6_8_grosszuegig_the_recipient_chooses_who_goes_to_the_park() -> None:
    s = game()
    s.teams["B"].staff["sales"] = 1
    s.bank_staff["sales"] -= 1
    _card(s, "A", "grosszuegig")
    do(s, PlayExpress("A", "grosszuegig", "B"))
    assert s.interrupt == ["B"]
    assert refused(s, ChoosePark("B", "worker")).code == "no_such_employee"
    do(s, ChoosePark("B", "sales"))
    assert track_capacity(s, s.teams["B"]) == 0 and s.teams["B"].payroll() == 12_000


def test_6_8_entsetzlich_two_meetings_fewer() -> None:
    s = game()
    s.teams["B"].staff["sales"] = 1
    s.bank_staff["sales"] -= 1
    _card(s, "A", "entsetzlich")
    do(s, PlayExpress("A", "entsetzlich", "B"))
    assert track_capacity(s, s.teams["B"]) == 2


def test_6_8_unglaublich_cash_told_to_all() -> None:
    s = game()
    _card(s, "A", "unglaublich")
    events = do(s, PlayExpress("A", "unglaublich", "B"))
    assert any(e["type"] == "cash_announced" and e["cash"] == 100_000 for e in events)
    from playboss.schoko import view
    assert view(s, "C")["teams"]["B"]["announced_cash"] == 100_000
    assert "cash" not in view(s, "C")["teams"]["B"]


def _sale(s):
    """February, B and C take part in a meeting, B wins at the lowest price."""
    s.month = 2
    for n in "BC":
        give(s, n, chocolate=8)
        s.teams[n].marker = 4
    s.meetings, s.phase = 1, "join"
    from playboss.schoko.core import Turn as T
    from playboss.schoko.sales import enter_join
    enter_join(T(s, None))
    do(s, Join("B", True), Join("C", True))
    from playboss.schoko.actions import Accept, Decline
    assert s.order()[0] == "C"  # February: B is banker, C starts and is asked first
    do(s, Decline("C"), Accept("B"))
    return s.teams["B"].secretariat[-1]


def test_6_8_skandaloes_the_contract_goes_to_the_player() -> None:
    s = game()
    _card(s, "C", "skandaloes")
    s.teams["D"].hand = []
    s.teams["A"].hand = []
    contract = _sale(s)
    bars = s.config.contracts[contract.card][0]
    assert s.phase == "after_sale" and "C" in s.waiting
    do(s, PlayExpress("C", "skandaloes", "B"))
    assert s.teams["C"].secretariat[-1].card == contract.card
    assert s.teams["B"].secretariat == [] and s.teams["B"].chocolate == 8
    assert s.teams["C"].chocolate == 8 - bars


def test_6_8_schlimm_half_price() -> None:
    s = game()
    _card(s, "A", "schlimm")
    contract = _sale(s)
    price = contract.price
    assert refused(s, PlayExpress("A", "schlimm", "C")).code == "express_after_sale_only"
    do(s, PlayExpress("A", "schlimm", "B"))
    assert s.teams["B"].secretariat[-1].price == price // 2 // 1_000 * 1_000
