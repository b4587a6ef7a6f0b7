"""Template filters for money and the board."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.formats import number_format

register = template.Library()

FIELD_CLASSES = {"S": "start", "R": "red", "G": "green", "Y": "yellow", "B": "blue",
                 "W": "white"}


@register.filter
def marks(value: Any) -> str:
    """34150 → "34,150 M" (or "34.150 M" in German): money is whole Marks."""
    if value is None or value == "":
        return "–"
    return f"{number_format(int(value), force_grouping=True)} M"


@register.filter
def field_class(letter: str) -> str:
    return FIELD_CLASSES.get(letter, "")


@register.filter
def get(mapping: Any, key: Any) -> Any:
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def to_json(value: Any) -> str:
    import json

    return json.dumps(value)
