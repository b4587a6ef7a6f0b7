"""The PDF documents read back (pypdf) and compared with the engine's statements: every balance
sheet balances, every profit and loss agrees with the change in owned capital, every figure is
the engine's. Rulebook part I, "Explanations: Financial Statement and Profit"; part II, "4.
Step: Taxation" and "5. Step: Various Game Goals"."""

from __future__ import annotations

import datetime as dt
import io
from fractions import Fraction
from typing import Any

import pytest
from pypdf import PdfReader
from report_helpers import after, amount_after, find, num, page_count, pages, played

from playboss.rules.accounts import GKV_POSITIONS, PnLLine, YearAccount
from playboss.rules.gamelog import replay
from playboss.rules.statements import BalanceSheet, balance_sheet_from
from reports.builders import (
    DOCUMENTS,
    Ctx,
    GameMeta,
    balance_sheet,
    debrief,
    shown,
    team_statements,
    year_statement,
)
from reports.labels import position_label

GAMES = {
    "base": dict(steps=frozenset(), seed=3),
    "taxes": dict(steps=frozenset({4}), seed=7),
    "all steps, asset yield": dict(steps=frozenset({1, 2, 3, 4, 5, 6}), seed=5,
                                   goal="asset_yield"),
}


def meta_for(state: Any, language: str = "en", name: str = "Year-end game") -> GameMeta:
    return GameMeta(name=name, code="ABC234", language=language, classroom="Business 101",
                    seq=state.seq, ended=state.phase == "ended",
                    generated=dt.datetime(2025, 6, 30, 10, 0, tzinfo=dt.UTC))


# ====================================================================== the rulebook's example
def test_the_rulebooks_balance_sheet_is_reproduced_exactly() -> None:
    """3 machines, 1 raw material, 2 finished products, 1,000 cash against 20,000 starting
    capital, 10,000 bank debt and 2,000 other debt: 34,150 on both sides, 2,150 profit."""
    sheet = balance_sheet_from("Example", machines_single=3, raw=1, finished=2, cash=1_000,
                               bank_debt=10_000, other_debt=2_000, starting_capital=20_000)
    (lines,) = pages(balance_sheet.build_from_sheet(meta_for_sheet(), sheet))
    assert after(lines, "Assets", 3) == ["Marks", "Liabilities and owned capital", "Marks"]
    assert after(lines, "Machines (3 × 10,000)", 3) == ["30,000", "Bank debt", "10,000"]
    assert after(lines, "Computers", 3) == ["–", "Other debt", "2,000"]
    assert after(lines, "Raw material (1 × 150)", 3) == ["150", "Starting capital", "20,000"]
    assert after(lines, "Finished product (2 × 1,500)", 3) == ["3,000", "Profit", "2,150"]
    assert after(lines, "Loans given") == ["–"]
    assert after(lines, "Cash") == ["1,000"]
    assert after(lines, "Total", 3) == ["34,150", "Total", "34,150"]
    assert "Owned capital (starting capital and profit together): 22,150 Marks" in lines


def test_with_15000_bank_debt_the_example_shows_a_loss_of_2850() -> None:
    sheet = balance_sheet_from("Example", machines_single=3, raw=1, finished=2, cash=1_000,
                               bank_debt=15_000, other_debt=2_000)
    (lines,) = pages(balance_sheet.build_from_sheet(meta_for_sheet(), sheet))
    assert after(lines, "Finished product (2 × 1,500)", 3) == ["3,000", "Loss", "-2,850"]
    assert after(lines, "Total", 3) == ["34,150", "Total", "34,150"]


def meta_for_sheet() -> GameMeta:
    return GameMeta(name="Rulebook", code="EXAMPL", seq=0, ended=False)


