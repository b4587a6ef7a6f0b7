"""Spreadsheets for grading read back: every row is the engine's (ledger entries, year
accounts, final results) and the Marks columns are formatted as Marks."""

from __future__ import annotations

import csv
import datetime as dt
import io

from openpyxl import load_workbook
from report_helpers import played

from playboss.rules.accounts import GKV_POSITIONS, LINES
from reports import exports
from reports.builders import Ctx, GameMeta
from reports.labels import kind_label, reason_label


def context(game: dict[str, object] | None = None) -> Ctx:
    state = played(**(game or {})).state
    return Ctx.of(GameMeta(name="Year-end game", code="ABC234", seq=state.seq, ended=True),
                  state)


def actions_of(ctx_seed: int = 7) -> list[exports.ActionRecord]:
    log = played(seed=ctx_seed).log
    return [exports.ActionRecord(seq, e["actor"], e, e.get("chance"),
                                 [{"text": f"move {seq}"}], dt.datetime(2025, 6, 30, 10, 0))
            for seq, e in enumerate(log.entries, start=1)]


def test_the_workbook_holds_the_engines_figures() -> None:
    ctx = context()
    book = load_workbook(io.BytesIO(exports.to_xlsx(exports.grading_sheets(ctx.fig,
                                                                          actions_of()))))
    assert book.sheetnames[:4] == ["Figures by year", "Results", "Ledger", "Actions"]

    figures = list(book["Figures by year"].iter_rows(values_only=True))
    header, rows = figures[0], figures[1:]
    col = {name: i for i, name in enumerate(header)}
    expected = [(team, a) for team in ctx.fig.teams for a in ctx.fig.accounts(team)]
    assert len(rows) == len(expected)
    for row, (team, account) in zip(rows, expected, strict=True):
        assert (row[col["Team"]], row[col["Year"]]) == (team, account.year)
        assert row[col["Profit or loss of the year"]] == account.profit
        assert row[col["Owned capital at the end"]] == account.closing.equity
        assert row[col["Balance-sheet total at the end"]] == account.closing.total_assets
        assert row[col["Sales to the market"]] == account.sales
        lines = {line.key: line.profit for line in account.lines}
        assert sum(row[col[title]] for title in header if title in _line_titles()) == \
            account.profit == sum(lines.values())
        # issue 22: the positions after HGB § 275 are the engine's and add up to the profit
        positions = [title for title in header if str(title).startswith("§ 275: ")]
        assert len(positions) == len(GKV_POSITIONS)
        assert [row[col[title]] for title in positions] == [
            account.position(key) for key in GKV_POSITIONS]
        assert sum(row[col[title]] for title in positions) == account.profit
        assert row[col["§ 275: Revenue"]] >= account.sales
        if account.tax:
            assert row[col["Tax"]] == account.tax["tax"]
    cell = book["Figures by year"]["D2"]
    assert cell.number_format == "#,##0"

    ledger = list(book["Ledger"].iter_rows(values_only=True))[1:]
    assert [tuple(r) for r in ledger] == [
        (e.seq, kind_label(e.kind), exports.party_label(e.source), exports.party_label(e.target),
         e.qty, reason_label(e.reason), e.reason) for e in ctx.fig.state.ledger.entries]

    results = list(book["Results"].iter_rows(values_only=True))[1:]
    assert [(r[0], r[1], r[2]) for r in results] == [
        (r["rank"], r["team"], r["result"]) for r in ctx.fig.results()]

    actions = list(book["Actions"].iter_rows(values_only=True))[1:]
    assert len(actions) == len(played(seed=7).log.entries)
    assert actions[0][0] == 1 and actions[0][5] == "move 1"


def _line_titles() -> set[str]:
    from reports.labels import line_label

    return {f"P&L: {line_label(key)}" for key, _title, _reasons in LINES} | {"P&L: Other"}


def test_csv_tables_open_in_a_spreadsheet() -> None:
    ctx = context()
    files = exports.csv_files(ctx.fig, actions_of())
    assert sorted(files) == ["actions.csv", "capital-bridge.csv", "cash-flow.csv", "class.csv",
                             "figures.csv", "ledger.csv", "ratios.csv", "results.csv"]
    for data in files.values():
        assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte-order mark
    ledger = list(csv.reader(io.StringIO(files["ledger.csv"].decode("utf-8-sig"))))
    assert ledger[0] == ["Move", "Kind", "From", "To", "Quantity", "Reason",
                         "Reason (game log)"]
    assert len(ledger) - 1 == len(ctx.fig.state.ledger.entries)
    first = ctx.fig.state.ledger.entries[0]
    assert ledger[1] == [str(first.seq), kind_label(first.kind), exports.party_label(first.source),
                         exports.party_label(first.target), str(first.qty),
                         reason_label(first.reason), first.reason]


def test_german_csv_opens_in_columns_with_a_double_click() -> None:
    """Issue 13: German Excel splits CSV at semicolons and reads decimal commas; the headers,
    ledger kinds and reasons and the events are German, and no header appears twice."""
    from django.utils import translation

    ctx = context(dict(steps=frozenset({1, 2, 3, 4, 5, 6}), seed=5, goal="asset_yield"))
    actions = [exports.ActionRecord(1, "Red", {"type": "roll", "actor": "Red"}, None,
                                    [{"type": "game_over", "text": "The game is over."}])]
    with translation.override("de"):
        files = exports.csv_files(ctx.fig, actions)
    for name, data in files.items():
        assert data.startswith(b"\xef\xbb\xbf"), name
        rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
        header = rows[0]
        assert len(header) > 3 and len(set(header)) == len(header), (name, header)
        assert all(len(row) == len(header) for row in rows), name
    results = list(csv.reader(io.StringIO(files["results.csv"].decode("utf-8-sig")),
                              delimiter=";"))
    yields = [row[results[0].index("Umsatzrendite")] for row in results[1:]]
    assert any("," in value for value in yields) and not any("." in v for v in yields), yields
    ledger = list(csv.reader(io.StringIO(files["ledger.csv"].decode("utf-8-sig")),
                             delimiter=";"))
    kinds = {row[1] for row in ledger[1:]}
    assert "Kasse" in kinds and "cash" not in kinds, kinds
    reasons = {row[5]: row[6] for row in ledger[1:]}
    assert reasons and all(r != raw or raw in ("WEB chip",) for r, raw in reasons.items()), \
        [r for r, raw in reasons.items() if r == raw]
    actions_rows = list(csv.reader(io.StringIO(files["actions.csv"].decode("utf-8-sig")),
                                   delimiter=";"))
    assert "The game is over." not in actions_rows[1][5]
