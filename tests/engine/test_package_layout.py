"""The engine packages name their modules by job, the same way (``games/engine/__init__.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import registry

from .cli import ROOT

PACKAGES = tuple(module.rsplit(".", 1)[1] for module in registry.MODULES.values())
EVERY_PACKAGE_HAS = ("board.py", "notation.py", "rules.py", "records.py", "random_game.py")


@pytest.mark.parametrize("package", PACKAGES)
def test_every_engine_package_has_the_modules_of_the_convention(package: str) -> None:
    folder = ROOT / "games" / "engine" / package
    missing = [name for name in EVERY_PACKAGE_HAS if not (folder / name).exists()]
    assert not missing, f"games/engine/{package} lacks {missing}"


def test_the_naming_convention_lists_every_module_name_the_packages_use() -> None:
    convention = (ROOT / "games" / "engine" / "__init__.py").read_text(encoding="utf-8")
    names = {
        path.name
        for package in PACKAGES
        for path in Path(ROOT / "games" / "engine" / package).glob("*.py")
        if path.name != "__init__.py"
    }
    undocumented = sorted(name for name in names if f"``{name}``" not in convention)
    # Modules being added by others may not be listed yet; the shared names must be.
    assert not set(undocumented) & {*EVERY_PACKAGE_HAS, "cards.py", "scoring.py", "fast.py"}


@pytest.mark.parametrize("package", PACKAGES)
def test_random_game_is_the_function_even_when_its_module_was_imported_first(
    package: str,
) -> None:
    code = (
        f"import games.engine.{package}.random_game\n"
        f"from games.engine.{package} import random_game\n"
        "assert callable(random_game), random_game\n"
        "assert random_game(1).startswith('[Game ')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
