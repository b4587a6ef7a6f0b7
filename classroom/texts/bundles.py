"""One side of a private deal in words (the deal panel, the deal's quote, the ticker's line of
a deal offered): "1 unit of raw material, machine 3, 500 Marks"."""

from __future__ import annotations

from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

BUNDLE_LABELS: dict[str, Any] = {
    "cash": _("%(n)s Marks"),
    "loan": _("a loan of %(n)s Marks"),
}


def _bundle_count(key: str, n: int, shown: str) -> str | None:
    """A count in a deal with its noun, singular or plural (the estate step's "%(n)s computer"
    is a plural entry, so this one is too)."""
    if key == "raw":
        text = ngettext("%(n)s unit of raw material", "%(n)s units of raw material", n)
    elif key == "finished":
        text = ngettext("%(n)s finished unit", "%(n)s finished units", n)
    elif key == "computers":
        text = ngettext("%(n)s computer", "%(n)s computers", n)
    else:
        return None
    return text % {"n": shown}


def bundle_text(bundle: dict[str, Any]) -> str:
    """One side of a private deal in words: "2 raw material, machine 3, 500 Marks"."""
    parts = []
    for key, value in bundle.items():
        if not value:
            continue
        if key == "machines":
            parts.append(ngettext("machine %(ids)s", "machines %(ids)s", len(value)) % {
                "ids": ", ".join(map(str, value))})
        elif key == "lease":
            parts.append(ngettext("machine %(ids)s on lease", "machines %(ids)s on lease",
                                  len(value)) % {"ids": ", ".join(map(str, value))})
        elif (counted := _bundle_count(key, int(value),
                                       number_format(value, force_grouping=True))) is not None:
            parts.append(counted)
        elif key in BUNDLE_LABELS:
            parts.append(str(BUNDLE_LABELS[key]) % {"n": number_format(value,
                                                                       force_grouping=True)})
        else:
            parts.append(f"{key}: {value}")
    return ", ".join(parts) or str(_("nothing"))
