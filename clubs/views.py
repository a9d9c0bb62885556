"""Account pages: a club's directors create accounts and invitation links; anyone with a link
accepts it (signed in, or signing up on the spot). Writes go through ``clubs.accounts``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs import accounts
from clubs import roles as policy
from clubs.accounts import invitation_problem
from clubs.models import Club, Invitation, Membership, Player
from games.engine.errors import DomainError


@login_required
def club_accounts(request: HttpRequest, club: str) -> HttpResponse:
    the_club = get_object_or_404(Club, slug=club)
    if not policy.can_manage_accounts(request.user, the_club):
        raise PermissionDenied
    shown: dict[str, str] = {}
    if request.method == "POST":
        try:
            shown = _accounts_post(request, the_club)
        except DomainError as error:
            messages.error(request, error.message)
        except (ValueError, Player.DoesNotExist):
            messages.error(request, _("Choose a player of the club."))
    players = Player.objects.filter(memberships__club=the_club).distinct().order_by("name")
    return render(
        request,
        "clubs/club_accounts.html",
        {
            "club": the_club,
            "without_account": [p for p in players if p.user_id is None],
            "with_account": [p for p in players if p.user_id is not None],
            "roles": Membership.Role.choices,
            "invitations": the_club.invitations.select_related("player", "used_by")[:20],
            "shown": shown,
        },
    )


def _club_player(request: HttpRequest, club: Club) -> Player | None:
    value = request.POST.get("player", "")
    if not value:
        return None
    return Player.objects.get(pk=int(value), memberships__club=club)


def _accounts_post(request: HttpRequest, club: Club) -> dict[str, str]:
    action = request.POST.get("action")
    if action == "create-account":
        player = _club_player(request, club)
        if player is None:
            raise DomainError(_("choose the player who gets the account"))
        user, password = accounts.account_create(
            club=club, player=player, username=request.POST.get("username", ""), by=request.user
        )
        return {"username": user.get_username(), "password": password, "player": player.name}
    if action == "invite":
        invitation = accounts.invitation_create(
            club=club,
            role=request.POST.get("role", Membership.Role.PLAYER),
            player=_club_player(request, club),
            by=request.user,
        )
        url = reverse("club-invitation", kwargs={"token": invitation.token})
        return {"link": request.build_absolute_uri(url)}
    raise DomainError(_("nothing to do"))


def invitation_accept(request: HttpRequest, token: str) -> HttpResponse:
    invitation = get_object_or_404(Invitation.objects.select_related("club", "player"), token=token)
    if request.method == "POST":
        try:
            user, membership = accounts.invitation_accept(
                token=token,
                user=request.user,
                username=request.POST.get("username", ""),
                password=request.POST.get("password", ""),
                name=request.POST.get("name", ""),
            )
        except DomainError as error:
            messages.error(request, error.message)
        else:
            if not request.user.is_authenticated:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                _("Welcome to %(club)s: you are %(player)s, %(role)s.")
                % {
                    "club": membership.club.name,
                    "player": membership.player.name,
                    "role": membership.get_role_display().lower(),
                },
            )
            return redirect("home")
    return render(
        request,
        "clubs/invitation.html",
        {"invitation": invitation, "problem": invitation_problem(invitation)},
    )
