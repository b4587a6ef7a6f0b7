"""Step 5: Various game goals.

The base model's goal (the most profit when time is up) may be replaced by one of four
variants (``GameConfig.goal``):

- ``first_to_sales``: the first team whose sales reach ``sales_target`` is the market leader
  and wins; the game ends at once.
- ``sales_then_profit``: the game ends when a team reaches the sales target (the current round
  is played out, as at the end of time); the highest profit wins.
- ``sales_yield``: ends like the one before; the highest sales yield = total profit / total
  sales wins.
- ``asset_yield``: ends like the one before; the highest asset yield = total profit /
  balance-sheet total, divided by the laps the team played (partial laps counted), wins.

Sales are what a team sold to the market (red field, cost field at half price, the free market
of step 1, marketing organizations of step 3), tracked by the bank as the game runs. Each team
may write down a personal goal before its first roll; it is shown beside its result.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ..actions import Action
from ..errors import RuleViolation
from ..ruleset import RulePart
from ..state import GameState, Team
from ..statements import balance_sheet
from ..turn import ALL, Turn
from .common import enabled

STEP = 5
RULE = "5. Step: Various Game Goals"
GOAL_TITLES = {
    "profit": "Highest profit when time is up",
    "first_to_sales": "First to reach the sales target",
    "sales_then_profit": "Highest profit once a team reaches the sales target",
    "sales_yield": "Highest sales yield (profit / sales)",
    "asset_yield": "Highest asset yield per year (profit / balance-sheet total / years)",
}
#: The longest personal goal a team may write down, in characters.
PERSONAL_GOAL_MAX = 200
FORMULAS = {
    "sales_yield": "Sales yield = total profit / total sales",
    "asset_yield": "Asset yield = total profit / balance-sheet total / years played",
}


@dataclass(frozen=True, slots=True)
class SetPersonalGoal(Action):
    """A team writes down its personal goal (before its first roll)."""

    type: ClassVar[str] = "personal_goal"
    text: str = ""



def check_personal_goal(state: GameState, action: SetPersonalGoal) -> tuple[Team, str]:
    """The team and its goal, stripped."""
    if not enabled(state, 5):
        raise RuleViolation("Step 5 (various game goals) is not played in this game.", RULE,
                            code="step_off", params={"step": 5})
    team = state.teams[action.actor]
    text = action.text.strip() if isinstance(action.text, str) else ""
    if not text or len(text) > PERSONAL_GOAL_MAX:
        raise RuleViolation(f"Write your personal goal in 1 to {PERSONAL_GOAL_MAX} characters.",
                            RULE, code="personal_goal_length",
                            params={"most": PERSONAL_GOAL_MAX})
    if team.rolls:
        raise RuleViolation("The personal goal is written down at the start of the game, "
                            "before your first roll.", RULE, code="personal_goal_too_late")
    return team, text


def _personal_goal(turn: Turn, action: SetPersonalGoal) -> None:
    team, text = check_personal_goal(turn.state, action)
    team.step["personal_goal"] = text
    turn.emit("personal_goal", ALL, team=team.name)



def _on_sale(turn: Turn, team: Team, revenue: int) -> None:
    state = turn.state
    if not enabled(state, 5) or state.phase == "ended":
        return
    goal = state.config.goal
    target = state.config.sales_target
    if goal == "profit" or team.sales_total < target:
        return
    if goal == "first_to_sales":
        state.step["goal_winner"] = team.name
        turn.emit("market_leader", ALL, team=team.name, sales=team.sales_total)
        state.step["end_now"] = True  # the engine ends the game once this action is done
    elif not state.time_called:
        state.time_called = True
        turn.emit("time_up", ALL, team=team.name, why="sales", sales=team.sales_total)



def laps_played(state: GameState, team: Team) -> Fraction:
    return Fraction(team.fields_moved, len(state.config.board))


def yields(state: GameState, team: Team, profit: int, total_assets: int) -> dict[str, Any]:
    """Sales yield and asset yield (per lap) of a team, exact as fractions, by the rulebook's
    formulas (for a loss too: how ``rank`` uses them then is the setting ``yield_losses``)."""
    sales = team.sales_total
    laps = laps_played(state, team)
    sales_yield = Fraction(profit, sales) if sales else None
    asset = Fraction(profit, total_assets) if total_assets > 0 else None
    per_lap = asset / laps if asset is not None and laps else None
    return {"sales": sales, "laps": laps, "sales_yield": sales_yield, "asset_yield": asset,
            "asset_yield_per_lap": per_lap}


def _ratio(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 6)


def rank(state: GameState, rows: list[dict[str, Any]]) -> None:
    """Order the result rows by the game's goal and add each team's figures to its row
    (``PART.ranking``: the final results of a game with step 5)."""
    goal = state.config.goal
    keys: dict[str, tuple[Any, ...]] = {}
    for row in rows:
        team = state.teams[row["team"]]
        sheet = balance_sheet(state, team.name)
        y = yields(state, team, sheet.profit, sheet.total_assets)
        row.update({
            "sales": y["sales"],
            "laps": round(float(y["laps"]), 4),
            "sales_yield": _ratio(y["sales_yield"]),
            "asset_yield": _ratio(y["asset_yield"]),
            "asset_yield_per_lap": _ratio(y["asset_yield_per_lap"]),
            "personal_goal": team.step.get("personal_goal", ""),
            "goal": goal,
        })
        measure: Any = {
            "profit": Fraction(sheet.profit),
            "first_to_sales": Fraction(sheet.profit),
            "sales_then_profit": Fraction(sheet.profit),
            "sales_yield": y["sales_yield"],
            "asset_yield": y["asset_yield_per_lap"],
        }[goal]
        leader = goal == "first_to_sales" and state.step.get("goal_winner") == team.name
        loss_behind = (goal in FORMULAS and state.config.yield_losses == "behind"
                       and sheet.profit < 0)
        if loss_behind:
            # A yield of a loss grows the smaller the business (-1,900 % of a few Marks left,
            # so -20,750 would rank above -17,250): losses rank behind every profit, by size.
            measure = Fraction(sheet.profit)
        row["rank_figure"] = ("result" if loss_behind or goal not in FORMULAS
                              else "asset_yield_per_lap" if goal == "asset_yield"
                              else "sales_yield")
        # A team without a yield (no sales, or no assets) ranks behind those with one.
        keys[team.name] = (team.bankrupt and team.sold_to is None, not leader, loss_behind,
                           measure is None, -(measure if measure is not None else 0), team.seat)
    rows.sort(key=lambda r: keys[r["team"]])
    for position, row in enumerate(rows, start=1):
        row["rank"] = position


def _goal_view(state: GameState, viewer: str) -> dict[str, Any]:
    if not enabled(state, 5):
        return {}
    out: dict[str, Any] = {"goal": {"variant": state.config.goal,
                                    "title": GOAL_TITLES[state.config.goal],
                                    "sales_target": state.config.sales_target,
                                    "formula": FORMULAS.get(state.config.goal, ""),
                                    "sales": {t.name: t.sales_total
                                              for t in state.teams.values()}}}
    if viewer in state.teams:
        out["goal"]["personal_goal"] = state.teams[viewer].step.get("personal_goal", "")
    return out



PART = RulePart(
    name="step 5: various game goals",
    enabled=lambda config: STEP in config.steps,
    handlers={SetPersonalGoal: _personal_goal},
    checks={SetPersonalGoal: check_personal_goal},
    hooks={"sale": (_on_sale,)},
    views=(_goal_view,),
    ranking=rank,
)
