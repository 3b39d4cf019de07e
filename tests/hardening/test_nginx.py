"""The nginx template keeps the promise that no IP address is stored: with every process
down, requests of phones leave neither their address nor their room code in nginx's logs."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

from tests.scale.services import TEMPLATE, free_port, nginx_binary, render_nginx

PHONE = "127.0.0.77"  # a loopback address of its own, told apart from the upstreams'


def get(port: int, path: str) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10,
                                  source_address=(PHONE, 0)) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                  .encode())
        answer = b""
        while chunk := s.recv(4096):
            answer += chunk
    return answer


def test_nginx_logs_no_address_or_room_code_when_processes_are_down(tmp_path: Path) -> None:
    binary = nginx_binary()
    port, dead = free_port(), free_port()  # nothing listens on ``dead``: the process is down
    (tmp_path / "logs").mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(render_nginx(TEMPLATE.read_text(), port, [dead], tmp_path))
    proc = subprocess.Popen([binary, "-p", str(tmp_path), "-c", str(conf), "-g", "daemon off;"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        answers = [get(port, path) for path in ("/play/QWERTY", "/ws/QWERTY", "/j/QWERTY",
                                                "/api/rooms/QWERTY")]
        assert all(a.startswith(b"HTTP/1.1 502") for a in answers), answers
    finally:
        proc.terminate()
        _out, err = proc.communicate(timeout=10)
    logs = [p.read_text(errors="replace") for p in tmp_path.rglob("*.log")]
    logs.append(err.decode(errors="replace"))
    for text in logs:
        assert PHONE not in text and "QWERTY" not in text, text
