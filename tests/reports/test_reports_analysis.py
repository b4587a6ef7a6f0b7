"""The analysis page (cash flow, owned-capital bridge, ratios against the class) read back from
the PDF and compared with the engine figure by figure. Rulebook part I, "Explanations:
Financial Statement and Profit" (the balance sheet's cash and owned capital the page ends at);
part II, "4. Step: Taxation" (the tax line of the bridge)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.utils import translation
from report_helpers import after, amount_after, num, page_count, pages, played
from test_reports_pdfs import GAMES, meta_for

from playboss.rules.analysis import capital_bridge, cash_flow, class_comparison, ratios
from reports.builders import Ctx, analysis, debrief, shown, team_statements
from reports.builders.analysis import activity_total, flow_label


def _percent(value: Fraction | int | None, group: str = ",", decimal: str = ".") -> str:
    if value is None:
        return "–"
    text = f"{float(value) * 100:,.1f}".replace(",", "\0").replace(".", decimal)
    return text.replace("\0", group) + " %"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_figure_of_the_analysis_page_is_the_engines(game: str) -> None:
    state = played(**GAMES[game]).state
    ctx = Ctx.of(meta_for(state), state)
    checked = 0
    for team in state.teams:
        for account in ctx.fig.accounts(team):
            if not shown(ctx, account):
                continue
            pdf = analysis.build(ctx, team, account.year)
            assert page_count(pdf) == 1, (team, account.year)
            (lines,) = pages(pdf)
            with translation.override("en"):
                flow = cash_flow(account)
                assert amount_after(lines, "Cash at the start of the year") == flow.start
                for _, key, amount in flow.lines:
                    assert amount_after(lines, flow_label(key)) == amount, key
                for activity in ("operating", "investing", "financing"):
                    assert amount_after(lines, activity_total(activity)) == flow.total(activity)
            end = amount_after(lines, "Cash at the end of the year (balance sheet)")
            assert end == account.closing.cash == flow.start + flow.net

            bridge = capital_bridge(account)
            assert amount_after(lines, "Owned capital at the start of the year") == bridge.start
            assert amount_after(lines, "+ Result of the business's operations") == (
                bridge.operating)
            assert amount_after(
                lines, "+ Events of the year (takeover, bankruptcy, strike, correction)") == (
                bridge.events)
            if ctx.fig.taxes:
                assert amount_after(lines, "+ Tax on the year's profit") == bridge.tax
            assert amount_after(lines, "+ Starting capital booked in the year") == (
                bridge.paid_in)
            assert amount_after(
                lines, "Owned capital at the end of the year (balance sheet)") == (
                account.closing.equity)

            own = ratios(state, account)
            standing = class_comparison(state, account.year)[team]
            profit = after(lines, "Profit or loss after tax", 3)
            assert num(profit[0]) == own.profit
            assert num(profit[1]) == round(standing["profit"].average or 0)
            assert profit[2] == f"{standing['profit'].rank} of {standing['profit'].of}"
            for label, key in (
                    ("Owned-capital ratio (owned capital / balance-sheet total)", "equity_ratio"),
                    ("Return on owned capital (profit / capital at work)",
                     "return_on_equity"),
                    ("Capacity use (units made / what the machines could make)",
                     "capacity_use")):
                cells = after(lines, label, 2)
                assert cells == [_percent(getattr(own, key)),
                                 _percent(standing[key].average)], (label, cells)
            assert after(lines, "Units made / sold to the market") == [
                f"{own.units_produced:,} / {own.units_sold:,}"]
            for label, value in (
                    ("Cost of a unit made (running costs paid / units made)", own.unit_cost),
                    ("Average selling price (market sales / units sold)", own.average_price)):
                printed = after(lines, label)[0]
                assert printed == ("–" if value is None else f"{round(value):,}"), label
            checked += 1
    assert checked >= 6


def test_the_german_page_reads_back_in_german_with_german_numbers() -> None:
    """The German catalogue's words and German grouping (1.234) and decimals (12,5 %)."""
    state = played(**GAMES["taxes"]).state
    ctx = Ctx.of(meta_for(state, language="de"), state)
    account = ctx.fig.account("Red", 2)
    (lines,) = pages(analysis.build(ctx, "Red", 2))
    assert amount_after(lines, "Kasse zu Jahresbeginn", group=".") == (
        account.opening.cash)
    assert amount_after(lines, "Kasse am Jahresende (Bilanz)", group=".") == (
        account.closing.cash)
    assert amount_after(lines, "Eigenkapital am Jahresende (Bilanz)", group=".") == (
        account.closing.equity)
    own = ratios(state, account)
    assert after(lines, "Eigenkapitalquote (Eigenkapital / Bilanzsumme)")[0] == _percent(
        own.equity_ratio, ".", ",")
    for team in state.teams:  # the longer German words fit one page too
        for year in ctx.fig.accounts(team):
            if shown(ctx, year):
                assert page_count(analysis.build(ctx, team, year.year)) == 1, (team, year.year)


def test_the_teams_pack_has_an_analysis_page_after_each_year() -> None:
    state = played(**GAMES["all steps, asset yield"]).state
    ctx = Ctx.of(meta_for(state), state)
    for team in state.teams:
        years = [a.year for a in ctx.fig.accounts(team) if shown(ctx, a)]
        headings = [line for page in pages(team_statements(ctx, team)) for line in page
                    if line.startswith("Cash flow, year ")]
        assert headings == [f"Cash flow, year {year}" for year in years]


@pytest.mark.parametrize("game", ["taxes", "all steps, asset yield"])
def test_the_debrief_shows_each_team_against_the_class_year_by_year(game: str) -> None:
    """The teacher's debrief: per year each team's profit after tax and its rank, its ratios
    and its operating cash flow, and the class average, as the engine computes them."""
    state = played(**GAMES[game]).state
    ctx = Ctx.of(meta_for(state), state)
    lines = [line for page in pages(debrief.build(ctx)) for line in page]
    at = lines.index("The class year by year: ratios and ranks")
    years = max(len(ctx.fig.accounts(t)) for t in state.teams)
    for year in range(1, years + 1):
        at = lines.index(f"Year {year}", at)
        table = class_comparison(state, year)
        for team, row in table.items():
            account = ctx.fig.account(team, year)
            label = team + ("" if account.closed else "*")
            cells = after(lines, label, 6, at)
            assert [num(cells[0]), cells[1]] == [account.profit,
                                                 f"{row['profit'].rank} of {row['profit'].of}"]
            assert cells[2:5] == [_percent(row[k].value) for k in
                                  ("equity_ratio", "return_on_equity", "capacity_use")]
            assert num(cells[5]) == cash_flow(account).total("operating")
        average = after(lines, "Class average", 5, at)
        first = next(iter(table.values()))
        assert num(average[0]) == round(first["profit"].average or 0)
        assert average[1:4] == [_percent(first[k].average) for k in
                                ("equity_ratio", "return_on_equity", "capacity_use")]
