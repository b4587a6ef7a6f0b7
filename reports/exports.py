"""Spreadsheets for grading: the ledger, the action log and per-team per-year figures, as CSV
(one table a file) and XLSX (one workbook, a sheet each, plus the final results).

Rows hold the engine's figures as they are (``year_accounts``, ``final_results``, the ledger's
entries); nothing is added up here. Headers are translated labels, under the game's language
like the PDFs. CSV files carry a byte-order mark so that spreadsheet programs read UTF-8, and
follow the language's spreadsheet convention: where the decimal separator is a comma (German),
fields are separated by semicolons and decimals written with a comma, so that a double click
opens them in columns. Ledger kinds and reasons and the events of the moves are translated;
the ledger keeps the engine's reason beside it for whoever checks against a game log.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.formats import get_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from playboss.rules.accounts import GKV_POSITIONS, LINES

from .analysis_sheets import bridge_sheet, cash_flow_sheet, class_sheet, ratios_sheet
from .builders.base import Figures
from .labels import kind_label, line_label, position_label, reason_label
from .sheet import Sheet, is_formula_like, neutralised


@dataclass(frozen=True)
class ActionRecord:
    """One move of the game's log as the site keeps it (``classroom.models.GameAction``)."""

    seq: int
    actor: str
    action: dict[str, Any]
    chance: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    created: datetime | None = None


LINE_KEYS = [key for key, _title, _reasons in LINES] + ["other"]


def figures_sheet(fig: Figures) -> Sheet:
    """Per team and per year: the year's profit-and-loss lines ("P&L: ...", each line's effect
    on profit), its positions after HGB § 275 ("§ 275: ..."), its profit, sales and tax, and
    the balance sheet at its end."""
    columns: list[tuple[str, bool]] = [
        (_("Team"), False), (_("Year"), False), (_("Full year"), False),
        (_("Sales to the market"), True),
        *[(_("P&L: %(line)s") % {"line": line_label(key)}, True) for key in LINE_KEYS],
        *[(_("§ 275: %(position)s") % {"position": position_label(key, None)}, True)
          for key in GKV_POSITIONS],
        (_("Profit or loss of the year"), True), (_("Owned capital at the start"), True),
        (_("Owned capital at the end"), True), (_("Cash at the end"), True),
        (_("Bank debt at the end"), True), (_("Other debt at the end"), True),
        (_("Loans given at the end"), True), (_("Balance-sheet total at the end"), True),
        (_("Machines single"), False), (_("Machines double"), False), (_("Computers"), False),
        (_("Raw material"), False), (_("Finished product"), False),
        (_("Taxable amount"), True), (_("Tax"), True), (_("Loss carried forward"), True),
    ]
    rows: list[list[Any]] = []
    for team in fig.teams:
        for account in fig.accounts(team):
            lines = {line.key: line.profit for line in account.lines}
            end, tax = account.closing, account.tax or {}
            rows.append([
                team, account.year, _("yes") if account.closed else _("no"), account.sales,
                *[lines.get(key, 0) for key in LINE_KEYS],
                *[account.position(key) for key in GKV_POSITIONS],
                account.profit, account.opening.equity, end.equity, end.cash, end.bank_debt,
                end.other_debt, end.loans_given, end.total_assets, end.machines_single,
                end.machines_double, end.computers, end.raw, end.finished,
                tax.get("taxable", ""), tax.get("tax", ""), tax.get("loss_carried_forward", ""),
            ])
    money = frozenset(i for i, (_label, is_money) in enumerate(columns) if is_money)
    return Sheet(_("Figures by year"), [label for label, _m in columns], rows, money, {0: 18})


def results_sheet(fig: Figures) -> Sheet:
    """The end-of-game valuation, ranked, with sales, yields and personal goals."""
    header = [_("Rank"), _("Team"), _("Result"), _("Owned capital"), _("Balance-sheet total"),
              _("Sales to the market"), _("Sales yield"), _("Asset yield"),
              _("Asset yield per year"), _("Years played"), _("Years completed"), _("Bankrupt"),
              _("Personal goal")]
    rows: list[list[Any]] = []
    for r in fig.results():
        team = r["team"]
        sheet, y = fig.sheet(team), fig.yields(team)

        def ratio(value: Any) -> Any:
            return "" if value is None else round(float(value), 6)

        rows.append([r["rank"], team, r["result"], sheet.equity, sheet.total_assets, y["sales"],
                     ratio(y["sales_yield"]), ratio(y["asset_yield"]),
                     ratio(y["asset_yield_per_lap"]), ratio(y["laps"]), r["years"],
                     _("yes") if r["bankrupt"] else _("no"), fig.personal_goal(team)])
    return Sheet(_("Results"), header, rows, frozenset({2, 3, 4, 5}), {1: 18, 12: 40})


def ledger_sheet(fig: Figures) -> Sheet:
    """Every entry of the books: what moved, from whom to whom, how much, why."""
    header = [_("Move"), _("Kind"), _("From"), _("To"), _("Quantity"), _("Reason"),
              _("Reason (game log)")]
    rows = [[e.seq, kind_label(e.kind), party_label(e.source), party_label(e.target), e.qty,
             reason_label(e.reason), e.reason]
            for e in fig.state.ledger.entries]
    return Sheet(_("Ledger"), header, rows, frozenset({4}), {5: 30, 6: 24})


