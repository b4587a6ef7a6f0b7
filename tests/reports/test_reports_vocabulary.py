"""Issue 13: one vocabulary in the statements and report PDFs. The rulebook ("Profit and
loss": "The profit and the starting capital together form the owned capital") says "owned
capital", and a trip round the board is a business year: the English label catalogue and the
reports' texts never say "equity" or "lap"."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "reports" / "labels.py", ROOT / "classroom" / "forms.py",
           *sorted((ROOT / "reports" / "builders").glob("*.py")),
           *sorted((ROOT / "classroom" / "templatetags").glob("*.py"))]
GETTEXT = {"_", "gettext", "gettext_lazy", "pgettext", "pgettext_lazy", "ngettext"}
OTHER_WORDS = re.compile(r"\b(equity|laps?)\b", re.IGNORECASE)


def translated_strings(path: Path) -> list[str]:
    """Every string literal handed to a gettext function in the file: what a user reads."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in GETTEXT):
            found += [arg.value for arg in node.args
                      if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    return found


def test_the_catalogue_is_read_at_all() -> None:
    texts = translated_strings(ROOT / "reports" / "labels.py")
    assert "Production costs" in texts and len(texts) > 20


def test_profit_and_loss_owned_capital_and_year_not_equity_or_lap() -> None:
    offending = [(path.name, text) for path in SOURCES for text in translated_strings(path)
                 if OTHER_WORDS.search(text)]
    assert offending == []


def test_the_detector_catches_the_other_words() -> None:
    assert OTHER_WORDS.search("Return on equity") and OTHER_WORDS.search("Laps played")
    assert not OTHER_WORDS.search("Owned capital, collapsed, years")
