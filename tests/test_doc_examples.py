"""The hand-written game logs in docs/examples replay to the figures worked out by hand.

Each ``docs/examples/NAME.json`` has a sibling ``NAME.expected.json`` holding the exit code of
``python -m playboss.rules replay``, for a refused action the message on stderr, and under
``state`` the key figures calculated by hand from the rulebook. Every key given there must match
what replay prints (a subset: keys left out are not checked; lists must match in full).
docs/game-log.md documents the format; these tests also keep it naming every action type and
every config field.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from playboss.rules import actions
from playboss.rules.config import GameConfig

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"
LOGS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))


def _expected_path(log: Path) -> Path:
    return log.with_name(log.stem + ".expected.json")


def _expected(log: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_expected_path(log).read_text("utf-8"))
    return data


#: The examples that end with an action the engine must refuse.
REFUSED = [p for p in LOGS if _expected_path(p).exists() and _expected(p)["exit_code"] == 1]


def _replay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "playboss.rules", "replay", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )


def _mismatches(expected: Any, actual: Any, path: str = "state") -> list[str]:
    """Where ``actual`` differs from ``expected`` (dicts: only the expected keys)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        out: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{path}.{key}: missing")
            else:
                out.extend(_mismatches(value, actual[key], f"{path}.{key}"))
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path}: expected {expected!r}, got {actual!r}"]
        out = []
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            out.extend(_mismatches(e, a, f"{path}[{i}]"))
        return out
    if expected != actual or type(expected) is not type(actual):
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    return []


def test_there_are_examples_and_each_has_its_expected_figures() -> None:
    assert len(LOGS) >= 2
    assert REFUSED, "one example ends with an action the engine refuses"
    for log in LOGS:
        assert _expected_path(log).exists(), f"{log.name} has no {_expected_path(log).name}"
    for expected in EXAMPLES.glob("*.expected.json"):
        log = expected.with_name(expected.name.removesuffix(".expected.json") + ".json")
        assert log.exists(), f"{expected.name} has no log {log.name}"


@pytest.mark.parametrize("log", LOGS, ids=[p.stem for p in LOGS])
def test_example_replays_to_the_hand_calculated_figures(log: Path) -> None:
    expected = _expected(log)
    result = _replay(str(log), "--check")
    assert result.returncode == expected["exit_code"], result.stderr
    if "stderr" in expected:
        assert expected["stderr"] in result.stderr
    state = json.loads(result.stdout)
    problems = _mismatches(expected["state"], state)
    assert not problems, f"{log.name} disagrees with its hand calculation:\n" + "\n".join(
        problems
    )


@pytest.mark.parametrize("log", REFUSED, ids=[p.stem for p in REFUSED])
def test_a_refused_action_prints_the_state_just_before_it(log: Path) -> None:
    failed = _replay(str(log))
    before = int(failed.stderr.split("error: action ")[1].split()[0]) - 1
    up_to = _replay(str(log), "--at", str(before))
    assert up_to.returncode == 0, up_to.stderr
    assert json.loads(failed.stdout) == json.loads(up_to.stdout)


def test_an_unreadable_log_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", "utf-8")
    result = _replay(str(bad))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert _replay(str(tmp_path / "missing.json")).returncode == 2


def test_game_log_doc_names_every_action_type_and_config_field() -> None:
    text = (DOCS / "game-log.md").read_text("utf-8")
    # The base model's action types (expansion steps document theirs with their modules).
    types = [
        cls.type for cls in vars(actions).values()
        if isinstance(cls, type) and issubclass(cls, actions.Action) and cls.type
        and cls.__module__ == actions.__name__
    ]
    missing = [t for t in types if f"`{t}`" not in text]
    assert not missing, f"docs/game-log.md does not document action type(s) {missing}"
    # Config fields: here, or (for an expansion step's settings) in that step's own doc.
    step_docs = (DOCS / "rules.md").read_text("utf-8")
    fields = [f.name for f in dataclasses.fields(GameConfig)]
    missing = [f for f in fields if f"`{f}`" not in text + step_docs]
    assert not missing, (
        f"config field(s) {missing} documented neither in docs/game-log.md nor docs/rules.md"
    )


def test_the_risk_deck_table_names_every_card_as_the_deck_does() -> None:
    """Rulebook I, "The Blue Risk Field": a scenario names a card by its id; the table in
    game-log.md gives each id's title, insurance and effect exactly as risk_deck.json."""
    from playboss.rules.risk import standard_deck

    text = (DOCS / "game-log.md").read_text("utf-8")
    table = text[text.index("## The risk deck"):text.index("## Chance: recorded outcomes")]
    rows = {int(line.split("|")[1]): [c.strip() for c in line.split("|")[1:-1]]
            for line in table.splitlines() if line.startswith("| ") and line[2].isdigit()}
    deck = list(standard_deck().values())
    assert sorted(rows) == sorted(card.id for card in deck) and len(rows) == 30
    for card in deck:
        _, title, insured, effect = rows[card.id]
        assert title == card.title and insured == ("yes" if card.insured else "no"), card.id
        assert f"(`{card.effect}`, {card.amount})" in effect, card.id
