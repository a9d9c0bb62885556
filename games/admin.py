"""Games in the admin: read-only (every write goes through the engine, in ``services``)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from games.models import Game, Move, Seat


class ReadOnly:
    def has_add_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return False


class SeatInline(ReadOnly, admin.TabularInline[Seat, Game]):
    model = Seat
    extra = 0


class MoveInline(ReadOnly, admin.TabularInline[Move, Game]):
    model = Move
    extra = 0


@admin.register(Game)
class GameAdmin(ReadOnly, admin.ModelAdmin[Game]):
    list_display = ["id", "club", "kind", "status", "source", "played_on", "ply", "event_id"]
    list_filter = ["kind", "status", "source", "club"]
    search_fields = ["seats__name"]
    inlines = [SeatInline, MoveInline]
