"""The class debrief pack for the teacher: the game at a glance, the standings by the game's
goal with personal goals beside the results, every team's key figures side by side, profit by
year, and charts of owned capital by year and of the market's prices over the game.

Figures: ``final_results`` (ranked by the goal variant with step 5), each team's balance sheet,
``yields`` and ``year_accounts``, and ``market_history`` / ``year_marks`` for the market.
"""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext as _
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer

from playboss.rules.accounts import GKV_OPERATING, GKV_POSITIONS, YearAccount

from ..labels import STEP_LABELS, formula_label, goal_label, position_label
from . import analysis, notes
from .base import (
    BOLD,
    BRAND,
    STYLES,
    TEAM_COLOURS,
    WIDTH,
    Ctx,
    Pdf,
    block,
    build_in,
    h2,
    line_chart,
    note,
    para_text,
    short,
    shown,
    table,
    title,
)

DOCUMENT = "debrief"
FACT_WIDTHS = (150, 361)


def _cell(text: str, style: str = "cell") -> Paragraph:
    return Paragraph(para_text(text), STYLES[style])


def facts(ctx: Ctx) -> Flowable:
    fig, meta = ctx.fig, ctx.meta
    config = fig.state.config
    steps = ", ".join(str(STEP_LABELS[s]) for s in sorted(config.steps)) or _(
        "none (the base model)")
    years = (_("%(years)d (time is up when the first team completes them)")
             % {"years": config.years} if config.years is not None
             else _("called by the bank director"))
    rows: list[list[object]] = [
        [_("Game"), _cell(f"{meta.name} ({meta.code})")],
        [_("Class"), _cell(meta.classroom or "–")],
        [_("Teams"), _cell(", ".join(fig.teams))],
        [_("Expansion steps"), _cell(steps)],
        [_("Goal"), _cell(goal_label(config.goal))],
        [_("Years"), years],
        [_("Moves played"), ctx.fmt.num(meta.seq)],
        [_("Status"), _("ended") if fig.ended else _("still running")],
    ]
    return table(rows, FACT_WIDTHS, header=0, zebra=False, extra=[
        ("FONT", (0, 0), (0, -1), "Helvetica-Bold", 8.5),
        ("LINEBELOW", (0, 0), (-1, -2), 0.3, "#e3e6ec")])


def LOSSES_RANK_NOTE() -> str:  # noqa: N802 (a text, translated when asked for)
    return _("A team with a loss ranks behind every team in profit, the smaller loss first: "
             "the yield of a loss grows the smaller the business (setting “yield_losses”).")


def standings(ctx: Ctx) -> list[Flowable]:
    fig, fmt = ctx.fig, ctx.fmt
    goal = fig.state.config.goal
    measure = {"sales_yield": ("sales_yield", _("Sales yield"), 1),
               "asset_yield": ("asset_yield_per_lap", _("Asset yield per year"), 2)}.get(goal)
    head: list[object] = ["#", _("Team"), _("Result"), _("Owned\ncapital"), _("Sales")]
    widths = [24.0, 90.0, 60.0, 60.0, 60.0]
    if measure:
        head.append(str(measure[1]).replace(" per", "\nper"))
        widths.append(68.0)
    head += [_("Years"), _("Personal goal")]
    widths += [34.0, WIDTH - sum(widths) - 34.0]
    rows: list[list[object]] = [head]
    for r in fig.results():
        team = r["team"]
        y = fig.yields(team)
        name = team + (" " + _("(sold to %(buyer)s)") % {"buyer": r["sold_to"]}
                       if r.get("sold_to") else " " + _("(bankrupt)") if r["bankrupt"] else "")
        row: list[object] = [str(r["rank"]), _cell(name), fmt.money(r["result"]),
                             fmt.money(fig.sheet(team).equity), fmt.money(y["sales"])]
        if measure:
            row.append(fmt.percent(y[measure[0]], measure[2]))
        row += [str(r["years"]), _cell(fig.personal_goal(team) or "–", "cell_small")]
        rows.append(row)
    numeric = (0, 2, 3, 4, 5, 6) if measure else (0, 2, 3, 4, 5)
    out: list[Flowable] = [block(
        h2(_("Standings · goal: %(goal)s") % {"goal": goal_label(goal)}),
        table(rows, widths, numeric=numeric, font_size=8))]
    if formula_label(goal):
        out.append(note(formula_label(goal)))
    if measure and any(r.get("rank_figure") == "result" for r in fig.results()):
        out.append(note(LOSSES_RANK_NOTE()))
    if not fig.goals:
        out.append(note(_("Personal goals and goal variants belong to expansion step 5, which "
                          "this game does not play: the highest profit wins.")))
    return out


