"""The four game kinds: their MGN ``Game`` tags, and what the Django layer needs of each.

``GameKind`` names them (the values are the MGN ``Game`` tags, docs/records.md). Everything
else that differs between the games in this layer is one :class:`Kind` entry per game, in the
module of that game (``games.kinds.matrio`` ...), collected by ``games.kinds.registry``: adding
a fifth game means one new module here (and its engine), not a branch in every view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import models

from games.engine.core import JsonDict

if TYPE_CHECKING:
    from games.kinds.start import StartForm


class GameKind(models.TextChoices):
    """The four games; values are the MGN ``Game`` tags (docs/records.md)."""

    MATRIO = "matrio", "MatriO"
    MATHEMATICO = "mathematico", "Mathematico"
    MATRIX_OVERLOAD = "matrix-overload", "Matrix Overload"
    INTEGER_MATRIX = "integer-matrix", "Integer Matrix"


@dataclass(frozen=True)
class Kind:
    """One game as the games pages see it."""

    kind: GameKind
    note: str  # one line under its name where a game is chosen
    placeholder: str  # an example move for the typed-move box
    board_template: str  # the template that draws its board
    start_form: type[StartForm]  # its ``games.kinds.start.StartForm``
    board: Callable[[JsonDict], JsonDict]  # engine view -> template context
    result_is_outcome: bool = False  # a result-only game gives won/lost, not scores

    @property
    def label(self) -> str:
        return str(self.kind.label)
