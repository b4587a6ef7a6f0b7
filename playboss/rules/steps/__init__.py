"""The six expansion steps of the rulebook (part II), one module each, each switched on by the
game's config (``GameConfig.steps``). Importing this package registers them with the engine;
a step that is not switched on changes nothing."""

from __future__ import annotations

from . import goals, taxation  # noqa: F401
