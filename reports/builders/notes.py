"""Notes to the statements: what each line of the balance sheet and of the profit and loss
holds and why it is valued so (in the rulebook's words), and the rulebook's own example
("Explanations: Financial Statement and Profit") worked step by step.

In a team's pack the notes illustrate each line with the team's figures ("4 × 150 = 600"):
its balance sheet now (at the end of the game once it is over) and the profit-and-loss lines
of its latest year shown. In the class debrief the same notes come without a team's figures.
Every amount is the engine's (``BalanceSheet``, ``year_accounts``, ``balance_sheet_from``);
the arithmetic printed beside it only shows how the engine's figure is made up, and the tests
check that it adds up to the engine's figure.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from reportlab.platypus import Flowable, Paragraph, Spacer

from playboss.rules import FINAL_VALUE
from playboss.rules.accounts import EVENT_LINES, YearAccount
from playboss.rules.statements import BalanceSheet, balance_sheet_from

from ..labels import line_label
from . import balance_sheet
from .base import (
    BOLD,
    STYLES,
    Ctx,
    Fmt,
    Pdf,
    block,
    build_in,
    h2,
    note,
    para,
    para_text,
    shown,
    table,
    title,
)

DOCUMENT = "notes"
#: Line | how it is valued | the team's figures
SHEET_WIDTHS = (104, 257, 150)  # "Steuerschuld des Jahres" in bold on one line
SHEET_WIDTHS_CLASS = (104, 407)
#: Line | what it holds | cash | book value | profit
PNL_WIDTHS = (92, 251, 56, 56, 56)
PNL_WIDTHS_CLASS = (92, 419)
#: Item | calculation | Marks (the worked example's inventory)
STEP_WIDTHS = (211, 200, 100)

#: The rulebook's example (part I, "Explanations: Financial Statement and Profit").
EXAMPLE = dict(machines_single=3, raw=1, finished=2, cash=1_000, bank_debt=10_000,
               other_debt=2_000, starting_capital=20_000)
EXAMPLE_LOSS_BANK_DEBT = 15_000


def _cell(text: str, style: str = "cell_small") -> Paragraph:
    return Paragraph(para_text(text), STYLES[style])


def _times(fmt: Fmt, units: int, each: int, value: int) -> str:
    """ "4 × 150 = 600", or "none" without units."""
    if not units:
        return _("none")
    return f"{units} × {fmt.money(each)} = {fmt.money(value)}"


def debts_of(sheet: BalanceSheet) -> int:
    """What the business owes: bank, other teams and (step 4) the tax of a closed year."""
    return sheet.bank_debt + sheet.other_debt + sheet.tax_due


# ====================================================================== balance-sheet notes
def sheet_notes(ctx: Ctx, sheet: BalanceSheet | None, web_chips: int = 0) -> list[list[object]]:
    """One row per balance-sheet line: its label, how it is valued (quoting the rulebook)
    and, with a team's ``sheet``, the team's figure worked out."""
    fmt, m = ctx.fmt, ctx.fmt.money
    value = FINAL_VALUE
    rows: list[tuple[str, str, Callable[[BalanceSheet], str]]] = [
        (_("Machines"),
         _("%(each)s Marks a machine, single or double capacity alike: “Machines (incl. 2x "
           "producing): 10,000 Marks per machine”. The bank's repurchase price (5,000) is what "
           "a sale to the bank brings, not the value on the books; a machine returned on the "
           "white field leaves the books (“Write-offs”).") % {"each": m(value["machine"])},
         lambda s: _times(fmt, s.machines_single + s.machines_double, value["machine"],
                          s.machines_value)),
        (_("Computers"),
         _("%(each)s Marks a computer the business owns: “Computers (if owned): 20,000 Marks "
           "per computer”. A leased computer is not its property and is not listed.")
         % {"each": m(value["computer"])},
         lambda s: _times(fmt, s.computers, value["computer"], s.computers_value)),
        (_("Raw material"),
         _("%(each)s Marks a unit, whatever it cost: “Raw materials: 150 Marks per product "
           "unit”. What a purchase costs above that is an expense (“Raw material bought”).")
         % {"each": m(value["raw"])},
         lambda s: _times(fmt, s.raw, value["raw"], s.raw_value)),
        (_("Finished product"),
         _("%(each)s Marks a unit: “Finished product: 1,500 Marks per product unit”. Producing "
           "turns 150 of raw material into 1,500 of product; the gain shows under “Production "
           "costs”, and a sale adds only the price above 1,500 (“Sales”).")
         % {"each": m(value["finished"])},
         lambda s: _times(fmt, s.finished, value["finished"], s.finished_value)),
        (_("WEB chips"),
         _("Not on the balance sheet: “In the game, WEBs are not considered for the balance "
           "sheet.” They are expenses when bought, though they pay off later."),
         lambda s: _("%(chips)d held, valued at 0") % {"chips": web_chips}),
        (_("Loans given"),
         _("What other teams still owe the business, at the amount lent: at the end “the "
           "positive credit [is] added to the lender's totals”."),
         lambda s: m(s.loans_given) if s.loans_given else _("none")),
        (_("Cash"),
         _("The Marks on hand: “To those valuations, one adds the cash on hand”."),
         lambda s: m(s.cash)),
        (_("Bank debt"),
         _("Credit still owed to the bank, at the amount owed. Interest (10 %) and the fee of "
           "1,000 Marks fall due at each crossing of the start and are expenses then."),
         lambda s: m(s.bank_debt) if s.bank_debt else _("none")),
        (_("Other debt"),
         _("Private loans owed to other teams: “Private loans are also subtracted”."),
         lambda s: m(s.other_debt) if s.other_debt else _("none")),
    ]
    if ctx.fig.taxes:
        rows.append((
            _("Tax due for the year"),
            _("Step 4: the tax assessed on a year's profit when the team crosses the start, a "
              "debt on that year's closing balance sheet until it is paid."),
            lambda s: _("on each year's statement")))
    rows += [
        (_("Starting capital"),
         _("The capital the bank paid in, 20,000 Marks (the base model pays the second 10,000 "
           "after the first year): at the end one must “subtract the 20,000 Marks of starting "
           "capital”."),
         lambda s: m(s.starting_capital)),
        (_("Profit or loss"),
         _("What is left: assets less debts less starting capital. “The result is the "
           "profit, or if negative, the loss.”"),
         lambda s: f"{m(s.total_assets)} - {m(debts_of(s))} - {m(s.starting_capital)} = "
                   f"{m(s.profit)}"),
        (_("Owned capital"),
         _("“The profit and the starting capital together form the owned capital.”"),
         lambda s: f"{m(s.starting_capital)} + {m(s.profit)} = {m(s.equity)}"),
    ]
    out: list[list[object]] = []
    for label, how, yours in rows:
        row: list[object] = [label, _cell(how)]
        if sheet is not None:
            row.append(_cell(yours(sheet)))
        out.append(row)
    return out


def sheet_notes_table(ctx: Ctx, sheet: BalanceSheet | None, web_chips: int = 0) -> Flowable:
    head: list[object] = [_("Line"), _("How it is valued, in the rulebook's words")]
    if sheet is not None:
        head.append(_("Your figures"))
    widths = SHEET_WIDTHS if sheet is not None else SHEET_WIDTHS_CLASS
    return table([head, *sheet_notes(ctx, sheet, web_chips)], widths, font_size=7.5,
                 extra=[("VALIGN", (0, 1), (-1, -1), "TOP"),
                        ("FONT", (0, 1), (0, -1), BOLD, 7.5)])


# ====================================================================== profit-and-loss notes
def pnl_explanations() -> dict[str, str]:
    """What each profit-and-loss line holds and why, by the engine's line key."""
    return {
        "sales_market": _("The price received in cash; the units leave the books at 1,500 "
                          "each, so the profit is only the price above 1,500 (a sale below "
                          "1,500 is a loss)."),
        "sales_bank": _("The bank's repurchase: 150 a raw unit, 1,500 a product, 5,000 a "
                        "machine, 10,000 a computer. A machine on the books at 10,000 sold "
                        "for 5,000 is a loss of 5,000."),
        "private": _("Deals with other teams at agreed prices: the price less the book value "
                     "of what changed hands."),
        "raw_material": _("A unit comes on the books at 150: what was paid above 150 is an "
                          "expense."),
        "production": _("The production cost paid in cash, and the gain in book value: each "
                        "unit turns raw material worth 150 into a product worth 1,500 (+1,350). "
                        "So this line usually shows a gain."),
        "salaries": _("Wages paid to the workers (expansion step 6): an expense."),
        "interest": _("10 % of the bank debt and the 1,000 fee at each crossing of the start, "
                      "and the interest agreed on private loans: expenses."),
        "web": _("WEB chips bought: an expense, as WEBs are not on the balance sheet."),
        "marketing": _("Expansion step 3: 20,000 to found a marketing organization and 15,000 "
                       "at each crossing: expenses."),
        "idle": _("Idle costs and the yellow cost fields: expenses."),
        "risk": _("Damages of the blue risk cards that no WEB insurance covers (a card may "
                  "bring a gain too)."),
        # A WEB chip has no book value: paying one instead of a machine changes no profit.
        "write_off": _("The white field: a machine returned to the bank leaves the books "
                       "(-10,000); a double machine set back to single or a WEB chip paid "
                       "instead changes nothing on the books (the chip was an expense when "
                       "bought)."),
        "taxes": _("Expansion step 4: the tax on the year's profit, assessed at the crossing "
                   "(see the tax statement)."),
        "investment": _("Machines and computers bought: cash out, the same value on the "
                        "books: no profit or loss."),
        "financing": _("Credit taken and repaid: cash in or out and the debt up or down by as "
                       "much: no profit or loss."),
        "tax_paid": _("The previous year's tax paid: cash and the debt “Tax due” go down "
                      "together: no profit or loss."),
        "capital": _("Starting capital paid in: cash and capital alike, no profit."),
    }


