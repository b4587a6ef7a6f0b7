"""Issue 26: the first administrator without a terminal (``manage.py createadmin``,
docs/deploy.md), the password from an environment variable or standard input."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-school-password-42"


def test_the_password_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAYBOSS_ADMIN_PASSWORD", PASSWORD)
    call_command("createadmin", "--username", "admin", "--email", "it@school.example",
                 stdout=io.StringIO())
    admin = User.objects.get(username="admin")
    assert admin.is_superuser and admin.is_staff and admin.is_active
    assert admin.email == "it@school.example"
    assert admin.check_password(PASSWORD)


def test_the_password_from_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PLAYBOSS_ADMIN_PASSWORD", raising=False)
    call_command("createadmin", "--username", "admin", "--password-stdin",
                 stdin=io.StringIO(PASSWORD + "\n"), stdout=io.StringIO())
    assert User.objects.get(username="admin").check_password(PASSWORD)


@pytest.mark.parametrize("password", ["", "password", "12345678901"])
def test_no_or_a_weak_password_makes_nothing(password: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAYBOSS_ADMIN_PASSWORD", password)
    with pytest.raises(CommandError):
        call_command("createadmin", "--username", "admin", stdout=io.StringIO())
    assert not User.objects.filter(username="admin").exists()


def test_an_existing_account_is_left_alone(monkeypatch: pytest.MonkeyPatch,
                                           django_user_model: Any) -> None:
    django_user_model.objects.create_user(username="admin", password="the-old-one-77x")
    monkeypatch.setenv("PLAYBOSS_ADMIN_PASSWORD", PASSWORD)
    with pytest.raises(CommandError, match="exists already"):
        call_command("createadmin", "--username", "admin", stdout=io.StringIO())
    out = io.StringIO()
    call_command("createadmin", "--username", "admin", "--exists-ok", stdout=out)
    assert "left as it is" in out.getvalue()
    admin = User.objects.get(username="admin")
    assert admin.check_password("the-old-one-77x") and not admin.is_superuser
