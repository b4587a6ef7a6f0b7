"""The worked example of docs/schoko/game-log.md plays as the page says."""

from __future__ import annotations

from playboss.schoko import GameConfig, waiting_for
from playboss.schoko.actions import (
    Bid,
    EndFinance,
    Hire,
    Join,
    Pass,
    PaySalaries,
    Produce,
    Request,
    SetMarker,
)
from playboss.schoko.gamelog import GameLog, replay


def test_worked_example_one_month_two_teams() -> None:
    log, s = GameLog.start(GameConfig(teams=("Red", "Green"), seed=0, months=1))
    moves = [Pass("Green"), Pass("Red"), Hire("Green", "worker", 2), Hire("Green", "sales"),
             Hire("Green", "secretary"), Hire("Green", "bookkeeper"), PaySalaries("Green"),
             PaySalaries("Red"), Request("Green", 5), Request("Red", 0)]
    for m in moves:
        log.apply(s, m)
    assert s.market == [1, 1, 1, 1, 1]
    for _ in range(5):
        log.apply(s, Bid("Green", 1, 1_000))
        log.apply(s, Bid("Red"))
    log.apply(s, Produce("Green", 5))
    log.apply(s, SetMarker("Green", 2))
    card = s.meeting.card
    high = s.config.contracts[card][2]
    log.apply(s, Join("Green", True))
    while s.phase == "join":
        log.apply(s, Join("Green", False))
    while s.phase == "bank_sale":
        log.apply(s, Pass(waiting_for(s)[0]))
    while s.phase == "finance":
        log.apply(s, EndFinance(waiting_for(s)[0]))
    assert s.phase == "ended"
    green = s.teams["Green"]
    assert green.cash == 100_000 - 42_000 - 5_000 + high
    assert replay(GameLog.from_dict(log.to_dict())).teams["Green"].cash == green.cash
