"""Template context every page gets from the classroom app."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from . import links as link_rules


def links(request: HttpRequest) -> dict[str, Any]:
    """``links_base``: the address phones use; ``links_loopback``: True when the links a
    teacher hands out would point at this computer only (the teacher's pages warn)."""
    return {
        "links_base": SimpleLazyObject(lambda: link_rules.base_url(request)),
        "links_loopback": SimpleLazyObject(lambda: link_rules.loopback_warning(request)),
    }
