"""Tax statement of one business year (rulebook part II, "4. Step: Taxation").

The engine assesses each year as it closes (``playboss.rules.steps.taxation.assess``) and keeps
the record in ``team.step["tax_years"]``; ``year_accounts`` hands it to each year. This prints
that record: the year's profit before tax (as in its profit and loss), the loss brought forward
and the part of it used, the taxable amount rounded down to whole thousands, each bracket's
share and tax, the tax due, the loss carried forward.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from reportlab.platypus import Flowable

from playboss.rules import TAX_BRACKETS
from playboss.rules.accounts import YearAccount

from .base import (
    BOLD,
    INK,
    MUTED,
    TOTAL_SHADE,
    Ctx,
    Fmt,
    Pdf,
    block,
    build_in,
    h2,
    note,
    para,
    table,
)

DOCUMENT = "tax_statement"
WIDTHS = (241, 90, 90, 90)


def bracket_label(fmt: Fmt, lower: int, upper: int | None) -> str:
    if upper is None:
        return _("over %(lower)s") % {"lower": fmt.money(lower)}
    if lower == 0:
        return _("up to %(upper)s") % {"upper": fmt.money(upper)}
    return _("%(lower)s to %(upper)s") % {"lower": fmt.money(lower), "upper": fmt.money(upper)}


def record_table(fmt: Fmt, record: dict[str, Any], taken_over: int = 0,
                 compact: bool = False) -> Flowable:
    """The assessment, and the rulebook's brackets with the share and tax of each reached.
    ``taken_over``: the part of the loss brought forward that came with a business bought.
    ``compact`` (the year statement, one page a year): only the brackets reached."""
    money = fmt.money
    rows: list[list[object]] = [
        ["", _("Marks"), _("Rate"), _("Tax")],
        [_("Profit or loss before tax (as in the profit and loss statement)"),
         money(record["profit"]), "", ""],
        [_("Loss brought forward from earlier years"), money(record["loss_brought_forward"]),
         "", ""],
    ]
    if taken_over > 0:
        rows.append(["    " + _("of it taken over with a business bought"), money(taken_over),
                     "", ""])
    rows += [
        [_("Loss set against this year's profit"), money(record["loss_used"]), "", ""],
        [_("Taxable amount, rounded down to whole thousands"), money(record["taxable"]), "",
         ""],
    ]
    first_band = len(rows)
    reached = {band["rate"]: band for band in record.get("bands", [])}
    lower = 0
    for upper, rate in TAX_BRACKETS:
        band = reached.get(rate)
        if compact and not (band and band["amount"]):
            lower = upper if upper is not None else lower
            continue
        rows.append(["    " + _("Bracket %(bracket)s") % {
                         "bracket": bracket_label(fmt, lower, upper)},
                     money(band["amount"]) if band else "–", f"{rate} %",
                     money(band["tax"]) if band else "–"])
        lower = upper if upper is not None else lower
    rows.append([_("Tax of the year (owed at its end, paid in the following year)"), "", "",
                 money(record["tax"])])
    rows.append([_("Loss carried forward to the next year"),
                 money(record["loss_carried_forward"]), "", ""])
    due = len(rows) - 2
    muted = [("TEXTCOLOR", (0, first_band), (-1, due - 1), MUTED)] if due > first_band else []
    return table(rows, WIDTHS, numeric=(1, 2, 3), zebra=False, extra=[
        ("FONT", (0, first_band - 1), (-1, first_band - 1), BOLD, 8),
        ("LINEABOVE", (0, first_band - 1), (-1, first_band - 1), 0.8, INK),
        *muted,
        ("FONT", (0, due), (-1, due), BOLD, 8),
        ("BACKGROUND", (0, due), (-1, due), TOTAL_SHADE),
        ("LINEABOVE", (0, due), (-1, due), 0.8, INK),
    ])


def heading(account: YearAccount) -> str:
    return _("Tax statement, year %(year)d") % {"year": account.year}


def content(ctx: Ctx, account: YearAccount, compact: bool = False, explained: bool = True
            ) -> list[Flowable]:
    text = heading(account)
    if not ctx.fig.taxes:
        return [h2(text), para(_("Taxes are not played in this game (expansion step 4)."))]
    record = account.tax
    if record is None:
        return [block(h2(text), para(untaxed_reason(ctx, account)))]
    rules = _("Taxes are paid for each full 1,000 Marks of profit; a loss is carried forward "
              "and set against later profits.")
    return [block(h2(text), record_table(ctx.fmt, record, loss_taken_over(ctx, account),
                                                    compact),
                  *([note(rules)] if explained else []))]


def untaxed_reason(ctx: Ctx, account: YearAccount) -> str:
    """Why a year has no assessment, true for the team's situation."""
    if account.closed:
        return _("No tax assessment was made for this year.")
    team = ctx.fig.state.teams[account.team]
    if team.sold_to is not None:
        return _("The business was sold to %(buyer)s in this year: the year is not taxed; its "
                 "loss carried forward went to the buyer.") % {"buyer": team.sold_to}
    if team.bankrupt:
        return _("The business went bankrupt in this year: the year is not taxed.")
    if ctx.fig.ended:
        return _("The game ended before the team crossed the start again: this last part of a "
                 "year is not taxed.")
    return _("The year is not closed: it is taxed when the team next crosses the start.")


def loss_taken_over(ctx: Ctx, account: YearAccount) -> int:
    """The loss that came with a business bought during the year (rulebook, step 4: "If a
    money losing business is purchased ..., then this loss can also be amortized"): the loss
    brought forward beyond what the year before carried forward."""
    if account.tax is None:
        return 0
    before = 0
    for other in ctx.fig.accounts(account.team):
        if other.year == account.year - 1 and other.tax is not None:
            before = int(other.tax["loss_carried_forward"])
    return int(account.tax["loss_brought_forward"]) - before


def add(pdf: Pdf, ctx: Ctx, team: str, year: int | None) -> None:
    account = ctx.fig.account(team, year or ctx.fig.accounts(team)[-1].year)
    pdf.section(team, ctx.period(account), _("Tax statement"))
    pdf.add(*content(ctx, account))


def build(ctx: Ctx, team: str, year: int | None = None) -> bytes:
    with build_in(ctx.meta.language):
        pdf = Pdf(ctx, _("Tax statement"))
        add(pdf, ctx, team, year)
        return pdf.render()
