"""Issue 12: the sensible bot explains its moves (rulebook, "Explanations: Red Decision Field"
and after — the judgement it restates). A reason is a code and params, no words; the site's
catalogue tells every code in English and German."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from classroom.texts.bot_reasons import CATALOGUE, reason_text
from playboss.rules import actions as A
from playboss.rules import apply
from playboss.rules.bots import BOTS, REASON_CODES, Reason, SensibleBot
from playboss.rules.bots import reasons as reasons_module
from playboss.rules.config import GameConfig
from playboss.rules.gamelog import GameLog
from playboss.rules.legal import to_move

REASONS_SOURCE = Path(reasons_module.__file__).read_text()


def _explained_game(seed: int, steps: frozenset[int] = frozenset()) -> list[tuple[A.Action,
                                                                               Reason]]:
    """A whole game of sensible bots; each move explained by a second bot with the same seed,
    whose move must be the one the playing bot chose."""
    config = GameConfig(teams=("A", "B", "C"), seed=seed, years=3, steps=steps)
    _, state = GameLog.start(config)
    players = {n: SensibleBot(seed * 10 + i) for i, n in enumerate(config.teams)}
    explainers = {n: SensibleBot(seed * 10 + i) for i, n in enumerate(config.teams)}
    others = BOTS["random"](seed)
    seen: list[tuple[A.Action, Reason]] = []
    while state.phase != "ended" and state.seq < 5_000:
        actor = to_move(state)
        if actor in players:
            explained, reason = explainers[actor].explain(state, actor)
            action = players[actor].choose(state, actor)
            assert explained == action, "explaining must not change the move"
            seen.append((action, reason))
        else:
            action = others.choose(state, actor)
        apply(state, action)
    return seen


@pytest.mark.parametrize("seed", [3, 11])
def test_every_move_of_a_game_has_a_known_reason_with_its_params(seed: int) -> None:
    seen = _explained_game(seed)
    assert len(seen) > 100
    for _, reason in seen:
        assert reason.code in REASON_CODES
        assert tuple(reason.params) == REASON_CODES[reason.code], reason
    codes = {r.code for _, r in seen}
    assert {"roll", "first_machine", "produce", "buy_raw"} <= codes


def test_the_reason_for_buying_raw_material_names_machines_and_productions() -> None:
    """'Explanations: Red Decision Field': purchase in batches for a few productions."""
    for action, reason in _explained_game(5):
        if isinstance(action, A.Purchase):
            assert reason.code == "buy_raw"
            assert reason.params["units"] == action.units
            assert reason.params["machines"] >= 1
            assert reason.params["productions"] >= 1
            return
    pytest.fail("no purchase in the game")


def test_with_expansion_steps_reasons_stay_in_the_catalogue() -> None:
    for _, reason in _explained_game(7, frozenset({1, 2})):
        assert reason.code in REASON_CODES


def test_every_code_the_bot_can_give_is_listed() -> None:
    used = set(re.findall(r'Reason\("([a-z_]+)"', REASONS_SOURCE))
    used |= set(re.findall(r'"([a-z_]+)" if .+ else "([a-z_]+)"', REASONS_SOURCE)[0])
    assert used <= set(REASON_CODES)


@pytest.mark.parametrize("code", sorted(REASON_CODES))
def test_every_reason_code_has_an_english_and_a_german_text(code: str) -> None:
    assert code in CATALOGUE
    params = {name: 1234 for name in REASON_CODES[code]}
    english = reason_text(Reason(code, params), "en")
    german = reason_text(Reason(code, params), "de")
    assert english != str(CATALOGUE["other"]) or code == "other"
    assert german != english, f"{code} has no German text"
    for name in REASON_CODES[code]:  # each param shown, grouped as the language groups
        assert "1,234" in english or "1234" in english, name
        assert "1.234" in german or "1234" in german, name


def test_a_reason_with_unfit_params_gives_the_catch_all_line() -> None:
    with translation.override("en"):
        assert reason_text(Reason("buy_raw", {})) == str(CATALOGUE["other"])
        assert reason_text(Reason("no_such_code", {})) == str(CATALOGUE["other"])
