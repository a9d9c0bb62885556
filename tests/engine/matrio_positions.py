"""Building MatriO positions and records for tests."""

from __future__ import annotations

import json

from games.engine.matrio import Options, State, new_game
from games.engine.matrio.board import SUIT_TRAYS, TRAY_INDEX, TRAYS
from games.engine.matrio.cards import BIT
from games.engine.replay import replay_text


def position(tops: dict[str, str], *, to_move: int = 0, options: Options | None = None) -> State:
    """A position with the given tray tops (no cell owned yet), consistent empty counts."""
    board: list[str | None] = [None] * 24
    for tray, card in tops.items():
        board[TRAY_INDEX[tray]] = card
    empty = {s: sum(1 for t in trays if board[t] is None) for s, trays in SUIT_TRAYS.items()}
    played = sum(BIT[c] for c in tops.values())
    return new_game(options)._replace(
        tops=tuple(board), empty=empty, played=played, to_move=to_move, ply=len(tops)
    )


def tray_names(trays: tuple[int, ...]) -> list[str]:
    return [TRAYS[t] for t in trays]


def record(moves: str, **tags: str) -> str:
    """A MatriO record with default players P1..P4 named north/east/south/west."""
    header = {"P1": "north", "P2": "east", "P3": "south", "P4": "west", **tags}
    lines = ['[Game "matrio"]', *(f'[{k} "{v}"]' for k, v in header.items())]
    return "\n".join(lines) + "\n\n" + moves + "\n"


def replay_one(text: str) -> dict[str, object]:
    (result,) = list(replay_text(text))
    return result


def json_lines(output: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in output.splitlines()]
