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

import json
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ludinum.content.typography import french_spacing
from ludinum.engine import Action, Event, GameText
from ludinum.engine.events import told_at
from ludinum.server import patches, render
from ludinum.server.catalog import preferred_level
from ludinum.server.clients import Client
from ludinum.server.rooms import FINISHED, LIVE_STATUSES, LOBBY, PAUSED, PLAYING, Room
from ludinum.server.seats import HUMAN
from ludinum.weblib import i18n

#: One encoder for every frame (``json.dumps`` with options builds one per call).
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_dumps = _ENCODER.encode
#: A string as JSON (what ``json.dumps(text, ensure_ascii=False)`` writes), without the
#: encoder around it: a frame's fragments are strings.
_string = json.encoder.encode_basestring


#: A frame's keys, encoded once (``"status":`` …).
_KEYS: dict[str, str] = {}


def _key(name: str) -> str:
    encoded = _KEYS.get(name)
    if encoded is None:
        encoded = _KEYS[name] = _dumps(name) + ":"
    return encoded


class FrameCache:
    """Per-broadcast memo of views and fragments, keyed by seat and language."""

    def __init__(self, room: Room, now: float, levels: list[str]) -> None:
        self.room = room
        self.now = now
        self.levels = levels
        self._views: dict[int | None, dict[str, Any]] = {}
        self._active: dict[int | None, tuple[int, ...]] = {}
        self._html: dict[tuple[str, Any, str, str | None], str] = {}
        self._labels: dict[tuple[int, str], list[tuple[Action, str]]] = {}
        #: JSON text of each fragment, encoded once for every client it goes to.
        self._json: dict[str, str] = {}
        self._events: dict[tuple[int, str, int | None], tuple[Event, str]] = {}
        self._briefs: dict[tuple[int, str, int | None], tuple[Event, str | None]] = {}
        self._action_lists: dict[tuple[int, str], list[dict[str, Any]]] = {}
        #: JSON text of the objects shared by several frames (a seat's actions), by identity.
        self._shared: dict[int, tuple[object, str]] = {}
        self._seat_lists: dict[tuple[int, ...], str] = {}
        self._sessions: dict[str, dict[str, Any] | None] = {}
        self._deadline: dict[str, Any] | None = None
        self._deadline_made = False
        self._outcome: dict[str, Any] | None = None
        self._patches: dict[tuple[str, str], dict[str, str] | None] = {}
        self._names: dict[str, list[str]] = {}
        self._drawn: dict[tuple[int | None, str], Drawn] = {}
        self._public: dict[str, tuple[Mapping[str, Any], dict[str, str]]] = {}
        self._pub_changes: dict[tuple[int | None, int], str] = {}
        self._seat_lists_text: dict[tuple[Any, ...], str] = {}

    def patch(self, old: str, new: str) -> dict[str, str] | None:
        """:func:`patches.patch`, once per update for every client that was shown ``old``."""
        memo = (old, new)
        if memo not in self._patches:
            self._patches[memo] = patches.patch(old, new)
        return self._patches[memo]

    def json_text(self, html: str) -> str:
        encoded = self._json.get(html)
        if encoded is None:
            encoded = self._json[html] = _string(html)
        return encoded

    def json_of(self, value: list[Any] | dict[str, Any]) -> str:
        """``value`` as JSON, encoded once per update for every frame that carries this
        very object (a seat's actions, the session clock, the timer, the outcome)."""
        kept = self._shared.get(id(value))
        if kept is None or kept[0] is not value:
            kept = self._shared[id(value)] = (value, _dumps(value))
        return kept[1]

    def json_seats(self, seats: list[int]) -> str:
        """A list of seats as JSON (who acts, whose phone this is), once per update."""
        memo = tuple(seats)
        encoded = self._seat_lists.get(memo)
        if encoded is None:
            encoded = self._seat_lists[memo] = _dumps(seats)
        return encoded

    def session(self, lang: str) -> dict[str, Any] | None:
        """The session clock of every frame in ``lang`` this update (:func:`session`)."""
        if lang not in self._sessions:
            self._sessions[lang] = session(self.room, self.now, lang)
        return self._sessions[lang]

    def deadline(self) -> dict[str, Any] | None:
        """The pending timer as frames show it (to the seats that may know of it)."""
        if not self._deadline_made:
            room = self.room
            left = room.seconds_left(self.now)
            self._deadline = None if room.deadline is None or left is None else {
                "kind": room.deadline.kind,
                "player": room.deadline.player,
                "left": round(left, 2),
                "seconds": room.deadline.seconds,
                "running": room.deadline_at is not None,
            }
            self._deadline_made = True
        return self._deadline

    def outcome(self) -> dict[str, Any]:
        if self._outcome is None:
            self._outcome = self.room.state.outcome().to_json()
        return self._outcome

    def event_text(self, event: Event, lang: str, seat: int | None = None
                   ) -> tuple[str, str | None]:
        """The log line of one of the room's events in ``lang``, and its shorter form for
        the narration on ``seat``'s screen if the game has one (:meth:`GameText.headline`,
        from that seat's view; None: a public screen, from the public view), each written
        once per update however many clients are sent it (by identity: the room keeps its
        events)."""
        game = self.room.game.text
        # A public event about ``seat`` itself reads « tu » there (GameText.own_line).
        own = game.own_line(event, seat, lang) if event.to is None else None
        memo = (id(event), lang, seat if own is not None else None)
        kept = self._events.get(memo)
        if kept is None or kept[0] is not event:
            said = game.event(event, lang) if own is None else own
            kept = self._events[memo] = (event, french_spacing(
                game.with_names(said, self.names(lang), lang)))
        told = (id(event), lang, seat)
        brief = self._briefs.get(told)
        if brief is None or brief[0] is not event:
            line = game.headline(event, lang, self.view(seat))
            brief = self._briefs[told] = (event, None if line is None else french_spacing(
                game.with_names(line, self.names(lang), lang)))
        return kept[1], brief[1]

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know now. Before the start every screen is told the same,
        the game's lobby view (``Game.lobby_view``): a hand dealt at the room's creation
        is not shown in the lobby, where the seat may still go to another pupil or a bot
        (a phone once showed its cards), nor a turn not begun."""
        if seat not in self._views:
            room = self.room
            self._views[seat] = (room.game.lobby_view(room.state) if room.status == LOBBY
                                 else room.state.view(seat))
        return self._views[seat]

    def public_active(self, seat: int | None) -> tuple[int, ...]:
        """Who ``seat`` (None: host, spectator, hidden pass-and-play screen) may know is
        acting: the only acting list a frame ever shows (issue 20)."""
        if seat not in self._active:
            self._active[seat] = self.room.public_active(seat)
        return self._active[seat]

    def shown(self, seat: int | None) -> str:
        """The status a status line of ``seat`` (None: a screen of the table's) says: the
        room's, or « Pause » while a pause the host asked shows over a game that ended
        during a round (:attr:`Room.held`: under way until the round is over)."""
        room = self.room
        return PAUSED if seat is None and room.held and room.end_unshown() else room.status

    def names(self, lang: str) -> list[str]:
        """The seats' names in ``lang``, listed once per update (read, never changed, by
        every fragment that names a seat)."""
        names = self._names.get(lang)
        if names is None:
            names = self._names[lang] = [s.label(lang) for s in self.room.seats]
        return names

    def html(self, slot: str, key: Any, lang: str) -> str:
        # (A pause the host asked once the game ended during a round ends within an
        # update when the round does: a device gone, Room.release_still.)
        memo = (slot, key, lang, self.shown(key) if slot == "status" else None)
        if memo not in self._html:
            self._html[memo] = self._render(slot, key, lang)
        return self._html[memo]

    def _render(self, slot: str, key: Any, lang: str) -> str:
        room = self.room
        if slot == "status":
            active = self.public_active(key)
            status = self.shown(key)
            memo: tuple[Any, ...] = (
                "status", lang, key, status, active, tuple(self.names(lang)))
            return self._memo(memo, lambda: render.fragment(
                lang, "status", room=room, status=status, seat=key, active=active,
                names=self.names(lang)))
        if slot == "seats":
            host, viewer = key
            # A public screen while a device goes round: the seats acting when the round
            # began, and the status it shows (:class:`PublicStill`).
            still = viewer is STILL
            active = room.still.active if still else self.public_active(viewer)
            status = room.shown_status() if still else room.status
            seats: tuple[Any, ...] = tuple(
                (s.kind, s.nickname, s.bot_level, s.connected > 0, s.offered)
                for s in room.seats)
            memo = ("seats", lang, host, status, room.locked, active, seats)
            return self._memo(memo, lambda: render.fragment(
                lang, "seats", room=room, host=host, active=active, status=status,
                live=status in LIVE_STATUSES, levels=self.levels,
                default_level=preferred_level(self.levels)))
        if slot == "debrief":
            return debrief(room, lang, self.names(lang)) if room.status == FINISHED else ""
        if slot == "privacy":
            seat = key
            if seat is None:
                return ""
            if isinstance(key, tuple) and key[0] == "idle":  # a round's seat, shown
                return render.fragment(lang, "pass_idle", name=room.seats[key[1]].label(lang),
                                       game=room.status == PLAYING)
            if isinstance(key, tuple):  # ("lobby", the device's seats)
                here = [room.seats[s].label(lang) for s in key[1]]
                return render.fragment(lang, "pass_lobby", code=room.code, here=here)
            return render.fragment(lang, "privacy", seat=seat, name=room.seats[seat].label(lang))
        raise KeyError(slot)

    def _memo(self, key: tuple[Any, ...], make: Callable[[], str]) -> str:
        """A fragment that depends only on ``key``, a tuple of plain values (kept between
        updates, all rooms; the tuple itself is the key: no digest to compute)."""
        return render.memo_html((self.room.game.name, *key), make)

    def drawn(self, seat: int | None, lang: str) -> Drawn:
        """What a screen of ``seat`` (None: the public) in ``lang`` draws from (:class:`Drawn`),
        once per update for every client of that screen (never changed once made)."""
        memo = (seat, lang)
        made = self._drawn.get(memo)
        if made is None:
            made = self._drawn[memo] = self._make_drawn(seat, lang)
        return made

    def _make_drawn(self, seat: int | None, lang: str) -> Drawn:
        room = self.room
        game = room.game
        public, pub = self.public(lang)
        own: dict[str, str] = _NO_TEXTS
        if seat is not None:
            # The seat's own view where it differs from the public one (its hand…): a
            # key the seat sees as everyone does comes with the public view, once.
            view = game.text.localised(self.view(seat), lang)
            differ = {k: v for k, v in view.items() if k not in public or public[k] != v}
            for k in public:
                if k not in view:
                    differ[k] = None
            own = _texts_kept(room.drawn_texts, (seat, lang), differ)
        if game.page_lines:  # the page writes them from the view
            lines_text = "[]"
        else:
            lines = render.lines(game, self.view(seat), lang, self.names(lang))
            kept = room.drawn_texts.get((seat, lang, "lines"))
            if kept is None or kept[0] != lines:
                kept = room.drawn_texts[(seat, lang, "lines")] = (lines, _dumps(lines))
            lines_text = kept[1]
        wait = _string(self.wait(seat, lang)) if seat is not None else '""'
        return Drawn(pub, own, lines_text, self.json_seats_names(lang), wait,
                     "null" if seat is None else str(seat))

    def public(self, lang: str) -> tuple[Mapping[str, Any], dict[str, str]]:
        """The public view in ``lang`` and its keys as JSON texts, once per update: every
        screen draws its board from it, and a seat's view is it with the seat's own keys."""
        made = self._public.get(lang)
        if made is None:
            view = self.room.game.text.localised(self.view(None), lang)
            made = self._public[lang] = (view, _texts_kept(
                self.room.drawn_texts, (None, lang), view))
        return made

    def draw_changes(self, held: Drawn | None, drawn: Drawn, full: bool) -> dict[str, str]:
        """:func:`_draw_changes`, with the public view's changes worked out and encoded
        once per update for every client that held the same public view."""
        fresh = full or held is None
        memo = (None if fresh else id(held.pub), id(drawn.pub))  # type: ignore[union-attr]
        pub = self._pub_changes.get(memo)
        if pub is None:
            pub = self._pub_changes[memo] = _encoded(_changed(
                _NO_TEXTS if fresh else held.pub, drawn.pub))  # type: ignore[union-attr]
        return _draw_changes(held, drawn, full, pub)

    def json_seats_names(self, lang: str) -> str:
        names = self.names(lang)
        memo = ("names", *names)
        kept = self._seat_lists_text.get(memo)
        if kept is None:
            kept = self._seat_lists_text[memo] = _dumps(names)
        return kept

    def wait(self, seat: int, lang: str) -> str:
        """What the seat's screen says instead of a decision (empty: it decides, or the
        game is over): the lobby, the pause, the game's own words, or its turn to wait."""
        room = self.room
        labels = self.labels(seat, lang)
        if not labels and room.status == LOBBY:  # nothing to wait for yet but the start
            return i18n.gettext(lang, "La partie n'a pas encore commencé.")
        if room.status == PAUSED:  # the host paused: no move is taken until resumed
            return i18n.gettext(lang, "La partie est en pause.")
        if labels or not room.live:  # a decision to draw, or over: nothing to wait for
            return ""
        said = room.game.text.waiting(self.view(seat), lang)
        return french_spacing(said) if said else i18n.gettext(lang, "Attends ton tour…")

    def labels(self, seat: int, lang: str) -> list[tuple[Action, str]]:
        """The seat's legal actions now, with their button text."""
        memo = (seat, lang)
        if memo not in self._labels:
            room = self.room
            legal = room.state.legal_actions(seat) if seat in room.deciding() else []
            self._labels[memo] = render.labelled(room.game, self.view(seat), legal, lang,
                                                 self.names(lang))
        return self._labels[memo]

    def action_list(self, seat: int, lang: str) -> list[dict[str, Any]]:
        """The seat's actions as a frame lists them: one list per update (every frame of
        the seat carries this very list, encoded once: :meth:`json_of`)."""
        memo = (seat, lang)
        listed = self._action_lists.get(memo)
        if listed is None:
            labels = self.labels(seat, lang)
            listed = self._action_lists[memo] = render.action_list(seat, labels)
            # Its JSON, from each action's remembered once (the same actions are offered
            # move after move, their labels change): what json_of would write.
            head = '{"seat":' + str(seat) + ',"label":'
            self._shared[id(listed)] = (listed, "[" + ",".join(
                head + self.json_text(label) + ',"action":' + _action_json(action) + "}"
                for action, label in labels) + "]")
        return listed


