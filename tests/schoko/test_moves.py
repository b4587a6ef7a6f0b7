"""Moves that stand for several of the rulebook's answers, and the choices the rulebook
leaves to the team (each test names its section)."""

from __future__ import annotations

from playboss.schoko import view
from playboss.schoko.actions import Accept, Decline, Hire, Join, PaySalaries, Request, SetMarker

from .helpers import do, game, give, pass_inside, refused


def _to_meeting(s, teams):
    """January, every team in ``teams`` with one sales rep and 12 bars of chocolate, all
    taking part in the first meeting."""
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
