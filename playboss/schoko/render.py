"""A plain English line for an event, for the command line (the site renders the codes and
params in its own language)."""

from __future__ import annotations

from typing import Any

TEMPLATES = {
    "month_started": "-- {name}: banker {banker}, {starting} starts",
    "hired": "{team} hires {count} {kind}(s); payroll now {payroll:,}",
    "fired": "{team} lets {count} {kind}(s) go (severance {severance:,})",
    "salaries_paid": "{team} pays {paid:,} in salaries and severance",
    "emergency_terminations": "{team} holds a loan and has {headcount} employees, "
                              "{limit} allowed: {count} to go",
    "emergency_fired": "{team} lets a {kind} go, {refund:,} back",
    "requested": "{team} requests {bars} bars of cocoa",
    "market_supplied": "The market offers {supply} bars: {cities}",
    "city_open": "{city} opens with {bars} bars",
    "bids_revealed": "{city}: bids {bids}",
    "cocoa_bought": "{team} buys {bars} bars in {city} at {price:,} ({cost:,})",
    "offer_announced": "{team} states {bars} bars at {price:,} in {city}",
    "offer_called": "{caller} calls {team}'s offer: written {written_bars} at "
                    "{written_price:,} ({true})",
    "produced": "{team} makes {bars} bars of chocolate",
    "markers_revealed": "Markers {markers}: {meetings} meetings",
    "contract_turned": "Meeting {meeting}: contract {card}, {bars} bars, {low:,}-{high:,}",
    "participants": "Taking part: {teams}",
    "price_offered": "Offered at {price:,}",
    "declined": "{team} declines {price:,}",
    "contract_won": "{team} wins contract {card} ({bars} bars) for {price:,}",
    "contract_unfilled": "Contract {card} goes under the deck ({why})",
    "contracts_processed": "{team}'s secretaries pass {cards} to bookkeeping",
    "contracts_cashed": "{team}'s bookkeepers cash {cards}: {amount:,}",
    "sold_to_bank": "{team} sells {bars} bars to the bank for {amount:,}",
    "event_drawn": "Event card: {card}",
    "express_played": "{team} plays {card} on {target}",
    "loan_taken": "{team} takes {count} loan(s) ({amount:,})",
    "loan_repaid": "{team} repays {count} loan(s) ({amount:,})",
    "interest_due": "{team} pays {amount:,} interest",
    "shares_bought": "{team} buys {count} share(s) at {value:,}",
    "shares_sold": "{team} sells {count} share(s) at {value:,}",
    "bankrupt": "{team} is bankrupt and out of the game",
    "game_ended": "Game over: {winner} wins",
}


def render(event: dict[str, Any]) -> str:
    template = TEMPLATES.get(event["type"])
    params = {k: v for k, v in event.items() if k not in ("type", "audience")}
    if template is not None:
        try:
            return str(template.format(**params))
        except (KeyError, ValueError):
            pass
    return str(event["type"]) + (" " + ", ".join(f"{k}={v}" for k, v in params.items())
                            if params else "")
