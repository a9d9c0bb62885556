"""Agreement with the 50 reference MatriO games of ``tests/data`` (see its README.md)."""

from __future__ import annotations

import json
from pathlib import Path

from .cli import SAMPLES, run_engine
from .matrio_positions import json_lines


def test_the_replay_command_agrees_with_every_reference_game() -> None:
    done = run_engine("replay", "--json", str(SAMPLES / "matrio-reference.mgn"))
    assert done.returncode == 0, done.stdout[-2000:]
    got = json_lines(done.stdout)
    expected = [
        json.loads(line)
        for line in (SAMPLES / "matrio-reference.expected.jsonl").read_text().splitlines()
    ]
    assert len(got) == len(expected) == 50
    for result, want in zip(got, expected, strict=True):
        assert result["ok"] is True
        assert {key: result[key] for key in want} == want


def test_the_reference_games_are_rewritten_with_only_the_result_added(tmp_path: Path) -> None:
    done = run_engine("format", str(SAMPLES / "matrio-reference.mgn"))
    assert done.returncode == 0
    rewritten = tmp_path / "canonical.mgn"
    rewritten.write_text(done.stdout)
    again = run_engine("format", str(rewritten))
    assert again.stdout == done.stdout
    original = (SAMPLES / "matrio-reference.mgn").read_text().split("\n\n")
    assert done.stdout.count("[Result ") == 50
    assert original[1].strip() in done.stdout
