"""Clubs: clubs, players, memberships and their roles, invitations and accounts."""
