"""What each screen's ticker says of a move: the whole line for those an event is meant for,
a discreet one or nothing for everyone else (issue 10, "Privacy of the ticker"; issue 19).

The engine says who may read each event (``classroom.audience``): what lies on the table is
everyone's; a private deal's terms, a team's borrowing and repaying, its interest are its
parties'. Everyone else reads that two teams made a deal, not what they traded
(``texts.discreet_line``), and nothing of bank credit. The parties and the bank see the full
line.
"""

from __future__ import annotations

from typing import Any

from playboss.rules import BANK, PUBLIC

from .audience import audience
from .texts import describe_event
from .texts.events import discreet_line


def tickers(produced: list[dict[str, Any]], language: str) -> dict[str, list[str]]:
    """The lines of a move for each audience: "public", "bank", and each party of a private
    event (a team name). A screen not named here reads "public"."""
    readers = [audience(event) for event in produced]
    names = {PUBLIC, BANK}
    for private_to in readers:
        names |= private_to or set()
    lines: dict[str, list[str]] = {name: [] for name in names}
    for event, private_to in zip(produced, readers, strict=True):
        full = describe_event(event, language)
        outside = full if private_to is None else discreet_line(event, language)
        for name, out in lines.items():
            line = full if private_to is None or name == BANK or name in private_to else outside
            if line:
                out.append(line)
    return lines


def for_viewer(message: dict[str, Any], actor: str, is_teacher: bool,
               language: str | None = None) -> list[str]:
    """A broadcast's ticker as ``actor``'s screen may show it, in the screen's language."""
    by_audience = (message.get("tickers_by_language") or {}).get(language or "") \
        or message.get("tickers") or {}
    if is_teacher:
        return list(by_audience.get(BANK, message.get("ticker", [])))
    return list(by_audience.get(actor, message.get("ticker", [])))
