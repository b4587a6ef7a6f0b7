"""Golden playthroughs of the expansion steps: each step on its own, and all six together.

The base model's golden games are in ``tests/test_golden.py``; these do the same for part II.
For each case ``tests/golden/`` holds

* ``<case>.log.json``: the game log (``docs/game-log.md``: the config, every move with its
  chance outcomes), one move a line;
* ``<case>.transcript.txt``: what replaying it says, move by move — the move, its dice and
  cards, every event as the site's catalogue tells it in English — and, at each year's end,
  the team's balance sheet figures (statements) and at the game's end every team's and the
  ranking.

The test replays the stored log through the public surface (``GameLog``, ``replay``, the
invariants after every move) and compares the transcript line by line, so any change of what
the engine does or says under a step shows up as a difference — the check that moving the
engine's code about (issue 14) changed nothing. Each case also asserts that its game really
plays its step: an auction, a free-market underbid, a marketing organization's sale, a tax
and a takeover, a sales target reached, a strike and a lockout.

The games are made by bots (``playboss.rules.bots``) with a little direction: moves of the
step's kinds are preferred when they are legal (``Case.prefer``), and a few open-ended moves
(a takeover offer, a personal goal) are scripted (``Case.script``). Only re-recording plays
them; the tests replay the stored log, so a change of the bots never touches these files.

Re-record deliberately (after a rule change, or when the bots or the engine's moves change so
that a stored log no longer replays), then read the new transcripts' diff against the
rulebook before committing — a golden file that freezes a bug is worse than none::

    PLAYBOSS_UPDATE_GOLDEN=1 pytest tests/test_golden_steps.py -p no:cacheprovider
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from playboss.rules import (
    GameConfig,
    GameLog,
    GameState,
    RuleViolation,
    action_from_dict,
    apply,
    balance_sheet,
    check_invariants,
    legal_actions,
    replay,
)
from playboss.rules.cli import final_state
from playboss.rules.legal import to_move
from tests.event_english import english

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PLAYBOSS_UPDATE_GOLDEN") == "1"
#: A directed game that runs this long is stuck (the longest case has about 600 moves).
MAX_MOVES = 3_000


@dataclass(frozen=True)
class Scripted:
    """A move made as soon as the game has ``after`` moves and accepts it. ``"$offer"`` in a
    field stands for the number of the last takeover offered."""

    after: int
    move: dict[str, Any]


@dataclass(frozen=True)
class Case:
    name: str
    steps: frozenset[int]
    seats: tuple[str, ...]  # the bot in each seat: "greedy", "sensible", "random"
    seed: int
    years: int | None = 2
    settings: dict[str, Any] = field(default_factory=dict)
    #: Kinds of move chosen whenever legal for whoever is asked, up to so many times in all,
    #: once the game has so many moves: (kind, times, after).
    prefer: tuple[tuple[str, int, int], ...] = ()
    script: tuple[Scripted, ...] = ()
    #: Event types the transcript must hold: the step's rules were played.
    expect: tuple[str, ...] = ()

    def config(self) -> GameConfig:
        teams = tuple(f"Team {n}" for n in range(1, len(self.seats) + 1))
        return GameConfig(teams=teams, seed=self.seed, years=self.years, steps=self.steps,
                          **self.settings)


TAKEOVER = (Scripted(60, {"type": "offer_takeover", "actor": "Team 1", "target": "Team 3",
                          "price": 1_000}),
            Scripted(61, {"type": "accept_takeover", "actor": "Team 3", "offer": "$offer"}))
GOALS = tuple(Scripted(0, {"type": "personal_goal", "actor": f"Team {n}", "text": text})
              for n, text in ((1, "The largest market share"), (2, "Never a bank loan"),
                              (3, "The highest asset yield")))
#: A strike called early, answered by a lockout, both ended some moves later.
STRIKE = (("call_strike", 1, 30), ("declare_lockout", 1, 30), ("end_lockout", 1, 70),
          ("end_strike", 1, 80), ("give_notice", 1, 0))

CASES = (
    Case("step1_free_market", frozenset({1}), ("greedy", "greedy", "sensible"), seed=3,
         prefer=(("bid", 4, 0), ("match_bid", 2, 0)),
         expect=("offer_sale", "bid", "bidding_end")),
    Case("step2_auction", frozenset({2}), ("greedy", "random", "greedy"), seed=1,
         expect=("auction_open", "auction_bid", "auction_won")),
    Case("step3_marketing", frozenset({3}), ("sensible", "greedy", "greedy"), seed=4, years=3,
         prefer=(("found_marketing", 1, 60), ("marketing_sale", 6, 0)),
         expect=("marketing_founded", "marketing_sale")),
    Case("step4_taxation", frozenset({4}), ("greedy", "sensible", "greedy"), seed=4,
         script=TAKEOVER, expect=("tax", "takeover_offered", "takeover")),
    Case("step5_goals", frozenset({5}), ("greedy", "greedy", "greedy"), seed=5, years=4,
         settings={"goal": "sales_yield", "sales_target": 15_000}, script=GOALS,
         expect=("personal_goal", "time_up")),
    Case("step6_labor", frozenset({6}), ("greedy", "greedy", "sensible"), seed=1,
         prefer=STRIKE,
         expect=("hired", "salaries", "strike_called", "strike_active", "lockout", "notice")),
    Case("all_steps", frozenset({1, 2, 3, 4, 5, 6}), ("greedy", "greedy", "sensible"), seed=6,
         prefer=(("bid", 2, 0), ("found_marketing", 1, 60), ("marketing_sale", 3, 0),
                 *STRIKE),
         script=TAKEOVER + GOALS,
         expect=("offer_sale", "auction_open", "marketing_founded", "marketing_sale", "tax",
                 "takeover", "personal_goal", "hired", "strike_called")),
)
BY_NAME = {case.name: case for case in CASES}


def _paths(case: str) -> tuple[Path, Path]:
    return GOLDEN / f"{case}.log.json", GOLDEN / f"{case}.transcript.txt"


# ------------------------------------------------------------------ recording (on request)
def _move(action: dict[str, Any], last_offer: int | None) -> dict[str, Any]:
    return {k: (last_offer if v == "$offer" else v) for k, v in action.items()}


def record(case: Case) -> GameLog:
    """Play ``case``'s directed bot game; its log."""
    from playboss.rules.bots import BOTS  # only here: the replaying tests never need a bot

    config = case.config()
    log, state = GameLog.start(config)
    bots = {team: BOTS[kind](config.seed * 1_000 + seat)
            for seat, (team, kind) in enumerate(zip(config.teams, case.seats, strict=True))}
    preferred = {kind: times for kind, times, _ in case.prefer}
    after = {kind: moves for kind, _, moves in case.prefer}
    script = list(case.script)
    last_offer: int | None = None
    while state.phase != "ended":
        assert state.seq < MAX_MOVES, f"{case.name} did not end in {MAX_MOVES} moves"
        action = None
        for item in script:
            if state.seq >= item.after:
                candidate = action_from_dict(_move(item.move, last_offer))
                try:
                    events = apply(state, candidate)
                except RuleViolation:
                    continue  # not yet: try again after the next move
                script.remove(item)
                action = candidate
                break
        if action is None:
            actor = to_move(state)
            ready = {k: n for k, n in preferred.items() if state.seq >= after[k]}
            action = _preferred(state, actor, ready)
            if action is None:
                if actor not in bots:  # the bank, the worker representative
                    bots[actor] = BOTS["random"](config.seed * 1_000 + 999)
                action = bots[actor].choose(state, actor)
            events = apply(state, action)
            if action.type in preferred:
                preferred[action.type] -= 1
        log.record(action, state)
        check_invariants(state)
        last_offer = next((e["offer"] for e in events if e["type"] == "takeover_offered"),
                          last_offer)
    return log


