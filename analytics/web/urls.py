from __future__ import annotations

from django.urls import path

from analytics.web import mathematico_views, views

app_name = "analytics"

urlpatterns = [
    path("", views.leaderboard, name="leaderboard"),
    path("players/<slug:slug>/", views.player, name="player"),
    path("openings/", views.openings, name="openings"),
    path("cards/", views.card_impact, name="card-impact"),
    path("heatmaps/", views.heatmaps, name="heatmaps"),
    path("deals/", views.deals, name="deals"),
    path("events/", views.events, name="events"),
    path("first-moves/", views.first_moves, name="first-moves"),
    path("mathematico/values/", mathematico_views.values, name="mathematico-values"),
    path("mathematico/draws/", mathematico_views.draws, name="mathematico-draws"),
    path("mathematico/draws/<str:key>/", mathematico_views.draw, name="mathematico-draw"),
]
