"""Pages for games: lists, the game page with live entry and replay, start, import, result."""

from __future__ import annotations

from django.urls import path

from games import job_views, reopen, views

app_name = "games"

urlpatterns = [
    path("", views.game_list, name="list"),
    path("new/", views.game_new, name="new"),
    path("new/<slug:kind>/", views.game_new_kind, name="new-kind"),
    path("import/", views.game_import, name="import"),
    path("result-only/", views.game_result_only, name="result-only"),
    path("export/", job_views.file_job_export, name="export"),
    path("jobs/<int:pk>/", job_views.file_job_detail, name="job"),
    path("jobs/<int:pk>/download/", job_views.file_job_download, name="job-download"),
    path("jobs/<int:pk>/rerun/", job_views.file_job_rerun, name="job-rerun"),
    path("jobs/<int:pk>/players/", job_views.file_job_players, name="job-players"),
    path("<int:pk>/", views.game_detail, name="detail"),
    path("<int:pk>/board/", views.game_board, name="board"),
    path("<int:pk>/abandon/", views.game_abandon, name="abandon"),
    path("<int:pk>/reopen/", reopen.game_reopen_page, name="reopen"),
    path("<int:pk>/hints/", views.game_hints, name="hints"),
]
