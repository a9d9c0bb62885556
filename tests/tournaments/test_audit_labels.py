"""Every action the audit log records reads as words in the director's console."""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation

from tournaments.models import AUDIT_ACTIONS, AuditEntry

ROOT = Path(__file__).resolve().parents[2]


def recorded_actions() -> set[str]:
    """The action codes the code passes to ``audit(...)`` (the third argument, a literal)."""
    found: set[str] = set()
    for path in (ROOT / "tournaments").rglob("*.py"):
        text = path.read_text()
        for call in re.finditer(r"\baudit\(\s*[^,]+,\s*[^,]+,\s*\"([^\"]+)\"", text):
            found.add(call.group(1))
        for literal in re.finditer(r"action = \"([^\"]+)\" if agrees else \"([^\"]+)\"", text):
            found.update(literal.groups())
    return found


def test_every_recorded_action_has_a_label() -> None:
    actions = recorded_actions()
    assert len(actions) >= 15  # the scan finds the calls
    assert actions <= set(AUDIT_ACTIONS)


def test_the_label_follows_the_language() -> None:
    entry = AuditEntry(action="round generated", what="round 1")
    with translation.override("en"):
        assert entry.action_label == "round generated"
    with translation.override("cs"):
        assert entry.action_label != "round generated"
    assert AuditEntry(action="something new").action_label == "something new"
