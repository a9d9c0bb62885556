from __future__ import annotations

from django.contrib import admin

from clubs.models import Club, Membership, Player

# Django's admin classes are generic only in the stubs: they cannot be subscripted at runtime
# (there is no django_stubs_ext.monkeypatch()), hence the ignore[type-arg] below.


class MembershipInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Membership
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "slug", "created"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug"]
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "slug", "user", "created"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug"]
    inlines = [MembershipInline]
