"""The careful bot: richer teams (issue 20: at least 80 % in 8-month 4-team games), express
cards when and where they hurt, inside information when it pays, shares held and sold."""

from __future__ import annotations

from playboss.schoko import GameConfig
from playboss.schoko.actions import BuyInside, PlayExpress, SellShares
from playboss.schoko.bots import CarefulBot, hint
from playboss.schoko.simulate import play_game

from .helpers import game, give, pass_inside


def test_careful_bots_make_most_of_their_teams_richer() -> None:
    teams = richer = 0
    for seed in range(12):
        config = GameConfig(seed=seed, months=8)
        _, state = play_game(config, ["careful"] * 4)
        for row in state.results:
            teams += 1
            richer += row["worth"] > config.capital
    assert richer / teams >= 0.8, (richer, teams)


def test_6_8_bedauerlich_is_played_once_the_chocolate_is_made_on_the_most_chocolate() -> None:
    # "Feel free to play this card on fellow players just at the time it will have the most
    # devastating impact on them."
    s = game()
    s.month = 2
    s.teams["B"].hand = ["bedauerlich"]
    give(s, "C", chocolate=3)
    give(s, "D", chocolate=9)
    pass_inside(s)
    assert hint(s, "B")[0].type != "play_express"  # phase 1: not yet
    s.phase = "marker"  # (after phase 3)
    s.waiting = ["B"]
    action, reason = hint(s, "B")
    assert action == PlayExpress("B", "bedauerlich", "D") and reason.params["damage"] > 0


def test_6_6_inside_information_when_it_pays() -> None:
    # four cards turned, "Schock im Schokolager", "Schoko Protest" and "Kakaoschock" left: a
    # team with a full chocolate store has much to lose, one with none nothing
    s = game()
    s.month = 5
    turned = ["magenverstimmung", "zuschuss", "sitzt_fest", "leergefegt"]
    s.events = [e for e in s.events if e not in turned]
    s.event_discard = turned
    for t in s.teams.values():
        t.hand = []
    give(s, "B", chocolate=12)
    assert s.phase == "inside"
    assert hint(s, "B")[0] == BuyInside("B")
    assert hint(s, "C")[1].code == "no_inside_information"


def test_6_7_a_share_is_sold_to_repay_a_loan_dearer_than_it_gains() -> None:
    s = game()
    s.month = 4
    b = s.teams["B"]
    b.shares, b.loans = 1, 1
    s.share_certificates -= 1
    s.loan_cards -= 1
    s.phase, s.waiting = "finance", ["B"]
    b.cash = 20_000
    action, reason = CarefulBot().choose(s, "B")
    assert action == SellShares("B", 1) and reason.code == "sell_share_to_repay"
