"""Pure standings: ranking players of an event from their results, with tie-breaks.

Standard library only: no Django, DRF or Celery import (an import check in the tests enforces
it). Plain dataclasses in, plain dataclasses out.
"""
