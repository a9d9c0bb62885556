"""REST API for tournaments: read-only clubs and events (writes arrive with later work)."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from rest_framework import serializers, viewsets

from tournaments.models import Club, Event
from tournaments.selectors import club_list, event_list


class ClubSerializer(serializers.ModelSerializer):
    event_count = serializers.IntegerField(read_only=True)
    member_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Club
        fields = ["slug", "name", "event_count", "member_count", "created"]


class EventSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Event
        fields = ["id", "club", "slug", "name", "game", "status", "starts_on"]


class EventFilter(django_filters.FilterSet):
    club = django_filters.CharFilter(field_name="club__slug", label="Club slug")

    class Meta:
        model = Event
        fields = ["club", "game", "status"]


class ClubViewSet(viewsets.ReadOnlyModelViewSet):
    """Clubs with their numbers of events and members."""

    serializer_class = ClubSerializer
    lookup_field = "slug"

    def get_queryset(self) -> QuerySet[Club]:
        return club_list()


class EventViewSet(viewsets.ReadOnlyModelViewSet):
    """Events: running first, then drafts, then finished ones."""

    serializer_class = EventSerializer
    filterset_class = EventFilter

    def get_queryset(self) -> QuerySet[Event]:
        return event_list()
