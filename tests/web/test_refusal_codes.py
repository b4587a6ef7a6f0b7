"""The site tells the engine's codes in words: every refusal code the engine can raise has a
sentence in the catalogue (``classroom/texts/refusal_codes.py``), in English and German, asking
only for params the code gives; and a German page never shows the engine's English — not for
a refusal of any move bots or junk can send, not for any event of a game with all six steps,
not for a reason the books give.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from classroom.texts import describe_event, reason_text, translate_refusal
from classroom.texts.events import _DESCRIBERS
from classroom.texts.refusal_codes import CATALOGUE
from classroom.texts.refusals import ACTIONS, render
from playboss.rules import RuleViolation, apply
from playboss.rules import actions as A
from playboss.rules.bots import BOTS, RandomBot
from playboss.rules.config import GameConfig
from playboss.rules.engine import new_game
from playboss.rules.legal import to_move
from playboss.rules.rulebook import ACTION_TYPES, action_from_dict
from playboss.rules.state import BANK, GameState
from tests.rules.codes import ENGINE, engine_codes

WORKERS = "workers"


# ====================================================================== the catalogue
class _Asked(dict[str, Any]):
    """Params that note which names a sentence asks for (each is 2: a count, or Marks)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.asked.add(key)
        return 2

    def __contains__(self, key: object) -> bool:
        return True


def _placeholders(code: str) -> set[str]:
    asked = _Asked()
    with translation.override("en"):
        str(CATALOGUE[code] % asked)
    return asked.asked


def test_every_code_the_engine_raises_has_a_sentence() -> None:
    codes = engine_codes()
    missing = sorted(set(codes) - set(CATALOGUE))
    assert not missing, f"codes without a sentence in classroom/texts/refusal_codes.py: {missing}"
    stale = sorted(set(CATALOGUE) - set(codes))
    assert not stale, f"sentences for codes the engine no longer raises: {stale}"


def test_a_sentence_asks_only_for_the_params_its_code_gives() -> None:
    for code, param_sets in engine_codes().items():
        (params,) = param_sets
        given = set(params) | ({"what"} if code == "not_open_now" else set())
        assert _placeholders(code) <= given, (code, _placeholders(code) - given)


def _sample(name: str) -> Any:
    if name == "waiting":
        return {"kind": "red"}
    if name == "action":
        return "purchase"
    if name == "who":
        return "workers"
    if name in ("teams", "yours", "prices", "keys", "allowed", "fields", "letters", "wrong",
                "choices", "settings", "components"):
        return [3, 4] if name in ("yours", "prices") else ["Zed", "Yew"]
    if name in ("team", "current", "actor", "partner", "owner", "seller", "target",
                "proposer", "name", "type", "field", "key", "setting", "option", "item",
                "format", "error", "value"):
        return "Zed"
    return 3


def test_every_code_has_its_german_sentence() -> None:
    """A German sentence for each code (an untranslated or fuzzy catalogue entry would give
    the English back)."""
    for code, param_sets in engine_codes().items():
        (params,) = param_sets
        values = {name: _sample(name) for name in params}
        with translation.override("en"):
            english = render(code, values)
        with translation.override("de"):
            german = render(code, values)
        assert english and german, code
        assert german != english, f"{code} has no German: {english}"


def test_every_move_has_its_name_for_not_open_now() -> None:
    """Each move whose handler asks ``require_turn`` has a name in ``ACTIONS``."""
    source = "\n".join(p.read_text("utf-8") for p in ENGINE.rglob("*.py"))
    assert "require_turn(" in source
    for kind in ("purchase", "invest", "produce", "sell", "offer_sale", "pass", "buy_web",
                 "cost", "write_off", "draw_risk", "renew_lease", "pay_marketing"):
        assert kind in ACTION_TYPES and kind in ACTIONS, kind


def test_every_event_type_the_engine_emits_has_a_describer() -> None:
    emitted = {node.args[0].value for p in ENGINE.rglob("*.py")
               for node in ast.walk(ast.parse(p.read_text("utf-8")))
               if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
               and node.func.attr == "emit" and node.args
               and isinstance(node.args[0], ast.Constant)}
    assert len(emitted) > 80
    assert not emitted - set(_DESCRIBERS), sorted(emitted - set(_DESCRIBERS))


