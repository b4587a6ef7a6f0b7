"""Why the sensible bot makes a move: a reason as a code and its params, no words.

Like a ``RuleViolation`` (code + params), a ``Reason`` carries no language: the site tells it
in the page's language from its catalogue (``classroom/texts/bot_reasons.py``), which has an
entry for every code in ``REASON_CODES`` (``tests/test_bot_reasons.py``).

The reason is read from the state and the move the bot chose, after it chose: explaining
never draws from the bot's generator nor changes what ``choose`` returns, so the bots' figures
in docs/benchmarks.md stay as they are. The reason restates the judgement the bot used
(``SensibleBot``'s ``Style`` and helpers), so it names the numbers the bot looked at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..actions import (
    Action,
    BuyWeb,
    CostChoice,
    Efficiency,
    Invest,
    Pass,
    Produce,
    Purchase,
    RenewLease,
    RepayCredit,
    Roll,
    Sell,
    SellBack,
    TakeCredit,
    WriteOff,
)
from ..constants import IDLE_COST, MACHINE_PRICE, WEB_INSURANCE
from ..legal import legal_choices

if TYPE_CHECKING:
    from ..state import GameState, Team
    from .sensible import SensibleBot


class Reason(NamedTuple):
    """``code`` names the reason (snake_case, stable); ``params`` the numbers it speaks of."""

    code: str
    params: dict[str, Any]


#: Every code ``reason_for`` can give, with the param names each comes with.
REASON_CODES: dict[str, tuple[str, ...]] = {
    "roll": (),
    "first_machine": ("credit",),
    "more_machines": ("machines", "credit"),
    "produce": ("units", "machines"),
    "sell_price_pays": ("units", "floor"),
    "sell_for_cash": ("units", "reserve"),
    "sell_late": ("units",),
    "buy_raw": ("units", "machines", "productions"),
    "pass_red": ("reserve",),
    "pass_wait_white": ("fields",),
    "pass_no_machine": ("cash",),
    "pass_no_machine_late": (),
    "pass_insure_first": ("web",),
    "buy_web": ("web",),
    "buy_web_before_machine": ("web",),
    "pass_green": ("web",),
    "idle_web": ("idle",),
    "idle_cash": ("idle",),
    "idle_cash_no_web": ("idle",),
    "idle_on_credit": ("idle", "cash"),
    "idle_no_machine": (),
    "write_off_web": ("value",),
    "write_off_downgrade": (),
    "write_off_return": (),
    "renew_lease": (),
    "end_lease": (),
    "repay": ("amount",),
    "efficiency": (),
    "raise_credit": ("amount", "owed"),
    "credit_to_produce": ("amount", "units"),
    "raise_sell_back": ("units", "owed"),
    "bid": ("price",),
    "withdraw_bid": ("floor",),
    "match_bid": (),
    "auction": ("price",),
    "auction_pass_no_machine": (),
    "auction_pass_stock": ("raw", "productions"),
    "auction_pass_price": ("price", "ceiling"),
    "auction_pass_cash": ("price", "reserve"),
    "hire": ("workers", "salary", "machines", "staying"),
    "hire_before_machine": ("workers", "salary"),
    "accept_hire": ("workers", "salary", "machines"),
    "give_notice": ("workers", "machines", "staying"),
    "step_move": (),
    "other": (),
    # the strong bot (bots/strong.py): the futures it played per move and the mean gain in
    # Marks it saw over the sensible move, when it plays another move than the sensible bot
    "lookahead": ("playouts", "gain"),
}


def reason_for(bot: SensibleBot, state: GameState, actor: str, action: Action) -> Reason:
    """The reason for ``action``, which ``bot`` chose for ``actor`` in ``state`` (read only)."""
    team = state.teams.get(actor)
    if team is None or team.bankrupt or state.phase == "ended":
        return Reason("other", {})
    machines = len(team.machines)
    capacity = bot.capacity(state, team)
    reserve = bot.reserve(team)
    if isinstance(action, Roll):
        return Reason("roll", {})
    if isinstance(action, Invest):
        if not team.machines:
            return Reason("first_machine", {"credit": action.credit})
        return Reason("more_machines", {"machines": machines + 1, "credit": action.credit})
    if isinstance(action, Produce):
        return Reason("produce", {"units": action.units, "machines": machines})
    if isinstance(action, Sell) or action.type == "offer_sale":
        units = getattr(action, "units", 1)
        late = bot.years_left(state, team) < 0.5
        if late:
            return Reason("sell_late", {"units": units})
        if team.cash < reserve:
            return Reason("sell_for_cash", {"units": units, "reserve": reserve})
        return Reason("sell_price_pays", {"units": units,
                                                  "floor": bot.sale_floor(state, team, False)})
    if isinstance(action, Purchase):
        productions = (team.raw + action.units) // max(1, capacity)
        return Reason("buy_raw", {"units": action.units, "machines": machines,
                                  "productions": productions})
    if isinstance(action, Pass):
        head = state.pending[0].kind if state.pending else ""
        if head == "green":
            return Reason("pass_green", {"web": team.web})
        if not team.machines:
            return _pass_without_machine(bot, state, team)
        return Reason("pass_red", {"reserve": reserve})
    if isinstance(action, BuyWeb):
        if not team.machines:
            return Reason("buy_web_before_machine", {"web": team.web})
        return Reason("buy_web", {"web": team.web})
    if isinstance(action, CostChoice):
        return _yellow(team, action)
    if isinstance(action, WriteOff):
        if action.option == "web":
            return Reason("write_off_web", {"value": MACHINE_PRICE})
        if action.option == "downgrade":
            return Reason("write_off_downgrade", {})
        return Reason("write_off_return", {})
    if isinstance(action, RenewLease):
        return Reason("renew_lease" if action.renew else "end_lease", {})
    if isinstance(action, RepayCredit):
        return Reason("repay", {"amount": action.amount})
    if isinstance(action, Efficiency):
        return Reason("efficiency", {})
    owed = state.pending[0].amount if state.pending else 0
    if isinstance(action, TakeCredit):
        if state.pending and state.pending[0].kind == "red":  # ``SensibleBot.working_credit``
            return Reason("credit_to_produce", {"amount": action.amount, "units": capacity})
        return Reason("raise_credit", {"amount": action.amount, "owed": owed})
    if isinstance(action, SellBack):
        return Reason("raise_sell_back", {"units": action.units, "owed": owed})
    kind = action.type
    if kind == "bid":
        return Reason("bid", {"price": getattr(action, "price", 0)})
    if kind == "withdraw_bid":
        late = bot.years_left(state, team) < 0.5 or team.cash < reserve
        return Reason("withdraw_bid", {"floor": bot.sale_floor(state, team, late)})
    if kind == "match_bid":
        return Reason("match_bid", {})
    if kind == "auction_bid":
        return Reason("auction", {"price": getattr(action, "price", 0)})
    if kind == "auction_pass":
        return _auction_pass(bot, state, team)
    if kind in ("offer_hire", "accept_hire", "give_notice"):
        return _labour(state, team, action)
    if state.config.steps:
        return Reason("step_move", {})
    return Reason("other", {})


def _pass_without_machine(bot: SensibleBot, state: GameState, team: Team) -> Reason:
    """Why a team without a machine passes its red field (``SensibleBot.wants_machine`` and
    ``investment_credit``, the same tests in the same order): never "nothing is worth
    doing", which a team with the cash for a machine would not believe."""
    years_left = bot.years_left(state, team)
    if years_left < bot.style.first_machine_years:
        return Reason("pass_no_machine_late", {})
    if years_left >= bot.style.long_game_years and team.web < WEB_INSURANCE and \
            team.cash + MACHINE_PRICE // 2 - MACHINE_PRICE < bot.style.insured_cash:
        return Reason("pass_insure_first", {"web": team.web})
    board = state.config.board
    ahead = next((step for step in range(1, bot.style.white_near + 1)
                  if board[(team.position + step) % len(board)] == "W"), None)
    if not team.web and ahead is not None:
        return Reason("pass_wait_white", {"fields": ahead})
    return Reason("pass_no_machine", {"cash": team.cash})


