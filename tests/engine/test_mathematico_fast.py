"""The replay command's fast lane for Mathematico gives, for any text, byte for byte the lines of
the general path (``replay_text`` then ``json.dumps``), in the same order, with the same ``ok``
flags (so the same exit status); and it does take the usual records."""

from __future__ import annotations

import json
import random
from contextlib import suppress
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import matrio
from games.engine.core import EngineError
from games.engine.mathematico import CELLS, fast, write_record
from games.engine.record import read_records, record_end
from games.engine.replay import replay_json, replay_text

from .cli import run_engine

DECK = [value for value in range(1, 14) for _ in range(4)]
LETTERS = {1: "A", 10: "T", 11: "j", 12: "Q", 13: "k"}
NAMES = ["Ada", "Bo", "Cyril", "Dana Smith", "Zoë", "ada", "Ed  Wood", 'Al "X"', "b\\s", "Ö ö"]
TAGS = ["Event", "Site", "Date", "Round", "Table", "Recorder"]
PIECES = [*'[]"\\{};: \n\t\r-', "\u2028", "\xa0", "a1", "E5", "f3", "13", "0", "Ada", "\n\n"]


def general(text: str) -> list[tuple[bool, str]]:
    return [(r["ok"], json.dumps(r, ensure_ascii=False)) for r in replay_text(text)]


def a_record(rng: random.Random, players: int | None = None) -> str:
    """A record, usually legal and canonical, sometimes with odd spellings or names, a value
    drawn five times; with ``players`` given, a legal one with that many players."""
    deal = rng.sample(DECK, 25)
    if players is None and rng.random() < 0.05:
        deal[:5] = [deal[0]] * 5
    spelled = [LETTERS.get(v, str(v)) if rng.random() < 0.2 else str(v) for v in deal]
    pool = NAMES if rng.random() < 0.2 else NAMES[:5]  # names alike, odd names
    names = rng.sample(pool, rng.randint(1, 5)) if players is None else []
    names += [f"P{n}" for n in range(len(names), players or 0)]
    values = {tag: ["x", "", "a b", "2026.11.20"] for tag in TAGS} | {"Date": ["2026.11.20"]}
    tags = [f'[{tag} "{rng.choice(values[tag])}"]' for tag in TAGS]
    head = ['[Game "mathematico"]', *rng.sample(tags, rng.randint(0, 3))]
    head.append(f'[Deal "{" ".join(spelled)}"]')
    if rng.random() < 0.3:
        head.append(f'[Mode "{rng.choice(["max", "min", "exactly:100", "exactly:007"])}"]')
    if rng.random() < 0.2:
        head.append('[Rules "canonical"]')
    if rng.random() < 0.2:
        head.append('[Zeta "z"]')
    lines = [f"{name}: {' '.join(rng.sample(CELLS, 25))}" for name in names]
    text = "\n".join(head) + "\n\n" + "\n".join(lines) + "\n"
    if rng.random() < 0.8:
        with suppress(EngineError):
            text = write_record(read_records(text)[0])  # canonical, with its Result
    return text


def a_file(rng: random.Random, records: int) -> str:
    texts = [a_record(rng) for _ in range(records)]
    if rng.random() < 0.1:
        texts.insert(rng.randrange(len(texts) + 1), matrio.random_game(rng.randrange(100)))
    return rng.choice(["\n", "", "\n\n  \n"]).join(texts)


def mutate(text: str, rng: random.Random) -> str:
    """A random change: a character, a piece, a cell or a line, added, dropped or swapped."""
    kind = rng.randrange(6)
    at = rng.randrange(len(text) + 1)
    if kind == 0:
        return text[:at] + rng.choice(PIECES) + text[at:]
    if kind == 1:
        return text[:at] + text[at + rng.randint(1, 3) :]
    if kind == 2:  # a cell named twice, or upper case
        cell = rng.choice(CELLS)
        other = rng.choice([*CELLS, cell.upper()])
        return text.replace(f" {cell} ", f" {other} ", 1)
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if kind == 3:
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 4:
        lines.insert(i, lines[j])
    else:
        lines[i] = lines[i].replace(rng.choice(["Ada", "13", '"', ":", " "]), rng.choice(PIECES))
    return "\n".join(lines)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), records=st.integers(1, 12))
def test_legal_files_give_the_general_paths_lines(seed: int, records: int) -> None:
    text = a_file(random.Random(seed), records)
    assert list(replay_json(text)) == general(text)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32), records=st.integers(1, 6), changes=st.integers(1, 4))
def test_changed_files_give_the_general_paths_lines(seed: int, records: int, changes: int) -> None:
    rng = random.Random(seed)
    text = a_file(rng, records)
    for _ in range(changes):
        text = mutate(text, rng)
    assert list(replay_json(text)) == general(text)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 8))
def test_the_lane_takes_canonical_records_whatever_the_players(seed: int, players: int) -> None:
    rng = random.Random(seed)
    text = "\n".join(write_record(read_records(a_record(rng, players))[0]) for _ in range(3))
    (taken,) = fast.scan(text)
    assert isinstance(taken, list) and len(taken) == 3
    assert list(replay_json(text)) == general(text)


