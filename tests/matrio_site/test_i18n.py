"""The translation guard: every string a person reads is marked, every catalogue is complete.

Two halves, both without GNU gettext (the catalogues are read with polib):

* **Templates**: each template is split with Django's own template lexer; text outside
  ``{% translate %}``/``{% blocktranslate %}`` (tags, variables and comments taken out) is run
  through an HTML parser, and any run of two or more letters left in a text node or a visible
  attribute (``alt``, ``title``, ``placeholder``, ``aria-label``, ``data-label``, the page's
  description, a button's ``value``) is an unmarked string. String literals inside tags count
  too: ``default:"…"`` and a ``with``/``include`` value that reads like words (a key such as
  ``label=``, or a literal with a space) must be written ``_("…")``. Proper names that stay as
  they are in every language (``ALLOWED``) and symbols, numbers and single letters pass.
* **Catalogues**: one per language of ``settings.LANGUAGES`` but English; no untranslated or
  fuzzy entry, every plural form filled, the same ``%(name)s`` placeholders as the English; every
  string marked anywhere in the project (templates, and Python ``gettext`` calls) is in each
  catalogue; and the compiled ``.mo`` files match their ``.po`` (``make messages``).
"""

from __future__ import annotations

import ast
import io
import re
import runpy
import tokenize
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import polib
import pytest
from django.conf import settings
from django.template.base import Lexer, TokenType
from django.utils.translation.template import templatize

BASE_DIR = Path(__file__).resolve().parents[2]
LOCALE_DIR = BASE_DIR / "locale"
APPS = ["matrio_site", "clubs", "games", "tournaments", "analytics", "infra"]

# Words that read the same in every language: the site's name, a product's, file formats.
ALLOWED = ["MatriO Club", "Redoc", "MGN", "JSON"]

VISIBLE_ATTRIBUTES = {"alt", "title", "placeholder", "aria-label", "aria-description", "data-label"}
# Keys of {% with %} / {% include ... with %} whose values are shown to people.
VISIBLE_KEYS = {"label", "title", "caption", "heading", "text", "message", "help", "summary"}
MARK = "\ue000"  # stands for a variable or a translated string in the page's skeleton
LETTERS = re.compile(r"[^\W\d_]{2,}")
LITERAL = re.compile(r"""(_\(\s*)?("[^"]*"|'[^']*')""")
TRANSLATE_TAGS = {"translate", "trans"}
BLOCK_TRANSLATE_TAGS = {"blocktranslate", "blocktrans"}
END_BLOCK_TRANSLATE_TAGS = {"endblocktranslate", "endblocktrans"}


def template_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.suffix in {".html", ".txt"})


def template_folders() -> list[Path]:
    return [BASE_DIR / app / "templates" for app in APPS if (BASE_DIR / app / "templates").is_dir()]


def words(text: str) -> bool:
    """Does ``text`` hold something to translate (after names, marks and symbols)?"""
    text = text.replace(MARK, " ")
    for name in ALLOWED:
        text = text.replace(name, " ")
    return bool(LETTERS.search(text))


