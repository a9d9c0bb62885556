"""Mathematico records (MGN): tags, player lines, Result, result-only records and the
canonical writer, judged through ``games.engine.replay``."""

from __future__ import annotations

import pytest

from games.engine.core import JsonDict
from games.engine.mathematico import random_game, write_record
from games.engine.record import read_records
from games.engine.replay import replay_text

DEAL = "7 1 2 3 11 8 5 13 13 6 3 12 4 10 9 10 9 4 8 10 13 12 6 11 11"
ALICE = "alice: c3 d3 b2 c5 a2 d2 e1 c2 a1 b4 a5 e3 d4 e5 c1 c4 d1 d5 b1 b5 a3 e2 b3 e4 a4"
BOB = "bob smith: a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5 e5"


def record(*lines: str, tags: str = "", deal: str | None = DEAL) -> str:
    head = '[Game "mathematico"]\n'
    if deal is not None:
        head += f'[Deal "{deal}"]\n'
    return head + tags + "\n" + "\n".join(lines) + ("\n" if lines else "")


def replay_one(text: str) -> JsonDict:
    (result,) = replay_text(text)
    return result


def test_it_replays_a_two_player_record() -> None:
    result = replay_one(record(ALICE, BOB))
    assert list(result) == ["game", "index", "ok", "scores", "winners", "boards"]
    assert result["ok"] is True
    assert result["boards"] == {
        "alice": "K8995/J2K8Q/K67AQ/J6T4J/3T34T",
        "bob smith": "7A23J/85KK6/3Q4T9/T948T/KQ6JJ",
    }
    assert result["scores"] == {"alice": 90, "bob smith": 80}
    assert result["winners"] == ["alice"]


def test_it_reads_deal_letters_in_any_case_and_cells_in_upper_case() -> None:
    deal = DEAL.replace("11", "j").replace("13", "K").replace("1 ", "a ", 1).replace("12", "q")
    text = record(ALICE.upper().replace("ALICE", "alice"), deal=deal)
    assert replay_one(text)["scores"] == replay_one(record(ALICE))["scores"]


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (DEAL.rsplit(" ", 1)[0], "[Deal] lists 24 values; it must list the 25 drawn values"),
        (DEAL + " 5", "[Deal] lists 26 values"),
        (DEAL.replace("7", "14", 1), "[Deal] value '14' is not a card value"),
        (DEAL.replace("7", "0", 1), "[Deal] value '0' is not a card value"),
        (DEAL.replace("7", "X", 1), "[Deal] value 'X' is not a card value"),
        (
            "13 " * 5 + " ".join(DEAL.split()[5:]),
            "[Deal] draws the 13 8 times, but the deck holds only 4 of each value",
        ),
        ("", "[Deal] lists 0 values"),
    ],
)
def test_it_refuses_a_deal_that_cannot_be_drawn(deal: str, message: str) -> None:
    result = replay_one(record(ALICE, deal=deal))
    assert result["ok"] is False
    assert result["ply"] is None
    assert result["line"] == 2
    assert result["error"].startswith(message)


def test_a_record_with_moves_needs_a_deal() -> None:
    result = replay_one(record(ALICE, deal=None))
    assert (result["ok"], result["ply"], result["line"]) == (False, None, 1)
    assert "no [Deal] tag" in result["error"]


def test_it_refuses_an_unknown_rules_profile_and_names_canonical() -> None:
    result = replay_one(record(ALICE, tags='[Rules "czech"]\n'))
    assert (
        result["error"] == '[Rules "czech"] is not a known rules profile: the only one is canonical'
    )
    assert (result["ply"], result["line"]) == (None, 3)
    assert replay_one(record(ALICE, tags='[Rules "Canonical"]\n'))["ok"] is True


@pytest.mark.parametrize("mode", ["maximum", "exactly", "exactly:-3", "closest:5"])
def test_it_refuses_an_unknown_mode(mode: str) -> None:
    result = replay_one(record(ALICE, tags=f'[Mode "{mode}"]\n'))
    assert result["ok"] is False and result["ply"] is None
    assert "max, min or exactly:N" in result["error"]


