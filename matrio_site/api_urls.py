"""The REST API root: one router collecting every app's viewsets, and token sign-in."""

from __future__ import annotations

from django.urls import path
from rest_framework.routers import DefaultRouter

from analytics.web import api as analytics_api
from clubs.token_views import token_sign_in
from games import api as games_api
from games import job_api as games_job_api
from tournaments import api as tournaments_api

router = DefaultRouter()
router.register("clubs", tournaments_api.ClubViewSet, basename="club")
router.register("events", tournaments_api.EventViewSet, basename="event")
router.register("players", tournaments_api.PlayerViewSet, basename="player")
router.register("rounds", tournaments_api.RoundViewSet, basename="round")
router.register("tables", tournaments_api.TableViewSet, basename="table")
router.register("results", tournaments_api.ResultViewSet, basename="result")
router.register("games", games_api.GameViewSet, basename="game")
router.register("game-jobs", games_job_api.FileJobViewSet, basename="game-job")
router.register("analytics", analytics_api.AnalyticsViewSet, basename="analytics")

urlpatterns = [
    path("auth/token/", token_sign_in, name="api-token"),
    *router.urls,
]
