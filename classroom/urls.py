from django.urls import path

from classroom import views

app_name = "classroom"

urlpatterns = [
    path("", views.home, name="home"),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("teachers/new/", views.teacher_new, name="teacher_new"),
    path("classes/<int:class_id>/", views.class_detail, name="class_detail"),
    path("classes/<int:class_id>/import/", views.class_import, name="class_import"),
    path("classes/<int:class_id>/games/new/", views.game_new, name="game_new"),
    path("games/<int:game_id>/bank/", views.bank, name="bank"),
    path("games/<int:game_id>/bank/pause/", views.bank_pause, name="bank_pause"),
    path("games/<int:game_id>/bank/undo/", views.bank_undo, name="bank_undo"),
    path("games/<int:game_id>/bank/start/", views.bank_start, name="bank_start"),
    path("games/<int:game_id>/bank/teams/<int:team_id>/player/", views.bank_seat_player,
         name="bank_seat_player"),
    path("games/<int:game_id>/bank/teams/<int:team_id>/pin/", views.bank_seat_pin,
         name="bank_seat_pin"),
    path("games/<int:game_id>/bank/teams/<int:team_id>/drop/", views.bank_seat_drop,
         name="bank_seat_drop"),
    path("games/<int:game_id>/bank/export/", views.bank_export, name="bank_export"),
    path("games/<int:game_id>/workers/", views.workers, name="workers"),
    path("games/<int:game_id>/workers/role/", views.workers_role, name="workers_role"),
    path("games/<int:game_id>/workers/pin/", views.representative_pin,
         name="representative_pin"),
    path("join/", views.join, name="join"),
    path("join/<str:token>/", views.join_by_link, name="join_link"),
    path("play/<str:code>/", views.play, name="play"),
    path("games/<int:game_id>/move/", views.submit_move, name="move"),
    path("games/<int:game_id>/panel/", views.game_panel, name="panel"),
    path("games/<int:game_id>/revision/", views.game_revision, name="revision"),
    path("games/<int:game_id>/tick/", views.tick, name="tick"),
    path("games/<int:game_id>/projector/", views.projector, name="projector"),
    path("games/<int:game_id>/projector/standings/", views.projector_standings,
         name="projector_standings"),
    path("games/<int:game_id>/projector/link/", views.projector_link, name="projector_link"),
    path("games/<int:game_id>/projector/<str:token>/", views.projector_public,
         name="projector_public"),
    path("games/<int:game_id>/teams/", views.team_sheet, name="team_sheet"),
]