def test_mode_min_and_exactly_choose_the_winners() -> None:
    assert replay_one(record(ALICE, BOB, tags='[Mode "min"]\n'))["winners"] == ["bob smith"]
    exactly = replay_one(record(ALICE, BOB, tags='[Mode "exactly:100"]\n'))
    assert exactly["winners"] == ["alice"]
    tie = replay_one(record(ALICE, BOB, tags='[Mode "EXACTLY:85"]\n'))
    assert tie["winners"] == ["alice", "bob smith"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("alice c3 d3", "cannot read the player line 'alice c3 d3'"),
        (": " + ALICE.split(": ")[1], "cannot read the player line"),
    ],
)
def test_it_refuses_a_line_that_is_not_name_colon_cells(line: str, message: str) -> None:
    result = replay_one(record(line))
    assert (result["ok"], result["ply"], result["line"]) == (False, None, 4)
    assert result["error"].startswith(message)


@pytest.mark.parametrize("count", [0, 24, 26])
def test_a_line_with_other_than_25_entries_is_a_record_error(count: int) -> None:
    cells = (ALICE.split(": ")[1].split() * 2)[:count]
    result = replay_one(record(BOB, "alice: " + " ".join(cells)))
    assert (result["ok"], result["ply"], result["line"], result["player"]) == (
        False,
        None,
        5,
        "alice",
    )
    assert result["error"].startswith(f"alice's line has {count} entries; it needs exactly 25")


def test_a_player_named_twice_is_a_record_error() -> None:
    result = replay_one(record(BOB, ALICE, BOB.replace("bob smith", "Bob  Smith")))
    assert (result["ok"], result["ply"], result["line"]) == (False, None, 6)
    assert result["error"] == "the player 'Bob Smith' has two lines"


def test_record_errors_come_before_illegal_moves() -> None:
    bad_move = ALICE.replace("c3", "f3")
    result = replay_one(record(bad_move, "bob: a1"))
    assert result["ply"] is None and result["player"] == "bob"


def test_an_illegal_cell_is_reported_at_its_ply_with_the_player_and_the_free_cells() -> None:
    line = ALICE.replace("c2", "C3")  # c2 is the 8th entry; c3 already holds the 7
    result = replay_one(record(BOB, line))
    assert result["ok"] is False
    assert (result["ply"], result["line"], result["player"], result["move"]) == (
        8,
        5,
        "alice",
        "C3",
    )
    assert result["error"].startswith("ply 8 (alice): c3 already holds the 7, so the 13 can go on")
    assert "c3" not in result["legal"] and result["legal"][-1] == "-"
    assert len(result["legal"]) == 25 - 7 + 1


@pytest.mark.parametrize("cell", ["f3", "a6", "a0", "zz", "1"])
def test_a_cell_that_does_not_exist_is_illegal_at_its_ply(cell: str) -> None:
    result = replay_one(record(ALICE.replace(" a2 ", f" {cell} ")))
    assert (result["ply"], result["player"], result["move"]) == (5, "alice", cell)
    assert result["error"].startswith(f"ply 5 (alice): {cell!r} is not a cell")


def test_the_first_bad_move_in_play_order_is_reported() -> None:
    late = ALICE.replace(" e4 ", " c3 ")  # ply 24
    early = BOB.replace(" a4 ", " a1 ")  # ply 16
    result = replay_one(record(late, early))
    assert (result["ply"], result["player"]) == (16, "bob smith")
    same_ply = replay_one(record(late, BOB.replace(" d5 ", " a1 ")))  # ply 24
    assert (same_ply["ply"], same_ply["player"]) == (24, "alice")


def test_values_left_unplaced_leave_empty_cells() -> None:
    cells = ALICE.split(": ")[1].split()
    cells[0] = "-"  # the 7 meant for c3
    cells[24] = "-"
    result = replay_one(record("alice: " + " ".join(cells)))
    assert result["ok"] is True
    board = result["boards"]["alice"]
    assert board[12 + 2] == "." and board.count(".") == 2


