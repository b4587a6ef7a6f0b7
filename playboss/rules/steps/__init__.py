"""The six expansion steps of the rulebook (part II), one module each (steps 1 and 6: a package),
each switched on by the game's config (``GameConfig.steps``). Importing this package
registers them with the engine; a step that is not switched on changes nothing."""

from __future__ import annotations

# Import order is wrapping order: a step imported later wraps the base handlers that earlier
# ones wrapped already (free market, then auction and marketing, ... labour last).
# isort: off
from . import free_market  # noqa: F401  (first: later steps wrap its handlers)
from . import auction, marketing  # noqa: F401
from . import goals, taxation  # noqa: F401
from . import labor  # noqa: F401  (last: it wraps produce, pass, sell, cost and roll)
from . import takeover  # noqa: F401  (buying a business: steps 4 and 6)
# isort: on
