"""``python -m games.engine advise mathematico [--ms N]``: a move advisor over stdin.

Each input line is a position, ``BOARD VALUE``: BOARD is the board string of ``records.md``
(5 rows of 5 characters over ``A23456789TJQK``, ``.`` for an empty cell, rows joined by
``/``, any case) and VALUE the drawn value, 1 to 13 or A, T, J, Q, K (any case). Each answer
is one line, the advised cell (column letter ``a``-``e``, row digit ``1``-``5``: ``c3`` is the
centre) and the expected final score, e.g. ``c3 412.7``, flushed before the next line is
read. A line that is not a possible position is answered ``error: ...`` and the command goes
on; it ends with status 0 at the end of the input.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

GAMES = ("mathematico",)
EXAMPLE = "A.3../...../..K../...../..... 7"
_ROW_CHARS = frozenset("A23456789TJQK.")


def answer(line: str, ms: float, advise: Callable[[tuple[int, ...], int, float], str]) -> str:
    """The output line for one input line (an ``error: `` sentence when it is malformed)."""
    from games.engine.mathematico.advisor import PositionError, check_position
    from games.engine.mathematico.cards import read_value

    fields = line.split()
    if len(fields) != 2:
        got = "an empty line" if not fields else f"{len(fields)} fields"
        return (
            f"error: expected a board and the drawn value separated by a space, "
            f"like {EXAMPLE!r}; got {got}"
        )
    text, value_text = fields
    rows = text.upper().split("/")
    if len(rows) != 5 or any(len(row) != 5 or not set(row) <= _ROW_CHARS for row in rows):
        return (
            f"error: the board {text!r} is not 5 rows of 5 cells over A23456789TJQK "
            "(. for an empty cell) with the rows joined by /"
        )
    value = read_value(value_text)
    if value is None:
        return (
            f"error: the drawn value {value_text!r} is not a card value: "
            "use 1 to 13 (or A, T, J, Q, K for 1, 10, 11, 12, 13)"
        )
    try:
        board = check_position(text, value)
    except PositionError as error:
        return f"error: {error}"
    return advise(board, value, ms)


def _mathematico() -> Callable[[tuple[int, ...], int, float], str]:
    from games.engine.mathematico.advisor import advise
    from games.engine.mathematico.value_table import load

    load()
    advise((0,) * 25, 7, ms=5)  # builds the caches before the first real position

    def run(board: tuple[int, ...], value: int, ms: float) -> str:
        advice = advise(board, value, ms=ms)
        return f"{advice.cell} {advice.expected:.1f}"

    return run


def serve(game: str, ms: float, source: TextIO, out: TextIO) -> int:
    """Answer every line of ``source`` on ``out``, flushing after each; 0 at the end."""
    if game not in GAMES:
        print(f"games.engine: no advisor for {game!r} (only {', '.join(GAMES)})", file=sys.stderr)
        return 2
    if not ms > 0:
        print("games.engine: --ms must be a positive number of milliseconds", file=sys.stderr)
        return 2
    advise = _mathematico()
    for line in iter(source.readline, ""):
        out.write(answer(line, ms, advise) + "\n")
        out.flush()
    return 0
