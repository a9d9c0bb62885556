"""The four game kinds: their MGN ``Game`` tags, and what the Django layer needs of each.

``GameKind`` names them (the values are the MGN ``Game`` tags, docs/records.md). Everything
else that differs between the games in this layer is one ``games.kinds.entry.Kind`` per game,
in the module of that game (``games.kinds.matrio`` ...), collected by ``games.kinds.registry``:
adding a fifth game means one new module here (and its engine), not a branch in every view.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class GameKind(models.TextChoices):
    """The four games; values are the MGN ``Game`` tags (docs/records.md)."""

    MATRIO = "matrio", "MatriO"
    # Czech clubs call it Matematiko, Italian ones Matematico (the name is translated).
    MATHEMATICO = "mathematico", _("Mathematico")
    MATRIX_OVERLOAD = "matrix-overload", "Matrix Overload"
    INTEGER_MATRIX = "integer-matrix", "Integer Matrix"
