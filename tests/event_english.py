"""The English sentence of an engine event, as the site's catalogue tells it (the golden
transcripts are written with it): the engine has no sentences of its own (issue 19)."""

from __future__ import annotations

from typing import Any

from django.utils import translation

from classroom.texts.events import told
from playboss.rules import plain_event


def english(event: dict[str, Any]) -> str:
    """The catalogue's English sentence; an event it cannot tell fails the test that asks."""
    with translation.override("en"):
        sentence = told(event)
    assert sentence is not None, f"the catalogue cannot tell {plain_event(event)}"
    return sentence
