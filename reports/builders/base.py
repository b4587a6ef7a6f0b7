"""What every document shares: the game's facts, the engine's figures, formatting, the A4 page.

Every figure printed comes from ``playboss.rules`` (``Figures`` asks the engine once per build
and keeps the answer); this module only lays figures out. Every label goes through Django's
``gettext``, and a build runs inside ``translation.override(game language)`` (``build_in``),
so a German catalogue translates the documents, and amounts are grouped the way the language
writes them (34,150 or 34.150).

Each page carries a header (game, team, period) and a footer (date, move, "page X of Y"). The
header and footer are drawn when the document is saved, once the number of pages is known
(the ``NumberedCanvas`` recipe); a ``Section`` flowable at the top of a page tells the pages
from there on which team and period they belong to.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from io import BytesIO
from typing import Any
from xml.sax.saxutils import escape

from django.utils import translation
from django.utils.formats import date_format, get_format
from django.utils.translation import gettext as _
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import _listWrapOn

from playboss.rules import GameState, yields
from playboss.rules.accounts import (
    MarketPoint,
    YearAccount,
    market_history,
    year_accounts,
    year_marks,
)
from playboss.rules.statements import BalanceSheet, balance_sheet, final_results

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN_X = 42
MARGIN_TOP = 66
MARGIN_BOTTOM = 54
#: Width of the text frame: every table's columns add up to this.
WIDTH = PAGE_WIDTH - 2 * MARGIN_X
#: Height of the text frame: what one page holds.
FRAME_HEIGHT = PAGE_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM

FONT = "Helvetica"
BOLD = "Helvetica-Bold"
INK = colors.HexColor("#1d2430")
MUTED = colors.HexColor("#6b7280")
RULE = colors.HexColor("#c9ced6")
BRAND = colors.HexColor("#1f4e8c")
SHADE = colors.HexColor("#eef2f8")
TOTAL_SHADE = colors.HexColor("#dde5f1")
#: One colour per seat (a game has at most nine teams).
TEAM_COLOURS = [colors.HexColor(c) for c in (
    "#1f4e8c", "#d64545", "#2e9d5b", "#e8a317", "#7a4fb5", "#1b9aaa", "#a0522d", "#d6457f",
    "#5b6770")]


def safe(text: object) -> str:
    """Text for the standard PDF fonts (Windows-1252: German umlauts, €, –, …): anything
    else a team typed becomes "?" rather than a black box."""
    return str(text).encode("cp1252", "replace").decode("cp1252")


def para_text(text: object) -> str:
    """Text for a Paragraph: safe, with markup characters escaped."""
    return escape(safe(text))


def short(text: str, length: int = 24) -> str:
    """A name cut to ``length`` characters (with "…") where a column is narrow."""
    return text if len(text) <= length else text[: length - 1].rstrip() + "…"


# ====================================================================== the game's facts
@dataclass(frozen=True)
class GameMeta:
    """What a document says about its game besides the engine's figures."""

    name: str
    code: str
    language: str = "en"
    classroom: str = ""
    seq: int = 0
    ended: bool = False
    generated: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))


