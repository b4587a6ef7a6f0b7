"""The site starts and serves its home page with the default (embedded) settings."""

import os

import pytest
from django.test import Client


@pytest.mark.django_db
def test_home_page(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert "Playboss Classroom" in response.content.decode()


@pytest.mark.skipif(bool(os.environ.get("REDIS_URL")), reason="REDIS_URL set: tasks use Redis")
def test_celery_app_is_current_and_eager() -> None:
    # Django set-up loads our Celery app (classroom.apps), so shared tasks use its settings.
    from celery import current_app

    assert current_app.main == "playboss"
    assert current_app.conf.task_always_eager is True
