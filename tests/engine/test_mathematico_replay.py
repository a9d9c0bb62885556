"""The fast replay path judges every record exactly like the game protocol, and the replay
command reports Mathematico records as the contract says (end to end, via subprocess)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.core import EngineError, JsonDict
from games.engine.mathematico import CELLS, replay, replay_stepwise
from games.engine.record import RawRecord, read_records

from .cli import run_engine

DECK = [value for value in range(1, 14) for _ in range(4)]
VALUE_NAMES = {1: "A", 10: "t", 11: "J", 12: "q", 13: "K"}
ODD_TOKENS = ["f3", "a6", "A0", "x", "c33", "-", "-", "B2", "E5"]


def rarely(draw: st.DrawFn) -> bool:
    """True about once in twenty draws (``sampled_from`` draws uniformly, unlike integers)."""
    return draw(st.sampled_from([False] * 19 + [True]))


@st.composite
def player_lines(draw: st.DrawFn, name: str) -> str:
    """A legal line (a random order of the cells) with a few entries perhaps spoiled."""
    cells = list(draw(st.permutations(CELLS)))
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 1, 2, 3]))):
        ply = draw(st.integers(0, 24))
        cells[ply] = draw(st.sampled_from([*ODD_TOKENS, *CELLS]))  # may repeat a cell
    if rarely(draw):
        cells = [c.upper() for c in cells]
    if rarely(draw):
        cells = cells[: draw(st.integers(0, 26))]
    return f"{name}: {' '.join(cells)}"


@st.composite
def records(draw: st.DrawFn) -> str:
    """Records mostly well formed, with spoiled entries, sometimes a record error."""
    deal = draw(st.permutations(DECK))[:25]
    if draw(st.booleans()):
        deal_text = " ".join(VALUE_NAMES.get(v, str(v)) for v in deal)
    else:
        deal_text = " ".join(map(str, deal))
    names = draw(
        st.lists(
            st.sampled_from(["Ada", "Bo", "bob smith", "Cyril", "Dana"]),
            min_size=1,
            max_size=4,
            unique=True,
        )
    )
    if rarely(draw):
        names.append(names[0].upper())
    lines = [draw(player_lines(name)) for name in names]
    tags = f'[Game "mathematico"]\n[Deal "{deal_text}"]\n'
    mode = draw(st.sampled_from([None, None, "max", "min", "exactly:120"]))
    if rarely(draw):
        mode = "exactly:x"
    if mode is not None:
        tags += f'[Mode "{mode}"]\n'
    if rarely(draw):
        tags += f'[Result "{names[0]}: {draw(st.sampled_from([0, 10, 20, 40, 60]))}"]\n'
    return tags + "\n" + "\n".join(lines) + "\n"


def judged(judge: object, text: str) -> JsonDict | tuple[object, ...]:
    (record,) = read_records(text)
    return judged_record(judge, record)


def judged_record(judge: object, record: RawRecord) -> JsonDict | tuple[object, ...]:
    assert callable(judge)
    try:
        return judge(record).json(0)  # type: ignore[no-any-return]
    except EngineError as error:
        return (type(error), error.sentence, error.ply, error.line, error.move, error.player,
                error.legal)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(records())
def test_the_fast_replay_judges_every_record_like_the_protocol(text: str) -> None:
    assert judged(replay, text) == judged(replay_stepwise, text)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.permutations(CELLS), min_size=1, max_size=4), st.permutations(DECK))
def test_legal_records_replay_alike_both_ways(lines: list[list[str]], deck: list[int]) -> None:
    text = f'[Game "mathematico"]\n[Deal "{" ".join(map(str, deck[:25]))}"]\n\n' + "\n".join(
        f"p{i}: {' '.join(cells)}" for i, cells in enumerate(lines)
    )
    fast = judged(replay, text)
    assert isinstance(fast, dict) and fast["ok"] is True
    assert fast == judged(replay_stepwise, text)


# --- end to end ------------------------------------------------------------------------------

MGN = """\
[Game "mathematico"]
[Event "Club night"]
[Deal "7 1 2 3 J 8 5 K K 6 3 Q 4 T 9 T 9 4 8 T K Q 6 J J"]
[Result "alice: 90; bob smith: 80"]

