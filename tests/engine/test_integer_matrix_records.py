"""Integer Matrix records: replay JSON, tags, errors with ply and line, the canonical writer."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from games.engine.core import JsonDict
from games.engine.integer_matrix import random_game, score_sheet, write_record
from games.engine.record import read_records
from games.engine.replay import replay_text

from .cli import run_engine

SETUP = (
    "c3=+2/-4:B d3=+1/-1:W e3=+3/-2:B c4=+0/-5:W d4=+4/-3:B e4=+2/-2:W c5=+1/-6:B d5=+5/-1:W "
    "e5=+3/-3:B"
)
# ply 1: white c2 flips c3 (closed by c4): 3 + 2 + 0 = +5 for the negative player.
# ply 2: white f6 flips e5 and d4 (closed by c3): line -2 + 3 + 4 + 2 = +7; the rectangle
# c3-f6 also holds white d3 +1, c4 +0, e4 +2 and d5 +5: rect +15 for the positive player.
TWO_MOVES = "1. +3/-5 W c2\n2. -2/+4 W f6\n"


def mgn(moves: str = TWO_MOVES, **tags: str) -> str:
    head = {"Setup": SETUP, **tags}
    lines = ['[Game "integer-matrix"]'] + [f'[{k} "{v}"]' for k, v in head.items() if v != "-"]
    return "\n".join(lines) + "\n\n" + moves


def replay_one(text: str) -> JsonDict:
    results = list(replay_text(text))
    assert len(results) == 1
    return results[0]


def write_one(text: str) -> str:
    return write_record(read_records(text)[0])


def test_an_unfinished_record_reports_the_scores_so_far_and_no_winner() -> None:
    assert replay_one(mgn()) == {
        "game": "integer-matrix",
        "index": 0,
        "ok": True,
        "finished": False,
        "plies": 2,
        "scores": {"negative": 5, "positive": 15},
        "winners": [],
        "end": None,
        "claims": [],
    }


def test_the_fields_come_in_the_contracts_order() -> None:
    assert list(replay_one(mgn())) == [
        "game",
        "index",
        "ok",
        "finished",
        "plies",
        "scores",
        "winners",
        "end",
        "claims",
    ]


@pytest.mark.parametrize(("tag", "positive"), [("-", 15), ("rect", 15), ("LINE", 7), ("Line", 7)])
def test_the_scoring_tag_chooses_rect_or_line_matrices(tag: str, positive: int) -> None:
    assert replay_one(mgn(Scoring=tag))["scores"] == {"negative": 5, "positive": positive}


def test_a_wrong_claim_is_listed_and_does_not_fail_the_record() -> None:
    result = replay_one(mgn("+3/-5 W c2 =+5 -2/+4 W f6 =+9"))
    assert result["ok"] is True
    assert result["claims"] == [{"ply": 2, "claimed": 9, "score": 15}]


def test_a_finished_game_reports_how_it_ended_and_who_won() -> None:
    text = random_game(1)
    result = replay_one(text)
    assert (result["finished"], result["plies"], result["end"]) == (True, 40, "full")
    negative, positive = result["scores"]["negative"], result["scores"]["positive"]
    assert f'[Result "negative: {negative}; positive: {positive}"]' in text
    assert result["winners"] == (["positive"] if positive > -negative else ["negative"])


def test_a_blocked_game_ends_blocked() -> None:
    ends = {replay_one(random_game(seed))["end"] for seed in range(10)}
    assert ends == {"full", "blocked"}


def test_a_draw_lists_both_roles() -> None:
    result = replay_one('[Game "integer-matrix"]\n[Result "negative: -15; positive: 15"]\n')
    assert result["winners"] == ["negative", "positive"]


def test_a_result_only_record_needs_no_setup_and_reads_the_outcome_from_the_tag() -> None:
    text = '[Game "integer-matrix"]\n[Negative "Ned"]\n[Result "Positive: +16; negative: -15"]\n'
    assert replay_one(text) == {
        "game": "integer-matrix",
        "index": 0,
        "ok": True,
        "result_only": True,
        "finished": True,
        "plies": None,
        "scores": {"negative": -15, "positive": 16},
        "winners": ["positive"],
        "end": None,
        "claims": [],
    }
    assert write_one(text) == (
        '[Game "integer-matrix"]\n[Negative "Ned"]\n[Scoring "rect"]\n'
        '[Result "negative: -15; positive: 16"]\n'
    )


def test_a_record_without_moves_or_result_is_a_game_at_its_start() -> None:
    result = replay_one(mgn(""))
    assert (result["finished"], result["plies"], result["scores"]) == (
        False,
        0,
        {"negative": 0, "positive": 0},
    )


def test_a_result_that_matches_the_moves_is_accepted_in_any_sign_style() -> None:
    for written in ("positive: +25", "Positive:25", "positive: 2 5"):
        text = random_game(1).replace("positive: 25", written)
        assert replay_one(text)["ok"] is True


def test_a_result_that_contradicts_the_moves_is_a_record_error() -> None:
    text = random_game(1).replace("positive: 25", "positive: 26")
    result = replay_one(text)
    assert (result["ok"], result["ply"], result["line"]) == (False, None, 7)
    assert result["error"] == (
        '[Result "negative: -99; positive: 26"] does not match the moves, which give '
        '"negative: -99; positive: 25"'
    )


def test_an_unfinished_game_has_the_result_star() -> None:
    assert replay_one(mgn(Result="*"))["ok"] is True
    result = replay_one(mgn(Result="negative: 5; positive: 15"))
    assert (result["ok"], result["ply"], result["line"]) == (False, None, 3)
    assert result["error"] == (
        '[Result "negative: 5; positive: 15"] says the game is over, but the moves stop after '
        "ply 2 while 10 placements are still legal (such as B c1, W e2 or W f2); an unfinished "
        'game has [Result "*"]'
    )


@pytest.mark.parametrize(
    ("tags", "words"),
    [
        ({"Scoring": "diagonal"}, '[Scoring "diagonal"] is not a scoring rule: it is rect'),
        ({"Setup": ""}, "the Setup has no disc on c3, d3, e3, c4, d4, e4, c5, d5 and e5"),
        ({"Setup": SETUP.replace("c3=+2/-4:B", "c3=+2/-4:W")}, "lays c3 white side up"),
        ({"Setup": SETUP.replace("d3=+1/-1:W", "d3=+1/-1:B")}, "lays d3 black side up"),
        ({"Setup": SETUP.replace("c3=+2/-4", "c3=+2/+4")}, "disc +2/+4 on c3 has two faces"),
        ({"Setup": SETUP.replace("c3=+2/-4", "c3=-2/-4")}, "disc -2/-4 on c3 has two faces"),
        ({"Setup": SETUP.replace("c3=", "b2=")}, "on b2, outside the centre block"),
        ({"Setup": SETUP.replace("c3=", "h9=")}, "h9 in the Setup is not a square"),
        ({"Setup": SETUP.replace("c3=", "e5=")}, "the Setup lists e5 twice"),
        ({"Setup": SETUP.replace("c3=+2/-4:B", "c3")}, "cannot read 'c3' in the Setup tag"),
    ],
)
def test_a_bad_tag_is_a_record_error_on_its_line(tags: dict[str, str], words: str) -> None:
    text = mgn(Negative="Ned", **tags)
    result = replay_one(text)
    assert (result["ok"], result["ply"]) == (False, None)
    assert words in result["error"]
    name = next(iter(tags))
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith(f"[{name}"))
    assert result["line"] == line


def test_a_record_with_moves_needs_a_setup() -> None:
    result = replay_one('[Game "integer-matrix"]\n\n1. +3/-5 W c2\n')
    assert (result["ok"], result["ply"], result["line"]) == (False, None, 1)
    assert result["error"].startswith('the record has no [Setup "..."] tag')


WHITE = "white can go on c2, e2, b3, f3, b5, f5, c6 or e6"


@pytest.mark.parametrize(
    ("moves", "ply", "line", "error"),
    [
        (
            "+3/-5 W d2",
            1,
            4,
            "a white disc on d2 flips nothing: no line of black discs from d2 is closed by a "
            f"white disc; {WHITE}",
        ),
        (
            "+3/-5 W c2\n+1/-1 W c2",
            2,
            5,
            "c2 is already taken by a white disc showing +3; white can go on",
        ),
        ("+3/-5 W h4", 1, 4, f"h4 is not a square of the board, which runs from a1 to g7; {WHITE}"),
        ("+3/+5 W c2", 1, 4, "the disc +3/+5 has two positive faces"),
        ("+3/-5 W c2 W d2", 2, 4, "cannot read 'W d2' as a move"),
        (
            "+3/-5 W c2\n\n+1/-1 Q d2",
            2,
            6,
            "cannot read '+1/-1 Q d2' as a move: after the disc +1/-1 come its colour (W or B)",
        ),
    ],
)
def test_an_illegal_move_is_reported_at_its_ply_and_line_with_the_legal_squares(
    moves: str, ply: int, line: int, error: str
) -> None:
    result = replay_one(mgn(moves))
    assert (result["ok"], result["ply"], result["line"]) == (False, ply, line)
    player = "negative" if ply % 2 else "positive"
    assert result["error"].startswith(f"ply {ply} ({player}): {error}")
    assert result["player"] == player


# Reached by a real game: after three moves the board holds a single black disc, so the
# positive player's white disc on b5 (which would flip it) is banned.
BAN = """[Game "integer-matrix"]
[Setup "c3=-9/+2:B d3=+1/-4:W e3=-7/+7:B c4=+3/-1:W d4=-6/+6:B e4=+0/-7:W c5=-9/+3:B \
d5=+5/+0:W e5=+0/+8:B"]
[Scoring "line"]

