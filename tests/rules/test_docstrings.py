"""The suite's own rule: every test names, on the first line of its docstring, the rulebook
section it checks ("Rulebook I, "1. Decision: Purchasing": ...")."""

from __future__ import annotations

import ast
import re
from pathlib import Path

#: Section headings of the rulebook (shared/seeds/playboss-rulebook.txt) the tests cite.
SECTIONS = {
    "Game Materials",
    "Goal of the Game",
    "Preparation for Play",
    "Choose a Bank Director",
    "Now We Can Begin to Play",
    "The Red Decision Field",
    "1. Decision: Purchasing",
    "2. Decision: Investment",
    "3. Decision: Producing",
    "4. Decision: Selling",
    "5. Decision: Do Nothing",
    "The Green WEB Field",
    "Efficiency Improvements (3 WEBs)",
    "Advertising Campaigns (2 WEBs)",
    "Computer Leasing (2 WEBs)",
    "Insurance (2 WEBs)",
    "The Yellow Cost Field",
    "The Blue Risk Field",
    "The White Write-off Field",
    "The Start Field",
    "Lines of Credit",
    "Repurchase Value",
    "Private Business between Players",
    "End of the Game",
    "Explanations: Producing and Selling",
    "Explanations: Credit, Bankruptcy and Private Trade",
    "Explanations: Financial Statement and Profit",
}
FIRST_LINE = re.compile(r'^Rulebook (I, )?"([^"]+)"')


def test_every_test_names_its_rulebook_section() -> None:
    """Rulebook I, "Goal of the Game": the suite checks the rulebook section by section - each
    test says which section on the first line of its docstring."""
    missing = []
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                match = FIRST_LINE.match(doc.splitlines()[0] if doc else "")
                if match is None or match.group(2) not in SECTIONS:
                    missing.append(f"{path.name}::{node.name}: {doc[:60]!r}")
    assert not missing, "\n".join(missing)
