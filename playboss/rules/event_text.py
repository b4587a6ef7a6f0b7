"""Events in plain words for the command line: ``plain(event)`` is the event's code, its
audience when that is not the whole table, and its params as ``name=value``::

    purchase: team=Red units=3 cost=1200 prices=[350, 350, 500]
    credit (Red, bank): team=Red amount=4000

The engine has no sentences: the one catalogue of what an event says, in English and German,
is the site's (``classroom.texts.events``; docs/decisions/events.md says why). This renderer
only lets a terminal show what the engine told, exactly and without a language.
"""

from __future__ import annotations

from typing import Any

from .turn import ALL

#: Fields every event has that are not its params.
_NOT_PARAMS = ("type", "audience")


def _value(value: Any) -> str:
    if isinstance(value, str) and value and " " not in value:
        return value
    return repr(value) if isinstance(value, str) else str(value)


def plain(event: dict[str, Any]) -> str:
    """One line: ``code (audience): name=value ...`` (the audience only when private)."""
    head = str(event.get("type", "?"))
    audience = event.get("audience", ALL)
    if audience != ALL:
        head += f" ({', '.join(map(str, audience))})"
    params = " ".join(f"{k}={_value(v)}" for k, v in event.items() if k not in _NOT_PARAMS)
    return f"{head}: {params}" if params else head