class Figures:
    """The engine's statements for one state of a game, each asked for once per build."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._accounts: dict[str, list[YearAccount]] = {}
        self._sheets: dict[str, BalanceSheet] = {}
        self._yields: dict[str, dict[str, Any]] = {}
        self._results: list[dict[str, Any]] | None = None
        self._market: list[MarketPoint] | None = None
        self._year_marks: list[tuple[int, int]] | None = None

    @property
    def teams(self) -> list[str]:
        return list(self.state.teams)  # seat order

    @property
    def steps(self) -> frozenset[int]:
        return self.state.config.steps

    @property
    def taxes(self) -> bool:
        return 4 in self.state.config.steps

    @property
    def goals(self) -> bool:
        return 5 in self.state.config.steps

    @property
    def ended(self) -> bool:
        return self.state.phase == "ended"

    def accounts(self, team: str) -> list[YearAccount]:
        if team not in self._accounts:
            self._accounts[team] = year_accounts(self.state, team)
        return self._accounts[team]

    def account(self, team: str, year: int) -> YearAccount:
        for account in self.accounts(team):
            if account.year == year:
                return account
        raise LookupError(f"{team} has no year {year}")

    def sheet(self, team: str) -> BalanceSheet:
        """The team's balance sheet now (at the end of the game once it is over)."""
        if team not in self._sheets:
            self._sheets[team] = balance_sheet(self.state, team)
        return self._sheets[team]

    def yields(self, team: str) -> dict[str, Any]:
        """Step 5's sales and yields of the team (exact fractions; None where undefined)."""
        if team not in self._yields:
            sheet = self.sheet(team)
            self._yields[team] = yields(self.state, self.state.teams[team], sheet.profit,
                                        sheet.total_assets)
        return self._yields[team]

    def results(self) -> list[dict[str, Any]]:
        """The end-of-game valuation, best first (ranked by the goal variant with step 5)."""
        if self._results is None:
            self._results = final_results(self.state)
        return self._results

    def result(self, team: str) -> dict[str, Any]:
        return next(r for r in self.results() if r["team"] == team)

    def market(self) -> list[MarketPoint]:
        if self._market is None:
            self._market = market_history(self.state)
        return self._market

    def year_marks(self) -> list[tuple[int, int]]:
        if self._year_marks is None:
            self._year_marks = year_marks(self.state)
        return self._year_marks

    def personal_goal(self, team: str) -> str:
        return str(self.state.teams[team].step.get("personal_goal", ""))


# ====================================================================== numbers as words
class Fmt:
    """Amounts as the game's language writes them: whole Marks grouped by thousands."""

    def __init__(self, language: str) -> None:
        self.group = str(get_format("THOUSAND_SEPARATOR", language) or ",")
        self.decimal = str(get_format("DECIMAL_SEPARATOR", language) or ".")

    def num(self, value: int) -> str:
        text = f"{value:,}"
        return text.replace(",", self.group) if self.group != "," else text

    def money(self, value: int | None) -> str:
        """34150 → "34,150"; None → "–"."""
        return "–" if value is None else self.num(int(value))

    def money_or_dash(self, value: int | None) -> str:
        """As ``money``, with a dash for nothing (the rulebook's "Loans given –")."""
        return "–" if not value else self.num(int(value))

    def marks(self, value: int | None) -> str:
        """An amount in running text: "34,150 Marks"."""
        return _("%(amount)s Marks") % {"amount": self.money(value)}

    def decimal_text(self, value: float, digits: int) -> str:
        text = f"{value:,.{digits}f}"
        if self.group == "," and self.decimal == ".":
            return text
        return text.replace(",", "\0").replace(".", self.decimal).replace("\0", self.group)

    def percent(self, value: Fraction | float | None, digits: int = 1) -> str:
        """An exact ratio from the engine shown as a percentage: 0.392 → "39.2 %"."""
        if value is None:
            return "–"
        return f"{self.decimal_text(float(value) * 100, digits)} %"

    def laps(self, value: Fraction | float | None) -> str:
        return "–" if value is None else self.decimal_text(float(value), 2)

    def date(self, moment: dt.datetime) -> str:
        return date_format(moment, "DATE_FORMAT")


@dataclass
class Ctx:
    """One build: the game's facts, the engine's figures, the language's formats."""

    meta: GameMeta
    fig: Figures
    fmt: Fmt

    @classmethod
    def of(cls, meta: GameMeta, state: GameState | Figures) -> Ctx:
        fig = state if isinstance(state, Figures) else Figures(state)
        return cls(meta, fig, Fmt(meta.language))

    def period(self, account: YearAccount) -> str:
        """The header's name of a year: "Year 3", "Year 4 (to the end of the game)"."""
        if account.closed:
            return _("Year %(year)d") % {"year": account.year}
        if self.fig.ended:
            return _("Year %(year)d (to the end of the game)") % {"year": account.year}
        return _("Year %(year)d (so far)") % {"year": account.year}

    def end_label(self, account: YearAccount) -> str:
        """When the account's closing balance sheet was drawn up."""
        if account.closed:
            return _("at the end of year %(year)d") % {"year": account.year}
        if self.fig.ended:
            return _("at the end of the game")
        return _("after move %(seq)s") % {"seq": self.fmt.num(self.meta.seq)}


