"""Request bodies are refused from their size before they are read: a real server in its
own process gets 50 MiB posts (with a Content-Length, and chunked without one) and its
memory (RSS) does not grow by the body's size."""

from __future__ import annotations

import os
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import ludinum

MIB = 1024 * 1024
BODY = 50 * MIB
CHUNK = 256 * 1024
SRC = Path(ludinum.__file__).resolve().parents[1]  # the code under test

SERVER = """
import sys, uvicorn
from ludinum.server.app import create_app
uvicorn.run(create_app(sys.argv[1]), host="127.0.0.1", port=int(sys.argv[2]),
            log_level="warning", ws="websockets-sansio")
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[int, int]]:
    """(pid, port) of a server process on an SQLite file."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.Popen([sys.executable, "-c", SERVER, f"sqlite:///{tmp_path}/db.sqlite3",
                             str(port)], env=env, cwd=tmp_path)
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise AssertionError("the server did not start")
        yield proc.pid, port
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def post(port: int, path: str, size: int, chunked: bool) -> int:
    """Post ``size`` bytes, stopping as soon as the server answers; its status code."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    length = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {size}"
    media = ("application/json" if path.startswith("/api/")
             else "application/x-www-form-urlencoded")
    sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                 f"Content-Type: {media}\r\n{length}\r\n\r\n".encode())
    data = b"[" * CHUNK
    sent = 0
    try:
        while sent < size and not select.select([sock], [], [], 0)[0]:
            piece = data[:min(CHUNK, size - sent)]
            sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            sent += len(piece)
        if chunked and sent >= size:
            sock.sendall(b"0\r\n\r\n")
    except (BrokenPipeError, ConnectionResetError):
        pass
    answer = b""
    try:
        while b"\r\n" not in answer:
            more = sock.recv(4096)
            if not more:
                break
            answer += more
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 "), answer[:200]
    return int(answer.split()[1])


def test_fifty_mib_posts_are_refused_without_being_read(server: tuple[int, int]) -> None:
    pid, port = server
    assert post(port, "/api/rooms", 100, chunked=False) == 400  # warm up (imports, pools)
    before = rss(pid)
    statuses = [post(port, path, BODY, chunked)
                for path in ("/api/rooms", "/api/rooms/ABCDEF/join", "/new/gnou")
                for chunked in (False, True)]
    grown = rss(pid) - before
    assert grown < 16 * MIB, f"the server grew by {grown / MIB:.1f} MiB"
    assert statuses == [413] * 6


def test_a_body_under_the_limit_is_served(server: tuple[int, int]) -> None:
    _pid, port = server
    assert post(port, "/api/rooms", 10_000, chunked=True) == 400  # read: JSON too deep
    assert post(port, "/api/rooms", 70_000, chunked=True) == 413
