"""Words the documents print for the engine's keys, through Django's translation machinery.

The engine names its profit-and-loss lines and goal variants in English (``LINE_TITLES``,
``GOAL_TITLES``, ``GOAL_FORMULAS``); these are the same words marked for translation, so that a
German catalogue translates the documents. A key the engine adds later falls back to the
engine's own title.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from playboss.rules import GOAL_FORMULAS, GOAL_TITLES
from playboss.rules.accounts import LINE_OF, LINE_TITLES

#: The profit-and-loss lines of a business year, in the engine's order (``accounts.LINES``).
LINE_LABELS: dict[str, Promise] = {
    "sales_market": _("Sales to the market"),
    "sales_bank": _("Sales to the bank (repurchase)"),
    "private": _("Private business"),
    "raw_material": _("Raw material bought"),
    "production": _("Production costs"),
    "salaries": _("Salaries"),
    "interest": _("Interest and fees"),
    "web": _("WEB expenses"),
    "marketing": _("Marketing costs"),
    "idle": _("Idle and cost-field charges"),
    "risk": _("Risk cards (damages)"),
    "write_off": _("Write-offs"),
    "taxes": _("Tax on the year's profit"),
    "strikes": _("Strikes and lockouts (idle costs)"),
    "corrections": _("Corrections by the bank"),
    "takeover": _("Business taken over or sold (book value)"),
    "takeover_price": _("Takeover price"),
    "bankruptcy": _("Bankruptcy: assets sold to the bank"),
    "bankruptcy_auction": _("Bankruptcy auction"),
    "debt_written_off": _("Debts written off in bankruptcy"),
    "claims_lost": _("Loans given lost in another team's bankruptcy"),
    "lender_change": _("Loan taken over by the bank (lender changed)"),
    "investment": _("Investments (machines, computers)"),
    "financing": _("Credit and loans"),
    "tax_paid": _("Tax of the previous year paid"),
    "capital": _("Starting capital paid in"),
    "other": _("Other"),
}

#: The positions of the profit and loss after HGB § 275 (2), total-cost form
#: (``accounts.GKV_POSITIONS``), with their IFRS/UK names; the German catalogue gives the HGB's
#: words and numbers. ``bargain`` and ``business_sold`` take their name from their sign
#: (``position_label``).
GKV_LABELS: dict[str, Promise] = {
    "revenue": _("Revenue"),
    "inventory_change": _("Changes in inventories of finished goods"),
    "other_income": _("Other operating income"),
    "materials": _("Cost of materials"),
    "staff": _("Staff costs"),
    "depreciation": _("Depreciation"),
    "other_expenses": _("Other operating expenses"),
    "interest_income": _("Interest income"),
    "interest_expense": _("Interest expense"),
    "capital_not_received": _("Starting capital not received (final valuation)"),
    "income_tax": _("Income taxes"),
}
#: Sign-dependent names: (gain, loss).
GKV_SIGNED: dict[str, tuple[Promise, Promise]] = {
    "bargain": (_("Gain on bargain purchase"),
                _("Loss on business purchase (price above book value)")),
    "business_sold": (_("Gain on the business sold"), _("Loss on the business sold")),
}


#: The names of the sign-dependent positions where one name covers both signs (a column).
GKV_NEUTRAL: dict[str, Promise] = {
    "bargain": _("Takeover: business bought (bargain or loss)"),
    "business_sold": _("Takeover: business sold (gain or loss)"),
}


def position_label(key: str, amount: int | None = 0) -> str:
    """A position's name; ``amount`` None: the name that covers both signs."""
    if key in GKV_SIGNED:
        if amount is None:
            return str(GKV_NEUTRAL[key])
        return str(GKV_SIGNED[key][0 if amount >= 0 else 1])
    label = GKV_LABELS.get(key)
    return str(label) if label is not None else key


#: Lines every year's statement shows, even at nothing, so that years compare line by line:
#: what the business earned and spent. Events (``accounts.EVENT_LINES``: takeover, bankruptcy,
#: strike, correction, lender change) and investment, credit and capital appear when they
#: occurred; the tax of the year (step 4) is printed after the profit before tax.
OPERATING_LINES = ("sales_market", "sales_bank", "private", "raw_material", "production",
                   "salaries", "interest", "web", "marketing", "idle", "risk", "write_off")

