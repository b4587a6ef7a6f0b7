"""The answers in a round of the bidding: a competitor's bid, the first supplier matching the
lowest offer, withdrawing (either of them), and the bank closing a round for the teams that
have not answered.

Rulebook: "1. Step: Free Market for Sales" and its "Explanations"."""

from __future__ import annotations

from typing import Any

from ...actions import Action
from ...errors import RuleViolation
from ...state import GameState, Team
from ...turn import ALL, Turn
from ...turn_checks import need_units
from .actions import Bid, CloseBidding, MatchBid, WithdrawBid
from .checks import check_bid_price, check_bid_units, whole_number
from .constants import RULE
from .phase import phase_of
from .rounds import close_stage, progress, withdraw


def _answering(state: GameState, action: Action) -> tuple[dict[str, Any], Team]:
    """The bidding runs and waits for the actor's answer in this round."""
    data = phase_of(state)
    if data is None:
        raise RuleViolation("No bidding is running now.", RULE, code="no_bidding")
    name = action.actor
    if name in data["waiting"]:
        return data, state.teams[name]
    if name in data["withdrawn"] or (name == data["seller"] and not data["seller_in"]):
        raise RuleViolation("You have withdrawn from this bidding.", RULE,
                            code="bidding_withdrawn")
    if name == data["seller"]:
        raise RuleViolation("The competition answers now; as first supplier you answer "
                            "when its offers are in.", RULE, code="bidding_seller_waits")
    if data["round"] > 1 and name not in data["offers"]:
        raise RuleViolation("Only teams that offered in the first round take part in the "
                            "later rounds.", RULE, code="bidding_first_round_only")
    if data["stage"] == "seller":
        raise RuleViolation(f"{data['seller']}, the first supplier, answers first in this "
                            "round.", RULE, code="bidding_seller_first",
                            params={"seller": data["seller"]})
    if name in data["offers"]:
        raise RuleViolation("You have answered in this round already.", RULE,
                            code="bidding_answered")
    raise RuleViolation("You had no finished product when the sale was announced, so you "
                        "are not in this bidding.", RULE, code="bidding_not_in")


def check_bid(state: GameState, action: Bid) -> tuple[dict[str, Any], Team, int, int]:
    """The bidding's data, the bidding team, and its units and price."""
    data, team = _answering(state, action)
    if team.name == data["seller"]:
        raise RuleViolation("As first supplier you may only match the competition's price "
                            "(match_bid) or withdraw (withdraw_bid); you must not underbid "
                            "it.", RULE, code="bidding_seller_no_bid")
    units = whole_number(action.units, "number of units", code="units_whole_number")
    price = whole_number(action.price, "price", code="price_whole_number")
    need_units(units, "unit to offer", RULE, code="no_units_to_offer")
    check_bid_units(state, data, team, units)
    check_bid_price(data, team.name, price)
    return data, team, units, price


def bid(turn: Turn, action: Bid) -> None:
    data, team, units, price = check_bid(turn.state, action)
    data["offers"][team.name] = {"units": units, "price": price}
    data["waiting"].remove(team.name)
    turn.emit("bid", ALL, team=team.name, units=units, price=price, round=data["round"])
    progress(turn)


def check_match_bid(state: GameState, action: MatchBid) -> tuple[dict[str, Any], Team]:
    data, team = _answering(state, action)
    if team.name != data["seller"]:
        raise RuleViolation(f"Only the first supplier, {data['seller']}, matches the "
                            "competition's price; offer with 'bid' or withdraw.", RULE,
                            code="bidding_match_seller_only", params={"seller": data["seller"]})
    return data, team


def match_bid(turn: Turn, action: MatchBid) -> None:
    data, team = check_match_bid(turn.state, action)
    data["seller_price"] = data["point"]
    data["waiting"].remove(team.name)
    turn.emit("match_bid", ALL, team=team.name, price=data["point"], round=data["round"])
    progress(turn)


def check_withdraw_bid(state: GameState, action: WithdrawBid) -> tuple[dict[str, Any], Team]:
    return _answering(state, action)


def withdraw_bid(turn: Turn, action: WithdrawBid) -> None:
    data, team = check_withdraw_bid(turn.state, action)
    data["waiting"].remove(team.name)
    withdraw(turn, data, team.name, "withdraws")
    progress(turn)


def close_bidding(turn: Turn, action: CloseBidding) -> None:
    data = phase_of(turn.state)
    if data is None:
        raise RuleViolation("No bidding is running now.", RULE, code="no_bidding")
    silent = list(data["waiting"])
    turn.emit("close_bidding", ALL, round=data["round"], silent=silent)
    close_stage(turn, data)
    progress(turn)
