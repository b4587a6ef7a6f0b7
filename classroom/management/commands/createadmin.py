"""``python manage.py createadmin --username admin``: the first administrator of a new site,
without questions (for a set-up script): the password comes from the environment variable
``PLAYBOSS_ADMIN_PASSWORD`` or, with ``--password-stdin``, from the first line of standard
input. Never from the command line, where ``ps`` and the shell's history would show it."""

from __future__ import annotations

import os
import sys
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from classroom.services.accounts import create_administrator

PASSWORD_VARIABLE = "PLAYBOSS_ADMIN_PASSWORD"


class Command(BaseCommand):
    help = ("Create an administrator (superuser) without questions; the password from "
            f"${PASSWORD_VARIABLE} or, with --password-stdin, standard input's first line.")
    stealth_options = ("stdin",)  # call_command(..., stdin=...) in the tests

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--username", required=True)
        parser.add_argument("--email", default="")
        parser.add_argument("--password-stdin", action="store_true",
                            help="read the password from standard input's first line")
        parser.add_argument("--exists-ok", action="store_true",
                            help="an account of that name already there is no error (it is "
                                 "left as it is)")

    def handle(self, *args: Any, **options: Any) -> None:
        username = options["username"].strip()
        if User.objects.filter(username=username).exists():
            if options["exists_ok"]:
                self.stdout.write(f"{username!r} exists already; left as it is.")
                return
            raise CommandError(f"{username!r} exists already; nothing changed.")
        if options["password_stdin"]:
            stdin = options.get("stdin") or sys.stdin
            password = stdin.readline().rstrip("\r\n")
        else:
            password = os.environ.get(PASSWORD_VARIABLE, "")
        if not password:
            raise CommandError(f"no password: set {PASSWORD_VARIABLE} or pass one on standard "
                               "input with --password-stdin")
        try:
            create_administrator(username=username, password=password, email=options["email"])
        except (ValidationError, ValueError) as exc:
            reasons = exc.messages if isinstance(exc, ValidationError) else [str(exc)]
            raise CommandError("not created: " + " ".join(reasons)) from exc
        self.stdout.write(self.style.SUCCESS(f"Administrator {username!r} created."))
