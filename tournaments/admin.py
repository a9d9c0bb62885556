from __future__ import annotations

from django.contrib import admin

from tournaments.models import Event

# Django's admin classes are generic only in the stubs: they cannot be subscripted at runtime
# (there is no django_stubs_ext.monkeypatch()), hence the ignore[type-arg] below.


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "club", "game", "status", "starts_on"]
    list_filter = ["game", "status", "club"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug"]
