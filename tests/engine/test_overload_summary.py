"""MATR1X 0VERL0AD views for the site: the picture, the table and the ply-by-ply history."""

from __future__ import annotations

import json

from games.engine.overload import history, picture, table
from games.engine.record import read_records

from .test_overload_decks import TABLE, final, mgn
from .test_overload_end import WON


def test_the_picture_shows_slots_around_the_piles() -> None:
    state = final(mgn((*TABLE, "4S", "JC"), "4S:5 JC:S2"))
    assert picture(state).splitlines() == [
        "           .       .       .",
        "   .      [2S]    [3H]    [9H]     .",
        "   .      [5C]    [4S]    [6D]     .",
        "   .      [7S]    [8C]    [9D]     .",
        "           .     JC:11     .",
        "deck: 44 cards, royals killed: 0",
    ]


def test_the_table_is_json_ready() -> None:
    state = final(mgn((*TABLE, "4S", "JC", "3C"), "4S:5 JC:S2 3C:2"))
    data = table(state)
    json.dumps(data)
    assert data["slots"]["S2"] == {
        "royal": "JC",
        "beside": 8,
        "ice": [],
        "health": 11,
        "dead": True,
    }
    assert data["piles"]["2"] == ["3H", "3C"]
    assert data["royals_killed"] == 1


def test_the_history_lists_each_ply_with_its_kills() -> None:
    rows = history(read_records(WON)[0])
    assert len(rows) == 80
    assert rows[0] == {
        "ply": 1,
        "card": "6C",
        "move": "6C:1",
        "kills": [],
        "royals_killed": 0,
        "deck": 45,
        "end": None,
    }
    assert sum(len(row["kills"]) for row in rows) == 12
    assert rows[-1]["end"] == "win"


def test_a_result_only_record_has_no_history() -> None:
    record = read_records('[Game "matrix-overload"]\n[Result "win; cards left: 3"]\n')[0]
    assert history(record) == []
