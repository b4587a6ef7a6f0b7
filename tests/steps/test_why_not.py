"""Why a move is missing (issue 19, point 2): the engine's own refusal of the nearest instance
of each move the legal choices leave out, read without changing anything.

The property: over bot games with every set of steps (the sensible, the greedy and the random
bot in turn), at every moment, for each move the rules know then (``nearest_moves``) that the
legal choices do not list, ``apply`` refuses it, and with the very refusal ``why_not`` gives
(code, params, message, rulebook section); a move the legal choices leave out that ``apply``
would accept fails the test (the checks and the choices disagree), and so does a move
``why_not`` leaves out although ``apply`` refuses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from playboss.rules import (
    RuleViolation,
    apply,
    legal_choices,
    nearest_moves,
    new_game,
    why_not,
)
from playboss.rules import actions as A
from playboss.rules.bots import BOTS
from playboss.rules.config import GameConfig
from playboss.rules.legal import to_move
from playboss.rules.state import GameState
from playboss.rules.why import listed_moves, move_name

from .test_labor import _snapshot as snapshot
from .test_labor import g6, hire, idle, play, refused, stock

EVERY_SET_OF_STEPS = [frozenset(s) for n in range(7) for s in combinations(range(1, 7), n)]
BOT_NAMES = ("sensible", "greedy", "random")
TEAMS = ("Red", "Blue", "Green")
#: Moves per game: a year and a half of three teams, enough for every field and the steps'
#: pending items, and the 64 games stay well under a minute.
MOVES_PER_GAME = 260


def _positions(steps: frozenset[int], bot: str, seed: int) -> Iterator[tuple[GameState, str]]:
    """Each moment of a bot game, with the team (or other actor) the game waits on."""
    state = new_game(GameConfig(teams=TEAMS, seed=seed, years=2, steps=steps))
    bots = {name: BOTS[bot](seed * 1_000 + i) for i, name in enumerate(TEAMS)}
    while state.phase != "ended" and state.seq < MOVES_PER_GAME:
        actor = to_move(state)
        yield state, actor
        if actor not in bots:
            bots[actor] = BOTS["random"](seed * 1_000 + 999)
        apply(state, bots[actor].choose(state, actor))


def _same(refusal: RuleViolation, other: RuleViolation) -> bool:
    return (refusal.code, refusal.params, refusal.message, refusal.rule) == (
        other.code, other.params, other.message, other.rule)


def test_every_missing_move_is_refused_by_the_engine_with_its_reason() -> None:
    """Rulebook I, "Decision: Purchasing" to "The White Write-off Field", "Lines of Credit",
    "Repurchase Value", "Efficiency Improvements (3 WEBs)", "Advertising Campaigns (2 WEBs)",
    "Computer Leasing (2 WEBs)"; II, steps 1, 2 and 6 (the offer, the auction's bid, production):
    ``why_not``'s refusal of each missing move is the one ``apply`` raises for it."""
    asked = refusals = 0
    codes: set[str] = set()
    for i, steps in enumerate(EVERY_SET_OF_STEPS):
        bot = BOT_NAMES[i % len(BOT_NAMES)]
        for state, actor in _positions(steps, bot, seed=i + 1):
            if actor not in state.teams:
                continue
            choices = legal_choices(state, actor)
            given = {move_name(m.action): m for m in why_not(state, actor, choices, True)}
            listed = listed_moves(choices)
            for action in nearest_moves(state, actor, any_time=True):
                name = move_name(action)
                if name in listed:
                    continue
                asked += 1
                seq, entries = state.seq, len(state.ledger)
                try:
                    apply(state, action)
                except RuleViolation as refusal:
                    assert (state.seq, len(state.ledger)) == (seq, entries)
                    where = f"steps {sorted(steps)}, {bot}, move {seq}: {action}"
                    assert name in given, f"{where}: refused ({refusal.code}) but not said"
                    assert _same(given[name].refusal, refusal), (
                        f"{where}: says {given[name].refusal.code}, apply {refusal.code}")
                    refusals += 1
                    codes.add(refusal.code)
                else:
                    raise AssertionError(f"steps {sorted(steps)}, {bot}: {action} is not "
                                         "listed, yet the engine accepted it")
    assert refusals == asked
    # The games reach the fields and the steps' items the property is about.
    assert refusals > 10_000, refusals
    assert {"cash_for_units", "cash_for_machine", "cash_for_machine_on_credit", "market_holds",
            "no_finished_for_half_price", "cannot_produce_on_cost_field", "no_web_chip",
            "cash_for_web_chip", "no_double_machine", "credit_limit", "repay_more_than_debt",
            "not_enough_raw", "production_capacity_delivering", "all_finished_fresh",
            "fresh_finished", "usable_raw", "staffed_capacity", "cash_for_auction_bid",
            "cannot_produce_on_cost_field_staffed", "web_for_efficiency", "web_for_advertising",
            "web_for_lease", "computer_already", "cash_for_computer_on_credit",
            "no_computer_to_sell"} <= codes, sorted(codes)


def test_why_not_changes_nothing() -> None:
    """The refusals are read, never applied: every field of the state, the ledger, the random
    generator, the pending items are as they were (all six steps, a few hundred moments)."""
    looked = 0
    for state, actor in _positions(frozenset(range(1, 7)), "sensible", seed=5):
        if actor in state.teams and state.seq % 3 == 0:
            before = snapshot(state)
            missing = why_not(state, actor, any_time=True)
            assert snapshot(state) == before
            looked += bool(missing)
    assert looked > 20


def test_the_yellow_fields_half_price_sale_of_fresh_goods_names_step_6() -> None:
    """II, "6. Step", "Production": product finished since the team last landed on a red field
    is sold from its next red field on, at half price on the yellow field too. With 1 finished
    unit, fresh, the reason is step 6's rule, not "you have no finished product" (issue 19:
    the screen said so while the factory showed the unit)."""
    state = g6()
    stock(state, "Red", raw=2, machines=1)
    hire(state, "Red", 1)
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=1), A.Pass("Red"))
    idle(state, "Blue")
    play(state, A.Roll("Red", die=3))  # field 6: yellow
    assert state.pending[0].kind == "yellow" and state.teams["Red"].finished == 1
    assert "cost:sell_half" not in listed_moves(legal_choices(state, "Red"))
    missing = {move_name(m.action): m.refusal for m in why_not(state, "Red")}
    reason = missing["cost:sell_half"]
    assert reason.code == "all_finished_fresh"
    assert reason.rule.startswith("6. Step")
    engine = refused(state, A.CostChoice("Red", option="sell_half"), "next red field")
    assert _same(engine, reason)
