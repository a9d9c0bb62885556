"""Club pages, under /clubs/: a club's accounts page and invitation links."""

from __future__ import annotations

from django.urls import path

from clubs import views

urlpatterns = [
    path("<slug:club>/accounts/", views.club_accounts, name="club-accounts"),
    path("invitations/<str:token>/", views.invitation_accept, name="club-invitation"),
]
