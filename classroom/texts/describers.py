"""Makers of event describers: an event told in the page's language from its fields.

A describer takes an engine event (its code ``type``, its ``audience`` and its params) and
returns its sentence, or ``None`` when the event does not fit (``events.describe_event`` then
shows a stored text or the event in plain words). Most
event types need only one of these makers with a marked sentence; the few that need more are
written out in ``events``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .formatting import Event, money


def fields_of(e: Event) -> dict[str, Any]:
    """The event's params, for a sentence's ``%(name)s`` placeholders."""
    return {k: v for k, v in e.items() if k not in ("text", "type", "audience")}


def simple(sentence: str, *money_fields: str) -> Callable[[Event], str]:
    """An event told by its fields alone; ``money_fields`` hold amounts of Marks. The
    sentence is marked with gettext_noop (for makemessages) and translated when told."""

    def describe(e: Event) -> str:
        values = fields_of(e)
        for key in money_fields:
            values[key] = money(e[key])
        return _(sentence) % values

    return describe


def plural(sentence: Any, *money_fields: str) -> Callable[[Event], str]:
    """Like ``simple`` for an ``ngettext_lazy(..., "units")``: its plural follows the
    event's units."""

    def describe(e: Event) -> str:
        values = fields_of(e)
        values["units"] = int(e["units"])
        for key in money_fields:
            values[key] = money(e[key])
        return str(sentence % values)

    return describe


def by_field(key: str, table: dict[Any, Any], *money_fields: str
             ) -> Callable[[Event], str | None]:
    """Events of one type whose variants the engine tells apart by the field ``key`` (a word
    such as ``"how"``): the sentence for its value (``None`` for another value)."""

    def describe(e: Event) -> str | None:
        sentence = table.get(e[key])
        if sentence is None:
            return None
        values = fields_of(e)
        for name in money_fields:
            values[name] = money(e[name])
        return str(sentence % values)

    return describe


def workers_text(n: Any) -> str:
    return ngettext("%(n)s worker", "%(n)s workers", int(n)) % {"n": int(n)}


def and_list(names: list[str]) -> str:
    """"Red, Blue and Green" in the active language."""
    if len(names) < 2:
        return "".join(names)
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def and_teams(key: str, sentence: str) -> Callable[[Event], str]:
    """Like ``simple`` for a sentence whose ``%(key)s`` names a list of teams."""

    def describe(e: Event) -> str:
        return _(sentence) % {**fields_of(e), key: and_list([str(t) for t in e[key]])}

    return describe


def with_workers(sentence: str, *money_fields: str) -> Callable[[Event], str]:
    """A labour-market event: ``%(workers)s`` is "2 workers"; ``%(who)s`` the team or the
    worker representative who acted (the event's ``by``)."""

    def describe(e: Event) -> str:
        values = fields_of(e)
        values["workers"] = workers_text(e["workers"]) if "workers" in e else ""
        by = e.get("by", e.get("team"))
        values["who"] = _("The worker representative") if by == "workers" else by
        for key in money_fields:
            values[key] = money(e[key])
        return _(sentence) % values

    return describe
