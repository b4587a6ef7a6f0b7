"""Issue 12: hints in the expansion steps. The sensible bot's reason for a step move names the
move and its numbers (rulebook part II: "2. Step: Competition during Purchasing", "6. Step:
Labor Market"), not the generic "step_move", and the site tells it in English and German."""

from __future__ import annotations

from collections import defaultdict

import pytest

from classroom.texts.bot_reasons import CATALOGUE, reason_text
from playboss.rules import actions as A
from playboss.rules import apply
from playboss.rules.bots import BOTS, REASON_CODES, Reason, SensibleBot
from playboss.rules.config import GameConfig
from playboss.rules.gamelog import GameLog
from playboss.rules.legal import to_move

#: The step moves the sensible bot makes, and the codes its reason may have.
STEP_REASONS = {
    "auction_pass": {"auction_pass_no_machine", "auction_pass_stock", "auction_pass_price",
                     "auction_pass_cash"},
    "offer_hire": {"hire", "hire_before_machine"},
    "accept_hire": {"accept_hire"},
    "give_notice": {"give_notice"},
}


def _step_moves(seed: int) -> dict[str, list[tuple[A.Action, Reason]]]:
    """A three-year game of sensible bots with steps 1, 2 and 6 on; each team move explained.
    (Without step 1 the sensible bot may offer units step 6 does not let it sell yet: seed 1,
    move 152, a refusal ``fresh_finished``.)"""
    config = GameConfig(teams=("A", "B", "C", "D"), seed=seed, years=3, steps=frozenset({1, 2, 6}))
    _, state = GameLog.start(config)
    others = BOTS["greedy"](seed)
    seen: dict[str, list[tuple[A.Action, Reason]]] = defaultdict(list)
    while state.phase != "ended" and state.seq < 6_000:
        actor = to_move(state)
        if actor in state.teams:
            action, reason = SensibleBot(seed * 1_000 + state.seq).explain(state, actor)
            seen[action.type].append((action, reason))
        else:  # the bank and the worker representative
            action = others.choose(state, actor)
        apply(state, action)
    return seen


@pytest.fixture(scope="module")
def step_moves() -> dict[str, list[tuple[A.Action, Reason]]]:
    moves: dict[str, list[tuple[A.Action, Reason]]] = defaultdict(list)
    for seed in (1, 2):
        for kind, explained in _step_moves(seed).items():
            moves[kind].extend(explained)
    return moves


def test_an_auction_pass_says_why_with_its_numbers(
        step_moves: dict[str, list[tuple[A.Action, Reason]]]) -> None:
    """Rulebook "2. Step: Competition during Purchasing": staying out of an auction is
    explained by the test that made the bot pass (no machine, stock, price or cash)."""
    passes = step_moves["auction_pass"]
    assert passes, "no auction pass in the games"
    for _, reason in passes:
        assert reason.code in STEP_REASONS["auction_pass"], reason
        assert tuple(reason.params) == REASON_CODES[reason.code]
    stock = [r for _, r in passes if r.code == "auction_pass_stock"]
    for reason in stock:
        assert reason.params["productions"] >= SensibleBot.style.batch_productions


def test_hiring_and_notice_name_workers_salary_and_machines(
        step_moves: dict[str, list[tuple[A.Action, Reason]]]) -> None:
    """Rulebook "6. Step: Labor Market" (Hiring, Termination): the reason names the workers
    of the move, the salary offered and the machines they are for."""
    hires = step_moves["offer_hire"]
    notices = step_moves["give_notice"]
    assert hires and notices, "no hiring or notice in the games"
    for action, reason in hires:
        assert reason.code in STEP_REASONS["offer_hire"], reason
        assert reason.params["workers"] == action.workers  # type: ignore[attr-defined]
        assert reason.params["salary"] == action.salary  # type: ignore[attr-defined]
    for action, reason in notices:
        assert reason.code == "give_notice"
        assert reason.params["workers"] == action.workers  # type: ignore[attr-defined]
        assert reason.params["staying"] > reason.params["machines"]  # more workers than work


def test_no_step_move_the_bot_makes_falls_back_to_the_generic_line(
        step_moves: dict[str, list[tuple[A.Action, Reason]]]) -> None:
    """Rulebook "6. Step: Labor Market": every step move of these games has its own line."""
    generic = {kind for kind, explained in step_moves.items()
               for _, reason in explained if reason.code in ("step_move", "other")}
    assert not generic, f"moves still explained generically: {sorted(generic)}"


@pytest.mark.parametrize("code", sorted(set().union(*STEP_REASONS.values())))
def test_step_reasons_are_worded_in_english_and_german(code: str) -> None:
    """Rulebook "6. Step: Labor Market": each new code has its line in both languages, with
    its amounts grouped as the language groups them."""
    params = {name: 1500 for name in REASON_CODES[code]}
    english = reason_text(Reason(code, params), "en")
    german = reason_text(Reason(code, params), "de")
    assert code in CATALOGUE and english != str(CATALOGUE["other"])
    assert german != english
    if {"salary", "price", "reserve"} & set(params):
        assert "1,500" in english and "1.500" in german
