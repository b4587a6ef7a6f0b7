"""``{% region "name" value … %}…{% endregion %}``: a part of a live game screen that is
rendered once per distinct content and sent only when it changes.

A game screen (team, bank, representative, projector) is a layout of named regions. Each region
names the values it is drawn from; their digest (with the region's name, the game and the
language) keys a per-process memo of the rendered HTML. A region's name means one body on
every screen (the market is "market" on the team's screen and on the bank's, and is rendered
once for both); regions whose bodies differ have different names ("team-status",
"bank-status"). So a region whose values did not change
is not rendered again — the market that all ten screens of a game show is rendered once per
change, a team's books only when its books change — and ``classroom.screens`` sends a screen
only the regions whose key differs from what it holds.

The body may use only what its values determine (plus the language): a region that read
anything else could be served from the memo with stale content.
``tests/web/test_screens.py`` renders every screen of many bot games with and without the memo
and fails if any region's body reads a value its key does not name.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any

from django import template
from django.template.base import FilterExpression, Parser, Token
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

register = template.Library()

#: Rendered regions kept per process: enough for every region of every screen of 30 games.
MEMO_SIZE = 8_192
#: In the layout a region is a marker, replaced by its HTML (or an empty region) afterwards.
MARK = "\x00region:"


class RegionMemo:
    """A bounded, thread-safe least-recently-used map from a region's key to its HTML."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()
        self.enabled = True
        self.hits = self.misses = 0

    def get(self, key: str) -> str | None:
        if not self.enabled:
            return None
        with self._lock:
            html = self._items.get(key)
            if html is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return html

    def put(self, key: str, html: str) -> None:
        if not self.enabled:
            return
        with self._lock:
            self._items[key] = html
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0


MEMO = RegionMemo(MEMO_SIZE)


def region_key(name: str, values: list[Any]) -> str:
    blob = json.dumps([name, get_language() or "", values], sort_keys=True,
                      default=str, separators=(",", ":"))
    return hashlib.blake2b(blob.encode(), digest_size=12).hexdigest()


class Collector:
    """Put into the context as ``_regions`` by ``classroom.screens``: gathers each region's key
    and HTML while the layout renders."""

    def __init__(self) -> None:
        self.regions: dict[str, tuple[str, str]] = {}

    def add(self, name: str, key: str, html: str) -> str:
        if name in self.regions:
            raise template.TemplateSyntaxError(f"Region {name!r} appears twice on one screen.")
        self.regions[name] = (key, html)
        return f"{MARK}{name}\x00"


class RegionNode(template.Node):
    def __init__(self, name: FilterExpression, values: list[FilterExpression],
                 nodelist: template.NodeList) -> None:
        self.name = name
        self.values = values
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        name = str(self.name.resolve(context))
        # The game is part of every key: regions carry its links (``{% url … game.pk %}``).
        game = context.get("game")
        values = [getattr(game, "pk", None)] + [value.resolve(context) for value in self.values]
        key = region_key(name, values)
        html = MEMO.get(key)
        if html is None:
            html = self.nodelist.render(context)
            MEMO.put(key, html)
        collector = context.get("_regions")
        if isinstance(collector, Collector):
            return collector.add(name, key, html)
        return mark_safe(wrap(name, key, html))  # noqa: S308 - rendered template output


def wrap(name: str, key: str, html: str) -> str:
    return f'<div class="region" data-region="{name}" data-key="{key}">{html}</div>'


@register.tag("region")
def do_region(parser: Parser, token: Token) -> RegionNode:
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("{% region %} needs a name and the values it shows.")
    name = parser.compile_filter(bits[1])
    values = [parser.compile_filter(bit) for bit in bits[2:]]
    nodelist = parser.parse(("endregion",))
    parser.delete_first_token()
    return RegionNode(name, values, nodelist)


class MemoNode(template.Node):
    """A fragment inside a region, rendered once per distinct values (like a region, but not
    sent on its own): the rows of the bank's log, the board's fields on the projector."""

    def __init__(self, values: list[FilterExpression], nodelist: template.NodeList,
                 label: str) -> None:
        self.values = values
        self.nodelist = nodelist
        self.label = label

    def render(self, context: template.Context) -> str:
        game = context.get("game")
        values = [getattr(game, "pk", None)] + [value.resolve(context) for value in self.values]
        key = region_key(f"memo:{self.label}", values)
        html = MEMO.get(key)
        if html is None:
            html = self.nodelist.render(context)
            MEMO.put(key, html)
        return html


@register.tag("memo")
def do_memo(parser: Parser, token: Token) -> MemoNode:
    """``{% memo "label" value … %}…{% endmemo %}``: the label names the body (one body per
    label everywhere), the values are all the body may read."""
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("{% memo %} needs a label and the values it shows.")
    label = bits[1].strip("\"'")
    values = [parser.compile_filter(bit) for bit in bits[2:]]
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    return MemoNode(values, nodelist, label)
