"""A move's quote is what ``apply`` does (issue 19, "Quotes from the engine").

``quote(state, action)`` runs the move's handler on a cheap copy; ``apply`` runs the same
handler and then the turn's automatic steps (``turn_flow.advance``). So over bot games of
every set of steps, for every listed choice and value (sampled: a few values of each choice
at every few actions), the quote's ledger entries open what ``apply`` books for that action,
and the actor's cash, bank debt and goods after ``apply`` are the quote's plus what the
automatic steps booked after them; where the steps booked nothing for the actor, the
actor's journal entries of the action are the quote's. A quote never changes the state it
was asked of, and refuses a move exactly as ``apply`` does.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from playboss.rules import (
    GameConfig,
    Quote,
    RuleViolation,
    apply,
    legal_choices,
    new_game,
    quote,
)
from playboss.rules import actions as A
from playboss.rules.bots import BOTS, Bot
from playboss.rules.journal import team_journal
from playboss.rules.ledger import Entry
from playboss.rules.legal import to_move
from playboss.rules.quote import LINEAR, quote_values, rule_values
from playboss.rules.snapshot import state_to_dict
from playboss.rules.state import GameState

#: All 64 sets of the six steps, one short game each, the bots taking turns by set.
STEP_SETS = [frozenset(c) for n in range(7) for c in combinations(range(1, 7), n)]
BOT_NAMES = ("sensible", "greedy", "random")
#: Ledger kinds of the actor checked after the automatic steps.
KINDS = {"cash": "cash", "bank_debt": "bank_debt", "raw": "raw", "finished": "finished",
         "computer": "computers_owned", "web": "web"}
EVERY = 5  # check every fifth state of a game (160 actions a game)
VALUES = 3  # the first, a middle and the last value of each choice


def _sample(values: list[object]) -> list[object]:
    if len(values) <= VALUES:
        return values
    return [values[0], values[len(values) // 2], values[-1]]


def _net(entries: list[Entry], kind: str, party: str) -> int:
    return sum((e.qty if e.target == party else -e.qty) for e in entries
               if e.kind == kind and party in (e.source, e.target))


def _check_against_apply(state: GameState, action: A.Action, counts: dict[str, int]) -> None:
    q = quote(state, action)
    copy = state.clone()
    start = len(copy.ledger.entries)
    apply(copy, action)
    booked = copy.ledger.entries[start:]
    assert tuple(booked[:len(q.entries)]) == q.entries, action
    rest = booked[len(q.entries):]
    actor = action.actor
    counts["quotes"] += 1
    if actor not in state.teams or actor not in copy.teams:
        return
    before, after = state.teams[actor], copy.teams[actor]
    quoted = {"cash": q.cash - before.cash, "bank_debt": q.bank_debt - before.bank_debt,
              **{kind: q.goods.get(kind if kind != "computer" else "computers", 0)
                 for kind in ("raw", "finished", "computer", "web")}}
    for kind, attr in KINDS.items():
        applied = getattr(after, attr) - getattr(before, attr)
        assert applied == quoted[kind] + _net(rest, kind, actor), (action, kind)
    if not any(actor in (e.source, e.target) for e in rest):
        counts["whole"] += 1
        assert len(after.machines) - len(before.machines) == q.goods.get("machines", 0)
        if counts["whole"] % 5 == 0:  # a journal built afresh costs the whole ledger
            journal = tuple(e for e in team_journal(copy, actor).entries if e.seq == copy.seq)
            assert journal == q.journal, action
            counts["journals"] += 1


@pytest.mark.parametrize("index", range(0, len(STEP_SETS), 4))
def test_every_listed_value_is_quoted_as_apply_does_it(index: int) -> None:
    """Rulebook I, "Now We Can Begin to Play": every part a move of a team, the bank or the
    representative comes from: four step sets a test (all 64 across the tests), each with
    the three bots."""
    counts = {"quotes": 0, "whole": 0, "journals": 0}
    for offset, steps in enumerate(STEP_SETS[index:index + 4]):
        bot = BOT_NAMES[(index + offset) % len(BOT_NAMES)]
        config = GameConfig(teams=("Red", "Blue", "Green"), seed=index + offset, years=1,
                            steps=steps)
        state = new_game(config)
        bots: dict[str, Bot] = {}
        while state.phase != "ended" and state.seq < 160:
            actor = to_move(state)
            if state.seq % EVERY == 0:
                snapshot = state_to_dict(state)
                for who in {actor, *state.teams}:
                    for choice in legal_choices(state, who):
                        values = _sample(list(choice.values)) if choice.param else [None]
                        for v in values:
                            fixed = dict(choice.fixed)
                            if choice.param:
                                fixed[choice.param] = v
                            _check_against_apply(state, choice.cls(who, **fixed), counts)
                assert state_to_dict(state) == snapshot  # quoting changed nothing
            bot_ = bots.setdefault(actor, BOTS[bot if actor in state.teams else "random"](
                state.seq))
            apply(state, bot_.choose(state, actor))
    assert counts["quotes"] > 100 and counts["whole"] > 50 and counts["journals"] > 5, counts


def test_a_quote_refuses_what_apply_refuses_and_changes_nothing() -> None:
    """Rulebook I, "1. Decision: Purchasing": more units than the market holds is refused, with
    the same code, by both."""
    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered",
                                years=None))
    apply(state, A.Roll("Red", die=2))
    snapshot = state_to_dict(state)
    too_many = A.Purchase("Red", units=sum(state.market) + 1)
    with pytest.raises(RuleViolation) as quoted:
        quote(state, too_many)
    with pytest.raises(RuleViolation) as applied:
        apply(state.clone(), too_many)
    assert quoted.value.code == applied.value.code == "market_holds"
    with pytest.raises(RuleViolation) as wrong_actor:
        quote(state, A.Purchase("Blue", units=1))
    assert wrong_actor.value.code == "not_your_turn"
    assert state_to_dict(state) == snapshot


def test_a_purchase_quote_names_cost_goods_journal_and_the_next_unit() -> None:
    """Rulebook I, "1. Decision: Purchasing": 2 units from the 350 zone cost 700; raw material is
    booked at 150 a unit (journal: Raw materials 300, Raw material bought 400 / Bank 700); the
    next unit costs 350 again."""
    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered",
                                years=None, market_fill=(0, 0, 0, 0, 5, 5, 5, 5)))
    apply(state, A.Roll("Red", die=2))
    quotes = quote_values(state, "Red", next(c for c in legal_choices(state, "Red")
                                             if c.cls is A.Purchase))
    q = quotes[2]
    assert (q.cash_before - q.cash, q.goods, q.bank_debt) == (700, {"raw": 2}, 0)
    (entry,) = q.journal
    assert entry.changes() == {"raw": 300, "pl:raw_material": 400, "bank": -700}
    assert q.note("next_unit_costs") == {"cash": 10_000, "units": 2, "next": 350}
    assert [e["type"] for e in q.events] == ["purchase"]


def test_rule_values_are_the_games_own() -> None:
    """Rulebook I, "Game Materials": the numbers pages write into sentences come from the
    engine: the books' unit values, the longest terms, the most teams; step 1's underbidding
    step only where it is played."""
    base = rule_values(GameConfig(teams=("Red", "Blue")))
    assert base["unit_values"] == {"raw": 150, "finished": 1_500, "machine": 10_000,
                                   "computer": 20_000}
    assert (base["terms_max"], base["max_teams"]) == (200, 9)
    assert "underbid_step" not in base
    full = rule_values(GameConfig(teams=("Red", "Blue"), steps=frozenset({1, 6})))
    assert (full["underbid_step"], full["start_salary"]) == (500, 500)
    # Step 5's personal goal and the bank's correction: the lengths their forms keep to.
    assert "personal_goal_max" not in base and base["correction_reason_max"] == 200
    goals = rule_values(GameConfig(teams=("Red", "Blue"), steps=frozenset({5})))
    assert goals["personal_goal_max"] == 200


def _figures(q: Quote) -> tuple[object, ...]:
    return (q.cash_before, q.cash, q.bank_debt_before, q.bank_debt, q.goods)


@pytest.mark.parametrize("index", range(0, len(STEP_SETS), 8))
def test_a_linear_moves_interpolated_values_are_its_quotes(index: int) -> None:
    """Rulebook I, "Lines of Credit": with "2. Decision: Investment", "3. Decision: Producing"
    and the computer: the moves ``LINEAR`` declares are quoted at three values and the rest drawn on
    their line; every value's figures (cash, bank debt, goods) equal its own quote, which the
    test above checks against ``apply``. Eight step sets a test, every fifth state, every
    listed value."""
    seen = {"lines": 0, "interpolated": 0}
    for offset, steps in enumerate(STEP_SETS[index:index + 8]):
        config = GameConfig(teams=("Red", "Blue", "Green"), seed=100 + index + offset,
                            years=1, steps=steps)
        state = new_game(config)
        bots: dict[str, Bot] = {}
        while state.phase != "ended" and state.seq < 160:
            actor = to_move(state)
            for who in state.teams if state.seq % EVERY == 0 else ():
                for choice in legal_choices(state, who):
                    if choice.cls.type not in LINEAR or not choice.param:
                        continue
                    line = quote_values(state, who, choice)
                    seen["lines"] += 1
                    for value, q in line.items():
                        seen["interpolated"] += q.interpolated
                        fixed = {**choice.fixed, choice.param: value}
                        assert _figures(q) == _figures(quote(state, choice.cls(who, **fixed))), (
                            choice.cls.type, value)
            bot_ = bots.setdefault(actor, BOTS[BOT_NAMES[offset % 3] if actor in state.teams
                                               else "random"](state.seq))
            apply(state, bot_.choose(state, actor))
    assert seen["lines"] > 20 and seen["interpolated"] > 100, seen


def test_linear_names_moves_and_purchase_is_not_one() -> None:
    """Rulebook I, "1. Decision: Purchasing": the price zones make a purchase's cost per unit
    rise, so it is not declared linear; every declared move is one the engine plays."""
    from playboss.rules.rulebook import ACTION_TYPES

    assert LINEAR.issubset(ACTION_TYPES)
    assert not LINEAR & {"purchase", "sell", "offer_sale", "marketing_sale"}
