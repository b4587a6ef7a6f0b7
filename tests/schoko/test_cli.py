"""The command line's own rules: tournament wins shared on a tie, a broken invariant during
``replay`` as a clear message and exit code, and a text line for every event the engine
emits (docs/schoko/game-log.md, "The command line")."""

from __future__ import annotations

import ast
import json
import string
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from playboss.schoko import cli, invariants
from playboss.schoko.config import GameConfig
from playboss.schoko.gamelog import GameLog, InvariantBroken, replay
from playboss.schoko.render import TEMPLATES, render
from playboss.schoko.simulate import play_game
from playboss.schoko.state import GameState

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "schoko" / "example-log.json"


# ------------------------------------------------------------- tournament: shared wins
def _rows(*worths: int) -> list[dict[str, Any]]:
    """Final results as the game end ranks them: equal worth shares a rank."""
    teams = ("Red", "Green", "Blue", "Yellow")
    rows: list[dict[str, Any]] = sorted(
        ({"team": t, "worth": w} for t, w in zip(teams, worths, strict=False)),
        key=lambda r: int(r["worth"]), reverse=True)
    for place, row in enumerate(rows, start=1):
        row["rank"] = next(i for i, r in enumerate(rows, start=1)
                           if r["worth"] == row["worth"]) if place > 1 else 1
    return rows


def test_game_end_a_tie_of_two_gives_each_bot_half_a_win() -> None:
    wins: dict[str, Fraction] = {}
    shared: dict[str, int] = {}
    by_team = {"Red": "careful", "Green": "random", "Blue": "careful", "Yellow": "random"}
    cli.share_wins(_rows(300_000, 300_000, 200_000, 100_000), by_team, wins, shared)
    assert wins == {"careful": Fraction(1, 2), "random": Fraction(1, 2)}
    assert shared == {"careful": 1, "random": 1}
    cli.share_wins(_rows(300_000, 200_000, 200_000, 100_000), by_team, wins, shared)
    assert wins == {"careful": Fraction(3, 2), "random": Fraction(1, 2)}
    assert shared == {"careful": 1, "random": 1}  # a lone winner is no shared win


def test_game_end_a_tie_of_three_between_one_bots_teams_is_one_whole_win() -> None:
    wins: dict[str, Fraction] = {}
    shared: dict[str, int] = {}
    by_team = {"Red": "careful", "Green": "careful", "Blue": "random"}
    cli.share_wins(_rows(10, 10, 10), by_team, wins, shared)
    assert wins == {"careful": Fraction(2, 3), "random": Fraction(1, 3)}
    assert sum(wins.values()) == 1


def test_tournament_prints_shared_wins_not_the_first_listed_team(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def tied_game(config: GameConfig, seats: list[str]) -> tuple[None, GameState]:
        state = GameState.__new__(GameState)
        state.results = _rows(*([config.capital] * len(config.teams)))
        return None, state

    monkeypatch.setattr(cli, "play_game", tied_game)
    assert cli.main(["tournament", "--teams", "2", "--games", "3",
                     "--bots", "careful,random"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["wins"] == {"careful": 1.5, "random": 1.5}
    assert out["shared_wins"] == {"careful": 3, "random": 3}


# ------------------------------------------------------------- replay: broken invariant
def test_replay_a_broken_invariant_is_exit_3_with_the_index_and_what_broke(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # the real check against a table that "should" hold 113 bars: the first action breaks it
    monkeypatch.setattr(invariants, "_BARS", 113)
    assert cli.main(["replay", str(EXAMPLE)]) == 3
    captured = capsys.readouterr()
    assert json.loads(captured.out) == {"error": "invariant_broken", "index": 1,
                                        "message": "bars: 114 != 113"}
    assert "Traceback" not in captured.err


def test_replay_names_the_first_action_after_which_an_invariant_broke() -> None:
    log = GameLog.load(str(EXAMPLE))
    calls = []

    def breaks_at_third(state: GameState) -> None:
        calls.append(state.seq)
        if len(calls) == 3:
            raise AssertionError("made up")

    with pytest.raises(InvariantBroken) as broken:
        replay(log, check=breaks_at_third)
    assert (broken.value.index, broken.value.message) == (3, "made up")


# ------------------------------------------------------------- a line for every event
def _emitted() -> dict[str, set[str]]:
    """Every ``turn.emit("code", audience, **params)`` in the engine's source: the code and
    the parameter names it passes."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "playboss" / "schoko").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "emit" and node.args):
                code = node.args[0]
                assert isinstance(code, ast.Constant) and isinstance(code.value, str), \
                    f"{path.name}: emit with a computed code"
                found.setdefault(code.value, set()).update(
                    k.arg for k in node.keywords if k.arg is not None)
    return found


def test_render_has_a_template_for_every_event_the_engine_emits() -> None:
    emitted = _emitted()
    assert len(emitted) > 50  # the scan found the engine's calls
    assert sorted(set(emitted) - set(TEMPLATES)) == []
    assert sorted(set(TEMPLATES) - set(emitted)) == []  # none for an event that is gone


def test_render_templates_use_only_the_parameters_their_event_has() -> None:
    for code, params in _emitted().items():
        fields = {name for _, name, _, _ in string.Formatter().parse(TEMPLATES[code]) if name}
        assert fields <= params, (code, fields - params)


def test_render_a_played_game_formats_every_event_with_its_template() -> None:
    config = GameConfig(teams=("Red", "Green", "Blue", "Yellow"), months=6, seed=3,
                        bank_chooses_steps=False)
    log, _ = play_game(config, ["careful", "random"] * 2)
    events: list[dict[str, Any]] = []
    replay(log, on_event=lambda _i, e: events.append(e))
    assert len({e["type"] for e in events}) > 25
    for e in events:  # the fallback is "code k=v, ..."; a template's line never starts so
        line = render(e)
        assert not line.startswith(e["type"] + " ") and line != e["type"], line
