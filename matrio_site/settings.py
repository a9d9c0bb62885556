"""Django settings, read from environment variables with embedded defaults.

The README's configuration table lists every variable. Without any of them the site runs on a
SQLite file and a filesystem Celery broker under ``var/``; DEBUG is off unless asked for, and
then a real SECRET_KEY is required. A malformed variable stops start-up with one sentence
naming it (``matrio_site.env``).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import django_stubs_ext
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.utils.translation import gettext_lazy as _
from whitenoise.compress import Compressor

from matrio_site.env import (
    broker_scheme,
    database_config,
    env_bool,
    env_int,
    env_list,
    env_str,
    filesystem_broker_options,
    secret_key,
)

# Lets the code write Django's generic classes with their type (``admin.ModelAdmin[Game]``).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("MATRIO_VAR_DIR", str(BASE_DIR / "var"))).resolve()

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = secret_key(debug=DEBUG)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# --- HTTPS switches: off by default so a plain-HTTP club laptop works; production turns them on.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
X_FRAME_OPTIONS = "DENY"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "axes",
    "csp",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "matrio_site",
    "clubs",
    "games",
    "tournaments",
    "analytics",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "matrio_site.errors.RefuseNulCharacters",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and API answers compressed for phones on a club's wifi (static files come
    # precompressed from WhiteNoise above; Django pads against BREACH).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the switcher's cookie, else the browser's Accept-Language, else English.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "matrio_site.errors.DomainErrorPages",
    # Last: turns a login refused for too many failures into the lockout answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "matrio_site.urls"
WSGI_APPLICATION = "matrio_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Our templates first, so registration/* wins over the admin app's copies.
        "DIRS": [BASE_DIR / "matrio_site" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": database_config(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# --- Login throttling (django-axes): the first backend refuses a locked-out login before any
# password is hashed. Failures count per username *and* address, so one person mistyping at the
# club's shared laptop never locks out the others; a success clears that person's count.
AUTHENTICATION_BACKENDS = [
    "clubs.throttling.LoginLockout",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("MATRIO_LOGIN_FAILURES", 5, minimum=1)
# ... and so many from one address, whatever the usernames, lock the address out (guessing
# through many names must not keep the server hashing passwords either).
MATRIO_LOGIN_FAILURES_PER_ADDRESS = env_int("MATRIO_LOGIN_FAILURES_PER_ADDRESS", 50, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("MATRIO_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the wait the message names is the wait
AXES_DISABLE_ACCESS_LOG = True  # failures only: no row per successful login
AXES_VERBOSE = False  # no start-up banner on every command
AXES_LOCKOUT_CALLABLE = "clubs.throttling.lockout_response"
AXES_HTTP_RESPONSE_CODE = 429
# Behind the proxy (SECURE_PROXY_SSL_HEADER) the client's address is the one the proxy appended
# to X-Forwarded-For (the right-most); otherwise the connection's, which no client can forge.
AXES_IPWARE_PROXY_ORDER = "right-most"
AXES_IPWARE_META_PRECEDENCE_ORDER = (
    ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]
    if env_bool("SECURE_PROXY_SSL_HEADER", False)
    else ["REMOTE_ADDR"]
)

# API tokens (POST /api/auth/token/) last this many days; a password change revokes them.
MATRIO_TOKEN_DAYS = env_int("MATRIO_TOKEN_DAYS", 30, minimum=1)

# --- Mail (password reset): SMTP when EMAIL_HOST is set, else printed on the console (the demo).
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10, minimum=1)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "MatriO Club <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
PASSWORD_RESET_TIMEOUT = 3 * 24 * 3600

# --- Content-Security-Policy on every response (django-csp): scripts only from our own files,
# no inline code. Inline *styles* stay allowed: Plotly, Swagger UI and Redoc set them at run time.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:", "blob:"],
        "font-src": [SELF, "data:"],
        "connect-src": [SELF],
        "worker-src": [SELF, "blob:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Languages: English (the fallback and the source strings), Czech and Italian. One
# catalogue for the whole project, locale/<lang>/LC_MESSAGES/django.po; `make` compiles the .mo
# files (locale/compile.py). Dates and numbers follow the active language (Django 5 formats).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("cs", _("Czech")), ("it", _("Italian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # the switcher's choice outlives the browser session
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles"))).resolve()
# Hashed names (cached for good) with brotli and gzip copies, made by collectstatic: always in
# production, and under `make run` (COMPRESSED_STATIC=true) so a club's phones get what a
# server gives them; plain names straight from the apps' folders while developing.
COMPRESSED_STATIC = env_bool("COMPRESSED_STATIC", not DEBUG)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "matrio_site.static_storage.HashedCompressedStorage"
        if COMPRESSED_STATIC
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
# WhiteNoise serves the static files in every mode (runserver is started with --nostatic):
# from the collected folder, or straight from the apps' folders, rescanned, while developing.
WHITENOISE_USE_FINDERS = WHITENOISE_AUTOREFRESH = DEBUG and not COMPRESSED_STATIC
# Source maps are for debuggers, never sent to a club's phones: not worth compressing at start.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = [*Compressor.SKIP_COMPRESS_EXTENSIONS, "map"]

# --- Cache: Redis when there is one (REDIS_URL, or a Redis broker), else in-process memory.
# The host part only keeps kombu from warning that none was given; the folders are local.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://localhost/")
BROKER_SCHEME = broker_scheme(CELERY_BROKER_URL)
REDIS_URL = env_str("REDIS_URL", CELERY_BROKER_URL if BROKER_SCHEME in ("redis", "rediss") else "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "matrio",
            # a Redis down or hung costs a page at most a second (analytics.jobs logs it)
            "OPTIONS": {"socket_timeout": 1.0, "socket_connect_timeout": 1.0},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Celery (the worker runs analytics; tasks are thin, idempotent and acknowledged late).
if BROKER_SCHEME == "filesystem":
    CELERY_BROKER_TRANSPORT_OPTIONS = filesystem_broker_options(VAR_DIR / "celery")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_TIMEZONE = TIME_ZONE

# The worker writes a heartbeat row every interval; /healthz calls it stale after max age.
WORKER_HEARTBEAT_INTERVAL = env_int("WORKER_HEARTBEAT_INTERVAL", 10, minimum=1)
WORKER_HEARTBEAT_MAX_AGE = env_int("WORKER_HEARTBEAT_MAX_AGE", 60, minimum=1)

# --- REST API and its OpenAPI description (Swagger UI and Redoc from our own static files).
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "matrio_site.openapi.AutoSchema",  # documents the error answers
    # Tokens for scripts (POST /api/auth/token/), the session for the site's pages. The token
    # class comes first so that a request without credentials gets 401 and its
    # WWW-Authenticate header (DRF takes the header from the first class).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "clubs.tokens.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "matrio_site.errors.api_exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "MatriO Club API",
    "DESCRIPTION": (
        "Clubs, events and games of MatriO Club: record games move by move (every move judged "
        "by the rules engine), import and export MGN records. Sign in with the session (the "
        "site) or a token (scripts: POST /api/auth/token/, then the header "
        "'Authorization: Token KEY')."
    ),
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "GameKindEnum": "tournaments.models.GameKind",
        "EventStatusEnum": "tournaments.models.Event.Status",
        "GameStatusEnum": "games.models.Game.Status",
        "GameSourceEnum": "games.models.Game.Source",
        "ImportSourceEnum": ["typed", "imported"],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO").upper()},
    # The development server's line per request: only errors unless LOG_LEVEL asks for more.
    "loggers": {
        "django.server": {"level": env_str("LOG_LEVEL", "WARNING").upper()},
        "django.utils.autoreload": {"level": env_str("LOG_LEVEL", "WARNING").upper()},
        # django-axes: failed logins and lockouts (warnings), not every successful login.
        "axes": {"level": env_str("LOG_LEVEL", "WARNING").upper()},
    },
}
