"""A player the host removes is removed from every process's screens (hidden information
never reaches a seat's former holder): the phone of that seat connected to another process
of the service stops being sent the seat's view, and can no longer act for it."""

from __future__ import annotations

import json

from ludinum.server.clients import Client
from ludinum.server.fanout import ClusterHub
from tests.scale import services
from tests.server.socketless import client as socketless_client
from tests.server.socketless import sent


def _phone() -> Client:
    phone = socketless_client("player")
    phone.role = None
    phone.seats = ()
    return phone


def test_a_removed_player_connected_to_another_process_sees_the_seat_no_more(pg: str
                                                                              ) -> None:
    services.on_two_hubs(*services.two_hubs(pg), _removed_elsewhere)


async def _removed_elsewhere(a: ClusterHub, b: ClusterHub) -> None:
    # Two seats, both people: no bot moves before the kick. Without a bus both hubs
    # play a room's bots (LocalLeases), and a bot's move appended by b first made a's
    # batch, the kick with it, fail on the actions' key (LostVersion) now and then.
    room, _host = await a.create_room("webrunners", 2, {}, "turns", 11)
    code = room.code
    await a.join(code, "Ada")
    _seat, token = await a.join(code, "Bob")
    await a.command(room, "start", {"level": "random"})
    phone = _phone()  # Bob's phone, whose connection landed on process b
    await b.handle(phone, json.dumps({"type": "hello", "room": code, "role": "player",
                                      "token": token}))
    assert phone.seats == (1,)
    sent(phone)
    await a.command(a.rooms[code], "kick", {"seat": 1})  # the host, on process a
    await b.resync()  # b sees the stored seats change and reloads the room
    assert phone.closed, "the removed player's phone is still served the seat"
    told = []
    while not phone.queue.empty():
        item = phone.queue.get_nowait()
        told.append("" if item is None else item[1])
    assert any('"type":"kicked"' in text for text in told)
    assert b.rooms[code].seats[1].kind == "bot"