def shown(ctx: Ctx, account: YearAccount) -> bool:
    """Whether a year gets pages in the team's pack: every year with a booking (a +1,000 and
    a -1,000 risk card cancel in profit, not in the books), but not the last moves of a game
    that ended just after a crossing, in which nothing but the closed year's tax was paid (an
    all-dash page). Its figures are in the balance sheet at the end of the game anyway."""
    if account.closed or not ctx.fig.ended or account.year == 1:
        return True
    return account.sales > 0 or any(line.key != "tax_paid" and line.reasons
                                    for line in account.lines)


@contextmanager
def build_in(language: str) -> Iterator[None]:
    """Labels and number formats of the game's language for everything built inside."""
    with translation.override(language or "en"):
        yield


# ====================================================================== text styles
STYLES = {
    "title": ParagraphStyle("title", fontName=BOLD, fontSize=15, leading=19, textColor=BRAND,
                            spaceAfter=4),
    "h2": ParagraphStyle("h2", fontName=BOLD, fontSize=11.5, leading=15, textColor=INK,
                         spaceBefore=10, spaceAfter=5),
    "body": ParagraphStyle("body", fontName=FONT, fontSize=9, leading=12, textColor=INK),
    "small": ParagraphStyle("small", fontName=FONT, fontSize=7.5, leading=9.5, textColor=MUTED),
    "cell": ParagraphStyle("cell", fontName=FONT, fontSize=8.5, leading=10.5, textColor=INK),
    "cell_small": ParagraphStyle("cell_small", fontName=FONT, fontSize=7, leading=8.5,
                                 textColor=INK),
    "cell_bold": ParagraphStyle("cell_bold", fontName=BOLD, fontSize=8.5, leading=10.5,
                                textColor=INK),
    "cell_right": ParagraphStyle("cell_right", fontName=BOLD, fontSize=7, leading=8.5,
                                 textColor=INK, alignment=TA_RIGHT),
    # The shaded box reaches borderPadding beyond the text: indents keep it inside the frame.
    "formula": ParagraphStyle("formula", fontName=FONT, fontSize=9, leading=13, textColor=INK,
                              leftIndent=8, rightIndent=8, backColor=SHADE,
                              borderPadding=(4, 8, 4, 8), spaceBefore=6, spaceAfter=8),
}


def title(text: str, subtitle: str = "") -> list[Flowable]:
    out: list[Flowable] = [Paragraph(para_text(text), STYLES["title"])]
    if subtitle:
        out.append(Paragraph(para_text(subtitle), STYLES["small"]))
    out.append(Spacer(1, 6))
    return out


def h2(text: str) -> Paragraph:
    return Paragraph(para_text(text), STYLES["h2"])


def para(text: str, style: str = "body") -> Paragraph:
    return Paragraph(para_text(text), STYLES[style])


def note(text: str) -> Paragraph:
    return Paragraph(para_text(text), STYLES["small"])


def block(*flowables: Flowable) -> KeepTogether:
    """Flowables kept on one page (a heading with its table)."""
    return KeepTogether(list(flowables))


