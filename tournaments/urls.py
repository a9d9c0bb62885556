"""Event pages, under /events/<club>/<event>/."""

from __future__ import annotations

from django.urls import path

from tournaments import event_pages, paper_grid_views, views

app_name = "tournaments"

urlpatterns = [
    path("", views.event_index, name="events"),
    path("new/", event_pages.event_new, name="event-new"),
    path("my-tables/", views.my_tables, name="my-tables"),
    path("t/<int:pk>/", views.short_table, name="table-short"),
    path("games/<int:pk>/table/", views.game_table_page, name="game-table"),
    path("<slug:club>/<slug:slug>/edit/", event_pages.event_edit, name="event-edit"),
    path("<slug:club>/<slug:slug>/delete/", event_pages.event_remove, name="event-delete"),
    path("<slug:club>/<slug:slug>/", views.event_detail, name="event"),
    path("<slug:club>/<slug:slug>/standings.json", views.event_standings_json, name="standings"),
    path("<slug:club>/<slug:slug>/rounds/<int:number>/print/", views.round_print, name="print"),
    path("<slug:club>/<slug:slug>/tables/<int:table_id>/", views.table_detail, name="table"),
    path(
        "<slug:club>/<slug:slug>/tables/<int:table_id>/grid/",
        paper_grid_views.paper_grid,
        name="paper-grid",
    ),
    path("<slug:club>/<slug:slug>/console/", views.event_console, name="console"),
    path("<slug:club>/<slug:slug>/console/do/", views.console_action, name="console-action"),
]
