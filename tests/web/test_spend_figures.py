"""Issue 21, point 8: a move that spends more than half the team's cash asks first, naming the
cash after. The page asks (live.js, tests/e2e/test_pause_and_junk.py); the figures it asks
with are the engine's: every form of a team's move carries the team's cash and, for each value
it offers, the cash after the move as the engine quotes it."""

from __future__ import annotations

import re

from classroom import selectors, state_store
from classroom.models import Game
from classroom.screens import ScreenSpec, build_screen
from playboss.rules import action_from_dict, quote


def test_each_option_names_the_cash_after_as_the_engine_quotes_it(game: Game) -> None:
    html = build_screen(game, ScreenSpec("Red", "en")).html()
    forms = re.findall(r'<form class="move[^"]*" data-type="(\w+)" data-fixed="([^"]*)"'
                       r'( data-cash="(\d+)")?( data-after="(-?\d+)")?[^>]*>(.*?)</form>',
                       html, re.S)
    cash = selectors.panel(game, "Red")["mine"]["cash"]
    checked = 0
    for kind, _fixed, _c, form_cash, _a, _after, body in forms:
        if kind == "buy_computer":  # all the cash, or most of it: the page must ask
            assert form_cash == str(cash)
            afters = re.findall(r'<option value="(\d+)" data-after="(-?\d+)"', body)
            assert afters
            for credit, value in afters:
                move = action_from_dict({"type": "buy_computer", "actor": "Red",
                                         "credit": int(credit)})
                quoted = state_store.read_state(game, lambda s, m=move: quote(s, m).cash)
                assert int(value) == quoted
                checked += 1
            assert int(afters[0][1]) < cash / 2
    assert checked >= 1
