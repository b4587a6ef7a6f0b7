"""Games in the states issue 21's screenshots show (run by scripts/issue21_screens.py inside
``manage.py shell``): prints one JSON line with the games and the teams' join tokens."""

import json

from django.contrib.auth.models import User

from classroom import services, state_store
from playboss.rules import GameConfig, apply, new_game, waiting_for
from playboss.rules.bots import RandomBot

teacher = User.objects.get(username="ms.weber")
room = services.create_classroom(teacher=teacher, name="Issue 21")
out = {}


def game(name, steps, first_team="Red", bots=None, **extra):
    seats = [services.TeamSeat(n, (bots or {}).get(n, "")) for n in ("Red", "Blue", "Green")]
    settings = {"dice": "engine", "seed": 4, "steps": steps, "years": 2}
    if first_team:
        settings["first_team"] = first_team
    return services.create_game(classroom=room, name=name, seats=seats, settings_=settings,
                                **extra)


def tokens(g):
    return {t.name: t.token for t in g.teams.all()}


# Point 1: bots play the engine's game alone (the same set-up, seed and dice) until Red waits
# for a payment its cash does not cover; the site's game then gets the same moves.
for seed in range(60):
    g = game(f"Payment {seed}", [])
    state = new_game(GameConfig.from_dict(g.config))
    bots = {n: RandomBot(seed * 10 + i) for i, n in enumerate(state.teams)}
    played = []
    while state.phase != "ended" and state.seq < 2000:
        who = waiting_for(state)
        if who == ["Red"] and state.pending and state.pending[0].kind == "pay":
            break
        actor = who[0]
        bots.setdefault(actor, RandomBot(7))
        action = bots[actor].choose(state, actor)
        apply(state, action)
        played.append(action.to_dict())
    else:
        g.delete()
        continue
    for move in played:
        services.submit_action(game_id=g.pk, actor=move["actor"], payload=move, run_bots=False)
    out["payment"] = {"id": g.pk, "tokens": tokens(g)}
    break

# Point 10: step 5 before anyone rolled for who begins; a green field.
g = game("Goals", [5], first_team=None)
out["goals"] = {"id": g.pk, "tokens": tokens(g)}
g2 = services.create_game(classroom=room, name="Green field", seats=[
    services.TeamSeat("Red"), services.TeamSeat("Blue")],
    settings_={"dice": "entered", "seed": 4, "first_team": "Red", "years": 2})
board, start = state_store.read_state(g2, lambda s: (s.config.board, s.teams["Red"].position))
die = next(d for d in range(1, 7) if board[(start + d) % len(board)] == "G")
services.submit_action(game_id=g2.pk, actor="Red", payload={"type": "roll", "die": die},
                       run_bots=False)
out["green"] = {"id": g2.pk, "tokens": tokens(g2)}

# Point 6: bots of every kind, a seat handed over, step 6 with a bot representative.
g = game("Bots", [6], bots={"Blue": "greedy", "Green": "sensible"}, representative="greedy")
services.set_team_player(game_id=g.pk, team_id=g.teams.get(name="Red").pk, bot="random")
out["bots"] = {"id": g.pk, "class": room.pk}
print("SCREENS " + json.dumps(out))
