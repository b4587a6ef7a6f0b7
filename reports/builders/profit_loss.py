"""Profit and loss statement of one business year (a lap of the board).

The statement is the engine's positions after HGB § 275 (2), the total-cost form
(``YearAccount.positions``, with the IFRS/UK names in English): revenue, changes in inventories,
other operating income, cost of materials, staff costs, depreciation, other operating expenses
(the operating result), interest (the financial result), a takeover's bargain or the business
sold outside them, income taxes and the profit or loss for the year (``gkv_table``); beneath it
the result brought forward, the year's and the result carried forward apart
(``summary_table``). The standalone document adds the ledger's lines (``lines_table``).

The lines are the engine's (``playboss.rules.accounts.year_accounts``): the ledger's entries of
the year grouped by reason, each with the cash it brought or cost and the change in book value
of goods, equipment, debts and paid-in capital. Their profit column adds up to the change of
the balance sheet's profit over the year, so the statement closes with the balance sheet's profit
at the start of the year, the year's profit or loss, and the balance sheet's profit at its end
(starting capital paid in is owned capital, not profit).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.platypus import Flowable, Spacer

from playboss.rules.accounts import EVENT_LINES, GKV_SPECIAL, PnLLine, YearAccount

from ..labels import OPERATING_LINES, line_label, position_label
from .balance_sheet import brought_forward_label, year_result_label
from .base import BOLD, INK, MUTED, RULE, Ctx, Pdf, block, build_in, h2, note, table

DOCUMENT = "profit_loss"
WIDTHS = (241, 90, 90, 90)
GKV_WIDTHS = (331, 90, 90)
#: The positions whose lines are named beneath them ("of which").
OTHER = frozenset({"other_income", "other_expenses"})
SUMMARY_WIDTHS = (196, 65.5, 184, 65.5)


def _row(ctx: Ctx, label: str, line: PnLLine | None) -> list[object]:
    m = ctx.fmt.money_or_dash
    if line is None:
        return [label, "–", "–", "–"]
    return [label, m(line.cash), m(line.book), m(line.profit)]


def lines_table(ctx: Ctx, account: YearAccount, taxes: bool = False, every_line: bool = True
                ) -> Flowable:
    """The year's lines: operations (``every_line``: even those the year had nothing on, so
    years compare line by line; else only the year's, where a page is short), the events of the
    year (they change profit), investment, credit and capital (they move cash and book value);
    with step 4 the profit before tax, the year's tax and the profit after it."""
    lines = {line.key: line for line in account.lines}
    rows: list[list[object]] = [["", _("Cash\nin (+) / out (-)"), _("Change in\nbook value"),
                                 _("Profit\nor loss")]]
    for key in OPERATING_LINES:
        if every_line or key in lines:
            rows.append(_row(ctx, line_label(key), lines.get(key)))
    extra: list[tuple[object, ...]] = []

    def caption(text: str) -> None:
        extra.extend([("FONT", (0, len(rows)), (-1, len(rows)), BOLD, 8),
                      ("TEXTCOLOR", (0, len(rows)), (-1, len(rows)), MUTED),
                      ("SPAN", (0, len(rows)), (-1, len(rows)))])
        rows.append([text])

    events = [line for line in account.lines if line.key in EVENT_LINES]
    if events:
        caption(_("Events of the year: they change profit"))
        rows.extend(_row(ctx, line_label(line.key), line) for line in events)
    others = [line for line in account.lines
              if line.key not in OPERATING_LINES and line.key not in EVENT_LINES
              and line.key != "taxes"]
    if others:
        caption(_("Investment, credit, tax paid and capital: they move cash and book value"))
        rows.extend(_row(ctx, line_label(line.key), line) for line in others)
    totals: tuple[int, ...] = (-1,)
    if taxes:
        tax = lines.get("taxes")
        before = account.profit - (tax.profit if tax else 0)
        rows.append([_("Profit or loss before tax"), "", "", ctx.fmt.money(before)])
        extra.append(("FONT", (0, len(rows) - 1), (-1, len(rows) - 1), BOLD, 8))
        extra.append(("LINEABOVE", (0, len(rows) - 1), (-1, len(rows) - 1), 0.8, INK))
        rows.append(_row(ctx, line_label("taxes"), tax))
        rows.append([_("Profit or loss of the year, after tax"), "", "",
                     ctx.fmt.money(account.profit)])
    else:
        rows.append([_("Profit or loss of the year"), "", "", ctx.fmt.money(account.profit)])
    return table(rows, WIDTHS, numeric=(1, 2, 3), totals=totals, extra=extra)


