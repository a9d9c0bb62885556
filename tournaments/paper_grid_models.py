"""Finished paper grids of a Mathematico event round, entered one player at a time.

Terms: a *paper grid* (``PaperGrid``) is the 25 values one player wrote on paper in a round,
row by row (``games.engine.mathematico.paper``), checked against the round's draw when it was
entered. *Grid entry* (``GridEntry``) is the director's word that the draw is over, so players
may enter their own grids (before it, only the staff may: a refusal naming the values would
tell a player the draw's values still to come). Invariant: one grid per player and table; once
every seat has one, the table's game is made from them (``tournaments.paper_grids``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from clubs.models import Player


class GridEntry(models.Model):
    round = models.OneToOneField(
        "tournaments.Round", on_delete=models.CASCADE, related_name="grid_entry"
    )
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    opened_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Grid entry of {self.round}"


class PaperGrid(models.Model):
    table = models.ForeignKey(
        "tournaments.Table", on_delete=models.CASCADE, related_name="paper_grids"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    values = models.JSONField()  # 25 values 1..13, row by row, top row first
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "player"], name="paper_grid_once")]
        ordering = ["table", "at"]

    def __str__(self) -> str:
        return f"Paper grid of {self.player_id} at {self.table}"
