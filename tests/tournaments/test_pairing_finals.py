"""Top-N finals for any game."""

from __future__ import annotations

import pytest

from tournaments.pairing import PairingError, final_tables

RANKED = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]


def test_a_matrio_final_seats_the_top_four_at_one_table() -> None:
    (table,) = final_tables(RANKED, size=4, table_size=4)

    assert table.seats == (11, 12, 13, 14)
    assert table.seeds == (1, 2, 3, 4)


def test_snake_seeding_gives_tables_of_equal_strength() -> None:
    tables = final_tables(RANKED, size=8, table_size=4)

    assert [t.seeds for t in tables] == [(1, 4, 5, 8), (2, 3, 6, 7)]
    assert [sum(t.seeds) for t in tables] == [18, 18]


def test_tables_of_two_give_the_knockout_bracket() -> None:
    tables = final_tables(RANKED, size=4, table_size=2)

    assert [t.seats for t in tables] == [(11, 14), (12, 13)]


def test_tiers_seat_consecutive_seeds_together() -> None:
    tables = final_tables(RANKED, size=8, table_size=4, seeding="tiers")

    assert [t.seeds for t in tables] == [(1, 2, 3, 4), (5, 6, 7, 8)]


def test_a_one_group_final_for_a_shared_card_game_takes_the_top_n() -> None:
    (table,) = final_tables(RANKED, size=6, table_size=6)

    assert table.seats == tuple(RANKED[:6])


@pytest.mark.parametrize(
    ("size", "table_size", "message"),
    [(6, 4, "cannot be split"), (12, 4, "needs 12 ranked players; 10 given"), (0, 4, "split")],
)
def test_an_impossible_final_is_refused(size: int, table_size: int, message: str) -> None:
    with pytest.raises(PairingError, match=message):
        final_tables(RANKED, size=size, table_size=table_size)