#: The lines the notes explain, in the statement's order (events are one row of their own).
PNL_NOTE_KEYS = ("sales_market", "sales_bank", "private", "raw_material", "production",
                 "salaries", "interest", "web", "marketing", "idle", "risk", "write_off",
                 "taxes", "investment", "financing", "tax_paid", "capital")


def pnl_notes_table(ctx: Ctx, account: YearAccount | None) -> Flowable:
    """Each line's meaning; with a team's ``account`` its cash, book value and profit."""
    explanations = pnl_explanations()
    lines = {line.key: line for line in account.lines} if account else {}
    m = ctx.fmt.money_or_dash
    head: list[object] = [_("Line"), _("What it holds, and why")]
    if account is not None:
        head += [_("Cash"), _("Book value"), _("Profit")]
    rows: list[list[object]] = [head]
    for key in PNL_NOTE_KEYS:
        if key == "taxes" and not ctx.fig.taxes:
            continue
        row: list[object] = [_cell(line_label(key), "cell_small"),
                             _cell(explanations[key])]
        if account is not None:
            line = lines.get(key)
            row += [m(line.cash), m(line.book), m(line.profit)] if line else ["–"] * 3
        rows.append(row)
    events = [line for line in account.lines if line.key in EVENT_LINES] if account else []
    row = [_cell(_("Events of the year"), "cell_small"),
           _cell(_("Takeover, bankruptcy, strikes and lockouts, corrections by the bank, a "
                   "change of lender: named lines of their own on the statement, as they "
                   "change profit."))]
    if account is not None:
        row += ["", "", m(sum(line.profit for line in events))]
    rows.append(row)
    widths = PNL_WIDTHS if account is not None else PNL_WIDTHS_CLASS
    numeric = (2, 3, 4) if account is not None else ()
    return table(rows, widths, numeric=numeric, font_size=7.5,
                 extra=[("VALIGN", (0, 1), (-1, -1), "TOP"),
                        ("FONT", (0, 1), (0, -1), BOLD, 7.5)])


