"""The catalogue of the engine's refusals: each code (``RuleViolation.code``) → its sentence,
with ``%(name)s`` for the refusal's params, marked for gettext (English and German).

Every code the engine raises has an entry here (``tests/web/test_refusal_codes.py`` reads the
codes from the engine's source and fails on a missing one, or on a placeholder the code's params
do not give). A sentence may be an ``ngettext_lazy(..., "units")``: its plural follows that
param. Amounts are params named in ``MONEY``; ``refusals.translate_refusal`` formats them, and
the words params (``waiting``, ``action``, ``who``, lists of teams ...).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

#: Params that are amounts of Marks (a list of them: ``prices``), shown with the page's
#: grouping. Every other number is a count or an id, shown as it is.
MONEY = frozenset({
    "amount", "available", "cash", "cost", "credit", "debt", "each", "floor", "least",
    "market_price", "max_credit", "opening", "owed", "point", "price", "prices", "salaries",
    "salary", "step",
})

CATALOGUE: dict[str, Any] = {
    # ================================================================ turns and phases
    "game_over": _("The game is over."),
    "game_not_begun": _("The game has not begun: roll for the first player."),
    "not_your_turn": _("It is %(current)s's turn, not %(actor)s's."),
    "not_open_now": _("%(what)s is not possible now; the game waits for %(waiting)s"),
    "rolled_already": _("%(team)s has rolled already; the game waits for %(waiting)s"),
    "not_in_roll_off": _("%(team)s does not roll for first place now; waiting for %(teams)s."),
    "die_missing": _("Enter the number the die shows."),
    "die_range": _("A die shows 1 to 6, not %(die)s."),
    "die_not_entered": _("The site rolls the die in this game; send no number."),
    "time_called_already": _("Time has been called already."),
    # ================================================================ who may act
    "bank_only": _("Only the bank director can do that."),
    "workers_only": _("Only the worker representative can do that."),
    "bank_cannot_move": _("The bank cannot make that move; a team must."),
    "workers_cannot_move": _("The worker representative cannot make that move; a team must."),
    "no_such_team": _("There is no team %(team)s in this game."),
    "team_bankrupt": _("%(team)s is bankrupt and out of the game."),
    "name_the_team": _("Name the team: there is no team %(team)s."),
    "team_acts_for_itself": _("A team acts for itself: leave out the team or name yourself."),
    "step_off": _("Expansion step %(step)s is not played in this game."),
    # ================================================================ money
    "cash_for_units": ngettext_lazy("You have %(cash)s Marks; %(units)s unit costs %(cost)s.",
                         "You have %(cash)s Marks; %(units)s units cost %(cost)s.", "units"),
    "cash_for_production": ngettext_lazy(
        "You have %(cash)s Marks; producing %(units)s unit costs %(cost)s.",
        "You have %(cash)s Marks; producing %(units)s units costs %(cost)s.", "units"),
    "cash_for_cost_field_production": ngettext_lazy(
        "You have %(cash)s Marks; producing %(units)s unit at %(each)s Marks costs %(cost)s.",
        "You have %(cash)s Marks; producing %(units)s units at %(each)s Marks each costs "
        "%(cost)s.", "units"),
    "cash_for_cost_field_production_staffed": ngettext_lazy(
        "You have %(cash)s Marks; producing %(units)s unit on %(machines)s machine(s) at "
        "%(each)s Marks each plus %(salaries)s Marks salaries costs %(cost)s.",
        "You have %(cash)s Marks; producing %(units)s units on %(machines)s machine(s) at "
        "%(each)s Marks each plus %(salaries)s Marks salaries costs %(cost)s.", "units"),
    "cash_for_machine": _("You have %(cash)s Marks; a machine costs %(cost)s."),
    "cash_for_machine_on_credit": _("You have %(cash)s Marks; a machine costs %(price)s and "
                                    "with %(credit)s credit you pay %(cost)s."),
    "cash_for_computer": _("You have %(cash)s Marks; a computer costs %(cost)s."),
    "cash_for_computer_on_credit": _("You have %(cash)s Marks; a computer costs %(price)s and "
                                     "with %(credit)s credit you pay %(cost)s."),
    "cash_for_web_chip": _("You have %(cash)s Marks; a WEB chip costs %(cost)s."),
    "cash_for_repayment": _("You have %(cash)s Marks; the repayment is %(cost)s."),
    "cash_for_correction": _("The team has %(cash)s Marks; the correction takes %(cost)s."),
    "cash_for_marketing_organization": _("You have %(cash)s Marks; a marketing organization "
                                         "costs %(cost)s."),
    "cash_for_marketing_costs": _("You have %(cash)s Marks; the yearly marketing costs are "
                                  "%(cost)s."),
    "cash_for_auction_bid": ngettext_lazy(
        "You have %(cash)s Marks; %(units)s unit at %(price)s Marks costs %(cost)s.",
        "You have %(cash)s Marks; %(units)s units at %(price)s Marks cost %(cost)s.", "units"),
    "credit_negative": _("A credit cannot be negative."),
    "credit_not_positive": _("Ask for a positive amount of credit."),
    "credit_step": _("The bank lends in steps of %(step)s Marks."),
    "credit_limit": _("The bank lends up to half the value of your machines and computers: "
                      "%(available)s Marks more at most, not %(amount)s."),
    "investment_credit_cap": _("An investment may borrow at most %(max_credit)s Marks."),
    "computer_credit_cap": _("A computer may be bought with at most %(max_credit)s Marks "
                             "credit."),
    "repay_not_positive": _("Repay a positive amount."),
    "repay_more_than_debt": _("You owe the bank %(debt)s Marks, not %(amount)s."),
    "correction_needs_reason": _("A correction needs its reason."),
    "correction_zero": _("A correction of 0 Marks changes nothing."),
    # ================================================================ goods and the market
    "no_units_to_buy": _("Name at least one unit to buy."),
    "no_units_to_produce": _("Name at least one unit to produce."),
    "no_units_to_sell": _("Name at least one unit to sell."),
    "no_units_to_offer": _("Name at least one unit to offer."),
    "no_raw_to_sell_back": _("Name at least one unit of raw material to sell back."),
    "no_finished_to_sell_back": _("Name at least one unit of finished product to sell back."),
    "units_whole_number": _("Name a whole number of units."),
    "price_whole_number": _("The price must be a whole number."),
    "market_holds": ngettext_lazy(
        "The market holds %(in_market)s unit; you cannot buy %(units)s.",
        "The market holds %(in_market)s units; you cannot buy %(units)s.", "in_market"),
    "market_room": ngettext_lazy("The market has room for %(room)s unit only.",
                                 "The market has room for %(room)s units only.", "room"),
    "not_enough_raw": ngettext_lazy(
        "You have %(have)s unit of raw material, not %(units)s.",
        "You have %(have)s units of raw material, not %(units)s.", "have"),
    "not_enough_finished": ngettext_lazy(
        "You have %(have)s unit of finished product, not %(units)s.",
        "You have %(have)s units of finished product, not %(units)s.", "have"),
    "production_capacity": ngettext_lazy(
        "Your machines can make %(capacity)s unit now, not %(units)s.",
        "Your machines can make %(capacity)s units now, not %(units)s.", "capacity"),
    "production_capacity_delivering": ngettext_lazy(
        "Your machines can make %(capacity)s unit now (%(delivering)s machine(s) still being "
        "delivered), not %(units)s.",
        "Your machines can make %(capacity)s units now (%(delivering)s machine(s) still being "
        "delivered), not %(units)s.", "capacity"),
    "bank_out_of_machines": _("The bank has no machine left: all %(limit)s are in play."),
    "bank_out_of_computers": _("The bank has no computer left: all %(limit)s are in play."),
    "bank_out_of_web_chips": _("The bank has no WEB chip left: all %(limit)s are in play."),
    "sell_back_item": _("The bank buys back raw material, finished product, a machine or a "
                        "computer."),
    "no_computer_to_sell": _("You own no computer; a leased computer cannot be sold."),
    # ================================================================ machines and WEB chips
    "machine_not_in_hall": _("Machine %(machine)s is not in your hall."),
    "machine_not_in_play": _("Machine %(machine)s is not in play."),
    "machine_leased_from": _("Machine %(machine)s is leased from %(owner)s."),
    "machine_is_single": _("Machine %(machine)s is a single machine."),
    "machine_is_double": _("Machine %(machine)s is a double machine already."),
    "no_machine": _("You have no machine for that."),
    "no_single_machine": _("You have no single machine for that."),
    "no_double_machine": _("You have no double machine for that."),
    "web_for_efficiency": _("An efficiency improvement takes %(need)s WEB chips; you have "
                            "%(have)s."),
    "web_for_advertising": _("An advertising campaign takes %(need)s WEB chips; you have "
                             "%(have)s."),
    "web_for_lease": _("Leasing a computer takes %(need)s WEB chips; you have %(have)s."),
    "web_for_lease_renewal": _("Renewing the lease takes %(need)s WEB chips; you have "
                               "%(have)s."),
    "advertising_running": _("Your campaign already runs until your next red field."),
    "computer_already": _("You have a computer already; a factory has one computer slot."),
    "no_web_chip": _("You have no WEB chip to pay with."),
    # ================================================================ the fields
    "no_finished_for_half_price": _("You have no finished product to sell at half price."),
    "cannot_produce_on_cost_field": _("You cannot produce: you need a ready machine and raw "
                                      "material."),
    "cost_field_option": _("On the yellow field choose: sell at half price, produce, idle or "
                           "pay a WEB chip."),
    "write_off_option": _("On the white field choose: return a machine, downgrade one or pay "
                          "a WEB chip."),
    "no_such_risk_card": _("There is no risk card %(card)s; the cards are 1 to %(cards)s."),
    # ================================================================ private business
    "deal_keys": _("A deal can hold cash, raw material, finished product, machines, machines "
                   "on lease, a computer and a loan; not %(keys)s."),
    "deal_value_number": _("In a deal, %(key)s is a whole number, not below zero."),
    "deal_bad_value": _("In a deal, %(key)s has a bad value."),
    "deal_machine_list": _("In a deal, %(key)s is a list of machine numbers."),
    "deal_value_too_large": _("In a deal, %(key)s is larger than the game holds (at most "
                              "%(most)s)."),
    "deal_list_too_long": _("In a deal, %(key)s lists at most %(most)s machines."),
    "deal_too_many_open": _("%(team)s has %(most)s open offers already; withdraw one before "
                            "making another."),
    "deal_cash": _("%(team)s has %(cash)s Marks, not %(amount)s."),
    "deal_not_enough_raw": ngettext_lazy(
        "%(team)s has %(have)s unit of raw material, not %(units)s.",
        "%(team)s has %(have)s units of raw material, not %(units)s.", "have"),
    "deal_not_enough_finished": ngettext_lazy(
        "%(team)s has %(have)s unit of finished product, not %(units)s.",
        "%(team)s has %(have)s units of finished product, not %(units)s.", "have"),
    "deal_no_computer": _("%(team)s owns no computer to sell."),
    "deal_computer_room": _("%(team)s has room for one computer only."),
    "deal_lease_own_only": _("%(team)s can lease out only its own machines in its hall; "
                             "machine %(machine)s is not."),
    "deal_cannot_hand_machine": _("%(team)s cannot hand machine %(machine)s to %(partner)s."),
    "deal_sold_and_leased": _("Machine %(machine)s cannot be sold and leased in the same "
                              "deal."),
    "deal_no_partner": _("There is no team %(partner)s in the game to deal with."),
    "deal_needs_other_team": _("A deal needs another team."),
    "deal_empty": _("The deal is empty: say what changes hands."),
    "no_open_deal": _("There is no open deal %(deal)s."),
    "deal_offered_to_other": _("Deal %(deal)s is offered to %(partner)s, not %(team)s."),
    "deal_swap_computers": _("Swap computers by two deals."),
    "deal_only_partner_rejects": _("Deal %(deal)s is offered to %(partner)s; only it can turn "
                                   "it down."),
    "deal_only_proposer_withdraws": _("Deal %(deal)s was offered by %(proposer)s; only it can "
                                      "withdraw it."),
    "no_private_loan": _("You have no private loan %(loan)s."),
    "loan_due_not_played": _("Private loans carry no due date in this game: agree on the "
                             "repayment in the terms."),
    "loan_due_without_loan": _("A due date needs a loan in the deal."),
    "loan_due_years": _("A loan comes due after 1 or more of the borrower's years, not "
                        "%(years)s."),
    "private_repay_range": _("You owe %(owed)s Marks on loan %(loan)s; repay between 1 and "
                             "that."),
    # ================================================================ bankruptcy: the estate
    "no_estate_auction": _("No bankrupt team's assets are being auctioned now."),
    "estate_highest_bid_already": _("You hold the highest bid already."),
    "estate_bid_above_highest": _("Bid more than %(floor)s Marks (the highest bid)."),
    "estate_bid_above_bank": _("Bid more than %(floor)s Marks (what the bank pays)."),
    "estate_bid_cash": _("You have %(cash)s Marks; you cannot bid %(price)s."),
    "estate_computer_room": _("The lot holds a computer and your factory has one already."),
    "estate_pass_not_waiting": _("You have passed already, or hold the highest bid."),
    # ================================================================ the game log
    "unknown_action_type": _("Unknown action type %(type)s."),
    "action_not_object": _("An action is a JSON object with a 'type'."),
    "action_unknown_fields": _("Action '%(type)s' has no field(s) %(fields)s."),
    "action_needs_actor": _("Action '%(type)s' needs an 'actor' (a team or 'bank')."),
    "action_field_number": _("Action '%(type)s': %(field)s must be a whole number."),
    "action_field_object": _("Action '%(type)s': %(field)s must be an object."),
    "action_field_text": _("Action '%(type)s': %(field)s must be text."),
    "action_field_bool": _("Action '%(type)s': %(field)s must be true or false."),
    "action_field_too_large": _("Action '%(type)s': %(field)s is larger than the game holds "
                                "(at most %(most)s)."),
    "action_field_too_long": _("Action '%(type)s': %(field)s is too long (at most "
                               "%(most)s)."),
    "impossible_chance": _("The log records %(name)s = %(value)s, which no die or card "
                           "shows."),
    "log_not_object": _("A game log is an object with 'config' and 'actions'."),
    "log_format": _("This is not a %(format)s version %(version)s file."),
    "log_not_json": _("The log is not valid JSON: %(error)s"),
    "log_entry_not_object": _("Each log entry is an action object."),
    "log_chance": _("'chance' holds whole numbers by name (die, card)."),
    # ================================================================ step 1: free market
    "free_market_off": _("This game does not play the free market (step 1): sell with "
                         "'sell'."),
    "sell_is_offer": _("With the free market a sale is an offer: offer the units at your "
                       "price (at most the market price, %(market_price)s Marks)."),
    "sell_is_offer_no_price": _("With the free market a sale is an offer: offer the units at "
                                "your price."),
    "advertising_offer_price": _("Your advertising campaign sells at the advertising price and "
                                 "cannot be underbid: send the offer without a price."),
    "offer_price_positive": _("Announce a price per unit above 0 Marks."),
    "offer_price_above_market": _("The price may not be higher than the market price, "
                                  "%(market_price)s Marks; you asked %(price)s."),
    "offer_price_step": _("Prices go in %(step)s-Mark steps below the market price of "
                          "%(market_price)s: %(prices)s ...; not %(price)s."),
    "no_bidding": _("No bidding is running now."),
    "bidding_withdrawn": _("You have withdrawn from this bidding."),
    "bidding_seller_waits": _("The competition answers now; as first supplier you answer when "
                              "its offers are in."),
    "bidding_first_round_only": _("Only teams that offered in the first round take part in "
                                  "the later rounds."),
    "bidding_seller_first": _("%(seller)s, the first supplier, answers first in this round."),
    "bidding_answered": _("You have answered in this round already."),
    "bidding_not_in": _("You had no finished product when the sale was announced, so you are "
                        "not in this bidding."),
    "bidding_seller_no_bid": _("As first supplier you may only match the competition's price "
                               "or withdraw; you must not underbid it."),
    "bidding_match_seller_only": _("Only the first supplier, %(seller)s, matches the "
                                   "competition's price; offer a price or withdraw."),
    "bid_more_units": ngettext_lazy(
        "You offered %(offered)s unit; you may offer fewer (withdraw in part) but not more.",
        "You offered %(offered)s units; you may offer fewer (withdraw in part) but not more.",
        "offered"),
    "bid_price_step": _("Underbid in steps of %(step)s Marks: %(prices)s, not %(price)s."),
    "bid_above_point": _("%(price)s Marks is above the current price point of %(point)s: "
                         "offer %(prices)s."),
    "bid_price_floor": _("The price cannot go below %(point)s Marks."),
    "bid_one_step": _("One step of %(step)s Marks per round: offer %(prices)s, not "
                      "%(price)s."),
    # ================================================================ step 2: the auction
    "no_auction_open": _("No auction is open now."),
    "bid_whole_number": _("A bid is a whole number of Marks per unit."),
    "auction_highest_bid_already": _("You hold the highest bid already (%(price)s Marks per "
                                     "unit)."),
    "auction_bid_above_highest": _("Bid more than the highest bid: at least %(least)s Marks "
                                   "per unit, not %(price)s."),
    "auction_bid_above_opening": _("Bid more than the market price the bank opened with: at "
                                   "least %(least)s Marks per unit, not %(price)s."),
    "auction_bid_step": _("Bids rise in steps of %(step)s Marks from the opening price of "
                          "%(opening)s: bid %(least)s, or more in steps of %(step)s."),
    "auction_pass_leader": _("You hold the highest bid (%(price)s Marks per unit); there is "
                             "nothing to pass on."),
    "auction_passed_already": _("You have passed already; you may still bid until the auction "
                                "closes."),
    "auction_purchase_cap": _("With competition during purchasing you buy at most %(most)s "
                              "units at the market price, not %(units)s; the rest of the zone "
                              "is then auctioned."),
    # ================================================================ step 3: marketing
    "trough_range": _("The board has marketing organizations 1 to %(troughs)s; not "
                      "%(trough)s."),
    "troughs_all_taken": _("All %(troughs)s marketing organizations are taken."),
    "trough_taken": _("Marketing organization %(trough)s belongs to %(owner)s."),
    "trough_yours": _("Marketing organization %(trough)s is yours already."),
    "bank_web_for_trough": _("The bank has %(have)s WEB chips; a marketing organization takes "
                             "%(need)s."),
    "trough_to_close": _("Name the marketing organization to close: you own %(yours)s."),
    "trough_not_yours": _("Marketing organization %(trough)s is not yours."),
    "no_marketing_costs_due": _("No marketing costs are due now."),
    "marketing_costs_for_trough": _("The marketing costs due now are for organization "
                                    "%(trough)s."),
    "marketing_pay_bool": _("Pay the %(cost)s Marks, or give the organization up."),
    "marketing_sale_not_your_turn": _("Marketing organizations sell in their owner's turn; it "
                                      "is %(current)s's turn, not %(actor)s's."),
    "marketing_sale_before_roll": _("Your marketing organizations sell once you have rolled."),
    "marketing_sale_waits": _("The marketing sale waits until the phase of several teams is "
                              "over."),
    "no_marketing_organization": _("You own no marketing organization."),
    "marketing_sale_allowance": _(
        "Each marketing organization sells one unit per roll: you own %(owned)s and have sold "
        "%(sold)s with this roll, so %(left)s more at most, not %(units)s."),
    "marketing_sale_one_per_turn": _(
        "Your marketing organizations sell one unit per roll, however many you own: you have "
        "sold %(sold)s with this roll, so %(left)s more at most, not %(units)s."),
    "no_finished_in_stock": _("You have no finished unit in stock."),
    "marketing_sale_fresh": ngettext_lazy(
        "You have %(have)s finished unit, %(fresh)s of them produced with this roll, which "
        "cannot be sold through the organization: %(most)s at most.",
        "You have %(have)s finished units, %(fresh)s of them produced with this roll, which "
        "cannot be sold through the organization: %(most)s at most.", "have"),
    # ================================================================ steps 4 and 6: takeovers
    "takeover_off": _("Buying a business belongs to steps 4 and 6, not played here."),
    "takeover_no_target": _("There is no other team %(target)s in business to buy."),
    "takeover_price_negative": _("The price of a business cannot be negative."),
    "terms_length": _("Terms are a text of at most %(most)s characters."),
    "takeover_too_many_open": _("%(team)s has %(most)s open takeover offers already; wait for "
                                "an answer before making another."),
    "no_takeover_offer": _("There is no open takeover offer %(offer)s."),
    "takeover_reject_parties": _("Only the two teams of an offer can turn it down."),
    "takeover_accept_target": _("Only %(target)s can accept an offer for its business."),
    "takeover_buyer_out": _("%(team)s is out of the game."),
    "takeover_before_game": _("The game has not begun: businesses are sold once it has."),
    "takeover_during_turn": _("A business is sold between its turns, not during one."),
    "takeover_cash": _("%(team)s cannot pay %(price)s Marks, even with %(target)s's cash."),
    "takeover_computer_room": _("%(team)s has a computer already; a factory has one slot. "
                                "Sell one first."),
    # ================================================================ step 5: goals
    "personal_goal_length": _("Write your personal goal in 1 to %(most)s characters."),
    "personal_goal_too_late": _("The personal goal is written down at the start of the game, "
                                "before your first roll."),
    # ================================================================ step 6: labour market
    "workers_whole_number": _("The number of workers must be a whole number."),
    "salary_whole_number": _("The salary must be a whole number."),
    "offer_whole_number": _("The offer number must be a whole number."),
    "offer_at_least_one_worker": _("Offer at least one worker."),
    "salary_negative": _("A salary cannot be below 0 Marks."),
    "start_salary": _("Until the first team completes its first year the salary is "
                      "%(salary)s Marks a worker; then it is negotiated freely."),
    "workers_left": ngettext_lazy(
        "The worker representative has %(have)s worker left, not %(workers)s.",
        "The worker representative has %(have)s workers left, not %(workers)s.", "have"),
    "hiring_offer_open": _("Hiring offer %(offer)s between %(team)s and the worker "
                           "representative is open: answer or withdraw it first."),
    "no_hiring_offer": _("There is no open hiring offer %(offer)s."),
    "hiring_offer_waits": _("Offer %(offer)s waits for the answer of %(who)s."),
    "hiring_offer_parties": _("Offer %(offer)s is between %(team)s and the worker "
                              "representative."),
    "notice_on_red_only": _("Notice is given on a red field: while %(team)s stands on its red "
                            "field."),
    "notice_at_least_one_worker": _("Give notice to at least one worker."),
    "notice_more_than_staff": ngettext_lazy(
        "%(team)s has %(have)s worker without notice, not %(workers)s.",
        "%(team)s has %(have)s workers without notice, not %(workers)s.", "have"),
    "strike_names": _("Name the businesses to strike, each once."),
    "strike_on_red_only": _("A strike is called when a business lands on a red field: wait "
                            "until one stands on red."),
    "no_such_business": _("There is no business %(team)s in the game."),
    "employs_no_workers": _("%(team)s employs no workers."),
    "struck_already": _("%(team)s is struck already."),
    "has_locked_out": _("%(team)s has locked its workers out."),
    "no_strike_at": _("There is no strike at %(team)s."),
    "locked_out_already": _("Your workers are locked out already."),
    "lockout_while_struck": _("Your business is struck: a lockout is for the other "
                              "businesses."),
    "lockout_without_strike": _("A lockout answers a strike: no business is struck now."),
    "lockout_no_workers": _("You employ no workers to lock out."),
    "not_locked_out": _("Your workers are not locked out."),
    "struck_on_red": _("Your workers are on strike: no production on this red field."),
    "locked_out_on_red": _("Your workers are locked out: no production on this red field."),
    "produced_on_red_already": _("You have produced on this red field already: production is "
                                 "once per red field."),
    "struck": _("Your workers are on strike: you cannot produce."),
    "locked_out": _("You have locked your workers out: you cannot produce until you end the "
                    "lockout."),
    "staffed_capacity": ngettext_lazy(
        "Your machines with a worker can make %(capacity)s unit now, not %(units)s: "
        "%(workers)s worker(s) for %(machines)s delivered machine(s); one worker runs one "
        "machine, a double machine too.",
        "Your machines with a worker can make %(capacity)s units now, not %(units)s: "
        "%(workers)s worker(s) for %(machines)s delivered machine(s); one worker runs one "
        "machine, a double machine too.", "capacity"),
    "usable_raw": ngettext_lazy(
        "You have %(have)s unit of raw material to produce, not %(units)s.",
        "You have %(have)s units of raw material to produce, not %(units)s.", "have"),
    "usable_raw_fresh": ngettext_lazy(
        "You have %(have)s unit of raw material to produce, not %(units)s (%(fresh)s bought "
        "since you last landed on a red field: they can be produced from your next red field "
        "on).",
        "You have %(have)s units of raw material to produce, not %(units)s (%(fresh)s bought "
        "since you last landed on a red field: they can be produced from your next red field "
        "on).", "have"),
    "cannot_produce_on_cost_field_staffed": _("You cannot produce: you need a delivered machine "
                                              "with a worker, and raw material bought before "
                                              "your last red field."),
    "all_finished_fresh": _("Your finished units were all made since you last landed on a red "
                            "field: they can be sold from your next red field on."),
    "fresh_finished": _("%(fresh)s of your %(have)s finished units were made since you last "
                        "landed on a red field: they can be sold from your next red field on "
                        "(%(now)s now). Private deals are exempt."),
    # ================================================================ the set-up
    "config_unknown_settings": _("Unknown setting(s): %(settings)s."),
    "config_teams_missing": _("Name the teams."),
    "config_teams_list": _("The teams are a list of names."),
    "config_bool": _("%(setting)s must be true or false."),
    "config_whole_number": _("%(setting)s must be a whole number."),
    "config_text": _("%(setting)s must be text."),
    "config_unreadable": _("%(setting)s cannot be read: %(error)s"),
    "config_steps_list": _("The expansion steps are a list of numbers 1 to 6, or all."),
    "config_limits": _("The limits are whole numbers for %(components)s."),
    "config_team_count": _("A game has at most %(max)s teams, and at least %(min)s; you named "
                           "%(named)s. A bigger class plays in several games at once."),
    "config_team_name_empty": _("A team name cannot be empty."),
    "config_team_names_distinct": _("Two teams are called “%(name)s”; every team needs its own "
                                    "name."),
    "config_team_name_reserved": _("“%(name)s” is a role in the game, not a team name; choose "
                                   "another."),
    "config_board_start": _("The board begins with the start field S, and has only one."),
    "config_board_letters": _("The board uses only the letters %(letters)s; not %(wrong)s."),
    "config_board_red": _("The board needs red decision fields (R)."),
    "config_zone_prices_rise": _("The zone prices rise from the cheapest zone to the dearest."),
    "config_zone_prices_positive": _("The zone prices are at least 1 Mark."),
    "config_zone_capacity": _("A zone holds at least one unit."),
    "config_market_fill": _("The market at the start is automatic, full, half, or a number of "
                            "units per zone."),
    "config_market_fill_units": _("The market at the start gives 0 to %(capacity)s units for "
                                  "each of %(zones)s zones."),
    "config_years": _("The game lasts at least one year."),
    "config_choice": _("%(setting)s is one of %(choices)s."),
    "config_steps": _("The expansion steps are numbered 1 to 6."),
    "config_first_team": _("%(team)s is not a team of this game."),
    "config_goal_needs_step_5": _("This goal needs expansion step 5 (various game goals): tick "
                                  "step 5 or choose the highest profit."),
    "config_sales_target": _("The sales target is at least 1 Mark."),
    "config_capital": _("The starting capital is no negative amount."),
    "config_limits_negative": _("The limits count the components of the box: none is "
                                "negative."),
    "config_at_least": _("%(setting)s is at least %(least)s."),
    "config_duties_need_step_6": _("Split duties belong to the labour market: they need step "
                                   "6; tick it."),
    "config_duties_teams": _("Split duties name each team run by two players once."),
    "config_risk_order": _("The order of the risk deck names each of the %(cards)s risk cards "
                           "once."),
}