def test_a_result_tag_is_checked_against_the_moves() -> None:
    good = replay_one(record(ALICE, BOB, tags='[Result "Alice: 90; BOB SMITH:80"]\n'))
    assert good["ok"] is True
    bad = replay_one(record(ALICE, BOB, tags='[Result "alice: 120; bob smith: 80"]\n'))
    assert (bad["ok"], bad["ply"], bad["line"]) == (False, None, 3)
    assert bad["error"] == (
        '[Result "alice: 120; bob smith: 80"] does not match the moves, which give '
        '"alice: 90; bob smith: 80"'
    )


def test_a_result_only_record_reports_the_tag() -> None:
    text = '[Game "mathematico"]\n[Mode "min"]\n[Result "alice: 190; bob smith: 60"]\n'
    result = replay_one(text)
    assert result == {
        "game": "mathematico",
        "index": 0,
        "ok": True,
        "result_only": True,
        "scores": {"alice": 190, "bob smith": 60},
        "winners": ["bob smith"],
        "boards": {},
    }


@pytest.mark.parametrize(
    "value", ["", "alice", "alice: many", "alice: -5", "alice: 10; ALICE: 20", "*"]
)
def test_it_refuses_a_result_only_record_it_cannot_read(value: str) -> None:
    result = replay_one(f'[Game "mathematico"]\n[Result "{value}"]\n')
    assert (result["ok"], result["ply"], result["line"]) == (False, None, 2)


def test_a_record_with_neither_moves_nor_result_is_refused() -> None:
    result = replay_one(record())
    assert result["ok"] is False and "no player lines" in result["error"]


def test_a_result_only_record_still_checks_its_deal() -> None:
    text = '[Game "mathematico"]\n[Deal "1 2 3"]\n[Result "alice: 10"]\n'
    assert replay_one(text)["ok"] is False


def test_comments_and_blank_space_are_ignored() -> None:
    text = record(
        "alice:   " + ALICE.split(": ")[1].replace(" ", "  ") + "  ; she was fast",
        "{ bob's sheet } " + BOB,
    )
    assert replay_one(text)["scores"] == {"alice": 90, "bob smith": 80}


# --- the canonical writer ----------------------------------------------------------------


def written(text: str) -> str:
    (raw,) = read_records(text)
    return write_record(raw)


def test_it_writes_the_canonical_record() -> None:
    deal = DEAL.replace("13", "K").replace("11", "j")
    text = record(
        ALICE.upper().replace("ALICE", "alice"),
        "  bob   smith : " + BOB.split(": ")[1],
        deal=deal,
        tags='[Mode " Exactly: 90"]\n[Rules "CANONICAL"]\n[Event "Club night"]\n[Round "2"]\n',
    )
    assert written(text) == (
        '[Game "mathematico"]\n'
        '[Event "Club night"]\n'
        '[Round "2"]\n'
        f'[Deal "{DEAL}"]\n'
        '[Mode "exactly:90"]\n'
        '[Rules "canonical"]\n'
        '[Result "alice: 90; bob smith: 80"]\n'
        "\n"
        f"{ALICE}\n"
        f"{BOB}\n"
    )


def test_writing_is_stable_and_keeps_the_judgement() -> None:
    for seed in range(30):
        text = random_game(seed, "greedy" if seed % 2 else "random")
        assert written(text) == text
        cells = text.splitlines()[-1].split(": ")[1].split()
        cells[3] = "-"
        changed = text.rsplit("\n", 2)[0] + "\n" + text.splitlines()[-1].split(": ")[0] + ": "
        changed += " ".join(c.upper() for c in cells) + "\n"
        changed = changed.replace("[Result", "[Ignored")
        once = written(changed)
        assert written(once) == once
        assert replay_one(once) == replay_one(changed) | {}


def test_a_result_only_record_is_written_without_movetext() -> None:
    text = '[Game "mathematico"]\n[Result "alice:190 ;bob  smith: 60"]\n'
    assert written(text) == '[Game "mathematico"]\n[Result "alice: 190; bob smith: 60"]\n'
