"""The engine's own seeded generator (splitmix64 on one integer of state), defined in
``playboss.common.chance`` and shared with Schoko & Co.; this module keeps its name."""

from __future__ import annotations

from ..common.chance import Chance

__all__ = ["Chance"]
