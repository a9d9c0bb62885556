"""Statistics: counters and reports over the finished games, kept current by the worker.

``counters`` (each game's additive contribution to the counters, rebuilds), ``matrio`` (compact
MatriO games and the card-impact report), ``mathematico`` (compact Mathematico games, values by
position and draws' decisions), ``selectors`` and ``mathematico_selectors`` (the stored
counters and results the pages and the API read).
"""
