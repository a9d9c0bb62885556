"""The four game kinds: their MGN ``Game`` tags and names."""

from __future__ import annotations

from django.db import models


class GameKind(models.TextChoices):
    """The four games; values are the MGN ``Game`` tags (spec/records.md)."""

    MATRIO = "matrio", "MatriO"
    MATHEMATICO = "mathematico", "Mathematico"
    MATRIX_OVERLOAD = "matrix-overload", "Matrix Overload"
    INTEGER_MATRIX = "integer-matrix", "Integer Matrix"
