"""The analysis as spreadsheet tables: cash-flow statement, owned-capital bridge, ratios with
each team's class average and rank, and the class year by year.

Every figure is the engine's (``playboss.rules.analysis``), one row per team and year as in
"Figures by year"; exact fractions become floats (ratios, shown as percentages in the
workbook) or whole Marks (averages of Marks). The only figures made here are the class
averages of the operating cash flow (the engine averages the ranked figures only).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from playboss.rules.accounts import YearAccount
from playboss.rules.analysis import (
    ACTIVITIES,
    COMPARED,
    Standing,
    capital_bridge,
    cash_flow,
    class_comparison,
    ratios,
)

from .builders.analysis import activity_title, activity_total, flow_label
from .builders.base import Figures
from .sheet import Sheet

TEAM_WIDTH = 18


def _accounts(fig: Figures) -> list[YearAccount]:
    return [account for team in fig.teams for account in fig.accounts(team)]


def _full(account: YearAccount) -> str:
    return _("yes") if account.closed else _("no")


def ratio(value: Fraction | int | None) -> Any:
    """A ratio for a cell: a float (six places), empty where the engine gives none."""
    return "" if value is None else round(float(value), 6)


def marks(value: Fraction | int | None) -> Any:
    """Marks for a cell: whole Marks, empty where there is no figure."""
    return "" if value is None else round(value)


def cash_flow_sheet(fig: Figures) -> Sheet:
    """Per team and year: cash at the start, each line of each activity (the lines any team
    had), the activity's total, the change in cash and cash at the end."""
    accounts = _accounts(fig)
    flows = [cash_flow(account) for account in accounts]
    keys = {activity: list(dict.fromkeys(key for flow in flows for act, key, _amount in
                                         flow.lines if act == activity))
            for activity in ACTIVITIES}
    header = [_("Team"), _("Year"), _("Full year"), _("Cash at the start of the year")]
    for activity in ACTIVITIES:
        header += [f"{activity_title(activity)}: {flow_label(key)}" for key in keys[activity]]
        header.append(activity_total(activity))
    header += [_("Change in cash in the year"), _("Cash at the end of the year")]
    rows: list[list[Any]] = []
    for account, flow in zip(accounts, flows, strict=True):
        amounts = {key: amount for _act, key, amount in flow.lines}
        row: list[Any] = [account.team, account.year, _full(account), flow.start]
        for activity in ACTIVITIES:
            row += [amounts.get(key, 0) for key in keys[activity]]
            row.append(flow.total(activity))
        rows.append([*row, flow.net, flow.end])
    return Sheet(_("Cash flow"), header, rows, frozenset(range(3, len(header))),
                 {0: TEAM_WIDTH})


def bridge_sheet(fig: Figures) -> Sheet:
    """Per team and year: owned capital from the start of the year to its end."""
    header = [_("Team"), _("Year"), _("Full year"), _("Owned capital at the start of the year"),
              _("Result of the business's operations"), _("Events of the year"),
              _("Tax on the year's profit"), _("Starting capital never received (a loss)"),
              _("Starting capital booked in the year"),
              _("Owned capital at the end of the year"), _("Profit or loss of the year")]
    rows: list[list[Any]] = []
    for account in _accounts(fig):
        b = capital_bridge(account)
        rows.append([account.team, account.year, _full(account), b.start, b.operating,
                     b.events, b.tax, b.unpaid, b.paid_in, b.end, b.profit])
    return Sheet(_("Owned-capital bridge"), header, rows, frozenset(range(3, len(header))),
                 {0: TEAM_WIDTH})


def _compared_labels() -> dict[str, str]:
    """The ranked figures' names (``analysis.COMPARED``)."""
    return {"profit": _("Profit or loss after tax"),
            "equity_ratio": _("Owned-capital ratio"),
            "return_on_equity": _("Return on owned capital"),
            "capacity_use": _("Capacity use")}


def ratios_sheet(fig: Figures) -> Sheet:
    """Per team and year: each ranked figure with the class average and the team's rank, then
    units made and sold, the cost of a unit and the average selling price."""
    labels = _compared_labels()
    header = [_("Team"), _("Year"), _("Full year")]
    money: set[int] = set()
    percent: set[int] = set()
    for figure in COMPARED:
        into = money if figure == "profit" else percent
        into.update({len(header), len(header) + 1})
        header += [labels[figure], _("%(figure)s: class average") % {"figure": labels[figure]},
                   _("%(figure)s: rank") % {"figure": labels[figure]}]
    money.update({len(header) + 2, len(header) + 3})
    header += [_("Units made"), _("Units sold to the market"),
               _("Cost of a unit made"), _("Average selling price"),
               _("Red fields produced on"), _("Units the machines make on one red field")]
    comparisons = _comparisons(fig)
    rows: list[list[Any]] = []
    for account in _accounts(fig):
        own = ratios(fig.state, account)
        standing = comparisons[account.year][account.team]
        row: list[Any] = [account.team, account.year, _full(account)]
        for figure in COMPARED:
            s = standing[figure]
            cell = marks if figure == "profit" else ratio
            row += [cell(s.value), cell(s.average), "" if s.rank is None else s.rank]
        row += [own.units_produced, own.units_sold, marks(own.unit_cost),
                marks(own.average_price), own.production_runs, own.capacity]
        rows.append(row)
    return Sheet(_("Ratios"), header, rows, frozenset(money), {0: TEAM_WIDTH},
                 frozenset(percent))


def class_sheet(fig: Figures) -> Sheet:
    """Per year: how many teams played it, the class averages of the ranked figures and of
    the operating cash flow."""
    labels = _compared_labels()
    header = [_("Year"), _("Teams"), *[_("%(figure)s: class average") % {"figure": labels[f]}
                                      for f in COMPARED],
              _("Cash flow from operating activities: class average")]
    rows: list[list[Any]] = []
    for year, standings in _comparisons(fig).items():
        first: dict[str, Standing] = next(iter(standings.values()))
        row: list[Any] = [year, len(standings)]
        row += [marks(first[f].average) if f == "profit" else ratio(first[f].average)
                for f in COMPARED]
        flows = [cash_flow(fig.account(team, year)).total("operating") for team in standings]
        rows.append([*row, marks(Fraction(sum(flows), len(flows)))])
    money = frozenset({2, len(header) - 1})
    percent = frozenset(range(3, len(header) - 1))
    return Sheet(_("Class by year"), header, rows, money, {}, percent)


def _comparisons(fig: Figures) -> dict[int, dict[str, dict[str, Standing]]]:
    years = max((len(fig.accounts(team)) for team in fig.teams), default=0)
    return {year: class_comparison(fig.state, year, fig.accounts)
            for year in range(1, years + 1)}
