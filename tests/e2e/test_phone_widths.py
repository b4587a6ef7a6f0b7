"""No page scrolls sideways on a phone (issue 10, "Phones"): every screen of the site at 360 px
width, in English and German, with a game of all six steps in progress."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import TIMEOUT, teacher_creates_the_game, teacher_fills_a_new_game

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 740}

#: How far a page is wider than the screen, and the widest element that sticks out.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  let worst = null;
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || getComputedStyle(el).position === "fixed") continue;
    // inside a scroller of its own (a wide table in .scroll-x) is fine
    let p = el.parentElement, scrolls = false;
    while (p && p !== document.body) {
      const ox = getComputedStyle(p).overflowX;
      if (ox === "auto" || ox === "scroll" || ox === "hidden") { scrolls = true; break; }
      p = p.parentElement;
    }
    if (!scrolls && box.right > width + 1 && (!worst || box.right > worst.right)) {
      worst = { right: Math.round(box.right), tag: el.tagName.toLowerCase(),
                cls: el.className && el.className.baseVal === undefined ? el.className : "" };
    }
  }
  return { scroll: document.documentElement.scrollWidth - width, worst: worst };
}"""


def wide(page: Any) -> dict[str, Any]:
    page.wait_for_timeout(300)
    result: dict[str, Any] = page.evaluate(OVERFLOW)
    return result


def test_no_page_scrolls_sideways_at_360px(site: str, browser: Any, shots: Path) -> None:
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport=PHONE).new_page()
    teacher.on("dialog", lambda dialog: dialog.accept())
    teacher_fills_a_new_game(teacher, site, "Phones 9c", "Narrow", "Red\nBlue",
                             years="2", steps=[1, 2, 3, 4, 5, 6], representative="students")
    pages: dict[str, str] = {"new game form": teacher.url,
                             "class page": teacher.url.replace("games/new/", "")}
    game_id = teacher_creates_the_game(teacher)
    teacher.goto(f"{site}/dashboard/")  # a second class with a long name, as a school has
    teacher.fill("input[name=name]", "Business Administration 10b (Friday afternoon)")
    teacher.click("text=Create the class")
    base = f"{site}/games/{game_id}"
    pages.update({
        "bank console": f"{base}/bank/", "representative console": f"{base}/workers/",
        "projector": f"{base}/projector/", "team sheet": f"{base}/teams/",
        "class documents": f"{base}/reports/", "dashboard": f"{site}/dashboard/",
    })
    sheet = teacher.context.new_page()
    sheet.goto(f"{base}/teams/")
    code = sheet.locator("section.ts-card[data-team=Red] dd").first.inner_text().strip()
    pin = sheet.locator("section.ts-card[data-team=Red] dd.pin").inner_text()
    sheet.close()

    red = browser.new_context(viewport=PHONE).new_page()
    red.goto(f"{site}/join/")
    students = {"join form": red.url}
    red.fill("input[name=code]", code)
    red.fill("input[name=pin]", pin)
    red.click("button.primary")
    expect(red.locator("[data-region]").first).to_be_attached(timeout=TIMEOUT)
    students.update({"team screen": red.url, "team statements": f"{base}/reports/",
                     "home": f"{site}/"})

    problems = []
    for language in ("en", "de"):
        for who, page, urls in (("teacher", teacher, pages), ("Red", red, students)):
            for name, url in urls.items():
                page.goto(url)
                if language == "de" and page.locator("form.lang button[value=de]").count():
                    page.locator("form.lang button[value=de]").first.click()
                    page.wait_for_load_state()
                page.wait_for_timeout(600)  # the live screens draw over their socket
                found = wide(page)
                if found["scroll"] > 0:
                    problems.append(f"{language} {who} {name}: {found}")
                    page.screenshot(path=str(shots / f"phone-wide-{language}-{name}.png"),
                                    full_page=True)
    assert not problems, "\n".join(problems)
