"""Profit and loss statement of one business year (a lap of the board).

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

from playboss.rules.accounts import EVENT_LINES, PnLLine, YearAccount

from ..labels import OPERATING_LINES, line_label
from .base import BOLD, INK, MUTED, RULE, Ctx, Pdf, block, build_in, h2, note, table

DOCUMENT = "profit_loss"
WIDTHS = (241, 90, 90, 90)
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


def summary_table(ctx: Ctx, account: YearAccount) -> Flowable:
    """The balance sheet's profit from the start to the end of the year (paid-in capital is
    owned capital, not profit), and cash and sales beside it."""
    money = ctx.fmt.money
    opening, closing = account.opening, account.closing
    rows: list[list[object]] = [
        [_("Profit or loss so far, start of the year"), money(opening.profit),
         _("Cash at the start of the year"), money(opening.cash)],
        [_("Profit or loss of the year"), money(account.profit),
         _("Cash at the end of the year"), money(closing.cash)],
        [_("Profit or loss so far, end of the year"), money(closing.profit),
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
    explain = _(
        "Cash: Marks received (+) or paid (-). Book value: the change in what goods, machines, "
        "computers, debts and paid-in capital are worth as the rulebook values them. Profit or "
        "loss = cash + book value: a machine bought moves cash, not profit.")
    # The two lines readers ask about: the rulebook's valuation puts the margin of making a
    # product into "Production costs" and leaves "Sales" only the price above that value.
    valuation = _(
        "The rulebook values raw material at 150 and a product at 1,500 a unit: “Production "
        "costs” shows the gain in value of producing, “Sales” only the price above 1,500.")
    return [block(h2(heading(ctx, account)), lines_table(ctx, account, ctx.fig.taxes, every_line),
                  *([note(f"{explain} {valuation}")] if explained else []),
                  Spacer(1, 2), summary_table(ctx, account))]


def add(pdf: Pdf, ctx: Ctx, team: str, year: int | None) -> None:
    account = ctx.fig.account(team, year or ctx.fig.accounts(team)[-1].year)
    pdf.section(team, ctx.period(account), _("Profit and loss statement"))
    pdf.add(*content(ctx, account))


def build(ctx: Ctx, team: str, year: int | None = None) -> bytes:
    with build_in(ctx.meta.language):
        pdf = Pdf(ctx, _("Profit and loss statement"))
        add(pdf, ctx, team, year)
        return pdf.render()
