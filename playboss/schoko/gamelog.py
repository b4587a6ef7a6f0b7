"""The JSON game log: the set-up (with the decks' orders drawn at set-up) and the actions in
order, each with the chance outcomes it drew (a reshuffled event deck). docs/schoko/game-log.md
documents the format; ``replay`` plays a log without the generator's help."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..common.errors import RuleViolation
from .actions import Action, action_from_dict
from .config import GameConfig
from .core import Event
from .engine import apply, new_game, setup_orders
from .state import GameState

FORMAT = "schoko-log"
VERSION = 1


@dataclass
class GameLog:
    config: GameConfig
    entries: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def start(cls, config: GameConfig) -> tuple[GameLog, GameState]:
        """A new game and its log; the orders drawn at set-up go into the config."""
        contracts, events, express = setup_orders(config)
        config = replace(config, contract_order=tuple(contracts), event_order=tuple(events),
                         express_order=tuple(express))
        return cls(config), new_game(config)

    def record(self, action: Action, state: GameState) -> None:
        entry = action.to_dict()
        if state.last_chance:
            entry["chance"] = dict(state.last_chance)
        self.entries.append(entry)

    def apply(self, state: GameState, action: Action) -> list[Event]:
        """Apply ``action`` and record it (a refused action is not recorded)."""
        events = apply(state, action)
        self.record(action, state)
        return events

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "config": self.config.to_dict(),
                "actions": self.entries}

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> GameLog:
        if not isinstance(data, dict) or "config" not in data or not isinstance(
                data.get("actions", []), list):
            raise RuleViolation("A game log is an object with 'config' and 'actions'.",
                                "game log", code="log_not_object")
        if data.get("format", FORMAT) != FORMAT or data.get("version", VERSION) != VERSION:
            raise RuleViolation(f"This is not a {FORMAT} version {VERSION} file.", "game log",
                                code="log_format", params={"format": FORMAT, "version": VERSION})
        return cls(GameConfig.from_dict(data["config"]), list(data.get("actions", [])))

    @classmethod
    def load(cls, path: str | Path) -> GameLog:
        try:
            data = json.loads(Path(path).read_text("utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RuleViolation(f"The log is not valid JSON: {exc}", "game log",
                                code="log_not_json", params={"error": str(exc)}) from exc
        except OSError as exc:
            raise RuleViolation(f"The log {str(path)!r} cannot be read: {exc.strerror}.",
                                "game log", code="log_unreadable",
                                params={"path": str(path), "error": str(exc.strerror)}) from exc
        return cls.from_dict(data)


class ReplayError(Exception):
    """An entry of a log was refused; ``state`` is the game just before it."""

    def __init__(self, index: int, violation: RuleViolation, state: GameState) -> None:
        super().__init__(f"action {index}: {violation}")
        self.index = index
        self.violation = violation
        self.state = state


class InvariantBroken(Exception):
    """After entry ``index`` an invariant of ``invariants.check`` failed: the log's actions
    were all legal, so the engine (or a hand-made state) broke a rule of the table; ``state``
    is the game just after that entry."""

    def __init__(self, index: int, message: str, state: GameState) -> None:
        super().__init__(f"after action {index}: invariant broken: {message}")
        self.index = index
        self.message = message
        self.state = state


def parse_entry(entry: Any) -> tuple[Action, dict[str, Any] | None]:
    if not isinstance(entry, dict):
        raise RuleViolation("Each log entry is an action object.", "game log",
                            code="log_entry_not_object")
    chance = entry.get("chance")
    if chance is not None and not isinstance(chance, dict):
        raise RuleViolation("'chance' holds outcomes by name.", "game log", code="log_chance")
    if "chance" in entry:  # the action is the entry without it
        entry = {k: v for k, v in entry.items() if k != "chance"}
    return action_from_dict(entry), chance


def replay(log: GameLog, at: int | None = None,
           on_event: Callable[[int, Event], None] | None = None,
           check: Callable[[GameState], None] | None = None) -> GameState:
    """The state after the first ``at`` actions (all by default)."""
    state = new_game(log.config)
    entries = log.entries if at is None else log.entries[:at]
    for index, entry in enumerate(entries, start=1):
        try:
            action, chance = parse_entry(entry)
            events = apply(state, action, chance)
        except RuleViolation as violation:
            raise ReplayError(index, violation, state) from violation
        if on_event is not None:
            for event in events:
                on_event(index, event)
        if check is not None:
            try:
                check(state)
            except AssertionError as broken:
                raise InvariantBroken(index, str(broken) or "(no message)", state) from broken
    return state
