"""Yield report of one team over the whole game (rulebook part II, "5. Step: Various Game
Goals"): sales, profit, sales yield, asset yield and the asset yield per lap, each with its
formula and the engine's figures in it, then the team's years side by side and charts of its
cash, owned capital and sales by year.

The yields are the engine's exact fractions (``playboss.rules.steps.goals.yields``); the
asset yield's denominator is the balance-sheet total, counted once (facts page: "Ratios used by
the game goals").
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from ..labels import formula_label, goal_label
from .base import (
    BRAND,
    STYLES,
    TEAM_COLOURS,
    WIDTH,
    Ctx,
    Pdf,
    bar_chart,
    block,
    build_in,
    h2,
    line_chart,
    note,
    para_text,
    table,
    title,
)

DOCUMENT = "yield_report"
KEY_WIDTHS = (331, 180)
YEAR_WIDTHS = (71, 110, 110, 110, 110)


def key_figures(ctx: Ctx, team: str) -> list[Flowable]:
    fmt, y, sheet = ctx.fmt, ctx.fig.yields(team), ctx.fig.sheet(team)
    rows: list[list[object]] = [
        [_("Sales to the market, whole game"), fmt.money(y["sales"])],
        [_("Profit or loss (balance-sheet result)"), fmt.money(sheet.profit)],
        [_("Balance-sheet total"), fmt.money(sheet.total_assets)],
        [_("Years played (part years counted)"), fmt.laps(y["laps"])],
        [_("Sales yield"), fmt.percent(y["sales_yield"])],
        [_("Asset yield"), fmt.percent(y["asset_yield"])],
        [_("Asset yield per year"), fmt.percent(y["asset_yield_per_lap"], 2)],
    ]
    out: list[Flowable] = [block(h2(_("Key figures")),
                                 table(rows, KEY_WIDTHS, numeric=(1,), header=0))]
    sales_formula = "{} = {} / {} = {}".format(
        formula_label("sales_yield"), fmt.money(sheet.profit), fmt.money(y["sales"]),
        fmt.percent(y["sales_yield"]))
    asset_formula = "{} = {} / {} / {} = {}".format(
        formula_label("asset_yield"), fmt.money(sheet.profit), fmt.money(sheet.total_assets),
        fmt.laps(y["laps"]), fmt.percent(y["asset_yield_per_lap"], 2))
    out += [h2(_("How the yields are worked out")),
            Paragraph(para_text(sales_formula), STYLES["formula"]),
            Paragraph(para_text(asset_formula), STYLES["formula"]),
            note(_("The balance-sheet total is owned capital plus debt, which equals the total "
                   "assets; the rulebook's \"assets + liabilities\" means this total, counted "
                   "once. A yield needs sales (or assets) to divide by: without them it is "
                   "shown as -."))]
    if ctx.fig.goals and ctx.fig.ended:
        result = ctx.fig.result(team)
        goal = ctx.fig.state.config.goal
        out.append(Spacer(1, 4))
        out.append(note(_("Goal of this game: %(goal)s. %(team)s ranks %(rank)d of %(teams)d.")
                        % {"goal": goal_label(goal), "team": team, "rank": result["rank"],
                           "teams": len(ctx.fig.teams)}))
    return out


def by_year(ctx: Ctx, team: str) -> list[Flowable]:
    fmt = ctx.fmt
    accounts = ctx.fig.accounts(team)
    rows: list[list[object]] = [[_("Year"), _("Sales"), _("Profit or loss"),
                                 _("Cash at the end"), _("Owned capital\nat the end")]]
    for account in accounts:
        label = str(account.year) if account.closed else f"{account.year}*"
        rows.append([label, fmt.money(account.sales), fmt.money(account.profit),
                     fmt.money(account.closing.cash), fmt.money(account.closing.equity)])
    out: list[Flowable] = [block(h2(_("Year by year")),
                                 table(rows, YEAR_WIDTHS, numeric=(0, 1, 2, 3, 4)))]
    if accounts and not accounts[-1].closed:
        out.append(note(_("* not a full year: to the end of the game, or so far.")))
    cash = [(float(a.year), float(a.closing.cash)) for a in accounts]
    equity = [(float(a.year), float(a.closing.equity)) for a in accounts]
    half = (WIDTH - 12) / 2
    lines = line_chart(_("Cash and owned capital at each year's end"),
                       [(_("Owned capital"), BRAND, equity),
                        (_("Cash"), TEAM_COLOURS[2], cash)],
                       fmt, x_label=_("Year"), width=half, height=200, legend_at="top")
    bars = bar_chart(_("Sales to the market by year"), [str(a.year) for a in accounts],
                     [a.sales for a in accounts], fmt, width=half, height=200,
                     colour=TEAM_COLOURS[3])
    charts = Table([[lines, bars]], colWidths=[half + 12, half])
    charts.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0),
                                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    charts.hAlign = "LEFT"
    out += [Spacer(1, 10), charts]
    return out


def content(ctx: Ctx, team: str) -> list[Flowable]:
    return [*title(_("Yield report")), *key_figures(ctx, team), *by_year(ctx, team)]


def add(pdf: Pdf, ctx: Ctx, team: str, year: int | None = None) -> None:
    pdf.section(team, _("Whole game") if ctx.fig.ended else _("So far"), _("Yield report"))
    pdf.add(*content(ctx, team))


def build(ctx: Ctx, team: str, year: int | None = None) -> bytes:
    with build_in(ctx.meta.language):
        pdf = Pdf(ctx, _("Yield report"))
        add(pdf, ctx, team)
        return pdf.render()
