"""The rounds of the bidding: a round closes when all its answers are in (who has not answered
withdraws), then the bidding ends or the next stage begins — the first supplier answers, then
the competition again.

Rulebook: "1. Step: Free Market for Sales", its "Explanations" and the "2 Examples on Price
Underbidding"."""

from __future__ import annotations

from typing import Any

from ...turn import ALL, Turn
from .constants import ALL_UNCOVERED
from .ending import competitor_sales, finish, finish_by_rank
from .phase import allowed_prices, eligible, lowest_price, phase_of, units_offered
from .sales import sell_uncovered
from .stock import sellable


def progress(turn: Turn) -> None:
    """Close every round whose answers are all in (teams that can no longer act — no finished
    product left, bankrupt — count as withdrawn), until the game waits for someone or the
    bidding is over."""
    state = turn.state
    while (data := phase_of(state)) is not None:
        for name in [n for n in data["waiting"] if not eligible(state, data, n)]:
            data["waiting"].remove(name)
            withdraw(turn, data, name, "no_stock")
        if data["waiting"]:
            return
        close_stage(turn, data)


def close_stage(turn: Turn, data: dict[str, Any]) -> None:
    """All answers of the round's stage are in (or the bank closed it): who has not answered
    withdraws; then the bidding ends or the next stage begins."""
    for name in list(data["waiting"]):
        data["waiting"].remove(name)
        withdraw(turn, data, name, "silent")
    _clamp_offers(turn, data)
    if data["stage"] == "seller":
        _after_seller(turn, data)
    else:
        _after_competitors(turn, data)


def _clamp_offers(turn: Turn, data: dict[str, Any]) -> None:
    """An offer holds no more units than the team still has (it may have sold some to the
    bank or another team meanwhile)."""
    state = turn.state
    for name in list(data["offers"]):
        have = sellable(state, state.teams[name])
        if have < 1:
            withdraw(turn, data, name, "no_stock")
        elif have < data["offers"][name]["units"]:
            data["offers"][name]["units"] = have


def withdraw(turn: Turn, data: dict[str, Any], name: str, why: str) -> None:
    """``name`` leaves the bidding; ``why`` says why, in a word for the event
    (``"withdraws"``, ``"silent"``, ``"no_stock"``)."""
    if name == data["seller"]:
        data["seller_in"] = False
        turn.emit("withdraw_bid", ALL, team=name, seller=True, why=why, price=data["seller_price"])
        return
    data["offers"].pop(name, None)
    if name not in data["withdrawn"]:
        data["withdrawn"].append(name)
    turn.emit("withdraw_bid", ALL, team=name, seller=False, why=why)


def _after_competitors(turn: Turn, data: dict[str, Any]) -> None:
    state = turn.state
    if data["round"] == 1:
        sell_uncovered(turn, data)
        if data["units"] == 0:
            finish(turn, data, [], ALL_UNCOVERED)
            return
    lowest = lowest_price(data)
    if data["seller_in"]:
        if lowest is None or lowest >= data["seller_price"]:
            finish(turn, data, [(data["seller"], data["units"], data["seller_price"])],
                    "the competition does not go lower")
            return
        if data["round"] >= state.config.free_market_round_limit:
            finish_by_rank(turn, data, "the round limit is reached")
            return
        _start_stage(turn, data, "seller", data["round"] + 1)
        return
    if units_offered(data) <= data["units"]:
        finish(turn, data, competitor_sales(data), "only the units sought are on offer")
    elif data["offers"] == data["round_start"]:
        finish_by_rank(turn, data, "a round changed nothing")
    elif data["round"] >= state.config.free_market_round_limit:
        finish_by_rank(turn, data, "the round limit is reached")
    else:
        _start_stage(turn, data, "competitors", data["round"] + 1)


def _after_seller(turn: Turn, data: dict[str, Any]) -> None:
    if data["seller_in"]:
        _start_stage(turn, data, "competitors", data["round"])
    elif units_offered(data) <= data["units"]:
        finish(turn, data, competitor_sales(data), "only the units sought are on offer")
    else:
        _start_stage(turn, data, "competitors", data["round"])


def _start_stage(turn: Turn, data: dict[str, Any], stage: str, round_no: int) -> None:
    state = turn.state
    data["stage"] = stage
    data["round"] = round_no
    data["point"] = lowest_price(data) or data["seller_price"]
    if stage == "seller":
        data["waiting"] = [data["seller"]]
        turn.emit("bidding_round", ALL, round=round_no, stage=stage, price=data["point"],
                  offered=units_offered(data), seller=data["seller"])
        return
    data["round_start"] = {n: dict(o) for n, o in data["offers"].items()}
    data["waiting"] = [n for n in state.teams if n in data["offers"]]
    turn.emit("bidding_round", ALL, round=round_no, stage=stage, price=data["point"],
              offered=units_offered(data), sought=data["units"], prices=allowed_prices(data, ""))
