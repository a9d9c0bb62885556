"""Mathematico: every player fills a 5x5 board with the same 25 drawn values 1..13.

The package's modules, by subject: ``cards`` (values, the Deal), ``board`` (cells and lines),
``scoring`` (combinations, totals, per-line breakdown, modes and winners), ``game`` (the
protocol over immutable states), ``notation`` (tags, player lines, Result), ``judge`` (replay
and canonical writing of whole records), ``fast`` (the replay command's lane for whole files)
and ``play`` (seeded random games).

The names below are imported from their module on first use (``__getattr__``), so the replay
command's fast lane loads only the modules it needs (``import`` time counts in its speed).
"""

from __future__ import annotations

import importlib
from typing import Any

#: module -> the public names it gives the package
_EXPORTS: dict[str, tuple[str, ...]] = {
    "board": ("CELLS", "LINES", "board_string", "read_board"),
    "game": (
        "Move",
        "Options",
        "State",
        "apply",
        "format_move",
        "legal_moves",
        "new_game",
        "outcome",
        "parse_move",
        "scores",
    ),
    "judge": ("NAME", "replay", "replay_stepwise", "write_record"),
    "play": ("random_game",),
    "scoring": (
        "LineScore",
        "Mode",
        "board_total",
        "breakdown",
        "combination",
        "line_points",
        "winners",
    ),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
