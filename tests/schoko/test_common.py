"""The shared base of the two games (``playboss.common``): Schoko & Co. loads without the
Playboss engine, and Playboss keeps every name and pickle it had."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import playboss.rules
import playboss.rules.chance
import playboss.rules.errors
from playboss.common import chance, errors

ROOT = Path(__file__).resolve().parents[2]


def test_schoko_and_its_command_line_load_without_the_playboss_engine() -> None:
    code = ("import sys, playboss.schoko, playboss.schoko.cli; "
            "print(sorted(m for m in sys.modules if m.startswith('playboss.rules')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_playboss_rules_re_exports_the_same_objects() -> None:
    assert playboss.rules.RuleViolation is errors.RuleViolation
    assert playboss.rules.ConfigError is errors.ConfigError
    assert playboss.rules.errors.FieldError is errors.FieldError
    assert playboss.rules.errors.Params is errors.Params
    assert playboss.rules.chance.Chance is chance.Chance


def test_pickles_name_the_modules_they_always_named() -> None:
    refusal = errors.RuleViolation("No.", "6.1", code="c", params={"n": 1})
    data = pickle.dumps(refusal)
    assert b"playboss.rules.errors" in data and b"playboss.common" not in data
    again = pickle.loads(data)
    assert (type(again), again.message, again.rule, again.code, again.params) == (
        errors.RuleViolation, "No.", "6.1", "c", {"n": 1})
    rng = chance.Chance(5)
    rng.below(6)
    data = pickle.dumps(rng)
    assert b"playboss.rules.chance" in data and b"playboss.common" not in data
    assert pickle.loads(data).state == rng.state
    state = playboss.rules.new_game(playboss.rules.GameConfig(teams=("Red", "Green"), seed=5))
    data = pickle.dumps(state)
    assert b"playboss.common" not in data
    assert playboss.rules.state_to_dict(pickle.loads(data)) == playboss.rules.state_to_dict(
        state)
