"""Fair play in events: who may see a round's shared cards (README "Security").

A round whose field plays one deal (Mathematico's 25 values, a Matrix Overload deck; see
``tournaments.kinds``) keeps its cards and its seed (which makes them) secret until the round is
finished: only the staff of the event's club (directors, scorekeepers) and site admins see them
before, so the director can call the draw or lay out the decks. Afterwards everyone sees both,
and the seed lets anyone check the deal. The event page, the printable sheet and the rounds API
all ask :func:`round_cards_for`.
"""

from __future__ import annotations

from dataclasses import dataclass

from clubs.roles import AnyUser, is_staff
from tournaments.models import Event, Round


@dataclass(frozen=True)
class RoundCards:
    """A round's seed and cards as one viewer sees them (``hidden``: both ``None``)."""

    seed: str | None
    cards: list[int | str] | None

    @property
    def hidden(self) -> bool:
        return self.cards is None


def cards_visible(round: Round, event: Event, user: AnyUser | None) -> bool:
    """Whether ``user`` may see the round's cards now (no query beyond the cached roles)."""
    return round.status == Round.Status.FINISHED or is_staff(user, event.club_id)


def round_cards_for(round: Round, user: AnyUser | None, event: Event | None = None) -> RoundCards:
    """The round's seed and cards, or ``None`` for both while ``user`` may not see them.

    Pass ``event`` when the caller has it loaded (saves the query for ``round.event``)."""
    if not round.cards and not round.seed:
        return RoundCards(round.seed, list(round.cards))
    if cards_visible(round, event if event is not None else round.event, user):
        return RoundCards(round.seed, list(round.cards))
    return RoundCards(None, None)
