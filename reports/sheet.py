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