# ====================================================================== tables
def table(
    rows: Sequence[Sequence[Any]],
    widths: Sequence[float],
    *,
    numeric: Sequence[int] = (),
    header: int = 1,
    totals: Sequence[int] = (),
    font_size: float = 8,
    extra: Sequence[tuple[Any, ...]] = (),
    zebra: bool = True,
) -> Table:
    """A table in the house style: a shaded header row, numbers right-aligned in ``numeric``
    columns, total rows (negative indexes allowed) bold over a rule."""
    assert abs(sum(widths) - WIDTH) < 1 or sum(widths) < WIDTH, (sum(widths), WIDTH)
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, font_size),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, INK),
    ]
    for col in numeric:
        style.append(("ALIGN", (col, 0), (col, -1), "RIGHT"))
    if header:
        style += [
            ("FONT", (0, 0), (-1, header - 1), BOLD, font_size),
            ("BACKGROUND", (0, 0), (-1, header - 1), SHADE),
            ("LINEBELOW", (0, header - 1), (-1, header - 1), 0.8, INK),
            ("VALIGN", (0, 0), (-1, header - 1), "BOTTOM"),
        ]
    if zebra:
        body = len(rows) - header - len(totals)
        for r in range(header + 1, header + body, 2):
            style.append(("BACKGROUND", (0, r), (-1, r), colors.HexColor("#f7f8fa")))
    for r in totals:
        style += [
            ("FONT", (0, r), (-1, r), BOLD, font_size),
            ("LINEABOVE", (0, r), (-1, r), 0.8, INK),
            ("BACKGROUND", (0, r), (-1, r), TOTAL_SHADE),
        ]
    style += list(extra)
    bold_rows = set(range(header)) | {r % len(rows) for r in totals}
    cells = _fit([list(r) for r in rows], widths, numeric, bold_rows, font_size, extra)
    out = Table(cells, colWidths=list(widths), repeatRows=header or 0)
    out.setStyle(TableStyle(style))
    out.hAlign = "LEFT"
    return out


_FIT_STYLES: dict[tuple[str, float, bool], ParagraphStyle] = {}


def _fit(rows: list[list[Any]], widths: Sequence[float], numeric: Sequence[int],
         bold_rows: set[int], font_size: float, extra: Sequence[tuple[Any, ...]]
         ) -> list[list[Any]]:
    """Text too wide for its column (a long team name, a longer language) wraps instead of
    running into the next column: such cells become paragraphs of the same font. Numbers in
    numeric columns are never that wide and are left alone (the common case stays fast)."""
    spans: dict[tuple[int, int], float] = {}
    for command in extra:
        if command[0] == "SPAN":
            (c0, r0), (c1, _r1) = command[1], command[2]
            spans[(r0 % len(rows), c0)] = sum(widths[c0:(c1 % len(widths)) + 1])
    for r, row in enumerate(rows):
        bold = r in bold_rows
        font = BOLD if bold else FONT
        for c, cell in enumerate(row):
            if not isinstance(cell, str) or not cell or (c in numeric and not bold):
                continue
            room = spans.get((r, c), widths[c]) - 8  # the cell's left and right padding
            if max(stringWidth(line, font, font_size) for line in cell.split("\n")) <= room:
                continue
            key = (font, font_size, c in numeric)
            if key not in _FIT_STYLES:
                _FIT_STYLES[key] = ParagraphStyle(
                    f"fit-{font}-{font_size}-{key[2]}", fontName=font, fontSize=font_size,
                    leading=font_size * 1.2, textColor=INK,
                    alignment=TA_RIGHT if key[2] else 0)
            row[c] = Paragraph(para_text(cell).replace("\n", "<br/>"), _FIT_STYLES[key])
    return rows


# ====================================================================== charts
def _axis_font(axis: Any, size: float = 7) -> None:
    axis.labels.fontName = FONT
    axis.labels.fontSize = size
    axis.labels.fillColor = INK
    axis.strokeColor = MUTED
    axis.strokeWidth = 0.5


def _nice_step(lo: float, hi: float, ticks: int = 5) -> float:
    span = max(hi - lo, 1)
    raw = span / ticks
    magnitude = float(10 ** (len(str(int(raw))) - 1))
    for m in (1.0, 2.0, 2.5, 5.0, 10.0):
        if raw <= m * magnitude:
            return m * magnitude
    return 10.0 * magnitude


