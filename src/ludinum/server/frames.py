"""Frames: what each client is sent after a change, built from its own view only.

The page draws the game itself (``web/static/draw.js``, issue 19): a frame carries what it
draws from (``draw``: the seat's view in the page's language, the public board's keys,
the game's text lines, the names, what the seat waits for), each part only when it
changed since the client's last frame, and the seat's moves with their labels
(``actions``); the room's own parts (status, seats, debrief, privacy screen) come as HTML
fragments (slots), also only when changed, plus the new log lines it may see. One
broadcast builds each (seat, language) once, whatever the number of clients sharing it.
Clients that would get the same frame (the tabs of one seat, a room's spectators:
:func:`viewer`) share one frame, built and encoded once, each numbered for its own client
(:func:`fan_out`). A player's frame is built from
``state.view(seat)`` and the events visible to that seat; hosts and spectators get
``state.view(None)`` and public events; a pass-and-play device gets a seat's view only
while that seat is revealed.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from ludinum.server import patches
from ludinum.server.clients import Client
from ludinum.server.framecache import FrameCache, dumps, json_key, latest_lines, once_for
from ludinum.server.rooms import FINISHED, LOBBY, PAUSED, PLAYING, Room
from ludinum.server.rounds import (
    ROUND_STATUSES,
    begin_round,
    closing,
    done_frame,
    own_still,
    own_still_frame,
    pass_target,
    public_still_frame,
    still_frame,
)
from ludinum.weblib import i18n


def build(client: Client, cache: FrameCache, full: bool = False) -> dict[str, Any] | None:
    """The frame for ``client`` (only changed slots unless ``full``), or None if nothing."""
    room = cache.room
    lang = client.lang
    hide, client.hidden = client.hidden, False
    if client.role == "pass" and client.done is not None:
        if room.status in (PLAYING, PAUSED, FINISHED):
            return done_frame(client, cache, hide, full)
        client.done = None  # the host stopped the game: shown as it is
    asked = room.shown_status() == PAUSED  # a pause the host asked after the end (Room.held)
    if client.role == "pass" and client.revealed is not None and (
        (room.status != PLAYING and not (client.idle and closing(room, client)
                                         and not asked))
        or (room.status == PLAYING and not client.idle and client.passing.over(
            client.revealed, room.deciding(), room.public_active(None),
            room.hidden_turns()))
    ):
        if room.status in (PLAYING, FINISHED) and not asked:  # its decisions made
            # (not a pause): the round goes on, after the end too
            client.passing.visited(client.revealed)
        client.revealed, client.idle = None, False
        hide = True
    target = None
    if client.role == "pass":
        target = pass_target(room, client) if client.revealed is None else None
        if client.passing.owed and room.status in ROUND_STATUSES:
            # Going round: what the table sees stands still (paused too; a game stopped
            # by the host shows as it is).
            if client.still is None:  # (a device that joined during a round)
                begin_round(client, cache)
            if client.revealed is None or room.status != PLAYING:
                return still_frame(client, cache, target, hide, full)
        elif client.still is not None:  # the round is over: the game as it is now, and
            client.log_seq = client.still.log_seq  # the public lines of the round
            client.still = None
    elif room.still is not None and room.status in ROUND_STATUSES and (
            client.role in ("host", "spectator")):
        # A device of the room goes round: the public screens stand still with it.
        return public_still_frame(client, cache, room.still, full)
    else:
        own = own_still(room, client)
        if own is not None:  # and so do the own phones, but to decide in the round
            return own_still_frame(client, cache, own, full)
    seat = client.view_seat()
    # A round's visit with nothing to do (« Rien à faire pour toi cette fois »): a decision
    # that came up meanwhile waits for the round's end (engine/passing.py), so neither
    # « À toi de jouer ! » nor its moves, which were shown and taken under that card.
    deciding = None if client.role == "pass" and client.idle else seat
    slots: dict[str, str] = {
        "status": cache.html("status", deciding, lang),
        "debrief": cache.html("debrief", None, lang),
    }
    if client.role in ("host", "spectator"):  # the pages that list the room's seats
        slots["seats"] = cache.html("seats", (client.role == "host", seat), lang)
    if client.role == "pass":
        # Before the start: who plays on this device, and where the game is started.
        slots["privacy"] = cache.html(
            "privacy", ("lobby", client.seats) if room.status == LOBBY else
            target if seat is None else ("idle", seat) if client.idle else None, lang
        )
    held = client.slots
    changed = {k: v for k, v in slots.items() if full or held.get(k) != v}
    # A slot whose parts alone changed is sent as those parts (server/patches.py).
    parts: dict[str, dict[str, str]] = {}
    if changed and not full:
        for name, html in changed.items():
            was = held.get(name)
            # A small slot is sent whole: cutting it would cost more CPU than the bytes it
            # saves (patches.SMALL).
            if was and len(html) >= patches.SMALL:
                patch = cache.patch(was, html)
                if patch is not None:
                    parts[name] = patch
    if changed:  # a new dict, never changed in place: clients of one viewer share it
        client.slots = {**held, **changed}
    drawn = cache.drawn(seat, lang)
    draw = cache.draw_changes(client.drawn, drawn, full)
    client.drawn = drawn
    history = client.log_seq < 0  # its first lines: the game so far (an opening, a reload)
    # A visit during a round: every line goes with the device hidden again (Still).
    going_round = client.still is not None
    # A shared device tells the table's events as the table reads them (« Noé crédite le
    # compte 6 »): its journal stays when the seat hides again, and « Tu crédites… » read
    # as the next person's own move.
    mine = client.role != "pass"
    told = [(s, *cache.event_text(event, lang, seat, mine),
             going_round or event.to is not None)
            for s, event in once_for(room, client.log_seq, seat)]
    client.log_seq = room.seq
    texts = [line[1:] for line in told]
    if not changed and not draw and not texts and not full and not hide:
        return None
    # Numbered per client: the room's seq would count the moves this client never saw
    # (a turn-based trip's secret drops, issue 20).
    client.frame_seq += 1
    number = client.frame_seq
    # ``brief``: the narration's shorter line, where the screen shows the rest in large type.
    log = [{"seq": number, "text": text, "private": private} if brief is None else
           {"seq": number, "text": text, "private": private, "brief": brief}
           for text, brief, private in texts]
    active = cache.public_active(seat)
    shown = room.deadline is not None and (
        room.deadline.player in active or room.deadline.player == seat)
    frame: dict[str, Any] = {
        "type": "update",
        "seq": number,
        "status": room.status,
        "active": list(active),
        "you": list(client.seats) if client.role in ("player", "pass") else [],
        "revealed": client.revealed,
        "deadline": cache.deadline() if shown else None,
        "session": cache.session(lang),
        "slots": {k: v for k, v in changed.items() if k not in parts} if parts else changed,
        "draw": draw,
        "log": log,
        "actions": cache.action_list(deciding, lang) if deciding is not None else [],
    }
    if parts:
        frame["parts"] = parts
    latest = latest_lines(told) if history else len(told)
    if latest < len(told):  # older lines too: the narration tells only the latest change
        frame["latest"] = latest
    if hide:
        frame["hide"] = True
    if room.status == FINISHED:
        frame["outcome"] = cache.outcome()
    return frame


def viewer(client: Client) -> Hashable | None:
    """What decides a client's next frame: its role, the seats it plays, its language,
    and the slots and log lines it was already sent. Clients with the same key (the tabs
    of one seat, the spectators of a room) get the same frame. None: a pass-and-play
    device, whose shown seat changes with the device."""
    if client.role == "pass" or client.closed:
        return None
    # ``drawn``: one object per screen and update, held alive by every client showing it
    # (its identity is its content: clients drawn in one update hold the same one).
    return (client.role, client.seats, client.lang, client.log_seq,
            tuple(client.slots.items()), id(client.drawn))


def fan_out(clients: Iterable[Client], cache: FrameCache) -> int:
    """Send every open client of ``clients`` its update, building and encoding each
    distinct viewer's frame once (:func:`viewer`); each client still numbers its own
    frames (``frame_seq``). Returns the number of frames built."""
    groups: dict[Hashable, list[Client]] = {}
    for client in clients:
        if not client.closed:
            key = viewer(client)
            groups.setdefault(("alone", id(client)) if key is None else key, []).append(
                client)
    for lead, *others in groups.values():
        frame = build(lead, cache)
        for other in others:  # the same frame: what the lead was shown, they are shown
            other.slots, other.drawn, other.log_seq = lead.slots, lead.drawn, lead.log_seq
        if frame is None:
            continue
        parts = encode_parts(frame, cache)
        for client in (lead, *others):
            if client is not lead:
                client.frame_seq += 1
            client.push_text("update", str(client.frame_seq).join(parts))
    return len(groups)


def encode(frame: dict[str, Any], cache: FrameCache) -> str:
    """The frame as JSON text; its fragments (the same for many clients, some large: an
    SVG board) are encoded once per update, not once per client."""
    return str(frame["seq"]).join(encode_parts(frame, cache))


def _plain(value: Any) -> str:
    """A value that is not a string, list or dict as JSON; the frequent ones (no timer, no
    revealed seat, a log line's privacy, a number) without a call to the encoder."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return str(value)
    if value == [] or value == {}:
        return "[]" if type(value) is list else "{}"
    return dumps(value)


def encode_parts(frame: dict[str, Any], cache: FrameCache) -> list[str]:
    """The frame as JSON text cut where its number goes (its ``seq`` and each log line's):
    ``str(n).join(parts)`` is the frame numbered ``n``, so the clients of one viewer share
    one encoding and still count their own frames."""
    parts: list[str] = []
    out: list[str] = ["{"]
    add = out.append
    text_of = cache.json_text
    first = True
    for key, value in frame.items():
        add(json_key(key) if first else _COMMA_KEYS.get(key) or "," + json_key(key))
        first = False
        if key == "seq":
            parts.append("".join(out))
            out.clear()
        elif key == "slots" or key == "parts":  # {slot: html} or {slot: {rank: html}}
            add("{")
            inner = False
            for name, html in value.items():
                add(("," if inner else "") + json_key(name))
                inner = True
                if type(html) is str:
                    add(text_of(html))
                else:
                    add("{" + ",".join(json_key(r) + text_of(h) for r, h in html.items()) + "}")
            add("}")
        elif key == "draw":  # JSON texts already (_draw_changes)
            add("{" + ",".join(json_key(name) + part for name, part in value.items()) + "}")
        elif key == "log":  # each line: {"seq": n, …} (build puts its number first)
            add("[")
            for j, line in enumerate(value):
                add("," if j else "")
                add('{"seq":')
                parts.append("".join(out))
                out.clear()
                for k, v in line.items():
                    if k != "seq":
                        add("," + json_key(k) + (text_of(v) if type(v) is str else _plain(v)))
                add("}")
            add("]")
        elif key == "active" or key == "you":
            add(cache.json_seats(value))
        elif type(value) is str:
            add(text_of(value))
        elif value and (type(value) is dict or type(value) is list):
            add(cache.json_of(value))
        else:
            add(_plain(value))
    add("}")
    parts.append("".join(out))
    return parts


#: A frame's keys after the first, encoded once with their comma (``,"status":`` …).
_COMMA_KEYS: dict[str, str] = {k: "," + json_key(k) for k in (
    "seq", "status", "active", "you", "revealed", "deadline", "session", "slots", "draw",
    "log", "actions", "parts", "latest", "hide", "outcome")}


def welcome(room: Room, client: Client) -> dict[str, Any]:
    return {
        "type": "welcome",
        "role": client.role,
        "seats": list(client.seats),
        "room": room.summary_json(client.lang),
        "lang": i18n.pick(client.lang),
    }
