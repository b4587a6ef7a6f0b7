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


#: Pickled by main before playboss.common existed (00518a4): they name playboss.rules.*.
OLD_REFUSAL = (b"\x80\x04\x95p\x00\x00\x00\x00\x00\x00\x00\x8c\x15playboss.rules.errors\x94\x8c"
               b"\rRuleViolation\x94\x93\x94\x8c\x03No.\x94\x85\x94R\x94}\x94(\x8c\x07message\x94h\x03"
               b"\x8c\x04rule\x94\x8c\x036.1\x94\x8c\x04code\x94\x8c\x01c\x94\x8c\x06params\x94}\x94"
               b"\x8c\x01n\x94K\x01sub.")
OLD_CHANCE = (b"\x80\x04\x95A\x00\x00\x00\x00\x00\x00\x00\x8c\x15playboss.rules.chance\x94\x8c"
              b"\x06Chance\x94\x93\x94)\x81\x94N}\x94\x8c\x05state\x94\x8a\t\x1a|J\x7f\xb9y7\x9e\x00"
              b"s\x86\x94b.")


def test_pickles_made_before_the_move_load_to_the_same_classes() -> None:
    refusal = pickle.loads(OLD_REFUSAL)
    assert (type(refusal), refusal.message, refusal.rule, refusal.code, refusal.params) == (
        errors.RuleViolation, "No.", "6.1", "c", {"n": 1})
    rng = pickle.loads(OLD_CHANCE)
    assert type(rng) is chance.Chance and rng.state == 11400714819323198490


def test_pickles_round_trip_with_the_same_fields() -> None:
    refusal = errors.RuleViolation("No.", "6.1", code="c", params={"n": 1})
    again = pickle.loads(pickle.dumps(refusal))
    assert (type(again), again.message, again.rule, again.code, again.params) == (
        errors.RuleViolation, "No.", "6.1", "c", {"n": 1})
    rng = chance.Chance(5)
    rng.below(6)
    assert pickle.loads(pickle.dumps(rng)).state == rng.state == 11400714819323198490
    state = playboss.rules.new_game(playboss.rules.GameConfig(teams=("Red", "Green"), seed=5))
    assert playboss.rules.state_to_dict(pickle.loads(pickle.dumps(state))) == (
        playboss.rules.state_to_dict(state))