def _action_json(action: Action) -> str:
    """An action's JSON as frames write it, remembered (``types``: an action equals one
    whose 1 is True, but they are written differently)."""
    return _action_json_of(action, tuple(type(v) for _, v in action.params))


@lru_cache(maxsize=8192)
def _action_json_of(action: Action, types: tuple[type, ...]) -> str:
    return _dumps(action.to_json())


def debrief(room: Room, lang: str, names: list[str]) -> str:
    outcome = room.state.outcome()
    text = room.game.text
    # The game's story from its whole course (Room.story), or, for a game naming no
    # story kinds, the rare kinds of its recent events; never the game's end, which the
    # outcome above says in large type (« Limite de 5 tours atteinte : pas de gagnant. »,
    # GameText.endings): the moments are how it came to that.
    rare = {k for k, n in room.kinds.items() if n <= 3} - text.endings
    told = room.story if text.moments else [
        e for _, e in room.recent if e.to is None and e.kind in rare]
    # Each moment once (a line said twice is one moment), where it was said last: kept
    # where first said, a theft said again in round 13 was missing after its attack.
    lines = [text.with_names(text.moment(e, lang), names, lang) for e in told]
    moments = list(dict.fromkeys(reversed(lines)))[:8][::-1]
    over = room.state.is_terminal()
    lessons = text.lessons(room.state, lang) if over else []
    public = room.state.view(None)
    standings = text.standings(public, lang)
    ending = ending_line(text, public, names, lang) if over else ""
    return render.fragment(lang, "debrief", outcome=outcome, names=names, moments=moments,
                           room=room, lessons=lessons, standings=standings, ending=ending,
                           score_column=text.score_column(lang),
                           score_caption=text.score_caption(lang))


