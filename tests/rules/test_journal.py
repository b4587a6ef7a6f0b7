"""The journal: the ledger as double-entry bookings that reproduce every statement."""

from __future__ import annotations

import bisect

import pytest

from playboss.rules import GameConfig
from playboss.rules import actions as A
from playboss.rules import journal as J
from playboss.rules.accounts import sheet_at, year_accounts
from playboss.rules.actions import Correction
from playboss.rules.simulate import play_game
from playboss.rules.state import GameState
from playboss.rules.statements import balance_sheet
from playboss.rules.steps.takeover import AcceptTakeover, OfferTakeover
from tests.rules import helpers as H

#: The journal's sheet line → the statements' BalanceSheet field.
FIELDS = {"machines": "machines_value", "computers": "computers_value", "raw": "raw_value",
          "finished": "finished_value", "loans_given": "loans_given", "bank": "cash",
          "bank_loans": "bank_debt", "other_loans": "other_debt",
          "capital": "starting_capital", "total_assets": "total_assets"}


def booked(entry: J.JournalEntry) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    return ([(p.account, p.amount) for p in entry.debits],
            [(p.account, p.amount) for p in entry.credits])


def entries_of(state: GameState, team: str, seq: int) -> list[J.JournalEntry]:
    return [e for e in J.all_entries(state, team) if e.seq == seq]


GAMES = [("sensible", seed) for seed in (1, 2, 7)] + [("random", seed) for seed in (1, 5)]


@pytest.mark.parametrize(("bot", "seed"), GAMES)
def test_the_journal_reproduces_the_ledger_and_every_statement(bot: str, seed: int) -> None:
    """Rulebook I, "Explanations: Financial Statement and Profit": bot games with all six
    steps - every entry balances; the T-accounts at sampled moves are the balance sheet; the
    year-end sheets (with step 4's tax due) and every P&L line of every year are the accounts'
    balances."""
    state, _ = play_game(GameConfig(teams=("A", "B", "C", "D", "E", "F"), seed=seed, years=3,
                                    steps=frozenset({1, 2, 3, 4, 5, 6})), bot)
    seqs = [e.seq for e in state.ledger.entries]
    sampled = sorted(set(seqs))[::23] + [seqs[-1]]
    for team in state.teams:
        entries = J.all_entries(state, team)
        assert entries and all(e.balanced and e.total > 0 for e in entries), team
        assert all(p.amount > 0 and isinstance(p.amount, int)
                   for e in entries for p in e.debits + e.credits)
        for seq in sampled:
            ref = sheet_at(state, state.teams[team], bisect.bisect_right(seqs, seq), None)
            got = J.sheet(J.balances_of(J.team_journal(state, team).entries, seq))
            assert {k: got[k] for k in FIELDS} == {k: getattr(ref, f)
                                                   for k, f in FIELDS.items()}, (team, seq)
            # Tax due is a liability the ledger does not hold: the ledger's profit is before it.
            assert got["profit"] + got["tax_due"] == ref.profit, (team, seq)
        years = year_accounts(state, team)
        for year in years:
            upto = [e for e in entries if e.year <= year.year]
            got = J.sheet(J.balances_of(upto))
            closing = year.closing
            assert {k: got[k] for k in FIELDS} == {k: getattr(closing, f)
                                                   for k, f in FIELDS.items()}
            assert (got["tax_due"], got["profit"]) == (closing.tax_due, closing.profit)
            assert got["total_assets"] == got["total_liabilities"]
            pnl: dict[str, int] = {}
            for entry in entries:
                if entry.year == year.year and entry.line != J.CLOSING:
                    for account, amount in entry.changes().items():
                        line = J.pnl_line(account)
                        if line is not None:
                            pnl[line] = pnl.get(line, 0) - amount
            assert {k: v for k, v in pnl.items() if v} == {
                line.key: line.profit for line in year.lines if line.profit}, (team, year.year)


