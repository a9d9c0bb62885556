"""``python -m games.engine replay --json`` and ``format`` on MATR1X 0VERL0AD files, end to end."""

from __future__ import annotations

import json
from pathlib import Path

from games.engine.overload import random_game

from .cli import run_engine
from .test_overload_decks import TABLE, mgn
from .test_overload_end import WON


def test_replay_json_reports_each_game_and_exits_0_when_all_replay(tmp_path: Path) -> None:
    path = tmp_path / "club.mgn"
    path.write_text(
        WON + "\n" + '[Game "matrix-overload"]\n[Result "loss: ice; royals killed: 2"]\n'
    )
    done = run_engine("replay", "--json", str(path))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines == [
        {
            "game": "matrix-overload",
            "index": 0,
            "ok": True,
            "result": "win",
            "reason": None,
            "royals_killed": 12,
            "cards_left": 1,
        },
        {
            "game": "matrix-overload",
            "index": 1,
            "ok": True,
            "result_only": True,
            "result": "loss",
            "reason": "ice",
            "royals_killed": 2,
            "cards_left": None,
        },
    ]


def test_replay_json_exits_1_and_still_reports_every_game_when_one_fails(tmp_path: Path) -> None:
    path = tmp_path / "club.mgn"
    path.write_text(mgn((*TABLE, "7H"), "7H:9") + "\n" + mgn(TABLE, "AS:1"))
    done = run_engine("replay", "--json", str(path))
    assert done.returncode == 1
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first == {
        "game": "matrix-overload",
        "index": 0,
        "ok": False,
        "ply": 1,
        "line": 4,
        "error": "ply 1: 7H cannot go on pile 9, whose top card 9D is higher; "
        "7H can go on piles 1, 2, 4, 5, 6 or 7",
        "move": "7H:9",
        "legal": ["7H:1", "7H:2", "7H:4", "7H:5", "7H:6", "7H:7"],
    }
    assert (second["ok"], second["result"]) == (True, "unfinished")


def test_replay_for_people_prints_one_line_per_game(tmp_path: Path) -> None:
    path = tmp_path / "won.mgn"
    path.write_text(WON)
    done = run_engine("replay", str(path))
    assert done.returncode == 0
    assert done.stdout == "#0 matrix-overload: win; royals killed 12; cards left 1\n"


def test_format_writes_the_canonical_record(tmp_path: Path) -> None:
    text = random_game(3)
    path = tmp_path / "game.mgn"
    path.write_text(text.lower())  # tag names, cards and tokens are read in any case
    done = run_engine("format", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == text + "\n"
