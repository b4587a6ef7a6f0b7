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
#: Who may read an event: ``ALL`` (what happens on the table) or the names of its parties,
#: e.g. ``(borrower, BANK)`` for bank credit, ``(proposer, partner)`` for a private deal.
Audience = str | tuple[str, ...]
#: The audience of what lies on the table: every team, the projector, the bank.
ALL = "all"


class Turn:
    """What one ``apply`` produces: events, and the chance outcomes it drew or was given."""

    __slots__ = ("state", "events", "recorded", "chance", "rules")

    def __init__(self, state: GameState, recorded: dict[str, int] | None) -> None:
        self.state = state
        self.events: list[Event] = []
        self.recorded = recorded or {}
        self.chance: dict[str, int] = {}
        self.rules: RuleSet = state.rules

    def emit(self, code: str, audience: Audience, **params: Any) -> None:
        """Tell what happened: the event's ``code`` (stored as its ``type``), who may read it
        and its ``params`` (every amount, name and variant its sentence speaks of). The engine
        has no sentences: the site's catalogue tells a code in every language
        (``classroom.texts.events``), the command line prints ``event_text.plain``.

        The audience is required, never defaulted: a private event left without one would be
        read by everyone. It is stored as ``"all"`` or a list of names (JSON keeps lists)."""
        if audience != ALL and not (isinstance(audience, tuple) and audience
                                    and all(isinstance(n, str) for n in audience)):
            raise ValueError(f"event {code!r}: the audience is ALL or a tuple of party names, "
                             f"not {audience!r}")
        params["type"] = code
        params["audience"] = ALL if audience == ALL else list(audience)
        self.events.append(params)

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
