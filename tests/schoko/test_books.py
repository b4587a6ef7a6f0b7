"""``quote`` against ``apply`` on a copy for the moves listed in bot games, and the monthly
statements against the books (balance sheet, P&L, cash flow), month after month."""

from __future__ import annotations

import pytest

from playboss.schoko import (
    GameConfig,
    apply,
    balance_sheet,
    cash_flow,
    legal_actions,
    profit_and_loss,
    quote,
    waiting_for,
)
from playboss.schoko.bots import BOTS
from playboss.schoko.gamelog import GameLog
from playboss.schoko.simulate import play_game
from playboss.schoko.snapshot import state_to_dict


@pytest.mark.parametrize("seed, hidden", [(4, False), (5, True)])
def test_quote_equals_apply_on_a_copy_for_every_listed_move(seed: int, hidden: bool) -> None:
    _, state = GameLog.start(GameConfig(seed=seed, months=4, hidden_cocoa=hidden))
    bots = {n: BOTS["careful" if i % 2 else "random"](seed + i)
            for i, n in enumerate(state.teams)}
    bots["bank"] = BOTS["careful"](0)
    quoted = 0
    while state.phase != "ended":
        actor = waiting_for(state)[0]
        moves = legal_actions(state, actor)
        before = state_to_dict(state)
        for move in moves[:: max(1, len(moves) // 8)]:
            q = quote(state, move)
            trial = state.clone()
            entries = len(trial.books.entries)
            events = apply(trial, move)
            assert q["ok"], (move, q)
            assert q["events"] == [e["type"] for e in events]
            assert q["journal"] == [e.to_dict() for e in trial.books.entries[entries:]]
            team = trial.teams.get(move.actor)
            if team is not None:
                was = state.teams[move.actor]
                assert (q["cash"], q["cash_change"], q["cocoa"], q["chocolate"], q["loans"],
                        q["contracts"]) == (
                    team.cash, team.cash - was.cash, team.cocoa, team.chocolate, team.loans,
                    len(team.secretariat) + len(team.bookkeeping)), move
            quoted += 1
        assert state_to_dict(state) == before  # quoting changed nothing
        action, _ = bots[actor].choose(state, actor)
        apply(state, action)
    assert quoted > 300


@pytest.mark.parametrize("seed, hidden", [(6, False), (7, True)])
def test_monthly_statements_reconcile_with_the_books(seed: int, hidden: bool) -> None:
    _, state = play_game(GameConfig(seed=seed, months=8, hidden_cocoa=hidden),
                         ["careful", "random", "careful", "careful"])
    books = state.books
    for team in state.teams:
        equity_before, cash_before = 0, 0
        for month in range(1, state.month + 1):
            sheet = balance_sheet(books, team, month)
            assert sheet["total_assets"] == sheet["total_liabilities_and_equity"], (team, month)
            pnl = profit_and_loss(books, team, month)
            equity = sheet["equity"]["result"]
            capital_in = sum(e.amount for e in books.entries
                             if e.team == team and e.month == month and e.credit == "capital")
            assert pnl["result"] == equity - equity_before, (team, month)
            assert sheet["equity"]["capital"] - capital_in == (100_000 if month > 1 else 0)
            cash = sheet["assets"]["cash"]
            flow = cash_flow(books, team, month)
            assert flow["net"] == cash - cash_before, (team, month)
            assert flow["net"] == sum(flow["totals"].values())
            equity_before, cash_before = equity, cash
        # the last month's sheet is today's, and its cash the team's cash
        assert balance_sheet(books, team) == balance_sheet(books, team, state.month)
        assert cash_before == state.teams[team].cash
        whole = profit_and_loss(books, team)
        assert whole["result"] == equity_before
