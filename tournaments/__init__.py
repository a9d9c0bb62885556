"""Tournaments: clubs, players, memberships and events (rounds, seats and standings later)."""