GOAL_LABELS: dict[str, Promise] = {
    "profit": _("Highest profit when time is up"),
    "first_to_sales": _("First to reach the sales target"),
    "sales_then_profit": _("Highest profit once a team reaches the sales target"),
    "sales_yield": _("Highest sales yield (profit / sales)"),
    "asset_yield": _("Highest asset yield per year (profit / balance-sheet total / years)"),
}

FORMULA_LABELS: dict[str, Promise] = {
    "sales_yield": _("Sales yield = total profit / total sales"),
    "asset_yield": _("Asset yield = total profit / balance-sheet total / years played"),
}

STEP_LABELS: dict[int, Promise] = {
    1: _("1 free market for sales"),
    2: _("2 competition during purchasing"),
    3: _("3 marketing"),
    4: _("4 taxation"),
    5: _("5 various game goals"),
    6: _("6 labour market"),
}


#: The ledger's kinds (``playboss.rules.ledger.KINDS``).
KIND_LABELS: dict[str, Promise] = {
    "cash": _("cash"),
    "raw": _("raw material"),
    "finished": _("finished product"),
    "machine": _("machine"),
    "computer": _("computer"),
    "web": _("WEB chips"),
    "bank_debt": _("bank debt"),
    "private_debt": _("private debt"),
    "capital": _("starting capital"),
    "worker": _("workers"),
}

#: The ledger's reasons, for the spreadsheets. A reason the engine adds later shows the
#: statement line it belongs to, or the engine's own word.
REASON_LABELS: dict[str, Promise] = {
    "sale": _("sale"),
    "sale at half price": _("sale at half price"),
    "marketing sale": _("sale through a marketing organization"),
    "free market sale": _("sale on the free market"),
    "repurchase": _("sale to the bank"),
    "private deal": _("private deal"),
    "purchase": _("purchase"),
    "auction": _("auction"),
    "production": _("production"),
    "cost-field production": _("production on a cost field"),
    "salary": _("salary"),
    "salaries": _("salaries"),
    "interest": _("interest"),
    "loan fee": _("loan fee"),
    "WEB chip": _("WEB chip"),
    "efficiency": _("efficiency"),
    "advertising": _("advertising"),
    "computer lease": _("computer lease"),
    "cost field": _("cost field"),
    "marketing": _("marketing"),
    "idle costs": _("idle costs"),
    "strike idle costs": _("idle costs during a strike"),
    "lockout idle costs": _("idle costs during a lockout"),
    "risk": _("risk card"),
    "write-off": _("write-off"),
    "tax": _("tax"),
    "investment": _("investment"),
    "bank credit": _("bank credit"),
    "repayment": _("repayment"),
    "private loan": _("private loan"),
    "private repayment": _("private repayment"),
    "loan taken over by bank": _("loan taken over by the bank"),
    "written off": _("written off"),
    "bankruptcy": _("bankruptcy"),
    "bankruptcy sale": _("bankruptcy sale"),
    "correction": _("correction by the bank"),
    "starting capital": _("starting capital"),
    "second capital": _("second instalment of starting capital"),
    "takeover": _("takeover"),
    "takeover price": _("takeover price"),
    "bankruptcy auction": _("bankruptcy auction"),
    "hiring": _("hiring"),
    "termination": _("termination"),
    "retired after the first lap": _("retired after the first year"),
    "salaries (bankruptcy)": _("salaries (bankruptcy)"),
    "unemployment fund": _("unemployment fund"),
    "unemployment support": _("unemployment support"),
    "set-up": _("set-up"),
}


def kind_label(kind: str) -> str:
    label = KIND_LABELS.get(kind)
    return str(label) if label is not None else kind


def reason_label(reason: str) -> str:
    label = REASON_LABELS.get(reason)
    if label is not None:
        return str(label)
    key = LINE_OF.get(reason)
    return line_label(key) if key is not None else reason


def line_label(key: str) -> str:
    label = LINE_LABELS.get(key)
    return str(label) if label is not None else LINE_TITLES.get(key, key)


def goal_label(goal: str) -> str:
    label = GOAL_LABELS.get(goal)
    return str(label) if label is not None else GOAL_TITLES.get(goal, goal)


def formula_label(goal: str) -> str:
    label = FORMULA_LABELS.get(goal)
    return str(label) if label is not None else GOAL_FORMULAS.get(goal, "")
