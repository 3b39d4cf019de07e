"""Batch simulation: many seeded games of bots, on all cores, with statistics."""