def gkv_table(ctx: Ctx, account: YearAccount, every_line: bool = True) -> Flowable:
    """The year after HGB § 275 (2) in the total-cost form: each position in the first column
    of Marks (income +, expenses -), the subtotals - operating result, financial result, result
    before tax (step 4) - and the year's result in the second. ``every_line`` False leaves out
    the operating positions at nothing, where a page is short."""
    money = ctx.fmt.money
    rows: list[list[object]] = [[_("Profit and loss, total-cost form"), _("Marks"),
                                 _("Subtotal")]]
    extra: list[tuple[object, ...]] = []

    def item(key: str, always: bool = False) -> None:
        amount = account.position(key)
        if amount or (always and every_line):
            rows.append(["    " + position_label(key, amount), ctx.fmt.money_or_dash(amount),
                         ""])
        # what it holds, named: other operating income and expenses by the ledger's lines
        # (WEB, idle costs, risk cards ...) where they are more than one, and the events of
        # the year in any position (bankruptcy, strikes, corrections ...)
        parts = account.position_lines.get(key, {})
        for line, part in parts.items():
            if line in EVENT_LINES or (key in OTHER and len(parts) > 1):
                extra.append(("TEXTCOLOR", (0, len(rows)), (-1, len(rows)), MUTED))
                rows.append(["        " + _("of which: %(line)s") % {"line": line_label(line)},
                             ctx.fmt.money(part), ""])

    def subtotal(label: str, amount: int) -> None:
        extra.append(("FONT", (0, len(rows)), (-1, len(rows)), BOLD, 8))
        if len(rows[-1]) > 1 and rows[-1][1]:  # the sum of the items above it
            extra.append(("LINEABOVE", (1, len(rows)), (1, len(rows)), 0.4, RULE))
        rows.append([label, "", money(amount)])

    steps = ctx.fig.steps
    for key in ("revenue", "inventory_change", "other_income", "materials"):
        item(key, always=True)
    item("staff", always=6 in steps)
    item("depreciation")
    item("other_expenses", always=True)
    subtotal(_("Operating result"), account.operating_result)
    item("interest_income")
    item("interest_expense", always=True)
    subtotal(_("Financial result"), account.financial_result)
    special = [key for key in GKV_SPECIAL if account.position(key)]
    if special:
        caption = len(rows)
        rows.append([_("Outside the operating result")])
        extra.extend([("FONT", (0, caption), (-1, caption), BOLD, 8),
                      ("TEXTCOLOR", (0, caption), (-1, caption), MUTED),
                      ("SPAN", (0, caption), (-1, caption))])
        for key in special:
            amount = account.position(key)
            rows.append(["    " + position_label(key, amount), "", money(amount)])
    if ctx.fig.taxes:
        subtotal(_("Result before tax"), account.result_before_tax)
        rows.append(["    " + position_label("income_tax"),
                     ctx.fmt.money_or_dash(account.position("income_tax")), ""])
    rows.append([year_result_label(account.profit), "", money(account.profit)])
    return table(rows, GKV_WIDTHS, numeric=(1, 2), totals=(-1,), extra=extra)


def bargain_note(ctx: Ctx, account: YearAccount) -> str:
    """What a takeover did to the year (its price, the business's book value, the bargain or
    the seller's result) and to its tax; "" in a year without one."""
    lines = {line.key: line for line in account.lines}
    price = -lines["takeover_price"].profit if "takeover_price" in lines else 0
    money = ctx.fmt.money
    tax = _(" Step 4 taxes it with the year's profit; a loss of the seller's open year joins "
            "the buyer's loss carried forward.") if ctx.fig.taxes else ""
    bargain = account.position("bargain")
    if bargain:
        value = bargain + price
        text = _("A business was taken over for %(price)s Marks; its assets less its debts "
                 "are worth %(value)s at the game's values. The difference of %(diff)s is "
                 "no income of the operations: it stands outside the operating result.") % {
            "price": money(price), "value": money(value), "diff": money(bargain)}
        return text + tax
    sold = account.position("business_sold")
    if sold:
        price = -price  # the seller received it
        return _("The business was sold for %(price)s Marks; its assets less its debts "
                 "left the books at %(value)s. The difference of %(diff)s is the result of the "
                 "sale, outside the operating result.") % {
            "price": money(price), "value": money(price - sold), "diff": money(sold)}
    return ""


