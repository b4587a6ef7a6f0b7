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
#: lowest and highest price. The prices are not public (schoko-facts.md); chosen so that the
#: rulebook's beginner company (1-2 workers, one of each other kind: 36,000-42,000 a month)
#: just pays its way selling one contract a month at the lowest price (11,000-13,000 a bar,
#: above the bank's 10,000), and a lone seller's highest price (20,000-24,000 a bar) is the
#: prize of a good month (docs/schoko/rules.md, "Contract prices"). A setting:
#: ``GameConfig.contracts``.
def _contracts() -> tuple[tuple[int, int, int], ...]:
    rows = []
    for bars, count in ((1, 3), (2, 4), (3, 5), (4, 4), (5, 5), (6, 2)):
        for j in range(count):
            rows.append((bars, bars * (11_000 + 1_000 * (j % 3)),
                         bars * (20_000 + 2_000 * (j % 3))))
    return tuple(rows)


DEFAULT_CONTRACTS = _contracts()

#: 6.2 only "New York" is named (first); the other four are chosen (a setting).
DEFAULT_CITIES = ("New York", "London", "Amsterdam", "Hamburg", "Accra")

#: 6.7 share values by month (January first): 55,000 in February and 83,000 in June give
#: +7,000 a month, linear (schoko-facts.md).
DEFAULT_SHARE_VALUES = tuple(48_000 + 7_000 * m for m in range(12))

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