def ending_line(text: GameText, public: Mapping[str, Any], names: list[str], lang: str) -> str:
    """Why a finished game ended (``GameText.ending``), seats by nickname: the sentence
    under the outcome on the end screen and on a replay's last step (frag/outcome.html)."""
    ending = text.ending(public, lang)
    return french_spacing(text.with_names(ending, names, lang)) if ending else ""


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


#: The viewer of a public screen's seat list while a device goes round (:class:`PublicStill`).
STILL = object()
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
    the device (:class:`OwnStill`) but those deciding now, who decide in the round."""
    client.still = still_screen(client, cache)
    room = cache.room
    if room.still is None:
        phones = [s.index for s in room.seats
                  if s.kind == HUMAN and s.index not in client.seats]
        own: dict[tuple[int, str], OwnStill] = {}
        for seat in phones:
            own.update(own_screens(cache, seat))
        deciding = room.deciding()
        room.still = PublicStill(
            {lang: cache.html("status", None, lang) for lang in i18n.LANGS},
            {lang: cache.drawn(None, lang) for lang in i18n.LANGS},
            cache.public_active(None), room.seq, room.public_seq, own,
            {seat for seat in phones if seat in deciding})


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
    room, lang, seat = cache.room, client.lang, client.view_seat()
    told = [(s, *cache.event_text(event, lang, seat), event.to is not None)
            for s, event in once_for(room, client.log_seq, seat) if s <= own.log_seq]
    latest = latest_lines(told) if client.log_seq < 0 else None
    client.log_seq = max(client.log_seq, own.log_seq)
    return standing_frame(client, cache, {"status": own.status, "debrief": ""}, own.drawn,
                          own.active, None, [line[1:] for line in told], False, full, latest)


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
    room, lang = cache.room, client.lang
    slots = {"status": still.status[lang], "debrief": "",
             "seats": cache.html("seats", (client.role == "host", STILL), lang)}
    told = [(s, *cache.event_text(event, lang), event.to is not None)
            for s, event in room.events_since(client.log_seq, None) if s <= still.log_seq]
    latest = latest_lines(told) if client.log_seq < 0 else None
    client.log_seq = max(client.log_seq, still.log_seq)
    return standing_frame(client, cache, slots, still.drawn[lang], still.active, None,
                          [line[1:] for line in told], False, full, latest)


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
    if paused:
        slots = {**slots, "status": cache.html("status", None, lang)}
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


def once_for(room: Room, seq: int, seat: int | None) -> list[tuple[int, Event]]:
    """The room's events since ``seq`` that ``seat`` may see, each thing told once: not
    the public ones its private ones say again (:func:`ludinum.engine.events.told_once`)."""
    since = room.events_since(seq, seat)
    said = room.game.text.said_privately
    if not said or seat is None or not since:  # (most games, public screens: as they are)
        return since
    return [since[i] for i in told_at([e for _, e in since], seat, said)]


def done_screen(client: Client, cache: FrameCache, seat: int) -> Done:
    """The step « Ton tour est fini » of ``seat``, as the game is now (its move was just
    played): the seat's lines since its screen last had some are told with it, and those
    told to it alone (the card drawn…) on the card too, where it reads them first."""
    room, lang = cache.room, client.lang
    going_round = client.still is not None  # a visit's lines go when it is hidden (Still)
    events = [event for _, event in once_for(room, client.log_seq, seat)]
    lines = [(*cache.event_text(event, lang, seat), going_round or event.to is not None)
             for event in events]
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
    slots: dict[str, str] = {
        "status": cache.html("status", seat, lang),
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
    told = [(s, *cache.event_text(event, lang, seat), going_round or event.to is not None)
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
        "actions": cache.action_list(seat, lang) if seat is not None else [],
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


def latest_lines(told: list[tuple[int, str, str | None, bool]]) -> int:
    """How many of a screen's log lines, ``(room seq, text, brief, private)`` in order, end
    with the latest change it narrates: from the first line of the newest change that left
    it a line to narrate (public, its brief not empty: what app.js ``narrate`` shows) to
    the end. A screen connected all along narrated that change last; the page narrates
    those trailing lines only, and lists them all in its journal. 0: nothing to narrate."""
    newest = next((s for s, text, brief, private in reversed(told)
                   if not private and (text if brief is None else brief)), None)
    if newest is None:
        return 0
    return len(told) - next(i for i, line in enumerate(told) if line[0] == newest)


@dataclass(frozen=True, slots=True)
class Drawn:
    """What a screen draws from, each part as JSON text (``server/frames.py`` sends a client
    the parts it lacks): the public view's keys in its language (``pub``: every screen's
    board and the base of its view), the seat's own keys where its view differs (``own``),
    the game's text lines (when the server writes them), the names, what the seat waits
    for and the seat."""

    pub: dict[str, str]
    own: dict[str, str]
    lines: str
    names: str
    wait: str
    seat: str


_NO_TEXTS: dict[str, str] = {}
#: A client that was drawn nothing yet.
NOTHING = Drawn({}, {}, "", "", "", "")


def _texts_kept(memo: dict[Any, Any], key: Any, values: Mapping[str, Any]) -> dict[str, str]:
    """``values`` as JSON texts by key, each encoded again only when it differs from the
    value the room last encoded there (most of a view is the same from one move to the
    next: a comparison costs less than an encoding). The same dict as the last time when
    nothing changed."""
    kept = memo.get(key)
    if kept is not None:
        before, texts = kept
        if before == values:
            return texts  # type: ignore[no-any-return]
        fresh = {k: texts[k] if k in before and before[k] == v else _dumps(v)
                 for k, v in values.items()}
    else:
        fresh = {k: _dumps(v) for k, v in values.items()}
    memo[key] = (values, fresh)
    return fresh


def _changed(held: dict[str, str], now: dict[str, str]) -> dict[str, str]:
    """The keys of ``now`` whose text differs from ``held``'s, and null for a key gone."""
    if held is now:
        return _NO_TEXTS
    out = {k: t for k, t in now.items() if held.get(k) is not t and held.get(k) != t}
    for k in held:
        if k not in now:
            out[k] = "null"
    return out


