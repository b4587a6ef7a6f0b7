"""A year's analysis page: cash-flow statement, the bridge of owned capital, ratios against
the class (what teachers know from Capsim, Cesim or TOPSIM).

Every figure is the engine's (``playboss.rules.analysis``), computed from the same year account
as the balance sheet and the profit and loss on the page before, so the cash flow ends at the
balance sheet's cash and the bridge at its owned capital. Definitions: docs/reports/README.md.
"""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext as _
from reportlab.platypus import Flowable, Spacer

from playboss.rules.accounts import YearAccount
from playboss.rules.analysis import (
    ACTIVITIES,
    Standing,
    capital_bridge,
    cash_flow,
    class_comparison,
    ratios,
)

from ..labels import line_label
from .base import (
    BOLD,
    INK,
    MUTED,
    Ctx,
    Pdf,
    block,
    build_in,
    h2,
    note,
    short,
    table,
    title,
)

DOCUMENT = "analysis"
WIDTHS = (411, 100)
RATIO_WIDTHS = (241, 90, 100, 80)


def activity_title(activity: str) -> str:
    return {"operating": _("Operating activities"), "investing": _("Investing activities"),
            "financing": _("Financing activities")}[activity]


def activity_total(activity: str) -> str:
    return {"operating": _("Cash flow from operating activities"),
            "investing": _("Cash flow from investing activities"),
            "financing": _("Cash flow from financing activities")}[activity]


def flow_label(key: str) -> str:
    # "Other" alone says nothing on a page that explains each line
    return _("Other payments and receipts") if key == "other" else line_label(key)


def cash_flow_table(ctx: Ctx, account: YearAccount) -> Flowable:
    money = ctx.fmt.money
    flow = cash_flow(account)
    rows: list[list[object]] = [[_("Cash-flow statement"), _("Marks")]]
    extra: list[tuple[object, ...]] = []
    rows.append([_("Cash at the start of the year"), money(flow.start)])
    for activity in ACTIVITIES:
        extra.extend([("FONT", (0, len(rows)), (-1, len(rows)), BOLD, 8),
                      ("TEXTCOLOR", (0, len(rows)), (-1, len(rows)), MUTED)])
        rows.append([activity_title(activity), ""])
        rows.extend([flow_label(key), money(amount)] for act, key, amount in flow.lines
                    if act == activity)
        extra.extend([("FONT", (0, len(rows)), (-1, len(rows)), BOLD, 8),
                      ("LINEABOVE", (0, len(rows)), (-1, len(rows)), 0.4, INK)])
        rows.append([activity_total(activity), money(flow.total(activity))])
    rows.append([_("Change in cash in the year"), money(flow.net)])
    rows.append([_("Cash at the end of the year (balance sheet)"), money(flow.end)])
    return table(rows, WIDTHS, numeric=(1,), totals=(-1,), zebra=False, extra=extra)


def bridge_table(ctx: Ctx, account: YearAccount) -> Flowable:
    m = ctx.fmt.money_or_dash
    bridge = capital_bridge(account)
    rows: list[list[object]] = [
        [_("Owned capital"), _("Marks")],
        [_("Owned capital at the start of the year"), ctx.fmt.money(bridge.start)],
        [_("+ Result of the business's operations"), m(bridge.operating)],
        [_("+ Events of the year (takeover, bankruptcy, strike, correction)"), m(bridge.events)],
    ]
    if ctx.fig.taxes:
        rows.append([_("+ Tax on the year's profit"), m(bridge.tax)])
    if bridge.unpaid:
        rows.append([_("+ Starting capital never received (a loss)"), m(bridge.unpaid)])
    rows.append([_("+ Starting capital booked in the year"), m(bridge.paid_in)])
    rows.append([_("Owned capital at the end of the year (balance sheet)"),
                 ctx.fmt.money(bridge.end)])
    return table(rows, WIDTHS, numeric=(1,), totals=(-1,), zebra=False)


def _rank(standing: Standing) -> str:
    if standing.rank is None:
        return "–"
    return _("%(rank)d of %(of)d") % {"rank": standing.rank, "of": standing.of}


