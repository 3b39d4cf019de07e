"""The local services and processes of the scale tests: PostgreSQL, Redis, nginx, and
``ludinum serve`` processes on loopback.

Under ``CI=true`` a missing service fails the test; elsewhere the test is skipped with the
reason. PostgreSQL and Redis are the machine's own (127.0.0.1:5432 database ``test``,
127.0.0.1:6379); nginx is Debian's package, installed when missing.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pytest

if TYPE_CHECKING:
    from ludinum.server.fanout import ClusterHub

ROOT = Path(__file__).resolve().parents[2]
PG_DSN = "host=127.0.0.1 port=5432 user=postgres dbname=test"
PG_URL = "postgresql://postgres@127.0.0.1:5432/test"
REDIS_URL = "redis://127.0.0.1:6379/0"
TEMPLATE = ROOT / "deploy" / "nginx.conf.template"
T = TypeVar("T")

REDIS_START = [
    "redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port", "6379",
    "--save", "", "--appendonly", "no", "--dir", "/var/lib/redis",
    "--logfile", "/var/log/redis/ci.log",
]


def missing(what: str, problem: str) -> None:
    """Fail under CI, skip elsewhere."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is required in CI: {problem}")
    pytest.skip(f"{what} not available: {problem}")


def pg_problem() -> str | None:
    try:
        import psycopg

        with psycopg.connect(PG_DSN, connect_timeout=3):
            return None
    except Exception as exc:
        return str(exc)


def redis_problem() -> str | None:
    try:
        import redis

        client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
        client.ping()
        client.close()
        return None
    except Exception as exc:
        return str(exc)


@contextlib.contextmanager
def pg_schema() -> Iterator[str]:
    """A fresh schema in the local PostgreSQL, dropped afterwards; yields its URL."""
    problem = pg_problem()
    if problem is not None and os.geteuid() == 0 and Path("/etc/postgresql").is_dir():
        ensure_postgresql()
        problem = pg_problem()
    if problem is not None:
        missing("PostgreSQL at 127.0.0.1:5432 (database test)", problem)
    import psycopg

    schema = "ludinum_" + uuid.uuid4().hex[:12]
    with psycopg.connect(PG_DSN, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    finally:
        for _ in range(30):
            try:
                with psycopg.connect(PG_DSN, autocommit=True, connect_timeout=3) as conn:
                    conn.execute(f"DROP SCHEMA {schema} CASCADE")
                break
            except Exception:
                time.sleep(1)


def can_start_services() -> bool:
    """Root on a machine with Debian's servers: a stopped local service is started again
    (CI runs on whatever state an earlier run left the services in)."""
    return os.geteuid() == 0 and shutil.which("redis-server") is not None


def need_redis() -> str:
    problem = redis_problem()
    if problem is not None and can_start_services():
        ensure_redis()
        problem = redis_problem()
    if problem is not None:
        missing("Redis at 127.0.0.1:6379", problem)
    return REDIS_URL


def nginx_binary() -> str:
    """Debian's nginx, installed with apt-get when missing."""
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists()
                                      else None)
    if found:
        return found
    problem = "nginx not installed"
    if shutil.which("apt-get") and os.geteuid() == 0:
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        cmd = ["apt-get", "install", "-y", "-q", "nginx"]
        done = subprocess.run(cmd, env=env, capture_output=True, timeout=600)
        if done.returncode != 0:
            subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True,
                           timeout=600)
            done = subprocess.run(cmd, env=env, capture_output=True, timeout=600)
        # The package starts a system nginx on port 80; we run our own on free ports.
        subprocess.run(["nginx", "-s", "stop"], capture_output=True, timeout=30)
        found = shutil.which("nginx") or (
            "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
        if found:
            return found
        problem = done.stderr.decode(errors="replace")[-400:]
    missing("nginx (Debian package)", problem)
    raise AssertionError("unreachable")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str, seconds: float = 30.0, proc: subprocess.Popen[bytes] | None = None
              ) -> None:
    end = time.monotonic() + seconds
    last = ""
    while time.monotonic() < end:
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"process exited with {proc.returncode} before {url} answered")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except Exception as exc:
            last = str(exc)
        time.sleep(0.1)
    raise AssertionError(f"{url} did not answer: {last}")


