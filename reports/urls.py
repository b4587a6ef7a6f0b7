from django.urls import path

from . import views

app_name = "reports"

urlpatterns = [
    path("games/<int:game_id>/reports/", views.page, name="page"),
    path("games/<int:game_id>/reports/new/", views.request_report, name="request"),
    path("games/<int:game_id>/reports/csv/<slug:table>.csv", views.export_csv, name="csv"),
    path("reports/jobs/<int:job_id>/", views.status, name="status"),
    path("reports/jobs/<int:job_id>/download/", views.download, name="download"),
]
