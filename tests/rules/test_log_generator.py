"""A log's replay goes on with the generator of the game that wrote it (issue 11).

Rulebook, "Preparation for Play": "The risk cards are shuffled and placed, face down, in a stack
next to the game board." The engine shuffles with the game's generator and writes the order
into the log's config (``risk_order``); the dice come from the same generator afterwards.
"""

from __future__ import annotations

from playboss.rules import GameConfig, apply, new_game
from playboss.rules.bots import BOTS
from playboss.rules.chance import Chance
from playboss.rules.gamelog import GameLog, replay
from playboss.rules.legal import to_move
from playboss.rules.snapshot import state_to_dict


def _played(seed: int, moves: int) -> tuple[GameLog, dict[str, object]]:
    log, state = GameLog.start(GameConfig(teams=("Red", "Blue", "Green"), seed=seed))
    bot = BOTS["greedy"](seed)
    while state.seq < moves and state.phase != "ended":
        action = bot.choose(state, to_move(state))
        apply(state, action)
        log.record(action, state)
    return log, state_to_dict(state)


def test_a_replayed_log_ends_with_the_games_generator() -> None:
    """Rulebook I, "Preparation for Play": the deck the game shuffled is in its log; a replay
    of the log ends with the game's state, its generator included."""
    log, final = _played(seed=5, moves=120)
    assert log.config.risk_order is not None  # the drawn order is in the log
    assert state_to_dict(replay(GameLog.from_dict(log.to_dict()))) == final


def test_a_game_set_up_from_its_log_rolls_the_same_dice_without_recorded_outcomes() -> None:
    """Rulebook I, "Now We Can Begin to Play": the dice come from the generator after the
    shuffle; with the recorded outcomes dropped, the replay draws them again: the same dice
    and cards, so the game is the same."""
    log, final = _played(seed=8, moves=150)
    bare = [{k: v for k, v in entry.items() if k != "chance"} for entry in log.entries]
    assert bare != log.entries, "nothing was drawn: the test compares nothing"
    assert state_to_dict(replay(GameLog(log.config, bare))) == final


def test_a_deck_laid_by_hand_leaves_the_generator_at_the_seed() -> None:
    """Rulebook I, "Preparation for Play": a risk_order that is not the seed's shuffle (a
    scenario, a physical board's deck) is no drawn outcome: the generator starts at the seed,
    as logs always did."""
    drawn = new_game(GameConfig(teams=("Red", "Blue"), seed=3))
    laid = new_game(GameConfig(teams=("Red", "Blue"), seed=3,
                               risk_order=tuple(reversed(drawn.deck))))
    assert laid.deck == list(reversed(drawn.deck))
    assert laid.rng.state == Chance(3).state != drawn.rng.state
    same = new_game(GameConfig(teams=("Red", "Blue"), seed=3, risk_order=tuple(drawn.deck)))
    assert (same.deck, same.rng.state) == (drawn.deck, drawn.rng.state)
