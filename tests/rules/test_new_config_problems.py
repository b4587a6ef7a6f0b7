"""Every setting a game's set-up can get wrong is refused by name (issue 14: these branches of
``GameConfig``'s checks never ran in the engine's tests; the new-game form relies on them)."""

from __future__ import annotations

from typing import Any

import pytest

from playboss.rules import GameConfig
from playboss.rules.errors import ConfigError

TWO_TEAMS = {"teams": ["Red", "Blue"]}
#: (what is wrong, the set-up's settings, the setting named, the problem's code)
CASES: list[tuple[str, dict[str, Any], str, str]] = [
    ("a blank team name", {"teams": [" ", "Blue"]}, "teams", "config_team_name_empty"),
    ("no teams named", {}, "teams", "config_teams_missing"),
    ("a field that is no colour", {"board": "SRGX" + "R" * 38}, "board", "config_board_letters"),
    ("prices that fall", {"zone_prices": [500, 450, 400, 350, 300, 250, 200, 150]},
     "zone_prices", "config_zone_prices_rise"),
    ("a zone of no dimple", {"zone_capacity": 0}, "zone_capacity", "config_zone_capacity"),
    ("an unknown market fill", {"market_fill": "most"}, "market_fill", "config_market_fill"),
    ("a seventh step", {"steps": [7]}, "steps", "config_steps"),
    ("steps not numbered", {"steps": ["a"]}, "steps", "config_steps_list"),
    ("an unknown lease renewal", {"lease_renewal": "x"}, "lease_renewal", "config_choice"),
    ("an unknown goal", {"steps": [5], "goal": "x"}, "goal", "config_choice"),
    ("no sales target", {"steps": [5], "sales_target": 0}, "sales_target",
     "config_sales_target"),
    ("an unknown auction", {"bankruptcy_auction": "x"}, "bankruptcy_auction", "config_choice"),
    ("an unknown yield rule", {"yield_losses": "x"}, "yield_losses", "config_choice"),
    ("a credit step of nothing", {"credit_step": 0}, "credit_step", "config_at_least"),
    ("an unknown reading", {"advertising_field": "x"}, "advertising_field", "config_choice"),
    ("a number for a text", {"dice": 5}, "dice", "config_text"),
]


@pytest.mark.parametrize(("wrong", "settings", "setting", "code"), CASES,
                         ids=[case[0] for case in CASES])
def test_a_wrong_setting_is_refused_by_name(wrong: str, settings: dict[str, Any],
                                            setting: str, code: str) -> None:
    """Rulebook I, "Preparation for Play": the game is set up as agreed - a set-up that cannot
    be played is refused, naming the setting and why."""
    data = {**TWO_TEAMS, **settings} if settings else {"seed": 1}
    with pytest.raises(ConfigError) as refused:
        GameConfig.from_dict(data)
    assert [(name, problem.code) for name, problem in refused.value.problems] == [
        (setting, code)], wrong
    control = {**TWO_TEAMS, **({"steps": [5]} if settings.get("steps") == [5] else {})}
    GameConfig.from_dict(control)  # without the wrong setting the set-up is accepted
