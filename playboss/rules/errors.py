"""The one exception the engine raises for a move the rules do not allow."""

from __future__ import annotations


class RuleViolation(Exception):
    """An action the rules forbid. The state is left exactly as it was.

    ``message`` is written for a student ("You have 3,000 Marks; 4 units cost 4,200.");
    ``rule`` names the rulebook section the refusal rests on, so a teacher can look it up.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]" if self.rule else self.message


def marks(amount: int) -> str:
    """Format an amount of Marks the way the rulebook prints it: 34,150."""
    return f"{amount:,}"
