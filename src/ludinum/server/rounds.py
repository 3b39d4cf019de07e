"""Pass-and-play rounds: what the screens show while one device goes round the table
(``engine.passing``). The device between two visits, the room's public screens and the own
phones of a room that mixes them stand still as the game was when the round began (the
table must not learn at whose visit a secret move was made, H2, H4, H5); a visit shows its
person their own game; the round's public lines are told once it is over. Also the
device's screen once its seats' turns are done (:class:`Done`) and who it goes to next
(:func:`pass_target`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ludinum.server import render
from ludinum.server.clients import Client
from ludinum.server.framecache import STILL, Drawn, FrameCache, latest_lines, once_for
from ludinum.server.rooms import FINISHED, PAUSED, PLAYING, Room
from ludinum.server.seats import HUMAN
from ludinum.weblib import i18n


def pass_target(room: Room, client: Client) -> int | None:
    """On a pass-and-play device: the seat to hand the device to (``engine.passing``: a
    seat the table may know acts, or the next of a round while one decides in secret, a
    thief, H5, or while who acts is hidden among seats the table sees acting, a trip, H2,
    H4), if any."""
    if closing(room, client):  # (none while the host's pause shows: Room.held)
        return None if room.held else client.passing.owed[0]
    if room.status != PLAYING:
        return None
    return client.passing.next(room.deciding(), room.public_active(None),
                               people_of(room, client), room.hidden_turns())


def closing(room: Room, client: Client) -> bool:
    """A pass-and-play device whose game ended during a round (``PassRound.owed``): the
    round goes on to its end before the end is shown, as in the terminal. Were the last
    secret move (a thief crediting a bill, H5) to show the end at once, the table would
    know whose it was: the person holding the device then."""
    return client.role == "pass" and room.status == FINISHED and bool(client.passing.owed)


@dataclass(frozen=True, slots=True)
class Still:
    """The screen a device passed around shows between two visits while it goes round
    (``engine.passing``), as it was when the round began: what the table sees of the game
    must not move on during the round, or it would show when the secret or the hidden
    phase ended (the thief's credit, H5, showing at the visit of the thief; a trip's drops
    landing before every player had the device, H2, H4). The visits show each person their
    own game as it is; their log lines go when the device is hidden again, and the round's
    public lines are told once it is over."""

    status: str
    drawn: Drawn
    active: tuple[int, ...]
    log_seq: int


def still_screen(client: Client, cache: FrameCache) -> Still:
    """The device's screen between visits, as the game is now (a round begins)."""
    return Still(cache.html("status", None, client.lang), cache.drawn(None, client.lang),
                 cache.public_active(None), cache.room.seq)


#: The statuses in which a device going round stands still (paused too; a game stopped
#: by the host shows as it is).
ROUND_STATUSES = (PLAYING, PAUSED, FINISHED)


@dataclass(frozen=True, slots=True)
class PublicStill:
    """What the room's public screens (host, spectators: the public viewer) show while a
    pass-and-play device of the room goes round, as it was when the round began, in every
    language: the same as the device's :class:`Still`. The projector beside the table
    followed the game live and told the table what the device's screen hides (when the
    thief credited his bill, H5; when a trip's drops landed, H2, H4). One for the room
    (``Room.still``), taken when a round begins and dropped once no device of the room
    goes round: its screens then show the game as it is, with the round's public lines."""

    #: The status line in each language.
    status: dict[str, str]
    #: What the board is drawn from in each language.
    drawn: dict[str, Drawn]
    active: tuple[int, ...]
    #: The room's ``seq`` and ``public_seq`` then: the lines told until the round is over,
    #: the version a room's summary shows.
    log_seq: int
    public_seq: int
    #: What the own phone of each seat off the device shows meanwhile, in each language
    #: (:class:`OwnStill`), by ``(seat, lang)``: retaken when the seat's decision in the
    #: round ends (:func:`watch_phones`).
    own: dict[tuple[int, str], OwnStill]
    #: The seats off the device whose own phone follows the game as it is, to decide: each
    #: decided when the round began and has since, or decides in secret (its own secret).
    live: set[int]


