"""The rulebook's literal reading where the engine strayed (issue 14): five settings.

Each setting has the value the engine played before the setting existed (``LEGACY``) and the
value that does what the rulebook's words say (``LITERAL``). The literal values are the
defaults (issue 14: they were made so only after the restructuring had been proved
behaviour-neutral with ``bench/fingerprint.py``).

A config that does not name one of these settings plays its default, the literal value, and
``to_dict`` leaves a setting out while it holds it, so a log written from the rulebook by
someone who never heard of these settings plays the rulebook's words. Games the site stored
before the defaults changed keep the legacy values: the site's migration
``classroom/0010_legacy_readings`` writes them into their stored set-up and snapshots. A log
exported before then names no reading either; to replay it as it was played, add the legacy
values to its ``config`` (``docs/game-log.md``).

This module holds only names and values; the rules that read them live beside the rule they
change (``red_field``/``any_time``, ``steps.marketing``, ``steps.free_market.offer``,
``collateral``, ``loan_due``).
"""

from __future__ import annotations

from typing import Final

#: Advertising Campaigns (2 WEBs): "If, upon landing on the next red field, one sells ...".
#: ``current``: a campaign bought on a red field not yet decided applies to that decision;
#: ``next``: it waits for the next red field the team lands on (the rulebook's words).
ADVERTISING_FIELD: Final = ("current", "next")
#: 3. Step: Marketing Organization: "the right to sell one of his finished products ... at
#: every of his turns". ``per_organization``: one unit per organization and roll;
#: ``one_per_turn``: one unit per roll, however many organizations the team owns.
MARKETING_SALES: Final = ("per_organization", "one_per_turn")
#: 1. Step: Free Market for Sales: the first supplier's price "may NOT be higher than the
#: currently set market price, but it may be lower". ``steps``: the market price or 500-Mark
#: steps below it; ``any``: any whole Mark from 1 up to the market price (the 500-Mark steps
#: are the underbidding's).
ASKING_PRICE: Final = ("steps", "any")
#: Explanations: Credit: "the machines are considered collateral which can be collected by
#: the bank if the loan is not repaid". ``free``: a team may sell back or sell privately a
#: machine or computer whatever its bank debt (the debt may stay above the new line);
#: ``repay_first``: the sale first repays the bank debt down to the line it leaves
#: (``collateral``, which says why not a refusal).
COLLATERAL: Final = ("free", "repay_first")
#: Explanations: Credit: "If your assets are not sufficient to repay a bank or private loan
#: when it comes due, you will enter bankruptcy." ``never``: a private loan has no due date;
#: ``agreed``: a loan may carry one (``loan_due_years`` of the deal: the borrower's years).
PRIVATE_LOAN_DUE: Final = ("never", "agreed")

#: Setting name -> its choices.
CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "advertising_field": ADVERTISING_FIELD,
    "marketing_sales": MARKETING_SALES,
    "free_market_asking_price": ASKING_PRICE,
    "collateral": COLLATERAL,
    "private_loan_due": PRIVATE_LOAN_DUE,
}
#: What the engine played before the settings existed (the site's older games keep it:
#: ``classroom`` migration 0010 writes it into their stored set-ups).
LEGACY: Final[dict[str, str]] = {
    "advertising_field": "current",
    "marketing_sales": "per_organization",
    "free_market_asking_price": "steps",
    "collateral": "free",
    "private_loan_due": "never",
}
#: The rulebook's words, read literally: the defaults.
LITERAL: Final[dict[str, str]] = {
    "advertising_field": "next",
    "marketing_sales": "one_per_turn",
    "free_market_asking_price": "any",
    "collateral": "repay_first",
    "private_loan_due": "agreed",
}
