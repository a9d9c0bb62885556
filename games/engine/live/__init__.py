"""Live entry: one interface over the four engines for recording a game move by move.

Terms:

* A :class:`LiveGame` is what the site stores of a game: its kind (the MGN ``Game`` tag), its
  *tags* (name/value pairs in order, without ``Game``; ``Result`` only for a result-only
  game), its *players* (names in seat order, ``""`` for an unnamed seat) and its *tokens*:
  the canonical text of every ply so far. The engine position is rebuilt from these.
* A *ply* is the 1-based position of a token (see ``common.py``); ``view(game, ply=k)`` shows
  the game after ``k`` tokens (``0`` is the start position).
* Each game's own token grammar, setup and board picture are documented in its adapter:
  ``live.matrio``, ``live.mathematico``, ``live.overload``, ``live.integer_matrix``.

Functions: :func:`start` (a new game from tags and players; ``RecordError`` for a bad setup),
:func:`resume` (a stored game), :func:`play` (one token; ``IllegalMoveError`` with the live
ply, the engine's sentence and the legal tokens), :func:`undo`, :func:`view` (JSON-ready
snapshot at any ply), :func:`summary` (scores, winners, ranks), :func:`to_mgn` (the record,
canonical whenever the engine can write it), :func:`from_record` (an MGN record judged by the
engine, for imports) and :func:`result_only` (a game known only by its final scores).

The envelope of :func:`view`, the same for every game::

    {"kind": "matrio", "ply": 12, "plies": 30,       # shown ply, plies recorded in all
     "finished": false, "abandoned": false, "result_only": false,
     "players": [{"seat": 1, "role": "P1", "name": "Ann"}, ...],
     "to_move": "P2" | null,     # role to move; null when over or when a draw is expected
     "expect": "move" | "draw" | "setup" | null,     # what the next token is
     "scores": {"P1": 12, ...},  # by role, live (null: withdrawn)
     "winners": [...], "withdrawn": [...], "ranks": {...},  # when finished
     "last": null | {"ply": 12, "token": "QD>R1D+++", "by": "P4"},
     "legal": ...,               # game-specific (see the adapter)
     "board": {...},             # game-specific (see the adapter); null for result-only
     "details": {...}}           # game-specific summary fields (Overload result, IM end)

Invariants: every token is judged by the game's engine (``apply`` or ``play``), never here;
tokens are stored canonically, so ``to_mgn`` of a finished game equals the engine's canonical
writer for the same game, byte for byte; nothing here imports anything but the standard
library and the engines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from games.engine import registry
from games.engine.core import EngineError, IllegalMoveError, JsonDict, RecordError
from games.engine.live import integer_matrix as _integer_matrix
from games.engine.live import mathematico as _mathematico
from games.engine.live import matrio as _matrio
from games.engine.live import overload as _overload
from games.engine.live.common import (
    Adapter,
    LiveError,
    Summary,
    Tags,
    canonical_tags,
    check_tags,
    check_value,
    clean_name,
    header_record,
    header_text,
    tag_of,
    with_tags,
    without,
)
from games.engine.record import RawRecord, check_common_tags, read_records

__all__ = [
    "KINDS",
    "Imported",
    "LiveError",
    "LiveGame",
    "Summary",
    "from_record",
    "play",
    "result_only",
    "resume",
    "roles",
    "start",
    "summary",
    "to_mgn",
    "undo",
    "view",
    "with_players",
]

ADAPTERS: dict[str, Adapter] = {
    "matrio": cast(Adapter, _matrio),
    "mathematico": cast(Adapter, _mathematico),
    "matrix-overload": cast(Adapter, _overload),
    "integer-matrix": cast(Adapter, _integer_matrix),
}
KINDS = tuple(ADAPTERS)
#: longest token accepted from a client (canonical tokens are much shorter)
MAX_TOKEN = 200


@dataclass(frozen=True)
class LiveGame:
    """A game as stored: kind, tags, players and canonical tokens (see the module docstring)."""

    kind: str
    tags: Tags
    players: tuple[str, ...]
    tokens: tuple[str, ...] = ()
    result_only: bool = False
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False, hash=False)

    @property
    def plies(self) -> int:
        return len(self.tokens)


@dataclass(frozen=True)
class Imported:
    """A record judged by the engine: the game to store, its canonical MGN and its summary."""

    game: LiveGame
    mgn: str
    summary: Summary


def _adapter(kind: str) -> Adapter:
    adapter = ADAPTERS.get(kind)
    if adapter is None:
        registry.get(kind)  # raises the engine's sentence naming the known games
        raise RecordError(f"unknown game {kind!r}")
    return adapter


def roles(kind: str, players: Sequence[str]) -> tuple[str, ...]:
    """The role of each seat: P1..P4, the player names, ``player``, negative/positive."""
    return _adapter(kind).roles(players)


def _named(adapter: Adapter, tags: Tags, players: tuple[str, ...]) -> Tags:
    """``tags`` with the players written into the game's player tags (empty names left out)."""
    if not adapter.PLAYER_TAGS:
        return tags
    named = without(tags, *adapter.PLAYER_TAGS)
    values = {tag: name for tag, name in zip(adapter.PLAYER_TAGS, players, strict=True) if name}
    return with_tags(named, values)


