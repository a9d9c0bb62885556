from __future__ import annotations

from django.contrib import admin

from tournaments.models import Event


@admin.register(Event)
class EventAdmin(admin.ModelAdmin[Event]):
    list_display = ["name", "club", "game", "status", "starts_on"]
    list_filter = ["game", "status", "club"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug"]
