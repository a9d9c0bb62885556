"""The rules engines of the four games: pure Python, standard library only.

``python -m games.engine replay [--json] FILE ...`` replays MGN records (see ``replay.py``).
"""
