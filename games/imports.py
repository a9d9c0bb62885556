"""Storing judged games in bulk, for imports and result-only entry (used by ``services``).

Terms: an *import report* has one entry per record of the text — its index (0-based, as the
replay command's), line, kind and *outcome*: ``stored``, ``duplicate`` (the same canonical
MGN is already stored in the club, or earlier in the text), ``refused`` (with the engine's
sentence, ply and player) or ``valid`` (a dry run's word for "would be stored"). The
*roster* matches player names to the club's members (ignoring case and repeated spaces), or to
the member the importer chose for a name; a name it does not know is an *unknown player*
(with the members whose names are near it, ignoring accents too), created as a new member only
when the importer asked for that.

Invariants: players are created before any game is written; games are written in batches
of ``BATCH`` inside savepoints, and a batch the database refuses is written again one game
per savepoint, so a game is stored whole or not at all.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club, Membership, Player
from clubs.players import free_slug, name_key
from games.engine import live
from games.engine.core import EngineError, JsonDict
from games.events import EventLike, events_of_clubs
from games.messages import in_record
from games.models import NAME_LENGTH, TOKEN_LENGTH, Game, Move, Seat
from infra.bulk import insert_rows

BATCH = 500
MAX_SCORE = 2**62
_DATE = re.compile(r"(\d{4})\.(\d\d)\.(\d\d)\Z")


@dataclass
class ImportedGame:
    index: int
    line: int | None
    kind: str | None
    outcome: str = "refused"
    game_id: int | None = None
    finished: bool | None = None
    ply: int | None = None
    player: str | None = None
    error: str | None = None
    #: the refusal for people: which game, line and ply, then what is wrong, in plain words
    plain: str | None = None

    def refuse(self, error: EngineError, *, names: Mapping[str, str] = {}) -> None:
        """Mark the record refused; ``names`` maps its roles to its players' names."""
        self.outcome = "refused"
        self.ply = error.ply
        self.player = error.player
        self.line = error.line or self.line
        self.error = error.sentence
        self.plain = in_record(error, index=self.index, line=self.line, names=names)

    def json(self) -> JsonDict:
        return {
            "index": self.index,
            "line": self.line,
            "kind": self.kind,
            "outcome": self.outcome,
            "game_id": self.game_id,
            "finished": self.finished,
            "ply": self.ply,
            "player": self.player,
            "error": self.error,
            "plain": self.plain,
        }

    def describe(self) -> str:
        """One line for people (the import command prints these)."""
        head = f"#{self.index} (line {self.line}) {self.kind or '?'}"
        if self.outcome == "stored":
            return f"{head}: stored as game {self.game_id}"
        if self.outcome == "valid":
            return f"{head}: valid (dry run: not stored)"
        if self.outcome == "duplicate":
            return f"{head}: not stored again — {self.error}"
        if self.outcome == "held":
            return f"{head}: held — {self.error}"
        where = f" at ply {self.ply}" if self.ply is not None else ""
        return f"{head}: REFUSED{where} — {self.error}"


@dataclass(frozen=True)
class UnknownPlayer:
    """A name of the records that is no member of the club, with the members near it."""

    name: str
    suggestions: tuple[tuple[int, str], ...] = ()  # (player id, name), nearest first

    def json(self) -> JsonDict:
        return {
            "name": self.name,
            "suggestions": [{"id": pk, "name": name} for pk, name in self.suggestions],
        }


@dataclass
class ImportReport:
    dry_run: bool
    games: list[ImportedGame] = field(default_factory=list)
    created_players: list[str] = field(default_factory=list)
    #: names no member has: nothing was stored; map each to a member or allow new players
    unknown_players: list[UnknownPlayer] = field(default_factory=list)

    def count(self, outcome: str) -> int:
        return sum(1 for game in self.games if game.outcome == outcome)

    @property
    def ok(self) -> bool:
        return self.count("refused") == 0 and not self.unknown_players

    def json(self) -> JsonDict:
        return {
            "dry_run": self.dry_run,
            "ok": self.ok,
            "games": len(self.games),
            "stored": self.count("stored"),
            "valid": self.count("valid"),
            "duplicates": self.count("duplicate"),
            "refused": self.count("refused"),
            "created_players": list(self.created_players),
            "unknown_players": [unknown.json() for unknown in self.unknown_players],
            "report": [game.json() for game in self.games],
        }


