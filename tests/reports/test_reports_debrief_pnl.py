"""The class debrief's profit and loss and tax, team by team, read back from the PDF: for each
year every team's profit-and-loss lines, its profit before tax, taxable amount, tax due and
profit after tax are the engine's, and the class average is their mean to the Mark. Rulebook
part II, "4. Step: Taxation" (the taxable amount rounded down to whole thousands, the tax of
the printed table)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.utils import translation
from django.utils.translation import gettext
from report_helpers import after, num, pages, played
from test_reports_pdfs import GAMES, meta_for

from playboss.rules.accounts import GKV_POSITIONS
from reports.builders import Ctx, debrief, shown
from reports.labels import position_label


def mean(values: list[int]) -> int:
    return round(Fraction(sum(values), len(values))) if values else 0


@pytest.mark.parametrize("game", list(GAMES))
def test_every_teams_lines_and_tax_are_the_engines_with_the_class_average(game: str) -> None:
    state = played(**GAMES[game]).state
    ctx = Ctx.of(meta_for(state), state)
    lines = [line for page in pages(debrief.build(ctx)) for line in page]
    heading = ("Profit and loss and tax, team by team" if ctx.fig.taxes
               else "Profit and loss, team by team")
    at = lines.index(heading)
    years = max(len(ctx.fig.accounts(t)) for t in state.teams)
    checked = 0
    for year in range(1, years + 1):
        accounts = [a for t in state.teams for a in ctx.fig.accounts(t)
                    if a.year == year and shown(ctx, a)]
        if not accounts:
            assert f"Year {year}" not in lines[at:lines.index("The class year by year: "
                                                              "ratios and ranks")]
            continue
        at = lines.index(f"Year {year}", at)
        names = [a.team + ("" if a.closed else "*") for a in accounts]
        assert after(lines, f"Year {year}", len(names) + 1, at) == [*names, "Class average"]
        width = len(accounts) + 1

        def row(label: str, width: int = width, at: int = at) -> list[int]:
            return [num(cell) for cell in after(lines, label, width, at)]

        # issue 22: the positions of HGB § 275 any team had, each team's the engine's
        keys = [key for key in GKV_POSITIONS
                if key != "income_tax" and any(a.position(key) for a in accounts)]
        for key in keys:
            values = [a.position(key) for a in accounts]
            assert row(position_label(key, None)) == [*values, mean(values)], (year, key)
            checked += 1
        operating = [a.operating_result for a in accounts]
        assert row("Operating result") == [*operating, mean(operating)]
        profits = [a.profit for a in accounts]
        if ctx.fig.taxes:
            before = [a.profit + int(a.tax["tax"] if a.tax else 0) for a in accounts]
            assert row("Profit or loss before tax") == [*before, mean(before)]
            for label, key in (("Taxable amount", "taxable"), ("Tax due for the year", "tax")):
                *cells, average = after(lines, label, width, at)
                figures = [None if a.tax is None else int(a.tax[key]) for a in accounts]
                for cell, figure in zip(cells, figures, strict=True):
                    assert (cell == "–") if figure is None else (num(cell) == figure), label
                present = [f for f in figures if f is not None]
                assert num(average) == mean(present), (year, label)
            assert row("Profit or loss of the year, after tax") == [*profits, mean(profits)]
        else:
            assert row("Profit or loss of the year") == [*profits, mean(profits)]
        checked += 1
    assert checked > years


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", ["taxes", "all steps, asset yield"])
def test_each_years_table_stays_on_one_page_in_english_and_german(game: str,
                                                                  language: str) -> None:
    """A year's table moves to the next page whole rather than break: its header row (the
    year, the teams, the class average) and its last row, the profit after tax, are on one
    page; German labels and German grouping."""
    state = played(**GAMES[game]).state
    ctx = Ctx.of(meta_for(state, language=language), state)
    with translation.override(language):
        heading = gettext("Profit and loss and tax, team by team")
        average = gettext("Class average")
        last = gettext("Profit or loss of the year, after tax")
        year_label = gettext("Year %(year)d")
    by_page = pages(debrief.build(ctx))
    first = next(i for i, page in enumerate(by_page) if heading in page)
    years = max(len(ctx.fig.accounts(t)) for t in state.teams)
    for year in range(1, years + 1):
        accounts = [a for t in state.teams for a in ctx.fig.accounts(t)
                    if a.year == year and shown(ctx, a)]
        if not accounts:
            continue
        names = [a.team + ("" if a.closed else "*") for a in accounts]
        header = [year_label % {"year": year}, *names, average]
        holding = [page for page in by_page[first:first + 3]
                   if any(page[i:i + len(header)] == header for i in range(len(page)))]
        assert len(holding) == 1, (year, language)
        page = holding[0]
        start = next(i for i in range(len(page)) if page[i:i + len(header)] == header)
        assert last in page[start:], (year, language)
        profits = [f"{a.profit:,}" for a in accounts]
        if language == "de":
            profits = [p.replace(",", ".") for p in profits]
        assert after(page, last, len(accounts), start) == profits


def test_nine_teams_names_wrap_whole_and_stay_distinct() -> None:
    """Issue 22: nine teams leave a column six letters wide; "Team 1" … "Team 9" are printed
    whole (over two lines), not all cut to "Tea…"; a name too long for three lines keeps its
    end, so two such names stay apart; the "*" of a year not full stays."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from reports.builders.base import BOLD
    from reports.builders.debrief import fitted

    assert fitted("Blue", 30, 7) == "Blue" and fitted("Blue*", 30, 7) == "Blue*"
    names = [fitted(f"Team {i}", 20, 7) for i in range(1, 10)]
    assert names[0] == "Team\n1" and len(set(names)) == 9
    long = [fitted(f"Die Glücklichen Füchse aus Klasse 10{c}*", 30, 7) for c in "ab"]
    assert long[0] != long[1] and all(n.endswith("*") and n.count("\n") <= 2 for n in long)
    assert all(stringWidth(line, BOLD, 7) <= 30 for n in long for line in n.split("\n"))
