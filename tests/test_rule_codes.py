"""The engine speaks in codes: every refusal carries a stable ``code`` and the ``params`` its
message speaks of, beside the English ``message`` and ``rule`` (which stay as they were); a
game's set-up is refused with every problem at once, per setting (``ConfigError``); and a name
the engine reserves for a viewer is no team's name."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from playboss.rules import RuleViolation, apply
from playboss.rules import actions as A
from playboss.rules.bots import RandomBot
from playboss.rules.config import RESERVED_NAMES, GameConfig
from playboss.rules.engine import new_game
from playboss.rules.errors import ConfigError
from playboss.rules.legal import to_move
from playboss.rules.rulebook import rules_for
from playboss.rules.state import Pending
from playboss.rules.turn_checks import waiting
from playboss.rules.views import view, viewers
from tests.rules.codes import engine_codes, engine_sites
from tests.rules.helpers import FULL, game, refused, roll_to, turn_to


# ====================================================================== every raise site
def test_every_refusal_in_the_engine_passes_a_code() -> None:
    """An AST walk over playboss/rules: each ``RuleViolation(...)`` names its code (a helper
    that raises one takes ``code`` as a required keyword and passes it on)."""
    sites = engine_sites()
    assert not sites.missing, f"RuleViolation without code=: {sites.missing}"
    for site in sites.sites:
        if not site.codes:  # a helper passing on its caller's code, or a ConfigError its first
            assert site.forward in ("code", "exc.code", "first.code"), site
        assert all(site.codes), site
    assert len(engine_codes()) > 200


def test_codes_are_snake_case_and_keep_their_param_names() -> None:
    """A code means one thing: every site that raises it gives the same param names."""
    codes = engine_codes()
    for code, param_sets in codes.items():
        assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", code), code
        assert len(param_sets) == 1, f"{code} is raised with different params: {param_sets}"


def test_a_refusal_keeps_its_message_and_carries_its_code_and_params() -> None:
    state = game(market_fill=FULL)
    with pytest.raises(RuleViolation) as info:
        apply(state, A.Roll("Blue", die=3))
    err = info.value
    assert (err.code, err.params) == ("not_your_turn", {"current": "Red", "actor": "Blue"})
    assert err.message == "It is Red's turn, not Blue's."
    assert str(err) == "It is Red's turn, not Blue's. [Movement]"

    turn_to(state, "Red", "R", A.Purchase("Red", units=33))  # 9,600: 400 left
    roll_to(state, "Red", "R")
    with pytest.raises(RuleViolation) as info:
        apply(state, A.Purchase("Red", units=4))
    assert info.value.message == "You have 400 Marks; 4 units cost 1,900."
    assert (info.value.code, info.value.params) == (
        "cash_for_units", {"cash": 400, "cost": 1900, "units": 4})
    with pytest.raises(RuleViolation) as info:
        apply(state, A.BuyWeb("Red"))
    assert info.value.code == "not_open_now"
    assert info.value.params == {"action": "buy_web", "waiting": {"kind": "red"}}
    assert info.value.message == ("Buying a WEB chip is not open now: a decision on the red "
                                  "field.")


def test_a_payment_waited_for_names_its_amount_and_reason() -> None:
    state = game()
    roll_to(state, "Red", "R")
    state.pending.insert(0, Pending("pay", 1200, "interest", "10% of 12,000 Marks"))
    with pytest.raises(RuleViolation) as info:
        apply(state, A.Pass("Red"))
    assert info.value.params["waiting"] == {"kind": "pay", "amount": 1200, "reason": "interest"}


def test_what_the_game_waits_for_has_fields_for_every_kind_with_words() -> None:
    """Every kind of pending item whose sentence the engine writes (``WAITING_TEXTS``) has
    its fields too; over bot games with all six steps, ``waiting`` names the head's kind."""
    every_step = rules_for(GameConfig(teams=("A", "B"), steps=frozenset(range(1, 7))))
    assert every_step.waiting_texts and set(every_step.waiting_texts) <= set(
        every_step.waiting_params)
    for seed in (3, 4):
        state = new_game(GameConfig(teams=("A", "B", "C"), seed=seed, years=1,
                                    steps=frozenset(range(1, 7))))
        bots = {name: RandomBot(seed * 10 + i) for i, name in enumerate(state.teams)}
        kinds: set[str] = set()
        while state.phase != "ended" and state.seq < 3_000:
            found = waiting(state)
            if state.phase == "order":
                assert found == {"kind": "roll_off"}
            elif not state.pending:
                assert found == {"kind": "roll", "team": state.current}
            else:
                assert found["kind"] == state.pending[0].kind
                kinds.add(found["kind"])
            actor = to_move(state)
            bot = bots.get(actor) or bots.setdefault(actor, RandomBot(99))
            apply(state, bot.choose(state, actor))
        assert {"red", "hiring"} & kinds


def test_not_open_now_names_the_action_by_its_type() -> None:
    state = game()
    refused(state, A.Pass("Red"), "not open now")
    with pytest.raises(RuleViolation) as info:
        apply(state, A.Pass("Red"))
    assert info.value.params == {"action": "pass", "waiting": {"kind": "roll", "team": "Red"}}


