"""A refused move is said in a player's words, never in the program's: an illegal or
malformed action sent over the WebSocket (or found in a game log replayed on the replay
page) was answered « Action refusée : « lay board=paper card=… » n'est pas permise
maintenant », the action's internal encoding (its kind, its parameters written
``key=value``) and the list of the kinds possible. Now the refusal says that the move is
not allowed now, or which field of the message cannot be read, in the protocol's words
(``action``, ``kind``, a parameter's name as it was sent: docs/protocol.md), and nothing
changes."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum.engine import Action, StateFormatError, log_does_not_replay, move_not_allowed
from ludinum.games import get_game, registry
from ludinum.site.debrief import collect
from tests.hardening.conftest import make_app
from tests.reading import plain_spaces
from tests.server.helpers import Conn, create_room, hello, join

GAMES = [game.name for game in registry()]
#: A parameter written as the action's text form writes it (« card=zzz »).
ENCODED = re.compile(r"\w=\S")


@pytest.fixture(params=GAMES)
def seated(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Any, str, Conn]]:
    """A room of the game with a person at seat 0 whose turn it is, alone (the others:
    bots, done for now: nothing changes while the refusals are checked)."""
    game = next(g for g in registry() if g.name == request.param)
    app = make_app(tmp_path)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, game.name, game.min_players, mode="turns",
                                       seed=5)
        _seat, token = join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        player = hello(client, code, stack, role="player", token=token)
        host.send(type="start", level="random")
        host.sync()
        room = app.state.hub.rooms[code]
        for _ in range(200):  # until only seat 0 decides: the bots are done
            player.sync()
            if player.actions and list(room.state.active_players()) == [0]:
                break
        assert player.actions, "seat 0 never had a decision"
        assert list(room.state.active_players()) == [0]
        yield app, code, player


def kinds_of(conn: Conn) -> set[str]:
    return {str(a["action"]["kind"]) for a in conn.actions}


def refused(app: Any, code: str, conn: Conn, action: object) -> dict[str, Any]:
    """The error answering ``action``, checked to have changed nothing."""
    room = app.state.hub.rooms[code]
    before, seq = room.state.to_json(), room.seq
    since = len(conn.messages)
    conn.send(type="act", action=action)
    conn.sync()
    errors = conn.errors(since)
    assert len(errors) == 1, errors
    assert room.state.to_json() == before and room.seq == seq  # nothing changed
    return errors[0]


def assert_no_encoding(error: dict[str, Any], sent: object, kinds: set[str]) -> None:
    """Neither the action's text form, nor a parameter written ``key=value``, nor a kind
    of move (the program's words: « lay », « credit »…) quoted in the error."""
    for said in (error["fr"], error["en"]):
        text = plain_spaces(said)
        assert not ENCODED.search(text), text
        for kind in kinds:
            for quoted in (f"« {kind} »", f"'{kind}'", f" {kind} "):
                assert quoted not in text, (kind, text)
        if isinstance(sent, dict) and isinstance(sent.get("kind"), str):
            with contextlib.suppress(ValueError):
                assert Action.from_json(sent).to_text() not in text, text
        assert "possibles" not in text and "possible:" not in text, text


def illegal_actions(conn: Conn) -> list[dict[str, Any]]:
    """Well-formed moves the seat may not make now: a move it may make with one parameter
    changed to a value of the right type that names nothing, the same kind without its
    parameters, and a kind the game does not have."""
    offered = dict(conn.actions[0]["action"])
    out = []
    for key, value in offered.items():
        if key != "kind":
            out.append({**offered, key: 999 if isinstance(value, int) else "zzz"})
    if len(offered) > 1:
        out.append({"kind": offered["kind"]})
    out.append({"kind": "zzz"})
    return out


def test_an_illegal_move_is_refused_in_a_players_words(seated: tuple[Any, str, Conn]
                                                       ) -> None:
    app, code, player = seated
    kinds = kinds_of(player) | {"zzz"}
    expected = move_not_allowed()
    for action in illegal_actions(player):
        error = refused(app, code, player, action)
        assert error["code"] == "illegal_action", (action, error)
        assert error["en"] == expected.en, (action, error)
        assert plain_spaces(error["fr"]) == expected.fr
        assert "n'est pas permis maintenant" in error["fr"]
        assert_no_encoding(error, action, kinds)


def malformed_actions(kind: str) -> list[tuple[object, str]]:
    """Actions that cannot be read, and the field their refusal names (the protocol's:
    ``action``, ``kind``, a parameter's name as sent)."""
    return [
        (5, "action"),
        ({"card": 1}, "kind"),
        ({"kind": 5}, "kind"),
        ({"kind": "a b"}, "kind"),
        ({"kind": kind, "pick": "a b"}, "pick"),
        ({"kind": kind, "pick": {"y": 1}}, "pick"),
        ({"kind": kind, "pick": [[1]]}, "pick"),
        ({"kind": kind, "a b": 1}, "action"),
    ]


def test_a_malformed_move_names_the_field_in_protocol_words(seated: tuple[Any, str, Conn]
                                                            ) -> None:
    app, code, player = seated
    kinds = kinds_of(player)
    for action, field in malformed_actions(sorted(kinds)[0]):
        error = refused(app, code, player, action)
        assert error["code"] == "malformed_action", (action, error)
        fr = plain_spaces(error["fr"])
        assert f"« {field} »" in fr, (action, fr)
        assert f"'{field}'" in error["en"], (action, error["en"])
        assert_no_encoding(error, action, kinds)
        # Never Python's words for what was sent (« dict », « 'a b' »).
        for text in (fr, error["en"]):
            assert not re.search(r"\bdict\b|\{'|\[\[|'a b'", text), text


def test_a_log_that_does_not_replay_is_said_so_without_its_encoding(tmp_path: Path) -> None:
    """The replay page of an uploaded log whose move is refused at some step said the
    refusal's words, the move's encoding with them."""
    from tests.sim.test_replay import keep

    log = sorted(keep(tmp_path, "voleur", 1).iterdir())[0]
    data = json.loads(log.read_text(encoding="utf-8"))
    seat, first = data["actions"][0]
    data["actions"][0] = [seat, {**first, "kind": first["kind"], "zzz": "zzz"}]
    with TestClient(make_app(tmp_path)) as client:
        opened = client.post("/replay/journal", files={"journal": (
            "game.json", json.dumps(data).encode(), "application/json")},
            follow_redirects=False)
        assert opened.status_code == 303
        page = client.get(opened.headers["location"], params={"step": 1})
        text = plain_spaces(page.text)
        assert page.status_code == 400, page.status_code
        assert log_does_not_replay(1).fr in text.replace("&#39;", "'")
        assert "zzz" not in text and f"« {first['kind']} »" not in text


@pytest.mark.parametrize("game", GAMES)
def test_a_debrief_of_a_log_that_does_not_replay_says_where(game: str) -> None:
    """A class debrief's table whose log does not replay said « Table 3 : » and the
    refusal's words with the move's encoding; now the move where it stops."""
    state = get_game(game).new_state(get_game(game).min_players, seed=1)
    seat = state.active_players()[0]
    first = state.legal_actions(seat)[0]
    log = [(seat, first.to_json()), (seat, {**first.to_json(), "zzz": "zzz"})]
    with pytest.raises(StateFormatError) as refused:
        collect(state.config.to_json(), log, [], "fr")
    assert refused.value.fr == log_does_not_replay(2).fr
    assert "zzz" not in refused.value.fr + refused.value.en
