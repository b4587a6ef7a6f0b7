"""The game's material: staff kinds and salaries, contract cards, event and express cards.

Values the rulebook prints (or derives in its examples) are constants here; values it leaves
out are defaults of settings in ``config.py`` (see docs/schoko/rules.md).
"""

from __future__ import annotations

#: The four kinds of employee, in the order of the screen's salary table.
STAFF = ("worker", "sales", "secretary", "bookkeeper")

#: 6.1 "Monatliche Gehälter", derived from the rulebook's three salary examples.
SALARY = {"worker": 6_000, "sales": 12_000, "secretary": 8_000, "bookkeeper": 10_000}

#: Game Materials: the bank's tokens (20 brown, 16 green, 16 pink, 10 grey).
TOKENS = {"worker": 20, "sales": 16, "secretary": 16, "bookkeeper": 10}

HIRES_PER_KIND = 2  # 6.1 "You may not hire more than 2 employees of any category per month."
BARS = 114  # Game Materials: 114 bars of cocoa / chocolate
STORE = 16  # the cocoa store and the chocolate store hold 16 bars each (schoko-facts.md)
PER_WORKER = 3  # 6.3 a worker turns up to 3 bars of cocoa into chocolate
TRACK_MAX = 15  # 6.4 the negotiation chart ends at 15
SECRETARY_CONTRACTS = 1  # 6.4 each secretary processes 1 contract a month
BOOKKEEPER_CONTRACTS = 2  # 6.5 each bookkeeper cashes out up to 2 contracts a month
BANK_SALE_PRICE = 10_000  # 6.5 the bank buys a bar of chocolate for 10,000
BANK_SALE_MAX = 2  # 6.5 "a maximum of 2 bars"
INSIDE_PRICE = 15_000  # 6.6 inside information
LOAN_CARDS = 13  # Game Materials: 13 loan cards
LOAN = 50_000  # 6.7 the banker gives 50,000 and a loan card
INTEREST = 10_000  # 6.7 10,000 interest per loan card in every phase 7
SHARE_CERTIFICATES = 10  # Game Materials: 10 share certificates
CITIES = 5  # 6.2 five international markets
MIN_BID = 1_000  # 6.2 "The price for a bar is 1000 minimum or multiples thereof."
EXPRESS_PER_TEAM = 3  # Preparation: 3 express cards each
FINANZZUSCHUSS = 50_000  # event: premium for the highest payroll
SCHOCK_TAX = 5_000  # event: 5,000 a bar of chocolate in store
PROTEST_BARS = 5  # event: 5 bars of chocolate to the Finance Ministry
SPITZE = 5_000  # express: 5,000 to each other player
RUEHREND = 1_000  # express: 1,000 a head
VARIANT_FEE = 5_000  # variant: the penalty or embarrassment fee of a call

#: Phase 6 "Schmidt-Wirtschaftsdienst", seven cards.
EVENTS = (
    "magenverstimmung",  # Schokolade: Finanzielle Magenverstimmung
    "protest",  # Schoko Protest
    "schock",  # Schock im Schokolager
    "zuschuss",  # Personal: Finanzzuschuß
    "kakaoschock",  # Kakaoschock (next month)
    "sitzt_fest",  # Der Kakao sitzt fest (next month)
    "leergefegt",  # Arbeitsmarkt leergefegt (next month)
)

#: 6.8 the twelve express cards.
EXPRESS = (
    "bedauerlich", "fuerchterlich", "skandaloes", "ruehrend", "schlapp", "katastrophal",
    "grosszuegig", "entsetzlich", "spitze", "schmerzlich", "schlimm", "unglaublich",
)

#: Express cards played only on the winner right after a negotiation (6.8 card texts).
AFTER_SALE_CARDS = ("skandaloes", "schlimm")

#: The 23 contract cards (6.4 "Note: The distribution of contract cards"): bars (1 bar = 10 t),
#: lowest and highest price. The prices are not public (schoko-facts.md): chosen so that a bar
#: sold at the lowest price (about 9,000 a bar) beats the bank's 10,000 only on small contracts
#: and a lone seller's highest price (about 16,000 a bar) pays for the staff a sale needs
#: (docs/schoko/rules.md, "Contract prices"). A setting: ``GameConfig.contracts``.
DEFAULT_CONTRACTS: tuple[tuple[int, int, int], ...] = (
    (1, 8_000, 15_000), (1, 9_000, 16_000), (1, 10_000, 18_000),
    (2, 17_000, 30_000), (2, 18_000, 32_000), (2, 19_000, 33_000), (2, 20_000, 35_000),
    (3, 26_000, 45_000), (3, 27_000, 46_000), (3, 28_000, 48_000), (3, 29_000, 50_000),
    (3, 30_000, 52_000),
    (4, 35_000, 60_000), (4, 37_000, 63_000), (4, 38_000, 65_000), (4, 40_000, 68_000),
    (5, 44_000, 75_000), (5, 45_000, 77_000), (5, 47_000, 80_000), (5, 48_000, 82_000),
    (5, 50_000, 85_000),
    (6, 53_000, 90_000), (6, 56_000, 96_000),
)

#: 6.2 only "New York" is named (first); the other four are chosen (a setting).
DEFAULT_CITIES = ("New York", "London", "Amsterdam", "Hamburg", "Accra")

#: 6.7 share values by month (January first): 55,000 in February and 83,000 in June give
#: +7,000 a month, linear (schoko-facts.md).
DEFAULT_SHARE_VALUES = tuple(48_000 + 7_000 * m for m in range(12))

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