def test_a_purchase_books_raw_material_at_150_and_the_rest_as_cost() -> None:
    """Rulebook I, "1. Decision: Purchasing": 2 units for 700 are raw material at 150 each
    (the statements' valuation); the other 400 are the year's cost of raw material."""
    state = H.game()
    H.play(state, A.Roll("Red", die=6), A.Purchase("Red", units=2))
    (entry,) = entries_of(state, "Red", state.seq)
    assert booked(entry) == ([("raw", 300), ("pl:raw_material", 400)], [("bank", 700)])
    assert entry.note == "raw_material" and entry.reason == "purchase"


def test_an_investment_on_credit_is_two_entries() -> None:
    """Rulebook I, "2. Decision: Investment": a machine for 10,000, 5,000 of it on bank
    credit - "Bank 5,000 / Bank loans 5,000" and "Machines 10,000 / Bank 10,000"."""
    state = H.machine_game()
    seq = next(e.seq for e in state.ledger.entries if e.reason == "investment")
    assert [booked(e) for e in entries_of(state, "Red", seq)] == [
        ([("bank", 5_000)], [("bank_loans", 5_000)]),
        ([("machines", 10_000)], [("bank", 10_000)]),
    ]


def test_production_books_finished_goods_at_1500_and_the_production_result() -> None:
    """Rulebook I, "3. Decision: Producing": a unit made of raw material (150) and 1,000 of
    costs is a finished unit worth 1,500; the 350 between is the production result."""
    state = H.finished_game()
    seq = max(e.seq for e in state.ledger.entries if e.reason == "production")
    (entry,) = entries_of(state, "Red", seq)
    assert booked(entry) == ([("finished", 1_500)],
                             [("raw", 150), ("bank", 1_000), ("pl:production", 350)])
    assert entry.note == "production"


def test_a_sale_books_the_price_against_finished_goods_at_1500() -> None:
    """Rulebook I, "4. Decision: Selling": the price comes into the bank, the unit leaves the
    stock at 1,500, the difference is the sales result."""
    state = H.finished_game()
    H.turn_to(state, "Red", "R", A.Sell("Red", units=1))
    (sale,) = [e for e in state.ledger.entries if e.reason == "sale" and e.kind == "cash"]
    (entry,) = entries_of(state, "Red", sale.seq)
    assert booked(entry) == ([("bank", sale.qty)],
                             [("finished", 1_500), ("pl:sales_market", sale.qty - 1_500)])


def test_interest_is_an_expense_paid_from_the_bank() -> None:
    """Rulebook I, "Lines of Credit": interest on bank credit - "Interest 500 / Bank 500"."""
    state, _ = play_game(GameConfig(teams=("A", "B", "C"), seed=1, years=2), "random")
    paid = next(e for e in state.ledger.entries if e.reason == "interest")
    entry = next(e for e in entries_of(state, paid.source, paid.seq) if e.line == "interest")
    assert entry.debits == (J.Posting("pl:interest", entry.total),)
    assert entry.credits == (J.Posting("bank", entry.total),)
    assert entry.total >= paid.qty


def test_tax_is_the_closed_years_expense_and_a_liability_until_paid() -> None:
    """Rulebook I, "The Start Field": with step 4 the year's tax is booked when the year closes
    ("Tax on the year's profit / Tax due") and paying it settles the debt ("Tax due / Bank")."""
    state, _ = play_game(GameConfig(teams=("A", "B", "C", "D", "E", "F"), seed=7, years=3,
                                    steps=frozenset({1, 2, 3, 4, 5, 6})), "sensible")
    team, record = next((t.name, r) for t in state.teams.values()
                        for r in t.step.get("tax_years", []) if r["tax"] > 0)
    entries = J.all_entries(state, team)
    accrual = next(e for e in entries if e.line == "taxes" and e.year == record["year"])
    assert booked(accrual) == ([("pl:taxes", record["tax"])], [("tax_due", record["tax"])])
    paid = next(e for e in entries if e.reason == "tax" and e.seq >= accrual.seq)
    assert booked(paid) == ([("tax_due", record["tax"])], [("bank", record["tax"])])


