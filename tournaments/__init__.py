"""Tournaments: events, their entries, rounds, seatings, results and standings."""