class Serve:
    """One ``ludinum serve`` process on a loopback port."""

    def __init__(self, db: str, redis: str | None, channel: str, port: int | None = None,
                 bot_delay: float = 0.0, log: Path | None = None, workers: int = 1) -> None:
        self.port = port or free_port()
        self.workers = workers
        self.db, self.redis, self.channel, self.bot_delay = db, redis, channel, bot_delay
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Serve:
        env = dict(os.environ, LUDINUM_DB=self.db, LUDINUM_REDIS_CHANNEL=self.channel,
                   PYTHONUNBUFFERED="1")
        env.pop("LUDINUM_REDIS", None)
        if self.redis:
            env["LUDINUM_REDIS"] = self.redis
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "ludinum"), "serve", "--host", "127.0.0.1",
             "--port", str(self.port), "--bot-delay", str(self.bot_delay),
             "--public-url", self.url, "--workers", str(self.workers)],
            env=env, stdout=out, stderr=subprocess.STDOUT, cwd=str(ROOT),
        )
        wait_http(self.url + "/api/games", 60, self.proc)
        return self

    def children(self) -> list[int]:
        """Process ids of the worker processes (``--workers N``)."""
        if self.proc is None:
            return []
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    status = (entry / "status").read_text()
                except OSError:
                    continue
                if f"\nPPid:\t{self.proc.pid}\n" in status:
                    found.append(int(entry.name))
        return found

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def render_nginx(template: str, listen: int, upstreams: list[int], prefix: Path) -> str:
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=2s;"
                        for p in upstreams)
    return (template.replace("{{LISTEN}}", f"127.0.0.1:{listen}")
            .replace("{{UPSTREAMS}}", servers)
            .replace("{{PREFIX}}", str(prefix))
            .replace("{{SERVER_NAME}}", "localhost"))


class Nginx:
    """Debian's nginx on a free loopback port, with a config generated in a temp dir."""

    def __init__(self, directory: Path, upstreams: list[int]) -> None:
        self.binary = nginx_binary()
        self.dir = directory
        self.port = free_port()
        self.upstreams = upstreams
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Nginx:
        (self.dir / "logs").mkdir(parents=True, exist_ok=True)
        conf = self.dir / "nginx.conf"
        conf.write_text(render_nginx(TEMPLATE.read_text(), self.port, self.upstreams, self.dir))
        self.proc = subprocess.Popen(
            [self.binary, "-p", str(self.dir), "-c", str(conf), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=open(self.dir / "logs" / "stderr", "ab"),  # noqa: SIM115
        )
        wait_http(self.url + "/api/games", 30, self.proc)
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def restart_redis() -> None:
    """The machine's own commands: stop without saving, start again."""
    subprocess.run(["redis-cli", "shutdown", "nosave"], capture_output=True, timeout=30)
    ensure_redis()


def ensure_redis() -> None:
    for _ in range(50):
        if redis_problem() is None:
            return
        subprocess.run(REDIS_START, capture_output=True, timeout=30)
        time.sleep(0.2)


def restart_postgresql() -> None:
    version = sorted(os.listdir("/etc/postgresql"))[0]
    subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "restart"],
                   capture_output=True, timeout=120)
    ensure_postgresql()


def ensure_postgresql() -> None:
    for _ in range(60):
        if pg_problem() is None:
            return
        version = sorted(os.listdir("/etc/postgresql"))[0]
        subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main",
                        "start"], capture_output=True, timeout=120)
        time.sleep(0.5)


def two_hubs(url: str, bus: bool = False) -> tuple[ClusterHub, ClusterHub]:
    """Two processes' hubs (``ClusterHub``) on the database ``url``. Without ``bus`` one
    follows the other's moves when it resyncs; with it they share a Redis channel of
    their own. Run them with :func:`on_two_hubs`, which closes them."""
    from ludinum.server.fanout import Bus, ClusterHub
    from ludinum.server.leases import migrate_once
    from ludinum.server.storage import Storage
    from tests.server.conftest import catalog_with_toy

    if bus:
        need_redis()
    catalog = catalog_with_toy()
    channel = "ludinum:test:" + uuid.uuid4().hex[:8]
    out = []
    for _ in range(2):
        store = Storage(url)
        migrate_once(store)
        out.append(ClusterHub(store, catalog, Bus(REDIS_URL, channel) if bus else None,
                              bot_delay=0.0))
    return out[0], out[1]


def on_two_hubs(a: ClusterHub, b: ClusterHub,
                play: Callable[[ClusterHub, ClusterHub], Awaitable[T]],
                start: bool = False) -> T:
    """``play(a, b)`` in an event loop of its own, the hubs started first when ``start``
    (and their buses, if any, connected), both closed after it even when it fails: an
    unclosed hub's writer and tasks could hold the loop's end and the database's
    connections. Returns what ``play`` returns."""

    async def run() -> T:
        if start:
            await a.start()
            await b.start()
        try:
            if start and a.bus is not None and b.bus is not None:
                buses = a.bus, b.bus
                await settled(lambda: all(bus.connected.is_set() for bus in buses))
            return await play(a, b)
        finally:
            await a.close()
            await b.close()

    return asyncio.run(run())


async def settled(check: Callable[[], object], seconds: float = 2.0) -> None:
    """Wait until ``check()`` holds (messages between processes take a moment)."""
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"not settled in {seconds} s")
