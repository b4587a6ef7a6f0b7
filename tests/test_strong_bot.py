"""The strong bot (issue 12): looks ahead with the engine, never peeks, always legal.

Every test plays with ``SMALL_BUDGET`` (two futures a candidate, three rolls ahead), which
runs the same code as the full budget at a fraction of its cost. How well the bot plays and
how long it thinks are figures, not tests: ``bench/bench_strong.py`` and
``bench/bench_playout.py`` (docs/benchmarks.md, "Bots").
"""

from __future__ import annotations

import pytest

from playboss.rules import actions as A
from playboss.rules.bots import BOTS, REASON_CODES, SensibleBot, StrongBot
from playboss.rules.bots.strong import SMALL_BUDGET, Budget, determinize, pick_best
from playboss.rules.config import GameConfig
from playboss.rules.engine import apply
from playboss.rules.gamelog import GameLog
from playboss.rules.legal import legal_actions, to_move
from playboss.rules.state import BANK, Deal, GameState
from playboss.rules.tournament import tournament

TEAMS = ("Red", "Blue", "Green", "Yellow")


def _decision_point(seed: int, skip: int = 3) -> GameState:
    """A state of a 4-team game played by sensible bots in which Red weighs a red-field
    decision with several candidates (the ``skip``-th such decision of the game)."""
    config = GameConfig(teams=TEAMS, seed=seed, years=10)
    _, state = GameLog.start(config)
    bots = {name: SensibleBot(i) for i, name in enumerate(TEAMS)}
    probe = StrongBot(0, SMALL_BUDGET)
    while state.phase != "ended":
        actor = to_move(state)
        action = bots[actor].choose(state, actor)
        if actor == "Red" and state.pending and state.pending[0].kind == "red" and len(
                probe.candidates(state, state.teams["Red"], action)) >= 3:
            skip -= 1
            if skip < 0:
                return state
        apply(state, action)
    raise AssertionError("no decision point")


def _decide(state: GameState, seed: int = 7) -> tuple[A.Action, list[float]]:
    bot = StrongBot(seed, SMALL_BUDGET)
    move = bot.choose(state, "Red")
    assert bot.last is not None, "the bot did not look ahead"
    return move, bot.last.means


def _hidden_cash(state: GameState, team: str, change: int) -> None:
    """Another team's cash and debt differ, its books with them (a consistent state)."""
    other = state.teams[team]
    other.cash += change
    other.bank_debt += change
    state.ledger.post(state.seq, "cash", BANK, team, change, "test")
    state.ledger.post(state.seq, "bank_debt", BANK, team, change, "test")


def test_two_states_that_differ_only_in_hidden_things_give_the_same_decision() -> None:
    """What a team cannot see (views.py): the future dice (the game's generator), the order
    of the risk deck, the other teams' cash and bank debt, a deal between two other teams.
    The decision - and every number the look-ahead compared - is the same."""
    state = _decision_point(seed=21)
    move, means = _decide(state)
    hidden = state.clone()
    hidden.rng.state ^= 0x5DEECE66D  # other dice ahead
    hidden.deck.reverse()  # the risk cards in another order
    _hidden_cash(hidden, "Blue", 12_345)
    _hidden_cash(hidden, "Green", -3_000)
    hidden.deals[999] = Deal(999, "Blue", "Green", {"cash": 5_000}, {"raw": 2}, "secret")
    assert hidden.rng.state != state.rng.state and hidden.deck != state.deck
    assert _decide(hidden) == (move, means)


def test_a_state_that_differs_in_what_the_team_sees_is_weighed_differently() -> None:
    """The check above can fail: the same change made to Red's own cash (which Red sees)
    changes the numbers the look-ahead compares."""
    state = _decision_point(seed=21)
    _, means = _decide(state)
    seen = state.clone()
    _hidden_cash(seen, "Red", 6_000)
    assert _decide(seen)[1] != means


