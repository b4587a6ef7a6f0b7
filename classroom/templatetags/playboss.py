"""Template filters for money and the board."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.formats import number_format

from classroom import bot_levels, texts
from classroom.presenters import ACTION_LABELS, action_name

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
def event_text(event: Any) -> str:
    """An engine event as a sentence in the page's language (``classroom.texts``)."""
    if not isinstance(event, dict):
        return ""
    return texts.describe_event(event)


@register.filter
def reason(value: Any) -> str:
    """A payment's or ledger entry's reason in the page's language: "interest" → "Zinsen"."""
    return texts.reason_text(value)


@register.filter
def ledger_kind(value: Any) -> str:
    """What a ledger entry moves (cash, raw, web ...) in the page's language."""
    return texts.kind_text(value)


@register.filter
def party(value: Any) -> str:
    """The other side of a ledger entry (a team, or the bank, the market ...)."""
    return texts.party_text(value)


@register.filter
def parties(values: Any) -> str:
    """Several actors in the page's language, joined: "Red, worker representative"."""
    return ", ".join(texts.party_text(v) for v in values or [])


@register.filter
def action_label(kind: Any) -> str:
    """A move's type as the buttons name it ("roll" → "Roll the die")."""
    return action_name(str(kind)) if str(kind) in ACTION_LABELS else str(kind)


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


@register.filter
def primary_moves(moves: Any) -> list[dict[str, Any]]:
    """The move forms shown as they are (``presenters``: not marked ``secondary``)."""
    return [m for m in moves or [] if not m.get("secondary")]


@register.filter
def secondary_moves(moves: Any) -> list[dict[str, Any]]:
    """The move forms a team rarely needs, shown behind "More prices" (e.g. a free-market
    offer between the 500-Mark steps)."""
    return [m for m in moves or [] if m.get("secondary")]


@register.filter
def bot_name(kind: Any) -> str:
    """A bot kind's one name (``bot_levels.BOT_NAMES``): "greedy" -> "Beginner bot"."""
    return bot_levels.bot_name(str(kind))
