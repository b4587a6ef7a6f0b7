"""Reading games: views of the engine state for each viewer, the log, lists. No writes."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet

from playboss.rules import view
from playboss.rules.gamelog import FORMAT, VERSION
from playboss.rules.views import PUBLIC, viewers

from . import state_store
from .access import WORKERS
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
    return {"format": FORMAT, "version": VERSION, "config": game.config, "actions": entries}


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
#: A team's figures that every screen of the game shows (the table of the other teams).
PUBLIC_ROW = ("name", "position", "year", "machines", "raw", "finished", "web", "bankrupt")


def panel(game: Game, actor: str, ledger_page: int = 1) -> dict[str, Any]:
    """Everything one screen shows, read from one consistent state: the viewer's view, its
    moves now (the turn's, and those open at any time), and a page of its own books."""
    from playboss.rules import legal_choices

    from .consequences import why_missing
    from .presenters import DEAL_MOVES, bundle_text, form_for, pending_text

    def read(state: Any) -> dict[str, Any]:
        # The worker representative (step 6) sees what a player without a business sees,
        # whether the teacher or students play it: its own books, never the teams'.
        viewer = actor if actor in viewers(state) else PUBLIC
        data = view(state, viewer)
        choices = legal_choices(state, actor) if state.phase != "ended" else []
        # A team's own choices name their consequences (numbers read from this state).
        team = state.teams.get(actor)
        data["moves"] = [form_for(c, state, team) for c in choices if not c.any_time]
        forms = [form_for(c, state, team) for c in choices if c.any_time]
        data["why"] = why_missing(state, team, choices) if team is not None else []
        # Answers to a deal sit on the deal's card, not among the moves open at any time.
        data["any_time"] = [f for f in forms if f["type"] not in DEAL_MOVES]
        for deal in data["deals"]:
            deal["gives_text"] = bundle_text(deal["give"])
            deal["asks_text"] = bundle_text(deal["take"])
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
        data["pending_text"] = pending_text(data["pending"])
        data["teams_by_name"] = {t["name"]: t for t in data["teams"]}
        data["solvent"] = [t["name"] for t in data["teams"] if not t.get("bankrupt")]
        # What every team shows the others: the same for every screen of the game.
        data["table"] = [{key: t.get(key) for key in PUBLIC_ROW} for t in data["teams"]]
        data["mine"] = data["teams_by_name"].get(actor)
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
    sheet = mine.get("balance_sheet") or {}
    profit = int(sheet.get("profit") or 0)
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
