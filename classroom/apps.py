from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassroomConfig(AppConfig):
    name = "classroom"
    verbose_name = _("Classroom")

    def ready(self) -> None:
        # Load the Celery app as soon as Django is set up, in every process (manage.py,
        # daphne, pytest, the worker): it becomes Celery's current app, so shared tasks send
        # with our settings (eager or Redis) rather than Celery's default AMQP broker. This
        # replaces the usual import in playboss/__init__.py, which would make
        # `import playboss.rules` drag in Celery and Django (see that module's docstring).
        import playboss.celery  # noqa: F401