# ====================================================================== the worked example
def example_sheet(bank_debt: int = EXAMPLE["bank_debt"]) -> BalanceSheet:
    """The rulebook's example, valued by the engine (with another bank debt: the variant)."""
    return balance_sheet_from(_("Example"), **{**EXAMPLE, "bank_debt": bank_debt})


def inventory_table(fmt: Fmt, sheet: BalanceSheet) -> Flowable:
    """Step 1: what the business owns, each item's units × value."""
    m = fmt.money
    value = FINAL_VALUE
    machines = sheet.machines_single + sheet.machines_double
    rows: list[list[object]] = [
        [_("What the business owns"), _("Calculation"), _("Marks")],
        [_("%(count)d machines") % {"count": machines},
         f"{machines} × {m(value['machine'])}", m(sheet.machines_value)],
        [_("%(count)d raw material") % {"count": sheet.raw},
         f"{sheet.raw} × {m(value['raw'])}", m(sheet.raw_value)],
        [_("%(count)d finished product") % {"count": sheet.finished},
         f"{sheet.finished} × {m(value['finished'])}", m(sheet.finished_value)],
        [_("Loans given"), "", fmt.money_or_dash(sheet.loans_given)],
        [_("Cash on hand"), "", m(sheet.cash)],
        [_("Sum of the assets"), "", m(sheet.total_assets)],
    ]
    return table(rows, STEP_WIDTHS, numeric=(1, 2), totals=(-1,), zebra=False)


def owed_table(fmt: Fmt, sheet: BalanceSheet) -> Flowable:
    """Step 2: what the business owes its owners (starting capital) and its lenders."""
    m = fmt.money
    rows: list[list[object]] = [
        [_("What the business owes"), "", _("Marks")],
        [_("Starting capital"), "", m(sheet.starting_capital)],
        [_("Bank debt"), "", m(sheet.bank_debt)],
        [_("Other debt"), "", m(sheet.other_debt)],
        [_("Sum of capital and debts"), "", m(sheet.starting_capital + debts_of(sheet))],
    ]
    return table(rows, STEP_WIDTHS, numeric=(1, 2), totals=(-1,), zebra=False)


