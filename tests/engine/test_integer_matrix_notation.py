"""Integer Matrix notation: reading and writing moves, splitting movetext, the Setup tag."""

from __future__ import annotations

import pytest

from games.engine.integer_matrix.board import Disc, Move, square_index
from games.engine.integer_matrix.notation import (
    NotationError,
    ReadMove,
    format_disc,
    format_move,
    format_setup,
    read_move,
    read_setup,
    split_moves,
)
from games.engine.record import Token


def tokens(*lines: str) -> list[Token]:
    return [Token(word, number) for number, line in enumerate(lines, 1) for word in line.split()]


@pytest.mark.parametrize(
    "text",
    [
        "+3/-5 W f4 =+6",
        "+3/-5 w F4 =6",
        "3/-5 W f4 = +6",
        "+3/-5Wf4=+6",
        "+3/-5 Wf4 =+6",
        "+3 / -5 white f4 =+6",
        "+3/-5 WHITE F4=+6",
    ],
)
def test_it_reads_a_move_however_its_parts_are_spaced_or_cased(text: str) -> None:
    assert read_move(text) == ReadMove(Disc(3, -5), "W", "f4", 6)


def test_it_reads_a_move_without_a_claim_and_zero_faces() -> None:
    assert read_move("-0/+0 b a1") == ReadMove(Disc(0, 0), "B", "a1", None)
    assert read_move("+0/-7 bb4") == ReadMove(Disc(0, -7), "B", "b4", None)
    assert read_move("+0/-7 blackb4") == ReadMove(Disc(0, -7), "B", "b4", None)


def test_it_leaves_checking_the_square_to_the_rules() -> None:
    assert read_move("+1/-1 W h9").square == "h9"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("W f4", "as a move: a move is written WHITE/BLACK COLOUR SQUARE [=CLAIM]"),
        ("+3 W f4", "as a move: a move is written WHITE/BLACK"),
        ("+3/-5 f4", "after the disc +3/-5 come its colour (W or B) and its square"),
        ("+3/-5 X f4", "after the disc +3/-5 come its colour"),
        ("+3/-5 W 4", "after the disc +3/-5 come its colour"),
        ("+3/-5 W f4 +6", "only a claimed score such as =+6 may follow the square"),
        ("+3/-5 W f4 =x", "only a claimed score such as =+6 may follow the square"),
        ("=+6", "a claimed score follows its move's square"),
        ("+1234567890/-5 W f4", "too long a number for a disc face"),
    ],
)
def test_it_says_what_part_of_a_move_cannot_be_read(text: str, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        read_move(text)
    assert words in str(caught.value)


def test_it_writes_faces_with_signs_colour_upper_case_square_lower_case() -> None:
    f4 = square_index("f4")
    assert f4 is not None
    assert format_disc(Disc(0, -7)) == "+0/-7"
    assert format_move(Move(Disc(3, -5), "W", f4)) == "+3/-5 W f4"
    assert format_move(Move(Disc(-3, 0), "B", f4, 0)) == "-3/+0 B f4 =+0"
    assert format_move(Move(Disc(3, -5), "W", f4, -12)) == "+3/-5 W f4 =-12"


def test_a_written_move_reads_back_the_same() -> None:
    for square in (0, 24, 48):
        for claim in (None, 0, -7, 15):
            move = Move(Disc(-4, 9), "B", square, claim)
            read = read_move(format_move(move))
            assert (read.disc, read.colour, square_index(read.square), read.claim) == (
                move.disc,
                move.colour,
                move.square,
                move.claim,
            )


def test_it_splits_movetext_into_moves_each_with_the_line_it_starts_on() -> None:
    chunks = list(split_moves(tokens("+3/-5 W f4 =+6 -2/+1", "b c2", "0/0 W a1")))
    assert [chunk.text for chunk in chunks] == ["+3/-5 W f4 =+6", "-2/+1 b c2", "0/0 W a1"]
    assert [chunk.line for chunk in chunks] == [1, 1, 3]


def test_moves_may_touch_when_the_next_disc_starts_with_a_sign() -> None:
    chunks = list(split_moves(tokens("+3/-5Wf4=+6-2/+1Bc2+0/-1wa1")))
    assert [read_move(chunk.text).square for chunk in chunks] == ["f4", "c2", "a1"]
    assert read_move(chunks[0].text).claim == 6


def test_an_ambiguous_run_of_digits_is_not_guessed() -> None:
    chunks = list(split_moves(tokens("+3/-5 W f4", "+1/-1 W f41/-2 B c2")))
    assert len(chunks) == 2
    assert chunks[1].line == 2
    with pytest.raises(NotationError):
        read_move(chunks[1].text)


def test_an_unreadable_stretch_ends_the_moves_and_is_shown_up_to_the_next_disc() -> None:
    chunks = list(split_moves(tokens("+3/-5 W f4", "W d3 oops", "+1/-1 B c2")))
    assert [chunk.text for chunk in chunks] == ["+3/-5 W f4", "W d3 oops"]
    assert chunks[1].line == 2


def test_a_claim_on_its_own_after_a_move_belongs_to_it() -> None:
    chunks = list(split_moves(tokens("+3/-5 W f4", "= -2 +1/-1 B c2")))
    assert [chunk.text for chunk in chunks] == ["+3/-5 W f4 = -2", "+1/-1 B c2"]


def test_it_reads_the_setup_items_in_any_order_and_case() -> None:
    items = read_setup("C3=+2/-4:B  d3=1/-1:white, e3 = +3/-2 : b")
    assert [(item.square, item.disc, item.colour) for item in items] == [
        ("c3", Disc(2, -4), "B"),
        ("d3", Disc(1, -1), "W"),
        ("e3", Disc(3, -2), "B"),
    ]


@pytest.mark.parametrize("value", ["c3=+2/-4", "c3:+2/-4:B", "c3=+2-4:B", "c3=+2/-4:X"])
def test_it_refuses_a_setup_item_it_cannot_read(value: str) -> None:
    with pytest.raises(NotationError, match="SQUARE=WHITE/BLACK:COLOUR"):
        read_setup(value)


def test_it_writes_setup_items_canonically() -> None:
    c3, d3 = square_index("c3"), square_index("d3")
    assert c3 is not None and d3 is not None
    text = format_setup([(c3, Disc(2, -4), "B"), (d3, Disc(0, 1), "W")])
    assert text == "c3=+2/-4:B d3=+0/+1:W"
