"""The bots keep playing legal moves under the rulebook's literal readings (issue 14): whole
games with every reading at its literal value (``readings.LITERAL``), invariants checked after
every move, and due private loans sprinkled in by the test itself (no bot offers one)."""

from __future__ import annotations

import random

import pytest

from playboss.rules import actions as A
from playboss.rules import apply
from playboss.rules.bots import BOTS
from playboss.rules.config import ALL_STEPS, GameConfig
from playboss.rules.errors import RuleViolation
from playboss.rules.gamelog import GameLog, replay
from playboss.rules.invariants import check
from playboss.rules.legal import to_move
from playboss.rules.readings import LITERAL
from playboss.rules.simulate import play_game
from playboss.rules.snapshot import state_to_dict

TEAMS = ("Red", "Blue", "Green", "Yellow", "Black", "White")


def literal_config(seed: int, steps: frozenset[int]) -> GameConfig:
    return GameConfig(teams=TEAMS, seed=seed, years=4, steps=steps, **LITERAL)


@pytest.mark.parametrize("bot", ["sensible", "greedy", "random"])
@pytest.mark.parametrize("steps", [frozenset(), frozenset(ALL_STEPS)], ids=["base", "all"])
def test_bots_play_whole_games_under_the_literal_readings(bot: str,
                                                          steps: frozenset[int]) -> None:
    """Every move a bot picks from the legal choices is accepted, to the game's end."""
    for seed in (1, 2):
        state, _ = play_game(literal_config(seed, steps), bot, checks=True)
        assert state.phase == "ended"


def test_due_loans_among_bot_moves_replay_from_the_log() -> None:
    """Loans with a due date, offered between bot moves, come due, are repaid or bankrupt the
    borrower, and the log (with ``loan_due_years``) replays to the same state."""
    rng = random.Random(7)
    config = literal_config(3, frozenset({1, 3, 4}))
    log, state = GameLog.start(config)
    bots = {name: BOTS["greedy"](seat) for seat, name in enumerate(config.teams)}
    due_payments = 0
    while state.phase != "ended":
        assert state.seq < 20_000, "the game does not end"
        actor = to_move(state)
        moves = [bots[actor].choose(state, actor)] if actor in bots else []
        if actor in bots and rng.random() < 0.05:
            partner = rng.choice([t for t in state.active_teams() if t.name != actor]).name
            moves.insert(0, A.ProposeDeal(actor, partner=partner, give={"loan": 2_000},
                                          loan_due_years=rng.randint(1, 2)))
        for move in moves:
            try:
                events = apply(state, move)
            except RuleViolation:
                assert isinstance(move, A.ProposeDeal), f"a bot's move was refused: {move}"
                continue
            log.record(move, state)
            due_payments += sum(1 for e in events if e.get("how") == "due")
            check(state)
            if isinstance(move, A.ProposeDeal):
                bots_deal = max(state.deals)
                accept = A.AcceptDeal(move.partner, deal=bots_deal)
                try:
                    apply(state, accept)
                except RuleViolation:
                    continue
                log.record(accept, state)
                check(state)
            break  # the bot's move may have changed whose turn it is
    assert due_payments > 0, "no loan came due: the test proves nothing"
    again = replay(GameLog.from_dict(log.to_dict()))
    assert state_to_dict(again) == state_to_dict(state)
