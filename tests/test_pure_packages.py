"""The pure packages import neither Django, DRF nor Celery (architecture convention 1)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE = ("games.engine", "tournaments.pairing", "tournaments.standings", "analytics.compute")
FORBIDDEN = ("django", "rest_framework", "celery")


def imported_names(node: ast.AST) -> list[str]:
    """Modules a node imports: import statements and literal import_module/__import__ calls."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        return [node.module] if node.level == 0 and node.module else []
    if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if called in ("import_module", "__import__") and isinstance(node.args[0].value, str):
            return [node.args[0].value]
    return []


def forbidden_imports(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)} imports {name}"
        for node in ast.walk(tree)
        for name in imported_names(node)
        if name.split(".")[0] in FORBIDDEN
    ]


@pytest.mark.parametrize("package", PURE)
def test_no_pure_module_imports_a_framework(package: str) -> None:
    files = sorted((ROOT / package.replace(".", "/")).rglob("*.py"))

    problems = [problem for path in files for problem in forbidden_imports(path)]

    assert problems == []


def test_the_checker_notices_a_framework_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\nfrom django.db import models\nimport celery.app\n"
        "from . import rest_framework\nimportlib.import_module('rest_framework.views')\n"
    )

    assert forbidden_imports(sample, root=tmp_path) == [
        "sample.py:2 imports django.db",
        "sample.py:3 imports celery.app",
        "sample.py:5 imports rest_framework.views",
    ]


def test_importing_the_pure_packages_loads_no_framework() -> None:
    packages = list(PURE)
    modules = [
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for name in packages
        for path in sorted((ROOT / name.replace(".", "/")).rglob("*.py"))
        if path.name != "__main__.py"
    ]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))\n"
    )

    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
