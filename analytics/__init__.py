"""Analytics: ratings and statistics over the finished games, computed by the Celery worker.

``ratings/`` (rating the games, the stored ratings), ``statistics/`` (counters and reports),
``web/`` (pages, API, figures, URLs), ``compute/`` (the pure core: no Django), ``wakeups``
(the task names, queued after commit), ``tasks`` (the Celery tasks, thin), ``jobs`` (long
jobs the site shows), ``worker`` (heartbeat and task pings), ``listeners`` (what analytics
does when the games layer announces changed games).
"""
