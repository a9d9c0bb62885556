"""Writes for tournaments. Keyword-only arguments; each public function is one transaction.

Every write that runs an event takes ``by`` (the user acting) and checks the policy of
``tournaments.permissions`` (``NotAllowed``); a refused write raises ``DomainError`` with a
sentence and writes nothing. Round life: *draft* (seating may be regenerated or swapped) ->
*locked* (being played; results reported and confirmed) -> *finished* (every table has a
confirmed result). Results: staff entries are confirmed at once; a player's report waits for
another player of the table or a director, who agree (confirmed) or not (disputed, shown to
the director). A director's correction supersedes the confirmed result. Every change writes
an ``AuditEntry`` (who, when, before, after); standings are computed from confirmed results.
A recorded game of the table gives its result automatically (:func:`table_result_from_game`,
run when ``games`` announces that the game changed: see ``tournaments.apps``).
"""

from __future__ import annotations

from tournaments.results import (  # results live in their own module
    result_confirm,
    result_correct,
    result_report,
    table_result_from_game,
)
from tournaments.running import (  # the running services live in theirs
    entry_add,
    entry_check_in,
    entry_drop,
    event_create,
    event_finish,
    player_enter_new,
    round_finish,
    round_generate,
    round_lock,
    round_regenerate,
    round_swap,
)

__all__ = [
    "entry_add",
    "entry_check_in",
    "entry_drop",
    "event_create",
    "event_finish",
    "player_enter_new",
    "result_confirm",
    "result_correct",
    "result_report",
    "round_finish",
    "round_generate",
    "round_lock",
    "round_regenerate",
    "round_swap",
    "table_result_from_game",
]
