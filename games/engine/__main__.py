"""``python -m games.engine replay [--json] FILE [FILE ...]`` and ``... format FILE ...``.

Exit status: 0 when every game replayed, 1 when any did not, 2 for usage errors.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from operator import itemgetter

from games.engine.core import JsonDict
from games.engine.replay import canonical_text, decode, replay_json, replay_text


def describe(result: JsonDict) -> str:
    """One line for people with the same facts as the JSON object."""
    head = f"#{result['index']} {result['game'] or '?'}"
    if not result["ok"]:
        where = f"line {result['line']}" if result.get("line") else "record"
        return f"{head} REFUSED at {where}: {result['error']}"
    parts: list[str] = []
    if result.get("result_only"):
        parts.append("result only")
    elif "finished" in result:
        parts.append("finished" if result["finished"] else "unfinished")
    if result.get("plies") is not None:
        parts.append(f"{result['plies']} plies")
    if "result" in result:
        parts.append(result["result"] + (f" ({result['reason']})" if result["reason"] else ""))
        parts.append(f"royals killed {result['royals_killed']}")
        if result["cards_left"] is not None:
            parts.append(f"cards left {result['cards_left']}")
    if "scores" in result:
        scores = ", ".join(
            f"{name} {'withdrawn' if score is None else score}"
            for name, score in result["scores"].items()
        )
        parts.append(scores)
    if result.get("winners"):
        parts.append("winners " + ", ".join(result["winners"]))
    if result.get("end"):
        parts.append(f"board {result['end']}")
    for claim in result.get("claims", ()):
        parts.append(f"ply {claim['ply']} claimed {claim['claimed']} but scores {claim['score']}")
    return f"{head}: " + "; ".join(parts)


def _read(path: str) -> str:
    if path == "-":
        return decode(sys.stdin.buffer.read())
    with open(path, "rb") as handle:
        return decode(handle.read())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay MGN files and report every game")
    replay.add_argument("--json", action="store_true", help="one JSON object per line")
    replay.add_argument("files", nargs="+", metavar="FILE", help='MGN file, "-" for stdin')
    fmt = commands.add_parser("format", help="write each valid game in canonical MGN")
    fmt.add_argument("files", nargs="+", metavar="FILE", help='MGN file, "-" for stdin')
    advise = commands.add_parser("advise", help="advise a cell for each position on stdin")
    advise.add_argument("game", choices=("mathematico",))
    advise.add_argument("--ms", type=float, default=50, help="thinking time per position")
    args = parser.parse_args(argv)
    if args.command == "advise":
        from games.engine.advise import serve

        return serve(args.game, args.ms, sys.stdin, sys.stdout)

    texts: list[str] = []
    for path in args.files:
        try:
            texts.append(_read(path))
        except OSError as error:
            print(f"games.engine: cannot read {path}: {error.strerror}", file=sys.stderr)
            return 2

    ok = True
    out = sys.stdout
    for text in texts:
        if args.command == "replay":
            lines = []
            if args.json:
                replayed = list(replay_json(text))
                ok = ok and all(map(itemgetter(0), replayed))
                lines = list(map(itemgetter(1), replayed))
            else:
                for result in replay_text(text):
                    ok = ok and result["ok"]
                    lines.append(describe(result))
            if lines:
                out.write("\n".join(lines) + "\n")
        else:
            for result, written in canonical_text(text):
                if written is None:
                    ok = False
                    print(describe(result), file=sys.stderr)
                else:
                    out.write(written + "\n")
    out.flush()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
