"""The rulebook's numbers, in Marks unless said otherwise (part I unless noted)."""

from __future__ import annotations

MACHINE_PRICE = 10_000  # "Decision: Investment"
MACHINE_CREDIT = 5_000  # collateral of a machine, and the most an investment may borrow
COMPUTER_PRICE = 20_000  # "Computer Leasing": buying instead of leasing
COMPUTER_CREDIT = 10_000
WEB_PRICE = 1_000  # "The Green WEB Field"
PRODUCTION_COST = 1_000  # "Decision: Producing"
COMPUTER_PRODUCTION_COST = 500
COST_FIELD_PRODUCTION = 3_000  # "The Yellow Cost Field"
IDLE_COST = 1_000
LOAN_FEE = 1_000  # "Lines of Credit"
INTEREST_PERCENT = 10
REPURCHASE = {"raw": 150, "finished": 1_500, "machine": 5_000, "computer": 10_000}
FINAL_VALUE = {"raw": 150, "finished": 1_500, "machine": 10_000, "computer": 20_000}
ADVERTISING_CAP = 5_000  # "Advertising Campaigns"
WEB_EFFICIENCY, WEB_ADVERTISING, WEB_LEASE = 3, 2, 2
WEB_INSURANCE = 2
#: The chip paid on the yellow cost field or the white write-off field instead ("Pay 1 WEB").
WEB_FIELD = 1
DELIVERY_ROLLS = 2  # "in 2 die rolls"
