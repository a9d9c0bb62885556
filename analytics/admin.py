from __future__ import annotations

from django.contrib import admin

from analytics.models import TaskPing, WorkerHeartbeat


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(admin.ModelAdmin[WorkerHeartbeat]):
    list_display = ["hostname", "started_at", "beat_at"]
    readonly_fields = ["hostname", "started_at", "beat_at"]


@admin.register(TaskPing)
class TaskPingAdmin(admin.ModelAdmin[TaskPing]):
    list_display = ["token", "requested_at", "answered_at", "answered_by"]
