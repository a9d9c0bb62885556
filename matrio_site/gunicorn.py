"""The web server's production defaults:
``gunicorn -c python:matrio_site.gunicorn matrio_site.wsgi``.

Each can be changed from the environment (``WEB_BIND``, ``WEB_WORKERS``, ``WEB_THREADS``,
``WEB_TIMEOUT``). Threads share a process's memory and overlap its database waits; processes
use the cores. A request never needs longer than ``timeout``: long work (imports, exports,
recomputes) runs in the Celery worker.
"""

from __future__ import annotations

import os

from matrio_site.env import env_int

bind = os.environ.get("WEB_BIND", "0.0.0.0:8000")
workers = env_int("WEB_WORKERS", (os.cpu_count() or 1) + 1)
worker_class = "gthread"
threads = env_int("WEB_THREADS", 4)
timeout = env_int("WEB_TIMEOUT", 30)
graceful_timeout = 20
keepalive = 5  # seconds: a phone's next move usually reuses its connection
# A worker is replaced after this many requests (with jitter): memory a big page grew is given back.
max_requests = 2000
max_requests_jitter = 200
accesslog = "-"
