"""Issue 10: a count meets its noun in the right number, English and German - "1 unit",
"1 Einheit", "1 Jahr" - in refusals, events and deal texts (Django's plural forms; the
engine's English messages count with ``units_of``)."""

from __future__ import annotations

import pytest
from django.utils import translation

from classroom.presenters import bundle_text
from classroom.texts import describe_event, translate_refusal
from playboss.rules import RuleViolation
from playboss.rules.errors import units_of


@pytest.mark.parametrize(("n", "kind", "text"), [
    (1, "", "1 unit"), (0, "", "0 units"), (2, "finished", "2 finished units"),
    (1, "raw", "1 raw unit"),
])
def test_engine_counts_units_in_the_right_number(n: int, kind: str, text: str) -> None:
    assert units_of(n, kind) == text


@pytest.mark.parametrize(("have", "german"), [
    (1, "Du hast 1 Einheit Rohstoff, nicht 2."),
    (3, "Du hast 3 Einheiten Rohstoff, nicht 4."),
])
def test_a_refusal_counts_in_german(have: int, german: str) -> None:
    refusal = RuleViolation("x", "Decision: Producing", code="not_enough_raw",
                            params={"have": have, "units": have + 1})
    assert translate_refusal(refusal, "de") == german


def test_the_worker_representative_refusal_counts_workers() -> None:
    one = RuleViolation("x", "Labor market", code="workers_left",
                        params={"have": 1, "workers": 2})
    assert translate_refusal(one, "de") == (
        "Der Arbeitnehmervertreter hat noch 1 Arbeitnehmer, nicht 2.")


@pytest.mark.parametrize(("years", "german"), [
    (1, "Rot hat 1 Jahr gespielt"), (2, "Rot hat 2 Jahre gespielt"),
])
def test_time_up_after_years_counts_years_in_german(years: int, german: str) -> None:
    """Rulebook "End of the Game": time is up when a team has played the agreed years."""
    event = {"type": "time_up", "why": "years", "team": "Rot", "years": years,
             "text": "Rot has played ... years"}
    assert describe_event(event, "de").startswith(german)


@pytest.mark.parametrize(("language", "one", "many"), [
    ("en", "1 unit of raw material, 1 computer", "3 units of raw material, 2 computers"),
    ("de", "1 Einheit Rohstoff, 1 Computer", "3 Einheiten Rohstoff, 2 Computer"),
])
def test_a_deal_counts_its_goods(language: str, one: str, many: str) -> None:
    with translation.override(language):
        assert bundle_text({"raw": 1, "computers": 1}) == one
        assert bundle_text({"raw": 3, "computers": 2}) == many


def test_a_deal_names_one_machine_or_several() -> None:
    with translation.override("en"):
        assert bundle_text({"machines": [3]}) == "machine 3"
        assert bundle_text({"machines": [3, 4]}) == "machines 3, 4"
    with translation.override("de"):
        assert bundle_text({"machines": [3, 4]}) == "Maschinen 3, 4"
