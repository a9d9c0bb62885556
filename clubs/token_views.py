"""POST /api/auth/token/: trade a username and password for an API token (``clubs.tokens``).

Failed sign-ins count towards the login lockout (``clubs.throttling``) like the site's login page.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import exceptions, parsers, renderers, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.tokens import ExpiringTokenAuthentication, token_expires, token_for


class SignInSerializer(serializers.Serializer[dict[str, Any]]):
    username = serializers.CharField(max_length=150, trim_whitespace=False)
    password = serializers.CharField(
        max_length=4096, trim_whitespace=False, style={"input_type": "password"}
    )


class TokenSignIn(APIView):
    """Trade a username and password for an API token."""

    authentication_classes = ()
    permission_classes = ()
    throttle_classes = ()
    parser_classes = (parsers.FormParser, parsers.MultiPartParser, parsers.JSONParser)
    renderer_classes = (renderers.JSONRenderer,)

    def get_authenticate_header(self, request: Request) -> str:
        return ExpiringTokenAuthentication.keyword  # a refused sign-in is a 401, not a 403

    @extend_schema(
        request=SignInSerializer,
        responses={
            200: inline_serializer(
                "TokenAnswer",
                {
                    "token": serializers.CharField(),
                    "expires": serializers.DateTimeField(),
                },
            ),
            429: OpenApiResponse(
                description="Too many wrong passwords: signing in is refused for a while "
                "(see the Retry-After header)."
            ),
        },
    )
    def post(self, request: Request) -> Response:
        data = SignInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # Django's own request, so that the lockout (django-axes) marks the one its middleware
        # answers for.
        user = authenticate(
            request._request,
            username=data.validated_data["username"],
            password=data.validated_data["password"],
        )
        if not isinstance(user, User):
            raise exceptions.AuthenticationFailed(
                _("Your username and password didn't match. Please try again.")
            )
        token = token_for(user)
        return Response({"token": token.key, "expires": token_expires(token)})


token_sign_in = TokenSignIn.as_view()