def _encoded(texts: dict[str, str]) -> str:
    """A dict of JSON texts as one JSON object's text (empty: nothing)."""
    return "{" + ",".join(_key(k) + t for k, t in texts.items()) + "}" if texts else ""


def _draw_changes(held: Drawn | None, drawn: Drawn, full: bool, pub: str) -> dict[str, str]:
    """The parts of ``drawn`` a client holding ``held`` lacks, as a frame's ``draw``, each
    as JSON text already (:func:`encode_parts` writes it as it is): ``pub`` (the public
    view's changed keys, null for a key gone: ``pub`` as worked out once for every client,
    :meth:`FrameCache.draw_changes`), ``own`` (the seat's own keys that changed), ``unown``
    (keys the seat no longer sees otherwise than everyone), ``lines``, ``names``, ``wait``,
    ``seat``, and ``reset`` when the client starts afresh."""
    if held is drawn and not full:
        return {}
    out: dict[str, str] = {}
    if full or held is None:
        held = NOTHING
        out["reset"] = "true"
    if pub:
        out["pub"] = pub
    if held.own is not drawn.own:
        own = {k: t for k, t in drawn.own.items() if held.own.get(k) != t}
        if own:
            out["own"] = _encoded(own)
        gone = [k for k in held.own if k not in drawn.own]
        if gone:
            out["unown"] = _dumps(gone)
    for part in ("lines", "names", "wait", "seat"):
        text = getattr(drawn, part)
        if text != getattr(held, part):
            out[part] = text
    return out


