"""The Celery app. Start a worker with ``celery -A playboss.celery worker``.

Configuration comes from Django settings (``CELERY_*`` names); tasks are found in the
``tasks`` module of every installed app.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playboss.settings")

app = Celery("playboss")
# A string, so settings are read lazily: importing this module does not configure Django.
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Paced class bots move by a chain of delayed tasks; this sweep restarts a chain a restart
# lost (classroom/services/pacing.py). Beat runs in the worker
# (``celery -A playboss worker --beat``).
app.conf.beat_schedule = {
    "resume-paced-bots": {"task": "classroom.tasks.resume_paced_bots", "schedule": 10.0},
}