def difference(fmt: Fmt, sheet: BalanceSheet) -> str:
    """Step 3: "34,150 - 32,000 = 2,150: a profit"."""
    m = fmt.money
    owed = sheet.starting_capital + debts_of(sheet)
    result = _("a profit") if sheet.profit >= 0 else _("a loss")
    return _("Difference: %(assets)s - %(owed)s = %(profit)s Marks: %(result)s.") % {
        "assets": m(sheet.total_assets), "owed": m(owed), "profit": m(sheet.profit),
        "result": result}


def worked_example(ctx: Ctx) -> list[Flowable]:
    fmt = ctx.fmt
    profit, loss = example_sheet(), example_sheet(EXAMPLE_LOSS_BANK_DEBT)
    formula = STYLES["formula"]
    return [
        *title(_("Worked example: the rulebook's balance sheet"),
               _("Rulebook, “Explanations: Financial Statement and Profit”: “A real manager "
                 "can determine the profit much quicker through the use of a financial "
                 "statement. He begins by taking inventory.”")),
        block(h2(_("Step 1: take inventory and value it as the rulebook does")),
              inventory_table(fmt, profit)),
        block(h2(_("Step 2: add up starting capital and debts")), owed_table(fmt, profit)),
        block(h2(_("Step 3: the difference is the profit")),
              Paragraph(para_text(difference(fmt, profit)), formula)),
        block(h2(_("Step 4: the balance sheet as the game prints it")),
              balance_sheet.rulebook_table(fmt, profit),
              note(_("Owned capital = starting capital + profit = %(capital)s + %(profit)s = "
                     "%(owned)s Marks.") % {"capital": fmt.money(profit.starting_capital),
                                            "profit": fmt.money(profit.profit),
                                            "owned": fmt.money(profit.equity)})),
        block(h2(_("The same business with %(debt)s Marks of bank debt")
                 % {"debt": fmt.money(EXAMPLE_LOSS_BANK_DEBT)}),
              owed_table(fmt, loss),
              Paragraph(para_text(difference(fmt, loss)), formula),
              balance_sheet.rulebook_table(fmt, loss),
              note(_("“Here we have the final assets being worth less than the starting "
                     "capital.” The loss stands on the right with a minus sign, so both sides "
                     "still show %(total)s.") % {"total": fmt.money(loss.total_assets)})),
    ]


# ====================================================================== pages
def latest_account(ctx: Ctx, team: str) -> YearAccount | None:
    """The year whose lines illustrate the notes: the last closed one, else the last."""
    accounts = [a for a in ctx.fig.accounts(team) if shown(ctx, a)]
    closed = [a for a in accounts if a.closed]
    if closed or accounts:
        return (closed or accounts)[-1]
    return None


def add(pdf: Pdf, ctx: Ctx, team: str | None = None, year: int | None = None) -> None:
    """The notes: balance sheet, profit and loss, the worked example, a page each. With a
    ``team`` each line carries the team's figures; without, the class's copy."""
    document = _("Notes to the statements")
    who = team if team is not None else _("All teams")
    sheet = ctx.fig.sheet(team) if team is not None else None
    when = (_("at the end of the game") if ctx.fig.ended
            else _("after move %(seq)s") % {"seq": ctx.fmt.num(ctx.meta.seq)})
    pdf.section(who, _("Notes"), document)
    pdf.add(*title(_("Notes to the balance sheet"),
                   _("What each line holds and why it is valued so. Your figures: the balance "
                     "sheet %(when)s.") % {"when": when} if sheet is not None else
                   _("What each line holds and why it is valued so.")))
    chips = ctx.fig.state.teams[team].web if team is not None else 0
    pdf.add(sheet_notes_table(ctx, sheet, chips))
    pdf.add(Spacer(1, 6), note(_("Quotations from the rulebook, part I: “End of the Game”, "
                                 "“Explanations: WEB Options” and “Explanations: Financial "
                                 "Statement and Profit”.")))
    account = latest_account(ctx, team) if team is not None else None
    pdf.section(who, _("Notes"), document)
    subtitle = (_("Your figures: year %(year)d, as on its profit and loss statement.")
                % {"year": account.year} if account is not None else "")
    pdf.add(*title(_("Notes to the profit and loss statement"), subtitle))
    pdf.add(para(_("Every line has three figures: the cash it brought or cost, the change in "
                   "the book value of goods, machines, computers and debts, and their sum, the "
                   "profit or loss. A purchase of a machine moves cash into book value: no "
                   "loss. Only what makes the business richer or poorer is profit.")),
            Spacer(1, 4), pnl_notes_table(ctx, account))
    pdf.section(who, _("Notes"), document)
    pdf.add(*worked_example(ctx))


def build(ctx: Ctx, team: str | None = None, year: int | None = None) -> bytes:
    with build_in(ctx.meta.language):
        pdf = Pdf(ctx, _("Notes to the statements"))
        add(pdf, ctx, team)
        return pdf.render()