def side_by_side(ctx: Ctx) -> Flowable:
    fig, fmt = ctx.fig, ctx.fmt
    teams = fig.teams
    label_width = 118.0
    col = (WIDTH - label_width) / max(len(teams), 1)
    small = len(teams) > 6
    size = 7.0 if small else 8.0
    head: list[object] = [""] + [_cell(short(t, 20), "cell_right") for t in teams]
    sheets = [fig.sheet(t) for t in teams]
    ys = [fig.yields(t) for t in teams]
    states = [fig.state.teams[t] for t in teams]
    m = fmt.money

    def row(label: str, values: list[str]) -> list[object]:
        return [label, *values]

    rows: list[list[object]] = [head,
        row(_("Result (profit or loss)"), [m(s.profit) for s in sheets]),
        row(_("Owned capital"), [m(s.equity) for s in sheets]),
        row(_("Balance-sheet total"), [m(s.total_assets) for s in sheets]),
        row(_("Cash"), [m(s.cash) for s in sheets]),
        row(_("Bank debt"), [m(s.bank_debt) for s in sheets]),
        row(_("Other debt"), [m(s.other_debt) for s in sheets]),
        row(_("Loans given"), [m(s.loans_given) for s in sheets]),
        row(_("Machines single / double"),
            [f"{s.machines_single} / {s.machines_double}" for s in sheets]),
        row(_("Computers (owned)"), [str(s.computers) for s in sheets]),
        row(_("Raw / finished units"), [f"{s.raw} / {s.finished}" for s in sheets]),
        row(_("Sales to the market"), [m(y["sales"]) for y in ys]),
        row(_("Sales yield"), [fmt.percent(y["sales_yield"]) for y in ys]),
        row(_("Asset yield"), [fmt.percent(y["asset_yield"]) for y in ys]),
        row(_("Asset yield per year"), [fmt.percent(y["asset_yield_per_lap"], 2) for y in ys]),
        row(_("Years played"), [fmt.laps(y["laps"]) for y in ys]),
        row(_("Years completed"), [str(t.years) for t in states]),
        row(_("Bankrupt"), [_("yes") if t.bankrupt else "–" for t in states]),
    ]
    return table(rows, [label_width] + [col] * len(teams),
                 numeric=tuple(range(1, len(teams) + 1)), font_size=size)


def profit_by_year(ctx: Ctx) -> Flowable:
    fig, fmt = ctx.fig, ctx.fmt
    accounts = {t: fig.accounts(t) for t in fig.teams}
    years = max((len(a) for a in accounts.values()), default=0)
    label_width = 100.0
    col = (WIDTH - label_width) / max(years, 1)
    rows: list[list[object]] = [[_("Team"), *[str(y) for y in range(1, years + 1)]]]
    for team, team_accounts in accounts.items():
        by_year = {a.year: a for a in team_accounts}
        cells = []
        for y in range(1, years + 1):
            a = by_year.get(y)
            cells.append("" if a is None else fmt.money(a.profit) + ("" if a.closed else "*"))
        rows.append([_cell(short(team, 40), "cell_small"), *cells])
    size = 7.0 if years <= 11 else 6.0
    return table(rows, [label_width] + [col] * years, numeric=tuple(range(1, years + 1)),
                 font_size=size)


def equity_chart(ctx: Ctx) -> Flowable:
    fig = ctx.fig
    series = []
    for i, team in enumerate(fig.teams):
        points = [(float(a.year), float(a.closing.equity)) for a in fig.accounts(team)]
        series.append((team, TEAM_COLOURS[i % len(TEAM_COLOURS)], points))
    return line_chart(_("Owned capital at each year's end"), series, ctx.fmt,
                      x_label=_("Year of the team"), height=220)


def _steps(points: list[tuple[int, int | None]], end: int) -> list[list[tuple[float, float]]]:
    """A price that holds until it changes, as segments of steps; no line where there is no
    price (the market full for a sale, or empty for a purchase)."""
    segments: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = []
    for i, (seq, price) in enumerate(points):
        until = points[i + 1][0] if i + 1 < len(points) else end
        if price is None:
            if current:
                segments.append(current)
            current = []
            continue
        current += [(float(seq), float(price)), (float(max(until, seq)), float(price))]
    if current:
        segments.append(current)
    return segments


