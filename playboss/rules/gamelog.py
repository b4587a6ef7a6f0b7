"""The JSON game log: the config and the actions in order, each with its chance outcomes.

A log replays without the generator: every die roll and card drawn is written beside the
action that caused it, and the risk deck's starting order is written into the config.
``docs/game-log.md`` documents the format; the site exports and imports exactly this.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .actions import Action
from .config import GameConfig
from .engine import Event, apply, new_game
from .errors import RuleViolation
from .rulebook import action_from_dict
from .state import GameState

FORMAT = "playboss-log"
VERSION = 1


def log_to_dict(config: dict[str, Any], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The log file's object (``docs/game-log.md``) of a set-up as ``GameConfig.to_dict``
    writes it and the actions as ``GameLog.record`` writes them (the site keeps both)."""
    return {"format": FORMAT, "version": VERSION, "config": config, "actions": entries}


@dataclass
class GameLog:
    config: GameConfig
    entries: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def start(cls, config: GameConfig) -> tuple[GameLog, GameState]:
        """A new game and its log; the deck order drawn at set-up goes into the config."""
        state = new_game(config)
        if config.risk_order is None:
            config = replace(config, risk_order=tuple(state.deck))
            state.config = config
        return cls(config), state

    def record(self, action: Action, state: GameState) -> None:
        """Append ``action`` as just applied to ``state`` (its chance outcomes included)."""
        entry = action.to_dict()
        if state.last_chance:
            entry["chance"] = dict(state.last_chance)
        self.entries.append(entry)

    def to_dict(self) -> dict[str, Any]:
        return log_to_dict(self.config.to_dict(), self.entries)

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any) -> GameLog:
        if not isinstance(data, dict) or "config" not in data or not isinstance(
            data.get("actions", []), list
        ):
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
        return cls.from_dict(data)


class ReplayError(Exception):
    """An entry of a log was refused; ``state`` is the game just before it."""

    def __init__(self, index: int, violation: RuleViolation, state: GameState) -> None:
        super().__init__(f"action {index}: {violation}")
        self.index = index
        self.violation = violation
        self.state = state


def parse_entry(entry: Any) -> tuple[Action, dict[str, int] | None]:
    if not isinstance(entry, dict):
        raise RuleViolation("Each log entry is an action object.", "game log",
                            code="log_entry_not_object")
    body = {k: v for k, v in entry.items() if k != "chance"}
    chance = entry.get("chance")
    if chance is not None and (
        not isinstance(chance, dict)
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in chance.values())
    ):
        raise RuleViolation("'chance' holds whole numbers by name (die, card).", "game log",
                            code="log_chance")
    return action_from_dict(body), chance


def replay(
    log: GameLog, at: int | None = None, on_event: Any = None, check: Any = None
) -> GameState:
    """The state after the first ``at`` actions (all by default). ``on_event(index, event)``
    hears every event; ``check(state)`` runs after every action."""
    state = new_game(log.config)
    entries = log.entries if at is None else log.entries[:at]
    for index, entry in enumerate(entries, start=1):
        try:
            action, chance = parse_entry(entry)
            events: list[Event] = apply(state, action, chance)
        except RuleViolation as violation:
            raise ReplayError(index, violation, state) from violation
        if on_event is not None:
            for event in events:
                on_event(index, event)
        if check is not None:
            check(state)
    return state
