"""The analysis in the spreadsheets read back: the cash-flow statement, the owned-capital
bridge, the ratios with class average and rank, and the class by year are the engine's
(``playboss.rules.analysis``) cell by cell; Marks and percentages carry number formats in the
workbook; the German CSV is German, semicolon-separated, with decimal commas. Rulebook part I,
"Explanations: Financial Statement and Profit" (owned capital, cash on hand)."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any

import pytest
from django.utils import translation
from openpyxl import load_workbook
from report_helpers import played
from test_reports_pdfs import GAMES

from playboss.rules.analysis import COMPARED, capital_bridge, cash_flow, class_comparison, ratios
from reports import exports
from reports.builders import Ctx, GameMeta

SHEETS = ["Cash flow", "Owned-capital bridge", "Ratios", "Class by year"]


def context(game: str) -> Ctx:
    state = played(**GAMES[game]).state
    return Ctx.of(GameMeta(name="Year-end game", code="ABC234", seq=state.seq, ended=True),
                  state)


def workbook_rows(ctx: Ctx, name: str) -> tuple[list[str], list[tuple[Any, ...]], Any]:
    book = load_workbook(io.BytesIO(exports.to_xlsx(exports.grading_sheets(ctx.fig, []))))
    sheet = book[name]
    rows = list(sheet.iter_rows(values_only=True))
    return [str(h) for h in rows[0]], rows[1:], sheet


def ratio(value: Fraction | int | None) -> Any:
    return None if value is None else pytest.approx(float(value), abs=1e-6)


def test_the_workbook_has_the_analysis_sheets_after_the_grading_ones() -> None:
    ctx = context("taxes")
    book = load_workbook(io.BytesIO(exports.to_xlsx(exports.grading_sheets(ctx.fig, []))))
    assert book.sheetnames == ["Figures by year", "Results", "Ledger", "Actions", *SHEETS]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_cash_flow_sheet_is_the_engines(game: str) -> None:
    ctx = context(game)
    header, rows, sheet = workbook_rows(ctx, "Cash flow")
    col = {name: i for i, name in enumerate(header)}
    accounts = [a for team in ctx.fig.teams for a in ctx.fig.accounts(team)]
    assert len(rows) == len(accounts)
    for row, account in zip(rows, accounts, strict=True):
        flow = cash_flow(account)
        assert (row[0], row[1]) == (account.team, account.year)
        assert row[col["Cash at the start of the year"]] == flow.start
        for activity, title in (("operating", "Cash flow from operating activities"),
                                ("investing", "Cash flow from investing activities"),
                                ("financing", "Cash flow from financing activities")):
            assert row[col[title]] == flow.total(activity)
        assert row[col["Change in cash in the year"]] == flow.net
        assert row[col["Cash at the end of the year"]] == flow.end == account.closing.cash
        lines = [value for name, value in zip(header, row, strict=True) if ": " in name]
        assert sorted(v for v in lines if v) == sorted(amount for *_k, amount in flow.lines)
    assert sheet["D2"].number_format == "#,##0"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_bridge_sheet_is_the_engines(game: str) -> None:
    ctx = context(game)
    header, rows, _sheet = workbook_rows(ctx, "Owned-capital bridge")
    accounts = [a for team in ctx.fig.teams for a in ctx.fig.accounts(team)]
    for row, account in zip(rows, accounts, strict=True):
        b = capital_bridge(account)
        assert list(row[3:]) == [b.start, b.operating, b.events, b.tax, b.unpaid, b.paid_in,
                                 b.end, b.profit]
        assert b.start + b.operating + b.events + b.tax + b.unpaid + b.paid_in == b.end == (
            account.closing.equity)
        assert b.profit == account.profit
    assert len(header) == 11 and len(rows) == len(accounts)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_ratios_sheet_holds_each_figure_with_the_class_average_and_rank(game: str) -> None:
    ctx = context(game)
    header, rows, sheet = workbook_rows(ctx, "Ratios")
    col = {name: i for i, name in enumerate(header)}
    accounts = [a for team in ctx.fig.teams for a in ctx.fig.accounts(team)]
    assert len(rows) == len(accounts)
    names = {"profit": "Profit or loss after tax", "equity_ratio": "Owned-capital ratio",
             "return_on_equity": "Return on owned capital", "capacity_use": "Capacity use"}
    for number, (row, account) in enumerate(zip(rows, accounts, strict=True), start=2):
        own = ratios(ctx.fig.state, account)
        standing = class_comparison(ctx.fig.state, account.year)[account.team]
        for figure in COMPARED:
            s, name = standing[figure], names[figure]
            value, average = row[col[name]], row[col[f"{name}: class average"]]
            if figure == "profit":
                assert value == own.profit and average == round(s.average or 0)
            else:
                assert value == ratio(s.value) and average == ratio(s.average)
                if value is not None:  # a percentage in the workbook
                    cell = sheet.cell(row=number, column=col[name] + 1)
                    assert cell.number_format == "0.0%"
            assert row[col[f"{name}: rank"]] == s.rank
        assert row[col["Units made"]] == own.units_produced
        assert row[col["Units sold to the market"]] == own.units_sold
        for name, fraction in (("Cost of a unit made", own.unit_cost),
                               ("Average selling price", own.average_price)):
            assert row[col[name]] == (None if fraction is None else round(fraction))


def test_the_class_sheet_holds_the_class_average_year_by_year() -> None:
    ctx = context("all steps, asset yield")
    header, rows, _sheet = workbook_rows(ctx, "Class by year")
    years = max(len(ctx.fig.accounts(t)) for t in ctx.fig.teams)
    assert [row[0] for row in rows] == list(range(1, years + 1))
    for row in rows:
        table = class_comparison(ctx.fig.state, row[0])
        first = next(iter(table.values()))
        assert row[1] == len(table)
        assert row[2] == round(first["profit"].average or 0)
        assert list(row[3:6]) == [ratio(first[k].average) for k in COMPARED[1:]]
        flows = [cash_flow(ctx.fig.account(t, row[0])).total("operating") for t in table]
        assert row[6] == round(Fraction(sum(flows), len(flows)))
    assert header[-1] == "Cash flow from operating activities: class average"


def test_the_analysis_csv_files_are_german_with_semicolons_and_decimal_commas() -> None:
    """Issue 13: a German teacher opens them with a double click: German headers, semicolons,
    decimal commas, a byte-order mark; every row as long as the header."""
    ctx = context("all steps, asset yield")
    with translation.override("de"):
        files = exports.csv_files(ctx.fig, [])
    assert {"cash-flow.csv", "capital-bridge.csv", "ratios.csv", "class.csv"} <= set(files)
    for name in ("cash-flow.csv", "capital-bridge.csv", "ratios.csv", "class.csv"):
        data = files[name]
        assert data.startswith(b"\xef\xbb\xbf"), name
        rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
        assert len(rows[0]) > 3 and all(len(row) == len(rows[0]) for row in rows), name
        assert len(set(rows[0])) == len(rows[0]), (name, rows[0])
    ratios_rows = list(csv.reader(io.StringIO(files["ratios.csv"].decode("utf-8-sig")),
                                  delimiter=";"))
    header = ratios_rows[0]
    assert "Eigenkapitalquote" in header and "Owned-capital ratio" not in header
    quotas = [row[header.index("Eigenkapitalquote")] for row in ratios_rows[1:]]
    assert any("," in q for q in quotas) and not any("." in q for q in quotas), quotas
    bridge = list(csv.reader(io.StringIO(files["capital-bridge.csv"].decode("utf-8-sig")),
                             delimiter=";"))
    assert "Eigenkapital am Jahresende" in bridge[0]
    accounts = [a for team in ctx.fig.teams for a in ctx.fig.accounts(team)]
    assert [int(row[-2]) for row in bridge[1:]] == [a.closing.equity for a in accounts]
