"""The session clock of a room (« durée de la séance », issue 21): when it runs out (epoch
seconds, while playing) or what is left of it (while paused).

Revision ID: 0004
Revises: 0002 (0003, class mode, is numbered apart: at the merge this one revises 0003)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("session_at", sa.Float, nullable=True))
        batch.add_column(sa.Column("session_left", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("session_left")
        batch.drop_column("session_at")
