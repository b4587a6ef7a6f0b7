"""The risk deck's texts in the page's language.

``risk_deck.json`` holds ``title_de`` / ``text_de`` beside the English; the engine's ``risk.py``
keeps only the fields ``RiskCard`` knows, so the German never reaches the engine and is read
here.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from django.utils import translation


@cache
def _deck() -> dict[int, dict[str, Any]]:
    """The risk deck as data, with the German texts the engine ignores."""
    raw = json.loads(resources.files("playboss.rules").joinpath("risk_deck.json")
                     .read_text("utf-8"))
    return {int(c["id"]): c for c in raw["cards"]}


def card_title(card_id: int) -> str:
    card = _deck()[int(card_id)]
    return str(card.get("title_de") or card["title"]) if _german() else str(card["title"])


def card_text(card_id: int) -> str:
    card = _deck()[int(card_id)]
    return str(card.get("text_de") or card["text"]) if _german() else str(card["text"])


def _german() -> bool:
    return (translation.get_language() or "").split("-")[0] == "de"
