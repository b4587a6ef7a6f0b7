"""The exceptions an engine raises for a move (or a set-up) the rules do not allow: shared by
Playboss (``playboss.rules``, which re-exports them from ``playboss.rules.errors``) and Schoko
& Co. (``playboss.schoko``), so that the site catches one ``RuleViolation`` for both games and
``playboss.schoko`` does not pay for importing the whole Playboss engine.

A pickle made before this package existed names ``playboss.rules.errors``: it still loads, to
these same classes, through that module's re-export.
"""

from __future__ import annotations

from typing import Any, NamedTuple

#: The numbers and names a refusal speaks of, by name: whole numbers, text, lists of team
#: names, or (``waiting``) a small dict of the same kinds.
Params = dict[str, Any]


class RuleViolation(Exception):
    """An action the rules forbid. The state is left exactly as it was.

    ``message`` is written for a student ("You have 3,000 Marks; 4 units cost 4,200.");
    ``rule`` names the rulebook section the refusal rests on, so a teacher can look it up.
    ``code`` names the refusal in a stable snake_case word ("not_enough_cash_units") and
    ``params`` holds every number and name the message speaks of
    (``{"cash": 3000, "units": 4, "cost": 4200}``), so that a page can tell it in its own
    language without reading the English. A code always comes with the same param names.
    """

    def __init__(self, message: str, rule: str = "", *, code: str = "",
                 params: Params | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.code = code
        self.params: Params = dict(params) if params else {}

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]" if self.rule else self.message


class FieldError(NamedTuple):
    """One problem of a game's set-up: the setting's ``code`` and ``params`` (as a
    ``RuleViolation``'s), the English ``message``, and the ``rule`` it rests on."""

    code: str
    params: Params
    message: str
    rule: str = ""


class ConfigError(RuleViolation):
    """A game set-up (``GameConfig``) with one or more problems, all of them at once.

    ``errors`` maps each setting's name (``"teams"``, ``"board"``; ``"config"`` for a problem
    of the set-up as a whole, such as an unknown setting) to its problems; ``problems`` lists
    them all as ``(setting, FieldError)`` in the order the checks found them. ``message`` is
    the first problem's message, or all of them one after the other when there are several;
    ``code``/``params``/``rule`` are the first problem's.
    """

    def __init__(self, problems: list[tuple[str, FieldError]]) -> None:
        if not problems:
            raise ValueError("a ConfigError needs at least one problem")
        first = problems[0][1]
        messages = list(dict.fromkeys(e.message for _, e in problems))  # each message once
        super().__init__(" ".join(messages), first.rule, code=first.code, params=first.params)
        self.problems = list(problems)
        self.errors: dict[str, list[FieldError]] = {}
        for name, error in problems:
            self.errors.setdefault(name, []).append(error)
