"""A plain English line for an event, for the command line (the site renders the codes and
params in its own language)."""

from __future__ import annotations

from typing import Any

TEMPLATES = {
    "month_started": "-- {name}: banker {banker}, {starting} starts",
    "hired": "{team} hires {count} {kind}(s); payroll now {payroll:,}",
    "fired": "{team} lets {count} {kind}(s) go (severance {severance:,})",
    "salaries_paid": "{team} pays {paid:,} in salaries and severance",
    "staff_done": "{team} has its staff for the month: {staff}",
    "payment_short": "{team} cannot pay {amount:,} ({reason}): {paid:,} paid",
    "emergency_terminations": "{team} holds a loan and has {headcount} employees, "
                              "{limit} allowed: {count} to go",
    "emergency_fired": "{team} lets a {kind} go, {refund:,} back",
    "requested": "{team} requests {bars} bars of cocoa",
    "market_supplied": "The market offers {supply} bars: {cities}",
    "city_open": "{city} opens with {bars} bars",
    "bid_written": "{team} writes a bid in {city}: {bars} bars at {price:,}",
    "bid_in": "{team}'s bid for {city} is in",
    "bids_revealed": "{city}: bids {bids}",
    "cocoa_bought": "{team} buys {bars} bars in {city} at {price:,} ({cost:,})",
    "cocoa_returned": "{city}: {bars} bars go back to the bank",
    "offer_announced": "{team} states {bars} bars at {price:,} in {city}",
    "call_answered": "{team} has answered",
    "offer_called": "{caller} calls {team}'s offer: written {written_bars} at "
                    "{written_price:,} ({true})",
    "produced": "{team} makes {bars} bars of chocolate",
    "marker_placed": "{team} has placed its marker",
    "markers_revealed": "Markers {markers}: {meetings} meetings",
    "contract_turned": "Meeting {meeting}: contract {card}, {bars} bars, {low:,}-{high:,}",
    "contracts_used_up": "No contracts left: {held} of {planned} meetings held",
    "join_answered": "{team} has answered",
    "participants": "Taking part: {teams}",
    "price_offered": "Offered at {price:,}",
    "declined": "{team} declines {price:,}",
    "contract_won": "{team} wins contract {card} ({bars} bars) for {price:,}",
    "contract_unfilled": "Contract {card} goes under the deck ({why})",
    "contract_chosen": "{team} chooses contract {card} ({phase})",
    "contracts_processed": "{team}'s secretaries pass {cards} to bookkeeping",
    "contracts_cashed": "{team}'s bookkeepers cash {cards}: {amount:,}",
    "cash_in": "{team} receives {amount:,}; cash now {cash:,}",
    "sold_to_bank": "{team} sells {bars} bars to the bank for {amount:,}",
    "inside_bought": "{team} buys inside information for {price:,}",
    "inside_seen": "{team} sees the next event card: {card}",
    "events_shuffled": "The {cards} event cards are shuffled",
    "event_drawn": "Event card: {card}",
    "contracts_cancelled": "{team} loses contracts {cards} ({amount:,})",
    "tax_due": "{team} pays {amount:,} tax on {bars} bars",
    "next_month_effect": "{card} takes effect next month",
    "event_without_effect": "{card} has no effect",
    "premium_paid": "Premium of {amount:,} each to {teams} (salaries {salaries:,})",
    "express_played": "{team} plays {card} on {target}",
    "chocolate_lost": "{team} loses {bars} bar(s) of chocolate",
    "chocolate_given": "{team} gives {bars} bar(s) of chocolate to {to}",
    "gift_to_bank": "{team}'s bar for {to} goes to the bank ({to}'s store is full)",
    "contract_taken": "{team} takes contract {card} ({price:,}) from {loser}",
    "contract_halved": "{team}'s contract {card} is halved: {price:,} -> {now:,}",
    "bonus_due": "{team} pays a bonus of {amount:,} to {employees} employees",
    "meetings_lost": "{team} loses {meetings} meetings",
    "cash_announced": "{team} has {cash:,} in cash",
    "sent_to_park": "{team}'s {kind} is sent to the park",
    "passed": "{team} passes ({phase})",
    "finance_done": "{team} is done with its finances",
    "loan_taken": "{team} takes {count} loan(s) ({amount:,})",
    "loan_repaid": "{team} repays {count} loan(s) ({amount:,})",
    "interest_due": "{team} pays {amount:,} interest",
    "shares_bought": "{team} buys {count} share(s) at {value:,}",
    "shares_sold": "{team} sells {count} share(s) at {value:,}",
    "bankrupt": "{team} is bankrupt and out of the game",
    "month_ended": "-- end of month {month}",
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
