"""What the analytics API answers where it is a list (jobs, deals, events): described for the
OpenAPI document. The views build these bodies from the selectors' dataclasses; the other
answers are free-form objects (figures and reports whose keys are data)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

JsonDict = dict[str, Any]


class JobSerializer(serializers.Serializer[JsonDict]):
    """A recompute or statistics job of the worker, with its progress."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    done = serializers.IntegerField()
    total = serializers.IntegerField()
    message = serializers.CharField(allow_blank=True)
    percent = serializers.IntegerField()
    started_at = serializers.DateTimeField()


class DealSerializer(serializers.Serializer[JsonDict]):
    """A Matrix Overload deal rated as a pseudo-player (higher ``mu``: harder)."""

    deal = serializers.CharField()
    name = serializers.CharField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    display = serializers.IntegerField()
    games = serializers.IntegerField()


class SeatOutcomeSerializer(serializers.Serializer[JsonDict]):
    seat = serializers.CharField()
    games = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)
    mean_rank = serializers.FloatField(allow_null=True)
    mean_score = serializers.FloatField(allow_null=True)
    scored = serializers.IntegerField()


class EventSummarySerializer(serializers.Serializer[JsonDict]):
    """An event with finished games and each seat's outcome."""

    event_id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    game = serializers.CharField()
    starts_on = serializers.DateField()
    games = serializers.IntegerField()
    seats = SeatOutcomeSerializer(many=True)
