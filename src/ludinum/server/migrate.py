"""Alembic migrations run from code: the scripts live in ``ludinum/server/migrations``."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

SCRIPTS = Path(__file__).with_name("migrations")


def config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    cfg = config()
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)
