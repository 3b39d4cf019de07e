"""A live room: a game in memory, its seats, its status and its pending timer.

The room holds the live state (the log is only for durability and restart), so an action
costs one ``state.apply``, never a replay. Everything here is synchronous and pure: storage,
timers, bots and sockets are driven by :mod:`ludinum.server.hub`.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any

from ludinum.engine import (
    Action,
    Deadline,
    Event,
    Game,
    GameConfig,
    HiddenTurns,
    IllegalActionError,
    LudinumError,
    State,
    deciders,
    echoed,
    people_first,
    session_end,
)
from ludinum.server.seats import BOT, HUMAN, OPEN, Seat

LOBBY, PLAYING, PAUSED, FINISHED, ENDED = "lobby", "playing", "paused", "finished", "ended"
LIVE_STATUSES = (LOBBY, PLAYING, PAUSED)
LIVE, TURNS = "live", "turns"

#: Public events kept in memory per room for late joiners and the debrief.
HISTORY = 120
#: How many story events a room keeps for its end screen (which lists the last 8 lines,
#: each once: a line may be said several times).
STORY = 64


class RoomError(LudinumError):
    code = "room_error"


def refuse(code: str, fr: str, en: str) -> RoomError:
    error = RoomError(fr, en)
    error.code = code
    return error


def game_over() -> RoomError:
    """What a change asked of a game that is over answers (a move, a start, a seat)."""
    return refuse("game_over", "La partie est terminée.", "The game is over.")


@dataclass(slots=True)
class Room:
    id: int
    code: str
    game: Game
    config: GameConfig
    mode: str
    seats: list[Seat]
    host_digest: str
    state: State
    status: str = LOBBY
    seq: int = 0
    #: The actions anyone could see happen (those with a public event): the version a
    #: room's summary shows, since :attr:`seq`'s jumps would count secret moves (issue 20).
    public_seq: int = 0
    created_at: float = 0.0
    #: The last change of any kind, a secret move included: for storage and retention
    #: only, never shown (its time would say when someone moved in secret).
    updated_at: float = 0.0
    #: When the room last changed in a way everyone could see (:meth:`note_public`): what
    #: the class dashboard's « Bloquée » counts from (docs/class.md).
    public_at: float = 0.0
    #: What everyone could see at :attr:`public_at` (:meth:`public_mark`).
    public_seen: tuple[Any, ...] = ()
    #: The pending timed decision and when it fires (epoch seconds), or what is left of
    #: it while paused.
    deadline: Deadline | None = None
    deadline_at: float | None = None
    deadline_left: float | None = None
    #: The session clock (engine/session.py): when the session's time runs out (epoch
    #: seconds, while playing) or what is left of it (while paused); None without one.
    session_at: float | None = None
    session_left: float | None = None
    #: The host closed the room to new players: every join is refused until they open it
    #: again (a script taking every seat, a removed player coming straight back).
    locked: bool = False
    #: (seq, event) of recent events, any visibility; filtered per reader.
    recent: deque[tuple[int, Event]] = field(default_factory=lambda: deque(maxlen=HISTORY))
    kinds: Counter[str] = field(default_factory=Counter)
    #: The public events of the game's story (``GameText.moments``), its end aside
    #: (``GameText.endings``: the end screen says it in large type), from the whole game:
    #: the « Moments clés » of the end screen. ``recent`` holds the last HISTORY events
    #: only, which a game's draw-pile reshuffles and stays fill: its attacks and bridges
    #: were lost from the end screen.
    story: deque[Event] = field(default_factory=lambda: deque(maxlen=STORY))
    #: What the room's screens last drew from, encoded (server/framecache.py): a part that
    #: did not change since is not encoded again. Emptied when nobody watches.
    drawn_texts: dict[tuple[Any, ...], tuple[Any, str]] = field(default_factory=dict)
    #: While a pass-and-play device of the room goes round (``engine.passing``): what its
    #: public screens (host, spectators) show, as it was when the round began
    #: (``rounds.PublicStill``; None: the game as it is, always so in a room without one).
    still: Any = None
    #: A pause the host asked for once the game ended during such a round
    #: (:meth:`end_unshown`): shown as any pause (the game is over, so nothing to stop),
    #: till « Reprendre » or the round's end. Refused, it told the room the end.
    held: bool = False

    # -- seats -----------------------------------------------------------------------
    def seat(self, index: object) -> Seat:
        if isinstance(index, bool) or not isinstance(index, int) or not (
            0 <= index < len(self.seats)
        ):
            shown = echoed(index)  # a number of 4,000 digits is not quoted whole
            raise refuse("bad_seat", f"Place inconnue : {shown}.", f"Unknown seat: {shown}.")
        return self.seats[index]

    def open_seat(self, wanted: int | None = None) -> Seat:
        if wanted is not None:
            seat = self.seat(wanted)
            if seat.kind != OPEN:
                raise refuse("seat_taken", "Cette place est déjà prise.", "This seat is taken.")
            return seat
        for seat in self.seats:
            if seat.kind == OPEN:
                return seat
        raise refuse("room_full", "Il n'y a plus de place libre dans ce salon.",
                     "There is no free seat left in this room.")

    def offer(self, index: object, offered: bool) -> Seat:
        """The host opens (or closes) a bot's seat to a pupil during the game (issue 21);
        the bot plays it until a pupil takes it. Refused, changing nothing, in the lobby (a
        pupil simply joins), once the game is over, and for a seat no bot plays."""
        seat = self.seat(index)
        if self.status == LOBBY:
            raise refuse("not_started", "La partie n'a pas commencé : l'élève rejoint "
                         "simplement le salon.", "The game has not started: the pupil "
                         "simply joins the room.")
        if not self.live:
            raise game_over()
        if seat.kind != BOT:
            raise refuse("not_a_bot", "Seule une place jouée par un bot peut être donnée "
                         "à un élève.", "Only a seat played by a bot can be given to a pupil.")
        if not offered and not seat.offered:
            raise refuse("not_offered", "Cette place n'était pas proposée aux élèves.",
                         "This seat was not offered to pupils.")
        seat.offered = offered
        return seat

    def offered_seat(self, wanted: int | None = None) -> Seat:
        """The seat a pupil joining a game under way takes: the one they touched, which the
        host must have offered, or without a choice the first one offered."""
        if wanted is not None:
            seat = self.seat(wanted)
            if not (seat.kind == BOT and seat.offered):
                raise refuse("seat_not_offered", "Cette place n'est pas proposée : demande "
                             "qu'on te la donne.", "This seat is not offered: ask for it to "
                             "be given to you.")
            return seat
        for seat in self.seats:
            if seat.kind == BOT and seat.offered:
                return seat
        raise refuse("no_seat_offered", "La partie a commencé : demande qu'on te donne "
                     "une place.", "The game has started: ask for a seat.")

    def offered_seats(self) -> list[Seat]:
        return [s for s in self.seats if s.kind == BOT and s.offered] if self.live else []

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if s.kind == HUMAN]

    def bots(self) -> list[Seat]:
        return [s for s in self.seats if s.kind == BOT]

    # -- life cycle ------------------------------------------------------------------
    def start(self, fill_level: str) -> None:
        if self.status in (FINISHED, ENDED):  # not « déjà commencé » (attack review)
            raise game_over()
        if self.status != LOBBY:
            raise refuse("already_started", "La partie a déjà commencé.",
                         "The game has already started.")
        for seat in self.seats:
            if seat.kind == OPEN:
                seat.make_bot(fill_level)
        self.status = PLAYING

    def start_session(self, now: float) -> None:
        """Start the session clock, if the game has a session length (both paces: the
        lesson's time runs whether or not the game's own timers do)."""
        seconds = self.state.session_seconds()
        self.session_at = now + seconds if seconds > 0 else None
        self.session_left = None

    def pause(self, now: float) -> None:
        if self.status != PLAYING:
            raise not_playing()
        self.status = PAUSED
        if self.deadline_at is not None:
            self.deadline_left = max(0.0, self.deadline_at - now)
            self.deadline_at = None
        if self.session_at is not None:  # a pause stops the session clock too
            self.session_left = max(0.0, self.session_at - now)
            self.session_at = None

    def resume(self, now: float) -> None:
        if self.status != PAUSED:
            raise not_paused()
        self.status = PLAYING
        if self.deadline is not None and self.deadline_left is not None:
            self.deadline_at = now + self.deadline_left
        self.deadline_left = None
        if self.session_left is not None:
            self.session_at = now + self.session_left
            self.session_left = None
        self.refresh_deadline(now, actor=None)

    def end(self) -> None:
        if self.status in (FINISHED, ENDED):
            raise game_over()
        self.status = ENDED
        self.clear_deadline()
        self.session_at = self.session_left = None

    @property
    def live(self) -> bool:
        return self.status in LIVE_STATUSES

    # -- actions ---------------------------------------------------------------------
    def check_can_act(self) -> None:
        if self.status == LOBBY:
            raise refuse("not_started", "La partie n'a pas encore commencé.",
                         "The game has not started yet.")
        if self.status == PAUSED:
            raise refuse("paused", "La partie est en pause.", "The game is paused.")
        if self.status != PLAYING:
            raise game_over()

    def apply(self, seat: int, action: Action, now: float) -> list[Event]:
        """Apply through the engine (which refuses and changes nothing if illegal)."""
        self.check_can_act()
        events = self.state.apply(seat, action)
        self.record(seat, events, now)
        return events

    def note(self, seq: int, event: Event) -> None:
        """Keep ``event`` (of move ``seq``) in the room's history, and in its story when
        it is one of the game's moments (:attr:`story`)."""
        self.recent.append((seq, event))
        if event.to is None:
            self.kinds[event.kind] += 1
            text = self.game.text
            if event.kind in text.moments and event.kind not in text.endings:
                self.story.append(event)

    def record(self, seat: int | None, events: list[Event], now: float) -> None:
        """A move ``seat`` just made (its ``events``) taken into the room: its history,
        then what follows from the new state (:meth:`settle`)."""
        self.settle(seat, self.keep(self.seq + 1, events), now)

    def keep(self, seq: int, events: list[Event]) -> bool:
        """The ``events`` of move ``seq`` kept as the room's history (a log replayed does
        only this, its row giving the rest); returns whether one of them is public."""
        self.seq = seq
        public = any(event.to is None for event in events)
        if public:
            self.public_seq += 1
        for event in events:
            self.note(seq, event)
        return public

    def settle(self, seat: int | None, public: bool, now: float) -> None:
        """After a move of ``seat`` at ``now`` (``public``: everyone saw it): the game over
        ends the room, else the timer is started, kept or dropped."""
        self.updated_at = now
        if self.state.is_terminal():
            self.status = FINISHED
            self.clear_deadline()
            self.session_at = self.session_left = None
        else:
            self.refresh_deadline(now, actor=seat)
        self.note_move(now, public)

    # -- what everyone could see change ------------------------------------------------
    def public_mark(self) -> tuple[Any, ...]:
        """What a spectator's screen shows change, as one tuple: the public moves (those
        with a public event), who is publicly acting, the status, the lock and the seats.
        A move that leaves it as it was (a virus dropped in secret in turn-based play,
        H3; « J'ai fini » during a trip) changed nothing anyone could see. Made at every
        move, so cheap: not the public view itself (its text and a comparison cost 0.1 to
        0.3 ms a move); a change of the board alone without a public event (a
        discard, counted in the hand sizes) does not count as news."""
        return (self.public_seq, self.public_active(None), self.status, self.locked,
                tuple((s.kind, s.nickname, s.bot_level, s.offered) for s in self.seats))

    def note_public(self, now: float, changed: bool = False) -> None:
        """Move :attr:`public_at` to ``now`` if everyone could see something change:
        ``changed`` (a public event, a host command, a seat) or a new :meth:`public_mark`.
        A secret move leaves it where it was, so that nothing computed from it (the class
        dashboard's « Bloquée ») tells when someone moved in secret."""
        mark = self.public_mark()
        if changed or mark != self.public_seen:
            self.public_at = now
        self.public_seen = mark

    def note_move(self, now: float, public: bool) -> None:
        """A move taken at ``now`` (``public``: it had a public event): :meth:`note_public`,
        except while a pass-and-play device goes round (:attr:`still`). The table then sees
        the device handed on (:meth:`note_step`), not what each visit did, and its public
        screens stand still: the quiet time moved at the visit where something happened
        (a « J'ai fini », a trip's drops landing) told the class dashboard at whose visit
        (docs/class.md). The round's changes count once it is over (:meth:`release_still`)."""
        if self.still is None:
            self.note_public(now, changed=public)

    def release_still(self, now: float) -> None:
        """No device of the room goes round any more (:attr:`still`): its public screens
        catch up with the round, a change everyone sees (the round's moves did not count
        while it went round, :meth:`note_move`)."""
        self.still = None
        self.held = False
        self.note_public(now, changed=True)

    def note_step(self, now: float) -> None:
        """A pass-and-play device's step at ``now`` (a seat taking it, « Cacher mon jeu »):
        the whole table sees the device handed on, whatever each visit did, so a table
        whose device goes round with people acting is never stuck."""
        self.note_public(now, changed=True)

    def quiet_for(self, now: float) -> float:
        """Seconds since everyone last saw the room change."""
        return now - self.public_at

    # -- timers ----------------------------------------------------------------------
    def clear_deadline(self) -> None:
        self.deadline = self.deadline_at = self.deadline_left = None

    def refresh_deadline(self, now: float, actor: int | None) -> None:
        """Start, keep or drop the timer after a change.

        The same pending deadline keeps running while other seats act (a response window
        or a timed trip is not restarted by someone else's move); a new decision, or the
        timed player's own move, starts a fresh one. Turn-based rooms have no timer.
        """
        if self.status != PLAYING or self.mode != LIVE:
            if self.status != PAUSED:
                self.clear_deadline()
            return
        pending = self.state.deadline()
        if pending is None or pending.seconds <= 0:
            self.clear_deadline()
            return
        same = (
            self.deadline == pending
            and self.deadline_at is not None
            and (actor is None or actor != pending.player)
        )
        if not same:
            self.deadline = pending
            self.deadline_at = now + pending.seconds
            self.deadline_left = None

    def due_action(self) -> tuple[int, Action] | None:
        """The action to apply now that the timer fired, if it still makes sense."""
        if self.deadline is None or self.status != PLAYING:
            return None
        d = self.deadline
        if d.player not in self.state.active_players():
            return None
        if d.action not in self.state.legal_actions(d.player):
            return None
        return d.player, d.action

    def session_due(self) -> tuple[int, Action] | None:
        """The session's end to apply now that its clock ran out, if the game goes on: for
        the first active seat (any seat would do; the log needs one)."""
        if self.session_at is None or self.status != PLAYING:
            return None
        active = self.state.active_players()
        return (active[0], session_end()) if active else None

    def session_seconds_left(self, now: float) -> float | None:
        if self.session_at is not None:
            return max(0.0, self.session_at - now)
        return self.session_left

    def seconds_left(self, now: float) -> float | None:
        if self.deadline_at is not None:
            return max(0.0, self.deadline_at - now)
        return self.deadline_left

    # -- what a reader may see ---------------------------------------------------------
    def events_since(self, seq: int, seat: int | None) -> list[tuple[int, Event]]:
        # From the newest back to ``seq`` (they are kept in order): a reader's new lines,
        # without going over the whole history on every update.
        out: list[tuple[int, Event]] = []
        for s, e in reversed(self.recent):
            if s <= seq:
                break
            if e.visible_to(seat):
                out.append((s, e))
        out.reverse()
        return out

    def active(self) -> tuple[int, ...]:
        """Who really acts now: for the room's own work (bots, timers, pass-and-play
        routing), never to be shown; what a reader is shown is :meth:`public_active`."""
        return self.state.active_players() if self.status == PLAYING else ()

    def deciding(self) -> tuple[int, ...]:
        """The active seats with a decision to make now (:func:`ludinum.engine.deciders`):
        a seat only waiting for the end of a duration is not one of them."""
        return deciders(self.state, self.timed()) if self.status == PLAYING else ()

    def timed(self) -> bool:
        """True while a timer will play the pending deadline's action (live rooms)."""
        return self.deadline is not None and self.deadline.seconds > 0

    def public_active(self, viewer: int | None) -> tuple[int, ...]:
        """Who ``viewer`` (a seat, None: host or spectator) may know is acting (issue 20):
        frames, status lines, seat lists and timers name these seats only."""
        return self.state.public_active(viewer) if self.status == PLAYING else ()

    def hidden_turns(self) -> HiddenTurns | None:
        """The last phase begun in which the table may not know who acts though it sees
        who may (:meth:`State.hidden_turns`): a device passed around goes round for it."""
        return self.state.hidden_turns() if self.status == PLAYING else None


    def bot_turns(self) -> list[int]:
        """Bot seats to move now: the active seats with a decision to make
        (:func:`ludinum.engine.deciders`). A bot whose only move ends a duration (a
        traveller coming back, H3) never cuts it short: it leaves it to the running timer
        in a live room, and in a turn-based room it moves only once nobody else is active.
        In a decision window (a response) a bot plays at once, even when its only move is
        the timer's; but when the window is shared with people, they answer first
        (:func:`ludinum.engine.people_first`): a bot's answer could close it before they
        were offered it."""
        if self.status != PLAYING:
            return []
        people = [s.index for s in self.seats if s.kind == HUMAN]
        return [p for p in people_first(self.state, people, self.timed())
                if self.seats[p].kind == BOT]

    def end_unshown(self) -> bool:
        """Whether the game ended while a device goes round (:attr:`still`): its public
        screens show it under way until the round is over (shown at once, the end would
        tell at whose visit it came: the thief's last credit, H5)."""
        return self.still is not None and self.status == FINISHED

    def shown_status(self) -> str:
        """The status the room's public screens show: while a device goes round
        (:attr:`still`) a game that ended during the round is still being played (its end
        shows once the round is over)."""
        if self.end_unshown():
            return PAUSED if self.held else PLAYING
        return self.status

    def hold(self, paused: bool) -> None:
        """The host's « Pause » (``paused``) or « Reprendre » once the game ended during a
        round (:meth:`end_unshown`): answered as under way, so that nothing tells the
        room the end before the round is over (a pause shows on every screen of the
        room, and the device waits for « Reprendre »)."""
        if paused and self.held:
            raise not_playing()
        if not paused and not self.held:
            raise not_paused()
        self.held = paused

    def shown_seq(self) -> int:
        """The version the room's public screens show (:attr:`public_seq`, or the one its
        :attr:`still` was taken at)."""
        return self.public_seq if self.still is None else int(self.still.public_seq)

    def shown_active(self) -> tuple[int, ...]:
        """Who the room's public screens show acting (``public_active(None)``, or who did
        when its :attr:`still` was taken)."""
        return self.public_active(None) if self.still is None else tuple(self.still.active)

    def summary_json(self, lang: str = "fr") -> dict[str, Any]:
        return {
            "code": self.code,
            "game": self.game.name,
            "title": self.game.title_en if lang == "en" else self.game.title_fr,
            "players": self.config.players,
            "mode": self.mode,
            "status": self.shown_status(),
            "seq": self.shown_seq(),
            "locked": self.locked,
            "seats": [s.public_json(lang) for s in self.seats],
        }


def not_playing() -> RoomError:
    """« Pause » of a game not under way (or already paused)."""
    return refuse("not_playing", "La partie n'est pas en cours.", "The game is not running.")


def not_paused() -> RoomError:
    """« Reprendre » of a game that is not paused."""
    return refuse("not_paused", "La partie n'est pas en pause.", "The game is not paused.")


def round_going_on() -> RoomError:
    """What a seat tool of the host's screen answers (« Confier à un bot »…) once the game
    ended while a device goes round (:meth:`Room.end_unshown`): the screens show it under
    way, and so do these words, which say nothing of the end (« La partie est finie »
    told the room at whose visit it came, H5)."""
    return refuse("round_going_on", "L'appareil fait son tour de table : réessaie après.",
                  "The shared device is going round the table: try again afterwards.")


def not_your_seat() -> IllegalActionError:
    error = IllegalActionError("Ce n'est pas ta place.", "This is not your seat.")
    error.code = "not_your_seat"
    return error
