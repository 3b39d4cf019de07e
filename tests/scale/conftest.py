"""A deployment on loopback: nginx in front of two ``ludinum serve`` processes sharing the
local PostgreSQL (a fresh schema) and Redis (a channel of its own)."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.scale import services


@dataclass
class Cluster:
    db: str
    redis: str
    channel: str
    servers: list[services.Serve]
    nginx: services.Nginx
    logs: Path

    @property
    def url(self) -> str:
        return self.nginx.url

    def stop(self) -> None:
        self.nginx.stop()
        for server in self.servers:
            server.stop()

    def log_text(self) -> str:
        return "\n".join(p.read_text(errors="replace")[-3000:]
                         for p in sorted(self.logs.glob("serve*.log")))


@contextlib.contextmanager
def make_cluster(tmp: Path, processes: int = 2, bot_delay: float = 0.0) -> Iterator[Cluster]:
    redis = services.need_redis()
    with services.pg_schema() as db:
        channel = "ludinum:test:" + uuid.uuid4().hex[:8]
        servers: list[services.Serve] = []
        nginx = None
        try:
            for i in range(processes):
                servers.append(services.Serve(db, redis, channel, bot_delay=bot_delay,
                                              log=tmp / f"serve{i}.log").start())
            nginx = services.Nginx(tmp / "nginx", [s.port for s in servers]).start()
            yield Cluster(db, redis, channel, servers, nginx, tmp)
        finally:
            if nginx is not None:
                nginx.stop()
            for server in servers:
                server.stop()


@pytest.fixture
def pg() -> Iterator[str]:
    """A PostgreSQL schema of its own for one test: its URL."""
    with services.pg_schema() as url:
        yield url


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """One deployment shared by a module's tests (each test opens its own rooms)."""
    with make_cluster(tmp_path_factory.mktemp("cluster")) as c:
        yield c
