"""Shared pieces of live entry: the per-game adapter protocol, summaries, tags and errors.

Terms: a *live ply* is the 1-based position of a token in a live game's token list (what the
site stores as ``Move.ply`` and what a client's *expected ply* counts). It equals the engine's
ply for MatriO and the Integer Matrix; for Mathematico (draw tokens and one placement per
player and card) and Matrix Overload (setup placements are plies here) it does not, so every
:class:`IllegalMoveError` leaving this package carries the live ply and the engine's reason.

Invariants: nothing here knows a rule; tags are checked for the MGN layout only (a name, a
one-line value) and then read back by the engine's own reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.engine.core import EngineError, IllegalMoveError, JsonDict, RecordError
from games.engine.record import RawRecord, escape, read_records

Tags = tuple[tuple[str, str], ...]

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class LiveError(EngineError):
    """A request live entry cannot serve (nothing to undo, a result-only game, ...)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)


@dataclass(frozen=True)
class Summary:
    """How a game stands: scores, winners and ranks by role (JSON-ready with ``json()``).

    Roles: ``P1``..``P4`` (MatriO), the player names (Mathematico), ``player`` (Matrix
    Overload), ``negative`` / ``positive`` (Integer Matrix). ``ranks`` are competition ranks
    (1, 2, 2, 4) among finished seats; a withdrawn MatriO seat ranks last; Matrix Overload
    seats have no rank. ``details`` holds what only one game has (see each adapter).
    """

    finished: bool
    plies: int | None
    scores: dict[str, int | None]
    winners: tuple[str, ...] = ()
    withdrawn: tuple[str, ...] = ()
    ranks: dict[str, int | None] = field(default_factory=dict)
    abandoned: bool = False
    result_only: bool = False
    details: JsonDict = field(default_factory=dict)

    def json(self) -> JsonDict:
        return {
            "finished": self.finished,
            "abandoned": self.abandoned,
            "result_only": self.result_only,
            "plies": self.plies,
            "scores": dict(self.scores),
            "winners": list(self.winners),
            "withdrawn": list(self.withdrawn),
            "ranks": dict(self.ranks),
            "details": dict(self.details),
        }


class Adapter(Protocol):
    """What live entry needs of one game (one module per game in this package)."""

    NAME: str
    #: tags that hold the players' names, in seat order (empty: names live in the movetext)
    PLAYER_TAGS: tuple[str, ...]

    def roles(self, players: Sequence[str]) -> tuple[str, ...]: ...

    def result_text(self, players: Sequence[str], result: Mapping[str, Any]) -> str: ...

    def check_players(self, players: Sequence[str]) -> None: ...

    def begin(self, record: RawRecord, players: tuple[str, ...]) -> Any: ...

    def step(self, position: Any, token: str, ply: int) -> tuple[Any, str]: ...

    def summary(self, position: Any, players: tuple[str, ...]) -> Summary: ...

    def view(self, position: Any, players: tuple[str, ...]) -> JsonDict: ...

    def setup_tokens(self, record: RawRecord) -> tuple[Tags, tuple[str, ...]]: ...

    def record_text(
        self, tags: Tags, players: tuple[str, ...], tokens: Sequence[str]
    ) -> tuple[Tags, str]: ...

    def from_canonical(self, record: RawRecord) -> tuple[tuple[str, ...], tuple[str, ...]]: ...

    def replayed(
        self, record: RawRecord, fields: Mapping[str, Any], tokens: tuple[str, ...]
    ) -> Summary: ...


# --- tags and names ------------------------------------------------------------------------


def clean_name(name: str) -> str:
    """A player's name with surrounding spaces dropped and inner runs of spaces made single."""
    return " ".join(str(name).split())


def check_value(what: str, value: str) -> None:
    if _CONTROL.search(value):
        raise RecordError(f"{what} contains a line break or another control character")


