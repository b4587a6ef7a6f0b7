"""Layering checks: the rules engine stays pure Python (see docs: architecture)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "playboss" / "rules"
SCHOKO = ROOT / "playboss" / "schoko"
DJANGO_IMPORT = re.compile(r"^\s*(from|import)\s+django")


def test_rules_never_import_django() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{lineno}: {line.strip()}"
        for path in sorted([*RULES.rglob("*.py"), *SCHOKO.rglob("*.py")])
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if DJANGO_IMPORT.match(line)
    ]
    assert not offenders, "playboss.rules must not import Django:\n" + "\n".join(offenders)


@pytest.mark.parametrize("module", ["playboss", "playboss.rules", "playboss.schoko"])
def test_import_pulls_in_neither_django_nor_celery(module: str) -> None:
    # A fresh interpreter: this test process has Django loaded already.
    if module == "playboss.rules" and not (RULES / "__init__.py").exists():
        pytest.skip("playboss/rules/__init__.py does not exist yet")
    code = (
        f"import sys, {module}; "
        "loaded = [m for m in ('django', 'celery') if m in sys.modules]; "
        "assert not loaded, f'imported {loaded}'"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
