"""Four screens of one game stay open while about 200 moves come in bursts: every screen ends
on the game's final revision within seconds, and a private deal half typed on a team's screen
survives every update.

The game has four teams: Red and Blue are students (a browser each), Green and Yellow are bots
of the site. The teacher plays for Red and Blue through the site's move endpoint (the bank
console's "play for", with the teacher's session), choosing each move with the engine's own
bots; after every such move the site's bots answer in the same request, so each press sets off
a chain of moves, each one broadcast to every open screen. Between bursts there are short
pauses, as in a class, by which the screens on a websocket show the game's revision. The
screens: Red's and Blue's team screens, the bank console and the projector; in the second
variant Blue's browser has no WebSocket, so its screen polls.

The test keeps its own copy of the game (the exported log replayed by ``playboss.rules``) to
know whose move it is and to choose it.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import pytest

from playboss.rules import GameConfig, apply, new_game, waiting_for
from playboss.rules.bots import BOTS
from playboss.rules.gamelog import parse_entry
from playboss.rules.state import GameState

from .conftest import TIMEOUT, join_as, teacher_creates_the_game, teacher_fills_a_new_game

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]

HUMANS = ("Red", "Blue")
SITE_BOTS = {"Green": "greedy", "Yellow": "random"}
MOVES = 200            # moves (of every player) the bursts make in all
BURSTS = 5
PAUSE = 1.0            # seconds between bursts
FOLLOW_MS = 5_000      # a screen on a websocket follows within this
POLL_FOLLOW_MS = TIMEOUT  # a polling screen: one poll (3 s ± 20 %) and a panel fetch


class TeacherDesk:
    """HTTP as the signed-in teacher (the cookies of the teacher's browser): moves for any
    team, the game's revision and its exported log."""

    def __init__(self, site: str, game_id: str, cookies: list[Any]) -> None:
        self.site = site
        self.game_id = game_id
        self.cookie = "; ".join(f"{c['name']}={c['value']}" for c in cookies)
        self.csrf = next(c["value"] for c in cookies if c["name"] == "csrftoken")

    def _open(self, path: str, body: dict[str, Any] | None = None) -> Any:
        headers = {"Cookie": self.cookie}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers.update({"Content-Type": "application/json", "X-CSRFToken": self.csrf})
        request = urllib.request.Request(f"{self.site}{path}", data=data, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as exc:  # a refusal: 4xx with a JSON answer
            return json.loads(exc.read())

    def move(self, actor: str, action: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self._open(
            f"/games/{self.game_id}/move/",
            {"actor": actor, "action": action, "key": uuid.uuid4().hex})
        return answer

    def revision(self) -> int:
        return int(self._open(f"/games/{self.game_id}/revision/")["revision"])

    def log(self) -> dict[str, Any]:
        data: dict[str, Any] = self._open(f"/games/{self.game_id}/bank/export/")
        return data


class Mirror:
    """The test's copy of the game: the exported log, replayed as it grows."""

    def __init__(self, desk: TeacherDesk) -> None:
        self.desk = desk
        log = desk.log()
        self.state: GameState = new_game(GameConfig.from_dict(log["config"]))
        self.applied = 0
        self._catch_up(log)

    def sync(self) -> None:
        self._catch_up(self.desk.log())

    def _catch_up(self, log: dict[str, Any]) -> None:
        for entry in log["actions"][self.applied:]:
            action, chance = parse_entry(entry)
            apply(self.state, action, chance)
        self.applied = len(log["actions"])


def play_burst(desk: TeacherDesk, mirror: Mirror, moves: int) -> int:
    """Moves for the students' teams (and the bank, should the game wait on it) until the
    game has gone ``moves`` further; the site's bots answer in between. Returns the presses."""
    target = mirror.state.seq + moves
    presses = 0
    while mirror.state.seq < target and mirror.state.phase != "ended":
        waiting = [a for a in waiting_for(mirror.state) if a not in SITE_BOTS]
        assert waiting, f"the game waits only on the site's bots: {waiting_for(mirror.state)}"
        actor = waiting[0]
        action = BOTS["greedy"](mirror.state.seq).choose(mirror.state, actor).to_dict()
        answer = desk.move(actor, action)
        assert answer.get("ok"), (actor, action, answer)
        presses += 1
        mirror.sync()
    return presses


@pytest.mark.parametrize("blue_sockets", [True, False], ids=["websockets", "blue-polls"])
def test_four_screens_follow_bursts_of_moves(site: str, browser: Any, shots: Path,
                                             blue_sockets: bool) -> None:
    from playwright.sync_api import expect

    started = time.monotonic()
    teacher_context = browser.new_context(viewport={"width": 1400, "height": 1000})
    bank = teacher_context.new_page()
    label = "websockets" if blue_sockets else "blue-polls"
    teacher_fills_a_new_game(bank, site, f"Burst {label}", f"Burst {label}",
                             "\n".join([*HUMANS, *SITE_BOTS]))
    bank.check("input[name=dice][value=engine]")
    begin_now = bank.locator("input[name=begin][value=now]")
    if begin_now.count():  # a form that offers a lobby: this game begins at once
        begin_now.check()
    for seat, kind in enumerate(SITE_BOTS.values(), start=len(HUMANS) + 1):
        bank.select_option(f"select[name=player_{seat}]", kind)
    game_id = teacher_creates_the_game(bank)
    desk = TeacherDesk(site, game_id, teacher_context.cookies())

    sheet = teacher_context.new_page()
    sheet.goto(f"{site}/games/{game_id}/teams/")
    code = sheet.locator("section.ts-card[data-team=Red] dd").first.inner_text().strip()
    pins = {team: sheet.locator(f"section.ts-card[data-team={team}] dd.pin").inner_text()
            for team in HUMANS}
    projector = sheet
    projector.goto(f"{site}/games/{game_id}/projector/")

    def join(team: str, websockets: bool) -> Any:
        return join_as(browser, site, code, pins[team], team, websockets=websockets)

    red, blue = join("Red", True), join("Blue", blue_sockets)
    screens = {"Red": red, "Blue": blue, "bank": bank, "projector": projector}
    for page in screens.values():  # every screen shows the game before the bursts begin
        expect(page.locator("#live")).not_to_have_attribute("data-revision", "-1",
                                                            timeout=TIMEOUT)
    if not blue_sockets:
        expect(blue.locator("#connection")).to_contain_text("polling", timeout=TIMEOUT)

    # Red begins a private deal and leaves it half typed, the cursor elsewhere.
    red.click("text=Offer a deal to another team")
    deal = red.locator("form.deal-form")
    deal.locator("select[name=partner]").select_option("Yellow")
    deal.locator("input[name='give.cash']").fill("500")
    deal.locator("input[name=terms]").fill("half now")
    red.locator("section.deals h2").click()  # the cursor leaves the form
    assert red.evaluate("() => !document.activeElement.closest('form')")

    mirror = Mirror(desk)
    first_seq = mirror.state.seq
    presses = 0
    per_burst = MOVES // BURSTS
    for burst in range(BURSTS):
        presses += play_burst(desk, mirror, per_burst // 2)
        if burst == 0:
            # Blue offers Red a deal: the region that holds Red's half-typed form changes.
            answer = desk.move("Blue", {"type": "propose_deal", "partner": "Red",
                                        "give": {"cash": 100}, "take": {"raw": 1},
                                        "terms": "for your next purchase"})
            assert answer.get("ok"), answer
            mirror.sync()
        presses += play_burst(desk, mirror, per_burst - per_burst // 2)
        if burst < BURSTS - 1:  # a pause: the screens on a websocket are there already
            paused = time.monotonic()
            now = str(desk.revision())
            for name, page in screens.items():
                if blue_sockets or name != "Blue":
                    expect(page.locator("#live")).to_have_attribute("data-revision", now,
                                                                    timeout=FOLLOW_MS)
            time.sleep(max(0.0, PAUSE - (time.monotonic() - paused)))
    moved = mirror.state.seq - first_seq
    assert moved >= MOVES, moved
    assert mirror.state.phase != "ended"  # no statements being built: the revision stays

    # Every screen ends on the game's final revision within seconds.
    final = desk.revision()
    burst_end = time.monotonic()
    caught_up: dict[str, float] = {}
    for name, page in screens.items():
        polling = name == "Blue" and not blue_sockets
        wait = POLL_FOLLOW_MS if polling else FOLLOW_MS
        for element in ("#live", "#panel"):
            expect(page.locator(element)).to_have_attribute(
                "data-revision", str(final), timeout=max(500, wait - int(
                    1000 * (time.monotonic() - burst_end))))
        caught_up[name] = time.monotonic() - burst_end
    assert desk.revision() == final  # nothing moved while the screens were checked

    # What the screens show is that revision: Red's sees Blue's offer, Blue's its own seq.
    expect(red.locator("section.deals .deal").first).to_contain_text("Blue")
    expect(blue.locator("section.deals .deal").first).to_contain_text("Red")

    # Red's half-typed deal is still there: open, with every value typed.
    assert deal.evaluate("form => form.closest('details').open")
    assert deal.locator("select[name=partner]").input_value() == "Yellow"
    assert deal.locator("input[name='give.cash']").input_value() == "500"
    assert deal.locator("input[name=terms]").input_value() == "half now"

    red.screenshot(path=str(shots / f"burst-{label}-team-red.png"), full_page=True)
    blue.screenshot(path=str(shots / f"burst-{label}-team-blue.png"), full_page=True)
    bank.screenshot(path=str(shots / f"burst-{label}-bank.png"), full_page=True)
    projector.screenshot(path=str(shots / f"burst-{label}-projector.png"), full_page=True)
    print(f"\n{label}: {moved} moves ({presses} presses by the teacher) to revision {final}; "
          f"screens caught up after (s): "
          + ", ".join(f"{n} {t:.2f}" for n, t in caught_up.items())
          + f"; whole test {time.monotonic() - started:.1f} s")
