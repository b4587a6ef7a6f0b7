"""Games stored before the rulebook's literal readings became the defaults (issue 14) keep
the readings they were played by: their set-up and snapshots get the legacy values written in.

A stored config that names no reading was written when the absent value meant the legacy one;
absent now means the literal one (``playboss/rules/readings.py``), so without this a game in
progress would change its rules mid-game and its log would no longer replay.
"""

from django.db import migrations

#: The values the engine played before the settings existed (``readings.LEGACY`` as it stood
#: on 2026-12-01; copied, not imported, so the migration stays what it was when written).
LEGACY = {
    "advertising_field": "current",
    "marketing_sales": "per_organization",
    "free_market_asking_price": "steps",
    "collateral": "free",
    "private_loan_due": "never",
}


def _with_legacy(config: dict) -> dict | None:
    missing = {k: v for k, v in LEGACY.items() if k not in config}
    return {**config, **missing} if missing else None


def write_legacy_readings(apps, schema_editor):
    Game = apps.get_model("classroom", "Game")
    Snapshot = apps.get_model("classroom", "Snapshot")
    for game in Game.objects.all().only("pk", "config").iterator():
        config = _with_legacy(game.config)
        if config is not None:
            Game.objects.filter(pk=game.pk).update(config=config)
    for snapshot in Snapshot.objects.all().only("pk", "state").iterator():
        state = snapshot.state
        config = _with_legacy(state.get("config", {}))
        if config is not None:
            Snapshot.objects.filter(pk=snapshot.pk).update(state={**state, "config": config})


class Migration(migrations.Migration):
    dependencies = [("classroom", "0009_projector_focus")]
    operations = [migrations.RunPython(write_legacy_readings, migrations.RunPython.noop)]
