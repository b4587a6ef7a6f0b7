"""The mutants of ``bench/mutants.py`` are caught (issue 14, "Tests that would have caught more").

Each mutant is a plausible bug put into the engine while its tests run in a fresh interpreter
(an import hook: the files on disk stay as they are). A mutant whose pattern no longer matches
exactly one place fails here too: the engine changed, and the mutant must follow it.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

#: 88 s of mutants: not in a developer's quick pass; CI runs them (scripts/test.sh, CI=true).
pytestmark = pytest.mark.mutants

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "mutants.py"


def _mutants() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_mutants", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


def test_each_mutant_changes_exactly_one_place_of_the_engine() -> None:
    mutants = _mutants()
    where = {m.name: mutants.matches_on_disk(m) for m in mutants.MUTANTS}
    assert {name: len(hits) for name, hits in where.items()} == {
        m.name: 1 for m in mutants.MUTANTS}, where


def test_a_mutation_changes_only_the_function_it_names() -> None:
    mutants = _mutants()
    source = ("def liquidity(a):\n    return (a.cash\n        + team.finished * "
              'REPURCHASE["finished"])\n\n\ndef other(team):\n    return team.finished * '
              'REPURCHASE["finished"]\n')
    mutated, count = mutants.mutate(source, mutants.BY_NAME["liquidity_without_finished"])
    assert count == 1
    assert mutated.count('REPURCHASE["finished"]') == 1
    assert mutated.endswith('    return team.finished * REPURCHASE["finished"]\n')


def _groups() -> dict[str, list[str]]:
    """The mutants by the tests that catch them: one run per group (its unmutated tests once,
    then each mutant), so that pytest-xdist spreads the groups over its workers."""
    groups: dict[str, list[str]] = {}
    for mutant in _mutants().MUTANTS:
        groups.setdefault(" ".join(mutant.tests), []).append(mutant.name)
    return {names[0]: names for names in groups.values()}


GROUPS = _groups()


@pytest.mark.parametrize("first", sorted(GROUPS))
def test_every_mutant_is_caught(first: str) -> None:
    names = GROUPS[first]
    only = [arg for name in names for arg in ("--only", name)]
    done = subprocess.run([sys.executable, str(SCRIPT), "--json", *only], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=900)
    assert done.stdout.strip(), done.stderr[-3000:]
    verdicts = json.loads(done.stdout)
    survivors = [row for row in verdicts if row["verdict"] != "caught"]
    assert not survivors, json.dumps(survivors, indent=2)
    assert done.returncode == 0
    assert [row["mutant"] for row in verdicts] == names


def test_the_groups_hold_every_mutant_once() -> None:
    grouped = [name for names in GROUPS.values() for name in names]
    assert sorted(grouped) == sorted(m.name for m in _mutants().MUTANTS)
