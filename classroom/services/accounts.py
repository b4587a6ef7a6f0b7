"""Accounts made from the command line: the first administrator of a new site
(``manage.py createadmin``, docs/deploy.md), without a terminal to answer questions."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password


def create_administrator(*, username: str, password: str, email: str = "") -> User:
    """A superuser (the admin, and a teacher of the site) with this password. The password
    must pass the site's validators (``AUTH_PASSWORD_VALIDATORS``): Django's
    ``ValidationError`` with their reasons otherwise, and nothing is made."""
    username = username.strip()
    if not username:
        raise ValueError("a username is needed")
    validate_password(password, User(username=username, email=email))
    return User.objects.create_superuser(username=username, email=email, password=password)