# ====================================================================== a team's statements
def check_sheet(lines: list[str], start: int, sheet: BalanceSheet,
                year_result: int | None = None) -> None:
    """The two-sided account after ``start`` shows the engine's sheet in the order of HGB
    § 266 (fixed and current assets; equity with the year's result apart from the result
    brought forward, provisions, liabilities), and balances."""
    at = lines.index("Assets", start)
    cells = lines[at: lines.index("Total", at) + 4]
    totals = after(cells, "Total", 3)
    assert num(totals[0]) == sheet.total_assets == num(totals[2]) == sheet.total_liabilities
    assert num(after(cells, "A. Fixed assets (non-current)")[0]) == (
        sheet.machines_value + sheet.computers_value)
    assert num(after(cells, "B. Current assets")[0]) == (
        sheet.raw_value + sheet.finished_value + sheet.loans_given + sheet.cash)
    assert num(after(cells, "A. Owned capital")[0]) == sheet.equity
    if year_result is None:
        label = "Profit so far" if sheet.profit >= 0 else "Loss so far"
        assert num(after(cells, label)[0]) == sheet.profit
    else:
        before = sheet.profit - year_result
        label = "Profit brought forward" if before >= 0 else "Loss brought forward"
        assert num(after(cells, label)[0]) == before
        label = "Profit for the year" if year_result >= 0 else "Loss for the year"
        assert num(after(cells, label)[0]) == year_result
    assert cells.index("A. Owned capital") < cells.index("Bank debt"), "HGB § 266: capital first"
    assert num(after(cells, "Bank debt")[0]) == sheet.bank_debt
    assert num(after(cells, "Other debt")[0]) == sheet.other_debt
    assert num(after(cells, "Starting capital")[0]) == sheet.starting_capital
    assert num(after(cells, "Loans given")[0]) == sheet.loans_given
    assert num(after(cells, "Cash")[0]) == sheet.cash
    if sheet.tax_due:
        assert num(after(cells, "Tax due for the year")[0]) == sheet.tax_due
    else:
        assert "Tax due for the year" not in cells
    machines = next(c for c in cells if c.startswith("Machines"))
    assert num(after(cells, machines)[0]) == sheet.machines_value


def check_year(lines: list[str], start: int, account: YearAccount, ctx: Ctx) -> int:
    """One year statement from ``start``: balance sheet, profit and loss, taxes."""
    heading = f"Balance sheet {ctx.end_label(account)}"
    at = lines.index(heading, start)
    check_sheet(lines, at, account.closing, account.profit)
    pl = next(i for i in range(at, len(lines)) if lines[i].startswith(
        f"Profit and loss statement, year {account.year}"))
    # HGB § 275 (2), total-cost form (issue 22): every position printed is the engine's, one
    # at nothing is left out only where the page is short, the subtotals are the engine's and
    # the printed positions add up to the year's profit.
    loss = account.opening.profit < 0
    end_of_table = lines.index("Loss brought forward" if loss else "Profit brought forward", pl)
    printed = 0
    for key in GKV_POSITIONS:
        amount = account.position(key)
        label = position_label(key, amount)
        if label not in lines[pl:end_of_table]:
            assert amount == 0 and key not in ("revenue", "materials"), key
            continue
        cells = after(lines, label, 2, pl)
        figure = num(cells[0])  # an item in the first column, one outside in the second
        assert figure == amount, key
        printed += figure
    assert printed == account.profit
    assert "Other" not in lines[pl:], "every line has a name"
    assert amount_after(lines, "Operating result", pl) == account.operating_result
    assert amount_after(lines, "Financial result", pl) == account.financial_result
    if ctx.fig.taxes:
        before = amount_after(lines, "Result before tax", pl)
        assert before == account.profit - account.position("income_tax")
        if account.tax is not None:
            assert before == account.tax["profit"]
            assert amount_after(lines, "Income taxes", pl) == -account.tax["tax"]
    else:
        assert "Result before tax" not in lines[pl:end_of_table]
    year_label = "Profit for the year" if account.profit >= 0 else "Loss for the year"
    profit = amount_after(lines, year_label, pl)
    assert profit == account.profit == account.closing.profit - account.opening.profit
    # the results named apart: brought forward, the year's, carried forward
    opening = amount_after(lines, "Loss brought forward" if loss else "Profit brought forward",
                           pl)
    assert amount_after(lines, year_label, end_of_table) == profit
    sign = "Loss" if account.closing.profit < 0 else "Profit"
    closing_label = (f"{sign} carried forward (end of the year)" if account.closed
                     else f"{sign} so far")
    closing = amount_after(lines, closing_label, end_of_table)
    assert (opening, closing) == (account.opening.profit, account.closing.profit)
    assert opening + profit == closing, "profit and loss agrees with the change in equity"
    capital = amount_after(lines, "Starting capital at the end of the year", pl)
    assert amount_after(lines, "Owned capital at the end of the year", pl) == capital + closing
    assert amount_after(lines, "Cash at the end of the year", pl) == account.closing.cash
    assert amount_after(lines, "Sales to the market in the year", pl) == account.sales
    end = pl
    if ctx.fig.taxes:
        tax_at = lines.index(f"Tax statement, year {account.year}", pl)
        record = account.tax
        if record is not None:
            rows = {
                "Profit or loss before tax (as in the profit and loss statement)": "profit",
                "Loss brought forward from earlier years": "loss_brought_forward",
                "Loss set against this year's profit": "loss_used",
                "Taxable amount, rounded down to whole thousands": "taxable",
                "Loss carried forward to the next year": "loss_carried_forward",
            }
            for label, key in rows.items():
                assert amount_after(lines, label, tax_at) == record[key], key
            assert amount_after(lines, "Tax of the year (owed at its end, paid in the "
                                "following year)", tax_at) == record["tax"]
            # The year statement prints the brackets reached (one page a year).
            bands = {band["rate"]: band for band in record["bands"] if band["amount"]}
            for rate, band in bands.items():
                label = next(line for line in lines[tax_at:] if line.startswith("Bracket")
                             and lines[lines.index(line, tax_at) + 2] == f"{rate} %")
                share, _rate, tax = after(lines, label, 3, tax_at)
                assert (num(share), num(tax)) == (band["amount"], band["tax"])
            assert sum(b["tax"] for b in record["bands"]) == record["tax"]
        end = tax_at
    return end


