"""The site in Czech and Italian: the browser's language by default, the switcher remembered.

English is the source and the fallback; Django's own strings (form errors) come translated too;
dates follow the language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import timedelta
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.test import Client
from django.utils import formats, timezone, translation

from analytics.ratings import services as ratings
from clubs.accounts import invitation_problem
from clubs.models import Club, Invitation
from games.models import Game
from matrio_site.demo import DemoSummary
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@dataclass
class Form:
    action: str
    hidden: dict[str, str] = field(default_factory=dict)
    buttons: list[tuple[str, str]] = field(default_factory=list)


class _Forms(HTMLParser):
    """The forms of a page: action, hidden fields and the buttons' name/value pairs."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append(Form(action=values.get("action", "")))
        elif tag == "input" and values.get("type") == "hidden" and self.forms:
            self.forms[-1].hidden[values["name"]] = values.get("value", "")
        elif tag == "button" and self.forms and values.get("name"):
            self.forms[-1].buttons.append((values["name"], values.get("value", "")))


def language_form(page: str) -> Form:
    parser = _Forms()
    parser.feed(page)
    (form,) = [f for f in parser.forms if f.action == "/i18n/setlang/"]
    return form


def html_lang(page: str) -> str:
    match = re.search(r'<html lang="([^"]*)">', page)
    assert match, "no <html lang>"
    return match.group(1)


