"""Shared terms of the rules engines: errors, the game protocol and replay results.

Every game of the platform is a module with the same protocol (like python-chess variants):

* ``new_game(options) -> State`` builds the start position from a record's tags;
* ``legal_moves(state)`` lists every legal move of the player to move;
* ``apply(state, move) -> State`` validates and plays one move, returning a new state, and
  raises :class:`IllegalMoveError` with a sentence a club member understands;
* ``outcome(state)`` is ``None`` while the game runs, else the final :class:`Outcome`;
* ``replay(record) -> Replay`` judges a whole MGN record (see ``record.py``).

Invariants: states and moves are immutable; the engine never trusts a score written in a
record, it recomputes it; an error always says which ply (``None`` for a record error), which
move and what was legal instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.engine.errors import DomainError

JsonDict = dict[str, Any]


class EngineError(DomainError):
    """A record or a move the engine refuses; ``str(error)`` is one readable sentence.

    As a :class:`DomainError` its ``message`` is the whole sentence and its error body carries
    the ``ply`` and the ``legal`` moves.
    """

    def __init__(
        self,
        reason: str,
        *,
        ply: int | None = None,
        line: int | None = None,
        move: str | None = None,
        player: str | None = None,
        legal: Sequence[str] = (),
    ) -> None:
        self.reason = reason
        self.ply = ply
        self.line = line
        self.move = move
        self.player = player
        self.legal = tuple(legal)
        super().__init__(reason)

    @property
    def message(self) -> str:
        return self.sentence

    def json(self) -> dict[str, Any]:
        return {"message": self.sentence, "ply": self.ply, "legal": list(self.legal)}

    @property
    def sentence(self) -> str:
        """The whole sentence: where (ply, player) and what is wrong."""
        if self.ply is None:
            return self.reason
        who = f" ({self.player})" if self.player else ""
        return f"ply {self.ply}{who}: {self.reason}"

    def __str__(self) -> str:
        return self.sentence

    def at_line(self, line: int | None) -> EngineError:
        """Fill in the record line when the raising code did not know it."""
        if self.line is None:
            self.line = line
        return self


class RecordError(EngineError):
    """A missing, malformed or contradictory tag, or a record that cannot be read at all."""

    def __init__(self, reason: str, *, line: int | None = None, player: str | None = None):
        super().__init__(reason, line=line, player=player)


class IllegalMoveError(EngineError):
    """A movetext token that cannot be read, names nothing real, or breaks a rule."""

    def __init__(
        self,
        reason: str,
        *,
        ply: int,
        move: str,
        legal: Sequence[str] = (),
        player: str | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(reason, ply=ply, line=line, move=move, player=player, legal=legal)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: per-seat final scores and the winners (ties share)."""

    scores: Mapping[str, int | None]
    winners: tuple[str, ...]
    reason: str | None = None


@dataclass(frozen=True)
class Replay:
    """A record judged by an engine: the JSON fields of the replay command, in order."""

    game: str
    fields: JsonDict = field(default_factory=dict)

    def json(self, index: int) -> JsonDict:
        return {"game": self.game, "index": index, "ok": True, **self.fields}


def error_json(game: str | None, index: int, error: EngineError) -> JsonDict:
    """The replay command's JSON object for a record that could not be replayed."""
    out: JsonDict = {
        "game": game,
        "index": index,
        "ok": False,
        "ply": error.ply,
        "line": error.line,
        "error": error.sentence,
    }
    if error.player is not None:
        out["player"] = error.player
    if error.move is not None:
        out["move"] = error.move
    if error.legal:
        out["legal"] = list(error.legal)
    return out


def join_names(items: Sequence[str], word: str = "or") -> str:
    """``a``, ``a or b``, ``a, b or c`` — for sentences listing legal alternatives."""
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


class Game(Protocol):
    """What the registry expects of a game module (see the module docstring)."""

    NAME: str

    def replay(self, record: Any) -> Replay: ...

    def write_record(self, record: Any) -> str: ...
