"""Pure analytics maths (ratings, openings, card impact, deal difficulty).

Standard library only: no Django, DRF or Celery import (an import check in the tests enforces
it). Functions take plain dataclasses and return plain dataclasses.
"""