def without_nul(text: str) -> str:
    """The text with NUL characters made visible (databases refuse them in text columns)."""
    return text.replace("\x00", "\ufffd")


def _plain(key: str) -> str:
    """A name key without accents, for near matches (``Zoë`` is near ``Zoe``)."""
    decomposed = unicodedata.normalize("NFKD", key)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class Roster:
    """The club's players by name; ``player_id`` creates a member for a new name.

    ``chosen`` maps a record's name to the member the importer picked for it (only members of
    the club count); it wins over a member of the same name.
    """

    def __init__(self, club: Club, *, create: bool, chosen: Mapping[str, int] = {}) -> None:
        self.club = club
        self.create = create
        self.created: list[str] = []
        self.by_key: dict[str, int | None] = {}
        members = (
            Player.objects.filter(memberships__club=club).order_by("pk").values_list("pk", "name")
        )
        self.members = list(members)
        for pk, name in self.members:
            self.by_key.setdefault(name_key(name), pk)
        ids = {pk for pk, _ in self.members}
        for name, pk in chosen.items():
            if pk in ids and name_key(name):
                self.by_key[name_key(name)] = pk

    def unknown(self, names: Iterable[str]) -> list[UnknownPlayer]:
        """The names no member has (in first-seen order), each with the members near it."""
        plain: dict[str, tuple[int, str]] = {}
        for pk, name in self.members:
            plain.setdefault(_plain(name_key(name)), (pk, name))
        found: dict[str, UnknownPlayer] = {}
        for name in names:
            key = name_key(name)
            if not key or key in self.by_key or key in found:
                continue
            near = difflib.get_close_matches(_plain(key), list(plain), n=3, cutoff=0.7)
            clean = " ".join(name.split())
            found[key] = UnknownPlayer(clean, tuple(plain[match] for match in near))
        return list(found.values())

    def player_id(self, name: str) -> int | None:
        key = name_key(name)
        if not key:
            return None
        if key in self.by_key:
            return self.by_key[key]
        clean = " ".join(name.split())
        self.created.append(clean)
        if not self.create:
            self.by_key[key] = None
            return None
        player = Player.objects.create(name=clean, slug=free_slug(clean))
        Membership.objects.create(club=self.club, player=player, role=Membership.Role.PLAYER)
        self.by_key[key] = player.pk
        return player.pk


def storable_problem(imported: live.Imported) -> str | None:
    """Why a judged game cannot be stored as it is (names too long, absurd scores), if so."""
    for name in imported.game.players:
        if len(name) > NAME_LENGTH:
            return gettext("a player's name is at most %(n)s characters: %(name)s…") % {
                "n": NAME_LENGTH,
                "name": name[:40],
            }
    for score in imported.summary.scores.values():
        if score is not None and abs(score) >= MAX_SCORE:
            return gettext("the score %(score)s is too large to store") % {"score": score}
    if any(len(token) > TOKEN_LENGTH for token in imported.game.tokens):
        return gettext("a move is longer than %(n)s characters") % {"n": TOKEN_LENGTH}
    return None


def played_on(tag: str | None) -> date | None:
    """The date of a ``Date`` tag, when it names a whole date."""
    match = _DATE.match((tag or "").strip())
    if match is None:
        return None
    try:
        return date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


def whole_number(tag: str | None) -> int | None:
    text = (tag or "").strip()
    return int(text) if text.isdigit() and len(text) <= 9 else None


def _tag(tags: Sequence[tuple[str, str]], name: str) -> str | None:
    return next((value for key, value in tags if key.lower() == name.lower()), None)


Item = tuple[ImportedGame, live.Imported, str | None]


