"""The teacher's pages through the Django test client: teachers, classes, new games, the bank
director's console (corrections, call time, pause, undo, export/import) and who may see what."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from classroom import selectors, services
from classroom.models import Classroom, Game, GameAction

from .conftest import make_game

PASSWORD = "secret-pass-1"


# ====================================================================== helpers
@pytest.fixture
def other_teacher(db: Any) -> Client:
    c = Client()
    c.force_login(User.objects.create_user("other", password=PASSWORD))
    return c


def team_client(game: Game, name: str) -> Client:
    c = Client()
    token = game.teams.get(name=name).token
    assert c.get(f"/join/{token}/").status_code == 302
    return c


def move(c: Client, game: Game, actor: str, **action: Any) -> Any:
    response = c.post(f"/games/{game.pk}/move/", json.dumps({"actor": actor, "action": action}),
                      content_type="application/json")
    return response


def bank_view(game: Game) -> dict[str, Any]:
    game.refresh_from_db()
    return selectors.panel(game, "bank")


def cash(game: Game, team: str) -> int:
    return int(bank_view(game)["teams_by_name"][team]["cash"])


def new_game_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "Monday game", "teams": "Red\nBlue\nGreen", "player_1": "", "player_2": "random",
        "player_3": "greedy", "goal": "profit", "sales_target": "60000", "years": "10",
        "market_fill": "auto", "board": "", "dice": "engine", "lease_renewal": "lease_field",
        "round_seconds": "90", "language": "en",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


# ====================================================================== teachers
def test_a_signed_in_teacher_adds_a_colleague(owner: Client) -> None:
    assert owner.get("/teachers/new/").status_code == 200
    response = owner.post("/teachers/new/", {"username": "colleague", "email": "c@x.org",
                                             "password1": "Long-enough-pw-7",
                                             "password2": "Long-enough-pw-7"})
    assert response.status_code == 302
    assert Client().login(username="colleague", password="Long-enough-pw-7")
    # the new teacher has a dashboard of their own
    fresh = Client()
    fresh.login(username="colleague", password="Long-enough-pw-7")
    assert fresh.get("/dashboard/").status_code == 200


def test_sign_up_refuses_a_bad_form_and_strangers(owner: Client, db: Any) -> None:
    response = owner.post("/teachers/new/", {"username": "x", "password1": "Long-enough-pw-7",
                                             "password2": "something-else-8"})
    assert response.status_code == 400
    assert "didn’t match" in response.content.decode() or "match" in response.content.decode()
    assert not User.objects.filter(username="x").exists()
    stranger = Client()
    response = stranger.get("/teachers/new/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    stranger.post("/teachers/new/", {"username": "y", "password1": "Long-enough-pw-7",
                                     "password2": "Long-enough-pw-7"})
    assert not User.objects.filter(username="y").exists()


# ====================================================================== classes
def test_dashboard_creates_a_class_and_pages_the_list(owner: Client, teacher: User,
                                                       other_teacher: Client) -> None:
    response = owner.post("/dashboard/", {"name": "  Business 10b "})
    created = Classroom.objects.get(name="Business 10b")
    assert response.status_code == 302
    assert response["Location"] == f"/classes/{created.pk}/"
    for n in range(24):
        services.create_classroom(teacher=teacher, name=f"Class {n:02d}")
    other = User.objects.get(username="other")
    services.create_classroom(teacher=other, name="Not mine")
    first = owner.get("/dashboard/")
    assert len(first.context["page"].object_list) == 20
    assert first.context["page"].paginator.count == 25
    assert "Not mine" not in first.content.decode()
    second = owner.get("/dashboard/?page=2")
    assert len(second.context["page"].object_list) == 5
    assert owner.get("/dashboard/?page=99").context["page"].number == 2


def test_a_class_needs_a_name(owner: Client) -> None:
    response = owner.post("/dashboard/", {"name": "   "})
    assert response.status_code == 400
    assert not Classroom.objects.exists()


def test_class_page_lists_its_games_paged_and_is_the_owners_only(
    owner: Client, other_teacher: Client, classroom: Classroom
) -> None:
    games = [make_game(classroom) for _ in range(22)]
    response = owner.get(f"/classes/{classroom.pk}/")
    assert response.status_code == 200
    page = response.context["page"]
    assert len(page.object_list) == 20 and page.paginator.num_pages == 2
    html = response.content.decode()
    assert games[-1].code in html and f"/games/{games[-1].pk}/bank/" in html
    assert f"/games/{games[-1].pk}/projector/" in html and f"/games/{games[-1].pk}/teams/" in html
    assert len(owner.get(f"/classes/{classroom.pk}/?page=2").context["page"].object_list) == 2
    assert other_teacher.get(f"/classes/{classroom.pk}/").status_code == 403
    assert other_teacher.get(f"/classes/{classroom.pk}/games/new/").status_code == 403


# ====================================================================== new game
def test_new_game_form_creates_the_game(owner: Client, classroom: Classroom) -> None:
    assert owner.get(f"/classes/{classroom.pk}/games/new/").status_code == 200
    data = new_game_data(steps=["5"], goal="sales_yield", sales_target="40000", years="",
                         board="SRGRBRYRGRBRW", dice="entered", lease_renewal="start",
                         round_seconds="120", language="de", market_fill="full",
                         final_capital="received")
    response = owner.post(f"/classes/{classroom.pk}/games/new/", data)
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/bank/"
    assert game.name == "Monday game" and game.language == "de" and game.round_seconds == 120
    config = game.config
    assert config["teams"] == ["Red", "Blue", "Green"]
    assert (config["steps"], config["goal"], config["sales_target"]) == ([5], "sales_yield",
                                                                         40000)
    assert config["years"] is None and config["board"] == "SRGRBRYRGRBRW"
    assert (config["dice"], config["lease_renewal"], config["market_fill"]) == (
        "entered", "start", "full")
    assert config["final_capital"] == "received"
    assert [(t.name, t.bot) for t in game.teams.all()] == [
        ("Red", ""), ("Blue", "random"), ("Green", "greedy")]


def test_several_games_of_one_class_run_at_once(owner: Client, classroom: Classroom) -> None:
    for n in range(5):
        response = owner.post(f"/classes/{classroom.pk}/games/new/",
                              new_game_data(name=f"Table {n}", teams="A\nB\nC\nD\nE\nF\nG\nH"))
        assert response.status_code == 302
    assert Game.objects.filter(classroom=classroom, status="running").count() == 5
    assert len({g.code for g in Game.objects.all()}) == 5


BAD_INPUTS = [
    ({"name": ""}, "A game needs a name"),
    ({"teams": "  \n "}, "Name at least one team"),
    ({"teams": "\n".join(f"T{n}" for n in range(10))}, "at most 9 teams"),
    ({"teams": "Red\nred"}, "Two teams are called “red”"),
    ({"teams": "Red\nbank"}, "is a role in the game"),
    ({"teams": "Red\n" + "x" * 41}, "at most 40 characters"),
    ({"board": "SRGRX"}, "not X"),
    ({"board": "RGRS"}, "begins with the start field"),
    ({"board": "SGGB"}, "red decision fields"),
    ({"goal": "first_to_sales"}, "needs expansion step 5"),
    ({"goal": "nonsense"}, "Select a valid choice"),
    ({"sales_target": "0"}, "greater than or equal to 1"),
    ({"years": "0"}, "greater than or equal to 1"),
    ({"round_seconds": "5"}, "greater than or equal to 10"),
    ({"dice": "loaded"}, "Select a valid choice"),
    ({"market_fill": "most"}, "Select a valid choice"),
    ({"lease_renewal": "never"}, "Select a valid choice"),
    ({"final_capital": "half"}, "Select a valid choice"),
    ({"steps": ["7"]}, "Select a valid choice"),
    ({"player_2": "cheater"}, "Select a valid choice"),
    ({"language": "xx"}, "Select a valid choice"),
]


@pytest.mark.parametrize(("changes", "message"), BAD_INPUTS)
def test_every_bad_input_is_explained_and_creates_nothing(
    owner: Client, classroom: Classroom, changes: dict[str, Any], message: str
) -> None:
    response = owner.post(f"/classes/{classroom.pk}/games/new/", new_game_data(**changes))
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html.replace("&#x27;", "'")
    assert "The game was not created" in html
    assert not Game.objects.exists()


def test_the_engines_refusal_is_shown_too(owner: Client, classroom: Classroom,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(**kwargs: Any) -> Game:
        raise services.ServiceError("Game set-up: the board is too small for a game.")

    monkeypatch.setattr(services, "create_game", refuse)
    response = owner.post(f"/classes/{classroom.pk}/games/new/", new_game_data())
    assert response.status_code == 400
    assert "the board is too small" in response.content.decode()
    assert not Game.objects.exists()


# ====================================================================== who may see the console
CONSOLE_GETS = ["bank/", "bank/export/"]
CONSOLE_POSTS = [("bank/pause/", {"paused": "1"}), ("bank/undo/", {"to_seq": "0"})]


def test_only_the_owner_opens_the_console(owner: Client, other_teacher: Client,
                                          game: Game) -> None:
    response = owner.get(f"/games/{game.pk}/bank/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="live"' in html and 'data-actor="bank"' in html
    assert 'class="act-as"' in html and f"/games/{game.pk}/projector/" in html
    red = team_client(game, "Red")
    for path in CONSOLE_GETS:
        assert other_teacher.get(f"/games/{game.pk}/{path}").status_code == 403
        assert red.get(f"/games/{game.pk}/{path}").status_code == 403
        assert Client().get(f"/games/{game.pk}/{path}").status_code == 302  # sign in first
    for path, data in CONSOLE_POSTS:
        assert other_teacher.post(f"/games/{game.pk}/{path}", data).status_code == 403
        assert red.post(f"/games/{game.pk}/{path}", data).status_code == 403
    game.refresh_from_db()
    assert game.status == "running"
    # a team cannot act as the bank through the move endpoint either
    assert move(red, game, "bank", type="call_time").status_code == 403
    assert not bank_view(game)["time_called"]


def test_the_bank_panel_has_the_console(owner: Client, game: Game) -> None:
    html = owner.get(f"/games/{game.pk}/panel/?as=bank").content.decode()
    for needle in ('data-type="correction"', 'data-type="call_time"', "data-confirm=",
                   f"/games/{game.pk}/bank/pause/", "Every team at a glance", "Market",
                   "Open private deals", "Moves so far"):
        assert needle in html, needle


# ====================================================================== the bank's moves
def test_correction_through_the_console(owner: Client, game: Game) -> None:
    before = cash(game, "Blue")
    response = move(owner, game, "bank", type="correction", team="Blue", amount=-750,
                    reason="miscounted change")
    assert response.status_code == 200 and response.json()["ok"]
    assert cash(game, "Blue") == before - 750
    refused = move(owner, game, "bank", type="correction", team="Blue", amount=100, reason=" ")
    assert refused.status_code == 400 and "needs its reason" in refused.json()["error"]
    assert cash(game, "Blue") == before - 750
    log = owner.get(f"/games/{game.pk}/panel/?as=bank").content.decode()
    assert "miscounted change" in log


def test_call_time_through_the_console(owner: Client, game: Game) -> None:
    assert move(owner, game, "bank", type="call_time").json()["ok"]
    assert bank_view(game)["time_called"]
    html = owner.get(f"/games/{game.pk}/panel/?as=bank").content.decode()
    assert 'data-type="call_time"' not in html and "Time called" in html


def test_pause_and_resume(owner: Client, game: Game) -> None:
    response = owner.post(f"/games/{game.pk}/bank/pause/", {"paused": "1"})
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/bank/"
    game.refresh_from_db()
    assert game.status == "paused"
    red = team_client(game, "Red")
    refused = move(red, game, "Red", type="roll", die=3)
    assert refused.status_code == 409 and "paused" in refused.json()["error"]
    assert "Resume" in owner.get(f"/games/{game.pk}/panel/?as=bank").content.decode()
    response = owner.post(f"/games/{game.pk}/bank/pause/", {"paused": "0"},
                          HTTP_ACCEPT="application/json")
    assert response.json() == {"ok": True, "message": "The game goes on."}
    game.refresh_from_db()
    assert game.status == "running"
    assert move(red, game, "Red", type="roll", die=3).json()["ok"]


def test_undo_through_the_console(owner: Client, game: Game) -> None:
    red = team_client(game, "Red")
    assert move(red, game, "Red", type="roll", die=6).json()["ok"]
    assert move(red, game, "Red", type="purchase", units=2).json()["ok"]
    assert move(owner, game, "bank", type="correction", team="Blue", amount=300,
                reason="a note").json()["ok"]
    html = owner.get(f"/games/{game.pk}/panel/?as=bank").content.decode()
    assert html.count("Undo back to before this move") == 3
    assert 'name="to_seq" value="1"' in html  # undo move 2 = back to after move 1
    response = owner.post(f"/games/{game.pk}/bank/undo/", {"to_seq": "1"},
                          HTTP_ACCEPT="application/json")
    assert response.json()["ok"]
    view = bank_view(game)
    assert view["seq"] == 1
    assert view["teams_by_name"]["Red"]["raw"] == 0 and cash(game, "Blue") == 10_000
    assert GameAction.objects.filter(game=game, undone=True).count() == 2
    bad = owner.post(f"/games/{game.pk}/bank/undo/", {"to_seq": "5"},
                     HTTP_ACCEPT="application/json")
    assert bad.status_code == 400 and "between 0 and 0" in bad.json()["error"]
    junk = owner.post(f"/games/{game.pk}/bank/undo/", {"to_seq": "x"}, follow=True)
    assert "Say which move to go back to" in junk.content.decode()
    assert bank_view(game)["seq"] == 1


def test_the_action_log_is_paged(owner: Client, game: Game) -> None:
    for n in range(25):
        services.submit_action(game_id=game.pk, actor="bank",
                               payload={"type": "correction", "team": "Red", "amount": 50,
                                        "reason": f"note {n}"})
    first = owner.get(f"/games/{game.pk}/panel/?as=bank")
    assert len(first.context["log"].object_list) == 20
    assert first.context["log"].object_list[0].seq == 25
    second = owner.get(f"/games/{game.pk}/panel/?as=bank&ledger_page=2")
    assert [a.seq for a in second.context["log"].object_list] == [5, 4, 3, 2, 1]


# ====================================================================== the log
def test_export_then_import_round_trip(owner: Client, game: Game, classroom: Classroom) -> None:
    red = team_client(game, "Red")
    move(red, game, "Red", type="roll", die=6)
    move(red, game, "Red", type="purchase", units=2)
    move(owner, game, "bank", type="correction", team="Blue", amount=-500, reason="fine")
    response = owner.get(f"/games/{game.pk}/bank/export/")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    log = json.loads(response.content)
    assert len(log["actions"]) == 3
    upload = SimpleUploadedFile("tuesday.json", response.content, "application/json")
    response = owner.post(f"/classes/{classroom.pk}/import/", {"name": "", "log": upload})
    copy = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/games/{copy.pk}/bank/"
    assert copy.name == "tuesday" and copy.seq == 3
    original, imported = bank_view(game), bank_view(copy)
    for key in ("seq", "phase", "current", "market"):
        assert original[key] == imported[key]
    assert [t["cash"] for t in original["teams"]] == [t["cash"] for t in imported["teams"]]
    assert selectors.export_log(copy)["actions"] == log["actions"]


@pytest.mark.parametrize(("content", "message"), [
    (b"{not json", "The file is not JSON"),
    (b'{"format": "something else"}', "A game log is an object with 'config'"),
])
def test_a_bad_log_is_refused_with_a_reason(owner: Client, classroom: Classroom,
                                            content: bytes, message: str) -> None:
    upload = SimpleUploadedFile("bad.json", content, "application/json")
    response = owner.post(f"/classes/{classroom.pk}/import/", {"name": "x", "log": upload})
    assert response.status_code == 400
    assert message in response.content.decode().replace("&#x27;", "'")
    assert not Game.objects.exists()


def test_a_tampered_log_is_refused(owner: Client, game: Game, classroom: Classroom) -> None:
    red = team_client(game, "Red")
    move(red, game, "Red", type="roll", die=6)
    move(red, game, "Red", type="purchase", units=2)
    log = json.loads(owner.get(f"/games/{game.pk}/bank/export/").content)
    log["actions"][1]["units"] = 500  # more raw material than the market holds
    upload = SimpleUploadedFile("bad.json", json.dumps(log).encode(), "application/json")
    response = owner.post(f"/classes/{classroom.pk}/import/", {"name": "x", "log": upload})
    assert response.status_code == 400
    assert "The log is refused" in response.content.decode()
    assert Game.objects.count() == 1


# ====================================================================== who sees whose cash
def test_the_bank_sees_every_teams_cash_a_team_only_its_own(owner: Client, game: Game) -> None:
    services.submit_action(game_id=game.pk, actor="bank", payload={
        "type": "correction", "team": "Red", "amount": 1_250, "reason": "prize"})
    services.submit_action(game_id=game.pk, actor="bank", payload={
        "type": "correction", "team": "Blue", "amount": 3_350, "reason": "prize"})
    bank = owner.get(f"/games/{game.pk}/panel/?as=bank").content.decode()
    assert "11,250 M" in bank and "13,350 M" in bank
    red = team_client(game, "Red")
    mine = red.get(f"/games/{game.pk}/panel/").content.decode()
    assert "11,250 M" in mine and "13,350" not in mine
    # asking for the bank's or another team's panel gives a team its own panel only
    for other in ("bank", "Blue", "workers"):
        html = red.get(f"/games/{game.pk}/panel/?as={other}").content.decode()
        assert "13,350" not in html


def test_the_teacher_plays_for_a_team_from_the_console(owner: Client, game: Game) -> None:
    html = owner.get(f"/games/{game.pk}/panel/?as=Red").content.decode()
    assert 'data-type="roll"' in html  # physical board: the die shows … entered by the bank
    assert move(owner, game, "Red", type="roll", die=4).json()["ok"]
    assert bank_view(game)["teams_by_name"]["Red"]["position"] != 1


# ====================================================================== worker representative
def test_the_workers_console_needs_step_6(owner: Client, game: Game,
                                          other_teacher: Client) -> None:
    assert owner.get(f"/games/{game.pk}/workers/").status_code == 404
    labour = make_game(game.classroom, steps=[6])
    response = owner.get(f"/games/{labour.pk}/workers/")
    assert response.status_code == 200 and 'data-actor="workers"' in response.content.decode()
    assert other_teacher.get(f"/games/{labour.pk}/workers/").status_code == 403
    panel = owner.get(f"/games/{labour.pk}/panel/?as=workers")
    html = panel.content.decode()
    assert "Worker representative" in html and "Teams and their workers" in html
    assert f"/games/{labour.pk}/workers/" in owner.get(
        f"/games/{labour.pk}/bank/").content.decode()


# ====================================================================== admin
def test_admin_lists_every_model(client: Client, game: Game) -> None:
    admin = User.objects.create_superuser("root", "r@x.org", PASSWORD)
    client.force_login(admin)
    services.submit_action(game_id=game.pk, actor="bank", payload={
        "type": "correction", "team": "Red", "amount": 50, "reason": "x"})
    for model in ("classroom", "game", "team", "gameaction", "snapshot"):
        assert client.get(f"/admin/classroom/{model}/").status_code == 200, model
    action = GameAction.objects.get()
    assert client.get(f"/admin/classroom/gameaction/{action.pk}/change/").status_code == 200
    assert client.get(f"/admin/classroom/game/{game.pk}/change/").status_code == 200
    assert client.get("/admin/classroom/gameaction/add/").status_code == 403


def test_the_consoles_render_through_a_bot_game_with_every_step(owner: Client,
                                                                classroom: Classroom) -> None:
    """Steps add their own data to the view; the consoles show it without knowing its shape."""
    names = ["Ann", "Ben", "Cem"]
    game = make_game(classroom, teams=names, bots={n: "greedy" for n in names},
                     steps=[1, 2, 3, 4, 5, 6], dice="engine", first_team=None, years=2)
    seen: set[str] = set()
    for _ in range(40):
        services.play_bots(game_id=game.pk)  # stops when a bot waits on the bank or workers
        game.refresh_from_db()
        for actor in ("bank", "workers", *names):
            response = owner.get(f"/games/{game.pk}/panel/?as={actor}")
            assert response.status_code == 200, actor
        data = selectors.panel(game, "bank")
        seen.update(k for k in data if k not in ("moves", "any_time"))
        moves = [("bank", m) for m in data["moves"] + data["any_time"]] + [
            ("workers", m) for m in selectors.panel(game, "workers")["moves"]]
        moves = [(a, m) for a, m in moves if m["type"] != "call_time"]
        if game.status == "ended" or not moves:
            break
        actor, first = moves[0]
        payload = {"type": first["type"], **first["fixed"]}
        if first["param"]:
            payload[first["param"]] = (first.get("options") or [first.get("min")])[0]
        services.submit_action(game_id=game.pk, actor=actor, payload=payload)
    assert game.seq > 100  # bots, the bank and the workers played on through the steps
    assert {"labor", "goal"} <= seen


# ====================================================================== the end of a game
def test_every_screen_shows_the_final_results_and_the_personal_goals(classroom: Classroom
                                                                    ) -> None:
    """Rulebook II, "Explanations: Various Game Goals": "Every player should write down their
    personal goal at the start of the game ... After the game, you can then discuss which
    player has best reached their individual goal" - the ranking, each team's result and its
    personal goal on the team's own screen, the representative's and the bank's."""
    game = make_game(classroom, steps=[5, 6], goal="sales_yield")
    red = team_client(game, "Red")
    assert move(red, game, "Red", type="personal_goal", text="Largest market share").json()["ok"]
    services.submit_action(game_id=game.pk, actor="bank", payload={"type": "call_time"})
    for _ in range(100):  # the round is played out: whoever the game waits for takes a move
        game.refresh_from_db()
        waiting = selectors.panel(game, "bank")["waiting_for"]
        if not waiting:
            break
        first = selectors.panel(game, waiting[0])["moves"][0]
        payload = {"type": first["type"], **first["fixed"]}
        if first["param"]:
            payload[first["param"]] = (first.get("options") or [first.get("min")])[0]
        services.submit_action(game_id=game.pk, actor=waiting[0], payload=payload)
    game.refresh_from_db()
    assert selectors.panel(game, "bank")["phase"] == "ended"
    mine = red.get(f"/games/{game.pk}/panel/").content.decode()
    assert "Final results" in mine and "Largest market share" in mine
    assert '<tr class="mine">' in mine or '<tr class="mine ' in mine
    for actor in ("workers", "bank"):
        html = Client()
        html.force_login(classroom.teacher)
        page = html.get(f"/games/{game.pk}/panel/?as={actor}").content.decode()
        assert "Final results" in page and "Largest market share" in page, actor
    game.refresh_from_db()
    public = Client()  # the projector laptop opens the game's public link
    assert public.get(f"/games/{game.pk}/projector/{game.projector_token}/").status_code == 200
    board = public.get(f"/games/{game.pk}/panel/?as=public").content.decode()
    assert "pj-results" in board and "Largest market share" in board  # the class discusses it
