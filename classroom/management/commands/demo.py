"""``python manage.py demo``: a teacher, a class, and two games ready to play in browsers: the
base model, and all six expansion steps with students as the worker representative."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand

from classroom import services
from classroom.models import Classroom


class Command(BaseCommand):
    help = ("Create a demo teacher, a class and two games with two student teams and bot "
            "teams: the base model, and all six expansion steps (students play the worker "
            "representative).")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--username", default="teacher")
        parser.add_argument("--password", default="playboss")
        parser.add_argument("--url", default="http://127.0.0.1:8000")

    def handle(self, *args: Any, **options: Any) -> None:
        teacher, created = User.objects.get_or_create(username=options["username"])
        if created or not teacher.has_usable_password():
            teacher.set_password(options["password"])
            teacher.save()
        if (teacher.is_superuser or teacher.is_staff) and \
                teacher.check_password(options["password"]):
            # The demo's password is printed and known to every copy of the demo: with the
            # admin it would see (and change) every teacher's games and PINs. Earlier demos
            # made it an administrator; an account with a password of its own is left alone.
            teacher.is_staff = teacher.is_superuser = False
            teacher.save(update_fields=["is_staff", "is_superuser"])
            self.stdout.write(self.style.WARNING(
                f"{teacher.username!r} is no longer an administrator. For the admin, make an "
                "account of its own: python manage.py createsuperuser"))
        classroom = Classroom.objects.filter(teacher=teacher, name="Demo class").first()
        if classroom is None:
            classroom = services.create_classroom(teacher=teacher, name="Demo class")
        seats = [services.TeamSeat("Red"), services.TeamSeat("Blue"),
                 services.TeamSeat("Green (bot)", "greedy"),
                 services.TeamSeat("Yellow (bot)", "greedy")]
        base = services.create_game(classroom=classroom, name="Demo game", seats=seats,
                                    settings_={"years": 5})
        expansion = services.create_game(
            classroom=classroom, name="Demo game, all six steps", seats=seats,
            settings_={"years": 3, "steps": [1, 2, 3, 4, 5, 6], "goal": "sales_yield"},
            representative="students")
        url = options["url"].rstrip("/")
        out = self.stdout.write
        out(self.style.SUCCESS("Playboss Classroom demo is ready."))
        password = repr(options["password"]) if created else "(unchanged: an existing teacher)"
        out(f"  Teacher sign-in:  {url}/accounts/login/   user {teacher.username!r}, "
            f"password {password}")
        for game in (base, expansion):
            out(self.style.MIGRATE_HEADING(f"{game.name} (code {game.code})"))
            out(f"  Bank console:     {url}/games/{game.pk}/bank/")
            out(f"  Projector:        {url}/games/{game.pk}/projector/{game.projector_token}/"
                "   (no sign-in needed)")
            for team in game.teams.all():
                if team.bot:
                    continue
                out(f"  Team {team.name}: {url}/join/  code {game.code}  PIN {team.pin}   "
                    f"(or {url}/join/{team.token}/)")
            if game.representative_pin:
                out(f"  Worker representative: {url}/join/  code {game.code}  PIN "
                    f"{game.representative_pin}   (or {url}/join/{game.representative_token}/)")
