"""Pages for games: lists, the game page with live entry and replay, start, import, result."""

from __future__ import annotations

from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("", views.game_list, name="list"),
    path("new/", views.game_new, name="new"),
    path("new/<slug:kind>/", views.game_new_kind, name="new-kind"),
    path("import/", views.game_import, name="import"),
    path("result-only/", views.game_result_only, name="result-only"),
    path("<int:pk>/", views.game_detail, name="detail"),
    path("<int:pk>/board/", views.game_board, name="board"),
    path("<int:pk>/abandon/", views.game_abandon, name="abandon"),
    path("<int:pk>/hints/", views.game_hints, name="hints"),
]