def party_label(party: str) -> str:
    """A team's name as it is; the bank, the market and the box in the language."""
    return {"bank": _("bank"), "market": _("market"), "box": _("box")}.get(party, party)


def actions_sheet(actions: Iterable[ActionRecord]) -> Sheet:
    """The game's moves: who, what, the dice and cards drawn, what happened."""
    from classroom.texts.events import describe_events

    header = [_("Move"), _("Who"), _("Kind of move"), _("Details"), _("Chance"),
              _("What happened"), _("Time")]
    rows: list[list[Any]] = []
    for a in actions:
        details = {k: v for k, v in a.action.items() if k not in ("type", "actor")}
        texts = " | ".join(describe_events(a.events))
        when = a.created.replace(tzinfo=None, microsecond=0) if a.created else ""
        rows.append([a.seq, a.actor, a.action.get("type", ""),
                     json.dumps(details, ensure_ascii=False) if details else "",
                     json.dumps(a.chance, ensure_ascii=False) if a.chance else "", texts, when])
    return Sheet(_("Actions"), header, rows, frozenset(), {3: 30, 5: 60, 6: 19})


# ====================================================================== file formats
def to_csv(sheet: Sheet, language: str | None = None) -> bytes:
    """The table as CSV in the language's convention (default: the active language): with a
    decimal comma, semicolons between fields (what German Excel expects), else commas; always
    UTF-8 with a byte-order mark."""
    decimal = str(get_format("DECIMAL_SEPARATOR", language or get_language() or "en"))
    comma = decimal == ","
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";" if comma else ",", lineterminator="\r\n")
    writer.writerow([neutralised(title) for title in sheet.header])
    for row in sheet.rows:
        # Only text is neutralised (``sheet.neutralised``); a float becomes text only here.
        writer.writerow([str(v).replace(".", ",") if comma and isinstance(v, float)
                         else neutralised(v) for v in row])
    return buffer.getvalue().encode("utf-8-sig")


def to_xlsx(sheets: Sequence[Sheet]) -> bytes:
    """One workbook, a sheet per table: bold frozen header, Marks as #,##0, ratios as
    0.0000 and times as dates (Excel shows the reader's own separators). A formula-like text
    cell is written as a text cell with Excel's quote prefix (``_text_cell``): it shows the text
    as typed and never becomes a formula, not even when someone edits it."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    book = Workbook(write_only=True)
    bold = Font(bold=True)
    for sheet in sheets:
        ws = book.create_sheet(title=_sheet_title(sheet.name))
        ws.freeze_panes = "A2"
        for col, title in enumerate(sheet.header):
            width = sheet.widths.get(col, max(10, min(len(title) + 2, 22)))
            ws.column_dimensions[get_column_letter(col + 1)].width = width
        head = []
        for title in sheet.header:
            cell = _text_cell(ws, title) if is_formula_like(title) else WriteOnlyCell(
                ws, value=title)
            cell.font = bold
            head.append(cell)
        ws.append(head)
        money = sheet.money
        for row in sheet.rows:
            out: list[Any] = list(row)
            for col, value in enumerate(out):
                fmt = ("#,##0" if col in money and isinstance(value, int) and not isinstance(
                    value, bool) else "0.0%" if col in sheet.percent and isinstance(
                    value, float) else "0.0000" if isinstance(value, float)
                    else "yyyy-mm-dd hh:mm:ss" if isinstance(value, datetime) else None)
                if fmt is not None:
                    cell = WriteOnlyCell(ws, value=value)
                    cell.number_format = fmt
                    out[col] = cell
                elif is_formula_like(value):
                    out[col] = _text_cell(ws, value)
            ws.append(out)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _text_cell(ws: Any, text: str) -> Any:
    """A cell that holds ``text`` as text: openpyxl would store a leading "=" as a formula."""
    from openpyxl.cell import WriteOnlyCell

    cell = WriteOnlyCell(ws, value=text)
    cell.data_type = "s"
    cell.quotePrefix = True
    return cell


def _sheet_title(name: str) -> str:
    """Excel allows 31 characters and none of []:*?/\\ in a sheet's name."""
    for ch in "[]:*?/\\":
        name = name.replace(ch, " ")
    return name[:31]


#: The tables made of the engine's figures alone, by their CSV name (the actions come from the
#: site's log): the grading tables, then the analysis (``playboss.rules.analysis``).
TABLES = {"figures": figures_sheet, "results": results_sheet, "ledger": ledger_sheet,
          "cash-flow": cash_flow_sheet, "capital-bridge": bridge_sheet, "ratios": ratios_sheet,
          "class": class_sheet}


def grading_sheets(fig: Figures, actions: Iterable[ActionRecord]) -> list[Sheet]:
    sheets = [make(fig) for make in TABLES.values()]
    return [*sheets[:3], actions_sheet(actions), *sheets[3:]]


def csv_files(fig: Figures, actions: Iterable[ActionRecord]) -> dict[str, bytes]:
    files = {f"{name}.csv": to_csv(make(fig)) for name, make in TABLES.items()}
    files["actions.csv"] = to_csv(actions_sheet(actions))
    return files
