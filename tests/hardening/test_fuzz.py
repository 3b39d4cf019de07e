"""Property-based fuzzing of both entry points.

- WebSocket protocol (Hypothesis): any message a phone may send — well-formed or not, any
  type, any fields — gets an answer without crashing the connection, never an internal
  error, and a refused message changes nothing in the room.
- HTTP API (schemathesis, from the app's own ``/openapi.json``): no request makes a 500.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from ludinum.server import limits
from ludinum.server.hub import Hub
from ludinum.server.limits import MessageLimit as RealLimit
from ludinum.server.protocol import CLIENT_TYPES
from tests.hardening.conftest import make_app

scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**40), 2**40),
                    st.floats(allow_nan=False), st.text(max_size=30))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)
keys = st.sampled_from(["seat", "seq", "action", "level", "token", "tokens", "role", "room",
                        "lang", "kind", "params"])
actions = st.one_of(values, st.fixed_dictionaries(
    {"kind": st.sampled_from(["roll", "answer", "move", "play", "pass", ""])},
    optional={"params": values, "choice": values}))
messages = st.one_of(
    st.builds(lambda t, extra, action: {"type": t, **extra, "action": action},
              st.sampled_from(CLIENT_TYPES), st.dictionaries(keys, values, max_size=4),
              actions),
    st.dictionaries(st.text(max_size=8), values, max_size=4),
)
texts = st.one_of(messages.map(json.dumps), st.text(max_size=200),
                  st.binary(max_size=50).map(lambda b: b.decode("latin-1")))


def snapshot(hub: Hub, code: str) -> tuple[Any, ...]:
    room = hub.rooms[code]
    return (room.seq, room.status, json.dumps(room.state.to_json(), sort_keys=True),
            [s.to_json() for s in room.seats])


def test_websocket_messages_never_crash_and_refusals_change_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The per-connection message limit has its own test; here every message is read.
    monkeypatch.setattr(limits, "MessageLimit", lambda: RealLimit(per_second=1e6, burst=10**6))
    app = make_app(tmp_path)
    hub: Hub = app.state.hub
    with TestClient(app) as client:
        r = client.post("/api/rooms", json={"game": "gnou", "players": 2})
        code, host = r.json()["code"], r.json()["host_token"]
        mine = client.post(f"/api/rooms/{code}/join", json={"nickname": "Ada"}).json()["token"]
        client.post(f"/api/rooms/{code}/join", json={"nickname": "Bob"})  # no bots: only
        with client.websocket_connect(f"/ws/{code}") as hws:               # we change it
            hws.send_text(json.dumps({"type": "hello", "role": "host", "token": host}))
            hws.send_text('{"type":"start"}')
            hws.send_text('{"type":"ping"}')
            while json.loads(hws.receive_text())["type"] != "pong":
                pass
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_text(json.dumps({"type": "hello", "role": "player", "token": mine}))
            seen = {"errors": 0, "accepted": 0, "pings": 0}

            @settings(max_examples=250, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow])
            @given(text=texts)
            def one(text: str) -> None:
                before = snapshot(hub, code)
                seen["pings"] += 1
                marker = f"fuzz-{seen['pings']}"
                ws.send_text(text)
                ws.send_text(json.dumps({"type": "ping", "id": marker}))
                answers = []
                while True:
                    # Read up to our own pong: a generated message may be a ping too.
                    message = json.loads(ws.receive_text())
                    if message["type"] == "pong":
                        if message.get("id") == marker:
                            break
                        continue
                    answers.append(message)
                errors = [m for m in answers if m["type"] == "error"]
                assert all(e["code"] != "internal" for e in errors), errors
                if errors:
                    seen["errors"] += 1
                    assert snapshot(hub, code) == before, (text, errors)
                elif snapshot(hub, code) != before:
                    seen["accepted"] += 1

            one()
            assert seen["errors"] > 100
            # The connection still works after all that.
            ws.send_text('{"type":"ping"}')
            assert json.loads(ws.receive_text())["type"] in ("pong", "update", "error")


def test_http_api_never_answers_500(tmp_path: Path) -> None:
    schemathesis = pytest.importorskip("schemathesis")
    from schemathesis.checks import not_a_server_error

    app = make_app(tmp_path)
    app.state.hub.store.migrate()
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    failures: list[str] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1

        @settings(max_examples=40, deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy())
        def check(case: Any) -> None:
            response = case.call()
            try:
                case.validate_response(response, checks=[not_a_server_error])
            except Exception as exc:
                failures.append(f"{case.method} {case.formatted_path}: {exc}"[:300])

        check()
    assert operations >= 5
    assert not failures, failures[:5]
