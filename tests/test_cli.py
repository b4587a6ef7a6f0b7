"""The command line, ``python -m playboss.rules``: through a real subprocess and through
``cli.main([...])`` in-process.

Exit codes: 0 done; 1 an action of the log was refused (the violation on stderr, the state
just before it on stdout); 2 the file is not a game log (or the arguments are wrong).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from playboss.rules import cli, plain_event
from playboss.rules.gamelog import GameLog, replay

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden"
GREEDY = GOLDEN / "greedy_4teams_seed7.log.json"
HAND = GOLDEN / "entered_deal_credit_risk.log.json"

TEAM_KEYS = {"cash", "machines", "computers", "raw", "finished", "web", "bank_debt",
             "private_debt", "loans_given", "position", "year", "balance_sheet"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "playboss.rules", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def write_log(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def hand_log() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(HAND.read_text(encoding="utf-8"))
    return data


# ====================================================================== replay
def test_replay_prints_the_final_state_as_json() -> None:
    result = run("replay", str(GREEDY))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    state = json.loads(result.stdout)
    assert state == json.loads((GOLDEN / "greedy_4teams_seed7.final.json").read_text("utf-8"))
    assert state["phase"] == "ended" and state["seq"] == 184
    assert set(state["teams"]) == {"Team 1", "Team 2", "Team 3", "Team 4"}
    for team in state["teams"].values():
        assert set(team) >= TEAM_KEYS
        assert set(team["machines"]) == {"single", "double"}
        assert set(team["computers"]) == {"owned", "leased"}
        sheet = team["balance_sheet"]
        assert sheet["cash"] == team["cash"]
        assert sheet["bank_debt"] == team["bank_debt"]
        assert sheet["profit"] == sheet["total_assets"] - sheet["bank_debt"] - sheet[
            "other_debt"] - sheet["starting_capital"]
    assert [r["rank"] for r in state["results"]] == [1, 2, 3, 4]


def test_replay_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = main(capsys, "replay", str(HAND))
    assert code == 0 and err == ""
    state = json.loads(out)
    assert state == json.loads((GOLDEN / "entered_deal_credit_risk.final.json").read_text())
    red = state["teams"]["Red"]
    assert red["machines"] == {"single": 1, "double": 0}
    assert (red["bank_debt"], red["private_debt"]) == (4_500, 2_000)
    assert state["teams"]["Blue"]["loans_given"] == 2_000


@pytest.mark.parametrize("at", [0, 1, 10, 29])
def test_replay_at_stops_after_n_actions(capsys: pytest.CaptureFixture[str], at: int) -> None:
    code, out, _ = main(capsys, "replay", str(HAND), "--at", str(at))
    assert code == 0
    state = json.loads(out)
    assert state["seq"] == at
    expected = cli.final_state(replay(GameLog.load(HAND), at))
    assert state == json.loads(json.dumps(expected))


def test_replay_at_through_a_subprocess() -> None:
    result = run("replay", str(GREEDY), "--at", "50")
    assert result.returncode == 0
    state = json.loads(result.stdout)
    assert state["seq"] == 50 and state["phase"] == "turn"
    assert "results" not in state


def test_replay_events_print_the_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    """``--events`` prints the golden transcript's events line by line, in plain words (the
    engine has no sentences; the transcript is the site's catalogue's English)."""
    code, out, err = main(capsys, "replay", str(GREEDY), "--events", "--check")
    assert code == 0
    heard: list[str] = []
    replay(GameLog.load(GREEDY), on_event=lambda i, e: heard.append(f"{i:5} {plain_event(e)}"))
    assert err.splitlines() == heard
    numbers = [line[:5] for line in (GOLDEN / "greedy_4teams_seed7.transcript.txt").read_text(
        "utf-8").splitlines()]
    assert [line[:5] for line in heard] == numbers  # one line per event of the transcript
    assert heard[0] == "    1 order_roll: team='Team 1' die=6"
    assert "    8 purchase: team='Team 2' units=2 cost=700 prices=[350, 350]" in heard
    assert json.loads(out)["seq"] == 184


def test_replay_events_name_a_private_event_s_audience(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    code, _, err = main(capsys, "replay", str(HAND), "--events")
    assert code == 0
    assert "   25 credit (Red, bank): team=Red amount=500" in err.splitlines()


def test_an_illegal_action_is_refused_with_exit_1(tmp_path: Path) -> None:
    data = hand_log()
    # Action 6 is Red's investment; Blue buying instead is not Blue's move to make.
    data["actions"].insert(5, {"type": "purchase", "actor": "Blue", "units": 2})
    result = run("replay", str(write_log(tmp_path / "bad.json", data)))
    assert result.returncode == 1
    assert "error: action 6 refused: It is Red's turn, not Blue's." in result.stderr
    assert "[Decision: Purchasing]" in result.stderr
    # stdout holds the state just before the refused action.
    assert json.loads(result.stdout)["seq"] == 5


def test_an_illegal_action_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = hand_log()
    data["actions"][5] = {"type": "invest", "actor": "Red", "credit": 6_000}
    code, out, err = main(capsys, "replay", str(write_log(tmp_path / "bad.json", data)))
    assert code == 1
    assert err.startswith("error: action 6 refused: An investment may borrow at most 5,000")
    assert json.loads(out)["teams"]["Red"]["machines"] == {"single": 0, "double": 0}


def test_an_unknown_action_type_in_a_log_is_refused(tmp_path: Path) -> None:
    data = hand_log()
    data["actions"][2] = {"type": "fly", "actor": "Red"}
    result = run("replay", str(write_log(tmp_path / "bad.json", data)))
    assert result.returncode == 1
    assert "action 3 refused: Unknown action type 'fly'." in result.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("this is not json", "The log is not valid JSON"),
        ("[1, 2, 3]", "A game log is an object with 'config' and 'actions'."),
        ('{"actions": []}', "A game log is an object with 'config' and 'actions'."),
        ('{"format": "other", "config": {"teams": ["A"]}, "actions": []}',
         "This is not a playboss-log version 1 file."),
        ('{"config": {"teams": ["A"], "colour": "red"}, "actions": []}',
         "unknown setting(s) colour"),
        ('{"config": {"teams": []}, "actions": []}', "a game has 1 to 9 teams"),
        ('{"config": {"teams": ["A"], "dice": "loaded"}, "actions": []}', "dice is one of"),
        ('{"config": {"teams": ["A"], "limits": {"machines": "5"}}, "actions": []}',
         "limits gives whole numbers"),
        ('{"config": {"teams": ["A"], "limits": {"robots": 5}}, "actions": []}',
         "limits gives whole numbers"),
        ('{"config": {"teams": ["A"], "limits": {"machines": -3}}, "actions": []}',
         "none is negative"),
        ('{"config": {"teams": ["A"], "starting_capital": -5}, "actions": []}',
         "no negative amount"),
        ('{"config": {"teams": ["A"], "zone_prices": [-100, 0, 100]}, "actions": []}',
         "at least 1 Mark"),
        ('{"config": {"teams": ["A"], "steps": "12"}, "actions": []}',
         "steps is a list of numbers 1 to 6"),
        ('{"config": {"teams": ["A"], "final_capital": "half"}, "actions": []}',
         "final_capital is one of"),
    ],
)
def test_a_junk_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str,
                             message: str) -> None:
    path = tmp_path / "junk.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = main(capsys, "replay", str(path))
    assert code == 2
    assert out == ""
    assert err.startswith("error: ") and message in err


def test_a_junk_file_through_a_subprocess(tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    path.write_text("{'config': nonsense", encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: The log is not valid JSON")
    missing = run("replay", str(tmp_path / "missing.json"))
    assert missing.returncode == 2 and missing.stderr.startswith("error: ")
    directory = run("replay", str(tmp_path))
    assert directory.returncode == 2 and directory.stderr.startswith("error: ")


def test_a_binary_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    path.write_bytes(b"\x00\xff not a log")
    result = run("replay", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith("error: ")


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["fly"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        cli.main(["replay", str(HAND), "--at", "many"])
    assert exc.value.code == 2
    assert "'many' is not a whole number" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        cli.main(["replay", str(HAND), "--at", "-1"])
    assert exc.value.code == 2 and "give 0 or more" in capsys.readouterr().err


# ====================================================================== simulate and play
SIMULATE = re.compile(
    r"^(?P<games>\d+) games, (?P<actions>\d+) actions, [\d.]+ s: (?P<gps>[\d.,]+) games/s, "
    r"(?P<aps>[\d,]+) actions/s, \d+ bankruptcies; invariants (?P<checks>.+)$"
)


def test_simulate_prints_games_and_actions_per_second() -> None:
    result = run("simulate", "--games", "3", "--teams", "3", "--seed", "5", "--years", "2")
    assert result.returncode == 0, result.stderr
    match = SIMULATE.match(result.stdout.strip())
    assert match, result.stdout
    assert int(match["games"]) == 3 and int(match["actions"]) > 0
    assert float(match["gps"].replace(",", "")) > 0
    assert int(match["aps"].replace(",", "")) > 0
    assert match["checks"] == "checked after every action"


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_simulate_in_process(capsys: pytest.CaptureFixture[str], bot: str) -> None:
    code, out, _ = main(capsys, "simulate", "--games", "2", "--teams", "4", "--years", "1",
                        "--bot", bot, "--no-check")
    assert code == 0
    match = SIMULATE.match(out.strip())
    assert match, out
    assert match["checks"] == "not checked"
    # The same seeds play the same games: the count of actions repeats.
    code, again, _ = main(capsys, "simulate", "--games", "2", "--teams", "4", "--years", "1",
                          "--bot", bot)
    again_match = SIMULATE.match(again.strip())
    assert again_match and again_match["actions"] == match["actions"]


def test_play_writes_a_log_that_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    code, out, _ = main(capsys, "play", "--teams", "3", "--seed", "2", "--years", "1")
    assert code == 0
    printed = json.loads(out)
    assert printed["format"] == "playboss-log" and printed["actions"]
    path = tmp_path / "log.json"
    assert main(capsys, "play", "--teams", "3", "--seed", "2", "--years", "1", "--out",
                str(path))[0] == 0
    assert json.loads(path.read_text("utf-8")) == printed
    code, out, _ = main(capsys, "replay", str(path), "--check")
    assert code == 0
    assert json.loads(out)["phase"] == "ended"
