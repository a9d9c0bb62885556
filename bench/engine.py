"""Replay speed of the rules engines, on one core: prints figures, asserts nothing.

    python bench/engine.py [--games 2000] [--repeat 5] [--only KIND] [--players N]

For each game kind it generates seeded random legal games as MGN, then measures

* the library call: ``games.engine.replay.replay_json``, the command's JSON lines
  (parse + validate + score + JSON), best of ``--repeat`` runs;
* the replay command end to end: ``python -m games.engine replay --json FILE``, minus the
  same command on an empty file (process start-up excluded), median of ``--repeat`` runs.

MatriO figures are complete games/s and µs per ply; Mathematico figures are boards/s (one
board per player line). Mathematico deals have 1 to 4 players (2.5 on average, as
``random_game``); ``--players N`` gives every deal N players instead (random placements, as
``random_game``'s "random" policy). Peak memory is this process's maximum resident set size.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.engine import registry  # noqa: E402
from games.engine.replay import replay_json  # noqa: E402


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def generate(game: str, count: int, players: int | None = None) -> str:
    module = importlib.import_module(registry.MODULES[game])
    if game == "mathematico" and players is not None:
        return "\n".join(mathematico_game(seed, players) for seed in range(count))
    return "\n".join(module.random_game(seed) for seed in range(count))


def mathematico_game(seed: int, players: int) -> str:
    """A seeded legal Mathematico game of ``players`` players placing at random, canonical."""
    from games.engine.mathematico import CELLS, write_record
    from games.engine.mathematico.random_game import PLAYER_NAMES
    from games.engine.record import read_records

    rng = random.Random(seed)
    deal = rng.sample([value for value in range(1, 14) for _ in range(4)], 25)
    names = [*PLAYER_NAMES, *(f"Player {n}" for n in range(len(PLAYER_NAMES) + 1, players + 1))]
    lines = [f"{name}: {' '.join(rng.sample(CELLS, len(CELLS)))}" for name in names[:players]]
    text = (
        f'[Game "mathematico"]\n[Event "random game {seed} ({players} players)"]\n'
        f'[Deal "{" ".join(map(str, deal))}"]\n\n' + "\n".join(lines) + "\n"
    )
    return write_record(read_records(text)[0])


def units(game: str, results: list[dict[str, object]]) -> tuple[int, str]:
    """How many units a file holds: boards for Mathematico, games otherwise."""
    if game == "mathematico":
        return sum(len(r["scores"]) for r in results), "boards"  # type: ignore[arg-type]
    return len(results), "games"


def time_library(text: str, repeat: int) -> tuple[float, list[dict[str, object]]]:
    best = float("inf")
    lines: list[tuple[bool, str]] = []
    for _ in range(repeat):
        start = time.perf_counter()
        lines = list(replay_json(text))
        best = min(best, time.perf_counter() - start)
    return best, [json.loads(line) for _, line in lines]


def run_command(path: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "games.engine", "replay", "--json", str(path)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"replay of {path} failed with exit status {done.returncode}")
    return elapsed


def time_command(path: Path, empty: Path, repeat: int) -> float:
    full = statistics.median(run_command(path) for _ in range(repeat))
    startup = statistics.median(run_command(empty) for _ in range(repeat))
    return max(full - startup, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="records per game kind")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", choices=registry.NAMES, action="append")
    parser.add_argument("--players", type=int, help="Mathematico: players per deal")
    args = parser.parse_args()
    pin_to_one_core()
    print(f"python {sys.version.split()[0]}, one core, {args.games} records per game kind")
    if args.players is not None:
        print(f"Mathematico: {args.players} players per deal")
    print(f"{'game':16} {'units':>8} {'library/s':>11} {'command/s':>11} {'µs/ply':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.mgn"
        empty.write_text("")
        for game in args.only or registry.NAMES:
            text = generate(game, args.games, args.players)
            path = Path(tmp) / f"{game}.mgn"
            path.write_text(text)
            seconds, results = time_library(text, args.repeat)
            if not all(r["ok"] for r in results):
                raise SystemExit(f"{game}: a generated record did not replay")
            count, unit = units(game, results)
            plies = sum(int(r.get("plies") or 0) for r in results)  # type: ignore[call-overload]
            command = time_command(path, empty, args.repeat)
            per_ply = f"{seconds / plies * 1e6:8.2f}" if plies else f"{'-':>8}"
            print(
                f"{game:16} {count:>8} {count / seconds:>11,.0f} {count / command:>11,.0f} "
                f"{per_ply}  ({unit})"
            )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of the benchmark process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
