from __future__ import annotations

from django.urls import path

from analytics import views

app_name = "analytics"

urlpatterns = [
    path("", views.leaderboard, name="leaderboard"),
    path("players/<slug:slug>/", views.player, name="player"),
    path("plotly.min.js", views.plotly_js, name="plotly-js"),
]
