"""Top-level URLs: the admin, and everything else belongs to the classroom app."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("classroom.urls")),
]
