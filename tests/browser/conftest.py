"""Browser tests: Debian's Chromium driven by Playwright, against a real server on loopback.

Chromium is installed with apt-get when missing (as root) and axe-core with npm into the
venv; under CI=true a missing prerequisite fails, elsewhere it skips with the reason.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
AXE = Path(sys.prefix) / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def ensure_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False, env=env)
    if not Path(CHROMIUM).exists():
        _missing(f"{CHROMIUM} is missing (apt-get install chromium)")


def ensure_axe() -> Path:
    if not AXE.exists() and shutil.which("npm"):
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix",
                        str(AXE.parents[2]), "axe-core@4"], check=False)
    if not AXE.exists():
        _missing(f"axe-core is missing ({AXE}); run make browser-deps")
    return AXE


class LiveServer:
    """The app served by uvicorn in a thread, so tests can also read the hub's states."""

    def __init__(self, db: str, **options: Any) -> None:
        import uvicorn

        from ludinum.server.app import create_app
        from ludinum.server.ratelimit import RateLimit

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        options.setdefault("bot_delay", 0.05)
        options.setdefault("rate_limit", RateLimit(burst=1000, per_second=100))
        self.app = create_app(db, public_url=self.url, **options)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws="websockets-sansio")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return self
            time.sleep(0.05)
        raise RuntimeError("server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    @property
    def hub(self) -> Any:
        return self.app.state.hub


# Package scope, not session: Playwright's sync API keeps an event loop running in the main
# thread until it stops, and later tests (asyncio.run) need that thread free.
@pytest.fixture(scope="package")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("browser") / "ludinum.sqlite3"
    with LiveServer(f"sqlite:///{db}") as server:
        yield server


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    ensure_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="session")
def axe_path() -> Path:
    return ensure_axe()
