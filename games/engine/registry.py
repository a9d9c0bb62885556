"""The games the engine knows, by the value of their ``[Game "..."]`` tag.

Modules are imported on first use so that replaying one game kind loads only its engine.
"""

from __future__ import annotations

import importlib
from typing import cast

from games.engine.core import Game, RecordError

MODULES = {
    "matrio": "games.engine.matrio",
    "mathematico": "games.engine.mathematico",
    "matrix-overload": "games.engine.overload",
    "integer-matrix": "games.engine.integer_matrix",
}
NAMES = tuple(MODULES)


def get(name: str | None, *, line: int | None = None) -> Game:
    """The engine for a ``Game`` tag value, or a record error naming the known games."""
    if name is None:
        raise RecordError('the record has no [Game "..."] tag', line=line)
    module = MODULES.get(name)
    if module is None:
        raise RecordError(
            f"unknown game {name!r}: the Game tag is one of {', '.join(NAMES)}", line=line
        )
    return cast(Game, importlib.import_module(module))
