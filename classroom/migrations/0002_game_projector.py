"""The projector: a secret read-only link per game, and which standings it shows."""

import secrets

from django.db import migrations, models

import classroom.models


def fresh_tokens(apps, schema_editor):
    # AddField gave every existing game the same default: each gets its own secret.
    Game = apps.get_model("classroom", "Game")
    for game in Game.objects.only("pk"):
        Game.objects.filter(pk=game.pk).update(projector_token=secrets.token_urlsafe(16))


class Migration(migrations.Migration):

    dependencies = [
        ("classroom", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="projector_standings",
            field=models.CharField(
                choices=[
                    ("none", "no standings"),
                    ("sales", "sales totals"),
                    ("profit", "profit (balance-sheet result)"),
                ],
                default="none",
                max_length=8,
                verbose_name="standings on the projector",
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="projector_token",
            field=models.CharField(
                default=classroom.models.new_projector_token, editable=False, max_length=32
            ),
        ),
        migrations.RunPython(fresh_tokens, migrations.RunPython.noop),
    ]