def summary_table(ctx: Ctx, account: YearAccount) -> Flowable:
    """The results named apart (HGB § 266: Gewinnvortrag, Jahresüberschuss): the result
    brought forward from the years before, the year's result, the result carried forward to
    the next year (paid-in capital is owned capital, not profit); cash and sales beside them."""
    money = ctx.fmt.money
    opening, closing = account.opening, account.closing
    forward = (_("Profit carried forward (end of the year)") if closing.profit >= 0
               else _("Loss carried forward (end of the year)")) if account.closed else (
        _("Profit so far") if closing.profit >= 0 else _("Loss so far"))
    rows: list[list[object]] = [
        [brought_forward_label(opening.profit), money(opening.profit),
         _("Cash at the start of the year"), money(opening.cash)],
        [year_result_label(account.profit), money(account.profit),
         _("Cash at the end of the year"), money(closing.cash)],
        [forward, money(closing.profit),
         _("Sales to the market in the year"), money(account.sales)],
        [_("Owned capital at the end of the year"), money(closing.equity),
         _("Starting capital at the end of the year"), money(closing.starting_capital)],
    ]
    return table(rows, SUMMARY_WIDTHS, numeric=(1, 3), header=0, zebra=False, extra=[
        ("FONT", (0, 2), (1, 2), BOLD, 8),
        ("LINEABOVE", (0, 2), (1, 2), 0.8, INK),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, INK),
        ("LINEAFTER", (1, 0), (1, -1), 0.4, RULE),
        ("LEFTPADDING", (2, 0), (2, -1), 10),
        ("TEXTCOLOR", (0, 3), (-1, 3), MUTED),
    ])


def heading(ctx: Ctx, account: YearAccount) -> str:
    text = _("Profit and loss statement, year %(year)d") % {"year": account.year}
    if not account.closed:
        text += " · " + (_("to the end of the game") if ctx.fig.ended else _("so far"))
    return text


def content(ctx: Ctx, account: YearAccount, explained: bool = True, every_line: bool = True
            ) -> list[Flowable]:
    """The year's statement in the total-cost form, the notes on its valuation (and on a
    takeover, always) and the results named apart."""
    valuation = _(
        "The rulebook's valuation, not the HGB's cost (§ 253, § 255): products made count "
        "1,500 a unit in the changes in inventories whatever they cost; raw material in stock "
        "150 a unit, so its price above or below that is cost of materials; no depreciation "
        "over time. Other operating income and expenses: risk cards, WEB chips, marketing, "
        "idle costs, strikes, corrections, bankruptcy.")
    bargain = bargain_note(ctx, account)
    notes = [valuation] if explained else []
    if bargain:
        notes.append(bargain)
    return [block(h2(heading(ctx, account)), gkv_table(ctx, account, every_line),
                  *([note(" ".join(notes))] if notes else []),
                  Spacer(1, 2), summary_table(ctx, account))]


def add(pdf: Pdf, ctx: Ctx, team: str, year: int | None) -> None:
    account = ctx.fig.account(team, year or ctx.fig.accounts(team)[-1].year)
    pdf.section(team, ctx.period(account), _("Profit and loss statement"))
    pdf.add(*content(ctx, account))
    explain = _(
        "Cash: Marks received (+) or paid (-). Book value: the change in what goods, machines, "
        "computers, debts and paid-in capital are worth as the rulebook values them. Profit or "
        "loss = cash + book value: a machine bought moves cash, not profit.")
    pdf.add(block(h2(_("The year's lines in the ledger")),
                  lines_table(ctx, account, ctx.fig.taxes), note(explain)))


def build(ctx: Ctx, team: str, year: int | None = None) -> bytes:
    with build_in(ctx.meta.language):
        pdf = Pdf(ctx, _("Profit and loss statement"))
        add(pdf, ctx, team, year)
        return pdf.render()
