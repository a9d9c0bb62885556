"""Site URLs: pages, accounts, language switcher, admin, REST API with its schema, /healthz."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from clubs import account_views
from matrio_site import health, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("accounts/me/", account_views.account, name="account"),
    # Before Django's own: this one says when the mail could not be sent.
    path(
        "accounts/password_reset/",
        account_views.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    # POST /i18n/setlang/ (Django's set_language): the language switcher in base.html.
    path("i18n/", include("django.conf.urls.i18n")),
    path("events/", include("tournaments.urls")),
    path("clubs/", include("clubs.urls")),
    path("games/", include("games.urls")),
    path("analytics/", include("analytics.web.urls")),
    path("admin/", admin.site.urls),
    path("api/", include("matrio_site.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start-up script as a file: no inline script under the CSP.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
]

handler400 = "matrio_site.views.bad_request"
handler403 = "matrio_site.views.permission_denied"
handler404 = "matrio_site.views.page_not_found"
handler500 = "matrio_site.views.server_error"
