"""Pure analytics maths (ratings, openings, card impact, deal difficulty).

No Django, DRF or Celery import (an import check in the tests enforces it): the standard
library, openskill, numpy (the bootstrap) and the pure rules engines of ``games.engine``
only. Functions take plain dataclasses (or numpy arrays) and return plain dataclasses.
Modules, by subject: ``results`` (finished games as rows), ``rating_models`` and ``ratings``
(openskill per pool, incremental = full),
``simulation`` (ratings against known skill), ``matrio_games`` (MatriO records read for the
statistics), ``tally`` (additive counters), ``openings`` (the MatriO explorer),
``mathematico_stats``, ``first_moves`` (Integer Matrix, Overload), ``bootstrap``,
``card_sample`` (MatriO games packed for it) and ``card_impact``.
"""
