"""A member's own account: the account page (e-mail address for password resets, the API token,
revoked or replaced here) and the password reset that says when the mail could not be sent."""

from __future__ import annotations

import logging
import smtplib
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.models import User
from django.core.mail import EmailMultiAlternatives
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template import loader
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import Token

from clubs import tokens

logger = logging.getLogger(__name__)


class MailNotSent(Exception):
    """The mail server refused or could not be reached."""


class MailedPasswordResetForm(PasswordResetForm):
    """Django's form, except that a mail that cannot be sent is a refusal, not a log line."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        message = EmailMultiAlternatives(subject, body, from_email, [to_email])
        if html_email_template_name is not None:
            html = loader.render_to_string(html_email_template_name, context)
            message.attach_alternative(html, "text/html")
        try:
            message.send()
        except (smtplib.SMTPException, OSError) as error:
            logger.warning("password reset mail to user %s not sent: %s", context["user"].pk, error)
            raise MailNotSent from error


class PasswordResetView(auth_views.PasswordResetView):
    form_class = MailedPasswordResetForm

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        try:
            return super().form_valid(form)
        except MailNotSent:
            form.add_error(
                None,
                _(
                    "The club's mail server could not send the message just now. Try again in a "
                    "few minutes, or ask the club's director to reset your password."
                ),
            )
            return self.form_invalid(form)


class EmailForm(forms.Form):
    email = forms.EmailField(
        label=gettext_lazy("E-mail address"),
        required=False,
        max_length=254,
        help_text=gettext_lazy("Used only to send you a link when you forget your password."),
    )


@login_required
def account(request: HttpRequest) -> HttpResponse:
    user = request.user
    assert isinstance(user, User)
    form = EmailForm(initial={"email": user.email})
    new_key = ""
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "email":
            form = EmailForm(request.POST)
            if form.is_valid():
                user.email = form.cleaned_data["email"]
                user.save(update_fields=["email"])
                messages.success(request, _("Your e-mail address was saved."))
                return redirect("account")
        elif action == "revoke-token":
            if tokens.token_revoke(user):
                messages.success(request, _("Your API token was revoked: it no longer works."))
            return redirect("account")
        elif action == "new-token":
            new_key = tokens.token_replace(user).key
    token = Token.objects.filter(user=user).first()
    return render(
        request,
        "clubs/account.html",
        {
            "form": form,
            "token": token,
            "token_expires": tokens.token_expires(token) if token else None,
            "token_expired": tokens.token_expired(token) if token else False,
            "new_key": new_key,
        },
    )