# ====================================================================== ledger reasons
def _booked_reasons() -> set[str]:
    """Every reason the engine's source books with: the ``reason`` argument of the functions
    that take one (literals, names of string constants, parameter defaults). The bots are
    left out: what they book, they book in their own copies of a game (the strong bot's
    guesses at hidden figures), which no page shows."""
    trees = [ast.parse(p.read_text("utf-8")) for p in ENGINE.rglob("*.py")
             if "bots" not in p.relative_to(ENGINE).parts]
    position: dict[str, int] = {"Pending": 2}
    found: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                names = [a.arg for a in node.args.args if a.arg not in ("self", "cls")]
                if "reason" in names:
                    position[node.name] = names.index("reason")
                    defaults = node.args.defaults
                    offset = len(node.args.args) - len(defaults)
                    for arg, default in zip(node.args.args[offset:], defaults, strict=True):
                        if arg.arg == "reason" and isinstance(default, ast.Constant):
                            found.add(default.value)
    for tree in trees:
        strings = {t.id: n.value.value for n in ast.walk(tree) if isinstance(n, ast.Assign)
                   and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)
                   for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else "")
            if name not in position:
                continue
            index = position[name]
            arg = node.args[index] if len(node.args) > index else next(
                (k.value for k in node.keywords if k.arg == "reason"), None)
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
            elif isinstance(arg, ast.Name) and arg.id in strings:
                found.add(strings[arg.id])
    return found - {""}


def test_every_reason_the_engine_books_is_told_in_german() -> None:
    reasons = _booked_reasons() | _played().reasons
    assert {"interest", "salaries", "private deal", "risk", "bank credit"} <= reasons
    with translation.override("de"):
        untold = sorted(r for r in reasons if reason_text(r) == r)
    assert not untold, f"reasons without German in classroom/texts/words.py: {untold}"


# ====================================================================== games, junk and all
class Played:
    def __init__(self) -> None:
        self.refusals: list[RuleViolation] = []
        self.events: list[dict[str, Any]] = []
        self.reasons: set[str] = set()
        self.teams: set[str] = set()


_TEXTS = ["", "Nobody", "bank", "workers", "raw", "finished", "machine", "computer", "junk",
          "sell_half", "produce", "idle", "web", "return", "downgrade"]
_NUMBERS = [0, 1, 2, 3, 5, 7, 50, 350, 500, 1000, 4500, 10_000, 99_999, -1]


def _junk(rng: random.Random, state: GameState, kind: str) -> Iterator[Any]:
    """Moves of type ``kind`` with made-up fields, by every kind of actor: some legal, most
    not (those the game log's checks refuse already are left out)."""
    cls = ACTION_TYPES[kind]
    teams = list(state.teams)
    actors = [*teams, BANK, WORKERS, "Nobody"]
    for _ in range(2):
        data: dict[str, Any] = {"type": kind, "actor": rng.choice(actors)}
        for field in cls.__dataclass_fields__:
            if field == "actor" or rng.random() < 0.2:
                continue
            if field in ("teams",):
                data[field] = rng.choice([[], teams[:1], teams, ["Nobody"], teams[:1] * 2])
            elif field in ("give", "take"):
                data[field] = rng.choice([{}, {"cash": 500}, {"raw": 1}, {"machines": [1]},
                                          {"lease": [1, 1]}, {"computers": 1}, {"loan": 99_999},
                                          {"gold": 1}, {"cash": -5}, {"machines": "1"}])
            elif field in ("team", "partner", "target"):
                data[field] = rng.choice([*teams, "Nobody", ""])
            elif field in ("option", "item", "reason", "terms", "text"):
                data[field] = rng.choice(_TEXTS)
            elif field in ("renew", "pay"):
                data[field] = rng.random() < 0.5
            else:
                data[field] = rng.choice(_NUMBERS)
        try:
            yield action_from_dict(data)
        except RuleViolation:
            continue


