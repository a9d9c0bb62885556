"""Every game kind's :class:`~games.kinds.entry.Kind`, by its MGN ``Game`` tag."""

from __future__ import annotations

from games.kinds import GameKind, integer_matrix, mathematico, matrio, overload
from games.kinds.entry import Kind

KINDS: dict[str, Kind] = {
    entry.kind.value: entry
    for entry in (matrio.KIND, mathematico.KIND, overload.KIND, integer_matrix.KIND)
}
assert set(KINDS) == set(GameKind.values), "every game kind needs its entry"


def kind_of(value: str) -> Kind:
    """The entry of a game kind (``KeyError`` for an unknown one)."""
    return KINDS[value]
