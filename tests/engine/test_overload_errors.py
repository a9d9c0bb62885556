"""MATR1X 0VERL0AD refusals: every fault at its ply and line, in a sentence naming the choices."""

from __future__ import annotations

import pytest

from games.engine.replay import replay_text

from .test_overload_decks import TABLE, mgn, replayed

# TABLE tops: 1:2S 2:3H 3:9H 4:5C 5:- 6:6D 7:7S 8:8C 9:9D; the deck then goes AS 3S 4S ...
MOVES_LINE = 4  # mgn() writes Game, Deck, a blank line, then the movetext


@pytest.mark.parametrize(
    ("top", "moves", "ply", "error", "legal"),
    [
        (
            (*TABLE, "7H"),
            "6C:1",
            1,
            "the card drawn is 7H, not 6C; 7H can go on piles 1, 2, 4, 5, 6 or 7",
            ["7H:1", "7H:2", "7H:4", "7H:5", "7H:6", "7H:7"],
        ),
        (
            (*TABLE, "KH"),
            "AS:N3",
            1,
            "the card drawn is KH, not AS; KH can go to N3 or E1",
            ["KH:N3", "KH:E1"],
        ),
        (
            (*TABLE, "7H"),
            "7H:9",
            1,
            "7H cannot go on pile 9, whose top card 9D is higher; "
            "7H can go on piles 1, 2, 4, 5, 6 or 7",
            ["7H:1", "7H:2", "7H:4", "7H:5", "7H:6", "7H:7"],
        ),
        (
            (*TABLE, "KH"),
            "KH:S3",
            1,
            "KH cannot go to S3 (beside 9D): the royal rule (same suit, then same colour, then "
            "the higher card beside it) sends KH to N3 or E1 (beside 9H)",
            ["KH:N3", "KH:E1"],
        ),
        (
            (*TABLE, "AH", "KH"),
            "AH:1 N2",
            2,
            "KH cannot go to N2 (beside 3H): the royal rule (same suit, then same colour, then "
            "the higher card beside it) sends KH to N3 or E1 (beside 9H)",
            ["KH:N3", "KH:E1"],
        ),
    ],
)
def test_an_illegal_move_is_reported_at_its_ply_with_the_legal_choices(
    top: tuple[str, ...], moves: str, ply: int, error: str, legal: list[str]
) -> None:
    out = replayed(mgn(top, moves))
    assert out == {
        "game": "matrix-overload",
        "index": 0,
        "ok": False,
        "ply": ply,
        "line": MOVES_LINE,
        "error": f"ply {ply}: {error}",
        "move": moves.split()[-1],
        "legal": legal,
    }


@pytest.mark.parametrize(
    ("token", "words"),
    [
        ("Z9", "cannot read 'Z9' as a move: a move is a pile 1-9, a slot N1-N3 E1-E3 S1-S3"),
        ("0", "cannot read '0' as a move"),
        ("10", "cannot read '10' as a move"),
        ("ZZ:1", "cannot read 'ZZ' before the colon as a card"),
        ("AS:", "cannot read 'AS:' as a move"),
        ("AS>N1", "cannot read 'AS>N1' as a move"),
        ("IX1", "cannot read 'IX1' as a move"),
    ],
)
def test_a_token_that_cannot_be_read_is_refused_at_its_ply(token: str, words: str) -> None:
    out = replayed(mgn(TABLE, f"AS:1 {token}"))
    assert out["ok"] is False
    assert out["ply"] == 2
    assert out["move"] == token
    assert words in out["error"]


def test_errors_name_the_line_of_the_token_across_comments_and_move_numbers() -> None:
    moves = "1. AS:1 { a comment\nover two lines } 3S:2\n; a note\n3. 4S:3"
    out = replayed(mgn(TABLE, moves))
    assert (out["ply"], out["line"], out["move"]) == (3, MOVES_LINE + 3, "4S:3")
    assert out["error"].startswith("ply 3: 4S cannot go on pile 3, whose top card 9H is higher")


def test_every_game_of_a_file_is_reported_even_after_a_broken_one() -> None:
    text = mgn(TABLE, "AS:1 3S:9") + "\n" + mgn(TABLE, "AS:1 3S:2")
    first, second = list(replay_text(text))
    assert first["ok"] is False
    assert first["error"].startswith("ply 2: 3S cannot go on pile 9")
    assert (second["ok"], second["index"], second["result"]) == (True, 1, "unfinished")


def test_a_malformed_tag_line_is_a_record_error() -> None:
    out = replayed('[Game "matrix-overload"]\n[Deck AS]\n\n1\n')
    assert out["ok"] is False
    assert out["ply"] is None
    assert out["line"] == 2
