"""The REST API root: one router collecting every app's viewsets."""

from __future__ import annotations

from rest_framework.routers import DefaultRouter

from tournaments import api as tournaments_api

router = DefaultRouter()
router.register("clubs", tournaments_api.ClubViewSet, basename="club")
router.register("events", tournaments_api.EventViewSet, basename="event")

urlpatterns = router.urls