class _Skeleton(HTMLParser):
    """Collects the visible text of a page whose tags and variables were replaced by MARK."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.hidden = 0  # inside <script> or <style>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        values = dict(attrs)
        for name, value in attrs:
            shown = name in VISIBLE_ATTRIBUTES
            # an <input> button shows its value; a <button> shows its content, not its value
            shown |= (
                tag == "input"
                and name == "value"
                and values.get("type") in ("submit", "button", "reset")
            )
            shown |= name == "content" and values.get("name") == "description"
            if shown and value and words(value):
                self.found.append(f'{tag} {name}="{value.replace(MARK, "…")}"')

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self.hidden and words(data):
            self.found.append(" ".join(data.replace(MARK, "…").split()))


def _literals_in_tag(token_type: TokenType, contents: str) -> list[str]:
    """String literals in a tag or variable that people would read, not written ``_("…")``."""
    found = []
    name = contents.split()[0] if contents.split() else ""
    for match in LITERAL.finditer(contents):
        if match.group(1):  # _("…"): marked
            continue
        literal = match.group(2)[1:-1]
        before = contents[: match.start()]
        if before.endswith(("default:", "default_if_none:", "yesno:")):
            shown = True
        elif token_type == TokenType.BLOCK and name in ("with", "include"):
            key = re.search(r"(\w+)=$", before)
            shown = bool(key and key.group(1) in VISIBLE_KEYS) or " " in literal
        else:
            shown = False
        if shown and words(literal):
            found.append(f"{{% {contents} %}}" if token_type == TokenType.BLOCK else contents)
    return found


def unmarked_strings(source: str) -> list[str]:
    """The visible strings of a template that are not marked for translation."""
    skeleton: list[str] = []
    found: list[str] = []
    in_block_translate = in_comment = False
    for token in Lexer(source).tokenize():
        contents = token.contents
        name = contents.split()[0] if contents.split() else ""
        if token.token_type == TokenType.BLOCK:
            if name == "comment":
                in_comment = True
            elif name == "endcomment":
                in_comment = False
            elif name in BLOCK_TRANSLATE_TAGS:
                in_block_translate = True
                skeleton.append(MARK)
            elif name in END_BLOCK_TRANSLATE_TAGS:
                in_block_translate = False
            elif name in TRANSLATE_TAGS:
                skeleton.append(MARK)
            elif not (in_block_translate or in_comment):
                found.extend(_literals_in_tag(token.token_type, contents))
        elif in_block_translate or in_comment or token.token_type == TokenType.COMMENT:
            continue
        elif token.token_type == TokenType.VAR:
            skeleton.append(MARK)
            found.extend(_literals_in_tag(token.token_type, contents))
        else:
            skeleton.append(contents)
    parser = _Skeleton()
    parser.feed("".join(skeleton))
    parser.close()
    return found + parser.found


# --- What the code marks: msgids from templates (Django's templatize) and Python (ast). ---

Key = tuple[str | None, str]  # (msgctxt, msgid)
# name -> (index of the context argument or None, index of the msgid argument)
GETTEXT_CALLS = {
    "_": (None, 0),
    "gettext": (None, 0),
    "gettext_lazy": (None, 0),
    "gettext_noop": (None, 0),
    "ngettext": (None, 0),
    "ngettext_lazy": (None, 0),
    "pgettext": (0, 1),
    "pgettext_lazy": (0, 1),
    "npgettext": (0, 1),
    "npgettext_lazy": (0, 1),
}


def _key(name: str, args: list[object]) -> Key | None:
    context_at, msgid_at = GETTEXT_CALLS[name]
    needed = max(msgid_at, context_at or 0)
    if len(args) <= needed or not all(isinstance(a, str) for a in args[: needed + 1]):
        return None  # not a literal: nothing to extract
    context = args[context_at] if context_at is not None else None
    return (str(context) if context is not None else None, str(args[msgid_at]))


def template_msgids(source: str) -> set[Key]:
    """The msgids makemessages would take from a template (templatize, then its gettext calls)."""
    keys: set[Key] = set()
    tokens: list[tokenize.TokenInfo] = []
    for line in templatize(source).splitlines():  # msgids are written on one line each
        tokens.extend(tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline))
    for at, token in enumerate(tokens[:-1]):
        if token.type != tokenize.NAME or token.string not in GETTEXT_CALLS:
            continue
        if tokens[at + 1].string != "(":
            continue
        args: list[object] = []
        for arg in tokens[at + 2 :]:
            if arg.type == tokenize.STRING:
                args.append(ast.literal_eval(arg.string))
            elif arg.string == ",":
                continue
            elif arg.type == tokenize.NAME:
                args.append(None)
            else:
                break
        key = _key(token.string, args)
        if key:
            keys.add(key)
    return keys


def python_msgids(source: str) -> set[Key]:
    keys: set[Key] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name not in GETTEXT_CALLS:
            continue
        args = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
        key = _key(name, args)
        if key:
            keys.add(key)
    return keys


def marked_msgids() -> dict[Key, str]:
    """Every string the project marks, with one place that marks it."""
    found: dict[Key, str] = {}
    for folder in template_folders():
        for path in template_files(folder):
            for key in template_msgids(path.read_text(encoding="utf-8")):
                found.setdefault(key, str(path.relative_to(BASE_DIR)))
    for app in APPS:
        for path in sorted((BASE_DIR / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for key in python_msgids(path.read_text(encoding="utf-8")):
                found.setdefault(key, str(path.relative_to(BASE_DIR)))
    return found


def catalogue_languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def catalogue(language: str) -> polib.POFile:
    path = LOCALE_DIR / language / "LC_MESSAGES" / "django.po"
    assert path.exists(), f"no catalogue for {language}: run make messages-extract"
    return polib.pofile(str(path))


PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]")


def placeholder_problems(entry: polib.POEntry) -> list[str]:
    """A translation must keep the English placeholders and be a valid format string."""
    if "python-format" not in entry.flags:
        return []
    wanted = sorted(PLACEHOLDER.findall(entry.msgid))
    translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
    problems = []
    for text in translations:
        if entry.msgid_plural:
            # A plural form may leave out the count (e.g. "one game" for 1): names must exist.
            if not set(PLACEHOLDER.findall(text)) <= set(
                wanted + PLACEHOLDER.findall(entry.msgid_plural)
            ):
                problems.append(f"{entry.msgid!r}: {text!r} has other placeholders")
        elif sorted(PLACEHOLDER.findall(text)) != wanted:
            problems.append(f"{entry.msgid!r}: {text!r} does not keep {wanted}")
        try:
            text % defaultdict(int)
        except (ValueError, TypeError, KeyError) as error:
            problems.append(f"{entry.msgid!r}: {text!r} is not a valid format ({error})")
    return problems


def load_compiler() -> SimpleNamespace:
    """``locale/compile.py``'s functions (run from source: no ``__pycache__`` in ``locale/``)."""
    return SimpleNamespace(**runpy.run_path(str(LOCALE_DIR / "compile.py"), run_name="compile"))