@dataclass(frozen=True, slots=True)
class OwnStill:
    """What a player's own phone shows while a device of its room goes round, its seat
    not deciding in the round (:attr:`PublicStill.live`): its own screen as it stood when
    the round began, or right after its last move in the round. Were it to follow the
    game, its player would see, looking at who holds the device, at whose visit the game
    moved on: a trip's drops landing (who still had viruses, H2, H4), the thief's secret
    credit (H5), the end. Its own moves move it on; the rest shows once the round is
    over, with the round's lines, as on the projector. A decision that comes up in the
    open during the round waits for its end, as on the device."""

    status: str
    drawn: Drawn
    active: tuple[int, ...]
    #: The room's ``seq`` then: the lines told until the round is over or it moves again.
    log_seq: int


def own_screens(cache: FrameCache, seat: int) -> dict[tuple[int, str], OwnStill]:
    """The own phone of ``seat`` as the game is now, in every language (:class:`OwnStill`)."""
    room = cache.room
    return {(seat, lang): OwnStill(cache.html("status", seat, lang), cache.drawn(seat, lang),
                                   cache.public_active(seat), room.seq)
            for lang in i18n.LANGS}


def begin_round(client: Client, cache: FrameCache) -> None:
    """A round of the device ``client`` begins (or it joined during one): its screen
    between visits, and the room's public screens unless another device's round holds
    them already, stand as the game is now, and so do the own phones of the people off
    the device (:class:`OwnStill`) but those deciding now, who decide in the round. A
    bot's seat off the device too: a late pupil may take it during the round (issue 21),
    and their phone then stands as that seat stood (it followed the game live, the trip's
    drops landing at the visit that made them, H2, H4)."""
    client.still = still_screen(client, cache)
    room = cache.room
    if room.still is None:
        off_device = [s.index for s in room.seats if s.index not in client.seats]
        own: dict[tuple[int, str], OwnStill] = {}
        for seat in off_device:
            own.update(own_screens(cache, seat))
        deciding = room.deciding()
        room.still = PublicStill(
            {lang: cache.html("status", None, lang) for lang in i18n.LANGS},
            {lang: cache.drawn(None, lang) for lang in i18n.LANGS},
            cache.public_active(None), room.seq, room.public_seq, own,
            {seat for seat in off_device if seat in deciding})


def watch_phones(room: Room, made: Callable[[], FrameCache]) -> None:
    """After every move during a device's round (``Room.still``): an own phone whose seat
    decided in the round and has no decision left stands as it is now, right after its
    last move (:class:`OwnStill`), till the round is over; one whose seat begins to decide
    in secret follows the game, to decide (the thief knows his own secret, H5). A
    decision in the open that comes up during the round waits for its end."""
    still = room.still
    if still is None:
        return
    deciding = room.deciding()
    public = room.public_active(None)
    for seat in {seat for seat, _ in still.own}:
        if seat in still.live and seat not in deciding:
            still.live.discard(seat)
            still.own.update(own_screens(made(), seat))
        elif seat not in still.live and seat in deciding and seat not in public:
            still.live.add(seat)


def own_still(room: Room, client: Client) -> OwnStill | None:
    """What a player's own phone shows while a device of its room goes round
    (:class:`OwnStill`), or None: the game as it is (no round, its seat deciding in it)."""
    still = room.still
    seat = client.view_seat()
    if (client.role != "player" or still is None or seat is None or seat in still.live
            or room.status not in ROUND_STATUSES):
        return None
    own: OwnStill | None = still.own.get((seat, client.lang))
    return own


def own_still_frame(client: Client, cache: FrameCache, own: OwnStill,
                    full: bool) -> dict[str, Any] | None:
    """The frame of an own phone standing still during a device's round
    (:class:`OwnStill`): its status line, board and seats acting as they stood, the lines
    its seat was told until then only, no move offered, no end yet."""
    lines, latest = lines_until(client, cache, client.view_seat(), own.log_seq)
    return standing_frame(client, cache, {"status": own.status, "debrief": ""}, own.drawn,
                          own.active, None, lines, False, full, latest)


def going_round(room: Room, clients: Iterable[Client]) -> bool:
    """Whether a pass-and-play device of the room goes round (``PassRound.owed``) in a
    status where it stands still."""
    return room.status in ROUND_STATUSES and any(
        c.role == "pass" and not c.closed and c.passing.owed for c in clients)


