"""Settings come from the environment; a bad value stops start-up with one clear sentence."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from matrio_site import env
from tests.support import run_site

STRONG_KEY = "k3y-" + "Zq8vN2xW7pL4mR9tB6yC1hF5jD0gS3aE" * 2
CHECK = ["manage.py", "check"]

PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": STRONG_KEY,
    "ALLOWED_HOSTS": "club.example.org",
    "SECURE_SSL_REDIRECT": "true",
    "SESSION_COOKIE_SECURE": "true",
    "CSRF_COOKIE_SECURE": "true",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "true",
    "SECURE_HSTS_PRELOAD": "true",
}


def one_sentence_error(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, f"expected one line, got:\n{stderr}"
    assert "Traceback" not in stderr
    line = lines[0]
    assert line.startswith("Configuration error: ")
    assert line.endswith(".")
    return line


@pytest.mark.parametrize(
    ("variables", "named"),
    [
        ({"DEBUG": "maybe", "SECRET_KEY": STRONG_KEY}, "DEBUG"),
        ({"DEBUG": "true", "DATABASE_URL": "mysql://u@h/db"}, "DATABASE_URL"),
        ({"DEBUG": "true", "DATABASE_URL": "not a url"}, "DATABASE_URL"),
        ({"DEBUG": "true", "DATABASE_URL": "postgres://u@h:5432"}, "DATABASE_URL"),
        ({"DEBUG": "true", "CELERY_BROKER_URL": "kafka://h:9092"}, "CELERY_BROKER_URL"),
        ({"DEBUG": "true", "SECURE_HSTS_SECONDS": "a year"}, "SECURE_HSTS_SECONDS"),
        ({"DEBUG": "true", "WORKER_HEARTBEAT_INTERVAL": "0"}, "WORKER_HEARTBEAT_INTERVAL"),
        ({"DEBUG": "true", "MATRIO_TOKEN_DAYS": "0"}, "MATRIO_TOKEN_DAYS"),
        ({"DEBUG": "true", "MATRIO_LOGIN_FAILURES": "five"}, "MATRIO_LOGIN_FAILURES"),
        ({"DEBUG": "true", "MATRIO_LOGIN_COOLOFF_MINUTES": "0"}, "MATRIO_LOGIN_COOLOFF_MINUTES"),
        ({"DEBUG": "true", "EMAIL_PORT": "smtp"}, "EMAIL_PORT"),
        ({"DEBUG": "true", "EMAIL_USE_TLS": "perhaps"}, "EMAIL_USE_TLS"),
        ({}, "SECRET_KEY"),
        ({"DEBUG": "off", "SECRET_KEY": "short"}, "SECRET_KEY"),
    ],
)
def test_a_bad_setting_stops_start_up_with_one_sentence_naming_it(
    variables: dict[str, str], named: str, tmp_path: Path
) -> None:
    result = run_site(CHECK, env=variables, tmp_path=tmp_path)

    assert result.returncode == 2
    assert named in one_sentence_error(result.stderr)


def test_the_worker_also_stops_with_the_sentence(tmp_path: Path) -> None:
    result = run_site(
        ["-m", "celery", "-A", "matrio_site", "worker", "--pool=solo"],
        env={"DEBUG": "maybe"},
        tmp_path=tmp_path,
    )

    assert result.returncode == 2
    assert "DEBUG must be true or false" in one_sentence_error(result.stderr)


def test_the_secret_never_appears_in_the_database_error(tmp_path: Path) -> None:
    result = run_site(
        CHECK, env={"DEBUG": "1", "DATABASE_URL": "mysql://u:hunter2@h/db"}, tmp_path=tmp_path
    )

    assert "hunter2" not in result.stderr
    assert "mysql://" in result.stderr


def test_debug_is_off_unless_asked_for(tmp_path: Path) -> None:
    code = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
    result = run_site(
        ["-c", code],
        env={"SECRET_KEY": STRONG_KEY, "DJANGO_SETTINGS_MODULE": "matrio_site.settings"},
        tmp_path=tmp_path,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


SHOW_MAIL = (
    "import django; django.setup(); from django.conf import settings as s; "
    "print(s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER, s.EMAIL_USE_TLS, "
    "s.DEFAULT_FROM_EMAIL, s.MATRIO_TOKEN_DAYS, s.AXES_COOLOFF_TIME, sep='|')"
)


def test_mail_is_printed_on_the_console_without_a_mail_server(tmp_path: Path) -> None:
    result = run_site(
        ["-c", SHOW_MAIL],
        env={"DEBUG": "true", "DJANGO_SETTINGS_MODULE": "matrio_site.settings"},
        tmp_path=tmp_path,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.split("|")[0] == "django.core.mail.backends.console.EmailBackend"


def test_mail_goes_through_the_smtp_server_of_the_environment(tmp_path: Path) -> None:
    mail = {
        "EMAIL_HOST": "smtp.example.org",
        "EMAIL_PORT": "465",
        "EMAIL_HOST_USER": "club",
        "EMAIL_HOST_PASSWORD": "hunter2",
        "EMAIL_USE_TLS": "false",
        "DEFAULT_FROM_EMAIL": "MatriO Club <club@example.org>",
        "MATRIO_TOKEN_DAYS": "7",
        "MATRIO_LOGIN_COOLOFF_MINUTES": "30",
    }
    result = run_site(
        ["-c", SHOW_MAIL],
        env={**PRODUCTION, **mail, "DJANGO_SETTINGS_MODULE": "matrio_site.settings"},
        tmp_path=tmp_path,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().split("|") == [
        "django.core.mail.backends.smtp.EmailBackend",
        "smtp.example.org",
        "465",
        "club",
        "False",
        "MatriO Club <club@example.org>",
        "7",
        "0:30:00",
    ]


def test_development_runs_without_a_secret_key_when_debug_is_on(tmp_path: Path) -> None:
    result = run_site(CHECK, env={"DEBUG": "true"}, tmp_path=tmp_path)

    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_the_deploy_check_is_clean_with_production_variables(tmp_path: Path) -> None:
    result = run_site(
        [*CHECK, "--deploy", "--fail-level", "WARNING"], env=PRODUCTION, tmp_path=tmp_path
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


def test_the_deploy_check_warns_when_https_switches_are_off(tmp_path: Path) -> None:
    plain_http = {**PRODUCTION, "SECURE_SSL_REDIRECT": "false", "SECURE_HSTS_SECONDS": "0"}

    result = run_site([*CHECK, "--deploy"], env=plain_http, tmp_path=tmp_path)

    assert "security.W004" in result.stderr + result.stdout
    assert "security.W008" in result.stderr + result.stdout


class TestReaders:
    def test_booleans_accept_the_usual_words(self) -> None:
        assert env.env_bool("X", False, environ={"X": "Yes"}) is True
        assert env.env_bool("X", True, environ={"X": "off"}) is False
        assert env.env_bool("X", True, environ={"X": " "}) is True

    def test_lists_split_on_commas(self) -> None:
        assert env.env_list("X", [], environ={"X": "a.org, b.org,"}) == ["a.org", "b.org"]
        assert env.env_list("X", ["d"], environ={}) == ["d"]

    def test_a_negative_number_is_refused(self) -> None:
        with pytest.raises(ImproperlyConfigured, match=r"^SECURE_HSTS_SECONDS must be"):
            env.env_int("SECURE_HSTS_SECONDS", 0, environ={"SECURE_HSTS_SECONDS": "-1"})

    def test_a_sqlite_url_gets_options_for_sharing_the_file(self, tmp_path: Path) -> None:
        config = env.database_config(f"sqlite:///{tmp_path}/x/db.sqlite3", conn_max_age=0)

        assert config["ENGINE"] == "django.db.backends.sqlite3"
        assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
        assert (tmp_path / "x").is_dir()

    def test_a_postgres_url_is_parsed(self) -> None:
        config = env.database_config("postgres://me:pw@db.local:5433/club", conn_max_age=60)

        assert config["ENGINE"] == "django.db.backends.postgresql"
        assert (config["NAME"], config["HOST"], config["PORT"]) == ("club", "db.local", 5433)
        assert config["CONN_HEALTH_CHECKS"] is True

    def test_the_filesystem_broker_uses_one_absolute_folder_for_in_and_out(
        self, tmp_path: Path
    ) -> None:
        options = env.filesystem_broker_options(tmp_path / "celery")

        assert options["data_folder_in"] == options["data_folder_out"]
        for key in ("data_folder_in", "processed_folder", "control_folder"):
            assert Path(options[key]).is_absolute()
            assert Path(options[key]).is_dir()
        assert options["polling_interval"] == 0.1