def test_the_browser_language_is_the_default(client: Client) -> None:
    czech = client.get("/", HTTP_ACCEPT_LANGUAGE="cs-CZ,cs;q=0.9,en;q=0.5").content.decode()
    italian = client.get("/", HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9").content.decode()
    german = client.get("/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").content.decode()

    assert html_lang(czech) == "cs"
    assert '<h2 id="clubs-heading">Kluby</h2>' in czech
    assert "Zatím žádné akce." in czech
    assert html_lang(italian) == "it"
    assert "Ancora nessun evento." in italian
    assert html_lang(german) == "en"  # no German catalogue: English
    assert "No events yet." in german


def test_every_page_has_the_language_switcher(client: Client) -> None:
    form = language_form(client.get("/accounts/login/").content.decode())

    assert form.buttons == [("language", code) for code, _name in settings.LANGUAGES]
    assert sorted(form.hidden) == ["csrfmiddlewaretoken", "next"]
    assert form.hidden["next"] == "/accounts/login/"


def test_the_switcher_choice_is_remembered_over_the_browser_language() -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    form = language_form(page)
    assert ("language", "it") in form.buttons

    response = client.post(
        form.action, {**form.hidden, "language": "it"}, HTTP_ACCEPT_LANGUAGE="cs"
    )

    assert response.status_code == 302 and response["Location"] == "/"
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "it"
    assert int(cookie["max-age"]) >= 365 * 24 * 3600 - 60  # outlives the browser session
    later = client.get("/analytics/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert html_lang(later) == "it"
    assert "Tutti i club" in later
    assert 'aria-pressed="true">Italiano</button>' in later


def test_django_s_own_form_errors_are_translated(client: Client) -> None:
    czech = client.post("/accounts/login/", {}, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    italian = client.post("/accounts/login/", {}, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    english = client.post("/accounts/login/", {}).content.decode()

    assert "Toto pole je vyžadováno." in czech
    assert "Uživatelské jméno" in czech  # the field's label, from Django's catalogue
    assert "Campo obbligatorio." in italian
    assert "This field is required." in english


def test_a_wrong_password_is_refused_in_the_reader_s_language(client: Client) -> None:
    page = client.post(
        "/accounts/login/",
        {"username": "nobody", "password": "wrong"},
        HTTP_ACCEPT_LANGUAGE="it",
    ).content.decode()

    assert "Nome utente e password non corrispondono. Riprova." in page


def test_error_pages_speak_the_reader_s_language(client: Client) -> None:
    page = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()

    assert "<h1>Stránka nenalezena</h1>" in page
    assert "Na této adrese nic není." in page


def test_dates_and_numbers_follow_the_language(client: Client, demo: DemoSummary) -> None:
    event = Event.objects.order_by("starts_on").first()
    assert event is not None
    for language in ("en", "cs", "it"):
        with translation.override(language):
            shown = formats.date_format(event.starts_on, "DATE_FORMAT")
        page = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f">{shown}</time>" in page, (language, shown)
    for kind in ratings.games_mark_dirty(game_ids=Game.objects.values_list("pk", flat=True)):
        ratings.ratings_process_dirty(kind=kind)
    italian = client.get("/analytics/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    english = client.get("/analytics/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert re.search(r"<td>\d+,\d\d</td>", italian), "mu and sigma use a decimal comma"
    assert re.search(r"<td>\d+\.\d\d</td>", english)


def test_the_home_page_counts_in_czech_plurals(client: Client, demo: DemoSummary) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()

    assert "12 členů · 2 akce" in page


def test_refusals_of_the_accounts_service_are_translated(demo: DemoSummary) -> None:
    club = Club.objects.get(slug="demo")
    invitation = Invitation(club=club, role="player", token="t", expires=timezone.now())
    invitation.expires -= timedelta(days=1)

    with translation.override("cs"):
        czech = invitation_problem(invitation)
    with translation.override("it"):
        italian = invitation_problem(invitation)

    assert czech.startswith("platnost této pozvánky vypršela")
    assert italian.startswith("questo invito è scaduto")


def english_phrases(language: str) -> set[str]:
    """Marked English sentences (two words or more, no placeholder) that this language changes."""
    import polib

    path = settings.LOCALE_PATHS[0] / language / "LC_MESSAGES" / "django.po"
    return {
        entry.msgid
        for entry in polib.pofile(str(path))
        if not entry.msgid_plural
        and " " in entry.msgid
        and "%" not in entry.msgid
        and entry.msgstr != entry.msgid
    }


@pytest.mark.parametrize("language", ["cs", "it"])
def test_every_page_of_this_phase_renders_translated(
    client: Client, demo: DemoSummary, settings: object, language: str
) -> None:
    from analytics.statistics import mathematico, matrio
    from clubs.accounts import invitation_create
    from clubs.models import Player

    settings.ANALYTICS_RESAMPLES = 20  # type: ignore[attr-defined]
    for kind in ratings.games_mark_dirty(game_ids=Game.objects.values_list("pk", flat=True)):
        ratings.ratings_process_dirty(kind=kind)
    matrio.card_impact_refresh()
    mathematico.mathematico_refresh(every_draw=True)
    club = Club.objects.get(slug="demo")
    director = Player.objects.get(user__username="director").user
    invitation = invitation_create(club=club, by=director)
    draws = client.get("/analytics/mathematico/draws/").content.decode()
    draw = re.search(r'href="(/analytics/mathematico/draws/[^"/]+/)"', draws)
    player = re.search(
        r'href="(/analytics/players/[^"/]+/)\?', client.get("/analytics/").content.decode()
    )
    assert draw and player
    pages = [
        "/",
        "/accounts/login/",
        "/no-such-page/",
        f"/clubs/invitations/{invitation.token}/",
        "/analytics/",
        player.group(1),
        "/analytics/openings/",
        "/analytics/cards/",
        "/analytics/heatmaps/",
        "/analytics/deals/",
        "/analytics/events/",
        "/analytics/first-moves/",
        "/analytics/mathematico/values/",
        "/analytics/mathematico/draws/",
        draw.group(1),
    ]
    english = english_phrases(language)

    for url in pages:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        page = response.content.decode()
        assert response.status_code in (200, 404), url
        assert html_lang(page) == language, url
        assert [p for p in english if f">{p}<" in page] == [], url
    client.force_login(director)
    for url in [f"/clubs/{club.slug}/accounts/", "/accounts/password_change/"]:
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert html_lang(page) == language, url
        assert [p for p in english if f">{p}<" in page] == [], url