def round_over(room: Room, clients: Iterable[Client], now: float) -> bool:
    """Whether the public screens stood still (``Room.still``) and no device of
    ``clients`` goes round any more (its last visit, a device gone, the end shown): then
    they are released (``Room.release_still``), to show the game as it is."""
    if room.still is None or going_round(room, clients):
        return False
    room.release_still(now)
    return True


def public_still_frame(client: Client, cache: FrameCache, still: PublicStill,
                       full: bool) -> dict[str, Any] | None:
    """The frame of a public screen (host, spectator) while a device of the room goes round
    (:class:`PublicStill`): its status line, seats acting and board as they were when the
    round began, the lines up to then only (a screen opened during the round), no end
    yet. The seats' list and the host's controls keep working; « Pause » shows, as it
    tells nothing."""
    lang = client.lang
    slots = {"status": still.status[lang], "debrief": "",
             "seats": cache.html("seats", (client.role == "host", STILL), lang)}
    lines, latest = lines_until(client, cache, None, still.log_seq)
    return standing_frame(client, cache, slots, still.drawn[lang], still.active, None,
                          lines, False, full, latest)


def lines_until(client: Client, cache: FrameCache, seat: int | None, upto: int
                ) -> tuple[list[tuple[str, str | None, bool]], int | None]:
    """The log lines a screen standing still was not sent yet, ``seat``'s (None: a public
    screen's), up to the room's ``seq`` ``upto`` (when it was taken), ``(text, brief,
    private)``, and how many make up the latest change on a screen's first lines
    (:func:`latest_lines`); the client counted as told them."""
    told = [(s, *cache.event_text(event, client.lang, seat), event.to is not None)
            for s, event in once_for(cache.room, client.log_seq, seat) if s <= upto]
    latest = latest_lines(told) if client.log_seq < 0 else None
    client.log_seq = max(client.log_seq, upto)
    return [line[1:] for line in told], latest


def still_frame(client: Client, cache: FrameCache, target: int | None, hide: bool,
                full: bool) -> dict[str, Any] | None:
    """The frame of a device going round (:class:`Still`) under the privacy card of the
    round's next seat, ``target``, or, after the end, the card of the seat visited, who
    has nothing to do. No move, no line, and no end yet."""
    still: Still = client.still
    seat = client.revealed
    card = cache.html("privacy", target if seat is None else ("idle", seat), client.lang)
    return standing_frame(client, cache, {"status": still.status, "debrief": "",
                                          "privacy": card},
                          still.drawn, still.active, seat, [], hide, full)


def standing_frame(client: Client, cache: FrameCache, slots: dict[str, str],
                   drawn: Drawn, active: tuple[int, ...], revealed: int | None,
                   lines: list[tuple[str, str | None, bool]], hide: bool,
                   full: bool, latest: int | None = None) -> dict[str, Any] | None:
    """The frame of a screen that stands as it was taken (a pass-and-play device's
    :class:`Still` or :class:`Done`, a public screen's :class:`PublicStill`): its
    ``slots`` (the status line…) and drawing, the ``lines`` ``(text, brief, private)``
    given (``latest``: how many of them make up the latest change, for a screen's first
    lines), no move offered, no clock; « Pause » over it while paused, which tells
    nothing. None when nothing changed."""
    lang = client.lang
    paused = cache.room.shown_status() == PAUSED  # a pause the host asked, shown
    if paused:  # an own phone still says whose it is (« Pause · Tu es Léa »)
        own = client.view_seat() if client.role == "player" else None
        slots = {**slots, "status": cache.html("status", own, lang)}
    changed = {k: v for k, v in slots.items() if full or client.slots.get(k) != v}
    if changed:
        client.slots = {**client.slots, **changed}
    draw = cache.draw_changes(client.drawn, drawn, full)
    client.drawn = drawn
    if not changed and not draw and not lines and not full and not hide:
        return None
    client.frame_seq += 1
    number = client.frame_seq
    frame: dict[str, Any] = {
        "type": "update", "seq": number, "status": PAUSED if paused else PLAYING,
        "active": list(active), "you": list(client.seats), "revealed": revealed,
        "deadline": None, "session": cache.session(lang), "slots": changed, "draw": draw,
        "log": [{"seq": number, "text": text, "private": private} if brief is None else
                {"seq": number, "text": text, "private": private, "brief": brief}
                for text, brief, private in lines],
        "actions": [],
    }
    if latest is not None and latest < len(lines):
        frame["latest"] = latest
    if hide:
        frame["hide"] = True
    return frame