def _pairs(tags: Mapping[str, str] | Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    if isinstance(tags, Mapping):
        return list(tags.items())
    return [tuple(pair) for pair in tags]  # type: ignore[misc]


def _players(adapter: Adapter, tags: Tags, players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(clean_name(name) for name in players)
    if not names and adapter.PLAYER_TAGS:
        names = tuple(clean_name(tag_of(tags, tag) or "") for tag in adapter.PLAYER_TAGS)
    for name in names:
        check_value(f"the player name {name!r}", name)
    adapter.check_players(names)
    return names


def start(
    kind: str,
    tags: Mapping[str, str] | Sequence[tuple[str, str]],
    players: Sequence[str] = (),
) -> LiveGame:
    """A new game; a :class:`RecordError` says what is wrong with its setup.

    ``tags`` hold the rules options and setup of the game (``Opening``/``Hand1``.. for MatriO,
    ``Deal``/``Mode`` for Mathematico, ``Deck``/``Setup`` for Matrix Overload, ``Setup``/
    ``Scoring`` for the Integer Matrix) and any common tag (``Event``, ``Date``, ...).
    ``players`` are the names in seat order (MatriO: P1 holds the 2 of clubs); for the games
    that name players in tags they may be left empty when the tags name them.
    """
    adapter = _adapter(kind)
    checked = check_tags(_pairs(tags))
    if tag_of(checked, "Result") is not None:
        raise RecordError("a game being started has no [Result] tag: the engine computes it")
    names = _players(adapter, checked, players)
    named, setup = adapter.setup_tokens(header_record(kind, _named(adapter, checked, names)))
    record = header_record(kind, named)
    check_common_tags(record)
    game = LiveGame(kind, named, names)
    game._cache["position"] = adapter.begin(record, names)
    for token in setup:
        try:
            game = play(game, token)
        except IllegalMoveError as error:
            raise RecordError(f"[Setup] {error.reason}") from None
    return game


def resume(
    kind: str,
    tags: Sequence[tuple[str, str]],
    players: Sequence[str],
    tokens: Sequence[str],
    *,
    result_only: bool = False,
) -> LiveGame:
    """A stored game (its position is rebuilt, through the engine, when first needed)."""
    _adapter(kind)
    return LiveGame(
        kind,
        tuple((str(n), str(v)) for n, v in tags),
        tuple(players),
        tuple(tokens),
        result_only,
    )


def _position(game: LiveGame, upto: int | None = None) -> Any:
    """The engine position after ``upto`` tokens (all of them by default)."""
    final = upto is None or upto == len(game.tokens)
    if final and "position" in game._cache:
        return game._cache["position"]
    adapter = _adapter(game.kind)
    position = adapter.begin(header_record(game.kind, game.tags), game.players)
    for ply, token in enumerate(game.tokens[:upto], start=1):
        position = adapter.step(position, token, ply)[0]
    if final:
        game._cache["position"] = position
    return position


def play(game: LiveGame, token: str) -> LiveGame:
    """The game after one more token, judged by the engine; the token is stored canonically.

    Raises :class:`IllegalMoveError` (``ply`` = the ply this token would have had, ``legal`` =
    legal tokens where the engine lists them) and changes nothing.
    """
    if game.result_only:
        raise LiveError("a result-only game has no moves to record")
    ply = len(game.tokens) + 1
    text = " ".join(str(token).split()) if isinstance(token, str) else ""
    if not text or len(text) > MAX_TOKEN:
        what = "no move was given" if not text else f"a move is at most {MAX_TOKEN} characters"
        raise IllegalMoveError(what, ply=ply, move=text[:MAX_TOKEN])
    position, canonical = _adapter(game.kind).step(_position(game), text, ply)
    after = LiveGame(game.kind, game.tags, game.players, (*game.tokens, canonical))
    after._cache["position"] = position
    return after


def undo(game: LiveGame) -> LiveGame:
    """The game without its last token (a :class:`LiveError` when there is none)."""
    if game.result_only:
        raise LiveError("a result-only game has no moves to undo")
    if not game.tokens:
        raise LiveError("there is no move to undo")
    return LiveGame(game.kind, game.tags, game.players, game.tokens[:-1])


def with_players(game: LiveGame, players: Sequence[str]) -> LiveGame:
    """The same game with other names in the seats (the tags that name players follow)."""
    adapter = _adapter(game.kind)
    names = _players(adapter, game.tags, players)
    tags = _named(adapter, game.tags, names)
    return LiveGame(game.kind, tags, names, game.tokens, game.result_only)


def summary(game: LiveGame) -> Summary:
    """Scores, winners and ranks by role now (see :class:`Summary`)."""
    if game.result_only:
        return from_record(read_records(to_mgn(game))[0]).summary
    found = _adapter(game.kind).summary(_position(game), game.players)
    return Summary(
        finished=found.finished,
        plies=len(game.tokens),
        scores=found.scores,
        winners=found.winners,
        withdrawn=found.withdrawn,
        ranks=found.ranks,
        abandoned=found.abandoned,
        details=found.details,
    )


def view(game: LiveGame, ply: int | None = None) -> JsonDict:
    """The game after ``ply`` tokens (default: all) as JSON-ready data (module docstring)."""
    adapter = _adapter(game.kind)
    plies = len(game.tokens)
    shown = plies if ply is None else ply
    if not 0 <= shown <= plies:
        raise LiveError(f"there is no ply {shown}: the game has plies 0 (the start) to {plies}")
    players = [
        {"seat": seat, "role": role, "name": name}
        for seat, (role, name) in enumerate(
            zip(adapter.roles(game.players), game.players, strict=True), start=1
        )
    ]
    if game.result_only:
        found = summary(game)
        body: JsonDict = {"to_move": None, "expect": None, "legal": [], "board": None}
    else:
        position = _position(game, shown)
        found = adapter.summary(position, game.players)
        body = adapter.view(position, game.players)
    last = None
    if shown:
        last = {"ply": shown, "token": game.tokens[shown - 1], "by": body.get("last_by")}
    return {
        "kind": game.kind,
        "ply": shown,
        "plies": plies,
        "finished": found.finished,
        "abandoned": found.abandoned,
        "result_only": game.result_only,
        "players": players,
        "to_move": body["to_move"],
        "expect": body["expect"],
        "scores": dict(found.scores),
        "winners": list(found.winners),
        "withdrawn": list(found.withdrawn),
        "ranks": dict(found.ranks),
        "last": last,
        "legal": body["legal"],
        "board": body["board"],
        "details": dict(found.details),
    }


def to_mgn(game: LiveGame) -> str:
    """The game's MGN record: canonical (the engine's writer) whenever the engine accepts it.

    A game the engine cannot write yet — a Mathematico game before its last card, a Matrix
    Overload game still in its setup — comes back as its tags and movetext so far, led by an
    ``{unfinished ...}`` comment; importing that text is refused.
    """
    adapter = _adapter(game.kind)
    tags, movetext = adapter.record_text(game.tags, game.players, game.tokens)
    text = header_text(game.kind, tags) + (f"\n{movetext}\n" if movetext else "")
    try:
        return registry.get(game.kind).write_record(read_records(text)[0])
    except EngineError:
        note = f"{{unfinished: {len(game.tokens)} plies recorded so far}}"
        return header_text(game.kind, tags) + f"\n{note}\n" + (f"{movetext}\n" if movetext else "")


def from_record(record: RawRecord) -> Imported:
    """Judge one MGN record with its engine; raises its :class:`EngineError` (with a line)."""
    try:
        if record.error is not None:
            raise record.error
        kind = record.game
        engine = registry.get(kind, line=record.line)
        assert kind is not None
        adapter = _adapter(kind)
        check_common_tags(record)
        fields = engine.replay(record).fields
        mgn = engine.write_record(record)
    except EngineError as error:
        raise error.at_line(record.line) from None
    canon = read_records(mgn)[0]
    if fields.get("result_only"):
        tags = canonical_tags(canon, keep_result=True)
        players, _ = adapter.from_canonical(canon)
        game = LiveGame(kind, tags, players, (), result_only=True)
    else:
        tags, setup = adapter.setup_tokens(canon)
        players, moves = adapter.from_canonical(canon)
        game = LiveGame(kind, without(tags, "Result"), players, (*setup, *moves))
    return Imported(game, mgn, adapter.replayed(canon, fields, game.tokens))


def result_only(
    kind: str,
    tags: Mapping[str, str] | Sequence[tuple[str, str]],
    players: Sequence[str],
    result: Mapping[str, Any],
) -> Imported:
    """A game known by its final result only, judged like an imported result-only record.

    ``result`` maps each role to its final score (MatriO: ``None`` for a withdrawn seat;
    Mathematico roles are the player names); for Matrix Overload it holds ``result`` (win,
    loss or unfinished), ``reason`` (deck, ice or loop for a loss), ``royals_killed`` and
    ``cards_left`` (for a win).
    """
    adapter = _adapter(kind)
    checked = check_tags(_pairs(tags))
    names = _players(adapter, checked, players)
    text = adapter.result_text(names, result)
    check_value("the result", text)
    named = with_tags(without(_named(adapter, checked, names), "Result"), {"Result": text})
    record = read_records(header_text(kind, named))[0]
    return from_record(record)