# --- The tests. ---


def checked_templates() -> list[Path]:
    return [path for folder in template_folders() for path in template_files(folder)]


@pytest.mark.parametrize(
    "template", checked_templates(), ids=lambda path: str(path.relative_to(BASE_DIR))
)
def test_every_visible_template_string_is_marked(template: Path) -> None:
    unmarked = unmarked_strings(template.read_text(encoding="utf-8"))

    assert unmarked == [], (
        f"{template.relative_to(BASE_DIR)}: mark these with {{% translate %}} / "
        '{% blocktranslate %} (or _("…") inside a tag), then run make messages-extract:\n'
        + "\n".join(f"  {text}" for text in unmarked)
    )


def test_the_guard_finds_unmarked_strings() -> None:
    source = """{% load i18n %}<h1>{% translate "Ratings" %}</h1>
      <p title="Tooltip {{ x }}">{{ n }} member{{ n|pluralize }} · MatriO Club</p>
      {% blocktranslate %}Marked {{ x }} text{% endblocktranslate %} {# a note #}
      {% comment %}Not shown{% endcomment %}<script>let word = "code";</script>
      {{ name|default:"(new)" }} {{ name|default:_("(none)") }} 95% — n={{ n }}
      {% with label="A chart title" name="cards" %}{% endwith %}
      <button type="submit">{% translate "Show" %}</button><input type="submit" value="Go">
      <button type="submit" name="action" value="confirm">{% translate "Confirm" %}</button>"""

    assert unmarked_strings(source) == [
        'name|default:"(new)"',
        '{% with label="A chart title" name="cards" %}',
        'p title="Tooltip …"',
        "… member… · MatriO Club",
        'input value="Go"',
    ]


def test_every_language_but_english_has_a_catalogue_and_no_other() -> None:
    languages = sorted(catalogue_languages())
    present = sorted(path.parts[-3] for path in LOCALE_DIR.glob("*/LC_MESSAGES/django.po"))

    assert languages, "settings.LANGUAGES lists no language to translate into"
    assert present == languages


@pytest.mark.parametrize("language", catalogue_languages())
def test_the_catalogue_is_complete(language: str) -> None:
    po = catalogue(language)
    plural_forms = re.search(r"nplurals=(\d+)", po.metadata.get("Plural-Forms", ""))
    assert plural_forms, "the catalogue's header has no Plural-Forms"
    nplurals = int(plural_forms.group(1))
    wrong_plurals = [
        e.msgid
        for e in po
        if e.msgid_plural and not e.obsolete and len(e.msgstr_plural) != nplurals
    ]

    assert po.metadata.get("Language") == language
    assert [e.msgid for e in po.untranslated_entries()] == [], "untranslated entries"
    assert [e.msgid for e in po.fuzzy_entries()] == [], "fuzzy entries: check and unflag them"
    assert wrong_plurals == [], f"plural entries without {nplurals} forms"
    assert [p for e in po.translated_entries() for p in placeholder_problems(e)] == []


@pytest.mark.parametrize("language", catalogue_languages())
def test_every_marked_string_is_in_the_catalogue(language: str) -> None:
    po = catalogue(language)
    present = {(e.msgctxt, e.msgid) for e in po if not e.obsolete}
    missing = {key: where for key, where in marked_msgids().items() if key not in present}

    assert missing == {}, (
        f"marked but not in locale/{language}: run make messages-extract, then translate:\n"
        + "\n".join(f"  {where}: {key[1]!r}" for key, where in missing.items())
    )


def test_the_compiled_catalogues_are_up_to_date() -> None:
    compiler = load_compiler()

    assert [str(p.relative_to(BASE_DIR)) for p in compiler.stale()] == [], "run make messages"


def test_the_compiler_writes_what_gettext_reads(tmp_path: Path) -> None:
    import gettext

    compiler = load_compiler()
    folder = tmp_path / "cs" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "django.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\n'
        'msgid "Clubs"\nmsgstr "Kluby"\n\n'
        'msgid "%(n)s game"\nmsgid_plural "%(n)s games"\n'
        'msgstr[0] "%(n)s hra"\nmsgstr[1] "%(n)s hry"\nmsgstr[2] "%(n)s her"\n\n'
        '#, fuzzy\nmsgid "Draft"\nmsgstr "Koncept"\n',
        encoding="utf-8",
    )

    assert compiler.compile_all(tmp_path) == [folder / "django.mo"]
    assert compiler.compile_all(tmp_path) == []  # nothing changed, nothing written
    assert compiler.stale(tmp_path) == []
    with (folder / "django.mo").open("rb") as mo:
        catalog = gettext.GNUTranslations(mo)
    assert catalog.gettext("Clubs") == "Kluby"
    assert [catalog.ngettext("%(n)s game", "%(n)s games", n) for n in (1, 3, 5)] == [
        "%(n)s hra",
        "%(n)s hry",
        "%(n)s her",
    ]
    assert catalog.gettext("Draft") == "Draft"  # fuzzy entries are left out
