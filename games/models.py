"""Game models (games, seats, moves) come with the game-recording issue.

The rules stay in the pure ``games.engine`` package; these models will only store what the
engine has validated.
"""
