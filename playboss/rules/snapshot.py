"""A whole game state as plain JSON and back, for the site's snapshots.

``state_from_dict(state_to_dict(s))`` plays on exactly like ``s``: same generator, same deck,
same books. Expansion steps keep their data in ``state.step`` and ``team.step`` as plain JSON
values, so they round-trip without help.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from .chance import Chance
from .config import GameConfig
from .ledger import Entry, Ledger
from .rulebook import rules_for
from .state import Deal, GameState, Loan, Machine, Pending, Team

VERSION = 1


def state_to_dict(state: GameState) -> dict[str, Any]:
    return {
        "version": VERSION,
        "config": state.config.to_dict(),
        "teams": [asdict(t) for t in state.teams.values()],
        "market": list(state.market),
        "box": state.box,
        "machines": [asdict(m) for m in state.machines.values()],
        "leased_computers": state.leased_computers,
        "web_bank": state.web_bank,
        "deck": list(state.deck),
        "rng": state.rng.state,
        "ledger": [[e.seq, e.kind, e.source, e.target, e.qty, e.reason]
                   for e in state.ledger.entries],
        "phase": state.phase,
        "current": state.current,
        "leader": state.leader,
        "order_rolls": dict(state.order_rolls),
        "order_contest": list(state.order_contest),
        "rolled": state.rolled,
        "pending": [{k: v for k, v in asdict(p).items() if k != "data" or v}
                    for p in state.pending],
        "deals": [asdict(d) for d in state.deals.values()],
        "loans": [asdict(ln) for ln in state.loans.values()],
        "next_id": state.next_id,
        "seq": state.seq,
        "rounds": state.rounds,
        "time_called": state.time_called,
        "last_chance": dict(state.last_chance),
        "step": state.step,
    }


#: A kind of pending item no version makes any more, dropped when a stored state is read.
RETIRED_KIND = "hiring"


def state_from_dict(data: dict[str, Any]) -> GameState:
    if data.get("version") != VERSION:
        raise ValueError(f"snapshot version {data.get('version')!r} is not {VERSION}")
    config = GameConfig.from_dict(data["config"])
    rng = Chance(0)
    rng.state = data["rng"]
    team_fields = {f.name for f in fields(Team)}
    teams = {t["name"]: Team(**{k: v for k, v in t.items() if k in team_fields})
             for t in data["teams"]}
    state = GameState(
        config=config,
        rules=rules_for(config),
        teams=teams,
        market=list(data["market"]),
        box=data["box"],
        machines={m["id"]: Machine(**m) for m in data["machines"]},
        leased_computers=data["leased_computers"],
        web_bank=data["web_bank"],
        deck=list(data["deck"]),
        rng=rng,
        ledger=Ledger.from_entries([Entry(*row) for row in data["ledger"]]),
        phase=data["phase"],
        current=data["current"],
        leader=data["leader"],
        order_rolls=dict(data["order_rolls"]),
        order_contest=list(data["order_contest"]),
        rolled=data["rolled"],
        # Step 6's "hiring" item of older versions (the game waited for the representative's
        # answer to a hiring offer) is retired: offers wait beside play, the item is left out.
        pending=[Pending(**p) for p in data["pending"] if p["kind"] != RETIRED_KIND],
        deals={d["id"]: Deal(**d) for d in data["deals"]},
        loans={ln["id"]: Loan(**ln) for ln in data["loans"]},
        next_id=data["next_id"],
        seq=data["seq"],
        rounds=data["rounds"],
        time_called=data["time_called"],
        last_chance=dict(data["last_chance"]),
        step=data["step"],
    )
    return state