def market_charts(ctx: Ctx) -> list[Flowable]:
    fig, meta = ctx.fig, ctx.meta
    market = fig.market()
    ticks = [(float(seq), str(year)) for year, seq in fig.year_marks()]
    ticks = [(0.0, "")] + ticks
    end = max(meta.seq, market[-1].seq if market else 0)
    x_label = _("Moves of the game; a gridline where the first team completes each year "
                "(numbered)")
    out: list[Flowable] = []
    for heading, colour, values in (
        (_("Sale price of one finished unit"), BRAND,
         [(p.seq, p.sale_price) for p in market]),
        (_("Price of one unit of raw material"), TEAM_COLOURS[1],
         [(p.seq, p.raw_price) for p in market]),
    ):
        segments = _steps(values, end)
        series = [(heading, colour, seg) for seg in segments] or [(heading, colour, [])]
        out.append(line_chart(heading, series, ctx.fmt, x_label=x_label, x_ticks=ticks,
                              height=165, legend_pairs=[]))
        out.append(Spacer(1, 6))
    return out


def _average(values: list[int]) -> int:
    """The class average of a line, to the Mark (the engine has no average of a P&L line)."""
    return round(Fraction(sum(values), len(values))) if values else 0


def pnl_accounts(ctx: Ctx, year: int) -> list[YearAccount]:
    """The teams' accounts of ``year`` that their packs show (no all-dash last year)."""
    return [a for t in ctx.fig.teams for a in ctx.fig.accounts(t)
            if a.year == year and shown(ctx, a)]


def pnl_tax_rows(ctx: Ctx, year: int) -> tuple[list[str], list[tuple[str, list[int | None]]]]:
    """The teams that played ``year`` and, per row, each team's figure: the positions of HGB
    § 275 (total-cost form) any team had, the operating result after the operating ones, the
    profit before tax, and with step 4 the taxable amount, the tax due and the profit after
    tax. ``None``: no tax assessment for that team's year (not closed, bankrupt, sold)."""
    fig = ctx.fig
    accounts = pnl_accounts(ctx, year)

    def positions(keys: tuple[str, ...]) -> list[tuple[str, list[int | None]]]:
        # a position no team had says nothing here
        return [(position_label(k, None), [a.position(k) for a in accounts]) for k in keys
                if any(a.position(k) for a in accounts)]

    rows = positions(GKV_OPERATING)
    rows.append((_("Operating result"), [a.operating_result for a in accounts]))
    rows += positions(tuple(k for k in GKV_POSITIONS
                            if k not in GKV_OPERATING and k != "income_tax"))
    if fig.taxes:
        rows.append((_("Profit or loss before tax"), [a.result_before_tax for a in accounts]))
        rows.append((_("Taxable amount"),
                     [None if a.tax is None else int(a.tax["taxable"]) for a in accounts]))
        rows.append((_("Tax due for the year"),
                     [None if a.tax is None else int(a.tax["tax"]) for a in accounts]))
        rows.append((_("Profit or loss of the year, after tax"), [a.profit for a in accounts]))
    else:
        rows.append((_("Profit or loss of the year"), [a.profit for a in accounts]))
    names = [a.team + ("" if a.closed else "*") for a in accounts]
    return names, rows


def fitted(name: str, room: float, size: float, lines: int = 3) -> str:
    """A team's name for a narrow bold header cell, whole: broken at spaces (a word too wide
    broken between letters) into lines of ``room`` points, at most ``lines`` of them (a
    column of nine teams holds six letters a line: "Team 1" stays "Team 1", not "Tea…").
    Only a name longer still is cut, keeping its end, which tells "Team A…1" from "Team A…2".
    The "*" of a year not full is kept."""
    def fits(text: str) -> bool:
        return bool(stringWidth(text, BOLD, size) <= room)

    out: list[str] = []
    for word in name.split():
        if out and fits(out[-1] + " " + word):
            out[-1] += " " + word
            continue
        while not fits(word) and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and not fits(word[:cut]):
                cut -= 1
            out.append(word[:cut])
            word = word[cut:]
        out.append(word)
    if len(out) > lines:
        tail = out[-1]
        out = out[:lines - 1] + [tail]
        while len(out[-2]) > 1 and not fits(out[-2] + "…"):
            out[-2] = out[-2][:-1]
        out[-2] = out[-2].rstrip() + "…"
    return "\n".join(out)


