"""The screen's "why is this missing" is the engine's refusal (issue 19, point 2).

Over bot games of the base model, each expansion step alone and all six (the sensible, the
greedy and the random bot in turn), at every moment of the team whose turn it is: each line
``why_lines`` draws is "<move>: <refusal>", the refusal being the one ``apply`` raises for the
nearest instance of that move, told by the refusal catalogue — in English and in German; and
every move the legal choices leave out has its line.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.utils import translation

from classroom.texts.refusals import translate_refusal
from classroom.why import MOVES, why_lines
from playboss.rules import (
    GameConfig,
    GameState,
    RuleViolation,
    apply,
    legal_choices,
    nearest_moves,
    new_game,
)
from playboss.rules.bots import BOTS
from playboss.rules.legal import to_move
from playboss.rules.why import listed_moves, move_name

STEP_SETS = [frozenset(), *(frozenset({n}) for n in range(1, 7)), frozenset(range(1, 7))]
BOT_NAMES = ("sensible", "greedy", "random")
TEAMS = ("Red", "Blue", "Green")


def _team_moments(steps: frozenset[int], bot: str, seed: int) -> Iterator[GameState]:
    """The moments of a bot game where the team whose turn it is decides on its field."""
    state = new_game(GameConfig(teams=TEAMS, seed=seed, years=2, steps=steps))
    bots = {name: BOTS[bot](seed * 1_000 + i) for i, name in enumerate(TEAMS)}
    while state.phase != "ended" and state.seq < 200:
        actor = to_move(state)
        if actor == state.current and state.pending:
            yield state
        if actor not in bots:
            bots[actor] = BOTS["random"](seed * 1_000 + 999)
        apply(state, bots[actor].choose(state, actor))


def _engine_lines(state: GameState, team: str) -> list[str]:
    """What the screen must say: each missing move's name and ``apply``'s refusal of it."""
    listed = listed_moves(legal_choices(state, team))
    out = []
    for action in nearest_moves(state, team):
        if move_name(action) in listed:
            continue
        try:
            apply(state, action)
        except RuleViolation as refusal:
            out.append(f"{MOVES[move_name(action)]}: {translate_refusal(refusal)}")
        else:
            raise AssertionError(f"{action} is not listed, yet the engine accepted it")
    return out


def test_the_screens_reasons_are_the_engines_refusals() -> None:
    """Rulebook I, "Decision: Purchasing" to "The White Write-off Field"; II, every step."""
    lines = 0
    for i, steps in enumerate(STEP_SETS):
        bot = BOT_NAMES[i % len(BOT_NAMES)]
        for state in _team_moments(steps, bot, seed=40 + i):
            team = state.teams[state.current]
            for language in ("en", "de"):
                with translation.override(language):
                    shown = why_lines(state, team, legal_choices(state, team.name))
                    assert shown == _engine_lines(state, team.name), (
                        f"steps {sorted(steps)}, {bot}, move {state.seq}, {language}")
                    lines += len(shown)
    assert lines > 500, lines


def test_a_german_page_tells_the_reason_in_german() -> None:
    """A line of every missing move differs from the English one on a German page (its move's
    name and the catalogue's sentence), apart from names and numbers."""
    seen = 0
    for state in _team_moments(frozenset(range(1, 7)), "greedy", seed=7):
        team = state.teams[state.current]
        choices = legal_choices(state, team.name)
        with translation.override("en"):
            english = why_lines(state, team, choices)
        with translation.override("de"):
            german = why_lines(state, team, choices)
        for en, de in zip(english, german, strict=True):
            assert en.split(": ")[0] != de.split(": ")[0], (en, de)  # the move's name
            assert en.split(": ", 1)[1] != de.split(": ", 1)[1], (en, de)  # the reason
            seen += 1
    assert seen > 50
