"""One ``apply`` in the making: the state it changes, the events it tells, the chance outcomes
it draws or is given, and the rules in force (``state.rules``) that every handler and hook
consults. Bottom layer: it imports nothing of the rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .ruleset import RuleSet
    from .state import GameState

Event = dict[str, Any]


class Turn:
    """What one ``apply`` produces: events, and the chance outcomes it drew or was given."""

    __slots__ = ("state", "events", "recorded", "chance", "rules")

    def __init__(self, state: GameState, recorded: dict[str, int] | None) -> None:
        self.state = state
        self.events: list[Event] = []
        self.recorded = recorded or {}
        self.chance: dict[str, int] = {}
        self.rules: RuleSet = state.rules

    def emit(self, kind: str, text: str, **data: Any) -> None:
        data["type"] = kind
        data["text"] = text
        self.events.append(data)

    def draw(self, name: str, draw: Callable[[], int]) -> int:
        # The generator always advances, so a log with recorded outcomes keeps later draws
        # in step with the original game; a recorded outcome wins over the drawn one.
        value = draw()
        value = self.recorded.get(name, value)
        self.chance[name] = value
        return value

    def hook(self, point: str, *args: Any) -> None:
        """Run the hooks of the rules in force at a named point of the turn
        (``ruleset.HOOK_POINTS``), in the rule set's order: ``hook(turn, *args)``."""
        for hook in self.rules.hooks[point]:
            hook(self, *args)
