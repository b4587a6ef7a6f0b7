"""Balance sheet: the rulebook's two-sided account ("Explanations: Financial Statement and
Profit"), assets on the left against liabilities and equity on the right.

Assets: machines (single and double capacity), computers, raw material, finished product, loans
given, cash. Liabilities and equity: bank debt, other debt, the year's tax due (step 4, on a
year-end sheet until it is paid), starting capital, profit or loss.
Every amount is the engine's ``BalanceSheet`` (``playboss.rules.statements``); both totals are
the engine's, and they are equal because the profit is what makes them so.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.platypus import Flowable

from playboss.rules import FINAL_VALUE, GameConfig, new_game
from playboss.rules.statements import BalanceSheet

from .base import (
    BOLD,
    INK,
    Ctx,
    Fmt,
    GameMeta,
    Pdf,
    block,
    build_in,
    h2,
    note,
    table,
)

DOCUMENT = "balance_sheet"
WIDTHS = (180, 75.5, 180, 75.5)


def _item(label: str, detail: str = "") -> str:
    return f"{label} {detail}" if detail else label


def _machines_detail(fmt: Fmt, sheet: BalanceSheet) -> str:
    each = fmt.money(FINAL_VALUE["machine"])
    if not sheet.machines_single and not sheet.machines_double:
        return ""
    if not sheet.machines_double:
        return f"({sheet.machines_single} × {each})"
    return _("(%(single)d single, %(double)d double; %(each)s each)") % {
        "single": sheet.machines_single, "double": sheet.machines_double, "each": each}


def _units_detail(fmt: Fmt, units: int, kind: str) -> str:
    return f"({units} × {fmt.money(FINAL_VALUE[kind])})" if units else ""


def profit_label(profit: int) -> str:
    return _("Profit") if profit >= 0 else _("Loss")


def account_table(fmt: Fmt, sheet: BalanceSheet) -> Flowable:
    """The two-sided account of one balance sheet."""
    m = fmt.money_or_dash
    assets = [
        (_item(_("Machines"), _machines_detail(fmt, sheet)), m(sheet.machines_value)),
        (_item(_("Computers"), _units_detail(fmt, sheet.computers, "computer")),
         m(sheet.computers_value)),
        (_item(_("Raw material"), _units_detail(fmt, sheet.raw, "raw")), m(sheet.raw_value)),
        (_item(_("Finished product"), _units_detail(fmt, sheet.finished, "finished")),
         m(sheet.finished_value)),
        (_("Loans given"), m(sheet.loans_given)),
        (_("Cash"), m(sheet.cash)),
    ]
    liabilities = [
        (_("Bank debt"), m(sheet.bank_debt)),
        (_("Other debt"), m(sheet.other_debt)),
        *([(_("Tax due for the year"), m(sheet.tax_due))] if sheet.tax_due else []),
        (_("Starting capital"), m(sheet.starting_capital)),
        (profit_label(sheet.profit), fmt.money(sheet.profit)),
    ]
    rows: list[list[object]] = [[_("Assets"), _("Marks"), _("Liabilities and owned capital"),
                                 _("Marks")]]
    for i in range(max(len(assets), len(liabilities))):
        left = assets[i] if i < len(assets) else ("", "")
        right = liabilities[i] if i < len(liabilities) else ("", "")
        rows.append([left[0], left[1], right[0], right[1]])
    rows.append([_("Total"), fmt.money(sheet.total_assets), _("Total"),
                 fmt.money(sheet.total_liabilities)])
    profit_row = len(liabilities)  # the profit's row on the right (1-based: after the header)
    return table(rows, WIDTHS, numeric=(1, 3), totals=(-1,), zebra=False, extra=[
        ("LINEAFTER", (1, 0), (1, -1), 1.2, INK),
        ("LEFTPADDING", (2, 0), (2, -1), 10),
        ("FONT", (2, profit_row), (3, profit_row), BOLD, 8),
    ])


def content(fmt: Fmt, sheet: BalanceSheet, heading: str) -> list[Flowable]:
    """A heading, the account and the owned capital beneath it."""
    owned = _("Owned capital (starting capital and profit together): %(amount)s Marks") % {
        "amount": fmt.money(sheet.equity)}
    return [block(h2(heading), account_table(fmt, sheet)), note(owned)]


def heading_for(ctx: Ctx, team: str, year: int | None) -> tuple[BalanceSheet, str]:
    """The balance sheet of ``team`` at the end of ``year`` (None: now / the end of the game)
    and the heading that says when it was drawn up."""
    if year is None:
        sheet = ctx.fig.sheet(team)
        when = _("at the end of the game") if ctx.fig.ended else _(
            "after move %(seq)s") % {"seq": ctx.fmt.num(ctx.meta.seq)}
    else:
        account = ctx.fig.account(team, year)
        sheet, when = account.closing, ctx.end_label(account)
    return sheet, _("Balance sheet %(when)s") % {"when": when}


def add(pdf: Pdf, ctx: Ctx, team: str, year: int | None) -> None:
    sheet, heading = heading_for(ctx, team, year)
    period = (ctx.period(ctx.fig.account(team, year)) if year is not None
              else _("End of the game") if ctx.fig.ended else _("So far"))
    pdf.section(team, period, _("Balance sheet"))
    pdf.add(*content(ctx.fmt, sheet, heading))


def build(ctx: Ctx, team: str, year: int | None = None) -> bytes:
    with build_in(ctx.meta.language):
        pdf = Pdf(ctx, _("Balance sheet"))
        add(pdf, ctx, team, year)
        return pdf.render()


def build_from_sheet(meta: GameMeta, sheet: BalanceSheet, period: str = "") -> bytes:
    """The document for any balance sheet (the rulebook's example, a what-if)."""
    with build_in(meta.language):
        ctx = Ctx.of(meta, new_game(GameConfig(teams=(sheet.team,))))
        pdf = Pdf(ctx, _("Balance sheet"))
        pdf.section(sheet.team, period, _("Balance sheet"))
        pdf.add(*content(ctx.fmt, sheet, _("Balance sheet")))
        return pdf.render()
