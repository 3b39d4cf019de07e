"""Bots: the shared protocol, the random bot, and bot construction by level."""

from ludinum.bots.base import Bot, RandomBot

__all__ = ["Bot", "RandomBot"]
