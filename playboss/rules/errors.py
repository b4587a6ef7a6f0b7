"""The exceptions the engine raises for a move (or a set-up) the rules do not allow.

They are defined in ``playboss.common.errors``, shared with Schoko & Co.; this module keeps
every name it always had (the same objects), and the Playboss message helpers.
"""

from __future__ import annotations

from ..common.errors import ConfigError, FieldError, Params, RuleViolation

__all__ = ["ConfigError", "FieldError", "Params", "RuleViolation", "marks", "units_of"]


def units_of(n: int, kind: str = "") -> str:
    """A count of units, singular for one: "1 unit", "3 finished units" (the web pages show
    these messages in English as they are)."""
    return f"{n} {kind + ' ' if kind else ''}unit{'' if n == 1 else 's'}"


def marks(amount: int) -> str:
    """Format an amount of Marks the way the rulebook prints it: 34,150."""
    return f"{amount:,}"