def _play(played: Played, config: GameConfig, bot: str, seed: int, every: int) -> None:
    """A bot game, every event kept; at every ``every``-th move junk of every type is sent to
    a copy of the game (a copy made again after junk that happened to be legal)."""
    state = new_game(config)
    rng = random.Random(seed)
    bots = {name: BOTS[bot](seed * 100 + i) for i, name in enumerate(state.teams)}
    played.teams |= set(state.teams)
    kinds = sorted(ACTION_TYPES)
    while state.phase != "ended" and state.seq < 3_000:
        if state.seq % every == 0:
            probe = state.clone()
            for kind in kinds:
                for action in _junk(rng, state, kind):
                    try:
                        played.events.extend(apply(probe, action))
                    except RuleViolation as refused:
                        played.refusals.append(refused)
                    else:
                        probe = state.clone()
        actor = to_move(state)
        player = bots.get(actor) or bots.setdefault(actor, RandomBot(seed))
        played.events.extend(apply(state, player.choose(state, actor)))
    played.reasons |= {e.reason for e in state.ledger.entries}


_PLAYED: list[Played] = []


def _played() -> Played:
    """Bot games with junk moves sent at many points: all six steps (three seeds, the estate
    auction to the teams in one), and the base model."""
    if not _PLAYED:
        played = Played()
        every = frozenset(range(1, 7))
        teams = ("Red", "Blue", "Green", "Gold")
        for seed in range(1, 9):
            _play(played, GameConfig(teams=teams[:2 + seed % 3], seed=seed, years=3,
                                     steps=every,
                                     bankruptcy_auction="teams" if seed % 2 else "bank"),
                  "greedy" if seed % 2 else "random", seed, every=5)
        _play(played, GameConfig(teams=("Red", "Blue"), seed=4, years=2), "greedy", 4, every=7)
        _play(played, GameConfig(teams=("Red", "Blue", "Green"), seed=5, years=1,
                                 dice="entered", steps=frozenset({2, 3, 4})), "random", 5,
              every=7)
        _PLAYED.append(played)
    return _PLAYED[0]


def _names_and_numbers_only(text: str, names: set[str]) -> bool:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "")
    return not re.search(r"[A-Za-z]{2,}", text)


def test_junk_and_bots_meet_most_refusals() -> None:
    codes = {r.code for r in _played().refusals}
    assert len(codes) >= 80, sorted(codes)
    assert all(r.code for r in _played().refusals)


def test_every_refusal_of_a_played_game_is_german_on_a_german_page() -> None:
    played = _played()
    known = engine_codes()
    english_left = []
    for refusal in played.refusals:
        (params,) = known[refusal.code]
        assert set(refusal.params) == set(params), (refusal.code, refusal.params)
        german = translate_refusal(refusal, "de")
        english = translate_refusal(refusal, "en")
        assert english == refusal.message
        if german == refusal.message and not _names_and_numbers_only(
                german, played.teams | {"Nobody", "Zed"}):
            english_left.append(f"{refusal.code}: {refusal.message}")
    assert not english_left, "\n".join(sorted(set(english_left))[:20])


def test_every_event_of_a_played_game_is_german_on_a_german_page() -> None:
    played = _played()
    types = {e["type"] for e in played.events}
    assert {"move", "paid", "offer_sale", "auction_open", "hired", "marketing_founded",
            "tax", "takeover_offered"} <= types
    english_left = []
    for event in played.events:
        german, english = describe_event(event, "de"), describe_event(event, "en")
        if german == english and not _names_and_numbers_only(german, played.teams):
            english_left.append(f"{event['type']}: {english}")
    assert not english_left, "\n".join(sorted(set(english_left))[:20])


@pytest.mark.parametrize("move", [
    A.Roll("Blue", die=3), A.Purchase("Red", units=0), A.Sell("Red", units=4),
    A.TakeCredit("Red", amount=250), A.RepayCredit("Red", amount=100),
])
def test_a_refusal_reaches_a_german_page_through_its_code(move: Any) -> None:
    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered"))
    with pytest.raises(RuleViolation) as info:
        apply(state, move)
    assert info.value.code
    assert translate_refusal(info.value, "de") != info.value.message

