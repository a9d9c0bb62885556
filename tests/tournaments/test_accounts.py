"""Director-created accounts and invitation links: only the club's directors make them, the
one-time password works once shown, and an invitation is claimed once, before it expires."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils import timezone

from clubs import accounts
from clubs.models import Invitation, Membership, Player
from games.engine.errors import DomainError, NotAllowed
from tests.factories import PASSWORD, PlayerFactory
from tests.tournaments.helpers import Cast, cast

pytestmark = pytest.mark.django_db

PERSONAS = ["anonymous", "player", "scorekeeper", "other director", "director", "admin"]
ALLOWED = {"director", "admin"}


@pytest.fixture
def c() -> Cast:
    return cast(6)


def persona(c: Cast, name: str) -> Any:
    return {
        "anonymous": AnonymousUser(),
        "player": c.users[0],
        "scorekeeper": c.scorekeeper,
        "other director": c.other_director,
        "director": c.director,
        "admin": c.admin,
    }[name]


@pytest.mark.parametrize("name", PERSONAS)
def test_only_the_clubs_directors_create_accounts_and_invitations(c: Cast, name: str) -> None:
    by = persona(c, name)
    player = c.players[5]
    if name in ALLOWED:
        user, password = accounts.account_create(
            club=c.club, player=player, username="new-one", by=by
        )
        assert user.check_password(password)
        assert Player.objects.get(pk=player.pk).user == user
        assert accounts.invitation_create(club=c.club, by=by).token
        return
    with pytest.raises(NotAllowed):
        accounts.account_create(club=c.club, player=player, username="new-one", by=by)
    with pytest.raises(NotAllowed):
        accounts.invitation_create(club=c.club, by=by)
    assert not get_user_model().objects.filter(username="new-one").exists()
    assert not Invitation.objects.exists()


@pytest.mark.parametrize("name", PERSONAS)
def test_the_accounts_page_is_for_the_clubs_directors(client: Any, c: Cast, name: str) -> None:
    if name != "anonymous":
        client.force_login(persona(c, name))
    response = client.get(reverse("club-accounts", kwargs={"club": c.club.slug}))
    expected = {"anonymous": 302}.get(name, 200 if name in ALLOWED else 403)
    assert response.status_code == expected


def test_an_account_is_refused_for_a_linked_player_an_outsider_or_a_taken_name(c: Cast) -> None:
    with pytest.raises(DomainError, match="already has an account"):
        accounts.account_create(club=c.club, player=c.players[0], username="x", by=c.director)
    with pytest.raises(DomainError, match="not a member"):
        accounts.account_create(club=c.club, player=PlayerFactory(), username="x", by=c.director)
    with pytest.raises(DomainError, match="taken"):
        accounts.account_create(
            club=c.club, player=c.players[5], username=c.users[1].username, by=c.director
        )
    assert Player.objects.get(pk=c.players[5].pk).user is None


def test_the_director_sees_the_one_time_password_once_and_it_signs_in(client: Any, c: Cast) -> None:
    client.force_login(c.director)
    url = reverse("club-accounts", kwargs={"club": c.club.slug})
    page = client.post(
        url, {"action": "create-account", "player": c.players[4].pk, "username": "fresh"}
    ).content.decode()
    user = get_user_model().objects.get(username="fresh")
    password = page.split("one-time password <strong><code>")[1].split("<")[0]
    assert user.check_password(password)
    assert "one-time password" not in client.get(url).content.decode()
    client.logout()
    assert client.login(username="fresh", password=password)


def test_a_new_person_signs_up_through_the_link_and_claims_the_profile(
    client: Any, c: Cast
) -> None:
    client.force_login(c.director)
    page = client.post(
        reverse("club-accounts", kwargs={"club": c.club.slug}),
        {"action": "invite", "player": c.players[5].pk, "role": "scorekeeper"},
    ).content.decode()
    invitation = Invitation.objects.get()
    link = reverse("club-invitation", kwargs={"token": invitation.token})
    assert link in page
    client.logout()

    assert c.players[5].name in client.get(link).content.decode()
    response = client.post(link, {"username": "newcomer", "password": PASSWORD})
    assert response.status_code == 302
    user = get_user_model().objects.get(username="newcomer")
    assert Player.objects.get(pk=c.players[5].pk).user == user
    assert Membership.objects.filter(club=c.club, player=c.players[5], role="scorekeeper").exists()
    assert client.get(reverse("home")).wsgi_request.user == user
    client.logout()
    again = client.post(link, {"username": "second", "password": PASSWORD})
    assert "already been used" in again.content.decode()
    assert not get_user_model().objects.filter(username="second").exists()


def test_a_signed_in_user_accepts_and_gets_a_new_profile(c: Cast) -> None:
    stranger = get_user_model().objects.create_user(username="stranger", password=PASSWORD)
    invitation = accounts.invitation_create(club=c.club, by=c.director)
    user, membership = accounts.invitation_accept(
        token=invitation.token, user=stranger, name="Sue Stranger"
    )
    assert user == stranger
    assert membership.player.name == "Sue Stranger" and membership.player.user == stranger
    assert membership.role == "player"


def test_an_expired_invitation_is_refused_and_writes_nothing(c: Cast) -> None:
    invitation = accounts.invitation_create(club=c.club, player=c.players[5], by=c.director)
    Invitation.objects.filter(pk=invitation.pk).update(expires=timezone.now() - timedelta(hours=1))
    with pytest.raises(DomainError, match="expired"):
        accounts.invitation_accept(token=invitation.token, username="late", password=PASSWORD)
    assert not get_user_model().objects.filter(username="late").exists()
    with pytest.raises(DomainError, match="does not exist"):
        accounts.invitation_accept(token="nope", username="late", password=PASSWORD)
