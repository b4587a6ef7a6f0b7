"""Top-level URLs: the admin, the reports (statements, exports), and everything else belongs to
the classroom app."""

from django.contrib import admin
from django.urls import include, path

from classroom.health import healthz

# The database down: JSON 503 for moves, a "try again" page for pages (issue 23).
handler500 = "classroom.unavailable.server_error"

urlpatterns = [
    # For monitors and the reverse proxy (docs/deploy.md): database, Redis, Celery worker.
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("reports.urls")),
    path("", include("classroom.urls")),
]
