"""Step 1's names and the rulebook's numbers for it: the step, its rule and the advertising
rule it defers to ("Advertising Campaigns (2 WEBs)"), its key in the step data, its pending
item, the 500-Mark steps of underbidding, and why a bidding ends when all was uncovered.

Rulebook: "1. Step: Free Market for Sales"."""

from __future__ import annotations

STEP = 1
RULE = "1. Step: Free Market for Sales"
ADVERTISING_RULE = "Advertising Campaigns (2 WEBs)"
KEY = "free_market"
KIND = "bidding"
#: "You can only underbid in price in decrements of 500 Marks."
STEP_MARKS = 500
#: How far below the market price the listed offer choices go (bots, the site's buttons); any
#: price in 500-Mark steps below the market price may be announced.
OFFER_SPAN = 2_000

#: Why a bidding ends when the competition covered none of the first supplier's units: all
#: of them were sold to it at the market price already (rulebook: "units that were not
#: covered by the competition in the first round").
ALL_UNCOVERED = "the first supplier sold every unit uncovered"
