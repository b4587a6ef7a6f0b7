"""Issue 23, the suite: every browser test carries the ``browser`` marker (the practice tests
did not, ran in the "not browser" pass and errored where Chromium is missing), and the mutants
sit behind the ``mutants`` marker that scripts/test.sh selects in CI only."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def collected(*args: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "-o", "addopts=", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode in (0, 5), result.stdout[-2000:] + result.stderr[-2000:]
    return [line for line in result.stdout.splitlines() if "::" in line]


#: The one test of tests/e2e that drives no browser (it plays the browser game's plan against
#: the engine alone).
NO_BROWSER = ["tests/e2e/test_full_game.py::"
              "test_the_plan_reaches_every_decision_kind_against_the_engine"]


def test_every_browser_test_is_marked() -> None:
    assert len(collected("tests/e2e")) > len(NO_BROWSER)  # the folder has browser tests ...
    assert collected("-m", "not browser", "tests/e2e") == NO_BROWSER  # ... all marked


def test_the_mutants_are_behind_their_marker() -> None:
    assert collected("-m", "not mutants", "tests/test_mutants.py") == []
    assert collected("-m", "mutants", "tests/test_mutants.py")
    script = (ROOT / "scripts" / "test.sh").read_text()
    assert '-m "not services and not mutants"' in script and "PLAYBOSS_MUTANTS" in script
    assert "PLAYBOSS_MUTANTS=1 bash scripts/test.sh" in (ROOT / ".ci" / "run").read_text()
