"""Class sessions (issue 22 §1): one class code, its pupils and the rooms of its tables.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("teacher", sa.String(64), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("mode", sa.String(10), nullable=False),
        sa.Column("table_size", sa.Integer, nullable=False),
        sa.Column("bot_level", sa.String(20), nullable=False),
        sa.Column("friends_apart", sa.Boolean, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("pupils", sa.Text, nullable=False),
        sa.Column("rooms", sa.Text, nullable=False),
        sa.Column("message", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_classes_status", "classes", ["status"])


def downgrade() -> None:
    op.drop_index("ix_classes_status", table_name="classes")
    op.drop_table("classes")
