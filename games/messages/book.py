"""A game's phrasebook: the sentence for each refusal code and the words for each parameter."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Phrasebook:
    """``phrases`` maps an engine's refusal code to a sentence with ``%(param)s`` fields (its
    English msgid, marked with ``gettext_noop`` and translated when used); ``words`` maps a
    parameter's name to the function saying its value in words (a parameter without one is
    shown as it is: a number, a cell name)."""

    phrases: Mapping[str, str]
    words: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)
