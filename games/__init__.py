"""Games: recording and validating plays of the four matrix card games.

The rules live in the pure ``games.engine`` package; this Django app stores and serves games.
"""