@pytest.mark.parametrize("game", list(GAMES))
def test_every_figure_of_a_teams_statements_is_the_engines(game: str) -> None:
    state = played(**GAMES[game]).state
    ctx = Ctx.of(meta_for(state), state)
    for team in state.teams:
        pdf = team_statements(ctx, team)
        by_page = pages(pdf)
        lines = [line for page in by_page for line in page]
        position = 0
        for account in ctx.fig.accounts(team):
            if shown(ctx, account):
                position = check_year(lines, position, account, ctx)
        check_yields(lines, lines.index("Yield report", position), ctx, team)
        check_final(lines, lines.index("Final result statement", position), ctx, team)
        total = len(by_page)
        for number, page in enumerate(by_page, start=1):
            assert "Playboss · Year-end game (ABC234)" in page
            assert team in page
            assert f"Page {number} of {total}" in page
            assert "Made on June 30, 2025, after move " + f"{state.seq:,}" in page


def check_yields(lines: list[str], at: int, ctx: Ctx, team: str) -> None:
    y, sheet = ctx.fig.yields(team), ctx.fig.sheet(team)
    assert amount_after(lines, "Sales to the market, whole game", at) == y["sales"]
    assert amount_after(lines, "Profit or loss (balance-sheet result)", at) == sheet.profit
    assert amount_after(lines, "Balance-sheet total", at) == sheet.total_assets

    def percent(label: str, value: Fraction | None, digits: int) -> None:
        printed = after(lines, label, 1, at)[0]
        if value is None:
            assert printed == "–"
        else:
            assert printed == f"{float(value) * 100:,.{digits}f} %"

    percent("Sales yield", y["sales_yield"], 1)
    percent("Asset yield", y["asset_yield"], 1)
    percent("Asset yield per year", y["asset_yield_per_lap"], 2)
    formula = find(lines[at:], r"^Sales yield = total profit / total sales = (.+) / (.+) = ")
    assert (num(formula[1]), num(formula[2])) == (sheet.profit, y["sales"])
    find(lines[at:], r"^Asset yield = total profit / balance-sheet total / years played = ")
    year_table = lines.index("Year by year", at)
    for account in ctx.fig.accounts(team):
        label = str(account.year) if account.closed else f"{account.year}*"
        cells = [num(c) for c in after(lines, label, 4, year_table)]
        assert cells == [account.sales, account.profit, account.closing.cash,
                         account.closing.equity]


