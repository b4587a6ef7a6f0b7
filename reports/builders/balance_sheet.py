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
from django.utils.translation import pgettext
from reportlab.platypus import Flowable

from playboss.rules import FINAL_VALUE, GameConfig, new_game
from playboss.rules.accounts import YearAccount
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
#: The context of the lines' names in the form of HGB § 266 (German: "Rohstoffe", "gegenüber
#: Kreditinstituten"); the English names are the game's own.
HGB = "HGB 266"
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


def rulebook_table(fmt: Fmt, sheet: BalanceSheet) -> Flowable:
    """The rulebook's own two-sided account (its example): assets against debts, starting
    capital and the profit that balances them."""
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
    return _two_sides(fmt, sheet, [(label, amount, "") for label, amount in assets],
                      [(label, amount, "") for label, amount in liabilities],
                      bold_right={len(liabilities)})


#: A row of one side: label, amount, kind ("" an item, "head" a group with its subtotal).
Side = list[tuple[str, str, str]]


def account_table(fmt: Fmt, sheet: BalanceSheet, year_result: int | None = None) -> Flowable:
    """The balance sheet in the order of HGB § 266 (and its IFRS/UK counterpart): fixed
    assets, current assets; equity (starting capital, the result brought forward and the
    year's result apart - ``year_result`` None: the result so far in one line), provisions
    for tax due, liabilities. The figures are the rulebook's valuation (the engine's sheet)."""
    m = fmt.money_or_dash
    fixed = sheet.machines_value + sheet.computers_value
    current = sheet.raw_value + sheet.finished_value + sheet.loans_given + sheet.cash
    assets: Side = [
        (_("A. Fixed assets (non-current)"), fmt.money(fixed), "head"),
        (_item(pgettext(HGB, "Machines"), _machines_detail(fmt, sheet)),
         m(sheet.machines_value), ""),
        (_item(pgettext(HGB, "Computers"), _units_detail(fmt, sheet.computers, "computer")),
         m(sheet.computers_value), ""),
        (_("B. Current assets"), fmt.money(current), "head"),
        (_item(pgettext(HGB, "Raw material"), _units_detail(fmt, sheet.raw, "raw")),
         m(sheet.raw_value), ""),
        (_item(pgettext(HGB, "Finished product"),
               _units_detail(fmt, sheet.finished, "finished")),
         m(sheet.finished_value), ""),
        (pgettext(HGB, "Loans given"), m(sheet.loans_given), ""),
        (pgettext(HGB, "Cash"), m(sheet.cash), ""),
    ]
    equity: Side = [(_("A. Owned capital"), fmt.money(sheet.equity), "head"),
                    (pgettext(HGB, "Starting capital"), m(sheet.starting_capital), "")]
    if year_result is None:
        equity.append((result_so_far_label(sheet.profit), fmt.money(sheet.profit), ""))
    else:
        before = sheet.profit - year_result
        equity += [(brought_forward_label(before), fmt.money(before), ""),
                   (year_result_label(year_result), fmt.money(year_result), "")]
    provisions: Side = [(_("B. Provisions"), fmt.money(sheet.tax_due), "head"),
                        (pgettext(HGB, "Tax due for the year"), m(sheet.tax_due), "")] \
        if sheet.tax_due else []
    debts: Side = [
        (_("C. Liabilities") if sheet.tax_due else _("B. Liabilities"),
         fmt.money(sheet.bank_debt + sheet.other_debt), "head"),
        (pgettext(HGB, "Bank debt"), m(sheet.bank_debt), ""),
        (pgettext(HGB, "Other debt"), m(sheet.other_debt), ""),
    ]
    return _two_sides(fmt, sheet, assets, equity + provisions + debts)


