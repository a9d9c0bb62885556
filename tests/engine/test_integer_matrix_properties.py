"""Integer Matrix properties over seeded random games (Hypothesis)."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.integer_matrix import (
    POLICIES,
    Move,
    State,
    Turn,
    format_move,
    legal_moves,
    parse_move,
    random_game,
    write_record,
)
from games.engine.integer_matrix.board import Disc, count, discs
from games.engine.integer_matrix.notation import split_moves
from games.engine.integer_matrix.records import read_scoring, read_setup_tag
from games.engine.integer_matrix.rules import Options, new_game, play
from games.engine.record import RawRecord, read_records
from games.engine.replay import replay_text

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
POLICY = st.sampled_from(POLICIES)
FEW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def record_of(text: str) -> RawRecord:
    records = read_records(text)
    assert len(records) == 1
    return records[0]


def replayed(text: str) -> list[tuple[State, Turn | None]]:
    """Every state of a record's game with the turn that led to it (None for the start)."""
    record = record_of(text)
    setup = read_setup_tag(record)
    assert setup is not None
    state = new_game(Options(setup, read_scoring(record)))
    states: list[tuple[State, Turn | None]] = [(state, None)]
    for chunk in split_moves(record.tokens()):
        state, turn = play(state, parse_move(state, chunk.text))
        states.append((state, turn))
    return states


@FEW
@given(SEEDS, POLICY)
def test_the_board_is_never_all_one_colour_and_every_placement_flips_a_disc(
    seed: int, policy: str
) -> None:
    for state, turn in replayed(random_game(seed, policy)):
        assert count(state.board, "W") > 0
        assert count(state.board, "B") > 0
        assert turn is None or turn.flipped


@FEW
@given(SEEDS, POLICY)
def test_a_game_runs_until_the_board_is_full_or_blocked_and_never_needs_a_pass(
    seed: int, policy: str
) -> None:
    states = replayed(random_game(seed, policy))
    for state, _ in states[:-1]:
        assert state.end is None
        assert legal_moves(state)
    last = states[-1][0]
    assert legal_moves(last) == ()
    assert last.end == ("full" if discs(last.board) == 49 else "blocked")


@FEW
@given(SEEDS, POLICY)
def test_net_scores_are_the_sums_of_each_players_matrix_scores(seed: int, policy: str) -> None:
    states = replayed(random_game(seed, policy))
    turns = [turn for _, turn in states if turn is not None]
    negative = sum(turn.score for turn in turns if turn.ply % 2 == 1)
    positive = sum(turn.score for turn in turns if turn.ply % 2 == 0)
    assert states[-1][0].net == (negative, positive)


@FEW
@given(SEEDS, POLICY, st.integers(-20, 20))
def test_every_legal_move_reads_back_from_its_text(seed: int, policy: str, claim: int) -> None:
    for state, turn in replayed(random_game(seed, policy))[::7]:
        disc = turn.move.disc if turn else Disc(3, -5)
        for move in legal_moves(state, disc):
            claimed = Move(move.disc, move.colour, move.square, claim)
            assert parse_move(state, format_move(move)) == move
            assert parse_move(state, format_move(claimed)) == claimed


@FEW
@given(SEEDS, POLICY)
def test_write_read_write_is_byte_identical_and_replays_the_same(seed: int, policy: str) -> None:
    text = random_game(seed, policy)
    again = write_record(record_of(text))
    assert again == text
    assert write_record(record_of(again)) == again
    assert list(replay_text(again)) == list(replay_text(text))


def loosen(text: str, data: st.DataObject) -> str:
    """The same game written loosely: any case, unsigned faces, touching parts, comments."""
    header, _, movetext = text.partition("\n\n")
    setup = re.search(r'\[Setup "([^"]*)"\]', header)
    assert setup is not None
    items = data.draw(st.permutations(setup.group(1).split()))
    items = [item.lower() if data.draw(st.booleans()) else item for item in items]
    header = header.replace(setup.group(0), f'[setup "{", ".join(items)}"]')
    header = header.replace('[Game "', '[GAME "')
    moves: list[str] = []
    for line in movetext.split("\n"):
        if not line:
            continue
        number, disc, colour, square, *claim = line.split()
        if data.draw(st.booleans()):
            disc = disc.replace("+", "")
        colour = data.draw(
            st.sampled_from([colour, colour.lower(), "white" if colour == "W" else "Black"])
        )
        square = square.upper() if data.draw(st.booleans()) else square
        gap = data.draw(st.sampled_from(["", " ", "\n"]))
        parts = [disc, colour, square]
        if claim:
            parts.append(claim[0] if data.draw(st.booleans()) else "= " + claim[0][1:].lstrip("+"))
        move = gap.join(parts)
        if data.draw(st.booleans()):
            move = f"{number} {move}"
        moves.append(move)
    glue = data.draw(st.sampled_from([" ", "\n", " {a comment} ", " ; note\n"]))
    return header + "\n\n" + glue.join(moves) + "\n"


@FEW
@given(SEEDS, POLICY, st.data())
def test_a_loosely_written_record_replays_and_writes_like_its_canonical_form(
    seed: int, policy: str, data: st.DataObject
) -> None:
    text = random_game(seed, policy)
    loose = loosen(text, data)
    assert list(replay_text(loose)) == list(replay_text(text))
    assert write_record(record_of(loose)) == text


MOVE_ALPHABET = st.text(alphabet="+-/=0123456789 \nWwBbacdefgh{};.xK٣", max_size=80)
TAG_VALUE = st.text(alphabet="+-/=:,0123456789 abcdefghWBnegativpos;*", max_size=60)


GAME_HEADER = random_game(1).split("\n\n")[0].split("\n")


@settings(max_examples=60, deadline=None)
@given(MOVE_ALPHABET, TAG_VALUE, TAG_VALUE, TAG_VALUE)
def test_any_text_is_replayed_or_refused_with_a_sentence_never_a_crash(
    movetext: str, setup: str, scoring: str, result: str
) -> None:
    for header in (
        GAME_HEADER[:6],
        ['[Game "integer-matrix"]', f'[Setup "{setup}"]', f'[Scoring "{scoring}"]'],
        ['[Game "integer-matrix"]', f'[Result "{result}"]'],
    ):
        text = "\n".join(header) + "\n\n" + movetext + "\n"
        for outcome in replay_text(text):
            assert outcome["ok"] or (outcome["error"] and "line" in outcome)
            if outcome["ok"]:
                assert write_record(record_of(text)).startswith('[Game "integer-matrix"]')
