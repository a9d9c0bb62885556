# The commands the README names. `make run` starts the demo; `make test` runs every check.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
# mypy --strict (with the Django and DRF plugins) runs on every package.
PACKAGES := infra clubs games tournaments analytics matrio_site

.PHONY: help run test lint typecheck layers pytest chromium messages messages-extract clean

help:
	@echo "make run   - install, migrate, load the demo, start the web server and a Celery worker"
	@echo "make test  - install dev tools, then ruff, ruff format --check, the layers check, mypy and pytest"
	@echo "make messages         - compile the translations (locale/*/LC_MESSAGES/django.po -> .mo)"
	@echo "make messages-extract - refresh the .po files from the code (needs GNU gettext's xgettext)"

$(PY):
	python3 -m venv $(VENV)

# Reinstall only when pyproject.toml changes (the stamp files remember the last install).
# (The filter drops this machine's harmless "Location 'file:///…' is ignored" lines.)
PIP_INSTALL = $(PY) -m pip install --quiet --disable-pip-version-check
QUIET_PIP = 2>&1 | { grep -v "is ignored: it is neither a file nor a directory" || true; }

$(STAMP): pyproject.toml | $(PY)
	$(PIP_INSTALL) -e . $(QUIET_PIP)
	touch $@

$(DEV_STAMP): pyproject.toml | $(PY)
	$(PIP_INSTALL) -e '.[dev]' $(QUIET_PIP)
	touch $@ $(STAMP)

# The translations: compiled with polib (locale/compile.py; no GNU gettext needed), only the .po
# files are committed. Rewrites a .mo only when it would change.
messages: $(STAMP)
	$(PY) locale/compile.py

# Refresh every catalogue from the templates and the Python code (makemessages needs xgettext:
# apt-get install gettext). Then translate the new entries and run `make messages`.
messages-extract: $(STAMP)
	DJANGO_SETTINGS_MODULE=matrio_site.settings_test $(PY) manage.py makemessages --all \
	    --no-obsolete --ignore=.venv --ignore=var --ignore=staticfiles --ignore=bench \
	    --ignore=tests --ignore=docs

# Collecting (and compressing) the static files takes a while: only when one of them changed
# (or the packages that ship some, such as Swagger UI's).
STATIC_ROOT ?= staticfiles
STATIC_STAMP := $(STATIC_ROOT)/staticfiles.json
$(STATIC_STAMP): $(STAMP) $(shell find infra clubs games tournaments analytics matrio_site -path '*/static/*' -type f 2>/dev/null)
	$(PY) manage.py collectstatic --noinput --verbosity 0
	if [ -f $@ ]; then touch $@; fi  # (no manifest without COMPRESSED_STATIC: collect each time)

run: export DEBUG ?= true
# Hashed, compressed static files (brotli, gzip) served by WhiteNoise, as a club's phones need.
run: export COMPRESSED_STATIC ?= true
run: $(STAMP) messages $(STATIC_STAMP)
	$(PY) manage.py migrate --noinput --verbosity 0
	$(PY) manage.py load_demo
	exec $(PY) -m matrio_site.devserver

# Browser tests need Debian's chromium: install it when missing and we are root.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	    if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	        echo "Installing Debian's chromium for the browser tests…"; \
	        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	    else \
	        echo "No /usr/bin/chromium and not root: the browser tests will skip."; \
	    fi; \
	fi

lint: $(DEV_STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

typecheck: $(DEV_STAMP)
	$(PY) -m mypy $(PACKAGES)

layers: $(DEV_STAMP)
	$(VENV)/bin/lint-imports --no-cache

pytest: $(DEV_STAMP) chromium messages
	source .ci/env.sh && $(PY) -m pytest $(PYTEST_ARGS)

# Every step runs even when an earlier one fails, so one run reports everything.
test: $(DEV_STAMP) chromium messages
	@failed=""; \
	step() { name="$$1"; shift; echo "==> $$name"; "$$@" || failed="$$failed [$$name]"; }; \
	step "ruff check" $(PY) -m ruff check .; \
	step "ruff format --check" $(PY) -m ruff format --check .; \
	step "layers (import-linter)" $(VENV)/bin/lint-imports --no-cache; \
	step "mypy --strict $(PACKAGES)" $(PY) -m mypy $(PACKAGES); \
	source .ci/env.sh; \
	step "pytest" $(PY) -m pytest $(PYTEST_ARGS); \
	if [ -n "$$failed" ]; then echo "make test: FAILED:$$failed"; exit 1; fi; \
	echo "make test: all checks passed"

clean:
	rm -rf var staticfiles .pytest_cache .mypy_cache .ruff_cache
