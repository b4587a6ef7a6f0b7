"""Reading games: views of the engine state for each viewer, the log, lists. No writes."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet

from playboss.rules import (
    PUBLIC,
    WORKERS,
    Choice,
    RuleViolation,
    action_from_dict,
    legal_choices,
    log_to_dict,
    quote_values,
    rule_values,
    view,
    viewers,
    waiting_for,
)
from playboss.rules.journal import (
    ASSETS,
    CHART,
    LIABILITIES,
    all_entries,
    balances_of,
    sheet,
    t_account,
    team_journal,
)

from . import state_store
from .models import Classroom, Game, GameAction


def team_view(game: Game, viewer: str) -> dict[str, Any]:
    """What ``viewer`` (a team name, "bank" or "public") may see of the game now."""
    return state_store.read_state(game, lambda state: view(state, viewer))


def export_log(game: Game) -> dict[str, Any]:
    """The game in the engine's JSON log format (docs/game-log.md)."""
    entries = []
    for row in game.actions.filter(undone=False).order_by("seq"):
        entry = dict(row.action)
        if row.chance:
            entry["chance"] = row.chance
        entries.append(entry)
    return log_to_dict(game.config, entries)


def recent_actions(game: Game, limit: int = 50) -> QuerySet[GameAction]:
    return game.actions.filter(undone=False).order_by("-seq")[:limit]


def games_of(classroom: Classroom) -> QuerySet[Game]:
    return classroom.games.all().order_by("-created")


ACTION_LOG_PAGE = 20


def action_log(game: Game, page: int = 1) -> Page[GameAction]:
    """A page of the live log, newest first (the bank console's undo list)."""
    return Paginator(game.actions.filter(undone=False).order_by("-seq"),
                     ACTION_LOG_PAGE).get_page(page)


LEDGER_PAGE = 25
#: The moves open at any time that raise cash (credit, selling back to the bank): shown in
#: "Your move" when the game waits for a payment the team's cash does not cover.
CASH_MOVES = frozenset({"take_credit", "sell_back"})
#: A team's figures that every screen of the game shows (the table of the other teams).
PUBLIC_ROW = ("name", "position", "year", "machines", "raw", "finished", "web", "bankrupt")