def _yellow(team: Team, action: CostChoice) -> Reason:
    """The yellow field's choice, said only with what the team holds: no "the WEB chips
    insure the machines" to a team without chips, no idle costs without machines."""
    idle = IDLE_COST * len(team.machines)
    if action.option == "web":
        return Reason("idle_web", {"idle": idle})
    if action.option != "idle":  # producing or selling at half price: not a sensible choice
        return Reason("other", {})
    if not team.machines:
        return Reason("idle_no_machine", {})
    if team.cash < idle:
        return Reason("idle_on_credit", {"idle": idle, "cash": team.cash})
    if not team.web:
        return Reason("idle_cash_no_web", {"idle": idle})
    return Reason("idle_cash", {"idle": idle})


def _auction_pass(bot: SensibleBot, state: GameState, team: Team) -> Reason:
    """Why ``SensibleBot.auction`` passed: the same tests in the same order."""
    capacity = bot.capacity(state, team)
    if not capacity:
        return Reason("auction_pass_no_machine", {})
    if team.raw >= bot.style.batch_productions * capacity:
        return Reason("auction_pass_stock", {"raw": team.raw,
                                             "productions": team.raw // capacity})
    bids = [c for c in legal_choices(state, team.name) if c.cls.type == "auction_bid"]
    price = bids[0].values[0] if bids else 0
    if price > bot.style.raw_ceiling - 100:
        return Reason("auction_pass_price", {"price": price,
                                             "ceiling": bot.style.raw_ceiling - 100})
    return Reason("auction_pass_cash", {"price": price, "reserve": bot.reserve(team)})


def _labour(state: GameState, team: Team, action: Action) -> Reason:
    """Step 6: the bots keep one worker for each machine (``labor/bot_hints``)."""
    machines = len(team.machines)
    staying = sum(1 for c in team.step["labor"]["contracts"] if not c["notice"])
    workers = int(getattr(action, "workers", 0))
    if action.type == "give_notice":
        return Reason("give_notice", {"workers": workers, "machines": machines,
                                      "staying": staying})
    if action.type == "accept_hire":
        offer = state.step["labor"]["offers"].get(str(getattr(action, "offer", "")), {})
        return Reason("accept_hire", {"workers": int(offer.get("workers", 0)),
                                      "salary": int(offer.get("salary", 0)),
                                      "machines": machines})
    salary = int(getattr(action, "salary", 0))
    if not machines:
        return Reason("hire_before_machine", {"workers": workers, "salary": salary})
    return Reason("hire", {"workers": workers, "salary": salary, "machines": machines,
                           "staying": staying})
