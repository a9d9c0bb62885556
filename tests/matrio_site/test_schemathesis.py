"""The OpenAPI document is the API: schemathesis generates requests for every operation of
/api/schema/ (as an anonymous visitor and as the demo club's director) and checks that none
answers 5xx and that every answer's status, content type and body are the documented ones.

Runs in-process against the test database (the WSGI app), bounded and derandomized: the
same examples every run. ``MATRIO_SCHEMATHESIS_EXAMPLES`` raises the examples per operation
for a longer hunt.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings, strategies
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Err
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from clubs.models import Club, Player
from games.models import Game
from matrio_site.demo import DemoSummary
from tournaments.models import Event, Result, Round, Table

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("MATRIO_SCHEMATHESIS_EXAMPLES", "12"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@dataclass
class Run:
    """What one pass over the schema did: operations, examples and the failures found."""

    operations: int = 0
    examples: int = 0
    failures: list[str] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)


def _known_ids() -> dict[str, list[Any]]:
    """Keys of rows that exist, by the path's resource, so that some generated paths reach
    real objects."""
    return {
        "games": list(Game.objects.values_list("pk", flat=True)[:20]),
        "events": list(Event.objects.values_list("pk", flat=True)),
        "rounds": list(Round.objects.values_list("pk", flat=True)),
        "tables": list(Table.objects.values_list("pk", flat=True)[:20]),
        "results": list(Result.objects.values_list("pk", flat=True)[:20]),
        "clubs": list(Club.objects.values_list("slug", flat=True)),
        "players": list(Player.objects.values_list("slug", flat=True)[:20]),
    }


def _real_keys(path: str, known: dict[str, list[Any]]) -> Callable[[dict[str, Any]], None]:
    """Half of the generated path keys (chosen by the generated value: reproducible) become the
    key of an existing row of the operation's resource (its last named one in the path)."""
    named = [part for part in path.split("/") if part in known]
    keys = known[named[-1]] if named else []
    ids = [key for key in keys if isinstance(key, int)]

    def swap(parameters: dict[str, Any]) -> None:
        for name, value in parameters.items():
            pick = len(str(value))
            if pick % 2 or not keys:
                continue
            if name in ("id", "pk"):
                if ids:
                    chosen = ids[pick // 2 % len(ids)]
                    parameters[name] = chosen if isinstance(value, int) else str(chosen)
            elif name == "slug":
                parameters[name] = keys[pick // 2 % len(keys)]

    return swap


def _examine(
    operation: schemathesis.APIOperation[Any, Any, Any, Any],
    known: dict[str, list[Any]],
    headers: dict[str, str],
    run: Run,
) -> None:
    """Generate and send up to EXAMPLES requests for one operation, valid ones and ones that
    break the schema (those must get a 4xx), and record its failures."""
    swap = _real_keys(operation.path, known)

    @given(case=strategies.one_of(*(operation.as_strategy(mode) for mode in GenerationMode)))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def check(case: schemathesis.Case[Any]) -> None:
        run.examples += 1
        if case.path_parameters:
            swap(case.path_parameters)
        response = case.call(headers=headers)
        run.statuses[response.status_code] += 1
        case.validate_response(response, checks=CHECKS, headers=headers)

    try:
        check()
    except (AssertionError, BaseExceptionGroup) as failure:  # the checks' failures, grouped
        run.failures.append(f"{operation.label}: {failure}")


def _run(
    schema: schemathesis.BaseSchema, known: dict[str, list[Any]], headers: dict[str, str]
) -> Run:
    run = Run()
    # The in-process WSGI transport does not undo gzip (an HTTP client does): ask for none.
    headers = {"Accept-Encoding": "identity", **headers}
    for result in schema.get_all_operations():
        run.operations += 1
        if isinstance(result, Err):  # an operation the document cannot describe
            run.failures.append(f"the schema: {result.err()}")
            continue
        _examine(result.ok(), known, headers, run)
    return run


@pytest.fixture
def api(demo: DemoSummary) -> Iterator[tuple[schemathesis.BaseSchema, dict[str, list[Any]]]]:
    """The schema, served by the WSGI app on the test's connection (which Django would close
    at the end of every request, as Django's own test client avoids too)."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    try:
        app = get_wsgi_application()
        schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", app)
        yield schema, _known_ids()
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)


def test_anonymous_requests_get_documented_answers(
    api: tuple[schemathesis.BaseSchema, dict[str, list[Any]]],
) -> None:
    schema, known = api
    run = _run(schema, known, {})
    print(f"anonymous: {run.operations} operations, {run.examples} examples, {run.statuses}")
    assert run.operations >= 40
    assert not run.failures, "\n\n".join(run.failures)


def test_director_requests_get_documented_answers(
    api: tuple[schemathesis.BaseSchema, dict[str, list[Any]]], demo: DemoSummary
) -> None:
    schema, known = api
    director = demo.club.memberships.get(role="director").player.user
    assert director is not None
    token = Token.objects.create(user=director)
    run = _run(schema, known, {"Authorization": f"Token {token.key}"})
    print(f"director: {run.operations} operations, {run.examples} examples, {run.statuses}")
    assert run.operations >= 40
    assert not run.failures, "\n\n".join(run.failures)
