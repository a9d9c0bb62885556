"""Refusals of the games services: one :class:`~games.engine.errors.DomainError` each.

Every body carries ``ply`` (the game's ply the refusal is about, or null) and ``legal`` (the
moves the engine would take instead), as the API has always answered for games.

The services' sentences are translated (``gettext``: the reader's language, from the request).
The engine's are English (it is plain Python): an illegal move keeps the engine's precise
``message`` and adds a ``sentence`` the site phrases in the reader's language from the
structured fields (ply, player, move, legal), which the pages show.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import get_language, gettext

from games.engine.core import IllegalMoveError, JsonDict
from games.engine.errors import DomainError
from games.messages import plain


class GameError(DomainError):
    """A write to a game the service refuses; its body always has ``ply`` and ``legal``."""

    def __init__(self, message: str, *, ply: int | None = None, legal: Sequence[str] = ()):
        super().__init__(message, ply=ply, legal=list(legal))
        self.ply = ply
        self.legal = list(legal)


class IllegalMove(GameError):
    """The engine refused the move; nothing was stored. ``names`` maps the game's roles to its
    players' names, for :attr:`plain`."""

    def __init__(self, error: IllegalMoveError, *, names: Mapping[str, str] = {}) -> None:
        super().__init__(error.sentence, ply=error.ply, legal=error.legal)
        self.move = error.move
        self.player = error.player
        self.names = dict(names)
        self.structure_of(error)

    @property
    def plain(self) -> str:
        """The refusal in plain words and the reader's language (``games.messages``): the
        player's name, cards and cells in words; :attr:`sentence` when the engine gave no
        structure for it."""
        return plain(self, player=self.player, names=self.names) or self.sentence

    @property
    def sentence(self) -> str:
        """The refusal in the reader's language: the engine's own sentence in English, else
        one phrased by the site from the move, the ply, the player and the legal moves."""
        if (get_language() or "en").split("-")[0] == "en":
            return self.message
        return illegal_move_sentence(
            ply=self.ply, player=self.player, move=self.move, legal=self.legal
        )

    def json(self) -> JsonDict:
        return {
            **super().json(),
            "move": self.move,
            "sentence": self.sentence,
            "plain": self.plain,
        }


LEGAL_SHOWN = 12  # legal moves named in a translated refusal (then "…")


def illegal_move_sentence(
    *, ply: int | None, player: str | None, move: str | None, legal: Sequence[str]
) -> str:
    """“Ply 5 (P2): 9S>R1D cannot be played here. Legal moves: …” in the active language."""
    names = ", ".join(legal[:LEGAL_SHOWN]) + (", …" if len(legal) > LEGAL_SHOWN else "")
    values = {"ply": ply, "player": player, "move": move or "?", "legal": names}
    if player:
        text = gettext("Ply %(ply)s (%(player)s): %(move)s cannot be played here.") % values
    else:
        text = gettext("Ply %(ply)s: %(move)s cannot be played here.") % values
    if names:
        text += " " + gettext("Legal moves: %(legal)s.") % values
    return text


class StalePly(GameError):
    """The client's expected ply is not the game's: another device moved (HTTP 409)."""

    status = 409

    def __init__(self, *, current: int, expected: int) -> None:
        super().__init__(
            gettext("the game moved on to ply %(current)s (you expected ply %(expected)s); reload")
            % {"current": current, "expected": expected},
            ply=current,
        )
        self.expected = expected

    def json(self) -> JsonDict:
        return {**super().json(), "expected_ply": self.expected}


class NoSuchGame(GameError):
    """The game of the request does not exist (HTTP 404)."""

    status = 404

    def __init__(self) -> None:
        super().__init__(gettext("There is no such game."))


class GameClosed(GameError):
    """The game takes no more moves (finished, abandoned, result-only, imported)."""

    status = 409
