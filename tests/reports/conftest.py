"""Fixtures of the report tests: built files land in a temporary media folder; a teacher, a
class, and games imported from bot-played logs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from classroom import services
from classroom.models import Classroom


@pytest.fixture(autouse=True)
def _media(settings: Any, tmp_path: Path) -> Path:
    media: Path = tmp_path / "media"
    settings.MEDIA_ROOT = media
    return media


@pytest.fixture
def teacher(db: Any) -> User:
    return User.objects.create_user("teacher", password="secret-pass-1")


@pytest.fixture
def classroom(teacher: User) -> Classroom:
    return services.create_classroom(teacher=teacher, name="Business 101")
