"""Analytics: ratings, openings and card impact, computed by the Celery worker."""
