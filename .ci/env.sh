# Sourced by `make test` (and so by .ci/run): chooses the database and broker for the tests.
#
# An explicit DATABASE_URL / CELERY_BROKER_URL is kept. Otherwise PostgreSQL and Redis are used
# when they answer on 127.0.0.1:5432 and 127.0.0.1:6379, else SQLite and the filesystem
# broker. MATRIO_TEST_SERVICES=off skips the probe (forces the SQLite fallback).

matrio_port_open() {
    timeout 1 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null
}

matrio_masked() {  # hide a password in a URL
    printf '%s' "$1" | sed -E 's#//([^:/@]*):[^@/]*@#//\1:***@#'
}

# Test runs keep their files (SQLite, filesystem broker) apart from the demo's var/.
export MATRIO_VAR_DIR="${MATRIO_VAR_DIR:-$PWD/var/test}"

if [ "${MATRIO_TEST_SERVICES:-auto}" != "off" ]; then
    if [ -z "${DATABASE_URL:-}" ] && matrio_port_open 127.0.0.1 5432; then
        export DATABASE_URL="postgres://postgres@127.0.0.1:5432/matrio"
    fi
    if [ -z "${CELERY_BROKER_URL:-}" ] && matrio_port_open 127.0.0.1 6379; then
        export CELERY_BROKER_URL="redis://127.0.0.1:6379/15"
    fi
fi

matrio_why() {  # port
    if [ "${MATRIO_TEST_SERVICES:-auto}" = "off" ]; then
        echo "the probe is off (MATRIO_TEST_SERVICES=off)"
    else
        echo "nothing answers on 127.0.0.1:$1"
    fi
}
if [ -n "${DATABASE_URL:-}" ]; then
    echo "Tests use the database at $(matrio_masked "$DATABASE_URL") (pytest-django creates test_<name>)."
else
    echo "Tests use SQLite: no DATABASE_URL and $(matrio_why 5432)."
fi
if [ -n "${CELERY_BROKER_URL:-}" ]; then
    echo "Tests use the Celery broker at $(matrio_masked "$CELERY_BROKER_URL")."
else
    echo "Tests use the filesystem Celery broker: no CELERY_BROKER_URL and $(matrio_why 6379)" \
         "(the Celery round-trip test will skip)."
fi
