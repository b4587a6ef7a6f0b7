"""The other fields of the board (rulebook I: "The Green WEB Field", "The Yellow Cost Field",
"The White Write-off Field", "The Blue Risk Field"), and renewing a leased computer
("Computer Leasing (2 WEBs)"), which waits for a decision like a field does.
"""

from __future__ import annotations

from .actions import BuyWeb, CostChoice, DrawRisk, RenewLease, WriteOff
from .constants import (
    COST_FIELD_PRODUCTION,
    IDLE_COST,
    WEB_FIELD,
    WEB_INSURANCE,
    WEB_LEASE,
    WEB_PRICE,
)
from .errors import RuleViolation, marks, units_of
from .goods import machine_to_bank, pick_machine, to_market, web_to_bank
from .market import open_dimples
from .money import move_cash, owe, require_cash
from .red_field import make_products, ready_capacity, sale_prices
from .risk import RiskCard, standard_deck
from .state import BANK, GameState, Machine, Team
from .turn import ALL, Turn
from .turn_checks import check_turn, require_turn


# ---------------------------------------------------------------- the checks
def check_buy_web(state: GameState, action: BuyWeb) -> Team:
    team = check_turn(state, action, "green", "Buying a WEB chip", "The Green WEB Field")
    if state.web_bank < 1:
        raise RuleViolation("The bank has no WEB chip left: all "
                            f"{state.config.limits.web_chips} are in play.", "Game Materials",
                            code="bank_out_of_web_chips",
                            params={"limit": state.config.limits.web_chips})
    require_cash(team, WEB_PRICE, "a WEB chip", "The Green WEB Field", code="cash_for_web_chip")
    return team


def cost_field_units(state: GameState, team: Team) -> int:
    """Units the yellow field's "produce" makes: all the ready machines can, of the raw
    material held."""
    return min(ready_capacity(state, team), team.raw)


def check_cost_choice(state: GameState, action: CostChoice) -> Team:
    rule = "The Yellow Cost Field"
    team = check_turn(state, action, "yellow", "A cost-field choice", rule)
    option = action.option
    if option == "sell_half":
        if team.finished < 1:
            raise RuleViolation("You have no finished product to sell at half price.", rule,
                                code="no_finished_for_half_price")
    elif option == "produce":
        units = cost_field_units(state, team)
        if units < 1:
            raise RuleViolation("You cannot produce: you need a ready machine and raw material.",
                                rule, code="cannot_produce_on_cost_field")
        what = f"producing {units_of(units)} at {marks(COST_FIELD_PRODUCTION)} each"
        require_cash(team, units * COST_FIELD_PRODUCTION, what,
                   rule, code="cash_for_cost_field_production",
                   params={"units": units, "each": COST_FIELD_PRODUCTION})
    elif option == "web":
        if team.web < 1:
            raise RuleViolation("You have no WEB chip to pay with.", rule, code="no_web_chip")
    elif option != "idle":
        raise RuleViolation("On the yellow field choose sell_half, produce, idle or web.", rule,
                            code="cost_field_option", params={"option": option})
    return team


def check_write_off(state: GameState, action: WriteOff) -> tuple[Team, Machine | None]:
    """The team, and the machine written off (None when it pays a WEB chip)."""
    rule = "The White Write-off Field"
    team = check_turn(state, action, "white", "A write-off", rule)
    option = action.option
    if option == "web":
        if team.web < 1:
            raise RuleViolation("You have no WEB chip to pay instead.", rule, code="no_web_chip")
        return team, None
    if option not in ("return", "downgrade"):
        raise RuleViolation("On the white field choose return, downgrade or web.", rule,
                            code="write_off_option", params={"option": option})
    # Any machine may be returned, a double one too (setting it back "is sufficient", not
    # required); unnamed, a single machine goes first.
    double: bool | None = True if option == "downgrade" else None
    if option == "return" and action.machine is None and any(
        not state.machines[m].double for m in team.machines
    ):
        double = False
    return team, pick_machine(state, team, action.machine, double=double, rule=rule)


# ---------------------------------------------------------------- green, yellow, white
def buy_web(turn: Turn, action: BuyWeb) -> None:
    state = turn.state
    team = check_buy_web(state, action)
    state.pending.pop(0)
    move_cash(turn, team, None, WEB_PRICE, "WEB chip")
    team.web += 1
    state.web_bank -= 1
    state.ledger.post(state.seq, "web", BANK, team.name, 1, "WEB chip")
    turn.emit("buy_web", ALL, team=team.name, price=WEB_PRICE)


