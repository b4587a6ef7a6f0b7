"""A legal move as a parametrised choice: an action class, its fixed fields, and the range of
one parameter. Bottom layer, so the rule modules that list moves (a step's choices) need not
import ``legal``, which sits above them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action


@dataclass(slots=True)
class Choice:
    """``cls(actor, **fixed, param=v)`` is legal for every ``v`` in ``values``.

    Not frozen: choices are built afresh on every call, several per call in a simulation, and
    a frozen dataclass's ``__init__`` costs three times as much. (Its ``fixed`` dict made it
    unhashable anyway.) Treat a choice as read-only all the same.
    """

    cls: type[Action]
    fixed: dict[str, Any] = field(default_factory=dict)
    param: str | None = None
    values: Sequence[Any] = ()
    any_time: bool = False

    def expand(self, actor: str) -> list[Action]:
        if self.param is None:
            return [self.cls(actor, **self.fixed)]
        return [self.cls(actor, **self.fixed, **{self.param: v})
                for v in self.values]

    def size(self) -> int:
        return 1 if self.param is None else len(self.values)

    def pick(self, actor: str, index: int) -> Action:
        if self.param is None:
            return self.cls(actor, **self.fixed)
        return self.cls(actor, **self.fixed, **{self.param: self.values[index]})