alice: c3 d3 b2 c5 a2 d2 e1 c2 a1 b4 a5 e3 d4 e5 c1 c4 d1 d5 b1 b5 a3 e2 b3 e4 a4
bob smith: a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5 e5

[Game "mathematico"]
[Deal "7 1 2 3 J 8 5 K K 6 3 Q 4 T 9 T 9 4 8 T K Q 6 J J"]

solo: c3 d3 b2 c5 a2 d2 e1 C3 a1 b4 a5 e3 d4 e5 c1 c4 d1 d5 b1 b5 a3 e2 b3 e4 a4

[Game "mathematico"]
[Result "alice: 190; bob: 60"]
"""


def test_the_replay_command_reports_every_record_as_json(tmp_path: Path) -> None:
    path = tmp_path / "night.mgn"
    path.write_text(MGN, encoding="utf-8")
    done = run_engine("replay", "--json", str(path))
    assert done.returncode == 1, done.stderr
    first, second, third = (json.loads(line) for line in done.stdout.splitlines())
    assert first == {
        "game": "mathematico",
        "index": 0,
        "ok": True,
        "scores": {"alice": 90, "bob smith": 80},
        "winners": ["alice"],
        "boards": {
            "alice": "K8995/J2K8Q/K67AQ/J6T4J/3T34T",
            "bob smith": "7A23J/85KK6/3Q4T9/T948T/KQ6JJ",
        },
    }
    assert second["ok"] is False
    assert (second["index"], second["ply"], second["line"], second["player"]) == (1, 8, 12, "solo")
    assert second["error"].startswith("ply 8 (solo): c3 already holds the 7, so the 13 can go")
    assert third == {
        "game": "mathematico",
        "index": 2,
        "ok": True,
        "result_only": True,
        "scores": {"alice": 190, "bob": 60},
        "winners": ["alice"],
        "boards": {},
    }


def test_the_replay_command_exits_0_when_every_record_replays() -> None:
    good = MGN.split("\n\n[Game")[0] + "\n"
    done = run_engine("replay", "--json", "-", stdin=good)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winners"] == ["alice"]
    people = run_engine("replay", "-", stdin=good)
    assert people.returncode == 0
    assert "alice 90" in people.stdout and "winners alice" in people.stdout


def test_the_format_command_writes_the_canonical_record() -> None:
    good = MGN.split("\n\n[Game")[0] + "\n"
    done = run_engine("format", "-", stdin=good.replace("c3 d3", "C3 D3"))
    assert done.returncode == 0, done.stderr
    assert '[Deal "7 1 2 3 11 8 5 13 13 6 3 12 4 10 9 10 9 4 8 10 13 12 6 11 11"]' in done.stdout
    assert "alice: c3 d3 b2" in done.stdout
    again = run_engine("format", "-", stdin=done.stdout)
    assert again.stdout == done.stdout


MGN_PIECES = st.sampled_from(
    ["a1", "C3", "e5", "f3", "-", ":", " ", "\n", "Ada", "bob smith", "7", "K", "{", "}", ";", "["]
)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(
        ["", DEAL_TAG := '[Deal "7 1 2 3 J 8 5 K K 6 3 Q 4 T 9 T 9 4 8 T K Q 6 J J"]\n']
    ),
    st.text(max_size=30),
    st.lists(MGN_PIECES, max_size=80),
)
def test_any_text_is_reported_never_raised(deal: str, tag: str, pieces: list[str]) -> None:
    from games.engine.replay import replay_text

    text = f'[Game "mathematico"]\n{deal}[Mode "{tag}"]\n[Result "{tag}"]\n\n' + "".join(pieces)
    for result in replay_text(text):
        assert isinstance(result["ok"], bool)
        if not result["ok"]:
            assert result["error"]
    for raw in read_records(text):
        if raw.error is None:
            assert judged_record(replay, raw) == judged_record(replay_stepwise, raw)