def sell_at_half_price(turn: Turn, team: Team, units: int) -> None:
    """"Sell all available finished products for 1/2 the market price": ``units`` of them (as
    many as the market has room for), each at half the price of the zone it goes into; the
    yellow item is done."""
    state = turn.state
    units = min(units, open_dimples(state.market, state.config.zone_capacity))
    prices = [p // 2 for p in sale_prices(state, team, units, advertising=False)]
    revenue = sum(prices)
    state.pending.pop(0)
    to_market(turn, team, "finished", units, "sale at half price")
    move_cash(turn, None, team, revenue, "sale at half price")
    team.sales_total += revenue
    turn.hook("sale", team, revenue)
    turn.emit("cost_sell_half", ALL, team=team.name, units=units, revenue=revenue)


def cost_choice(turn: Turn, action: CostChoice) -> None:
    state = turn.state
    team = check_cost_choice(state, action)
    option = action.option
    if option == "sell_half":
        sell_at_half_price(turn, team, team.finished)
    elif option == "produce":
        units = cost_field_units(state, team)
        state.pending.pop(0)
        make_products(turn, team, units, units * COST_FIELD_PRODUCTION, "cost-field production")
    elif option == "idle":
        cost = IDLE_COST * len(team.machines)
        state.pending.pop(0)
        turn.emit("cost_idle", ALL, team=team.name, cost=cost)
        owe(turn, team, cost, "idle costs", f"{len(team.machines)} machine(s)",
             {"machines": len(team.machines), "each": IDLE_COST})
    else:  # "web"
        state.pending.pop(0)
        web_to_bank(turn, team, WEB_FIELD, "cost field")
        turn.emit("cost_web", ALL, team=team.name)


def write_off(turn: Turn, action: WriteOff) -> None:
    state = turn.state
    team, machine = check_write_off(state, action)
    state.pending.pop(0)
    if machine is None:
        web_to_bank(turn, team, WEB_FIELD, "write-off")
        turn.emit("write_off", ALL, team=team.name, option="web")
        return
    if action.option == "downgrade":
        machine.double = False
        turn.emit("write_off", ALL, team=team.name, option="downgrade", machine=machine.id)
    else:
        machine_to_bank(turn, machine, "write-off")
        turn.emit("write_off", ALL, team=team.name, option="return", machine=machine.id)


# ---------------------------------------------------------------- blue
def draw_risk(turn: Turn, action: DrawRisk) -> None:
    state = turn.state
    team = require_turn(turn, action, "risk", "Drawing a risk card", "The Blue Risk Field")
    deck = standard_deck()
    if action.card not in deck:
        raise RuleViolation(f"There is no risk card {action.card}; cards are 1 to {len(deck)}.",
                            "The Blue Risk Field", code="no_such_risk_card",
                            params={"card": action.card, "cards": len(deck)})
    state.pending.pop(0)
    turn.chance["card"] = action.card
    risk_card(turn, team, action.card)


def risk_card(turn: Turn, team: Team, card_id: int) -> None:
    state = turn.state
    card = standard_deck()[card_id]
    if card_id in state.deck:  # the card goes under the deck
        state.deck.remove(card_id)
        state.deck.append(card_id)
    turn.emit("risk_card", ALL, team=team.name, card=card.id)
    if card.insured and team.web >= WEB_INSURANCE:
        turn.emit("insured", ALL, team=team.name, card=card.id, web=team.web)
        return
    _card_effect(turn, team, card)


def _card_effect(turn: Turn, team: Team, card: RiskCard) -> None:
    state = turn.state
    effect, amount = card.effect, card.amount
    reason = "risk"
    card_data = {"card": card.id}
    if effect == "pay":
        owe(turn, team, amount, reason, card.title, card_data)
    elif effect == "pay_per_machine":
        owe(turn, team, amount * len(team.machines), reason, card.title, card_data)
    elif effect == "pay_per_unit":
        owe(turn, team, amount * (team.raw + team.finished), reason, card.title, card_data)
    elif effect == "receive":
        move_cash(turn, None, team, amount, reason)
    elif effect in ("lose_raw", "lose_finished"):
        kind = "raw" if effect == "lose_raw" else "finished"
        units = min(amount, team.raw if kind == "raw" else team.finished)
        if units:
            to_market(turn, team, kind, units, reason)
    elif effect == "lose_machine":
        held = [state.machines[m] for m in team.machines]
        if held:
            # The single machine goes first: the card should not cost an efficiency upgrade.
            machine = min(held, key=lambda m: (m.double, m.id))
            machine_to_bank(turn, machine, reason)
    elif effect == "downgrade_machine":
        doubles = [state.machines[m] for m in team.machines if state.machines[m].double]
        if doubles:
            doubles[0].double = False
    elif effect == "lose_web":
        chips = min(amount, team.web)
        if chips:
            web_to_bank(turn, team, chips, reason)


# ---------------------------------------------------------------- the leased computer
def check_renew_lease(state: GameState, action: RenewLease) -> Team:
    rule = "Computer Leasing (2 WEBs)"
    team = check_turn(state, action, "lease", "Renewing the computer lease", rule)
    if action.renew and team.web < WEB_LEASE:
        raise RuleViolation("Renewing the lease takes 2 WEB chips.", rule,
                            code="web_for_lease_renewal",
                            params={"need": WEB_LEASE, "have": team.web})
    return team


def renew_lease(turn: Turn, action: RenewLease) -> None:
    state = turn.state
    team = check_renew_lease(state, action)
    if action.renew:
        state.pending.pop(0)
        state.ledger.post(state.seq, "web", "board", BANK, WEB_LEASE, "computer lease")
        state.web_bank += WEB_LEASE
        team.web -= WEB_LEASE
        state.ledger.post(state.seq, "web", team.name, "board", WEB_LEASE, "computer lease")
        turn.emit("lease_renewed", ALL, team=team.name)
    else:
        state.pending.pop(0)
        end_lease(turn, team, "returned")


def end_lease(turn: Turn, team: Team, how: str) -> None:
    """The leased computer goes back to the bank; ``how`` says why in a word for the event
    (``"returned"``, ``"no_chips"``, ``"bankrupt"``)."""
    state = turn.state
    team.lease_field = None
    state.leased_computers -= 1
    state.web_bank += WEB_LEASE
    state.ledger.post(state.seq, "web", "board", BANK, WEB_LEASE, "computer lease")
    turn.emit("lease_ended", ALL, team=team.name, how=how)
