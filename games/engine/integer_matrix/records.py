"""Integer Matrix records: reading the tags, replaying the moves, writing canonical MGN.

Terms (``docs/records.md`` §1, §5, §6):

* Tags: ``Negative`` and ``Positive`` (names, optional, kept as written), ``Scoring``
  (``rect`` by default, or ``line``), ``Setup`` (the nine centre discs; needed unless the record
  is result-only) and ``Result`` (``negative: N; positive: P``, or ``*`` for an unfinished game).
* A *result-only* record has a ``Result`` other than ``*`` and no movetext; its outcome is read
  from the tag.
* An *unfinished* record's moves stop while a legal placement exists; it reports
  ``finished: false``, the net scores so far, no winners and ``end: null``, and its canonical
  ``Result`` is ``*``.
* A *claim* the players wrote that differs from the engine's matrix score is listed in
  ``claims``; it never makes the record fail.

Invariants: a written ``Result`` is checked, never trusted; every error names its ply (``None``
for a tag) and its line; :func:`write_record` output read back and written again is
byte-identical, and replays to the same JSON.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.core import EngineError, JsonDict, RecordError, Replay, join_names
from games.engine.integer_matrix.board import (
    CENTRE,
    Disc,
    colour_word,
    setup_colour,
    square_index,
    square_name,
)
from games.engine.integer_matrix.notation import (
    SETUP_EXAMPLE,
    NotationError,
    format_move,
    format_setup,
    read_setup,
    split_moves,
)
from games.engine.integer_matrix.rules import (
    End,
    Options,
    State,
    Turn,
    after_end,
    legal_moves,
    new_game,
    parse_move,
    play,
)
from games.engine.integer_matrix.scoring import (
    RESULT_EXAMPLE,
    SCORINGS,
    Scoring,
    parse_result,
    result_text,
    winners,
)
from games.engine.record import RawRecord, check_result, write_header

NAME = "integer-matrix"
TAG_ORDER = ("Negative", "Positive", "Scoring", "Setup")


@dataclass(frozen=True, slots=True)
class Judged:
    """A record replayed: everything the JSON and the canonical writer need."""

    scoring: Scoring
    setup: tuple[tuple[int, Disc], ...] | None
    net: tuple[int, int]
    result_only: bool = False
    state: State | None = None
    turns: tuple[Turn, ...] = ()

    @property
    def finished(self) -> bool:
        return self.result_only or (self.state is not None and self.state.end is not None)

    @property
    def end(self) -> End | None:
        return None if self.state is None else self.state.end

    @property
    def result(self) -> str:
        return result_text(*self.net) if self.finished else "*"


def read_scoring(record: RawRecord) -> Scoring:
    value = record.tag("Scoring")
    if value is None:
        return "rect"
    for scoring in SCORINGS:
        if value.strip().lower() == scoring:
            return scoring
    raise RecordError(
        f'[Scoring "{value}"] is not a scoring rule: it is rect (the default) or line',
        line=record.tag_line("Scoring"),
    )


def read_setup_tag(record: RawRecord) -> tuple[tuple[int, Disc], ...] | None:
    """The setup discs by square, or ``None`` when the record has no ``Setup`` tag."""
    value = record.tag("Setup")
    if value is None:
        return None
    line = record.tag_line("Setup")
    try:
        items = read_setup(value)
    except NotationError as error:
        raise RecordError(str(error), line=line) from None
    setup: list[tuple[int, Disc]] = []
    for item in items:
        square = square_index(item.square)
        if square is None:
            raise RecordError(
                f"{item.square} in the Setup is not a square of the board (a1 to g7)", line=line
            )
        wanted = setup_colour(square)
        if square in CENTRE and item.colour != wanted:
            raise RecordError(
                f"the Setup lays {item.square} {colour_word(item.colour)} side up, but the "
                "centre discs lie black on c3 e3 d4 c5 e5 and white on d3 c4 e4 d5",
                line=line,
            )
        setup.append((square, item.disc))
    try:
        new_game(Options(tuple(setup)))
    except EngineError as error:
        raise error.at_line(line) from None
    return tuple(setup)


def judge_record(record: RawRecord) -> Judged:
    """Read and replay a record; raises :class:`EngineError` for the first fault."""
    scoring = read_scoring(record)
    setup = read_setup_tag(record)
    written = record.tag("Result")
    if not record.has_moves() and written is not None and written.strip() not in ("", "*"):
        net = parse_result(written)
        if net is None:
            raise RecordError(
                f'[Result "{written}"] cannot be read: an integer-matrix result is written '
                f"{RESULT_EXAMPLE}",
                line=record.tag_line("Result"),
            )
        return Judged(scoring, setup, net, result_only=True)
    if setup is None:
        raise RecordError(
            f'the record has no [Setup "..."] tag listing the nine centre discs (e.g. '
            f"{SETUP_EXAMPLE} ...); only a result-only record (a Result and no moves) may "
            "leave it out",
            line=record.line,
        )
    state = new_game(Options(setup, scoring))
    turns: list[Turn] = []
    for chunk in split_moves(record.tokens()):
        try:
            if state.end is not None:
                raise after_end(state, chunk.text)
            state, turn = play(state, parse_move(state, chunk.text))
        except EngineError as error:
            raise error.at_line(chunk.line) from None
        turns.append(turn)
    judged = Judged(scoring, setup, state.net, state=state, turns=tuple(turns))
    _check_result(record, judged, state)
    return judged


def _check_result(record: RawRecord, judged: Judged, state: State) -> None:
    written = record.tag("Result")
    if written is None or not written.strip():
        return
    if not judged.finished:
        if written.strip() != "*":
            left = [f"{m.colour} {square_name(m.square)}" for m in legal_moves(state)]
            raise RecordError(
                f'[Result "{written}"] says the game is over, but the moves stop after ply '
                f"{state.ply} while {len(left)} placements are still legal (such as "
                f'{join_names(left[:3])}); an unfinished game has [Result "*"]',
                line=record.tag_line("Result"),
            )
        return
    if parse_result(written) != judged.net:
        check_result(record, judged.result)  # raises unless equal ignoring case and spaces


def replay(record: RawRecord) -> Replay:
    """The replay command's fields for one integer-matrix record."""
    judged = judge_record(record)
    fields: JsonDict = {}
    if judged.result_only:
        fields["result_only"] = True
    fields["finished"] = judged.finished
    fields["plies"] = None if judged.result_only else len(judged.turns)
    fields["scores"] = {"negative": judged.net[0], "positive": judged.net[1]}
    fields["winners"] = list(winners(*judged.net)) if judged.finished else []
    fields["end"] = judged.end
    fields["claims"] = [
        {"ply": turn.ply, "claimed": turn.move.claim, "score": turn.score}
        for turn in judged.turns
        if turn.claim_differs
    ]
    return Replay(NAME, fields)


def write_record(record: RawRecord) -> str:
    """The canonical MGN text of a valid record (header, blank line, one move per line)."""
    judged = judge_record(record)
    values = {"Scoring": judged.scoring, "Result": judged.result}
    if judged.setup is not None:
        order = {square: index for index, square in enumerate(CENTRE)}
        ordered = sorted(judged.setup, key=lambda item: order[item[0]])
        values["Setup"] = format_setup([(sq, disc, setup_colour(sq)) for sq, disc in ordered])
    header = write_header(record, NAME, TAG_ORDER, values)
    if not judged.turns:
        return header
    moves = "\n".join(f"{turn.ply}. {format_move(turn.move)}" for turn in judged.turns)
    return f"{header}\n{moves}\n"


def score_sheet(record: RawRecord) -> tuple[Turn, ...]:
    """Every move of a record with what it flipped and scored (empty for result-only)."""
    return judge_record(record).turns


def final_position(record: RawRecord) -> State | None:
    """The position after the record's last move (``None`` for a result-only record)."""
    return judge_record(record).state