def panel(game: Game, actor: str, ledger_page: int = 1) -> dict[str, Any]:
    """Everything one screen shows, read from one consistent state: the viewer's view, its
    moves now (the turn's, and those open at any time), and a page of its own books."""
    from .presenters import DEAL_MOVES, bundle_text, form_for, pending_text
    from .why import why_lines

    def read(state: Any) -> dict[str, Any]:
        # The worker representative (step 6) sees what a player without a business sees,
        # whether the teacher or students play it: its own books, never the teams'.
        viewer = actor if actor in viewers(state) else PUBLIC
        data = view(state, viewer)
        choices = legal_choices(state, actor) if state.phase != "ended" else []
        # A team's own choices name their consequences (numbers read from this state).
        team = state.teams.get(actor)
        data["moves"] = [form_for(c, state, team, data) for c in choices if not c.any_time]
        forms = [form_for(c, state, team, data) for c in choices if c.any_time]
        data["why"] = why_lines(state, team, choices) if team is not None else []
        # Answers to a deal sit on the deal's card, not among the moves open at any time.
        data["any_time"] = [f for f in forms if f["type"] not in DEAL_MOVES]
        data["due"] = None
        if team is not None and not data["moves"] and actor in waiting_for(state):
            # The game waits for this team, and its turn lists no move of its own: a payment
            # the cash does not cover (the rulebook: take a loan or sell back to raise it).
            # The moves open at any time that raise cash are its way out, so "Your move"
            # shows them, with what is due (issue 21).
            raising = [f for f in data["any_time"] if f["type"] in CASH_MOVES] \
                or data["any_time"]
            data["any_time"] = [f for f in data["any_time"] if f not in raising]
            # Shown as the turn's own moves (a primary button): they are what the game waits
            # for now.
            data["moves"] = [dict(f, any_time=False) for f in raising]
            head = data.get("pending") or {}
            if head.get("amount"):
                data["due"] = {"amount": head["amount"], "reason": head.get("reason") or "",
                               "cash": team.cash,
                               "short": max(0, head["amount"] - team.cash)}
        for deal in data["deals"]:
            deal["gives_text"] = bundle_text(deal["give"])
            deal["asks_text"] = bundle_text(deal["take"])
            deal.setdefault("due", None)  # the loan's due date, if agreed (the engine's view)
            deal["moves"] = [f for f in forms if f["type"] in DEAL_MOVES
                             and f["fixed"].get("deal") == deal["id"]]
        if actor in state.teams or actor == WORKERS:
            mine = [e for e in state.ledger.entries if actor in (e.source, e.target)]
            pages = max(1, -(-len(mine) // LEDGER_PAGE))
            page = min(max(1, ledger_page), pages)
            newest_first = mine[::-1][(page - 1) * LEDGER_PAGE: page * LEDGER_PAGE]
            data["ledger"] = {
                "page": page, "pages": pages, "count": len(mine),
                "entries": [{
                    "seq": e.seq, "kind": e.kind, "reason": e.reason,
                    "qty": e.qty if e.target == actor else -e.qty,
                    "other": e.source if e.target == actor else e.target,
                } for e in newest_first],
            }
        data["me"] = actor
        data["rules"] = rule_values(state.config)  # rule numbers the page's sentences name
        data["pending_text"] = pending_text(data["pending"])
        data["teams_by_name"] = {t["name"]: t for t in data["teams"]}
        data["solvent"] = [t["name"] for t in data["teams"] if not t.get("bankrupt")]
        # What every team shows the others: the same for every screen of the game.
        data["table"] = [{key: t.get(key) for key in PUBLIC_ROW} for t in data["teams"]]
        data["mine"] = data["teams_by_name"].get(actor)
        # The green WEB field explains what a chip is for, one line a use (issue 21), with
        # the engine's numbers, on the screen of the team that stands on it.
        head = data.get("pending") or {}
        data["web_uses"] = (data["rules"]["web"] if team is not None and head.get("kind") ==
                            "green" and actor in data["waiting_for"] else None)
        # Step 5: whether the team may still write its personal goal -- the engine's answer
        # (a quote of the move), not the site's reading of the rule.
        data["goal_open"] = None
        if team is not None and data.get("goal") is not None and state.phase != "ended":
            goal = action_from_dict({"type": "personal_goal", "actor": actor, "text": "?"})
            try:
                quote_values(state, actor, Choice(type(goal), {"text": "?"}))
            except RuleViolation:
                pass
            else:
                data["goal_open"] = {"written": bool(data["goal"].get("personal_goal"))}
        return data

    return state_store.read_state(game, read)


# ====================================================================== a team's own game
def team_news(game: Game, team: str) -> list[dict[str, Any]]:
    """The events that concern ``team``, newest first (``classroom.news``: one feed per game
    and process, caught up by one small query per revision, not a query per screen)."""
    from .news import team_news as news_of

    return news_of(game, team)


def team_game(game: Game, team: str, data: dict[str, Any]) -> dict[str, Any]:
    """What a team's status bar says of the game beyond the board (issue 10): year X of Y,
    the goal and the figure it is judged by, and -- in the sales goals, where every team's
    sales are on the table (step 5's view) -- how it ranks. From the game's set-up and the
    team's own view (``data``: ``panel``'s), never another team's books."""
    config = game.config
    mine = data.get("mine") or {}
    years = config.get("years")
    year = int(mine.get("year") or 0) + 1
    goal = str(config.get("goal") or "profit")
    own_sheet = mine.get("balance_sheet") or {}
    profit = int(own_sheet.get("profit") or 0)
    sales = int(mine.get("sales_total") or 0)
    facts: dict[str, Any] = {
        # After time is called the round is played out: a team may begin a year beyond.
        "year": min(year, years) if years else year, "years": years, "goal": goal,
        "profit": profit, "sales": sales, "target": config.get("sales_target"),
        "sales_goal": goal != "profit",
        "sales_yield": round(100 * profit / sales, 1) if sales else None,
    }
    # Step 5: the team's own personal goal (its view holds its own only).
    facts["personal_goal"] = str((data.get("goal") or {}).get("personal_goal") or "")
    if goal == "first_to_sales":
        by_team = (data.get("goal") or {}).get("sales") or {}
        if team in by_team:
            facts["rank"] = 1 + sum(1 for v in by_team.values() if v > by_team[team])
            facts["of"] = len(by_team)
    return facts


# ====================================================================== a team's journal
#: The booking card shows the team's last moves that touched its books.
BOOKING_MOVES = 3
#: The Books page lists at most this many journal entries (newest first) after its filters.
BOOKS_ROWS = 300
#: Rows a T-account on the Books page lists when no account is chosen: the latest, under a line
#: that counts the earlier ones and links to the account in full.
T_ROWS = 6
#: Journal entries the projector shows of a team's books: what fits in type read from the back.
PROJECTOR_JOURNAL_ROWS = 6


def _booking_entry(entry: Any) -> dict[str, Any]:
    return {"seq": entry.seq, "year": entry.year, "reason": entry.reason, "line": entry.line,
            "debits": [(p.account, p.amount) for p in entry.debits],
            "credits": [(p.account, p.amount) for p in entry.credits], "note": entry.note}


def _sheet_rows(before: dict[str, int] | None, after: dict[str, int]) -> list[dict[str, Any]]:
    """The balance sheet's lines (assets, total, liabilities and capital, the result brought
    forward and the current year's result apart, total), each with its value before and after
    and whether it changed."""
    order = [*ASSETS, "total_assets", *LIABILITIES, "brought_forward", "year_result",
             "total_liabilities"]
    return [{"code": code, "after": after[code],
             "before": before[code] if before is not None else None,
             "changed": before is not None and before[code] != after[code],
             "total": code.startswith("total")} for code in order]


def _t_rows(t: Any, whole: bool) -> dict[str, Any]:
    """A T-account with its postings, debit and credit side by side ("rows"); unless ``whole``
    only the latest ``T_ROWS`` of each side and how many postings came before ("earlier")."""
    from itertools import zip_longest

    debit = [(r.seq, r.contra, r.amount) for r in t.debit]
    credit = [(r.seq, r.contra, r.amount) for r in t.credit]
    earlier = 0
    if not whole:
        earlier = max(0, len(debit) - T_ROWS) + max(0, len(credit) - T_ROWS)
        debit, credit = debit[-T_ROWS:], credit[-T_ROWS:]
    return {"account": t.account, "debit_total": t.debit_total,
            "credit_total": t.credit_total, "balance": t.balance,
            "rows": list(zip_longest(debit, credit)), "earlier": earlier}


def booking_card(state: Any, team: str) -> dict[str, Any]:
    """The booking card's data from an engine state (``team_booking`` reads it from the cached
    state; tests read it from positions built by hand)."""
    if team not in state.teams:
        return {}
    journal = team_journal(state, team)
    entries = journal.entries
    moves: list[dict[str, Any]] = []
    end = len(entries)
    while end > 0 and len(moves) < BOOKING_MOVES:
        seq, start = entries[end - 1].seq, end
        while start > 0 and entries[start - 1].seq == seq:
            start -= 1
        moves.append({"seq": seq, "entries": [_booking_entry(e) for e in entries[start:end]]})
        end = start
    if not moves:
        return {"moves": [], "sheet": []}
    before = dict(journal.balances)
    for entry in moves[0]["entries"]:
        for account, amount in entry["debits"]:
            before[account] -= amount
        for account, amount in entry["credits"]:
            before[account] += amount
    return {"moves": moves, "sheet": _sheet_rows(sheet(before), sheet(journal.balances))}


def team_booking(game: Game, team: str) -> dict[str, Any]:
    """The booking card (issue 13): the team's last moves as journal entries, and the balance
    sheet before and after the last of them. Reads the team's journal kept with the cached
    state, so a move costs only its own entries."""
    return state_store.read_state(game, lambda state: booking_card(state, team))


def books_of(state: Any, team: str, *, account: str = "", year: int | None = None,
             at: int | None = None) -> dict[str, Any]:
    """A team's Books page from an engine state (``team_books`` reads it from the cached
    state): its journal (filtered by account and year, newest first), its T-accounts (the
    chosen account's postings in full, else every account's latest ``T_ROWS``) and its
    balance sheet after move ``at`` (the latest when None)."""
    entries = all_entries(state, team)
    used = {a for e in entries for a in e.accounts()}
    accounts = [a for a in CHART if a in used] + sorted(used - set(CHART))
    years = sorted({e.year for e in entries})
    shown = [e for e in entries if (not account or account in e.accounts())
             and (year is None or e.year == year)]
    last = entries[-1].seq if entries else 0
    seq = last if at is None else min(max(0, at), last)
    before = [e for e in entries if e.seq < seq]
    tees = [t_account(entries, a) for a in ([account] if account in used else accounts)]
    return {
        "team": team, "accounts": accounts, "years": years, "account": account,
        "year": year, "at": seq, "last": last, "count": len(shown),
        "journal": [_booking_entry(e) for e in shown[::-1][:BOOKS_ROWS]],
        "t_accounts": [_t_rows(t, whole=account in used) for t in tees],
        "sheet": _sheet_rows(sheet(balances_of(before)),
                             sheet(balances_of(entries, seq))),
        "rules": rule_values(state.config),  # the values its sentences name
    }


def team_books(game: Game, team: str, *, account: str = "", year: int | None = None,
               at: int | None = None) -> dict[str, Any]:
    """A team's Books page (``books_of``) from the game's cached state."""
    return state_store.read_state(
        game, lambda state: books_of(state, team, account=account, year=year, at=at))


def projector_books(game: Game) -> dict[str, Any] | None:
    """The books the bank director put on the projector (``Game.projector_focus``), as they
    stood after the chosen move (the latest when none): the newest journal entries, every
    account's T (totals and balance) and the balance sheet, the last booked move's changes
    highlighted. None when the projector shows the board."""
    team, chosen = game.projector_focus, game.projector_focus_move

    def read(state: Any) -> dict[str, Any] | None:
        if not team or team not in state.teams:
            return None
        upto = state.seq if chosen is None else min(chosen, state.seq)
        entries = [e for e in all_entries(state, team) if e.seq <= upto]
        booked = entries[-1].seq if entries else None  # the team's last booking up to upto
        used = {a for e in entries for a in e.accounts()}
        tees = [t_account(entries, a) for a in
                [a for a in CHART if a in used] + sorted(used - set(CHART))]
        before = balances_of([e for e in entries if e.seq != booked]) if entries else None
        return {
            "team": team, "at": upto, "latest": chosen is None, "booked": booked,
            "year": entries[-1].year if entries else None, "count": len(entries),
            "journal": [_booking_entry(e) for e in entries[::-1][:PROJECTOR_JOURNAL_ROWS]],
            "t_accounts": [{"account": t.account, "debit_total": t.debit_total,
                            "credit_total": t.credit_total, "balance": t.balance}
                           for t in tees],
            "sheet": _sheet_rows(sheet(before) if before is not None else None,
                                 sheet(balances_of(entries))),
        }

    return state_store.read_state(game, read)
