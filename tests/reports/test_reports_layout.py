"""Issue 22: a year's statement fits its pages by construction, in every kind of game.

Games of every step set (base, each step alone, steps 4 and 6, all six), 4 to 9 teams, in
English and German, played by greedy bots: every year with a booking has its pages; the pages
reportlab prints are the pages the plan measured (``builders.year_pages``); a second page of
a year says "continued" and follows a first page at least half full; the 9-team debrief's
names stay distinct. Bounded: nine short games, each statement rendered once.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import translation
from report_helpers import page_count, pages, played

from reports.builders import Ctx, GameMeta, shown, year_pages, year_statement
from reports.builders.base import FRAME_HEIGHT, height_of
from reports.builders.debrief import pnl_tax_table

STEP_SETS = [frozenset(), *(frozenset({s}) for s in range(1, 7)), frozenset({4, 6}),
             frozenset(range(1, 7))]
CASES = [(steps, 4 + i % 6, "de" if i % 2 else "en") for i, steps in enumerate(STEP_SETS)]


def _ctx(steps: frozenset[int], teams: int, language: str) -> Ctx:
    names = tuple(f"Team {n}" for n in range(1, teams + 1))
    state = played(steps=steps, seed=11 + teams, years=3, teams=names).state
    meta = GameMeta(name="Layout", code="LAY022", language=language, seq=state.seq,
                    ended=state.phase == "ended",
                    generated=dt.datetime(2025, 6, 30, 10, 0, tzinfo=dt.UTC))
    return Ctx.of(meta, state)


@pytest.mark.parametrize(("steps", "teams", "language"), CASES,
                         ids=[f"steps{''.join(map(str, sorted(s))) or '0'}-{t}-{lang}"
                              for s, t, lang in CASES])
def test_every_years_statement_fits_the_pages_its_plan_measured(
        steps: frozenset[int], teams: int, language: str) -> None:
    ctx = _ctx(steps, teams, language)
    for team in ctx.fig.teams:
        for account in ctx.fig.accounts(team):
            booked = any(line.reasons for line in account.lines)
            if booked and account.closed:
                assert shown(ctx, account), (team, account.year)
            if not shown(ctx, account):
                continue
            with translation.override(language):
                plan = year_pages(ctx, team, account.year)
                heights = [height_of(page) for page in plan]
            pdf = year_statement(ctx, team, account.year)
            assert page_count(pdf) == len(plan), (team, account.year, heights)
            assert all(h <= FRAME_HEIGHT for h in heights)
            if len(plan) > 1:
                assert heights[0] >= FRAME_HEIGHT / 2, "a block moved and left a half page"
                continued = "Fortsetzung" if language == "de" else "continued"
                assert all(any(continued in line for line in page)
                           for page in pages(pdf)[1:])


def test_a_year_of_a_win_and_a_loss_that_cancel_still_has_its_page() -> None:
    """A +1,000 and a -1,000 risk card in the last year of an ended game: no profit, but
    bookings, so the year has its page; a year holding only the tax of the year before paid
    still has none (issue 13's all-dash page)."""
    from dataclasses import replace

    from playboss.rules.accounts import PnLLine

    ctx = _ctx(frozenset({4}), 4, "en")
    assert ctx.fig.ended
    last = replace(ctx.fig.accounts("Team 1")[0], year=4, closed=False, sales=0)
    risk = PnLLine("risk", "Risk cards", cash=0, reasons={"risk"})
    tax = PnLLine("tax_paid", "Tax paid", cash=-1_000, book=1_000, reasons={"tax"})
    assert shown(ctx, replace(last, lines=[risk, tax]))
    assert not shown(ctx, replace(last, lines=[tax]))


def test_nine_teams_keep_distinct_names_in_the_debriefs_profit_and_loss() -> None:
    ctx = _ctx(frozenset({4}), 9, "de")
    with translation.override("de"):
        head = pnl_tax_table(ctx, 1)._cellvalues[0][1:-1]
    assert len(set(map(str, head))) == len(head) == 9
    assert all(not str(name).startswith("Tea…") for name in head)
