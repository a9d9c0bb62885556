"""Site URLs: pages, accounts, language switcher, admin, REST API with its schema, /healthz."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from matrio_site import health, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
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
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
]

handler400 = "matrio_site.views.bad_request"
handler403 = "matrio_site.views.permission_denied"
handler404 = "matrio_site.views.page_not_found"
handler500 = "matrio_site.views.server_error"
