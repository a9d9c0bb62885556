"""The finished-grid form: 25 cells, row by row, each a value 1 to 13 (a number pad fills them
on a phone, ``games/paper_grid.js``; without JavaScript they are 25 number boxes)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext

from games.engine.mathematico.board import CELLS

ERRORS = ("required", "invalid", "min_value", "max_value")


class PaperGridForm(forms.Form):
    """``values()`` gives the 25 values in board order once the form is valid."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for cell in CELLS:
            message = gettext("cell %(cell)s needs a value 1 to 13") % {"cell": cell}
            self.fields[cell] = forms.IntegerField(
                label=cell,
                min_value=1,
                max_value=13,
                error_messages=dict.fromkeys(ERRORS, message),
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "autocomplete": "off", "class": "pg-cell"}
                ),
            )

    def values(self) -> list[int]:
        return [int(self.cleaned_data[cell]) for cell in CELLS]

    def rows(self) -> list[list[forms.BoundField]]:
        return [[self[cell] for cell in CELLS[row * 5 : row * 5 + 5]] for row in range(5)]
