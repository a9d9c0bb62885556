"""Account pages, under /clubs/: a club's accounts page and invitation links."""

from __future__ import annotations

from django.urls import path

from tournaments import account_views

urlpatterns = [
    path("<slug:club>/accounts/", account_views.club_accounts, name="club-accounts"),
    path("invitations/<str:token>/", account_views.invitation_accept, name="club-invitation"),
]
