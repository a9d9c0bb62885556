"""The Integer Matrix game protocol: start position, legal moves, illegal moves, the end."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from games.engine.core import IllegalMoveError, Outcome, RecordError
from games.engine.integer_matrix import (
    Disc,
    Move,
    Options,
    Piece,
    State,
    apply,
    format_move,
    legal_moves,
    new_game,
    outcome,
    parse_move,
    position,
    scores,
)
from games.engine.integer_matrix.board import CENTRE, square_index, square_name

# c3=+2/-4:B d3=+1/-1:W e3=+3/-2:B c4=+0/-5:W d4=+4/-3:B e4=+2/-2:W c5=+1/-6:B d5=+5/-1:W
# e5=+3/-3:B
FACES = [(2, -4), (1, -1), (3, -2), (0, -5), (4, -3), (2, -2), (1, -6), (5, -1), (3, -3)]
SETUP = tuple((square, Disc(*faces)) for square, faces in zip(CENTRE, FACES, strict=True))
START_WHITE = ["c2", "e2", "b3", "f3", "b5", "f5", "c6", "e6"]
START_BLACK = ["d2", "b4", "f4", "d6"]


def sq(name: str) -> int:
    index = square_index(name)
    assert index is not None
    return index


def at(layout: Mapping[str, str], **extra: int) -> State:
    """``{"a1": "W"}``: a position of +2/-3 discs with those colours up."""
    pieces = {
        sq(name): Piece(Disc(2, -3), "W" if up == "W" else "B") for name, up in layout.items()
    }
    return position(pieces, ply=extra.get("ply", 0))


def start() -> State:
    return new_game(Options(SETUP))


def refusal(state: State, text: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, parse_move(state, text))
    return caught.value


def test_the_game_starts_with_the_nine_centre_discs_and_the_negative_player_to_move() -> None:
    state = start()
    assert [square_name(s) for s, piece in enumerate(state.board) if piece] == [
        square_name(s) for s in CENTRE
    ]
    assert state.board[sq("c3")] == Piece(Disc(2, -4), "B")
    assert state.board[sq("d3")] == Piece(Disc(1, -1), "W")
    assert (state.ply, state.net, state.end, state.to_move) == (0, (0, 0), None, "negative")
    assert outcome(state) is None
    assert scores(state) == {"negative": 0, "positive": 0}


def test_legal_moves_are_every_flanking_placement_in_both_colours() -> None:
    moves = legal_moves(start())
    assert sorted(square_name(m.square) for m in moves if m.colour == "W") == sorted(START_WHITE)
    assert sorted(square_name(m.square) for m in moves if m.colour == "B") == sorted(START_BLACK)
    assert all(m.disc == Disc(0, 0) for m in moves)
    assert {m.disc for m in legal_moves(start(), Disc(3, -5))} == {Disc(3, -5)}


def test_every_legal_move_reads_back_from_its_text() -> None:
    state = start()
    for disc, claim in [(Disc(3, -5), None), (Disc(-9, 0), 4), (Disc(0, 0), -11)]:
        for move in legal_moves(state, disc):
            move = Move(move.disc, move.colour, move.square, claim)
            assert parse_move(state, format_move(move)) == move


def test_playing_a_move_returns_a_new_state_and_leaves_the_old_one_alone() -> None:
    state = start()
    after = apply(state, parse_move(state, "+3/-5 W c2"))
    assert after.board[sq("c2")] == Piece(Disc(3, -5), "W")
    assert after.board[sq("c3")] == Piece(Disc(2, -4), "W")
    assert state.board[sq("c3")] == Piece(Disc(2, -4), "B")
    assert after.net == (3 + 2 + 0, 0)
    assert (after.ply, after.to_move) == (1, "positive")


def test_both_players_may_play_both_colours() -> None:
    state = start()
    for text in ("+3/-5 B d2", "+1/-1 W c2", "+2/-2 W f3", "-4/+4 B f4"):
        state = apply(state, parse_move(state, text))
    assert state.ply == 4
    assert state.board[sq("d2")] == Piece(Disc(3, -5), "B")
    assert state.board[sq("c2")] == Piece(Disc(1, -1), "W")


def test_it_rejects_a_placement_that_flips_nothing_and_lists_the_legal_squares() -> None:
    error = refusal(start(), "+3/-5 W d2")
    assert str(error) == (
        "ply 1 (negative): a white disc on d2 flips nothing: no line of black discs from d2 is "
        "closed by a white disc; white can go on c2, e2, b3, f3, b5, f5, c6 or e6"
    )
    assert (error.ply, error.move, error.player) == (1, "+3/-5 W d2", "negative")
    assert "B d2" in error.legal and "W c2" in error.legal


def test_it_rejects_an_occupied_square() -> None:
    error = refusal(start(), "+3/-5 B d3")
    assert error.reason == (
        "d3 is already taken by a white disc showing +1; black can go on d2, b4, f4 or d6"
    )


def test_it_rejects_a_square_off_the_board() -> None:
    error = refusal(start(), "+3/-5 W h4")
    assert error.reason.startswith("h4 is not a square of the board, which runs from a1 to g7;")
    assert error.reason.endswith("white can go on c2, e2, b3, f3, b5, f5, c6 or e6")
    assert error.ply == 1


@pytest.mark.parametrize(("text", "sign"), [("+3/+5 W c2", "positive"), ("-1/-2 W c2", "negative")])
def test_it_rejects_a_disc_with_two_faces_of_the_same_sign(text: str, sign: str) -> None:
    error = refusal(start(), text)
    assert f"has two {sign} faces; a disc has one face ≥ 0 and the other ≤ 0" in error.reason


def test_it_rejects_text_that_is_not_a_move() -> None:
    with pytest.raises(IllegalMoveError, match="cannot read 'W c2' as a move") as caught:
        parse_move(start(), "W c2")
    assert caught.value.ply == 1


def test_the_one_colour_ban_forces_another_placement() -> None:
    # a white disc on c1 would flip b1 and c2, the only black discs
    state = at({"a1": "W", "b1": "B", "c2": "B", "c3": "W"})
    assert [format_move(m) for m in legal_moves(state)] == ["+0/+0 B c4"]
    error = refusal(state, "+1/-1 W c1")
    assert error.reason == (
        "a white disc on c1 would turn the whole board white, which is never allowed; "
        "white has no legal square now; black can go on c4"
    )


def test_the_game_ends_full_at_forty_nine_discs() -> None:
    layout = {square_name(s): "W" for s in range(49)}
    layout.update({"a1": "B", "f7": "B"})
    del layout["g7"]
    state = at(layout)
    assert state.end is None
    after = apply(state, parse_move(state, "+1/-1 W g7"))
    assert after.end == "full"
    assert legal_moves(after) == ()


def test_the_game_ends_blocked_when_no_placement_flips_in_either_colour() -> None:
    state = at({"a1": "W", "b1": "B", "g7": "B"})
    after = apply(state, parse_move(state, "+1/-1 W c1"))
    assert after.end == "blocked"
    assert legal_moves(after) == ()


def test_placements_banned_by_the_one_colour_rule_do_not_keep_the_game_going() -> None:
    assert at({"a1": "W", "b1": "B"}).end == "blocked"


def test_a_move_after_the_end_is_illegal_at_its_ply() -> None:
    state = at({"a1": "W", "b1": "B", "g7": "B"}, ply=6)
    after = apply(state, parse_move(state, "+1/-1 W c1"))
    error = refusal(after, "+1/-1 B d1")
    assert error.ply == 8
    assert error.reason == (
        "+1/-1 B d1 comes after the end of the game — the game is over: no legal placement "
        "is left in either colour (blocked)"
    )


def test_outcome_gives_the_final_scores_winners_and_how_the_game_ended() -> None:
    state = at({"a1": "B", "b1": "W", "g7": "W"})
    after = apply(state, parse_move(state, "+4/-1 B c1"))
    assert after.net == (-1 - 3 - 3, 0)
    assert outcome(after) == Outcome({"negative": -7, "positive": 0}, ("negative",), "blocked")


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        (SETUP[1:], "the Setup has no disc on c3"),
        ((*SETUP, (sq("d4"), Disc(0, 0))), "the Setup lists d4 twice"),
        ((*SETUP[1:], (sq("b2"), Disc(0, 0))), "outside the centre block c3 to e5"),
        (((sq("c3"), Disc(2, 4)), *SETUP[1:]), "the Setup disc +2/+4 on c3 has two faces"),
    ],
)
def test_a_setup_that_breaks_the_setup_rule_is_a_record_error(
    setup: tuple[tuple[int, Disc], ...], words: str
) -> None:
    with pytest.raises(RecordError) as caught:
        new_game(Options(setup))
    assert words in str(caught.value)
    assert caught.value.ply is None
