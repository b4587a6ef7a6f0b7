"""The notes to the statements read back from the PDF: the rulebook's worked example with the
rulebook's own figures, each balance-sheet note worked out with the team's figures, each
profit-and-loss note beside the engine's line, one page each, in English and in German.
Rulebook part I, "Explanations: Financial Statement and Profit" (the example: 34,150 assets,
32,000 capital and debts, 2,150 profit; with 15,000 bank debt 37,000 and a 2,850 loss) and
"End of the Game" (the values: raw 150, product 1,500, machine 10,000, computer 20,000)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext
from report_helpers import after, find, num, pages, played
from test_reports_pdfs import GAMES, meta_for

from playboss.rules.accounts import EVENT_LINES
from playboss.rules.statements import balance_sheet_from
from reports.builders import Ctx, debrief, notes, team_statements
from reports.builders.notes import PNL_NOTE_KEYS, debts_of, latest_account

NUMBER = re.compile(r"^(-?[\d,.]+|–)$")


def example_page(pdf: bytes, heading: str = "Worked example: the rulebook's balance sheet"
                 ) -> list[str]:
    (page,) = [p for p in pages(pdf) if heading in p]
    return page


@pytest.mark.parametrize("team", ["Red", None])
def test_the_worked_example_prints_the_rulebooks_figures_step_by_step(team: str | None) -> None:
    """Inventory 30,000 + 150 + 3,000 + 1,000 = 34,150; starting capital and debts 32,000;
    34,150 - 32,000 = 2,150 profit; with 15,000 bank debt 37,000 and -2,850: the rulebook's
    figures, on one page of the team's pack and of the class's copy."""
    state = played(**GAMES["taxes"]).state
    ctx = Ctx.of(meta_for(state), state)
    pdf = team_statements(ctx, team) if team else debrief.build(ctx)
    lines = example_page(pdf)
    assert after(lines, "3 machines", 2) == ["3 × 10,000", "30,000"]
    assert after(lines, "1 raw material", 2) == ["1 × 150", "150"]
    assert after(lines, "2 finished product", 2) == ["2 × 1,500", "3,000"]
    assert after(lines, "Loans given") == ["–"]
    assert after(lines, "Cash on hand") == ["1,000"]
    assert after(lines, "Sum of the assets") == ["34,150"]
    owed = [num(lines[i + 1]) for i, line in enumerate(lines)
            if line == "Sum of capital and debts"]
    assert owed == [32_000, 37_000]
    assert "Difference: 34,150 - 32,000 = 2,150 Marks: a profit." in lines
    assert "Difference: 34,150 - 37,000 = -2,850 Marks: a loss." in lines
    totals = [after(lines, "Total", 3, i) for i, line in enumerate(lines) if line == "Total"
              and lines[i + 2] == "Total"]
    assert totals == [["34,150", "Total", "34,150"]] * 2
    assert after(lines, "Profit") == ["2,150"]
    assert after(lines, "Loss") == ["-2,850"]
    assert "Owned capital = starting capital + profit = 20,000 + 2,150 = 22,150 Marks." in lines
    # the page's figures are the engine's valuation of the rulebook's holdings
    sheet = balance_sheet_from("Example", machines_single=3, raw=1, finished=2, cash=1_000,
                               bank_debt=10_000, other_debt=2_000)
    assert (sheet.total_assets, sheet.starting_capital + debts_of(sheet), sheet.profit) == (
        34_150, 32_000, 2_150)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_balance_sheet_notes_work_out_each_teams_own_figures(game: str) -> None:
    state = played(**GAMES[game]).state
    ctx = Ctx.of(meta_for(state), state)
    for team in state.teams:
        sheet = ctx.fig.sheet(team)
        (lines,) = [p for p in pages(notes.build(ctx, team)) if "Notes to the balance sheet" in p]
        for units, each, value in (
                (sheet.machines_single + sheet.machines_double, "10,000", sheet.machines_value),
                (sheet.computers, "20,000", sheet.computers_value),
                (sheet.raw, "150", sheet.raw_value),
                (sheet.finished, "1,500", sheet.finished_value)):
            worked = [line for line in lines if re.fullmatch(rf"\d+ × {each} = [\d,]+", line)]
            assert worked == ([f"{units} × {each} = {value:,}"] if units else []), (team, each)
        assert f"{state.teams[team].web} held, valued at 0" in lines
        assert after(lines, "The Marks on hand: “To those valuations, one adds the cash on "
                     "hand”.") == [f"{sheet.cash:,}"]
        result = find(lines, r"^(-?[\d,]+) - (-?[\d,]+) - (-?[\d,]+) = (-?[\d,]+)$")
        assets, debts, capital, profit = (num(g) for g in result.groups())
        assert (assets, debts, capital, profit) == (
            sheet.total_assets, debts_of(sheet), sheet.starting_capital, sheet.profit)
        assert assets - debts - capital == profit
        owned = find(lines, r"^(-?[\d,]+) \+ (-?[\d,]+) = (-?[\d,]+)$")
        assert [num(g) for g in owned.groups()] == [sheet.starting_capital, sheet.profit,
                                                    sheet.equity]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_profit_and_loss_notes_print_the_engines_lines(game: str) -> None:
    """Beside each note: the cash, book value and profit of the team's latest year, as its
    profit and loss statement prints them (the events summed on one row)."""
    state = played(**GAMES[game]).state
    ctx = Ctx.of(meta_for(state), state)
    for team in state.teams:
        account = latest_account(ctx, team)
        assert account is not None
        (lines,) = [p for p in pages(notes.build(ctx, team))
                    if "Notes to the profit and loss statement" in p]
        assert f"Your figures: year {account.year}, as on its profit and loss statement." in (
            lines)
        by_key = {line.key: line for line in account.lines}
        expected: list[int] = []
        for key in PNL_NOTE_KEYS:
            if key == "taxes" and not ctx.fig.taxes:
                continue
            line = by_key.get(key)
            expected += [line.cash, line.book, line.profit] if line else [0, 0, 0]
        events = [line.profit for line in account.lines if line.key in EVENT_LINES]
        expected.append(sum(events))
        start = lines.index("Profit")  # the table's last header cell
        footer = next(i for i, line in enumerate(lines) if line.startswith("Made on"))
        printed = [num(line) for line in lines[start + 1:footer] if NUMBER.match(line)]
        assert printed == expected, team


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", ["taxes", "all steps, asset yield"])
def test_the_notes_fill_three_pages_for_a_team_and_for_the_class(game: str,
                                                                 language: str) -> None:
    """No page spills: the notes are three pages (balance sheet, profit and loss, the worked
    example), the team's and the class's, in German too."""
    state = played(**GAMES[game]).state
    ctx = Ctx.of(meta_for(state, language=language), state)
    with translation.override(language):
        worked = gettext("Worked example: the rulebook's balance sheet")
        last = gettext("“Here we have the final assets being worth less than the starting "
                       "capital.” The loss stands on the right with a minus sign, so both "
                       "sides still show %(total)s.")
    for team in state.teams:
        team_pages = pages(notes.build(ctx, team))
        assert len(team_pages) == 3, (team, language)
        assert all(len(page) > 12 for page in team_pages)
        assert worked in team_pages[2]
        # the page's last note, quoted from the rulebook, is on the page: nothing spilled
        assert re.split(r"[.“”„]", last.lstrip("“„"))[0][:40] in " ".join(team_pages[2])
    class_pages = pages(notes.build(ctx))
    assert len(class_pages) == 3 and worked in class_pages[2]


def test_the_german_notes_speak_the_bookkeeping_lesson_and_group_with_points() -> None:
    state = played(**GAMES["taxes"]).state
    ctx = Ctx.of(meta_for(state, language="de"), state)
    pdf = notes.build(ctx, "Red")
    with translation.override("de"):
        words = [gettext(text) for text in (
            "Notes to the balance sheet", "Notes to the profit and loss statement",
            "Worked example: the rulebook's balance sheet", "Sum of the assets")]
    assert words[0] != "Notes to the balance sheet", "no German catalogue entry"
    text = [line for page in pages(pdf) for line in page]
    for word in words[:3]:
        assert word in text
    assert after(text, words[3]) == ["34.150"]
    assert "Differenz: 34.150 - 32.000 = 2.150 Mark: ein Gewinn." in text
    assert "Differenz: 34.150 - 37.000 = -2.850 Mark: ein Verlust." in text
    sheet = ctx.fig.sheet("Red")
    if sheet.raw:
        assert f"{sheet.raw} × 150 = {sheet.raw_value:,}".replace(",", ".") in text