def check_final(lines: list[str], at: int, ctx: Ctx, team: str) -> None:
    sheet, result = ctx.fig.sheet(team), ctx.fig.result(team)
    assert amount_after(lines, "Total assets", at) == sheet.total_assets
    assert amount_after(lines, "less starting capital", at) == sheet.starting_capital
    assert amount_after(lines, "less bank debt", at) == sheet.bank_debt
    assert amount_after(lines, "less other debt", at) == sheet.other_debt
    label = "Result: profit" if sheet.profit >= 0 else "Result: loss"
    assert amount_after(lines, label, at) == sheet.profit == result["result"]
    assert find(lines[at:], r"^Rank (\d+) of (\d+)\.")[1] == str(result["rank"])
    standings = lines.index("Standings", at)
    ranked = [r["team"] for r in ctx.fig.results()]
    footer = lines.index("Playboss · Year-end game (ABC234)", standings)
    printed = [line for line in lines[standings:footer] if line in ranked]
    assert printed == ranked


def test_the_debrief_shows_the_engines_standings_and_key_figures() -> None:
    state = played(**GAMES["all steps, asset yield"]).state
    ctx = Ctx.of(meta_for(state), state)
    lines = [line for page in pages(debrief.build(ctx)) for line in page]
    teams = ctx.fig.teams
    results = ctx.fig.results()
    standings = lines.index("Standings · goal: Highest asset yield per year (profit / "
                            "balance-sheet total / years)")
    for r in results:
        name = r["team"] + (" (bankrupt)" if r["bankrupt"] else "")
        at = lines.index(name, standings)
        assert lines[at - 1] == str(r["rank"])
        assert num(lines[at + 1]) == r["result"]
        goal = ctx.fig.personal_goal(r["team"])
        assert goal and goal in lines[at:at + 9], "personal goal beside the result"
    side = lines.index("Key figures side by side")
    assert after(lines, "Result (profit or loss)", len(teams), side) == [
        f"{ctx.fig.sheet(t).profit:,}" for t in teams]
    assert after(lines, "Owned capital", len(teams), side) == [
        f"{ctx.fig.sheet(t).equity:,}" for t in teams]
    assert after(lines, "Sales to the market", len(teams), side) == [
        f"{ctx.fig.yields(t)['sales']:,}" for t in teams]
    assert "Owned capital at each year's end" in lines
    assert "Sale price of one finished unit" in lines
    assert "Price of one unit of raw material" in lines


# ====================================================================== every document
@pytest.mark.parametrize("name", list(DOCUMENTS))
def test_each_document_alone_is_an_a4_pdf_with_header_and_footer(name: str) -> None:
    state = played(**GAMES["taxes"]).state
    ctx = Ctx.of(meta_for(state), state)
    pdf = DOCUMENTS[name](ctx, "Blue", 1)
    reader = PdfReader(io.BytesIO(pdf))
    for number, page in enumerate(reader.pages, start=1):
        box = page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4
        text = page.extract_text()
        assert "Year-end game (ABC234)" in text
        assert f"Page {number} of {len(reader.pages)}" in text
        assert ("Blue" in text) or name == "debrief"
    assert reader.metadata is not None and reader.metadata.title


def test_a_year_statement_is_one_years_balance_sheet_profit_and_loss_and_taxes() -> None:
    state = played(**GAMES["taxes"]).state
    ctx = Ctx.of(meta_for(state), state)
    account = ctx.fig.account("Green", 2)
    pdf = year_statement(ctx, "Green", 2)
    assert page_count(pdf) == 1
    lines = pages(pdf)[0]
    check_year(lines, 0, account, ctx)
    assert "Year 2" in lines and "Green" in lines and "Year statement" in lines


def test_german_games_group_thousands_with_points() -> None:
    from django.utils import translation
    from django.utils.translation import gettext

    sheet = balance_sheet_from("Beispiel", machines_single=3, raw=1, finished=2, cash=1_000,
                               bank_debt=10_000, other_debt=2_000)
    meta = GameMeta(name="Planspiel", code="DEUTS1", language="de", seq=0)
    (lines,) = pages(balance_sheet.build_from_sheet(meta, sheet))
    with translation.override("de"):
        total, machines = gettext("Total"), gettext("Machines")
    assert after(lines, total, 3) == ["34.150", total, "34.150"]
    assert f"{machines} (3 × 10.000)" in lines


