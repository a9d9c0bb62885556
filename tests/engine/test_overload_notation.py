"""MATR1X 0VERL0AD notation: tokens, echoes and the canonical writer."""

from __future__ import annotations

import pytest

from games.engine.overload import format_move, parse_move, write_record
from games.engine.overload.position import Move, placements
from games.engine.record import read_records

from .test_overload_decks import TABLE, final, mgn, replayed

ICE_TABLE = ("8S", "8H", "8D", "8C", "9S", "9H", "9D", "9C", "TS")


@pytest.mark.parametrize(
    ("top", "moves", "token", "move"),
    [
        (TABLE, "", "1", Move("pile", "1", "AS")),
        (TABLE, "", "as:1", Move("pile", "1", "AS")),
        ((*TABLE, "TH"), "", "10h:5", Move("pile", "5", "TH")),
        ((*TABLE, "KH"), "", "e1", Move("royal", "E1", "KH")),
        ((*ICE_TABLE, "JH", "2H"), "TS:5 JH:W3", "iw3", Move("ice", "W3", "2H")),
        ((*ICE_TABLE, "2H"), "TS:5", "2H:PS1", Move("prevent", "S1", "2H")),
        (TABLE, "", "loop", Move("loop")),
        (TABLE, "", "Abandon", Move("abandon")),
    ],
)
def test_it_reads_tokens_with_or_without_the_echo_in_any_case(
    top: tuple[str, ...], moves: str, token: str, move: Move
) -> None:
    assert parse_move(final(mgn(top, moves)), token) == move


def test_every_move_is_written_with_its_echo() -> None:
    assert [
        format_move(move)
        for move in (
            Move("pile", "1", "AS"),
            Move("royal", "E1", "KH"),
            Move("ice", "W3", "2H"),
            Move("prevent", "S1", "2H"),
            Move("setup", "N3", "KH"),
            Move("loop"),
            Move("abandon"),
        )
    ] == ["AS:1", "KH:E1", "2H:IW3", "2H:PS1", "KH>N3", "LOOP", "ABANDON"]


def test_every_legal_move_reads_back_as_itself() -> None:
    top = (*ICE_TABLE, "KH", "AH", "XB", "2H", "2D")
    for moves in ("", "TS:5", "TS:5 KH:W3", "TS:5 KH:W3 AH:2", "TS:5 KH:W3 AH:2 XB:2"):
        state = final(mgn(top, moves))
        for move in placements(state):
            assert parse_move(state, format_move(move)) == move


def canonical(text: str) -> str:
    return write_record(read_records(text)[0])


def test_the_writer_puts_tags_in_order_adds_echoes_and_numbers_ten_plies_a_line() -> None:
    moves = "as:1 3s:1 4s:1 5S:1 6S:1 8S:1 9S:1 10s:1 JS:N1 qs:w1 KS:s1 abandon"
    text = mgn(TABLE, moves, tags={"Player": "ann", "Event": "Club night"})
    deck = read_records(text)[0].tag("Deck")
    assert canonical(text) == (
        '[Game "matrix-overload"]\n'
        '[Event "Club night"]\n'
        '[Player "ann"]\n'
        f'[Deck "{deck}"]\n'
        '[Result "unfinished; royals killed: 0"]\n'
        "\n"
        "1. AS:1 3S:1 4S:1 5S:1 6S:1 8S:1 9S:1 TS:1 JS:N1 QS:W1\n"
        "11. KS:S1 ABANDON\n"
    )


def test_the_writer_is_stable_and_replays_to_the_same_result() -> None:
    text = mgn((*TABLE, "KH"), "{start} kh:n3 ; note\n 2. ABANDON", tags={"Player": "ann"})
    once = canonical(text)
    assert canonical(once) == once
    assert replayed(once) == replayed(text)
    assert "{" not in once and ";" not in once.split("\n\n", 1)[1]


def test_the_writer_writes_a_result_only_record_canonically() -> None:
    text = '[Game "matrix-overload"]\n[Result "WIN;cards left:7"]\n'
    once = canonical(text)
    assert once == '[Game "matrix-overload"]\n[Result "win; cards left: 7"]\n\n\n'
    assert canonical(once) == once
    assert replayed(once)["result_only"] is True


def test_a_game_with_no_move_yet_is_written_with_a_star_result_and_stays_a_game() -> None:
    once = canonical(mgn(TABLE))
    assert '[Result "*"]' in once
    assert canonical(once) == once
    assert replayed(once) == {
        "game": "matrix-overload",
        "index": 0,
        "ok": True,
        "result": "unfinished",
        "reason": None,
        "royals_killed": 0,
        "cards_left": None,
    }
