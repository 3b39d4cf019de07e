"""The nickname filter reads past disguises (case, accents, separators, repeated letters,
leetspeak), uses the vendored French and English word lists, lets real first names through,
refuses look-alikes in one room, and the facilitator can rename or remove a nickname."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum.server import names

FIRST_NAMES = [
    "Emma", "Jade", "Louise", "Alice", "Chloé", "Lina", "Léa", "Rose", "Anna", "Mila", "Inès",
    "Ambre", "Julia", "Mia", "Léna", "Manon", "Juliette", "Lou", "Zoé", "Camille", "Agathe",
    "Jeanne", "Eva", "Nina", "Romane", "Sarah", "Louna", "Charlotte", "Lucie", "Margaux", "Iris",
    "Victoire", "Léonie", "Clémence", "Adèle", "Capucine", "Maëlys", "Anaïs", "Yasmine", "Nour",
    "Aya", "Sofia", "Salomé", "Constance", "Margot", "Gabriel", "Léo", "Raphaël", "Arthur",
    "Louis", "Jules", "Adam", "Maël", "Lucas", "Hugo", "Noah", "Liam", "Gabin", "Sacha", "Paul",
    "Nathan", "Aaron", "Mohamed", "Ethan", "Tom", "Éden", "Léon", "Noé", "Tiago", "Théo", "Isaac",
    "Marius", "Victor", "Martin", "Nolan", "Axel", "Timéo", "Naël", "Enzo", "Mathis", "Baptiste",
    "Antoine", "Samuel", "Ibrahim", "Malo", "Clément", "Rayan", "Simon", "Valentin", "Bastien",
    "Sébastien", "Dominique", "Monique", "Pascal", "Pascale", "Nazim", "Nazir", "Nazira", "Peter",
    "Connor", "Titouan", "Cassandra", "Jessica", "Assia", "Hassan", "Bassem", "Anissa", "Yanis",
    "Wassim", "Karim", "Kenza", "Imane", "Djibril", "Moussa", "Aïcha", "Fatoumata", "Mamadou",
    "Quentin", "Grégoire", "Benoît", "Cunégonde", "Bérénice", "Pierre-Louis", "Jean-Baptiste",
    "Marie-Ange", "Anne-Sophie", "Jean-Luc", "D'Artagnan"
]

RUDE = ["con", "C-0-N", "c o n", "c.o.n", "CON", "fils-de-pute", "f1ls de pute", "puuuute",
        "en-culé", "Nazi", "NaziBoy", "n4zi", "sal0pe", "s.a.l.o.p.e", "connard", "con nard",
        "con'nard", "merde", "m3rde", "Fuck", "fuuuck", "xXfuckXx", "bitch", "nigga",
        "Hitler88", "p u t e", "PD", "FDP", "bâtard", "Bougnoul", "enkulé", "chinetoque",
        "tarlouze", "trou du cul", "Ntm", "nique ta mère", "branleur", "pouffiasse",
        "tafiole", "Connasse", "S4l0p3", "Youpin", "retard", "faggot", "whore"]


def test_real_first_names_and_generated_nicknames_pass() -> None:
    assert len(FIRST_NAMES) > 120
    assert [n for n in FIRST_NAMES if names.is_rude(n)] == []
    for n in FIRST_NAMES:
        assert names.clean(n) == n
    for quality in names.QUALITIES:
        for animal in names.ANIMALS:
            assert not names.is_rude(f"{animal} {quality}"), (animal, quality)


@pytest.mark.parametrize("nickname", RUDE)
def test_disguised_insults_and_slurs_are_refused(nickname: str) -> None:
    assert names.is_rude(nickname)
    with pytest.raises(names.NicknameError) as refused:
        names.clean(nickname)
    if "." not in nickname:  # dots are refused earlier, as characters
        assert refused.value.fr == "Ce pseudo n'est pas accepté : choisis-en un autre."


def test_the_vendored_lists_are_used_and_their_licence_noted() -> None:
    whole, stems, allowed = names._lists()
    lists = Path(names.__file__).parent / "wordlists"
    licence = (lists / "LICENCE.md").read_text()
    assert "CC-BY-4.0.txt" in licence and "naughty-words" in licence
    assert "Attribution 4.0 International" in (lists / "CC-BY-4.0.txt").read_text()
    # A word only the LDNOOBW lists hold (French and English) is refused.
    assert "branlette" in whole and names.is_rude("Branlette")
    assert "bollocks" in whole and names.is_rude("Bollocks")
    assert "nazim" in allowed and "nazi" in stems


def test_look_alikes_are_one_nickname() -> None:
    assert names.key("LEA") == names.key("Léa") == names.key("L-e-a") == names.key("l e a")
    assert names.key("Zo3") == names.key("Zoé")
    assert names.key("Léo") != names.key("Léa")


@pytest.fixture
def room(client: TestClient) -> tuple[TestClient, str, str]:
    r = client.post("/api/rooms", json={"game": "gnou", "players": 4})
    return client, r.json()["code"], r.json()["host_token"]


def join(client: TestClient, code: str, nickname: str) -> Any:
    return client.post(f"/api/rooms/{code}/join", json={"nickname": nickname})


def test_look_alikes_are_refused_side_by_side(room: tuple[TestClient, str, str]) -> None:
    client, code, _ = room
    assert join(client, code, "Léa").status_code == 201
    for twin in ("LEA", "lea", "L-é-a", "Lé'a", "L3a"):
        r = join(client, code, twin)
        assert r.status_code == 409, twin
        assert r.json()["error"]["code"] == "name_taken"
    assert join(client, code, "Léo").status_code == 201


def host_says(client: TestClient, code: str, host: str, *messages: dict[str, Any]
              ) -> list[dict[str, Any]]:
    out = []
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", "role": "host", "token": host}))
        for message in (*messages, {"type": "ping"}):
            ws.send_text(json.dumps(message))
        while not out or out[-1]["type"] != "pong":
            out.append(json.loads(ws.receive_text()))
    return out


def seat_names(client: TestClient, code: str) -> list[str]:
    return [s["name"] if s["kind"] == "human" else "" for s in
            client.get(f"/api/rooms/{code}").json()["seats"]]


def test_the_facilitator_renames_or_removes_a_nickname(room: tuple[TestClient, str, str]
                                                       ) -> None:
    client, code, host = room
    join(client, code, "Léa")
    join(client, code, "Gnou Vif")
    got = host_says(client, code, host, {"type": "rename", "seat": 1, "nickname": "Lynx Sage"})
    assert not [m for m in got if m["type"] == "error"]
    assert seat_names(client, code)[:2] == ["Léa", "Lynx Sage"]
    # Refused like a typed nickname: rude, or a look-alike of another player's.
    got = host_says(client, code, host, {"type": "rename", "seat": 1, "nickname": "c0nnard"},
                    {"type": "rename", "seat": 1, "nickname": "LEA"},
                    {"type": "rename", "seat": 3, "nickname": "Zoé"})
    assert [m["code"] for m in got if m["type"] == "error"] == [
        "bad_nickname", "name_taken", "bad_seat"]
    assert seat_names(client, code)[:2] == ["Léa", "Lynx Sage"]
    # An empty nickname removes the player's own: one is drawn at random.
    host_says(client, code, host, {"type": "rename", "seat": 0, "nickname": ""})
    drawn = seat_names(client, code)[0]
    animal, quality = drawn.split(" ")
    assert animal in names.ANIMALS and quality in names.QUALITIES
    # Only the host may rename.
    token = join(client, code, "Noé").json()["token"]
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", "role": "player", "token": token}))
        ws.send_text(json.dumps({"type": "rename", "seat": 1, "nickname": "Pirate"}))
        seen: list[dict[str, Any]] = []
        while not seen or seen[-1]["type"] != "error":
            seen.append(json.loads(ws.receive_text()))
        assert seen[-1]["code"] == "not_host"
    assert seat_names(client, code)[1] == "Lynx Sage"


def test_the_host_screen_has_a_rename_button(room: tuple[TestClient, str, str]) -> None:
    client, code, host = room
    join(client, code, "Léa")
    updates = [m for m in host_says(client, code, host) if m["type"] == "update"]
    seats = "".join(m["slots"].get("seats", "") for m in updates)
    assert 'data-cmd="rename" data-seat="0"' in seats and "Renommer" in seats
    assert 'data-cmd="kick" data-seat="0"' in seats
