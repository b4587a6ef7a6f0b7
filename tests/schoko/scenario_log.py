"""Scenario logs written from the rulebook (issue 20): each scenario is a game log in the
documented format (docs/schoko/game-log.md) with every chance outcome given (the three deck
orders in the config), replayed twice: in-process through ``GameLog.from_dict`` + ``replay``
and through the command line (``python -m playboss.schoko replay FILE --full``). Both must
agree; the tests then assert what the rulebook says happened.

The builders below only spell out moves (one dict per action, as a person writing a log by hand
would); they never ask the engine what to do next.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from playboss.schoko import BANK, check_invariants, view
from playboss.schoko.cli import main
from playboss.schoko.gamelog import GameLog, ReplayError, replay
from playboss.schoko.snapshot import state_to_dict
from playboss.schoko.state import GameState

ROOT = Path(__file__).resolve().parents[2]

#: Event deck orders used by the scenarios (top first).
EVENTS = ("magenverstimmung", "protest", "schock", "zuschuss", "kakaoschock", "sitzt_fest",
          "leergefegt")
#: The express deck as dealt: three each in seat order (A gets the first three, B the next...).
EXPRESS = ("bedauerlich", "fuerchterlich", "skandaloes", "ruehrend", "schlapp", "katastrophal",
           "grosszuegig", "entsetzlich", "spitze", "schmerzlich", "schlimm", "unglaublich")


def config(teams: tuple[str, ...] = ("A", "B"), months: int = 2, *,
           events: tuple[str, ...] = EVENTS, express: tuple[str, ...] = EXPRESS,
           contracts: tuple[int, ...] = tuple(range(23)), **settings: Any) -> dict[str, Any]:
    """A set-up with every chance outcome given. Contract cards by number (the default table,
    docs/schoko/rules.md): 0-2 are 10 t (1 bar; 0: 11,000-20,000), 3-6 are 20 t (3:
    22,000-40,000), 7-11 are 30 t (7: 33,000-60,000), 12-15 are 40 t, 16-20 are 50 t, 21-22
    are 60 t."""
    return {"teams": list(teams), "seed": 0, "months": months,
            "contract_order": list(contracts), "event_order": list(events),
            "express_order": list(express), **settings}


def act(type_: str, actor: str, /, **fields: Any) -> dict[str, Any]:
    return {"type": type_, "actor": actor, **fields}


def passes(*teams: str) -> list[dict[str, Any]]:
    """The inside-information question at the start of a month, answered no by each team."""
    return [act("pass", t) for t in teams]


def staff(team: str, *, hire: dict[str, int] | None = None,
          fire: dict[str, int] | None = None, pay: bool = True) -> list[dict[str, Any]]:
    """A team's phase 1: its firings, its hirings, then the salaries."""
    out = [act("fire", team, kind=k, count=n) for k, n in (fire or {}).items()]
    out += [act("hire", team, kind=k, count=n) for k, n in (hire or {}).items()]
    if pay:
        out.append(act("pay_salaries", team))
    return out


def pay(*teams: str) -> list[dict[str, Any]]:
    return [act("pay_salaries", t) for t in teams]


def requests(*pairs: tuple[str, int]) -> list[dict[str, Any]]:
    return [act("request", t, bars=n) for t, n in pairs]


def city(**bids: tuple[int, int]) -> list[dict[str, Any]]:
    """One city's sealed bids: team=(bars, price); a team not named lines the city out."""
    return [act("bid", t, bars=b, price=p) for t, (b, p) in bids.items()]


def lined_out(*teams: str) -> list[dict[str, Any]]:
    return [act("bid", t) for t in teams]


def finance(*teams: str) -> list[dict[str, Any]]:
    return [act("end_finance", t) for t in teams]


def log(cfg: dict[str, Any], *parts: Any) -> dict[str, Any]:
    actions: list[dict[str, Any]] = []
    for part in parts:
        actions += part if isinstance(part, list) else [part]
    return {"format": "schoko-log", "version": 1, "config": cfg, "actions": actions}


def run_cli(data: Any, *args: str, raw: str | None = None,
            subprocess_: bool = False) -> subprocess.CompletedProcess[str]:
    """``python -m playboss.schoko replay FILE *args`` on the log: through the CLI's ``main``
    in this process (every scenario: a Python start costs seconds on a loaded machine) or, with
    ``subprocess_``, as a real process (the tests of the command line itself)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "scenario.json"
        path.write_text(raw if raw is not None else json.dumps(data), "utf-8")
        if not subprocess_:
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = main(["replay", str(path), *args])
                except SystemExit as exit_:  # argparse
                    code = int(exit_.code or 0)
            return subprocess.CompletedProcess([], code, out.getvalue(), err.getvalue())
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        return subprocess.run([sys.executable, "-m", "playboss.schoko", "replay", str(path),
                               *args], capture_output=True, text=True, cwd=ROOT, env=env,
                              timeout=120, check=False)


def play(data: dict[str, Any], cli: bool = True) -> GameState:
    """Replay a scenario in-process (invariants after every action) and through the command
    line; the CLI's bank view must equal the in-process one."""
    state = replay(GameLog.from_dict(json.loads(json.dumps(data))), check=check_invariants)
    if cli:
        done = run_cli(data, "--full")
        assert done.returncode == 0, done.stdout + done.stderr
        assert json.loads(done.stdout) == json.loads(json.dumps(view(state, BANK)))
    return state


def events_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    replay(GameLog.from_dict(json.loads(json.dumps(data))),
           on_event=lambda _i, e: seen.append(e))
    return seen


def refused_last(data: dict[str, Any], code: str, cli: bool = True) -> ReplayError:
    """The log's last action is refused with ``code``; nothing of it is applied (the state is
    the one after the other actions); the command line says so and exits 1."""
    try:
        replay(GameLog.from_dict(json.loads(json.dumps(data))))
    except ReplayError as error:
        assert error.violation.code == code, (error.violation.code, str(error.violation))
        assert error.index == len(data["actions"]), (error.index, str(error.violation))
        before = replay(GameLog.from_dict({**data, "actions": data["actions"][:-1]}))
        assert state_to_dict(error.state) == state_to_dict(before)
        if cli:
            done = run_cli(data)
            assert done.returncode == 1, done.stdout + done.stderr
            said = json.loads(done.stdout)
            assert said["error"] == code and said["index"] == len(data["actions"])
            assert said["message"]
        return error
    raise AssertionError(f"the last action was accepted: {data['actions'][-1]}")