1. -6/+3 W f5 =-1
2. -7/+7 W f3 =-13
3. -7/+3 W b2 =-22
4. +1/-1 W b5
"""


def test_the_one_colour_ban_is_reported_with_the_placements_left() -> None:
    result = replay_one(BAN)
    assert (result["ok"], result["ply"], result["line"]) == (False, 4, 8)
    assert result["error"] == (
        "ply 4 (positive): a white disc on b5 would turn the whole board white, which is never "
        "allowed; white has no legal square now; black can go on c2, f2 or g5"
    )
    assert result["legal"] == ["B c2", "B f2", "B g5"]
    assert replay_one(BAN.replace("+1/-1 W b5", "+1/-1 B f2"))["ok"] is True


def test_a_move_after_the_end_is_illegal_at_its_ply() -> None:
    text = random_game(1) + "41. +1/-1 W a1\n"
    result = replay_one(text)
    assert (result["ok"], result["ply"], result["line"]) == (False, 41, 49)
    assert result["error"] == (
        "ply 41 (negative): +1/-1 W a1 comes after the end of the game — the game is over: "
        "the board is full (49 discs)"
    )


def test_an_unreadable_token_after_the_end_is_also_reported_as_after_the_end() -> None:
    result = replay_one(random_game(1) + "oops\n")
    assert (result["ply"], result["line"]) == (41, 49)
    assert "oops comes after the end of the game" in result["error"]


MESSY = """[game "integer-matrix"]
[Setup "e5=3/-3:b d5=5/-1:W c5=1/-6:B e4=2/-2:w d4=4/-3:B c4=0/-5:W e3=3/-2:B d3=1/-1:W \
c3=2/-4:B"]
[Scoring "RECT"]
[Positive "Pia"]
[Negative "Ned"]
[Date "2026.11.20"]
[Extra "x"]

