"""What every part of the texts shares: the event type, the active language, amounts.

The engine gives amounts as whole numbers in the events' and refusals' fields; the page shows
them in its language's grouping ("34,150", "34.150" in German).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils import translation
from django.utils.formats import number_format

Event = dict[str, Any]


def in_english() -> bool:
    """Whether the active language is English, where the engine's own sentences are shown."""
    return (translation.get_language() or "en").split("-")[0] == "en"


def money(amount: Any) -> str:
    """Whole Marks with the language's grouping: 34,150 or 34.150."""
    return _grouped(translation.get_language() or "", int(amount))


@lru_cache(maxsize=4096)
def _grouped(language: str, amount: int) -> str:
    # Django's number_format reads the language's formats on every call (a third of the time
    # of telling an event); the same amounts come back move after move.
    return number_format(amount, force_grouping=True)