def _value_range(values: list[float], zero: bool = True) -> tuple[float, float, float]:
    lo = min(values + ([0] if zero else []))
    hi = max(values + ([0] if zero else []))
    if lo == hi:
        hi = lo + 1_000
    step = _nice_step(lo, hi)
    lo = (lo // step) * step
    hi = -((-hi) // step) * step
    return lo, hi, step


def chart_title(drawing: Drawing, text: str) -> None:
    drawing.add(String(0, drawing.height - 11, safe(text), fontName=BOLD, fontSize=9,
                       fillColor=INK))


def legend(drawing: Drawing, pairs: list[tuple[Any, str]], x: float, y: float,
           columns: int = 1) -> None:
    """Colour swatches with names, in one column or in ``columns`` side by side."""
    lg = Legend()
    lg.x, lg.y = x, y
    lg.fontName, lg.fontSize = FONT, 7
    lg.boxAnchor = "nw"
    lg.columnMaximum = max(1, -(-len(pairs) // columns))
    lg.dx, lg.dy = 7, 7
    lg.deltax, lg.deltay = (70 if columns > 1 else 10), 9
    lg.dxTextSpace = 4
    lg.alignment = "right"
    lg.strokeWidth = 0
    lg.colorNamePairs = [(c, safe(n if len(n) <= 22 else n[:21] + "…")) for c, n in pairs]
    drawing.add(lg)


def line_chart(
    heading: str,
    series: list[tuple[str, Any, list[tuple[float, float]]]],
    fmt: Fmt,
    *,
    width: float = WIDTH,
    height: float = 190,
    x_label: str = "",
    x_ticks: list[tuple[float, str]] | None = None,
    legend_pairs: list[tuple[Any, str]] | None = None,
    legend_at: str = "right",
) -> Drawing:
    """Lines of (x, y) points, one per series (name, colour, points); y as grouped Marks.
    The legend names each series, or ``legend_pairs`` (colour, name) if given ([]: none),
    to the right of the plot or in a row above it (``legend_at="top"``)."""
    if legend_pairs is None:
        legend_pairs = [(colour, name) for name, colour, _pts in series] if len(series) > 1 \
            else []
    drawing = Drawing(width, height)
    chart_title(drawing, heading)
    points = [p for _name, _colour, pts in series for p in pts]
    plot = LinePlot()
    plot.x, plot.y = 48, 28 if x_label else 18
    right = 120 if legend_pairs and legend_at == "right" else 10
    top = 34 if legend_pairs and legend_at == "top" else 20
    plot.width = width - plot.x - right
    plot.height = height - plot.y - top
    plot.data = [pts if pts else [(0, 0)] for _name, _colour, pts in series]
    for i, (_name, colour, _pts) in enumerate(series):
        plot.lines[i].strokeColor = colour
        plot.lines[i].strokeWidth = 1.4
    xs = [p[0] for p in points] or [0, 1]
    ys = [p[1] for p in points] or [0]
    lo, hi, step = _value_range(ys)
    y_axis, x_axis = plot.yValueAxis, plot.xValueAxis
    y_axis.valueMin, y_axis.valueMax, y_axis.valueStep = lo, hi, step
    y_axis.labelTextFormat = lambda v: fmt.money(int(v))
    y_axis.visibleGrid = True
    y_axis.gridStrokeColor = colors.HexColor("#e5e7eb")
    y_axis.gridStrokeWidth = 0.4
    _axis_font(y_axis)
    _axis_font(x_axis)
    x_axis.valueMin = min(xs)
    x_axis.valueMax = max(max(xs), min(xs) + 1)
    if x_ticks is not None:
        x_axis.valueSteps = [t for t, _label in x_ticks] or [min(xs)]
        labels = dict(x_ticks)
        x_axis.labelTextFormat = lambda v: labels.get(v, "")
    else:
        x_axis.valueStep = 1
        x_axis.labelTextFormat = lambda v: str(int(v))
    x_axis.visibleGrid = x_ticks is not None
    x_axis.gridStrokeColor = colors.HexColor("#e5e7eb")
    x_axis.gridStrokeWidth = 0.4
    drawing.add(plot)
    if lo < 0 < hi:  # the zero line, darker than the grid
        zero = plot.y + (0 - lo) / (hi - lo) * plot.height
        drawing.add(Line(plot.x, zero, plot.x + plot.width, zero, strokeColor=MUTED,
                         strokeWidth=0.6))
    if x_label:
        drawing.add(String(plot.x + plot.width / 2, 4, safe(x_label), fontName=FONT,
                           fontSize=7, fillColor=MUTED, textAnchor="middle"))
    if legend_pairs and legend_at == "top":
        legend(drawing, legend_pairs, plot.x, height - 18, columns=len(legend_pairs))
    elif legend_pairs:
        legend(drawing, legend_pairs, plot.x + plot.width + 14, plot.y + plot.height)
    return drawing


def bar_chart(heading: str, categories: list[str], values: list[int], fmt: Fmt, *,
              width: float = WIDTH, height: float = 170, colour: Any = BRAND) -> Drawing:
    drawing = Drawing(width, height)
    chart_title(drawing, heading)
    chart = VerticalBarChart()
    chart.x, chart.y = 48, 24
    chart.width, chart.height = width - 58, height - 46
    chart.data = [values or [0]]
    chart.categoryAxis.categoryNames = categories or [""]
    chart.bars[0].fillColor = colour
    chart.bars[0].strokeColor = None
    chart.barSpacing = 2
    lo, hi, step = _value_range([float(v) for v in values] or [0.0])
    chart.valueAxis.valueMin, chart.valueAxis.valueMax, chart.valueAxis.valueStep = lo, hi, step
    chart.valueAxis.labelTextFormat = lambda v: fmt.money(int(v))
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = colors.HexColor("#e5e7eb")
    chart.valueAxis.gridStrokeWidth = 0.4
    _axis_font(chart.valueAxis)
    _axis_font(chart.categoryAxis)
    chart.categoryAxis.labels.dy = -2
    drawing.add(chart)
    return drawing


def rule(width: float = WIDTH) -> Drawing:
    drawing = Drawing(width, 6)
    drawing.add(Line(0, 3, width, 3, strokeColor=RULE, strokeWidth=0.5))
    return drawing


# ====================================================================== pages
def height_of(flowables: Sequence[Flowable], width: float = WIDTH) -> float:
    """The height the flowables take one under the other in a frame of ``width`` (spaces
    between them merged as the frame merges them, none above the first)."""
    return float(_listWrapOn(list(flowables), width, None)[1])


def unwrap(flowables: Sequence[Flowable]) -> list[Flowable]:
    """The flowables with every ``KeepTogether`` opened: a page plan places them itself."""
    out: list[Flowable] = []
    for f in flowables:
        out.extend(unwrap(f._content) if isinstance(f, KeepTogether) else [f])
    return out


#: Points kept free at a page's foot: rounding in the frame's own arithmetic.
_PAGE_SLACK = 6.0
#: Room a block needs to begin on a page: its heading and a few rows.
_MIN_START = 120.0


def plan_pages(blocks: Sequence[tuple[Sequence[Flowable], str]],
               room: float = FRAME_HEIGHT) -> list[list[Flowable]]:
    """Blocks (their flowables and the heading a continued part carries) laid out on pages
    that hold them by measure, so that nothing reportlab decides can spill: a block that fits
    the room left goes there; one that does not starts a new page when the page is at least
    half full, and otherwise fills the page, its table split between rows (the header row
    repeated) and the rest under "… (continued)" on the next page. Returns the pages."""
    room -= _PAGE_SLACK
    pages: list[list[Flowable]] = [[]]

    def left() -> float:
        return room - height_of(pages[-1]) if pages[-1] else room

    for flowables, heading in blocks:
        items = list(flowables)
        if height_of(pages[-1] + items) <= room:
            pages[-1].extend(items)
            continue
        if pages[-1] and (height_of(pages[-1]) >= room / 2 and height_of(items) <= room
                          or left() < _MIN_START):
            pages.append([])  # the page is full enough: the block starts the next one
        fresh = not pages[-1]  # a page holding nothing, or only a continued heading
        while items:  # fill the page, then go on under a continued heading
            item = items.pop(0)
            if fresh or height_of(pages[-1] + [item]) <= room:
                pages[-1].append(item)
                fresh = False
                continue
            parts = item.split(WIDTH, left() - 12) if isinstance(item, Table) else []
            if len(parts) > 1 and height_of(pages[-1] + parts[:1]) <= room:
                pages[-1].append(parts[0])
                items = list(parts[1:]) + items
            else:
                items.insert(0, item)
            pages.append([h2(_("%(heading)s (continued)") % {"heading": heading})])
            fresh = True
    return pages


class Section(Flowable):
    """Marks where a team's period begins: the pages from here on carry its header."""

    def __init__(self, team: str, period: str, document: str) -> None:
        super().__init__()
        self.team, self.period, self.document = team, period, document
        self.width = self.height = 0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.canv._pb_section = (self.team, self.period, self.document)


def _canvas_class(ctx: Ctx) -> type[Canvas]:
    meta = ctx.meta
    game_line = safe(_("Playboss · %(game)s (%(code)s)") % {"game": meta.name, "code": meta.code})
    if meta.seq or meta.ended:
        moment = _("Made on %(date)s, after move %(seq)s") % {
            "date": ctx.fmt.date(meta.generated), "seq": ctx.fmt.num(meta.seq)}
        if not meta.ended:
            moment += " · " + _("the game is still running")
    else:  # a balance sheet of given holdings (the rulebook's example), not of a game
        moment = _("Made on %(date)s") % {"date": ctx.fmt.date(meta.generated)}
    page_of = _("Page %(page)s of %(pages)s")

    class NumberedCanvas(Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pb_pages: list[dict[str, Any]] = []
            self._pb_section: tuple[str, str, str] = ("", "", "")

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._pb_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pb_pages)
            for number, state in enumerate(self._pb_pages, start=1):
                self.__dict__.update(state)
                self._frame(number, total)
                Canvas.showPage(self)
            Canvas.save(self)

        def _frame(self, number: int, total: int) -> None:
            team, period, document = self._pb_section
            top = PAGE_HEIGHT - 34
            self.setFillColor(MUTED)
            self.setFont(FONT, 8)
            self.drawString(MARGIN_X, top + 11, game_line)
            if document:
                self.drawRightString(PAGE_WIDTH - MARGIN_X, top + 11, safe(document))
            self.setFillColor(INK)
            self.setFont(BOLD, 10.5)
            self.drawString(MARGIN_X, top - 2, safe(team))
            self.setFont(FONT, 10.5)
            self.drawRightString(PAGE_WIDTH - MARGIN_X, top - 2, safe(period))
            self.setStrokeColor(BRAND)
            self.setLineWidth(1.2)
            self.line(MARGIN_X, top - 9, PAGE_WIDTH - MARGIN_X, top - 9)
            bottom = MARGIN_BOTTOM - 22
            self.setStrokeColor(RULE)
            self.setLineWidth(0.5)
            self.line(MARGIN_X, bottom + 10, PAGE_WIDTH - MARGIN_X, bottom + 10)
            self.setFillColor(MUTED)
            self.setFont(FONT, 7.5)
            self.drawString(MARGIN_X, bottom, safe(moment))
            self.drawRightString(PAGE_WIDTH - MARGIN_X, bottom,
                                 safe(page_of % {"page": number, "pages": total}))

    return NumberedCanvas


class Pdf:
    """One PDF file: sections of flowables, rendered on A4 with header and footer."""

    def __init__(self, ctx: Ctx, title_: str) -> None:
        self.ctx = ctx
        self.title = title_
        self.story: list[Flowable] = []

    def section(self, team: str, period: str, document: str) -> None:
        """Start a new page for ``team`` and ``period`` (the header's right side)."""
        if self.story:
            self.story.append(PageBreak())
        self.story.append(Section(team, period, document))

    def add(self, *flowables: Flowable) -> None:
        self.story.extend(flowables)

    def keep_room(self, points: float) -> None:
        self.story.append(CondPageBreak(points))

    def render(self) -> bytes:
        buffer = BytesIO()
        meta = self.ctx.meta
        doc = BaseDocTemplate(
            buffer, pagesize=A4, leftMargin=MARGIN_X, rightMargin=MARGIN_X,
            topMargin=MARGIN_TOP, bottomMargin=MARGIN_BOTTOM, title=safe(self.title),
            author="Playboss Classroom", subject=safe(f"{meta.name} ({meta.code})"),
            creator="Playboss Classroom (reportlab)", lang=meta.language or "en",
        )
        frame = Frame(MARGIN_X, MARGIN_BOTTOM, WIDTH, PAGE_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="body")
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
        doc.build(self.story or [Spacer(1, 1)], canvasmaker=_canvas_class(self.ctx))
        return buffer.getvalue()


Builder = Callable[[Pdf, Ctx, str, int | None], None]
