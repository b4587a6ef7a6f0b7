"""The screens ask the engine for a move's quotes once per state and team (issue 19, point 1:
cheap quotes): the same team's screen in English and German shares them, and the next move's
screen asks again, so a figure is never one move old. In-process, no database."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from classroom import consequences
from playboss.rules import actions as A
from playboss.rules import apply, legal_choices
from tests.web.test_decisions import forms, give, on_red, one, texts


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The move types ``consequences`` asks the engine to quote, one entry a request."""
    seen: list[str] = []
    real = consequences.quote_values

    def counting(state: Any, actor: str, choice: Any, *args: Any) -> Any:
        seen.append(choice.cls.type)
        return real(state, actor, choice, *args)

    monkeypatch.setattr(consequences, "quote_values", counting)
    return seen


def test_a_teams_screens_in_two_languages_share_one_quote(asked: list[str]) -> None:
    """Rulebook I, "Decision: Purchasing": the purchase's options are quoted once for both
    languages, and say the same figures in each."""
    state = on_red()
    with translation.override("en"):
        english = forms(state, "Red", "purchase")[0]
    with translation.override("de"):
        german = forms(state, "Red", "purchase")[0]
    assert asked.count("purchase") == 1
    assert [e["value"] for e in english["entries"]] == [e["value"] for e in german["entries"]]
    # The 350 zone first (HALF): 1 unit costs 350 of the 10,000 Marks.
    assert english["entries"][0]["text"] == "1 unit · 350 Marks · cash after 9,650"
    assert german["entries"][0]["text"] == "1 Einheit · 350 Mark · Kasse danach 9.650"


def test_the_next_moves_screen_is_quoted_afresh(asked: list[str]) -> None:
    """Rulebook I, "Lines of Credit" and "Decision: Purchasing": credit is open at any time;
    after a purchase of 350 Marks the next screen's credit options say 350 Marks less cash
    after (no quote of the state before the move)."""
    state = on_red()
    give(state, "Red", machines=(0,))  # a machine: the bank lends against it
    with translation.override("en"):
        before = texts(one(state, "Red", "take_credit"))
        apply(state, A.Purchase("Red", units=1))
        after = texts(one(state, "Red", "take_credit"))
    assert asked.count("take_credit") == 2
    amount = next(iter(before))
    cash = state.teams["Red"].cash
    debt = f"bank debt {amount:,}"
    assert before[amount] == f"{amount:,} Marks · cash after {cash + 350 + amount:,} · {debt}"
    assert after[amount] == f"{amount:,} Marks · cash after {cash + amount:,} · {debt}"


def test_a_number_field_of_many_values_is_quoted_at_its_ends() -> None:
    """Rulebook I, "Lines of Credit": a credit of more values than a drop-down lists is a
    number field; only its first and last value are quoted (its start and its hint)."""
    state = on_red()
    give(state, "Red", machines=(0,) * 8)  # the bank lends half their value, in steps
    choice = next(c for c in legal_choices(state, "Red") if c.cls.type == "take_credit")
    values = list(choice.values)
    assert len(values) > consequences.QUOTED_VALUES
    quoted = consequences._quotes(state, state.teams["Red"], choice)
    assert list(quoted) == [values[0], values[-1]]
    assert quoted[values[-1]].bank_debt == values[-1]