def _two_sides(fmt: Fmt, sheet: BalanceSheet, left: Side, right: Side,
               bold_right: frozenset[int] | set[int] = frozenset()) -> Flowable:
    """Both sides row by row, the groups bold with their subtotals, the totals beneath."""
    rows: list[list[object]] = [[_("Assets"), _("Marks"), _("Liabilities and owned capital"),
                                 _("Marks")]]
    extra: list[tuple[object, ...]] = [
        ("LINEAFTER", (1, 0), (1, -1), 1.2, INK),
        ("LEFTPADDING", (2, 0), (2, -1), 10),
    ]
    for i in range(max(len(left), len(right))):
        row: list[object] = []
        for col, side in ((0, left), (2, right)):
            label, amount, kind = side[i] if i < len(side) else ("", "", "")
            if kind == "head":
                extra.append(("FONT", (col, i + 1), (col + 1, i + 1), BOLD, 8))
            elif label and any(side_kind == "head" for _l, _a, side_kind in side):
                label = "    " + label  # an item under its group
            row += [label, amount]
        rows.append(row)
    for r in bold_right:
        extra.append(("FONT", (2, r), (3, r), BOLD, 8))
    rows.append([_("Total"), fmt.money(sheet.total_assets), _("Total"),
                 fmt.money(sheet.total_liabilities)])
    return table(rows, WIDTHS, numeric=(1, 3), totals=(-1,), zebra=False, extra=extra)


def result_so_far_label(profit: int) -> str:
    return _("Profit so far") if profit >= 0 else _("Loss so far")


def brought_forward_label(profit: int) -> str:
    return _("Profit brought forward") if profit >= 0 else _("Loss brought forward")


def year_result_label(profit: int) -> str:
    return _("Profit for the year") if profit >= 0 else _("Loss for the year")


def content(fmt: Fmt, sheet: BalanceSheet, heading: str, year_result: int | None = None,
            rulebook: bool = False, explained: bool = True) -> list[Flowable]:
    """A heading, the account and a word on its valuation (or, in the rulebook's form, the
    owned capital) beneath it."""
    if rulebook:
        owned = _("Owned capital (starting capital and profit together): %(amount)s Marks") % {
            "amount": fmt.money(sheet.equity)}
        return [block(h2(heading), rulebook_table(fmt, sheet)), note(owned)]
    valuation = _(
        "Valued as the rulebook values everything at the end of the game, not at cost as the "
        "HGB would: machines 10,000, computers 20,000, raw material 150 and finished products "
        "1,500 a unit, whatever they cost; no depreciation. Owned capital is the "
        "starting capital and all results so far.")
    return [block(h2(heading), account_table(fmt, sheet, year_result),
                  *([note(valuation)] if explained else []))]


def heading_for(ctx: Ctx, team: str, year: int | None, account: YearAccount | None = None
                ) -> tuple[BalanceSheet, str]:
    """The balance sheet of ``team`` at the end of ``year`` (None: now / the end of the game)
    and the heading that says when it was drawn up."""
    if year is None:
        sheet = ctx.fig.sheet(team)
        when = _("at the end of the game") if ctx.fig.ended else _(
            "after move %(seq)s") % {"seq": ctx.fmt.num(ctx.meta.seq)}
    else:
        account = account or ctx.fig.account(team, year)
        sheet, when = account.closing, ctx.end_label(account)
    return sheet, _("Balance sheet %(when)s") % {"when": when}


def add(pdf: Pdf, ctx: Ctx, team: str, year: int | None) -> None:
    sheet, heading = heading_for(ctx, team, year)
    period = (ctx.period(ctx.fig.account(team, year)) if year is not None
              else _("End of the game") if ctx.fig.ended else _("So far"))
    pdf.section(team, period, _("Balance sheet"))
    result = ctx.fig.account(team, year).profit if year is not None else None
    pdf.add(*content(ctx.fmt, sheet, heading, result))


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
        pdf.add(*content(ctx.fmt, sheet, _("Balance sheet"), rulebook=True))
        return pdf.render()
