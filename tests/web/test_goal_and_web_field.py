"""Issue 21, point 10. Step 5's personal goal can be written until the team's first roll on the
board -- after the roll for who begins, as long as the team has not rolled on the board -- and
the form says until when; "Your move" reminds a team that has not written it yet. The green WEB
field explains a chip's uses in one line each, with the engine's numbers (rulebook, "The Green
WEB Field": efficiency, advertising, computer leasing, insurance; the yellow and white fields'
"Pay 1 WEB")."""

from __future__ import annotations

import re

import pytest

from classroom import selectors, services
from classroom.models import Classroom, Game
from classroom.screens import ScreenSpec, build_screen
from playboss.rules import GameConfig, rule_values

from .conftest import make_game

UNTIL = "Until your first roll on the board: the roll for who begins does not count."


def region(game: Game, team: str, name: str, language: str = "en") -> str:
    game.refresh_from_db()
    return build_screen(game, ScreenSpec(team, language)).regions[name][1]


def move(game: Game, actor: str, **action: object) -> None:
    services.submit_action(game_id=game.pk, actor=actor, payload=action, run_bots=False)


def goal_form(game: Game, team: str) -> bool:
    return 'data-type="personal_goal"' in region(game, team, "team-steps")


@pytest.fixture
def goals(classroom: Classroom) -> Game:
    return make_game(classroom, steps=[5], first_team=None)  # the teams roll for who begins


def test_the_goal_is_open_until_the_first_roll_on_the_board(goals: Game) -> None:
    assert goal_form(goals, "Red") and UNTIL in region(goals, "Red", "team-steps")
    assert "goal-reminder" in region(goals, "Red", "moves")
    move(goals, "Red", type="roll", die=6)  # the roll for who begins
    move(goals, "Blue", type="roll", die=1)
    # Both still may write it: neither has rolled on the board.
    assert goal_form(goals, "Red") and goal_form(goals, "Blue")
    german = region(goals, "Red", "team-steps", "de")
    assert "Bis zu deinem ersten Wurf auf dem Spielbrett" in german
    move(goals, "Red", type="personal_goal", text="Two machines by the end of year 1")
    assert "goal-reminder" not in region(goals, "Red", "moves")  # written: no reminder
    assert goal_form(goals, "Red")  # it may still be changed
    move(goals, "Red", type="roll", die=1)  # Red's first roll on the board
    assert not goal_form(goals, "Red")
    assert "goal-reminder" not in region(goals, "Red", "moves")
    # Blue, still before its first roll on the board, writes it in Red's turn.
    assert goal_form(goals, "Blue") and "goal-reminder" in region(goals, "Blue", "moves")
    move(goals, "Blue", type="personal_goal", text="Never borrow")
    assert "Never borrow" in region(goals, "Blue", "team-steps")
    with pytest.raises(services.ServiceError):
        move(goals, "Red", type="personal_goal", text="Too late")


def test_a_game_without_step_5_has_no_goal_form(game: Game) -> None:
    assert not goal_form(game, "Red") and "goal-reminder" not in region(game, "Red", "moves")


def test_the_green_field_explains_each_use_of_a_chip(game: Game) -> None:
    seen = selectors.panel(game, "Red")
    board, start = seen["board"], seen["mine"]["position"]
    die = next(d for d in range(1, 7) if board[(start + d) % len(board)] == "G")
    assert "web-uses" not in region(game, "Red", "moves")
    move(game, "Red", type="roll", die=die)
    html = region(game, "Red", "moves")
    web = rule_values(GameConfig.from_dict(game.config))["web"]
    lines = re.findall(r"<li>(.*?)</li>", html.split('class="web-uses', 1)[1], re.S)
    assert [line.split(":")[0].strip() for line in lines] == [
        "Insurance", "Advertising", "Double capacity", "Computer lease", "Write-off field",
        "Cost field"]
    assert f"while you hold {web['insurance']} chips" in lines[0]
    assert f"give back {web['advertising']} chips" in lines[1] and "5,000 M" in lines[1]
    assert f"give back {web['efficiency']} chips" in lines[2]
    assert f"{web['lease']} chips lease a computer" in lines[3]
    assert "pay 1 chip" in lines[4] and "pay 1 chip" in lines[5]
    assert "What a WEB chip (1,000 M) is for" in html
    assert "web-uses" not in region(game, "Blue", "moves")  # only on the team on the field
    german = region(game, "Red", "moves", "de")
    assert "Versicherung" in german and "Werbung" in german
