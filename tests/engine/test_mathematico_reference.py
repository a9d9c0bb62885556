"""Agreement with the seed repository's Mathematico engine on its 50 reference records
(``tests/data``, see its README.md)."""

from __future__ import annotations

import json

from .cli import SAMPLES, run_engine

MGN = SAMPLES / "mathematico-reference.mgn"
EXPECTED = SAMPLES / "mathematico-reference.expected.jsonl"


def test_replay_agrees_with_the_reference_engine_on_every_field_of_every_record() -> None:
    done = run_engine("replay", "--json", str(MGN))
    assert done.returncode == 0, done.stdout + done.stderr
    got = [json.loads(line) for line in done.stdout.splitlines()]
    expected = [json.loads(line) for line in EXPECTED.read_text(encoding="utf-8").splitlines()]
    assert len(expected) == 50
    assert len(got) == len(expected)
    for result, want in zip(got, expected, strict=True):
        assert result["game"] == "mathematico" and result["ok"] is True
        for field, value in want.items():
            assert result[field] == value, (want["index"], field)


def test_the_canonical_form_of_the_reference_records_is_stable_and_replays_the_same() -> None:
    from games.engine.mathematico import write_record
    from games.engine.record import read_records
    from games.engine.replay import replay_record

    for record in read_records(MGN.read_text(encoding="utf-8")):
        text = write_record(record)
        (again,) = read_records(text)
        assert write_record(again) == text
        assert replay_record(again) | {"index": record.index} == replay_record(record)
