"""Malformed and illegal MatriO records: the right ply, the right line, a readable sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.engine.matrio import random_game

from .cli import run_engine
from .matrio_positions import record, replay_one

GAME = random_game(7)
HEADER, MOVETEXT = GAME.split("\n\n")
TOKENS = MOVETEXT.split()


def with_tokens(tokens: list[str], header: str = HEADER) -> str:
    return header + "\n\n" + " ".join(tokens) + "\n"


def refused(text: str) -> dict[str, object]:
    result = replay_one(text)
    assert result["ok"] is False, result
    assert "Traceback" not in str(result["error"])
    return result


def test_a_card_played_twice_is_refused_at_its_ply() -> None:
    tokens = [*TOKENS[:5], TOKENS[0], *TOKENS[6:]]
    result = refused(with_tokens(tokens))
    assert result["ply"] == 6
    assert "2C has already been played" in str(result["error"])
    assert str(result["error"]).startswith("ply 6 (P2): ")


def test_a_card_not_in_the_movers_hand_is_refused_without_telling_any_hand() -> None:
    # P2's move replaced by P3's next card: the sentence is read out at the table (fair play)
    tokens = [TOKENS[0], TOKENS[2], *TOKENS[2:]]
    result = refused(with_tokens(tokens))
    assert result["ply"] == 2
    card = TOKENS[2].split(">")[0]
    error = str(result["error"])
    assert f"{card} is not in P2's hand: P2 plays one of the 13 cards left" in error
    assert "P3" not in error and "holds" not in error and "dealt" not in error


def test_a_wrong_number_of_plus_marks_is_refused() -> None:
    first_win = next(i for i, t in enumerate(TOKENS) if t.endswith("+"))
    tokens = list(TOKENS)
    marks = tokens[first_win].count("+")
    tokens[first_win] = tokens[first_win].rstrip("+") + ("++" if marks == 1 else "+")
    result = refused(with_tokens(tokens))
    assert result["ply"] == first_win + 1
    assert f"wins {marks} cell" in str(result["error"])
    assert "but the record marks it with" in str(result["error"])


def test_plus_marks_are_optional() -> None:
    tokens = [t.rstrip("+") for t in TOKENS]
    assert replay_one(with_tokens(tokens))["ok"] is True


@pytest.mark.parametrize("card", ["4C", "TD", "10D"])
def test_the_removed_cards_are_not_in_the_deck(card: str) -> None:
    result = refused(record(f"{card}>R1C", Opening="any"))
    assert result["ply"] == 1
    assert "not in the MatriO deck" in str(result["error"])


def test_a_token_that_is_not_a_move_is_refused_with_the_notation() -> None:
    result = refused(record("2C>C1C banana"))
    assert result["ply"] == 2
    assert "cannot read 'banana' as a MatriO move" in str(result["error"])
    assert "CARD>TRAY" in str(result["error"])


def test_a_joker_needs_the_tray_suit() -> None:
    result = refused(record("2C>C1C XR>R1"))
    assert result["ply"] == 2
    assert "joker's tray must name its suit" in str(result["error"])


def test_a_fifth_player_is_a_record_error() -> None:
    result = refused(record("2C>C1C", P5="eve"))
    assert result["ply"] is None
    assert "exactly 4 players" in str(result["error"])
    assert result["line"] == 6


def test_a_missing_player_tag_is_a_record_error() -> None:
    text = '[Game "matrio"]\n[P1 "a"]\n[P2 "b"]\n[P3 "c"]\n\n2C>C1C\n'
    result = refused(text)
    assert result["ply"] is None
    assert "P4" in str(result["error"])


def with_result(text: str, result: str) -> str:
    return re.sub(r'\[Result "[^"]*"\]', f'[Result "{result}"]', text)


def test_a_wrong_result_tag_is_a_record_error() -> None:
    result = refused(with_result(GAME, "P1: 1; P2: 2; P3: 3; P4: 4"))
    assert result["ply"] is None
    assert "does not match the moves" in str(result["error"])


def test_a_result_may_name_players_instead_of_roles_in_any_case_and_order() -> None:
    game = random_game(3)
    scores = replay_one(game)["scores"]
    assert isinstance(scores, dict)
    items = [f"player {k[1]}: {'wd' if v is None else v}" for k, v in scores.items()]
    assert replay_one(with_result(game, "; ".join(reversed(items))))["ok"] is True


def test_a_hand_with_a_wrong_card_count_is_a_record_error() -> None:
    result = refused(record("2C>C1C", Hand1="2C 3C"))
    assert "lists 2 cards; a MatriO hand has 13" in str(result["error"])


def test_a_bad_opening_is_a_record_error() -> None:
    assert "must be" in str(refused(record("2C>C1C", Opening="3H"))["error"])


def test_a_move_after_the_end_is_illegal_at_its_ply() -> None:
    result = refused(with_tokens([*TOKENS, "XB>R1S"]))
    assert result["ply"] == len(TOKENS) + 1
    assert "after the end of the game" in str(result["error"])


def test_a_record_that_stops_early_is_an_unfinished_game() -> None:
    result = replay_one(with_tokens(TOKENS[:20], HEADER.replace("[Result", "[X")))
    assert result["ok"] is True
    assert result["finished"] is False
    assert result["plies"] == 20
    assert result["winners"] == []


def test_an_unfinished_game_with_a_final_result_is_a_record_error() -> None:
    result = refused(with_tokens(TOKENS[:20]))
    assert "does not match the moves" in str(result["error"])


def test_a_result_only_record_reports_the_tag() -> None:
    text = record("", Result="P1: 268; P2: -63; P3: 409; P4: WD")
    result = replay_one(text)
    assert result == {
        "game": "matrio",
        "index": 0,
        "ok": True,
        "result_only": True,
        "finished": True,
        "plies": None,
        "scores": {"P1": 268, "P2": -63, "P3": 409, "P4": None},
        "winners": ["P3"],
        "withdrawn": ["P4"],
        "cells": None,
    }


def test_a_bad_result_only_record_is_a_record_error() -> None:
    result = refused(record("", Result="P1: 268; P2: lots"))
    assert "neither a whole number nor WD" in str(result["error"])


def test_garbage_bytes_give_a_readable_error_and_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "garbage.mgn"
    path.write_bytes(b"\x00\xff\xfe garbage \x89PNG\r\n\x1a\n")
    done = run_engine("replay", "--json", str(path))
    assert done.returncode == 1
    assert '"ok": false' in done.stdout
    assert "not an MGN record" in done.stdout
    assert "Traceback" not in done.stderr


def test_garbage_inside_a_record_is_refused_at_its_ply(tmp_path: Path) -> None:
    path = tmp_path / "bad.mgn"
    path.write_bytes(record("2C>C1C \xff\xfe").encode("latin-1"))
    done = run_engine("replay", "--json", str(path))
    assert done.returncode == 1
    assert '"ply": 2' in done.stdout


def test_every_game_is_reported_even_after_a_bad_one(tmp_path: Path) -> None:
    path = tmp_path / "three.mgn"
    path.write_text(random_game(1) + "\n" + record("2C>C1C QQ") + "\n" + random_game(2))
    done = run_engine("replay", "--json", str(path))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert len(lines) == 3
    assert ['"ok": true' in line for line in lines] == [True, False, True]


def test_a_missing_file_is_a_usage_error() -> None:
    done = run_engine("replay", "--json", "/nonexistent/file.mgn")
    assert done.returncode == 2
    assert "cannot read /nonexistent/file.mgn" in done.stderr


def test_no_arguments_is_a_usage_error() -> None:
    assert run_engine("replay").returncode == 2


def test_stdin_is_read_with_a_dash() -> None:
    done = run_engine("replay", "--json", "-", stdin=random_game(5))
    assert done.returncode == 0
    assert '"finished": true' in done.stdout


def test_the_plain_output_has_one_line_per_game(tmp_path: Path) -> None:
    path = tmp_path / "two.mgn"
    path.write_text(random_game(1) + "\n" + record("2C>C1C 2C>C2C"))
    done = run_engine("replay", str(path))
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("#0 matrio: finished; ")
    assert "REFUSED" in lines[1] and "2C has already been played" in lines[1]
