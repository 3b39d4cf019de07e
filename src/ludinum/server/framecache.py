"""What one update's frames are made of, worked out once per update (:class:`FrameCache`):
each seat's view and the public one in each language, what a screen draws the game from
(:class:`Drawn`) and its changes as JSON texts, the room's fragments, the seats' moves with
their labels, the log lines each seat may see (:func:`once_for`) and which of them the
screen narrates (:func:`latest_lines`). ``frames`` builds and sends each viewer's frame from
it; ``rounds`` the screens that stand still while a device goes round."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ludinum.content.typography import french_spacing
from ludinum.engine import Action, Event, GameText
from ludinum.engine.events import told_at
from ludinum.server import patches, render
from ludinum.server.catalog import preferred_level
from ludinum.server.rooms import FINISHED, LIVE_STATUSES, LOBBY, PAUSED, PLAYING, Room
from ludinum.weblib import i18n

#: One encoder for every frame (``json.dumps`` with options builds one per call).
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
dumps = _ENCODER.encode
#: A string as JSON (what ``json.dumps(text, ensure_ascii=False)`` writes), without the
#: encoder around it: a frame's fragments are strings.
_string = json.encoder.encode_basestring


#: A frame's keys, encoded once (``"status":`` …).
_KEYS: dict[str, str] = {}


def json_key(name: str) -> str:
    encoded = _KEYS.get(name)
    if encoded is None:
        encoded = _KEYS[name] = dumps(name) + ":"
    return encoded



#: The viewer of a public screen's seat list while a device goes round (:class:`PublicStill`).
STILL = object()


class FrameCache:
    """Per-broadcast memo of views and fragments, keyed by seat and language."""

    def __init__(self, room: Room, now: float, levels: list[str]) -> None:
        self.room = room
        self.now = now
        self.levels = levels
        self._views: dict[int | None, dict[str, Any]] = {}
        #: Each seat's own part of its view, where the game tells it (State.own_view).
        self._own: dict[int, dict[str, Any]] = {}
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
            kept = self._shared[id(value)] = (value, dumps(value))
        return kept[1]

    def json_seats(self, seats: list[int]) -> str:
        """A list of seats as JSON (who acts, whose phone this is), remembered for good:
        a game has few such lists, sent in every frame."""
        return _seats_json(tuple(seats))

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

    def event_text(self, event: Event, lang: str, seat: int | None = None,
                   own: bool = True) -> tuple[str, str | None]:
        """The log line of one of the room's events in ``lang``, and its shorter form for
        the narration on ``seat``'s screen if the game has one (:meth:`GameText.headline`,
        from that seat's view; None: a public screen, from the public view), each written
        once per update however many clients are sent it (by identity: the room keeps its
        events). ``own`` False: a public event about ``seat`` in the third person, as the
        table reads it (a shared device: its journal stays when the seat hides again)."""
        game = self.room.game.text
        # A public event about ``seat`` itself reads « tu » there (GameText.own_line).
        mine = game.own_line(event, seat, lang) if event.to is None and own else None
        memo = (id(event), lang, seat if mine is not None else None)
        kept = self._events.get(memo)
        if kept is None or kept[0] is not event:
            said = game.event(event, lang) if mine is None else mine
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
            if room.status == LOBBY:
                self._views[seat] = room.game.lobby_view(room.state)
            elif seat is not None and (own := room.state.own_view(seat)) is not None:
                # The public view, built once, with the seat's own part (State.own_view).
                self._own[seat] = own
                self._views[seat] = {**self.view(None), **own}
            else:
                self._views[seat] = room.state.view(seat)
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
            # Where the game tells the seat's own part (State.own_view), its view is the
            # public one with that part: only that part is looked at.
            whole = self.view(seat)
            told = self._own.get(seat)
            view = game.text.localised(whole if told is None else told, lang)
            differ = {k: v for k, v in view.items() if k not in public or public[k] != v}
            if told is None:
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
                kept = room.drawn_texts[(seat, lang, "lines")] = (lines, dumps(lines))
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
            kept = self._seat_lists_text[memo] = dumps(names)
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
            # Each entry and its JSON remembered between updates (the same moves are
            # offered with the same labels again and again: a card's move from a square),
            # the list's JSON joined from them: what json_of would write.
            entries = [_entry(seat, label, action, render.written_types(action))
                       for action, label in self.labels(seat, lang)]
            listed = self._action_lists[memo] = [entry for entry, _ in entries]
            self._shared[id(listed)] = (listed, "[" + ",".join(
                text for _, text in entries) + "]")
        return listed


@lru_cache(maxsize=4096)
def _seats_json(seats: tuple[int, ...]) -> str:
    return dumps(list(seats))


@lru_cache(maxsize=16384)
def _entry(seat: int, label: str, action: Action, types: tuple[Any, ...] | None
           ) -> tuple[dict[str, Any], str]:
    """One offered move as a frame lists it (:func:`render.action_list`'s entry, never
    changed by its readers) and its JSON text (``types``: :func:`render.written_types`)."""
    entry = render.action_list(seat, [(action, label)])[0]
    return entry, dumps(entry)


def unmarked(told: Iterable[Event], marks: frozenset[str]) -> list[Event]:
    """``told`` without the marks (``GameText.marks``) that close a part where nothing
    else was told: a game whose rounds told nothing else listed « — Fin du tour 1 — » to
    « — Fin du tour 4 — » alone, which read as an empty list."""
    out: list[Event] = []
    since = False  # a moment other than a mark since the last mark kept
    for event in told:
        if event.kind not in marks:
            out.append(event)
            since = True
        elif since:
            out.append(event)
            since = False
    return out


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
    told = unmarked(told, text.marks)
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


def once_for(room: Room, seq: int, seat: int | None) -> list[tuple[int, Event]]:
    """The room's events since ``seq`` that ``seat`` may see, each thing told once: not
    the public ones its private ones say again (:func:`ludinum.engine.events.told_once`)."""
    since = room.events_since(seq, seat)
    said = room.game.text.said_privately
    if not said or seat is None or not since:  # (most games, public screens: as they are)
        return since
    return [since[i] for i in told_at([e for _, e in since], seat, said)]


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
        fresh = {k: texts[k] if k in before and before[k] == v else dumps(v)
                 for k, v in values.items()}
    else:
        fresh = {k: dumps(v) for k, v in values.items()}
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
    return "{" + ",".join(json_key(k) + t for k, t in texts.items()) + "}" if texts else ""


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
            out["unown"] = dumps(gone)
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