def test_a_running_game_says_so_and_shows_no_other_teams_results() -> None:
    """Mid-game the standings are the teacher's to show: a team's statements keep to its own
    figures, labelled "so far"."""
    log = played(**GAMES["taxes"]).log
    state = replay(log, at=len(log.entries) // 2)
    assert state.phase != "ended"
    ctx = Ctx.of(meta_for(state), state)
    lines = [line for page in pages(team_statements(ctx, "Red")) for line in page]
    assert "Result statement (the game is still running)" in lines
    assert "Standings" not in lines
    assert any("the game is still running" in line for line in lines)
    last = ctx.fig.accounts("Red")[-1]
    assert not last.closed and f"Year {last.year} (so far)" in lines


def test_names_the_pdf_fonts_cannot_draw_become_question_marks() -> None:
    sheet = balance_sheet_from("Füchse 🦊 <&>", cash=1_000)
    meta = GameMeta(name="Spiel <1> & 🎲", code="XYZ789", seq=0)
    (lines,) = pages(balance_sheet.build_from_sheet(meta, sheet))
    assert "Füchse ? <&>" in lines
    assert "Playboss · Spiel <1> & ? (XYZ789)" in lines


def write_mo(path: Any, messages: dict[str, str]) -> None:
    """A compiled gettext catalogue (the .mo format msgfmt writes)."""
    import struct

    catalogue = {"": "Content-Type: text/plain; charset=UTF-8\n", **messages}
    keys = sorted(catalogue)
    ids = strs = b""
    offsets = []
    for key in keys:
        k, v = key.encode(), catalogue[key].encode()
        offsets.append((len(ids), len(k), len(strs), len(v)))
        ids += k + b"\0"
        strs += v + b"\0"
    start = 7 * 4 + 16 * len(keys)
    id_table = b"".join(struct.pack("<2I", length, start + offset)
                        for offset, length, _o, _l in offsets)
    str_start = start + len(ids)
    str_table = b"".join(struct.pack("<2I", length, str_start + offset)
                         for _o, _l, offset, length in offsets)
    header = struct.pack("<7I", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + id_table + str_table + ids + strs)


def test_a_german_catalogue_translates_the_documents(settings: Any, tmp_path: Any) -> None:
    """Every label goes through gettext under the game's language: the day a German catalogue
    exists, the documents are German."""
    write_mo(tmp_path / "de" / "LC_MESSAGES" / "django.mo", {
        "Balance sheet %(when)s": "Bilanz %(when)s",
        "at the end of year %(year)d": "zum Ende des Jahres %(year)d",
        "Assets": "Aktiva",
        "Liabilities and owned capital": "Passiva",
        "Profit": "Gewinn",
        "Page %(page)s of %(pages)s": "Seite %(page)s von %(pages)s",
    })
    settings.LOCALE_PATHS = [tmp_path]
    state = played(**GAMES["taxes"]).state
    ctx = Ctx.of(meta_for(state, language="de"), state)
    account = ctx.fig.account("Green", 1)
    (lines,) = pages(year_statement(ctx, "Green", 1))
    assert "Bilanz zum Ende des Jahres 1" in lines
    assert after(lines, "Aktiva", 3) == ["Marks", "Passiva", "Marks"]
    assert "Seite 1 von 1" in lines
    total = f"{account.closing.total_assets:,}".replace(",", ".")
    assert after(lines, "Total", 3) == [total, "Total", total]


# ====================================================================== layout: no spilled pages
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", ["taxes", "all steps, asset yield"])
def test_no_years_statement_spills_onto_a_page_of_its_own(game: str, language: str) -> None:
    """Issue 13: a year's balance sheet, profit and loss and tax statement fit one page (the
    German catalogue's longer words too), and a team's pack has one page per year shown, the
    yield report and the final result - no almost empty page."""
    state = played(**GAMES[game]).state
    ctx = Ctx.of(meta_for(state, language=language), state)
    for team in state.teams:
        years = [a for a in ctx.fig.accounts(team) if shown(ctx, a)]
        for account in years:
            assert page_count(year_statement(ctx, team, account.year)) == 1, (
                team, account.year, language)
        pack = pages(team_statements(ctx, team))
        # a year statement and its analysis page per year, yield report and final result
        # (at most 3 pages), the notes' 3 pages
        assert len(pack) <= 2 * len(years) + 3 + 3, (team, [len(p) for p in pack])
        for page in pack:
            assert len(page) > 12, page  # header, footer and a few words: a spilled page


def test_a_game_ending_just_after_a_crossing_has_no_all_dash_year() -> None:
    """Issue 13: when the last year holds only the paid tax of the year before, the pack shows
    no page of dashes for it; its figures are in the final balance sheet."""
    state = played(**GAMES["taxes"]).state
    ctx = Ctx.of(meta_for(state), state)
    for team in state.teams:
        for account in ctx.fig.accounts(team):
            if not shown(ctx, account):
                assert not account.closed and not any(line.profit for line in account.lines)


def test_a_takeover_is_named_on_both_teams_pages_and_the_sold_team_says_so() -> None:
    """Rulebook, "4. Step: Taxation" (a business purchased and consolidated): the buyer's and
    the target's profit and loss name the takeover at book value and the price; the sold
    team's tax statement says why its year is not taxed (not "at the next crossing")."""
    from playboss.rules import GameConfig, apply, new_game
    from playboss.rules.actions import Purchase, Roll
    from playboss.rules.steps.takeover import AcceptTakeover, OfferTakeover, offers

    state = new_game(GameConfig(teams=("Red", "Blue", "Green"), first_team="Red",
                                dice="entered", years=None, steps=frozenset({4}),
                                market_fill=(0, 0, 0, 0, 5, 5, 5, 5)))
    apply(state, Roll("Red", die=6))
    apply(state, Purchase("Red", units=2))
    apply(state, OfferTakeover("Blue", target="Red", price=1_000))
    apply(state, AcceptTakeover("Red", offer=int(next(iter(offers(state))))))
    ctx = Ctx.of(meta_for(state), state)
    for team, sign in (("Red", -1), ("Blue", 1)):
        account = ctx.fig.accounts(team)[-1]
        lines = [line for page in pages(year_statement(ctx, team, account.year))
                 for line in page]
        check_year(lines, 0, account, ctx)
        by_key = {line.key: line for line in account.lines}
        assert by_key["takeover"].profit == sign * 19_600  # 19,300 cash and 2 raw at 150
        assert by_key["takeover_price"].profit == -sign * 1_000
        # issue 22: the bargain (the seller's loss) is its own line outside the operating
        # result, and the note says what the business was worth and what was paid
        label = "Gain on bargain purchase" if sign > 0 else "Loss on the business sold"
        assert after(lines, "Outside the operating result", 2) == [label, f"{sign * 18_600:,}"]
        assert account.operating_result == account.profit - sign * 18_600
        text = " ".join(lines)
        assert ("taken over for 1,000 Marks; its assets less its debts are worth 19,600"
                if sign > 0 else "sold for 1,000 Marks; its assets less its debts left the "
                "books at 19,600") in text
    red = [line for page in pages(year_statement(ctx, "Red", 1)) for line in page]
    assert any(line.startswith("The business was sold to Blue in this year") for line in red)
    assert not any("next crosses the start" in line for line in red)


def test_a_bankrupt_teams_pages_name_the_write_off_and_say_why_no_tax() -> None:
    """Rulebook, "Bankruptcy": the bank writes off what the business cannot pay; its pages
    name that line (not "Credit and loans") and do not promise a tax at the next crossing."""
    from playboss.rules import GameConfig
    from playboss.rules.simulate import play_game

    state, _ = play_game(GameConfig(teams=("Red", "Blue", "Green", "Yellow"), seed=4,
                                    years=3, steps=frozenset({4, 6})), "random")
    bankrupt = [t.name for t in state.teams.values() if t.bankrupt and t.sold_to is None]
    assert bankrupt, "no bankruptcy: the test would prove nothing"
    ctx = Ctx.of(meta_for(state), state)
    written_off = 0
    for team in bankrupt:
        account = ctx.fig.accounts(team)[-1]
        lines = [line for page in pages(year_statement(ctx, team, account.year))
                 for line in page]
        check_year(lines, 0, account, ctx)
        assert "The business went bankrupt in this year: the year is not taxed." in lines
        by_key = {line.key: line for line in account.lines}
        if "debt_written_off" in by_key:
            written_off += 1
            assert by_key["debt_written_off"].profit > 0
            assert "of which: Debts written off in bankruptcy" in lines
        assert "written off" not in by_key.get("financing", PnLLine("", "")).reasons
    assert written_off