def ratios_table(ctx: Ctx, account: YearAccount) -> Flowable:
    fmt = ctx.fmt
    own = ratios(ctx.fig.state, account)
    cls = class_comparison(ctx.fig.state, account.year, ctx.fig.accounts)[account.team]

    def money(value: Fraction | int | None) -> str:
        return "–" if value is None else fmt.money(round(value))

    rows: list[list[object]] = [[_("Figure of the year"), _("Team"), _("Class average"),
                                 _("Rank")]]
    rows.append([_("Profit or loss after tax"), fmt.money(own.profit),
                 money(cls["profit"].average), _rank(cls["profit"])])
    for key, label in (
            ("equity_ratio", _("Owned-capital ratio (owned capital / balance-sheet total)")),
            ("return_on_equity", _("Return on owned capital (profit / capital at work)")),
            ("capacity_use", _("Capacity use (units made / what the machines could make)"))):
        standing = cls[key]
        rows.append([label, fmt.percent(standing.value), fmt.percent(standing.average),
                     _rank(standing)])
    rows.append([_("Units made / sold to the market"),
                 f"{fmt.num(own.units_produced)} / {fmt.num(own.units_sold)}", "", ""])
    rows.append([_("Cost of a unit made (running costs paid / units made)"),
                 money(own.unit_cost), "", ""])
    rows.append([_("Average selling price (market sales / units sold)"),
                 money(own.average_price), "", ""])
    return table(rows, RATIO_WIDTHS, numeric=(1, 2, 3))


def content(ctx: Ctx, account: YearAccount) -> list[Flowable]:
    year = {"year": account.year}
    return [
        block(h2(_("Cash flow, year %(year)d") % year), cash_flow_table(ctx, account),
              note(_("The cash column of the profit and loss, by activity: what the business "
                     "earned and spent, what it invested, how it was financed."))),
        Spacer(1, 6),
        block(h2(_("From owned capital at the start to the end of year %(year)d") % year),
              bridge_table(ctx, account)),
        Spacer(1, 6),
        block(h2(_("Ratios, year %(year)d: the team against the class") % year),
              ratios_table(ctx, account),
              note(_("Return on owned capital: the capital at work is the owned capital at the "
                     "year's start and the starting capital paid in during it; – when that is "
                     "nothing. Capacity use counts the red fields on which the team produced, at "
                     "its machines' capacity at the year's end. Rank 1: the highest figure; the "
                     "class average is over the teams with a figure.")))]


CLASS_WIDTHS = (95, 70, 40, 78, 78, 70, 80)


def class_year_table(ctx: Ctx, year: int) -> Flowable:
    """Every team that played ``year``: profit and its rank, the ratios, the operating cash
    flow; the class average beneath."""
    fig, fmt = ctx.fig, ctx.fmt
    standings = class_comparison(fig.state, year, fig.accounts)
    rows: list[list[object]] = [[_("Team"), _("Profit after tax"), _("Rank"),
                                 _("Owned-capital ratio"), _("Return on owned capital"),
                                 _("Capacity use"), _("Operating cash flow")]]
    flows = []
    for team, row in standings.items():
        account = fig.account(team, year)
        flow = cash_flow(account).total("operating")
        flows.append(flow)
        rows.append([short(team, 22) + ("" if account.closed else "*"),
                     fmt.money(account.profit), _rank(row["profit"]),
                     fmt.percent(row["equity_ratio"].value),
                     fmt.percent(row["return_on_equity"].value),
                     fmt.percent(row["capacity_use"].value), fmt.money(flow)])
    first = next(iter(standings.values()))

    def money(value: Fraction | None) -> str:
        return "–" if value is None else fmt.money(round(value))

    rows.append([_("Class average"), money(first["profit"].average), "",
                 fmt.percent(first["equity_ratio"].average),
                 fmt.percent(first["return_on_equity"].average),
                 fmt.percent(first["capacity_use"].average),
                 money(Fraction(sum(flows), len(flows)))])
    return table(rows, CLASS_WIDTHS, numeric=(1, 2, 3, 4, 5, 6), totals=(-1,), font_size=7.5)


def add_class(pdf: Pdf, ctx: Ctx, period: str, document: str) -> None:
    """The debrief's page(s) of the class year by year (after its own pages)."""
    years = max((len(ctx.fig.accounts(t)) for t in ctx.fig.teams), default=0)
    if not years:
        return
    pdf.section(_("All teams"), period, document)
    pdf.add(*title(_("The class year by year: ratios and ranks")))
    for year in range(1, years + 1):
        pdf.add(block(h2(_("Year %(year)d") % {"year": year}), class_year_table(ctx, year)),
                Spacer(1, 4))
    pdf.add(note(_("* not a full year: to the end of the game, or so far. Definitions as on "
                   "each team's cash flow and ratios page; – where a figure would say nothing "
                   "(no capital at work, nothing produced).")))


def add(pdf: Pdf, ctx: Ctx, team: str, year: int | None) -> None:
    account = ctx.fig.account(team, year or ctx.fig.accounts(team)[-1].year)
    pdf.section(team, ctx.period(account), _("Cash flow and ratios"))
    pdf.add(*content(ctx, account))


def build(ctx: Ctx, team: str, year: int | None = None) -> bytes:
    with build_in(ctx.meta.language):
        pdf = Pdf(ctx, _("Cash flow and ratios"))
        add(pdf, ctx, team, year)
        return pdf.render()