{opening} 1. 3/-5 wC2 = 5 ; they wrote it
2.-2/+4Wf6=+9
"""

CANONICAL = """[Game "integer-matrix"]
[Date "2026.11.20"]
[Negative "Ned"]
[Positive "Pia"]
[Scoring "rect"]
[Setup "c3=+2/-4:B d3=+1/-1:W e3=+3/-2:B c4=+0/-5:W d4=+4/-3:B e4=+2/-2:W c5=+1/-6:B \
d5=+5/-1:W e5=+3/-3:B"]
[Extra "x"]
[Result "*"]

1. +3/-5 W c2 =+5
2. -2/+4 W f6 =+9
"""


def test_the_writer_gives_canonical_text_keeping_the_claims_as_written() -> None:
    assert write_one(MESSY) == CANONICAL
    assert write_one(CANONICAL) == CANONICAL
    assert replay_one(MESSY) == replay_one(CANONICAL)


def test_a_finished_random_game_is_already_canonical() -> None:
    for policy in ("random", "greedy"):
        text = random_game(7, policy)
        assert write_one(text) == text


def test_the_score_sheet_gives_each_move_what_it_flipped_and_scored() -> None:
    turns = score_sheet(read_records(mgn())[0])
    assert [(turn.ply, turn.player, turn.score, turn.net) for turn in turns] == [
        (1, "negative", 5, (5, 0)),
        (2, "positive", 15, (5, 15)),
    ]
    assert len(turns[1].flipped) == 2


def run_cli(tmp_path: Path, text: str, *args: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "games.mgn"
    path.write_text(text, encoding="utf-8")
    return run_engine(*args, str(path))


def test_the_replay_command_reports_every_game_and_fails_when_one_is_refused(
    tmp_path: Path,
) -> None:
    text = "\n".join([random_game(3), mgn("+3/-5 W d2"), CANONICAL])
    done = run_cli(tmp_path, text, "replay", "--json")
    assert done.returncode == 1
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(r["index"], r["ok"]) for r in lines] == [(0, True), (1, False), (2, True)]
    assert lines[1]["ply"] == 1
    assert lines[2]["claims"] == [{"ply": 2, "claimed": 9, "score": 15}]


def test_the_replay_command_succeeds_when_every_game_replays(tmp_path: Path) -> None:
    done = run_cli(tmp_path, random_game(4) + "\n" + random_game(5, "greedy"), "replay", "--json")
    assert done.returncode == 0
    assert all(json.loads(line)["finished"] for line in done.stdout.splitlines())
    plain = run_cli(tmp_path, CANONICAL, "replay")
    assert plain.returncode == 0
    assert "unfinished" in plain.stdout and "ply 2 claimed 9 but scores 15" in plain.stdout


def test_the_format_command_writes_canonical_text(tmp_path: Path) -> None:
    done = run_cli(tmp_path, MESSY, "format")
    assert done.returncode == 0
    assert done.stdout == CANONICAL + "\n"