def test_a_takeover_books_the_business_bought_and_the_price() -> None:
    """Rulebook I, "Private Business between Players": Red buys Blue's business (15,000 of
    cash) for 12,000 - the business's assets at book value, then the price paid."""
    state = H.new_game(GameConfig(teams=("Red", "Blue", "Green"), first_team="Red",
                                  dice="entered", steps=frozenset({4}), years=None))
    H.play(state, Correction("bank", team="Blue", amount=-5_000, reason="a loss"))
    H.play(state, OfferTakeover("Red", target="Blue", price=12_000))
    H.play(state, AcceptTakeover("Blue", offer=int(next(iter(state.step["takeovers"])))))
    assert [booked(e) for e in entries_of(state, "Red", state.seq)] == [
        ([("bank", 15_000)], [("pl:takeover", 15_000)]),
        ([("pl:takeover_price", 12_000)], [("bank", 12_000)]),
    ]
    assert [booked(e) for e in entries_of(state, "Blue", state.seq)] == [
        ([("pl:takeover", 15_000)], [("bank", 15_000)]),
        ([("bank", 12_000)], [("pl:takeover_price", 12_000)]),
    ]


def test_a_bankruptcy_sells_the_assets_writes_off_debts_and_changes_a_lender() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": Red's assets leave at
    book value and bring 11,500; its unpaid private debt is written off; Green, who owed Red
    5,000, now owes the bank ("Other loans 5,000 / Bank loans 5,000")."""
    state, _ = H.bankrupt_red()
    seq = state.seq
    red = {e.line: booked(e) for e in entries_of(state, "Red", seq)}
    assert red["bankruptcy"] == ([("bank", 11_500), ("pl:bankruptcy", 5_000)],
                                 [("machines", 10_000), ("raw", 1_500), ("loans_given", 5_000)])
    assert red["debt_written_off"] == ([("other_loans", 4_000)],
                                       [("pl:debt_written_off", 4_000)])
    assert [booked(e) for e in entries_of(state, "Green", seq)] == [
        ([("other_loans", 5_000)], [("bank_loans", 5_000)])]


@pytest.mark.parametrize(("steps", "bot", "seed"), [
    (frozenset(), "sensible", 1), (frozenset({4}), "sensible", 2),
    (frozenset({4, 6}), "sensible", 3), (frozenset({1, 2, 3, 4, 5, 6}), "random", 5)])
def test_the_closing_entries_close_every_pl_account_into_equity(steps: frozenset[int], bot: str,
                                                                seed: int) -> None:
    """Rulebook I, "Explanations: Financial Statement and Profit" (issue 22, the closing
    entries, Abschlussbuchungen): at each year's end the closing entries bring every income
    and expense account and the P&L account to zero, and the result brought forward to the
    balance sheet's profit at that year's end (after step 4's tax); the year's result on the
    journal's sheet is then the next year's profit alone."""
    state, _ = play_game(GameConfig(teams=("A", "B", "C", "D"), seed=seed, years=3,
                                    steps=steps), bot)
    closed = 0
    for team in state.teams:
        entries = J.all_entries(state, team)
        years = year_accounts(state, team)
        for year in years:
            closing = [e for e in entries if e.line == J.CLOSING and e.year == year.year]
            if not year.closed:
                assert not closing, (team, year.year)
                continue
            closed += 1
            assert closing and all(e.balanced and e.reason in J.CLOSING_REASONS
                                   for e in closing)
            last = entries.index(closing[-1])
            balances = J.balances_of(entries[:last + 1])
            assert {a: v for a, v in balances.items()
                    if (a.startswith(J.PNL_PREFIX) or a == J.PNL_ACCOUNT) and v} == {}
            assert -balances.get(J.RETAINED, 0) == year.closing.profit, (team, year.year)
            got = J.sheet(balances)
            assert (got["brought_forward"], got["year_result"]) == (year.closing.profit, 0)
            assert got["capital"] + got["brought_forward"] == \
                year.closing.equity
            assert got["total_assets"] == got["total_liabilities"]
            # nothing of the next year comes before the year's closing entries
            assert all(e.year <= year.year for e in entries[:last + 1])
        got = J.sheet(J.balances_of(entries))
        final = balance_sheet(state, team)
        assert got["profit"] == final.profit - got["tax_due"] + final.tax_due
        if years[-1].closed is False and len(years) > 1:
            assert got["brought_forward"] == years[-2].closing.profit
    assert closed, "no year closed: the test would prove nothing"
