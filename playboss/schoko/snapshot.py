"""A whole state as plain JSON and back: ``state_from_dict(state_to_dict(s))`` plays on
exactly like ``s`` (same generator, decks and books)."""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from ..common.chance import Chance
from .books import Books, Entry
from .config import GameConfig
from .state import Contract, GameState, Meeting, Team

VERSION = 1
_SKIP = ("config", "teams", "rng", "books", "meeting", "last_sale")


def state_to_dict(state: GameState) -> dict[str, Any]:
    out: dict[str, Any] = {"version": VERSION, "config": state.config.to_dict(),
                           "teams": [asdict(t) for t in state.teams.values()],
                           "rng": state.rng.state,
                           "books": [list(e) for e in state.books.entries],
                           "meeting": asdict(state.meeting) if state.meeting else None,
                           "last_sale": [state.last_sale[0], state.last_sale[1],
                                         list(state.last_sale[2])] if state.last_sale else None}
    for f in fields(GameState):
        if f.name not in _SKIP:
            value = getattr(state, f.name)
            out[f.name] = {k: list(v) if isinstance(v, tuple) else v for k, v in value.items()} \
                if isinstance(value, dict) else value
    return out


def state_from_dict(data: dict[str, Any]) -> GameState:
    if data.get("version") != VERSION:
        raise ValueError(f"snapshot version {data.get('version')!r} is not {VERSION}")
    config = GameConfig.from_dict(data["config"])
    rng = Chance(0)
    rng.state = data["rng"]
    books = Books()
    for row in data["books"]:
        books.post(*Entry(*row))
    teams = {}
    for t in data["teams"]:
        t = dict(t)
        t["secretariat"] = [Contract(**c) for c in t["secretariat"]]
        t["bookkeeping"] = [Contract(**c) for c in t["bookkeeping"]]
        teams[t["name"]] = Team(**t)
    kwargs = {f.name: data[f.name] for f in fields(GameState) if f.name not in _SKIP}
    if kwargs["phase"] in ("bid", "announce", "call"):
        kwargs["sealed"] = {k: tuple(v) for k, v in kwargs["sealed"].items()}
    kwargs["offers"] = {k: tuple(v) for k, v in kwargs["offers"].items()}
    m = data["meeting"]
    sale = data["last_sale"]
    return GameState(config=config, teams=teams, rng=rng, books=books,
                     meeting=Meeting(**m) if m else None,
                     last_sale=(sale[0], sale[1], tuple(sale[2])) if sale else None, **kwargs)