def _preferred(state: GameState, actor: str, preferred: dict[str, int]) -> Any:
    if not any(preferred.values()):
        return None
    for action in legal_actions(state, actor):
        if preferred.get(action.type, 0) > 0:
            return action
    return None


def write_log(log: GameLog, path: Path) -> None:
    """The log as ``GameLog.dumps`` has it, one move a line (short, and diffs read well)."""
    data = log.to_dict()
    moves = data.pop("actions")
    head = json.dumps(data, indent=1)[:-2]
    lines = [json.dumps(move, separators=(",", ":")) for move in moves]
    path.write_text(head + ',\n "actions": [\n' + ",\n".join(lines) + "\n ]\n}\n",
                    encoding="utf-8")


# ------------------------------------------------------------------ the transcript
def _figures(values: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in values.items() if k != "team" and v not in (0, None))


def _move_text(entry: dict[str, Any]) -> str:
    fields = " ".join(f"{k}={json.dumps(v, separators=(',', ':'))}" for k, v in entry.items()
                      if k not in ("type", "actor", "chance"))
    chance = " ".join(f"{k}={v}" for k, v in entry.get("chance", {}).items())
    return f"{entry['actor']} {entry['type']}{' ' + fields if fields else ''}" + (
        f" | {chance}" if chance else "")