def check_tags(tags: Sequence[tuple[str, str]]) -> Tags:
    """Tag pairs in the given order, or a record error naming the first bad one."""
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    for name, value in tags:
        if not isinstance(name, str) or not _TAG_NAME.match(name):
            raise RecordError(
                f"{name!r} is not a tag name: a name is letters, digits and _, starting with "
                "a letter"
            )
        if not isinstance(value, str):
            raise RecordError(f"the value of [{name}] must be text")
        key = name.lower()
        if key in seen:
            raise RecordError(f"the tag [{name}] is given twice")
        if key == "game":
            raise RecordError("the game is chosen by its kind, not by a [Game] tag")
        seen.add(key)
        check_value(f"[{name}]", value)
        out.append((name, value))
    return tuple(out)


def header_text(kind: str, tags: Sequence[tuple[str, str]]) -> str:
    lines = [f'[Game "{kind}"]', *(f'[{name} "{escape(value)}"]' for name, value in tags)]
    return "\n".join(lines) + "\n"


def header_record(kind: str, tags: Sequence[tuple[str, str]]) -> RawRecord:
    """The tags read back by the engine's reader, as one record without movetext."""
    records = read_records(header_text(kind, tags))
    if len(records) != 1:
        raise RecordError("the tags do not make one record")
    record = records[0]
    if record.error is not None:
        raise record.error
    return record


def tag_of(tags: Sequence[tuple[str, str]], name: str) -> str | None:
    key = name.lower()
    return next((value for tag, value in tags if tag.lower() == key), None)


def without(tags: Sequence[tuple[str, str]], *names: str) -> Tags:
    keys = {name.lower() for name in names}
    return tuple((tag, value) for tag, value in tags if tag.lower() not in keys)


def with_tags(tags: Sequence[tuple[str, str]], values: Mapping[str, str]) -> Tags:
    """``tags`` with ``values`` set: replaced in place, or appended in the order given."""
    keys = {name.lower(): name for name in values}
    out = [(tag, values[keys[tag.lower()]]) if tag.lower() in keys else (tag, v) for tag, v in tags]
    present = {tag.lower() for tag, _ in tags}
    out.extend((name, value) for name, value in values.items() if name.lower() not in present)
    return tuple(out)


def canonical_tags(record: RawRecord, *, keep_result: bool) -> Tags:
    """A canonical record's tags as written (minus ``Game`` and, unless kept, ``Result``)."""
    drop = {"game"} if keep_result else {"game", "result"}
    return tuple(
        (record.names[key], value) for key, value in record.tags.items() if key not in drop
    )


# --- errors and ranks ------------------------------------------------------------------------


def at_ply(error: IllegalMoveError, ply: int, token: str) -> IllegalMoveError:
    """The engine's refusal, numbered with the live ply and naming the token as entered."""
    return IllegalMoveError(
        error.reason, ply=ply, move=token, legal=error.legal, player=error.player
    ).structure_of(error)


def competition_ranks(
    scores: Mapping[str, int | None], best: Callable[[Any], Sequence[str]]
) -> dict[str, int | None]:
    """Ranks 1, 2, 2, 4 by asking the engine's ``best`` (its winners function) again and again
    on the seats not yet ranked; seats without a score (withdrawn) share the last rank."""
    left = {role: score for role, score in scores.items() if score is not None}
    ranks: dict[str, int | None] = dict.fromkeys(scores)
    place = 1
    while left:
        top = [role for role in best(left) if role in left]
        if not top:
            break
        for role in top:
            ranks[role] = place
            del left[role]
        place += len(top)
    for role, score in scores.items():
        if score is None:
            ranks[role] = place
    return ranks


def written_tags(record: RawRecord, *skip: str) -> Tags:
    """A record's tags as written (name, value), without ``Game`` and the lower-case ``skip``."""
    return tuple(
        (record.names[k], v) for k, v in record.tags.items() if k != "game" and k not in skip
    )


def tags_only(record: RawRecord) -> tuple[Tags, tuple[str, ...]]:
    """``setup_tokens`` of a game whose whole setup is in its tags: no setup plies."""
    return written_tags(record), ()


def scores_result_text(roles: Sequence[str], result: Mapping[str, Any]) -> str:
    """A ``Result`` tag from final scores by role (``None``: withdrawn, written ``WD``)."""
    return "; ".join(
        f"{role}: {'WD' if result.get(role) is None else result.get(role)}" for role in roles
    )
