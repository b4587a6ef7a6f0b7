"""Make the sample documents in this folder: PDFs and PNG renderings of chosen pages.

    python docs/reports/make_samples.py        # needs pdftoppm (apt-get install poppler-utils)
                                               # or pypdfium2 on the path

A six-team game with all six expansion steps and the asset-yield goal, played to the end of
six years by greedy bots after each team wrote down a personal goal; the rulebook's balance
sheet example; and one page of a German game (German labels from the catalogue in
``locale/de``, numbers grouped the German way).
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SHOTS = ROOT / "docs" / "screenshots"  # the notes and the debrief's P&L and tax (issue 13)
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playboss.settings")

import django  # noqa: E402

django.setup()

from playboss.rules import GameConfig, apply  # noqa: E402
from playboss.rules.bots import BOTS, RandomBot  # noqa: E402
from playboss.rules.gamelog import GameLog  # noqa: E402
from playboss.rules.legal import waiting_for  # noqa: E402
from playboss.rules.state import GameState  # noqa: E402
from playboss.rules.statements import balance_sheet_from  # noqa: E402
from playboss.rules.steps.goals import SetPersonalGoal  # noqa: E402
from reports.builders import Ctx, GameMeta, balance_sheet, debrief, team_statements  # noqa: E402

TEAMS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
GOALS = ("No bank debt at the end", "Sell 20 products", "Two machines by year 3",
         "Never run out of raw material", "Buy a computer", "Beat Red")
MOMENT = dt.datetime(2025, 6, 30, 11, 0, tzinfo=dt.UTC)


def play(seed: int) -> GameState:
    config = GameConfig(teams=TEAMS, seed=seed, years=6, steps=frozenset({1, 2, 3, 4, 5, 6}),
                        goal="asset_yield")
    _, state = GameLog.start(config)
    for team, goal in zip(TEAMS, GOALS, strict=True):
        apply(state, SetPersonalGoal(team, text=goal))
    bots = {name: BOTS["greedy"](seed * 1_000 + i) for i, name in enumerate(TEAMS)}
    while state.phase != "ended":
        actor = waiting_for(state)[0]
        bot = bots.get(actor) or bots.setdefault(actor, RandomBot(seed * 1_000 + 999))
        apply(state, bot.choose(state, actor))
    return state


#: The notes' pages: a heading on each, the PNG's name.
NOTES_PAGES = (("Notes to the balance sheet", "notes-balance-sheet"),
               ("Notes to the profit and loss statement", "notes-profit-loss"),
               ("Worked example: the rulebook's balance sheet", "notes-worked-example"))


def page_with(pdf: Path, text: str) -> int:
    """The number of the first page that shows ``text``."""
    from pypdf import PdfReader

    for number, page in enumerate(PdfReader(pdf).pages, start=1):
        if text in (page.extract_text() or ""):
            return number
    raise LookupError(f"{text!r} is in no page of {pdf}")


def render(pdf: Path, page: int, png: Path, dpi: int = 80) -> None:
    import shutil

    if shutil.which("pdftoppm") is None:  # without poppler: pypdfium2, if installed
        import pypdfium2  # type: ignore[import-not-found]

        image = pypdfium2.PdfDocument(str(pdf))[page - 1].render(scale=dpi / 72).to_pil()
        image.save(png)
        print(f"{png.relative_to(ROOT)} ← {pdf.name} page {page}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page),
                        "-singlefile", "-png", str(pdf), f"{tmp}/page"], check=True)
        png.write_bytes(Path(f"{tmp}/page.png").read_bytes())
    print(f"{png.relative_to(ROOT)} ← {pdf.name} page {page}")


def main() -> None:
    # A game whose best team paid taxes: the tax statement shows brackets in use.
    for seed in range(1, 50):
        state = play(seed)
        taxed = [t for t in state.teams.values() if any(r["tax"] for r in
                                                        t.step.get("tax_years", []))]
        if taxed and not all(t.bankrupt for t in taxed):
            break
    team = next(t for t in taxed if not t.bankrupt)
    meta = GameMeta(name="Business 101 – spring game", code="SPR25A", classroom="Business 101",
                    seq=state.seq, ended=True, generated=MOMENT)
    ctx = Ctx.of(meta, state)
    statements = HERE / "sample-team-statements.pdf"
    statements.write_bytes(team_statements(ctx, team.name))
    class_pack = HERE / "sample-class-debrief.pdf"
    class_pack.write_bytes(debrief.build(ctx))
    taxed_year = next(r["year"] for r in team.step["tax_years"] if r["tax"])
    print(f"seed {seed}: {team.name} paid taxes for year {taxed_year}")
    render(statements, page_with(statements, f"Tax statement, year {taxed_year}"),
           HERE / "year-statement.png")
    render(statements, page_with(statements, "Yield report"), HERE / "yield-report.png")
    render(statements, page_with(statements, "Final result statement"),
           HERE / "final-result.png")
    for page in (1, 2, 3):
        render(class_pack, page, HERE / f"debrief-{page}.png")
    render(statements, page_with(statements, f"Cash flow, year {taxed_year}"),
           HERE / "analysis.png")
    render(class_pack, page_with(class_pack, "The class year by year: ratios and ranks"),
           HERE / "debrief-class.png")
    for heading, name in NOTES_PAGES:
        render(statements, page_with(statements, heading), SHOTS / f"report-{name}.png")
    render(class_pack, page_with(class_pack, "Profit and loss and tax, team by team"),
           SHOTS / "report-debrief-pnl-tax.png")

    example = balance_sheet_from("Example", machines_single=3, raw=1, finished=2, cash=1_000,
                                 bank_debt=10_000, other_debt=2_000)
    rulebook = HERE / "rulebook-balance-sheet.pdf"
    rulebook.write_bytes(balance_sheet.build_from_sheet(
        GameMeta(name="Rulebook example", code="RULES1", generated=MOMENT), example,
        "Explanations: Financial Statement and Profit"))
    render(rulebook, 1, HERE / "rulebook-balance-sheet.png")

    german = GameMeta(name="Planspiel Klasse 10b", code="KL10B1", language="de",
                      classroom="Klasse 10b", seq=state.seq, ended=True, generated=MOMENT)
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "de.pdf"
        pdf.write_bytes(team_statements(Ctx.of(german, state), team.name))
        from django.utils import translation
        from django.utils.translation import gettext

        with translation.override("de"):
            heading = gettext("Yield report")
        render(pdf, page_with(pdf, heading), HERE / "yield-report-de.png")
        with translation.override("de"):
            heading = gettext("Tax statement, year %(year)d") % {"year": taxed_year}
        render(pdf, page_with(pdf, heading), HERE / "year-statement-de.png")
        with translation.override("de"):
            heading = gettext("Cash flow, year %(year)d") % {"year": taxed_year}
        render(pdf, page_with(pdf, heading), HERE / "analysis-de.png")
        pdf.write_bytes(debrief.build(Ctx.of(german, state)))
        with translation.override("de"):
            heading = gettext("The class year by year: ratios and ranks")
        render(pdf, page_with(pdf, heading), HERE / "debrief-class-de.png")
        with translation.override("de"):
            heading = gettext("Profit and loss and tax, team by team")
        render(pdf, page_with(pdf, heading), SHOTS / "report-debrief-pnl-tax-de.png")
        pdf.write_bytes(team_statements(Ctx.of(german, state), team.name))
        for heading, name in NOTES_PAGES:
            with translation.override("de"):
                heading = gettext(heading)
            render(pdf, page_with(pdf, heading), SHOTS / f"report-{name}-de.png")


if __name__ == "__main__":
    main()
