"""Pure analytics maths: ratings, the statistics pages' numbers and their intervals.

No Django, DRF or Celery import (an import check in the tests enforces it): the standard
library, numpy, openskill and the pure rules engines of ``games.engine`` only. Functions take
plain dataclasses (or numpy arrays) and return plain dataclasses; the Django layer
(``analytics/*.py``) stores and shows what they compute. Modules:

* ``results`` — finished games as plain rows (seats, scores, places), the input of ratings.
* ``rating_models`` — which openskill model rates each game kind and how a game is fed to it
  (an Overload deal is rated too: its rating is the deal's difficulty).
* ``ratings`` — openskill ratings per pool (kind, kind at a club), game by game; incremental
  updates equal a full recompute.
* ``tally`` — additive counters, the outcome sums behind every opening and placement statistic.
* ``matrio_games`` — MatriO records read for the statistics: every placement and its effect.
* ``openings`` — the MatriO opening explorer.
* ``card_sample`` — MatriO games packed as arrays for the card-impact bootstrap.
* ``card_impact`` — MatriO card values and seat effects, with bootstrap intervals.
* ``bootstrap`` — bootstrap confidence intervals over games from per-game sums (numpy).
* ``mathematico_stats`` — Mathematico early placements, the value of each number by position
  and the decisions of strong players on the same draw.
* ``first_moves`` — Integer Matrix first placements and MATR1X 0VERL0AD setup choices.
"""
