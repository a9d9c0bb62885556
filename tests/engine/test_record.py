"""The MGN layout shared by all games: records, tags, comments, move numbers, lines."""

from __future__ import annotations

from games.engine.record import read_records, result_items, same_result, write_header

TWO = """; a file comment
[Game "matrio"]   ; first tag
[Event "Club \\"night\\" 12"]
[Site "back\\\\room"]

1. 2C>C1C {a comment
spanning [Game "x"] lines} 2. 9H>C3H ; to end of line
3.8S>C3S

[game "Mathematico"]
[Deal "1 2 3"]
"""


def test_it_splits_records_and_keeps_line_numbers() -> None:
    first, second = read_records(TWO)
    assert (first.index, first.line, second.index, second.line) == (0, 2, 1, 10)
    assert first.game == "matrio" and second.game == "mathematico"
    assert [(t.text, t.line) for t in first.tokens()] == [
        ("2C>C1C", 6),
        ("9H>C3H", 7),
        ("8S>C3S", 8),
    ]
    assert not second.has_moves()


def test_tags_unescape_and_are_case_insensitive() -> None:
    record = read_records(TWO)[0]
    assert record.tag("event") == 'Club "night" 12'
    assert record.tag("SITE") == "back\\room"
    assert record.tag_line("Site") == 4
    assert record.tag("Round") is None


def test_a_duplicate_tag_is_a_record_error() -> None:
    (record,) = read_records('[Game "matrio"]\n[Event "a"]\n[event "b"]\n')
    assert record.error is not None
    assert record.error.line == 3
    assert "given twice" in str(record.error)


def test_a_malformed_tag_line_is_a_record_error() -> None:
    (record,) = read_records('[Game "matrio"]\n[Event unquoted]\n')
    assert record.error is not None and record.error.line == 2
    assert 'a tag is written [Name "value"]' in str(record.error)


def test_text_before_any_record_is_reported_as_a_record() -> None:
    records = read_records('hello world\n\n[Game "matrio"]\n')
    assert len(records) == 2
    assert records[0].error is not None and "not an MGN record" in str(records[0].error)
    assert records[1].index == 1


def test_an_empty_file_has_no_records() -> None:
    assert read_records("") == []
    assert read_records("\n ; only a comment\n") == []


def test_results_compare_ignoring_case_spaces_and_order() -> None:
    assert result_items("P1: 268; P2: WD") == [("P1", "268"), ("P2", "WD")]
    assert result_items("win; cards left: 7") == [("win", ""), ("cards left", "7")]
    assert same_result("bob smith: 60;alice:190", "Alice: 190; Bob Smith: 60")
    assert not same_result("alice: 190", "alice: 191")


def test_the_header_writer_orders_and_escapes_tags() -> None:
    (record,) = read_records('[Zeta "z"]\n[Game "matrio"]\n[Date "2026.11.20"]\n[Event "a\\"b"]\n')
    header = write_header(record, "matrio", ("P1",), {"P1": "x", "Result": "*"})
    assert header == (
        '[Game "matrio"]\n[Event "a\\"b"]\n[Date "2026.11.20"]\n[P1 "x"]\n[Zeta "z"]\n'
        '[Result "*"]\n'
    )
