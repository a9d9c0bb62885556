"""Pure pairing: seating players at tables round by round.

Standard library only: no Django, DRF or Celery import (an import check in the tests enforces
it). Plain dataclasses in, plain dataclasses out.
"""
