"""The entry every game kind gives the games pages (see ``games.kinds``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django_stubs_ext import StrOrPromise

from games.engine.core import JsonDict
from games.kinds import GameKind
from games.kinds.start import StartForm


@dataclass(frozen=True)
class Kind:
    """One game as the games pages see it."""

    kind: GameKind
    note: StrOrPromise  # one line under its name where a game is chosen
    placeholder: str  # an example move for the typed-move box
    board_template: str  # the template that draws its board
    start_form: type[StartForm]  # its start form
    board: Callable[[JsonDict], JsonDict]  # engine view -> template context
    result_is_outcome: bool = False  # a result-only game gives won/lost, not scores

    @property
    def label(self) -> str:
        return str(self.kind.label)
