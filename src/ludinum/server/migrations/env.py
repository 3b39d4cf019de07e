"""Alembic environment: always called from :mod:`ludinum.server.migrate` with a connection."""

from __future__ import annotations

from alembic import context

from ludinum.server.storage import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