@dataclass(slots=True)
class Done:
    """The screen of a device passed around whose seat just ended its visit by its own
    move: that seat's view as it stood right after the move, its private result and log
    lines included, under « Ton tour est fini », until its person hides it (``hand_on``).
    A player at a real table reads the card they drew before passing the cards on. It is
    taken when the move is played and never moves on while shown: were it to follow the
    game, the seat would see what others did after it (bots playing at once), and the
    table when a secret or a hidden phase ended. Every visit ended by the seat's own move
    has this step, whether the move had a private result or not: an extra tap for some
    moves only would tell the table who learnt a secret."""

    seat: int
    #: The card (« Ton tour est fini », the lines told to the seat alone, « Cacher mon jeu »).
    privacy: str
    status: str
    drawn: Drawn
    active: tuple[int, ...]
    #: The lines told with the step, ``(text, brief, private)``, until sent (then empty).
    lines: list[tuple[str, str | None, bool]]


def done_screen(client: Client, cache: FrameCache, seat: int) -> Done:
    """The step « Ton tour est fini » of ``seat``, as the game is now (its move was just
    played): the seat's lines since its screen last had some are told with it, and those
    told to it alone (the card drawn…) on the card too, where it reads them first."""
    room, lang = cache.room, client.lang
    going_round = client.still is not None  # a visit's lines go when it is hidden (Still)
    events = [event for _, event in once_for(room, client.log_seq, seat)]
    # The table's events as the table reads them: the journal of a shared device stays
    # when the seat hides again (frames.build).
    lines = [(*cache.event_text(event, lang, seat, own=False),
              going_round or event.to is not None) for event in events]
    client.log_seq = room.seq
    own = [text for (text, _, _), event in zip(lines, events, strict=True)
           if event.to is not None and text]
    card = render.fragment(lang, "pass_done", name=room.seats[seat].label(lang), told=own)
    return Done(seat, card, cache.html("status", seat, lang), cache.drawn(seat, lang),
                cache.public_active(seat), lines)


def done_frame(client: Client, cache: FrameCache, hide: bool,
               full: bool) -> dict[str, Any] | None:
    """The frame of a device showing a seat's :class:`Done` step: no move offered, no
    clock, nothing of what happened since (a pause shows, as it tells nothing); its lines
    go with the first frame."""
    done: Done = client.done
    lines, done.lines = done.lines, []
    return standing_frame(client, cache, {"status": done.status, "debrief": "",
                                          "privacy": done.privacy},
                          done.drawn, done.active, done.seat, lines, hide, full)


def finish_visit(room: Room, client: Client, seat: int, cache: FrameCache) -> bool:
    """After a move of ``seat``: when it is the seat shown on a pass-and-play device and
    its visit is over (``PassRound.over``, or the game ended), the round goes on and the
    device shows the seat's :class:`Done` step. True when it does."""
    if (client.role != "pass" or client.revealed != seat or client.idle
            or client.done is not None):
        return False
    if room.status == PLAYING:
        if not client.passing.over(seat, room.deciding(), room.public_active(None),
                                   room.hidden_turns()):
            return False
    elif room.status != FINISHED:
        return False
    client.passing.visited(seat)
    client.done = done_screen(client, cache, seat)
    return True


def watch_device(room: Room, client: Client) -> bool:
    """Let a pass-and-play device see the room's state (``PassRound.watch``): after every
    move, as a secret begun and ended between two frames (a bot stealing at once) calls
    for a round all the same. True when a round begins now (its :class:`Still` is to be
    taken from the game as it is)."""
    if room.status == PLAYING:
        client.passing.watch(room.deciding(), room.public_active(None),
                             people_of(room, client), room.hidden_turns())
    return client.still is None and bool(client.passing.owed)


def people_of(room: Room, client: Client) -> list[int]:
    """The seats a pass-and-play device plays that people play (not given to a bot)."""
    return [s for s in client.seats if room.seats[s].kind == HUMAN]
