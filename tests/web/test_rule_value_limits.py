"""The forms' length limits are the engine's (issue 19, point 1: no rule number written into a
template): step 5's personal goal and the bank's correction reason take ``maxlength`` from
``rule_values``, and the goal's sentence names the same number."""

from __future__ import annotations

import re

from django.template.loader import render_to_string
from django.utils import translation

from playboss.rules import GameConfig, rule_values


def test_the_personal_goal_form_keeps_to_the_engines_limit() -> None:
    """Rulebook II, "5. Step: Various Game Goals": the personal goal is written down before
    the first roll, in as many characters as the engine takes."""
    rules = {**rule_values(GameConfig(teams=("Red", "Blue"), steps=frozenset({5}))),
             "personal_goal_max": 123}  # a limit no template could have written
    data = {"goal": {"variant": "profit", "personal_goal": ""}, "mine": {"rolls": 0},
            "rules": rules, "goal_open": {"written": False}}
    with translation.override("en"):
        html = render_to_string("classroom/steps/team_steps.html", {"data": data,
                                                                    "actor": "Red"})
    with translation.override("de"):
        german = render_to_string("classroom/steps/team_steps.html", {"data": data,
                                                                      "actor": "Red"})
    assert re.search(r'name="text" maxlength="123"', html), html
    assert "(1 to 123 characters)" in html
    assert "(1 bis 123 Zeichen)" in german