# ====================================================================== the set-up
def test_a_set_up_with_one_problem_is_refused_as_before() -> None:
    with pytest.raises(ConfigError) as info:
        GameConfig.from_dict({"teams": ["Red"], "dice": "loaded"})
    err = info.value
    assert isinstance(err, RuleViolation)
    assert err.message == "Game set-up: dice is one of engine, entered."
    assert err.rule == "Preparation for Play"
    assert err.errors == {"dice": [(
        "config_choice", {"setting": "dice", "choices": ["engine", "entered"]},
        "Game set-up: dice is one of engine, entered.", "Preparation for Play")]}


def test_every_problem_of_a_set_up_is_named_at_once_by_setting() -> None:
    with pytest.raises(ConfigError) as info:
        GameConfig.from_dict({"teams": ["Red", "red", "bank"], "board": "SGGB", "years": 0,
                              "goal": "sales_yield", "zone_capacity": "five",
                              "colour": "red", "steps": "12"})
    errors = info.value.errors
    assert set(errors) == {"config", "teams", "board", "years", "goal", "zone_capacity",
                           "steps"}
    assert [e.code for e in errors["teams"]] == ["config_team_names_distinct",
                                                 "config_team_name_reserved"]
    assert errors["teams"][0].params == {"name": "red"}
    assert [e.code for e in errors["board"]] == ["config_board_red"]
    assert errors["config"][0].params == {"settings": ["colour"]}
    assert errors["zone_capacity"][0].code == "config_whole_number"
    assert errors["steps"][0].code == "config_steps_list"
    # the goal is checked against the steps that could be read: none
    assert errors["goal"][0].code == "config_goal_needs_step_5"
    message = info.value.message
    assert message.startswith("Game set-up: unknown setting(s) colour.")
    assert "the board needs red decision fields." in message
    assert message.count("team names must be distinct") == 1  # each message once


def test_unreadable_teams_do_not_make_up_problems_of_their_own() -> None:
    with pytest.raises(ConfigError) as info:
        GameConfig.from_dict({"teams": "Red, Blue", "first_team": "Red", "board": "S"})
    assert set(info.value.errors) == {"teams", "board"}
    assert info.value.errors["teams"][0].code == "config_teams_list"


@pytest.mark.parametrize("name", sorted(RESERVED_NAMES) + ["Public", "BANK", " workers "])
def test_a_name_the_engine_reserves_is_no_teams_name(name: str) -> None:
    with pytest.raises(ConfigError) as info:
        GameConfig(teams=("Red", name)).validate()
    (problem,) = info.value.errors["teams"]
    assert problem.code == "config_team_name_reserved"
    assert problem.params == {"name": name}


def test_public_cannot_be_a_team_so_the_projector_never_sees_a_teams_books() -> None:
    """Before, a team called "public" was shown its own books by ``view(state, "public")``,
    the projector's view; now no team may be called so."""
    with pytest.raises(ConfigError) as info:
        new_game(GameConfig(teams=("public", "Red"), first_team="Red"))
    assert "'public'" in info.value.message
    state = game()
    table = view(state, "public")
    assert all("cash" not in row for row in table["teams"])


def test_every_viewer_who_is_not_a_team_has_a_reserved_name() -> None:
    state = new_game(GameConfig(teams=("Red", "Blue"), steps=frozenset(range(1, 7))))
    others = set(viewers(state)) - set(state.teams)
    assert others <= set(RESERVED_NAMES)
    assert set(state.rules.actor_actions) <= set(RESERVED_NAMES)


def test_a_set_up_refused_in_new_game_names_its_setting_too() -> None:
    with pytest.raises(ConfigError) as info:
        new_game(GameConfig(teams=("Red",), risk_order=(1, 2, 3)))
    assert info.value.message == ("Game set-up: risk_order must name each of the 30 risk cards "
                                  "once.")
    assert info.value.rule == "The Blue Risk Field"
    assert info.value.errors["risk_order"][0].code == "config_risk_order"


def test_a_valid_set_up_round_trips() -> None:
    config = GameConfig.from_dict({"teams": ["Red", "Blue"], "steps": "all",
                                   "duties": {"Red": True}, "limits": {"machines": 5},
                                   "market_fill": [0, 1, 2, 3, 4, 5, 5, 5]})
    assert GameConfig.from_dict(config.to_dict()) == config


# ====================================================================== params are data
def test_params_are_plain_json_values_over_random_refusals() -> None:
    """Params hold numbers, text, lists and (``waiting``) a small dict: nothing a page or a
    log could not carry."""
    rng = random.Random(5)
    state = new_game(GameConfig(teams=("A", "B"), seed=5, years=1,
                                steps=frozenset(range(1, 7))))
    seen = 0
    for _ in range(300):
        if state.phase == "ended":
            break
        for attempt in (A.Roll("B"), A.Purchase("A", units=99), A.TakeCredit("A", amount=7),
                        A.Sell("B", units=3), A.AcceptDeal("A", deal=42)):
            try:
                apply(state.clone(), attempt)
            except RuleViolation as err:
                seen += 1
                assert err.code
                _assert_plain(err.params)
        actor = to_move(state)
        apply(state, RandomBot(rng.randrange(1000)).choose(state, actor))
    assert seen > 100


def _assert_plain(value: Any) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            assert isinstance(key, str)
            _assert_plain(inner)
    elif isinstance(value, list):
        for inner in value:
            _assert_plain(inner)
    else:
        assert value is None or isinstance(value, (int, str)), value

