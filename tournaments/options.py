"""An event's declared options: read, checked and turned into the pure standings' rules.

Terms: ``Event.options`` is JSON the director declares; every key has a default per game and
format, so nothing is hidden in code and the standings page restates the rules in force:

* ``criteria`` — ranking criteria, names from ``tournaments.standings.CRITERIA`` in order;
* ``place_points`` — points by place (``null`` = one point per player placed below) and
  ``ties`` (``split`` / ``best``);
* ``bye`` — ``{"kind": "fixed"|"average"|"zero", "match_points": …, "score": …}``;
* ``missed_round`` — ``zero`` or ``bye``; ``mode`` — how scores rank (``max``, ``min``,
  ``exactly:N``); ``rounds`` — planned number of rounds; ``final_size`` — top N of the final
  (0 = no final); ``seeding`` — ``rating`` (the default: round 1 seated by rating as later
  rounds are by points, the unrated at random) or ``random`` (``tournaments.seeding``).

Invariant: :func:`check_options` accepts exactly the options :func:`standings_rules` can use;
a bad option is a ``DomainError`` with a sentence naming it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from games.engine.errors import DomainError
from tournaments.kinds import EVENT_KINDS, event_kind
from tournaments.models import Event
from tournaments.seeding import SEEDINGS
from tournaments.standings import ByeRule, PlacePoints, StandingsError, StandingsRules
from tournaments.standings.criteria import criteria_named
from tournaments.standings.places import score_key


def default_options(game: str) -> dict[str, Any]:
    """The options of an event of ``game`` that declares none (see ``tournaments.kinds``)."""
    kind = event_kind(game)
    points = None if kind.place_points is None else list(kind.place_points)
    return {
        "criteria": list(kind.criteria),
        "place_points": {"values": points, "ties": "split"},
        "bye": dict(kind.bye),
        "missed_round": "zero",
        "mode": "max",
        "rounds": 3,
        "final_size": 0,
        "seeding": "rating",
    }


def event_options(event: Event) -> dict[str, Any]:
    """The event's options with the defaults of its game for every key not declared."""
    merged = default_options(event.game)
    merged.update(event.options or {})
    return merged


def standings_rules(options: dict[str, Any]) -> StandingsRules:
    try:
        points = options["place_points"]
        values = points.get("values")
        bye = options["bye"]
        return StandingsRules(
            criteria=tuple(options["criteria"]),
            place_points=PlacePoints(
                values=None if values is None else tuple(float(v) for v in values),
                ties=points.get("ties", "split"),
            ),
            bye=ByeRule(
                kind=bye.get("kind", "zero"),
                match_points=float(bye.get("match_points", 0)),
                score=float(bye.get("score", 0)),
            ),
            missed_round=options["missed_round"],
        )
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise DomainError(
            gettext("the event's options are malformed (%(error)s)") % {"error": error}
        ) from None


def check_options(*, game: str, format: str, options: dict[str, Any]) -> dict[str, Any]:
    """The declared options merged over the defaults; ``DomainError`` for anything unusable."""
    if not isinstance(options, dict):
        raise DomainError(gettext("options must be a JSON object"))
    formats = EVENT_KINDS[game].formats if game in EVENT_KINDS else ()
    if format not in formats:
        allowed = ", ".join(str(f.label) for f in formats)
        raise DomainError(
            gettext("a %(game)s event cannot use the format “%(format)s”; allowed: %(allowed)s")
            % {"game": game, "format": format, "allowed": allowed}
        )
    merged = default_options(game)
    unknown = sorted(set(options) - set(merged))
    if unknown:
        raise DomainError(
            gettext("unknown option “%(option)s”; known: %(known)s")
            % {"option": unknown[0], "known": ", ".join(sorted(merged))}
        )
    merged.update(options)
    try:
        criteria_named(list(merged["criteria"]))
        score_key(str(merged["mode"]))
    except (StandingsError, TypeError) as error:
        raise DomainError(str(error)) from None
    rules = standings_rules(merged)
    if rules.bye.kind not in ("fixed", "average", "zero"):
        raise DomainError(gettext("the bye rule's kind must be fixed, average or zero"))
    if rules.place_points.ties not in ("split", "best"):
        raise DomainError(gettext("place_points.ties must be split or best"))
    if merged["missed_round"] not in ("zero", "bye"):
        raise DomainError(gettext("missed_round must be zero or bye"))
    if merged["seeding"] not in SEEDINGS:
        raise DomainError(gettext("seeding must be rating or random"))
    for key in ("rounds", "final_size"):
        if not isinstance(merged[key], int) or merged[key] < 0:
            raise DomainError(gettext("%(key)s must be a whole number, 0 or more") % {"key": key})
    size = event_kind(game).table_size
    if merged["final_size"] and size and merged["final_size"] % size:
        raise DomainError(
            gettext("final_size must be a multiple of the table size %(size)s") % {"size": size}
        )
    return merged
