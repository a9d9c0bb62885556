"""A table's result form as it was typed, to show it again (with the refusal) after a refusal.

A refused result keeps every box as typed ("12a" stays "12a", the other scores stay) and marks
the box the refusal names (``DomainError.extra["field"]``, e.g. ``score-17``).
"""

from __future__ import annotations

from django.http import QueryDict

from games.engine.errors import DomainError
from tournaments.models import TableSeat


class Typed:
    """What was typed into one table's result form, shown again after a refusal."""

    def __init__(self, table_id: int, data: QueryDict, refusal: DomainError) -> None:
        self.table_id = table_id
        self.data = data
        self.refusal = refusal

    def rows(self, table_id: int, rows: list[dict[str, object]]) -> list[dict[str, object]]:
        """The result rows of a table, with the typed values where this is the typed table."""
        if table_id != self.table_id:
            return rows
        wrong = str(self.refusal.extra.get("field", ""))
        typed: list[dict[str, object]] = []
        for row in rows:
            seat = row["seat"]
            assert isinstance(seat, TableSeat)
            pid = seat.player_id
            score = self.data.get(f"score-{pid}", "")
            typed.append(
                {
                    **row,
                    "score": score,
                    "detail": {
                        "solved": self.data.get(f"won-{pid}") == "1",
                        "cards_left": self.data.get(f"cards-{pid}", ""),
                    },
                    "invalid": wrong in (f"score-{pid}", f"cards-{pid}"),
                }
            )
        return typed