DEAL = "7 1 2 3 11 8 5 13 13 6 3 12 4 10 9 10 9 4 8 10 13 12 6 11 11"
ROW_BY_ROW = " ".join(CELLS)
GOOD = f'[Game "mathematico"]\n[Deal "{DEAL}"]\n\nAda: {ROW_BY_ROW}\nBo: {ROW_BY_ROW}\n'
ODD = [
    GOOD.replace(" a2 ", " a1 ", 1),  # a cell named twice
    GOOD.replace(DEAL, "5 " * 5 + DEAL.split(" ", 5)[5]),  # five 5s
    GOOD.replace(DEAL, DEAL.replace(" 5 ", " 0 ")),
    GOOD.replace(DEAL, DEAL.replace(" 5 ", " 14 ")),
    GOOD.replace(DEAL, DEAL.replace(" 11 11", " 113")),
    GOOD.replace(DEAL, DEAL.replace(" 11 11", " 456")),  # 24 values, as long as 25
    GOOD.replace(DEAL, DEAL.replace(" 5 ", "  5 ")),
    GOOD.replace(" b1 c1 ", " b1,c1 "),
    GOOD.replace("Bo: a1", "Bo: \x001"),  # a column that is no letter
    GOOD.replace("Bo: a1", "Bo: a\x00"),
    GOOD.replace(" b1 c1 ", " b1\tc1 "),
    GOOD.replace("Bo:", "{Bo:"),  # a comment that runs on past the record
    GOOD + "\n" + GOOD.replace(DEAL, DEAL + " 4") + "\n" + GOOD.replace(DEAL, DEAL[2:]),
    GOOD.replace("Bo:", "ada:"),
    GOOD.replace("Bo:", "Bo  B:"),
    GOOD.replace("Bo:", "B;o:"),
    GOOD.replace("Bo:", 'B"o:'),
    GOOD.replace("Bo:", 'B"o:').replace("\n\n", '\n[Result "Ada: 0"]\n\n'),
    GOOD.replace("\n\n", '\n[Event "a\\"b"]\n\n'),
    GOOD.replace("\n\n", '\n[Event "a"b"]\n\n'),
    GOOD.replace("[Deal", '[Event "a"b"]\n[Deal'),  # (in its place, before the Deal)
    GOOD.replace("[Deal", '[Event "a\\"]\n[Deal'),
    GOOD.replace("[Deal", '[Event "a\\"b"]\n[Deal'),
    GOOD.replace("[Deal", '[Site "a"]\n[Site "b"]\n[Deal'),
    GOOD.replace("[Deal", '[Date "2026.13.40"]\n[Deal'),
    GOOD.replace("[Deal", '[Date "2026.1.4"]\n[Deal'),
    GOOD.replace("\n\n", '\n[Zeta "a"]\n[zeta "b"]\n\n'),
    GOOD.replace("\n\n", '\n[Event "late"]\n\n'),
    GOOD.replace("\n\n", '\n[Mode "min"]\n\n'),
    GOOD.replace("\n\n", '\n[Mode "exactly:90"]\n\n'),
    GOOD.replace("\n\n", '\n[Result "Ada: 80; Bo: 80"]\n\n'),
    GOOD.replace("\n\n", '\n[Result "Bo: 80; Ada: 80"]\n\n'),
    GOOD.replace("\n\n", '\n[Result "Ada: 81; Bo: 80"]\n\n'),
    GOOD.replace("\n", "\r\n"),
    GOOD.replace("Bo:", "\u2028Bo:"),
    GOOD.replace("Bo:", "; a note\nBo:"),
    GOOD.replace("Bo:", "{a note}\nBo:"),
    GOOD.replace(" e5\n", " e5 \n"),
    matrio.random_game(1) + "\n" + GOOD,
    "a stray line\n" + GOOD,
]


@pytest.mark.parametrize("text", ODD)
def test_odd_records_give_the_general_paths_lines(text: str) -> None:
    file = "\n".join([GOOD, text, GOOD])
    assert list(replay_json(file)) == general(file)


def test_records_the_lane_sends_back_keep_their_place_across_chunks() -> None:
    rng = random.Random(7)
    records = [a_record(rng) for _ in range(700)]
    for i in (0, 255, 256, 257, 511, 699):
        records[i] = mutate(mutate(records[i], rng), rng)
    records[300] = records[300].replace("]\n", "]\r\n")  # one line break the lane does not take
    for text in ("\n".join(records), "\n".join(records[:300] + records[301:])):
        assert list(replay_json(text)) == general(text)


def test_a_crlf_file_gives_the_lines_of_the_same_file_with_lf() -> None:
    text = a_file(random.Random(3), 5)
    assert list(replay_json(text.replace("\n", "\r\n"))) == general(text)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), changes=st.integers(0, 6))
def test_a_text_cut_where_records_end_reads_as_the_whole(seed: int, changes: int) -> None:
    rng = random.Random(seed)
    text = rng.choice(["", "stray\n", "\n; note\n"]) + a_file(rng, 4)
    for _ in range(changes):
        text = mutate(text, rng).replace("\r", "").replace("\u2028", "")
    whole = read_records(text)
    pieces, pos, line, index = [], 0, 1, 0
    while pos < len(text):
        end = record_end(text, pos)
        assert end > pos
        piece = read_records(text[pos:end], line=line, index=index)
        pieces += piece
        line, index, pos = line + text.count("\n", pos, end), index + len(piece), end
    assert [(r.index, r.line, r.tags, r.movetext, str(r.error)) for r in pieces] == [
        (r.index, r.line, r.tags, r.movetext, str(r.error)) for r in whole
    ]


def test_the_command_prints_the_general_paths_lines_and_exit_status(tmp_path: Path) -> None:
    rng = random.Random(11)
    good = "\n".join(a_record(rng, rng.randint(1, 4)) for _ in range(30))
    bad = good.replace(" a1 ", " b1 ", 1)  # b1 named twice
    for text, status in ((good, 0), (bad, 1), (mutate(mutate(bad, rng), rng), 1)):
        path = tmp_path / "night.mgn"
        path.write_text(text, encoding="utf-8")
        done = run_engine("replay", "--json", str(path))
        assert done.stdout.splitlines() == [line for _, line in general(text)]
        assert done.returncode == status