def session(room: Room, now: float, lang: str) -> dict[str, Any] | None:
    """The session clock (engine/session.py) every screen shows from the start: the time
    left (counting down while ``running``) and the game's rule for when it runs out."""
    left = room.session_seconds_left(now)
    if left is None and room.status == LOBBY:  # shown beforehand, not yet running
        left = room.state.session_seconds() or None
    if left is None:
        return None
    return {"left": round(left, 2), "running": room.session_at is not None,
            "rule": french_spacing(room.game.text.session_rule(lang))}


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
    return _dumps(value)


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
        add(_key(key) if first else _COMMA_KEYS.get(key) or "," + _key(key))
        first = False
        if key == "seq":
            parts.append("".join(out))
            out.clear()
        elif key == "slots" or key == "parts":  # {slot: html} or {slot: {rank: html}}
            add("{")
            inner = False
            for name, html in value.items():
                add(("," if inner else "") + _key(name))
                inner = True
                if type(html) is str:
                    add(text_of(html))
                else:
                    add("{" + ",".join(_key(r) + text_of(h) for r, h in html.items()) + "}")
            add("}")
        elif key == "draw":  # JSON texts already (_draw_changes)
            add("{" + ",".join(_key(name) + part for name, part in value.items()) + "}")
        elif key == "log":  # each line: {"seq": n, …} (build puts its number first)
            add("[")
            for j, line in enumerate(value):
                add("," if j else "")
                add('{"seq":')
                parts.append("".join(out))
                out.clear()
                for k, v in line.items():
                    if k != "seq":
                        add("," + _key(k) + (text_of(v) if type(v) is str else _plain(v)))
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
_COMMA_KEYS: dict[str, str] = {k: "," + _key(k) for k in (
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
