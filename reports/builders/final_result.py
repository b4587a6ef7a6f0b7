"""Final result statement of one team (rulebook part I, "End of the Game"): the valuation line
by line — machines 10,000, owned computers 20,000, raw material 150, finished product 1,500,
loans given, cash; less starting capital, bank debt and other debt — the result, the owned
capital, the team's rank (by the goal variant with step 5), and the standings.

Every amount is the engine's balance sheet at the end of the game and its ``final_results``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.platypus import Flowable, Paragraph

from playboss.rules import FINAL_VALUE

from ..labels import goal_label
from .base import (
    BOLD,
    INK,
    STYLES,
    Ctx,
    Pdf,
    block,
    build_in,
    h2,
    note,
    para,
    para_text,
    table,
    title,
)

DOCUMENT = "final_result"
WIDTHS = (211, 110, 90, 100)
STANDING_WIDTHS = (40, 191, 90, 60, 130)


def valuation(ctx: Ctx, team: str) -> Flowable:
    fmt, sheet = ctx.fmt, ctx.fig.sheet(team)
    m = fmt.money_or_dash
    machines = _("%(single)d single, %(double)d double") % {
        "single": sheet.machines_single, "double": sheet.machines_double}
    rows: list[list[object]] = [
        [_("Item"), _("Units"), _("Value each"), _("Marks")],
        [_("Machines"), machines, fmt.money(FINAL_VALUE["machine"]), m(sheet.machines_value)],
        [_("Computers (owned)"), str(sheet.computers), fmt.money(FINAL_VALUE["computer"]),
         m(sheet.computers_value)],
        [_("Raw material"), str(sheet.raw), fmt.money(FINAL_VALUE["raw"]), m(sheet.raw_value)],
        [_("Finished product"), str(sheet.finished), fmt.money(FINAL_VALUE["finished"]),
         m(sheet.finished_value)],
        [_("Loans given"), "", "", m(sheet.loans_given)],
        [_("Cash"), "", "", m(sheet.cash)],
        [_("Total assets"), "", "", fmt.money(sheet.total_assets)],
        [_("less starting capital"), "", "", m(sheet.starting_capital)],
        [_("less bank debt"), "", "", m(sheet.bank_debt)],
        [_("less other debt"), "", "", m(sheet.other_debt)],
        [_("Result: profit") if sheet.profit >= 0 else _("Result: loss"), "", "",
         fmt.money(sheet.profit)],
    ]
    total_row = 7
    return table(rows, WIDTHS, numeric=(2, 3), totals=(-1,), extra=[
        ("FONT", (0, total_row), (-1, total_row), BOLD, 8),
        ("LINEABOVE", (0, total_row), (-1, total_row), 0.8, INK),
    ])


def standings(ctx: Ctx, highlight: str | None) -> Flowable:
    """The ranked teams with the figure that decided each rank: the result, or with a yield
    goal the yield (a loss ranks by the result, behind every profit: setting yield_losses)."""
    fmt = ctx.fmt
    measure = {"sales_yield": (_("Sales yield"), 1),
               "asset_yield": (_("Asset yield per year"), 2)}.get(ctx.fig.state.config.goal)
    head: list[object] = ["#", _("Team"), _("Result"), _("Years"), _("Status")]
    widths = list(STANDING_WIDTHS)
    if measure:
        head.insert(3, measure[0])
        widths = [40, 121, 80, 110, 40, 120]
    rows: list[list[object]] = [head]
    mark = None
    for i, r in enumerate(ctx.fig.results(), start=1):
        status = (_("sold to %(buyer)s") % {"buyer": r["sold_to"]} if r.get("sold_to")
                  else _("bankrupt") if r["bankrupt"] else "")
        row: list[object] = [str(r["rank"]), Paragraph(para_text(r["team"]), STYLES["cell"]),
                             fmt.money(r["result"]), str(r["years"]), status]
        if measure:
            key = "asset_yield_per_lap" if ctx.fig.state.config.goal == "asset_yield" else (
                "sales_yield")
            row.insert(3, fmt.percent(ctx.fig.yields(r["team"])[key], measure[1]))
        rows.append(row)
        if r["team"] == highlight:
            mark = i
    extra = [("FONT", (0, mark), (-1, mark), BOLD, 8)] if mark else []
    # The figure that decided each rank, set off: the yield, or the result (no yield goal, or
    # a loss ranked by its size: setting yield_losses).
    for i, r in enumerate(ctx.fig.results(), start=1):
        decided = 3 if measure and r.get("rank_figure") != "result" else 2
        extra.append(("FONT", (decided, i), (decided, i), BOLD, 8))
    return table(rows, widths, numeric=(0, 2, 3, 4) if measure else (0, 2, 3), extra=extra)


def content(ctx: Ctx, team: str) -> list[Flowable]:
    fig, fmt = ctx.fig, ctx.fmt
    sheet, result = fig.sheet(team), fig.result(team) if fig.ended else {}
    heading = _("Final result statement") if fig.ended else _("Result statement (the game is "
                                                               "still running)")
    out: list[Flowable] = [*title(heading), block(h2(_("Valuation at the end of the game")
                                                     if fig.ended else _("Valuation now")),
                                                  valuation(ctx, team))]
    out.append(note(_("Owned capital (starting capital and result together): %(amount)s "
                      "Marks. WEB chips and leased computers have no value.")
                    % {"amount": fmt.money(sheet.equity)}))
    goal = fig.state.config.goal
    personal = fig.personal_goal(team)
    if not fig.ended:
        # Mid-game the other teams' results are theirs: the teacher decides what the class sees.
        out += [h2(_("Rank")), para(_("The game is still running: the ranking comes at its end. "
                                      "Goal: %(goal)s.") % {"goal": goal_label(goal)})]
        if personal:
            out.append(para(_("Personal goal written down at the start: “%(goal)s”")
                            % {"goal": personal}))
        return out
    line = _("Rank %(rank)d of %(teams)d. Goal: %(goal)s.") % {
        "rank": result["rank"], "teams": len(fig.teams), "goal": goal_label(goal)}
    if result.get("sold_to"):
        line += " " + _("The business was sold to %(buyer)s: its result is the price it was "
                        "paid less its starting capital.") % {"buyer": result["sold_to"]}
    elif result["bankrupt"]:
        line += " " + _("The business went bankrupt: it ranks behind every team still in "
                        "business.")
    out += [h2(_("Rank")), para(line)]
    if personal:
        out.append(para(_("Personal goal written down at the start: “%(goal)s”")
                        % {"goal": personal}))
    out.append(block(h2(_("Standings")), standings(ctx, team)))
    if goal in ("sales_yield", "asset_yield") and any(
            r.get("rank_figure") == "result" for r in fig.results()):
        from .debrief import LOSSES_RANK_NOTE

        out.append(note(LOSSES_RANK_NOTE()))
    return out


def add(pdf: Pdf, ctx: Ctx, team: str, year: int | None = None) -> None:
    pdf.section(team, _("End of the game") if ctx.fig.ended else _("So far"),
                _("Final result statement"))
    pdf.add(*content(ctx, team))


def build(ctx: Ctx, team: str, year: int | None = None) -> bytes:
    with build_in(ctx.meta.language):
        pdf = Pdf(ctx, _("Final result statement"))
        add(pdf, ctx, team)
        return pdf.render()