def transcript(log: GameLog) -> list[str]:
    """Replay ``log`` (invariants checked after every move); what it says, line by line."""
    lines: list[str] = []
    closing: list[str] = []  # the teams whose year ended with the move being replayed
    shown = 0  # the last move written

    def show_move(index: int) -> None:
        nonlocal shown
        if index != shown:
            shown = index
            lines.append(f"{index:5} > {_move_text(log.entries[index - 1])}")

    def hear(index: int, event: dict[str, Any]) -> None:
        show_move(index)
        lines.append(f"{index:5}   {english(event)}")
        if event["type"] == "year_end":
            closing.append(event["team"])

    replayed = 0

    def after_move(state: GameState) -> None:
        nonlocal replayed
        replayed += 1
        show_move(replayed)  # a move that said nothing is listed too
        check_invariants(state)
        for team in closing:
            figures = _figures(balance_sheet(state, team).to_dict())
            lines.append(f"{state.seq:5}   [statements] {team} year "
                         f"{state.teams[team].years}: {figures}")
        closing.clear()

    state = replay(log, on_event=hear, check=after_move)
    final = final_state(state)
    for team, row in final["teams"].items():
        lines.append(f"final {team}: {_figures(row['balance_sheet'])}")
        if "tax" in row:
            lines.append(f"final {team} tax: {json.dumps(row['tax'], sort_keys=True)}")
    for row in final.get("results", []):
        lines.append(f"result {json.dumps(row, sort_keys=True)}")
    if "steps" in final:
        lines.append(f"steps {json.dumps(final['steps'], sort_keys=True)}")
    return lines


@pytest.fixture(scope="module", autouse=True)
def _update_golden() -> None:
    if not UPDATE:
        return
    GOLDEN.mkdir(exist_ok=True)
    for case in CASES:
        log_path, transcript_path = _paths(case.name)
        write_log(record(case), log_path)
        lines = transcript(GameLog.load(log_path))
        transcript_path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# ------------------------------------------------------------------ the tests
@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_transcript(name: str) -> None:
    log_path, transcript_path = _paths(name)
    lines = transcript(GameLog.load(log_path))
    expected = transcript_path.read_text(encoding="utf-8").splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"{transcript_path.name} line {number} differs"
    assert len(lines) == len(expected), f"{len(lines)} lines, the transcript has {len(expected)}"


@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_the_game_plays_its_step(name: str) -> None:
    case = BY_NAME[name]
    log = GameLog.load(_paths(name)[0])
    # The stored game is the case's: its steps and settings (the deck order it drew is added).
    assert replace(log.config, risk_order=None) == case.config()
    types: set[str] = set()
    replay(log, on_event=lambda _index, event: types.add(event["type"]))
    assert set(case.expect) <= types, f"missing: {sorted(set(case.expect) - types)}"
    assert "game_over" in types


def test_the_golden_files_stay_small() -> None:
    sizes = {path.name: path.stat().st_size for path in GOLDEN.glob("step*")}
    sizes.update({path.name: path.stat().st_size for path in GOLDEN.glob("all_steps*")})
    assert len(sizes) == 2 * len(CASES)
    assert sum(sizes.values()) < 400_000, sizes
