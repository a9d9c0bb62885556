"""Ratings: each finished game rates its players (per kind, in every pool), in the worker.

``services`` (mark dirty, rate the dirty games, recompute), ``stream`` (the stream's tables
under its lock: append, replay, rewrite), ``games`` (finished games as the ratings read them)
and ``selectors`` (the stored ratings the pages and the API read).
"""
