"""Fair play (README "Security"): hidden cards stay hidden until they are played, and a deal
given upfront or shared by an event round stays with the club's staff until it is over.

The guard test walks every GET route of the games and tournaments apps, found in the URL
resolver (so a new page, endpoint or export is covered the day it is added), for a live MatriO
game with recorded hands, a live Overload game with its Deck, a live Mathematico game with its
whole Deal and locked Mathematico and Overload event rounds, as each persona, and fails when a
secret card sequence shows to someone who must not see it — or does not show to staff.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pytest
from django.http import HttpResponseBase, StreamingHttpResponse
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from clubs.models import Membership, Player
from games import selectors, services
from games.engine.matrio.cards import cards_of
from games.engine.matrio.rules import SEATS
from games.engine.record import read_records
from games.messages.words import card as card_words
from games.models import Game
from games.visibility import HIDDEN, NOTHING, hidden_for, redact_view
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.games.helpers import Cast, make_cast, record
from tournaments import services as tournaments
from tournaments.models import Event, Result, Round, Table

pytestmark = pytest.mark.django_db

PERSONAS = ("anonymous", "player", "seated", "scorekeeper", "director", "other_director", "admin")
STAFF = frozenset({"scorekeeper", "director", "admin"})  # admins act as directors everywhere
CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][SHDC]|X[RB])(?![A-Za-z0-9])")
NUMBER = re.compile(r"(?<![A-Za-z0-9])\d+(?![A-Za-z0-9])")
CARD_RUN = 5  # consecutive cards: no chance match between two shuffled decks
NUMBER_RUN = 8  # consecutive Mathematico values (1..13)
MATRIO_SEED = 3
MATRIO_PLIES = 6


# --- the table ----------------------------------------------------------------------------------


@dataclass
class Secret:
    """A sequence no one but ``seen_by`` may read while the game or round is on."""

    name: str
    runs: list[str]  # normalised runs (space-separated card codes or numbers)
    numbers: bool
    seen_by: frozenset[str]
    words: tuple[str, ...] = ()  # exact strings (a round's seed)


@dataclass
class World:
    cast: Cast
    seated: Any
    matrio: Game
    overload: Game
    mathematico: Game
    finished: Game
    events: list[Event]
    secrets: list[Secret] = field(default_factory=list)

    def user(self, persona: str) -> Any:
        return self.seated if persona == "seated" else self.cast.user(persona)


def runs_of(items: Iterable[object], size: int) -> list[str]:
    seq = [str(item) for item in items]
    return [" ".join(seq[i : i + size]) for i in range(len(seq) - size + 1)]


def normalised(body: str, numbers: bool) -> str:
    found = NUMBER.findall(body) if numbers else CARD.findall(body)
    return " " + " ".join(found) + " "


def shows(body: str, secret: Secret) -> bool:
    text = normalised(body, secret.numbers)
    return any(f" {run} " in text for run in secret.runs) or any(w in body for w in secret.words)


def matrio_hands(seed: int = MATRIO_SEED) -> tuple[dict[str, str], list[str]]:
    text = record("matrio", seed)
    header = read_records(text)[0]
    hands = {f"Hand{n}": header.tag(f"Hand{n}") or "" for n in range(1, 5)}
    return hands, text.split("\n\n", 1)[1].split()


def seated_user(c: Cast) -> tuple[Any, Player]:
    user = UserFactory(username="seated")
    player = PlayerFactory(name="Seated Sam", user=user)
    MembershipFactory(club=c.club, player=player, role=Membership.Role.PLAYER)
    return user, player


def live_matrio_with_hands(c: Cast, seated: Player, plies: int = MATRIO_PLIES) -> Game:
    hands, tokens = matrio_hands()
    seats = [
        services.SeatInput(player=seated) if n == 2 else services.SeatInput(name=name)
        for n, name in enumerate(("Ann", "Ben", "Cat", "Dan"), start=1)
    ]
    started = services.game_create(
        club=c.club, kind="matrio", players=seats, tags=hands, by=c.user("scorekeeper")
    )
    for ply, token in enumerate(tokens[:plies]):
        services.game_record_move(
            game_id=started.game.pk, token=token, expected_ply=ply, by=c.user("scorekeeper")
        )
    return Game.objects.get(pk=started.game.pk)


def overload_deck(seed: int = 11) -> list[str]:
    from games.engine.overload.cards import FULL_DECK

    deck = list(FULL_DECK)
    random.Random(seed).shuffle(deck)
    return deck


def mathematico_deal(seed: int = 7) -> list[int]:
    return random.Random(seed).sample([v for v in range(1, 14) for _ in range(4)], 25)


def build_world() -> World:
    c = make_cast()
    seated, seated_player = seated_user(c)
    keeper = c.user("scorekeeper")
    matrio = live_matrio_with_hands(c, seated_player)
    deck = overload_deck()
    overload = services.game_create(
        club=c.club,
        kind="matrix-overload",
        players=[services.SeatInput(name="Solo")],
        tags={"Deck": " ".join(deck)},
        by=keeper,
    ).game
    deal = mathematico_deal()
    mathematico = services.game_create(
        club=c.club,
        kind="mathematico",
        players=[services.SeatInput(name="Ann"), services.SeatInput(player=seated_player)],
        tags={"Deal": " ".join(map(str, deal))},
        by=keeper,
    ).game
    finished_text = record("matrio", 5)
    report = services.games_import_mgn(club=c.club, text=finished_text, by=keeper)
    finished = Game.objects.get(pk=report.games[0].game_id)
    events = [
        locked_round_event(c, seated_player, game) for game in ("mathematico", "matrix-overload")
    ]
    world = World(c, seated, matrio, overload, mathematico, finished, events)

    state = selectors.game_view(game=matrio)  # as staff see it
    for role in SEATS:
        view_cards = state["board"]["hands"][role]["cards"]
        tag_cards = [
            card for card in matrio.tag(f"Hand{role[1]}").split() if card in set(view_cards)
        ]
        runs = runs_of(view_cards, CARD_RUN) + runs_of(tag_cards, CARD_RUN)
        seen = STAFF | ({"seated"} if role == "P2" else set())
        world.secrets.append(Secret(f"MatriO hand {role}", runs, False, frozenset(seen)))
    world.secrets.append(Secret("Overload Deck", runs_of(deck[15:], CARD_RUN), False, STAFF))
    world.secrets.append(Secret("Mathematico Deal", runs_of(deal[2:], NUMBER_RUN), True, STAFF))
    for event in events:
        round_ = event.rounds.get()
        numbers = event.game == "mathematico"
        runs = runs_of(round_.cards, NUMBER_RUN if numbers else CARD_RUN)
        world.secrets.append(Secret(f"{event.game} round", runs, numbers, STAFF, (round_.seed,)))
    return world


def locked_round_event(c: Cast, seated: Player, game: str) -> Event:
    director = c.user("director")
    event = tournaments.event_create(
        club=c.club, name=f"{game} night", game=game, format="",
        starts_on=date(2026, 11, 1), options={}, by=director,
    )  # fmt: skip
    for person in (seated, *Player.objects.filter(name__in=("Ann", "Ben"))):
        tournaments.entry_add(event=event, player=person, checked_in=True, by=director)
    round_ = tournaments.round_generate(event=event, by=director)
    tournaments.round_lock(round=round_, by=director)
    return event


# --- the walk -----------------------------------------------------------------------------------


def routes() -> list[tuple[str, frozenset[str]]]:
    """(reversible name, its URL arguments) of every route served by the games and tournaments
    apps (pages and API; DRF's ``.json`` suffix variants left out)."""
    found: list[tuple[str, frozenset[str]]] = []

    def walk(patterns: Iterable[Any], namespace: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern) and pattern.name:
                view = getattr(pattern.callback, "cls", pattern.callback)
                app = view.__module__.split(".")[0]
                arguments = frozenset(pattern.pattern.regex.groupindex)
                if app in ("games", "tournaments") and "format" not in arguments:
                    found.append((namespace + pattern.name, arguments))

    walk(get_resolver().url_patterns, "")
    return sorted(set(found))


def urls(world: World) -> list[str]:
    """Every route filled with every object of the world it can show."""
    games = [world.matrio, world.overload, world.mathematico, world.finished]
    rounds = Round.objects.filter(event__in=world.events)
    tables = Table.objects.filter(round__in=rounds)
    ids = {
        "game": [g.pk for g in games],
        "event": [e.pk for e in world.events],
        "round": [r.pk for r in rounds],
        "table": [t.pk for t in tables],
        "result": list(Result.objects.values_list("pk", flat=True)),
        "player": list(Player.objects.filter(name="Seated Sam").values_list("pk", flat=True)),
        "club": [],
    }
    club = world.cast.club.slug
    out: list[str] = []
    for name, arguments in routes():
        base = name.split(":")[-1].split("-")[0]
        if not arguments:
            out.append(reverse(name))
        elif name.startswith("games:") and arguments == {"pk"}:
            out += [reverse(name, kwargs={"pk": pk}) for pk in ids["game"]]
        elif name == "games:new-kind":
            out += [reverse(name, kwargs={"kind": kind}) for kind in ("matrio", "mathematico")]
        elif name.startswith("tournaments:") and arguments == {"club", "slug"}:
            out += [reverse(name, args=[club, e.slug]) for e in world.events]
        elif name == "tournaments:print":
            out += [reverse(name, args=[club, r.event.slug, r.number]) for r in rounds]
        elif name in ("tournaments:table", "tournaments:paper-grid"):
            out += [reverse(name, args=[club, t.round.event.slug, t.pk]) for t in tables]
        elif arguments == {"slug"} and base == "club":
            out.append(reverse(name, kwargs={"slug": club}))
        elif arguments == {"pk"} and base in ids:
            out += [reverse(name, kwargs={"pk": pk}) for pk in ids[base]]
        else:
            raise AssertionError(
                f"the fair-play walk cannot fill {name} {set(arguments)}: teach it"
            )
    return out


def body(response: HttpResponseBase) -> str:
    if isinstance(response, StreamingHttpResponse):
        return b"".join(response.streaming_content).decode()  # type: ignore[arg-type]
    return response.content.decode()


def client_for(world: World, persona: str) -> Client:
    client = Client()
    user = world.user(persona)
    if user is not None:
        client.force_login(user)
    return client


def walk(world: World, persona: str) -> Iterator[tuple[str, str]]:
    client = client_for(world, persona)
    for url in urls(world):
        response = client.get(url)
        assert response.status_code < 500, (persona, url)
        yield url, body(response)


@pytest.fixture
def world() -> World:
    return build_world()


# --- the guard ----------------------------------------------------------------------------------


def test_the_walk_covers_the_game_and_event_pages_the_api_and_the_exports(world: World) -> None:
    names = {name for name, _ in routes()}

    assert {"games:detail", "games:board", "games:list"} <= names
    assert {"game-detail", "game-state", "game-mgn", "game-export-mgn", "game-list"} <= names
    assert {"tournaments:event", "tournaments:print", "event-rounds", "round-detail"} <= names
    assert len(urls(world)) > 60


@pytest.mark.parametrize("persona", PERSONAS)
def test_no_hidden_card_shows_to_whoever_must_not_see_it(world: World, persona: str) -> None:
    seen: dict[str, list[str]] = {secret.name: [] for secret in world.secrets}
    for url, text in walk(world, persona):
        for secret in world.secrets:
            if shows(text, secret):
                seen[secret.name].append(url)

    for secret in world.secrets:
        if persona in secret.seen_by:
            assert seen[secret.name], f"{persona} should see the {secret.name} somewhere"
        else:
            assert not seen[secret.name], f"{persona} sees the {secret.name} at {seen[secret.name]}"


# --- who sees what, endpoint by endpoint ---------------------------------------------------------


def state_as(world: World, persona: str, game: Game) -> dict[str, Any]:
    response = client_for(world, persona).get(f"/api/games/{game.pk}/state/")
    assert response.status_code == 200
    data: dict[str, Any] = response.json()
    return data


@pytest.mark.parametrize(
    ("persona", "shown"),
    [
        ("anonymous", set()),
        ("player", set()),
        ("other_director", set()),
        ("seated", {"P2"}),
        ("scorekeeper", set(SEATS)),
        ("director", set(SEATS)),
        ("admin", set(SEATS)),
    ],
)
def test_a_live_matrio_state_shows_each_persona_the_hands_it_may_see(
    world: World, persona: str, shown: set[str]
) -> None:
    state = state_as(world, persona, world.matrio)
    staff = selectors.game_view(game=world.matrio)

    for role in SEATS:
        hand = state["board"]["hands"][role]
        assert hand["left"] == staff["board"]["hands"][role]["left"]  # the count is public
        assert (hand["cards"] is not None) == (role in shown), role
    mover = state["to_move"]
    assert (state["legal"] == staff["legal"]) == (mover in shown)
    assert state["legal"] == {} or mover in shown


@pytest.mark.parametrize("persona", ["anonymous", "player", "other_director", "seated"])
def test_the_live_matrio_tags_keep_their_names_with_hidden_values(
    world: World, persona: str
) -> None:
    client = client_for(world, persona)
    detail = client.get(f"/api/games/{world.matrio.pk}/").json()
    listed = client.get("/api/games/").json()
    listed_tags = next(g["tags"] for g in listed["results"] if g["id"] == world.matrio.pk)

    for tags in (detail["tags"], listed_tags):
        values = dict(tags)
        for n in range(1, 5):
            own = persona == "seated" and n == 2
            assert (values[f"Hand{n}"] == HIDDEN) != own
    mgn = client.get(f"/api/games/{world.matrio.pk}/mgn/").content.decode()
    assert "[Hand1 " not in mgn and "[Hand3 " not in mgn and "[P1 " in mgn


def test_staff_read_the_whole_live_game(world: World) -> None:
    for persona in ("scorekeeper", "director", "admin"):
        client = client_for(world, persona)
        assert dict(client.get(f"/api/games/{world.matrio.pk}/").json()["tags"])["Hand3"] != HIDDEN
        assert "[Hand3 " in client.get(f"/api/games/{world.matrio.pk}/mgn/").content.decode()
        page = client.get(f"/games/{world.overload.pk}/").content.decode()
        assert " ".join(overload_deck()) in page  # the deck to lay out, under "Rules and setup"


def test_the_game_page_says_the_hands_are_hidden_until_the_game_is_over(world: World) -> None:
    page = client_for(world, "anonymous").get(f"/games/{world.matrio.pk}/").content.decode()

    assert "Rules and setup" in page and HIDDEN in page
    assert "Hand of" not in page  # no card picker: the mover's hand is not offered


def test_a_finished_game_shows_everything_to_everyone(world: World) -> None:
    hands, tokens = matrio_hands()
    game = world.matrio
    for ply, token in enumerate(tokens[MATRIO_PLIES:], start=MATRIO_PLIES):
        services.game_record_move(
            game_id=game.pk, token=token, expected_ply=ply, by=world.cast.user("scorekeeper")
        )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    client = client_for(world, "anonymous")

    mgn = client.get(f"/api/games/{game.pk}/mgn/").content.decode()
    detail = client.get(f"/api/games/{game.pk}/").json()
    start = client.get(f"/api/games/{game.pk}/state/?ply=0").json()

    assert all(f'[{tag} "{value}"]' in mgn for tag, value in hands.items())
    assert dict(detail["tags"])["Hand4"] == hands["Hand4"]
    assert start["board"]["hands"]["P3"]["cards"] == cards_of_tag(hands["Hand3"])
    assert hidden_for(game, None) == NOTHING


def cards_of_tag(text: str) -> list[str]:
    from games.engine.matrio.cards import BIT

    mask = 0
    for card in text.split():
        mask |= BIT[card]
    return list(cards_of(mask))


def test_an_abandoned_game_is_over_and_hides_nothing(world: World) -> None:
    services.game_abandon(game_id=world.overload.pk, by=world.cast.user("scorekeeper"))
    world.overload.refresh_from_db()

    tags = client_for(world, "anonymous").get(f"/api/games/{world.overload.pk}/").json()["tags"]

    assert dict(tags)["Deck"] == " ".join(overload_deck())


def test_a_private_finished_game_stays_private(world: World) -> None:
    Game.objects.filter(pk=world.finished.pk).update(public=False)

    response = client_for(world, "anonymous").get(f"/api/games/{world.finished.pk}/mgn/")

    assert response.status_code == 404


def test_the_live_overload_and_mathematico_setups_are_hidden_from_visitors(world: World) -> None:
    client = client_for(world, "anonymous")
    for game, tag in ((world.overload, "Deck"), (world.mathematico, "Deal")):
        detail = client.get(f"/api/games/{game.pk}/").json()
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert dict(detail["tags"])[tag] == HIDDEN
        assert f"<dt>{tag}</dt><dd>{HIDDEN}</dd>" in page
    overload = client.get(f"/api/games/{world.overload.pk}/state/").json()
    assert overload["board"]["deck_count"] > 0  # how many cards are left is public


def test_the_mathematico_board_shows_a_value_only_once_it_is_called(world: World) -> None:
    deal = mathematico_deal()
    state = state_as(world, "anonymous", world.mathematico)

    assert state["board"]["value"] == deal[0]
    assert state["board"]["draws"] == deal[:1]


def test_redacting_for_nobody_changes_nothing(world: World) -> None:
    view = selectors.game_view(game=world.matrio)

    assert redact_view(view, NOTHING) is view
    assert hidden_for(world.matrio, world.cast.user("scorekeeper")) == NOTHING
    assert hidden_for(world.matrio, world.cast.user("admin")) == NOTHING


def test_the_seated_player_is_found_without_a_query_when_seats_are_prefetched(
    world: World, django_assert_num_queries: Any
) -> None:
    game = selectors.game_list(user=world.seated).get(pk=world.matrio.pk)
    world.seated.__dict__.setdefault("_matrio_club_roles", {})[game.club_id] = {"player"}

    with django_assert_num_queries(0):
        hidden = hidden_for(game, world.seated)

    assert hidden.hands == {"P1", "P3", "P4"}


# --- refusals -----------------------------------------------------------------------------------


def test_a_refusal_names_the_card_and_the_player_without_listing_a_hand(world: World) -> None:
    state = selectors.game_view(game=world.matrio)
    mover = state["to_move"]
    others = [role for role in SEATS if role != mover]
    card = state["board"]["hands"][others[0]]["cards"][0]
    tray = next(iter(state["legal"].values()))[0]

    response = client_for(world, "scorekeeper").post(
        f"/api/games/{world.matrio.pk}/moves/",
        {"token": f"{card}>{tray}", "expected_ply": world.matrio.ply},
        content_type="application/json",
    )

    assert response.status_code == 400
    refusal = response.json()
    message = refusal["message"]
    assert f"{card} is not in {mover}'s hand" in message
    assert CARD.findall(message) == [card]  # no other card: no hand read out at the table
    assert not any(role in message for role in others)
    assert refusal["legal"]  # what was legal, for the scorekeeper's screen


def test_a_refusal_on_the_page_does_not_list_a_hand_either(world: World) -> None:
    state = selectors.game_view(game=world.matrio)
    mover = state["to_move"]
    other = next(role for role in SEATS if role != mover)
    card = state["board"]["hands"][other]["cards"][0]
    tray = next(iter(state["legal"].values()))[0]
    client = client_for(world, "scorekeeper")

    response = client.post(
        f"/games/{world.matrio.pk}/",
        {"token": f"{card}>{tray}", "expected_ply": world.matrio.ply},
        follow=True,
    )

    messages = [str(m) for m in response.context["messages"]]
    hand = state["board"]["hands"][other]["cards"]
    assert len(messages) == 1 and f"{card_words(card)} is not in this player's hand" in messages[0]
    assert not CARD.findall(messages[0])  # the page says cards in words (games.messages) ...
    assert [c for c in hand if card_words(c) in messages[0]] == [card]  # ... and lists no hand


# --- seeds --------------------------------------------------------------------------------------


def test_a_new_seed_comes_from_secrets_in_a_space_of_two_to_the_31(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from games.kinds import start

    asked: list[int] = []

    def randbelow(n: int) -> int:
        asked.append(n)
        return n - 1

    monkeypatch.setattr(start.secrets, "randbelow", randbelow)

    assert start.seed_or_new(None) == 2**31  # the top of the seed field's range
    assert asked == [2**31]
    assert start.seed_or_new(42) == 42


def test_the_demo_game_in_progress_is_dealt_from_secrets_with_its_hands_hidden(
    demo: Any,
) -> None:
    game = Game.objects.get(club=demo.club, status="live")
    again = Game.objects.filter(club=demo.club, status="live").count()

    assert all(game.tag(f"Hand{n}") for n in range(1, 5)) and again == 1
    anonymous = redact_view(selectors.game_view(game=game), hidden_for(game, None))
    assert all(hand["cards"] is None for hand in anonymous["board"]["hands"].values())


def test_the_recorder_sees_the_hands_of_their_game_even_once_no_longer_staff(
    world: World,
) -> None:
    hands, _ = matrio_hands()
    theirs = world.matrio  # recorded by the scorekeeper
    others = services.game_create(
        club=world.cast.club,
        kind="matrio",
        players=[services.SeatInput(name=name) for name in ("Ann", "Ben", "Cat", "Dan")],
        tags=hands,
        by=world.cast.user("director"),
    ).game
    keeper = world.cast.user("scorekeeper")
    Membership.objects.filter(player__user=keeper).update(role=Membership.Role.PLAYER)

    mine = state_as(world, "scorekeeper", theirs)["board"]["hands"]
    not_mine = state_as(world, "scorekeeper", others)["board"]["hands"]

    assert all(hand["cards"] is not None for hand in mine.values())
    assert all(hand["cards"] is None for hand in not_mine.values())
