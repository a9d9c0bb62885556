"""The results that wait for a player: reported by someone else at a table where they sit, not
yet answered by them (confirm or dispute), in rounds being played."""

from __future__ import annotations

from django.db.models import QuerySet

from clubs.roles import AnyUser, signed_in
from tournaments.models import Result, Round


def results_waiting_for(*, user: AnyUser | None) -> QuerySet[Result] | list[Result]:
    if not signed_in(user):
        return []
    return (
        Result.objects.filter(
            status=Result.Status.REPORTED,
            table__round__status=Round.Status.LOCKED,
            table__seats__player__user=user,
        )
        .exclude(reported_by=user)
        .exclude(confirmations__user=user)
        .select_related("table__round__event__club", "reported_by")
        .order_by("created")
        .distinct()
    )
