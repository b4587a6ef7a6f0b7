"""The PDF documents, one reportlab builder module each, and the files made of them.

- ``balance_sheet``: the two-sided account at a year's end or the end of the game;
- ``profit_loss``: a year's profit and loss after HGB § 275 (total-cost form), then the results
  brought forward, of the year and carried forward;
- ``tax_statement``: a year's tax assessment (step 4);
- ``yield_report``: sales, profit, yields with their formulas, charts by year;
- ``final_result``: the end-of-game valuation line by line, rank and standings;
- ``debrief``: the teacher's class debrief pack;
- ``analysis``: a year's cash flow, capital bridge and ratios against the class;
- ``notes``: each line of the balance sheet and the profit and loss explained, and the
  rulebook's example worked step by step.

Each module has ``add(pdf, ctx, team, year)`` (its pages in a file being built) and ``build``
(a file of its own). ``year_statement`` and ``team_statements`` put a team's documents
together: a year's balance sheet, profit and loss and tax statement; in the team's pack every
year's with its analysis page (cash flow, ratios), then the yield report, the final result
and the notes (each line explained with the team's figures, the rulebook's worked example).
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from reportlab.platypus import Flowable

from . import (
    analysis,
    balance_sheet,
    debrief,
    final_result,
    notes,
    profit_loss,
    tax_statement,
    yield_report,
)
from .base import Ctx, Figures, GameMeta, Pdf, build_in, note, plan_pages, shown, unwrap

__all__ = [
    "Ctx",
    "Figures",
    "GameMeta",
    "analysis",
    "balance_sheet",
    "debrief",
    "final_result",
    "notes",
    "profit_loss",
    "shown",
    "tax_statement",
    "team_statements",
    "year_statement",
    "yield_report",
]

#: Single documents by name: build(ctx, team, year) -> PDF bytes.
DOCUMENTS: dict[str, Callable[..., bytes]] = {
    "balance_sheet": balance_sheet.build,
    "profit_loss": profit_loss.build,
    "tax_statement": tax_statement.build,
    "yield_report": yield_report.build,
    "analysis": analysis.build,
    "final_result": final_result.build,
    "debrief": debrief.build,
    "notes": notes.build,
}


def year_pages(ctx: Ctx, team: str, year: int) -> list[list[Flowable]]:
    """One year of a team laid out on its pages by measure (``plan_pages``): balance sheet,
    profit and loss, tax statement on one page - without the explaining notes if that is what
    makes them fit (the notes pages explain every line) - or on a second one under "continued"
    headings when a year truly needs it; never a block that moves and leaves a page half
    empty."""
    account = ctx.fig.account(team, year)
    sheet, heading = balance_sheet.heading_for(ctx, team, year, account)
    plan: list[list[Flowable]] = []
    # the full page; without the notes; without the operating lines that are all dashes
    for explained, every_line in ((True, True), (False, True), (False, False)):
        blocks = [(unwrap(balance_sheet.content(ctx.fmt, sheet, heading, account.profit,
                                                explained=explained)), heading),
                  (unwrap(profit_loss.content(ctx, account, explained, every_line)),
                   profit_loss.heading(ctx, account))]
        if ctx.fig.taxes:
            blocks.append((unwrap(tax_statement.content(ctx, account, compact=True,
                                                        explained=explained)),
                           tax_statement.heading(account)))
        if not explained:
            blocks[-1][0].append(note(_("Every line is explained in the notes at the end of "
                                        "the statements.")))
        plan = plan_pages(blocks)
        if len(plan) == 1:
            break
    return plan


def add_year(pdf: Pdf, ctx: Ctx, team: str, year: int) -> None:
    """One year of a team on a new page (and its continuation, if it needs one)."""
    period = ctx.period(ctx.fig.account(team, year))
    for number, page in enumerate(year_pages(ctx, team, year)):
        pdf.section(team, period if number == 0 else _("%(period)s, continued") % {
            "period": period}, _("Year statement"))
        pdf.add(*page)


def year_statement(ctx: Ctx, team: str, year: int) -> bytes:
    with build_in(ctx.meta.language):
        pdf = Pdf(ctx, _("Year statement"))
        add_year(pdf, ctx, team, year)
        return pdf.render()


def team_statements(ctx: Ctx, team: str) -> bytes:
    """Everything a team takes home: each year, the yield report, the final result."""
    with build_in(ctx.meta.language):
        pdf = Pdf(ctx, _("Statements of %(team)s") % {"team": team})
        for account in ctx.fig.accounts(team):
            if not shown(ctx, account):
                continue
            add_year(pdf, ctx, team, account.year)
            analysis.add(pdf, ctx, team, account.year)
        yield_report.add(pdf, ctx, team)
        final_result.add(pdf, ctx, team)
        notes.add(pdf, ctx, team)
        return pdf.render()