def bulk_store(
    *,
    club: Club,
    items: Sequence[Item],
    roster: Roster,
    by: User | None,
    source: str,
    event: EventLike | None = None,
    round_number: int | None = None,
    table_number: int | None = None,
    played_on: date | None = None,
    public: bool = True,
    seat_players: dict[int, int] | None = None,
) -> list[int]:
    """Store judged games; returns the ids of those stored finished (for analytics)."""
    events = {name_key(e.name): e for e in events_of_clubs([club.pk])}
    today = timezone.localdate()
    now = timezone.now()
    rows: list[tuple[ImportedGame, Game, list[Seat], tuple[str, ...]]] = []
    for entry, imported, digest in items:
        game, found = imported.game, imported.summary
        tags = game.tags
        named_event = events.get(name_key(_tag(tags, "Event") or ""))
        if named_event is not None and named_event.kind != game.kind:
            named_event = None
        chosen = event or named_event
        status = Game.Status.LIVE
        if found.finished:
            status = Game.Status.ABANDONED if found.abandoned else Game.Status.FINISHED
        row = Game(
            club=club,
            kind=game.kind,
            tags=[list(pair) for pair in tags],
            status=status,
            source=Game.Source.RESULT_ONLY if game.result_only else source,
            event_id=chosen.id if chosen else None,
            round_number=round_number
            if round_number is not None
            else whole_number(_tag(tags, "Round")),
            table_number=table_number
            if table_number is not None
            else whole_number(_tag(tags, "Table")),
            recorder=by,
            public=public,
            played_on=played_on or _played_on(tags) or today,
            ply=len(game.tokens),
            result=found.json() if found.finished else {},
            mgn_hash=digest,
            finished_at=now if found.finished else None,
        )
        seats = []
        roles = live.roles(game.kind, game.players)
        for index, (role, name) in enumerate(zip(roles, game.players, strict=True)):
            given = (seat_players or {}).get(index)
            seat = Seat(
                position=index + 1,
                role=role,
                name=name,
                player_id=given if given is not None else roster.player_id(name),
                score=found.scores.get(role) if found.finished else None,
                rank=found.ranks.get(role) if found.finished else None,
                winner=found.finished and role in found.winners,
                withdrawn=role in found.withdrawn,
            )
            seats.append(seat)
        rows.append((entry, row, seats, game.tokens))
    stored: list[int] = []
    for start in range(0, len(rows), BATCH):
        chunk = rows[start : start + BATCH]
        try:
            with transaction.atomic():
                _write(chunk, by, now)
        except IntegrityError:
            for one in chunk:
                try:
                    with transaction.atomic():
                        _write([one], by, now)
                except IntegrityError:
                    one[0].outcome = "duplicate"
                    one[0].error = gettext("stored meanwhile by another import")
                    continue
        for entry, row, _, _ in chunk:
            if entry.outcome == "duplicate":
                continue
            entry.outcome, entry.game_id = "stored", row.pk
            if row.status == Game.Status.FINISHED:
                stored.append(row.pk)
    return stored


def _played_on(tags: Sequence[tuple[str, str]]) -> date | None:
    return played_on(_tag(tags, "Date"))


def _write(
    rows: Sequence[tuple[ImportedGame, Game, list[Seat], tuple[str, ...]]],
    by: User | None,
    now: datetime,
) -> None:
    for _, row, _, _ in rows:
        row.pk = None
    Game.objects.bulk_create([row for _, row, _, _ in rows])
    seats = []
    moves: list[tuple[int, int, str]] = []
    for _, row, game_seats, tokens in rows:
        for seat in game_seats:
            seat.pk = None
            seat.game = row
            seats.append(seat)
        moves.extend((row.pk, ply, token) for ply, token in enumerate(tokens, start=1))
    insert_seats(seats)
    insert_moves(moves, by_id=by.pk if by is not None else None, at=now)


SEAT_COLUMNS = (
    "game_id",
    "position",
    "role",
    "name",
    "player_id",
    "score",
    "rank",
    "winner",
    "withdrawn",
)


def insert_seats(seats: Sequence[Seat]) -> None:
    """Insert seats (their game saved): COPY on PostgreSQL, bulk INSERT elsewhere."""
    insert_rows(Seat, SEAT_COLUMNS, [[getattr(s, c) for c in SEAT_COLUMNS] for s in seats])


MOVE_COLUMNS = ("game_id", "ply", "token", "by_id", "at")


def insert_moves(moves: Sequence[tuple[int, int, str]], *, by_id: int | None, at: datetime) -> None:
    """Insert ``(game_id, ply, token)`` rows: COPY on PostgreSQL, bulk INSERT elsewhere."""
    insert_rows(Move, MOVE_COLUMNS, [(g, p, t, by_id, at) for g, p, t in moves])
