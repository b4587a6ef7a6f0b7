from django.urls import path

from classroom import views

app_name = "classroom"

urlpatterns = [
    path("", views.home, name="home"),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("join/", views.join, name="join"),
    path("join/<str:token>/", views.join_by_link, name="join_link"),
    path("play/<str:code>/", views.play, name="play"),
    path("games/<int:game_id>/move/", views.submit_move, name="move"),
    path("games/<int:game_id>/panel/", views.game_panel, name="panel"),
    path("games/<int:game_id>/revision/", views.game_revision, name="revision"),
    path("games/<int:game_id>/tick/", views.tick, name="tick"),
]
