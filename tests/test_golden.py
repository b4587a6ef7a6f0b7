"""Golden playthroughs (in the manner of OpenSpiel's playthrough files).

``tests/golden/`` holds, for each case, a game log (``<case>.log.json``), the full event
transcript of replaying it (``<case>.transcript.txt``: every event as the site's catalogue tells
it in English, one per line, prefixed by the number of the action that caused it, the lines of
``python -m playboss.rules replay LOG --events`` in words) and the final state
(``<case>.final.json``: ``cli.final_state``).
Any change to what the engine does or says shows up here as a line-by-line difference.

Cases:

* ``greedy_4teams_seed7``: greedy bots, 4 teams, seed 7, 2 years, made by
  ``python -m playboss.rules play --teams 4 --seed 7 --years 2 --out ...``. A test also checks
  that ``play`` still writes exactly this log (the bots and the dice are deterministic).
* ``entered_deal_credit_risk``: written by hand. Entered dice (physical-board mode), a tie in
  the roll for first place, an investment on credit, risk cards entered by number, a private
  loan and a private sale of raw material, repaying and taking bank credit, repaying the
  private loan in part, selling back to the bank, the bank calling time.

When a change is intended, regenerate and review the diff before committing::

    PLAYBOSS_UPDATE_GOLDEN=1 pytest tests/test_golden.py

That rewrites the greedy log (from ``play``) and every transcript and final state; the
hand-made log is never rewritten. Read the new transcript against the rulebook: a golden file
that freezes a bug is worse than none.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from playboss.rules import cli
from playboss.rules.gamelog import GameLog, replay
from playboss.rules.invariants import check
from tests.event_english import english

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PLAYBOSS_UPDATE_GOLDEN") == "1"

#: Bot games and the ``play`` arguments that make them; hand-made logs are not listed here.
PLAYED: dict[str, list[str]] = {
    "greedy_4teams_seed7": ["--teams", "4", "--seed", "7", "--years", "2", "--bot", "greedy"],
}
CASES = ["greedy_4teams_seed7", "entered_deal_credit_risk"]


def _paths(case: str) -> tuple[Path, Path, Path]:
    return (GOLDEN / f"{case}.log.json", GOLDEN / f"{case}.transcript.txt",
            GOLDEN / f"{case}.final.json")


def _play(case: str, out: Path) -> None:
    assert cli.main(["play", *PLAYED[case], "--out", str(out)]) == 0


def _run(case: str) -> tuple[list[str], dict[str, Any]]:
    """Replay the stored log, invariants checked after every action."""
    log_path = _paths(case)[0]
    lines: list[str] = []

    def hear(index: int, event: dict[str, Any]) -> None:
        lines.append(f"{index:5} {english(event)}")

    state = replay(GameLog.load(log_path), on_event=hear, check=check)
    # Through JSON, as the command line prints it (dict keys become strings, tuples lists).
    return lines, json.loads(json.dumps(cli.final_state(state)))


@pytest.fixture(scope="module", autouse=True)
def _update_golden() -> None:
    if not UPDATE:
        return
    GOLDEN.mkdir(exist_ok=True)
    for case in CASES:
        log_path, transcript_path, final_path = _paths(case)
        if case in PLAYED:
            _play(case, log_path)
        lines, final = _run(case)
        transcript_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        final_path.write_text(json.dumps(final, indent=2) + "\n", encoding="utf-8")


@pytest.mark.parametrize("case", CASES)
def test_transcript(case: str) -> None:
    _, transcript_path, _ = _paths(case)
    lines, _ = _run(case)
    expected = transcript_path.read_text(encoding="utf-8").splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"{transcript_path.name} line {number} differs"
    assert len(lines) == len(expected), (
        f"{len(lines)} events, the transcript has {len(expected)} lines"
    )


@pytest.mark.parametrize("case", CASES)
def test_final_state(case: str) -> None:
    _, _, final_path = _paths(case)
    _, final = _run(case)
    expected = json.loads(final_path.read_text(encoding="utf-8"))
    # Key by key first, for a readable failure; then the whole.
    for key in expected:
        assert final.get(key) == expected[key], f"final state differs in {key!r}"
    assert final == expected


@pytest.mark.parametrize("case", sorted(PLAYED))
def test_play_writes_the_stored_log(case: str, tmp_path: Path) -> None:
    out = tmp_path / "log.json"
    _play(case, out)
    played, stored = GameLog.load(out), GameLog.load(_paths(case)[0])
    # Configs compare as parsed, so a setting added later (with its default) is no change.
    assert played.config == stored.config
    for number, (got, want) in enumerate(zip(played.entries, stored.entries, strict=False), 1):
        assert got == want, f"action {number} differs"
    assert len(played.entries) == len(stored.entries)


def test_greedy_game_is_a_real_game() -> None:
    """The bot game is long enough to matter and ends the way the rules say."""
    lines, final = _run("greedy_4teams_seed7")
    log = json.loads(_paths("greedy_4teams_seed7")[0].read_text(encoding="utf-8"))
    assert len(log["actions"]) >= 150
    assert final["phase"] == "ended"
    assert any("completes its first year and receives 10,000" in line for line in lines)
    assert any("time is up" in line for line in lines)
    assert lines[-1].split(None, 1)[1].startswith("The game is over.")
    results = final["results"]
    assert [r["rank"] for r in results] == list(range(1, 5))
    # A team's result is its balance sheet's profit.
    for row in results:
        assert row["result"] == final["teams"][row["team"]]["balance_sheet"]["profit"]


def test_hand_made_log_covers_its_features() -> None:
    lines, final = _run("entered_deal_credit_risk")
    text = "\n".join(lines)
    for expected in ("rolled the same", "on credit", "offers Red a deal", "accepts deal",
                     "borrows 500 Marks", "repays 1,000 Marks to Blue",
                     "draws the risk card “Accident at work”", "sells 1 unit of raw material back",
                     "The bank calls time", "The game is over."):
        assert expected in text, expected
    assert final["loans"] == {"2": {"lender": "Blue", "borrower": "Red", "amount": 2000}}
    assert final["teams"]["Red"]["private_debt"] == 2000
    assert final["teams"]["Blue"]["loans_given"] == 2000
