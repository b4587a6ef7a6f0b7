"""Step 6: the teacher may let a bot answer the teams' hiring offers at the going salary
(issue 21: hiring offers wait beside play)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("classroom", "0012_bot_names")]
    operations = [
        migrations.AddField(
            model_name="game",
            name="hiring_at_going_salary",
            field=models.BooleanField(
                default=False, verbose_name="a bot answers hiring offers at the going salary"),
        ),
    ]