def test_determinizing_replaces_what_the_team_cannot_see() -> None:
    """A determinized copy holds Red's guess, not the game's secrets: other teams' cash and
    debt as Red's own (their books along), no deal between others, a reshuffled deck and a
    re-seeded generator; the original is untouched."""
    state = _decision_point(seed=5)
    state.deals[999] = Deal(999, "Blue", "Green", {"cash": 5_000}, {}, "secret")
    before = (state.rng.state, list(state.deck), state.teams["Blue"].cash)
    world = determinize(state, "Red", seed=1)
    red = world.teams["Red"]
    for name in ("Blue", "Green", "Yellow"):
        other = world.teams[name]
        if not other.bankrupt:
            assert (other.cash, other.bank_debt) == (red.cash, red.bank_debt)
            assert world.ledger.balance("cash", name) == other.cash
    assert 999 not in world.deals and sorted(world.deck) == sorted(state.deck)
    assert world.rng.state != state.rng.state
    assert (state.rng.state, state.deck, state.teams["Blue"].cash) == before
    assert 999 in state.deals


def test_the_same_seed_gives_the_same_game_and_another_seed_other_futures() -> None:
    state = _decision_point(seed=33)
    assert _decide(state, seed=4) == _decide(state, seed=4)
    assert _decide(state, seed=4)[1] != _decide(state, seed=5)[1]


def test_the_sensible_move_stands_unless_another_is_clearly_better() -> None:
    """A short look-ahead overrules the careful rule only for a gain beyond its noise."""
    budget = Budget(least_gain=500, confidence=2.0)
    assert pick_best([[0, 0, 0], [100, 200, 300]], budget) == 0  # too small
    assert pick_best([[0, 0, 0], [5_000, -4_000, 3_000]], budget) == 0  # too noisy
    assert pick_best([[0, 0, 0], [2_000, 2_100, 1_900], [900, 1_000, 1_100]], budget) == 1


def _play(steps: frozenset[int], seed: int, years: int) -> tuple[int, set[str]]:
    """A game with strong bots in two seats: each of their moves is one of the engine's
    legal moves (checked before it is applied); returns the strong moves and the look-ahead
    reasons' codes."""
    config = GameConfig(teams=TEAMS, seed=seed, years=years, steps=steps)
    _, state = GameLog.start(config)
    strong = {"Red": StrongBot(seed, SMALL_BUDGET), "Green": StrongBot(seed + 1, SMALL_BUDGET)}
    others = {name: BOTS["sensible"](i) for i, name in enumerate(TEAMS)}
    random = BOTS["random"](seed)
    moves, codes = 0, set()
    while state.phase != "ended":
        assert state.seq < 20_000
        actor = to_move(state)
        if actor in strong:
            action, reason = strong[actor].explain(state, actor)
            assert action in legal_actions(state, actor), action
            assert tuple(reason.params) == REASON_CODES[reason.code]
            codes.add(reason.code)
            moves += 1
        else:
            action = (others.get(actor) or random).choose(state, actor)
        apply(state, action)
    return moves, codes


@pytest.mark.parametrize("steps", [frozenset(), *(frozenset({s}) for s in range(1, 7)),
                                   frozenset(range(1, 7))],
                         ids=lambda s: "+".join(map(str, sorted(s))) or "base")
#: Not 41: under the literal collateral reading its base game loses the strong Green to a
#: bankruptcy at move 63 (debt at its line, no cash: the machine's price repays the bank), and
#: 78 strong moves are too few for the check to say much.
@pytest.mark.parametrize("seed", [40, 42])
def test_every_move_is_legal_in_the_base_model_and_with_every_step(
        steps: frozenset[int], seed: int) -> None:
    moves, codes = _play(steps, seed=seed + len(steps) + sum(steps), years=3)
    assert moves > 80
    assert codes <= set(REASON_CODES)


def test_the_look_ahead_explains_the_moves_it_changes() -> None:
    """Where the look-ahead plays another move than the sensible bot, the reason says so
    with the futures it played and the gain it saw."""
    _, codes = _play(frozenset(), seed=3, years=4)
    assert "lookahead" in codes


def test_explaining_does_not_change_the_move() -> None:
    state = _decision_point(seed=21)
    explained, _ = StrongBot(7, SMALL_BUDGET).explain(state, "Red")
    assert explained == _decide(state)[0]


def test_strong_is_a_level_of_the_tournament() -> None:
    """A tiny smoke run: ``tournament --bots strong,sensible``."""
    records = tournament(["strong", "sensible"], games=1, teams=2, seed=1, years=1)
    assert records["strong"].teams == records["sensible"].teams == 1
    assert sum(r.wins for r in records.values()) == 1