def pnl_tax_table(ctx: Ctx, year: int) -> Flowable:
    """One year: every team's lines side by side and the class average."""
    fmt = ctx.fmt
    names, rows = pnl_tax_rows(ctx, year)
    teams = len(names)
    # "Gewinn oder Verlust des Jahres nach Steuern" on one line, unless many teams need room
    label_width = 182.0 if teams <= 6 else 140.0
    average_width = 84.0  # "Klassendurchschnitt" whole on one line
    col = (WIDTH - label_width - average_width) / teams
    size = 7.0 if teams > 5 else 7.5
    room = col - 8  # the cell's padding
    head: list[object] = [_("Year %(year)d") % {"year": year},
                          *[fitted(n, room, size) for n in names],
                          _cell(_("Class average"), "cell_right")]
    out: list[list[object]] = [head]
    for label, values in rows:
        present = [v for v in values if v is not None]
        out.append([label, *[fmt.money_or_dash(v) if v is not None else "–" for v in values],
                    fmt.money_or_dash(_average(present))])
    summary = 4 if ctx.fig.taxes else 1  # the rows below the lines
    first = len(out) - summary
    extra: list[tuple[object, ...]] = [
        ("FONT", (0, first), (-1, -1), "Helvetica-Bold", size),
        ("LINEABOVE", (0, first), (-1, first), 0.8, "#1d2430"),
        ("LINEBEFORE", (-1, 0), (-1, -1), 0.8, "#1d2430")]
    return table(out, [label_width] + [col] * teams + [average_width],
                 numeric=tuple(range(1, teams + 2)), totals=(-1,), font_size=size,
                 extra=extra)


def pnl_tax_pages(pdf: Pdf, ctx: Ctx, period: str, document: str) -> None:
    """The profit and loss and the tax of every team, year by year, side by side."""
    years = max((len(ctx.fig.accounts(t)) for t in ctx.fig.teams), default=0)
    if not years:
        return
    pdf.section(_("All teams"), period, document)
    heading = (_("Profit and loss and tax, team by team") if ctx.fig.taxes
               else _("Profit and loss, team by team"))
    pdf.add(*title(heading, _("Each line's effect on profit, as on the teams' profit and loss "
                              "statements; the class average to the Mark. Read across a line "
                              "to see where teams made or lost their profit.")))
    for year in range(1, years + 1):
        if pnl_accounts(ctx, year):
            pdf.add(block(pnl_tax_table(ctx, year)), Spacer(1, 8))
    explain = _("* not a full year: to the end of the game, or so far. – on a line: nothing.")
    if ctx.fig.taxes:
        explain += " " + _("Taxable amount: the profit before tax less the loss brought "
                           "forward, rounded down to whole thousands; – where a year was not "
                           "taxed (not closed, bankrupt or sold). The class average is over "
                           "the teams with a figure.")
    pdf.add(note(explain))


def content(ctx: Ctx) -> list[Flowable]:
    out: list[Flowable] = [*title(_("Class debrief"), ctx.meta.classroom)]
    out.append(facts(ctx))
    out += standings(ctx)
    return out


def add(pdf: Pdf, ctx: Ctx, team: str | None = None, year: int | None = None) -> None:
    everyone, period = _("All teams"), (_("Whole game") if ctx.fig.ended else _("So far"))
    document = _("Class debrief")
    pdf.section(everyone, period, document)
    pdf.add(*content(ctx))
    pdf.section(everyone, period, document)
    pdf.add(*title(_("Key figures side by side")), side_by_side(ctx),
            Spacer(1, 10), block(h2(_("Profit or loss by year")), profit_by_year(ctx)),
            note(_("* not a full year: to the end of the game, or so far. Each team counts its "
                   "own years: a year ends when it crosses the start.")))
    pdf.section(everyone, period, document)
    pdf.add(*title(_("Over the game")), equity_chart(ctx), Spacer(1, 10), *market_charts(ctx))
    pnl_tax_pages(pdf, ctx, period, document)
    analysis.add_class(pdf, ctx, period, document)
    notes.add(pdf, ctx)


def build(ctx: Ctx, team: str | None = None, year: int | None = None) -> bytes:
    with build_in(ctx.meta.language):
        pdf = Pdf(ctx, _("Class debrief"))
        add(pdf, ctx)
        return pdf.render()
