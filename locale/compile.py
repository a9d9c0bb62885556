#!/usr/bin/env python3
"""Compile the translation catalogues: every ``locale/*/LC_MESSAGES/*.po`` into its ``.mo``.

Uses polib (a project dependency), so no GNU gettext (``msgfmt``) is needed: ``make messages``
runs this before ``make run`` and ``make test``, and a production release runs it once
(``python locale/compile.py``). Only the ``.po`` files are committed; a ``.mo`` is rewritten
only when its compiled bytes change, so running it again is cheap and touches nothing.
Untranslated and fuzzy entries are left out (English shows instead); the test
``tests/matrio_site/test_i18n.py`` fails on any of them.

    python locale/compile.py          compile what changed, say what was written
    python locale/compile.py --check  write nothing; exit 1 when a .mo is missing or stale
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

LOCALE_DIR = Path(__file__).resolve().parent


def catalogues(root: Path = LOCALE_DIR) -> list[Path]:
    """Every catalogue under ``root`` (``<lang>/LC_MESSAGES/<domain>.po``), in a stable order."""
    return sorted(root.glob("*/LC_MESSAGES/*.po"))


def compiled(po_path: Path) -> bytes:
    """The ``.mo`` bytes of one catalogue (translated, non-fuzzy entries and the header)."""
    return bytes(polib.pofile(str(po_path)).to_binary())


def stale(root: Path = LOCALE_DIR) -> list[Path]:
    """The ``.mo`` files that are missing or differ from what their ``.po`` compiles to."""
    out = []
    for po_path in catalogues(root):
        mo_path = po_path.with_suffix(".mo")
        if not mo_path.exists() or mo_path.read_bytes() != compiled(po_path):
            out.append(mo_path)
    return out


def compile_all(root: Path = LOCALE_DIR) -> list[Path]:
    """Write every missing or stale ``.mo``; returns the files written."""
    written = []
    for po_path in catalogues(root):
        mo_path = po_path.with_suffix(".mo")
        data = compiled(po_path)
        if not mo_path.exists() or mo_path.read_bytes() != data:
            mo_path.write_bytes(data)
            written.append(mo_path)
    return written


def main(argv: list[str]) -> int:
    if argv not in ([], ["--check"]):
        print("usage: python locale/compile.py [--check]", file=sys.stderr)
        return 2
    if argv == ["--check"]:
        behind = stale()
        for mo_path in behind:
            print(
                f"{mo_path.relative_to(LOCALE_DIR.parent)} is missing or stale: run make messages"
            )
        return 1 if behind else 0
    for mo_path in compile_all():
        print(f"compiled {mo_path.relative_to(LOCALE_DIR.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
