"""One table of a spreadsheet export: what ``exports`` writes as CSV and as an XLSX sheet."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Sheet:
    """One table: a name, column headers, rows; ``money`` are the columns in Marks."""

    name: str
    header: list[str]
    rows: list[list[Any]]
    money: frozenset[int] = frozenset()
    widths: dict[int, int] = field(default_factory=dict)
    #: columns of ratios (fractions of 1), shown as percentages in the workbook
    percent: frozenset[int] = frozenset()


#: What makes a spreadsheet read a text cell as a formula (OWASP "CSV injection"): a team named
#: ``=HYPERLINK(...)`` on the new-game form or in an imported log must stay a name.
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def is_formula_like(value: Any) -> bool:
    """A text cell a spreadsheet would evaluate. Numbers are never: a negative amount is an
    int and stays a number."""
    return isinstance(value, str) and value.startswith(FORMULA_TRIGGERS)


def neutralised(value: Any) -> Any:
    """OWASP's rule for CSV: a formula-like text cell gets a leading apostrophe, which makes
    Excel and LibreOffice read it as text; every other cell is returned unchanged."""
    return "'" + value if is_formula_like(value) else value
