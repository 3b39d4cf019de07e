"""The hub: live rooms in memory, the path of every action, fan-out, timers and bots.

An action (from a player, a bot or a timer) is checked and applied by the engine on the
live state, committed to storage, and only then sent: each client gets a frame built from
its own view. Bots play on the event loop with a short delay so people can follow; a slow
bot level thinks in a worker thread on a copy of the state, so other rooms never wait.
"""

from __future__ import annotations

import asyncio
import logging
import secrets as _secrets
import time
from collections.abc import Callable
from typing import Any

from ludinum.bots.base import Bot
from ludinum.engine import Action, Event, LudinumError, OptionError, visible
from ludinum.server import frames, i18n, names, protocol, tokens
from ludinum.server.catalog import Catalog
from ludinum.server.clients import Client
from ludinum.server.protocol import fail
from ludinum.server.rooms import (
    ENDED,
    FINISHED,
    LIVE,
    LIVE_STATUSES,
    LOBBY,
    PLAYING,
    TURNS,
    Room,
    not_your_seat,
    refuse,
)
from ludinum.server.seats import HUMAN, Seat
from ludinum.server.storage import RoomRow, Storage
from ludinum.server.timers import Timers

log = logging.getLogger("ludinum.server")

#: Bits of a live room's seed, drawn from the OS: one player's opening hand must not give
#: away the seed and with it every other hand (simulations keep their chosen seeds).
SEED_BITS = 128
#: Bot levels that think long enough to deserve a worker thread.
FAST_LEVELS = ("random",)


def unknown_room(code: str) -> LudinumError:
    return refuse("unknown_room", f"Aucun salon « {code[:12]} ».", f"No room '{code[:12]}'.")


class Hub:
    #: Hours after which a lobby nobody joined (and nobody watches) is ended and forgotten.
    lobby_hours = 6.0

    def __init__(
        self,
        store: Storage,
        catalog: Catalog,
        *,
        bot_delay: float = 0.8,
        retention_hours: float = 24 * 7,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.catalog = catalog
        self.bot_delay = bot_delay
        self.retention_hours = retention_hours
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.clients: dict[str, set[Client]] = {}
        self.bots: dict[str, dict[int, Bot]] = {}
        self.timers = Timers(clock)
        self._bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.accepted = 0

    # -- start and stop --------------------------------------------------------------
    def load(self) -> int:
        """Rebuild every live room from storage (replaying its actions)."""
        for row in self.store.rooms_with_status(LIVE_STATUSES):
            try:
                self.rooms[row.code] = self._restore(row)
            except LudinumError as exc:
                log.error("room %s cannot be restored: %s", row.code, exc.en)
        return len(self.rooms)

    def resume_all(self) -> None:
        """Schedule the timers and bots of restored rooms (needs a running loop)."""
        for room in self.rooms.values():
            self._schedule(room)

    async def close(self) -> None:
        self.timers.cancel_all()
        for task in list(self._bot_tasks.values()):
            task.cancel()
        for clients in self.clients.values():
            for client in clients:
                client.close()

    def _restore(self, row: RoomRow) -> Room:
        game = self.catalog.game(row.game)
        config = game.config_from_json(row.config)
        state = game.setup(config)
        seats = [Seat.from_json(i, s) for i, s in enumerate(row.seats)]
        room = Room(row.id, row.code, game, config, row.mode, seats, row.host, state,
                    status=row.status, created_at=row.created_at, updated_at=row.updated_at)
        bots = self.bots.setdefault(row.code, {})
        for seq, seat, data in self.store.actions(row.id):
            events = state.apply(seat, Action.from_json(data))
            room.seq = seq
            for s, e in ((seq, e) for e in events):
                room.recent.append((s, e))
                if e.to is None:
                    room.kinds[e.kind] += 1
            self._observe(room, bots, events)
        room.deadline = state.deadline() if row.deadline_at or row.deadline_left else None
        room.deadline_at = row.deadline_at
        room.deadline_left = row.deadline_left
        if row.status == PLAYING and room.deadline_at is None:
            room.refresh_deadline(self.clock(), actor=None)
        return room

    def purge(self) -> int:
        now = self.clock()
        finished = now - self.retention_hours * 3600
        idle = now - max(self.retention_hours, 24 * 30) * 3600
        empty = now - self.lobby_hours * 3600
        for room in [r for r in self.rooms.values() if r.status == LOBBY and not r.humans()
                     and r.updated_at < empty and not self.clients.get(r.code)]:
            room.end()  # kept on disk like any ended game, for the retention period
            self._save_room(room)
            self._forget(room.code)
        count = self.store.purge(finished, idle)
        for code in [c for c, r in self.rooms.items() if r.updated_at < idle
                     or (not r.live and r.updated_at < finished)]:
            self._forget(code)  # what storage no longer keeps, memory does not keep either
        return count

    # -- rooms -----------------------------------------------------------------------
    def room(self, code: str) -> Room:
        """A room in memory, or a finished one loaded from storage (for its debrief)."""
        room = self.rooms.get(code)
        if room is None:
            row = self.store.room(code) if tokens.looks_like_code(code) else None
            if row is None:
                raise unknown_room(code)
            room = self._restore(row)
            self.rooms[code] = room
        return room

    def create_room(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any] | None = None,
        mode: str = LIVE,
        seed: int | None = None,
    ) -> tuple[Room, str]:
        game = self.catalog.game(game_name)
        if mode not in (LIVE, TURNS):
            raise OptionError(f"Mode inconnu : « {mode} ».", f"Unknown mode: '{mode}'.")
        config = game.make_config(
            players, _secrets.randbits(SEED_BITS) if seed is None else seed, options
        )
        state = game.setup(config)
        host_token = tokens.new_token()
        now = self.clock()
        code = self._fresh_code()
        seats = [Seat(i) for i in range(players)]
        room_id = self.store.create_room({
            "code": code, "game": game.name, "config": config.to_json(), "mode": mode,
            "status": LOBBY, "seats": [s.to_json() for s in seats],
            "host": tokens.digest(host_token), "seq": 0, "created_at": now, "updated_at": now,
        })
        room = Room(room_id, code, game, config, mode, seats, tokens.digest(host_token), state,
                    created_at=now, updated_at=now)
        self.rooms[code] = room
        self.bots[code] = {}
        return room, host_token

    def _fresh_code(self) -> str:
        while True:
            code = tokens.new_code()
            if code not in self.rooms and not self.store.code_exists(code):
                return code

    def join(self, code: str, nickname: object, seat: int | None = None) -> tuple[int, str]:
        room = self.room(code)
        if not room.live:
            raise refuse("game_over", "La partie est terminée.", "The game is over.")
        name = names.clean(nickname)
        if names.taken(name, [s.nickname for s in room.humans()]):  # « LEA » is « Léa »
            raise refuse("name_taken", "Ce pseudo est déjà pris dans ce salon.",
                         "This nickname is already taken in this room.")
        chosen = room.open_seat(seat)
        token = tokens.new_token()
        chosen.make_human(name, tokens.digest(token))
        self._save_room(room)
        self._broadcast(room)
        return chosen.index, token

    # -- the action path ----------------------------------------------------------------
    def act(self, room: Room, seat: int, action: Action) -> list[Event]:
        """Apply (engine checks), store durably, then tell everyone. Raises on refusal."""
        now = self.clock()
        try:
            events = room.apply(seat, action, now)
        except LudinumError:
            raise
        except Exception:
            # A bug in a game's rules: the live state may be half-changed; rebuild it.
            log.exception("game error in room %s on %s", room.code, action)
            self._reload(room.code)
            raise refuse("internal", "Erreur interne du jeu : action annulée.",
                         "Internal game error: action cancelled.") from None
        stored = action
        rewrite: dict[int, dict[str, Any]] = {}
        if action.kind in room.game.personal:
            stored, rewrite = self._redactions(room, seat, action)
        try:
            self.store.append(room.id, room.seq, seat, stored.to_json(), now,
                              self._room_values(room, now), rewrite)
        except Exception:
            log.exception("storage failed in room %s; reloading it", room.code)
            self._reload(room.code)
            raise refuse("storage", "Erreur d'enregistrement : action annulée.",
                         "Storage error: action cancelled.") from None
        self.accepted += 1
        self._observe(room, self.bots.setdefault(room.code, {}), events)
        self._broadcast(room)
        self._schedule(room)
        return events

    def _redactions(
        self, room: Room, seat: int, action: Action
    ) -> tuple[Action, dict[int, dict[str, Any]]]:
        """W15: personal answers are stored only while they are needed. Once the state no
        longer needs them (``Game.redact``), this action and the earlier answers are stored
        in their neutral form, in the same transaction."""
        game = room.game
        stored = game.redact(room.state, seat, action)
        if stored is None:
            return action, {}
        rewrite: dict[int, dict[str, Any]] = {}
        for seq, who, data in self.store.actions(room.id):
            if data.get("kind") not in game.personal:
                continue
            neutral = game.redact(room.state, who, Action.from_json(data))
            if neutral is not None and neutral.to_json() != data:
                rewrite[seq] = neutral.to_json()
        return stored, rewrite

    def _observe(self, room: Room, bots: dict[int, Bot], events: list[Event]) -> None:
        for seat, bot in bots.items():
            seen = visible(events, seat)
            if seen:
                bot.observe(seat, seen)

    def _reload(self, code: str) -> None:
        row = self.store.room(code)
        if row is None:
            self._forget(code)
            return
        self.bots[code] = {}
        self.rooms[code] = self._restore(row)

    def _room_values(self, room: Room, now: float) -> dict[str, Any]:
        return {
            "status": room.status,
            "deadline_at": room.deadline_at,
            "deadline_left": room.deadline_left,
            "updated_at": now,
        }

    def _save_room(self, room: Room) -> None:
        now = self.clock()
        room.updated_at = now
        values = self._room_values(room, now)
        values["seats"] = [s.to_json() for s in room.seats]
        self.store.update_room(room.id, values)

    def _forget(self, code: str) -> None:
        self.rooms.pop(code, None)
        self.bots.pop(code, None)
        self.timers.cancel(code)
        task = self._bot_tasks.pop(code, None)
        if task is not None:
            task.cancel()

    # -- host commands -----------------------------------------------------------------
    def command(self, room: Room, kind: str, message: dict[str, Any]) -> None:
        now = self.clock()
        if kind == "start":
            level = message.get("level")
            levels = self.catalog.bot_levels(room.game.name)
            room.start(level if isinstance(level, str) and level in levels else levels[-1])
            room.refresh_deadline(now, actor=None)
        elif kind == "pause":
            room.pause(now)
        elif kind == "resume":
            room.resume(now)
        elif kind == "end":
            room.end()
        elif kind == "rename":  # the facilitator moderates a nickname
            seat = room.seat(protocol.integer(message, "seat"))
            if seat.kind != HUMAN:
                raise fail("bad_seat", "Personne n'est assis à cette place.",
                           "Nobody sits in this seat.")
            seat.nickname = names.replacement(
                message.get("nickname"), [s.nickname for s in room.humans() if s is not seat])
        elif kind in ("kick", "bot"):
            seat = room.seat(protocol.integer(message, "seat"))
            level = message.get("level")
            levels = self.catalog.bot_levels(room.game.name)
            if kind == "bot" or room.status != LOBBY:
                if kind == "bot" and (not isinstance(level, str) or level not in levels):
                    raise fail("bad_level", "Niveau de bot inconnu.", "Unknown bot level.")
                self._kick_clients(room, seat.index)
                seat.make_bot(level if isinstance(level, str) and level in levels
                              else levels[-1])
                self.bots.setdefault(room.code, {}).pop(seat.index, None)
            else:
                self._kick_clients(room, seat.index)
                seat.make_open()
        self._save_room(room)
        if room.status in (FINISHED, ENDED):
            self._forget_live(room)
        self._broadcast(room)
        self._schedule(room)

    def _kick_clients(self, room: Room, seat: int) -> None:
        for client in list(self.clients.get(room.code, ())):
            if seat in client.seats:
                client.push({"type": "kicked", "fr": "L'animateur t'a retiré de la partie.",
                             "en": "The host removed you from the game."})
                client.close()
                room.seats[seat].connected = 0

    def _forget_live(self, room: Room) -> None:
        self.timers.cancel(room.code)

    # -- timers and bots ---------------------------------------------------------------
    def _schedule(self, room: Room) -> None:
        if room.code not in self.rooms:
            return
        self.timers.set(room.code, room.deadline_at if room.status == PLAYING else None,
                        self._timer_fired)
        if room.bot_turns() and room.code not in self._bot_tasks:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self._bot_tasks[room.code] = loop.create_task(self._run_bots(room.code))

    def _timer_fired(self, code: str, at: float) -> None:
        room = self.rooms.get(code)
        if room is None or room.deadline_at != at:
            return
        due = room.due_action()
        if due is None:
            room.clear_deadline()
            return
        try:
            self.act(room, *due)
        except LudinumError as exc:
            log.warning("timer action refused in %s: %s", code, exc.en)

    def _bot(self, room: Room, seat: int) -> Bot:
        bots = self.bots.setdefault(room.code, {})
        bot = bots.get(seat)
        if bot is None:
            level = room.seats[seat].bot_level or self.catalog.bot_levels(room.game.name)[0]
            bot = self.catalog.make_bot(room.game.name, level, room.config.seed * 31 + seat)
            bots[seat] = bot
        return bot

    async def _run_bots(self, code: str) -> None:
        try:
            while True:
                if self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                else:
                    await asyncio.sleep(0)
                room = self.rooms.get(code)
                if room is None or not room.bot_turns():
                    return
                seat = room.bot_turns()[0]
                bot = self._bot(room, seat)
                seq = room.seq
                if room.seats[seat].bot_level in FAST_LEVELS:
                    action = bot.choose(room.state, seat)
                else:
                    action = await asyncio.to_thread(bot.choose, room.state.clone(), seat)
                    if room.seq != seq or seat not in room.bot_turns():
                        continue
                try:
                    self.act(room, seat, action)
                except LudinumError as exc:
                    log.warning("bot move refused in %s: %s", code, exc.en)
                    legal = room.state.legal_actions(seat)
                    if not legal:
                        return
                    self.act(room, seat, legal[0])
        except Exception:
            log.exception("bot loop failed in room %s", code)
        finally:
            self._bot_tasks.pop(code, None)

    # -- clients -----------------------------------------------------------------------
    def hello(self, client: Client, code: str, message: dict[str, Any]) -> None:
        room = self.room(code)
        role = message.get("role")
        if role not in protocol.ROLES:
            raise fail("bad_role", "Rôle inconnu.", "Unknown role.")
        if role == "host" and not tokens.matches(message.get("token"), room.host_digest):
            raise fail("bad_token", "Jeton d'animateur invalide.", "Invalid host token.")
        seats: tuple[int, ...] = ()
        if role == "player":
            seats = (self._seat_of(room, message.get("token")),)
        elif role == "pass":
            given = message.get("tokens")
            if not isinstance(given, list) or not given or len(given) > len(room.seats):
                raise fail("bad_token", "Jetons de places attendus.", "Seat tokens expected.")
            seats = tuple(sorted({self._seat_of(room, t) for t in given}))
        client.role, client.code, client.seats = str(role), code, seats
        if message.get("lang") in i18n.LANGS:
            client.lang = str(message["lang"])
        for s in seats:
            room.seats[s].connected += 1
        self.clients.setdefault(code, set()).add(client)
        client.push(frames.welcome(room, client))
        self._send(room, client, full=True)
        if seats:
            self._broadcast(room)

    def _seat_of(self, room: Room, token: object) -> int:
        for seat in room.seats:
            if seat.kind == HUMAN and tokens.matches(token, seat.token_digest):
                return seat.index
        raise fail("bad_token", "Jeton de place invalide : rejoins le salon.",
                   "Invalid seat token: join the room again.")

    def leave(self, client: Client) -> None:
        client.close()
        if client.code is None:
            return
        clients = self.clients.get(client.code)
        if clients is not None and client in clients:
            clients.discard(client)
            room = self.rooms.get(client.code)
            if room is not None and client.seats:
                for s in client.seats:
                    room.seats[s].connected = max(0, room.seats[s].connected - 1)
                self._broadcast(room)

    def handle(self, client: Client, text: object) -> None:
        """One message from a client; any refusal goes back to it as an error."""
        kind: str | None = None
        try:
            message = protocol.parse(text)
            kind = message["type"]
            if kind == "ping":
                client.push(protocol.pong(message))
                return
            if kind == "hello":
                if client.role is not None:
                    raise fail("already_hello", "Déjà connecté.", "Already connected.")
                code = message.get("room")
                self.hello(client, tokens.normalise_code(code) if isinstance(code, str) else "",
                           message)
                return
            if client.role is None or client.code is None:
                raise fail("not_hello", "Envoie d'abord « hello ».", "Send 'hello' first.")
            room = self.room(client.code)
            if kind in protocol.HOST_TYPES:
                if client.role != "host":
                    raise fail("not_host", "Réservé à l'animateur.", "Host only.")
                self.command(room, kind, message)
            elif kind == "reveal":
                self._reveal(room, client, protocol.integer(message, "seat"))
            elif kind == "act":
                self._act_message(room, client, message)
        except LudinumError as exc:
            client.push(protocol.error(exc, kind))
        except Exception:
            log.exception("unexpected error on a %s message", kind)
            client.push(protocol.error(refuse(
                "internal", "Erreur interne : réessaie.", "Internal error: try again."), kind))

    def _act_message(self, room: Room, client: Client, message: dict[str, Any]) -> None:
        if client.role not in ("player", "pass"):
            raise not_your_seat()
        seat = protocol.optional_int(message, "seat")
        if seat is None:
            seat = client.view_seat()
        if seat is None or seat not in client.seats:
            raise not_your_seat()
        if client.role == "pass" and client.revealed != seat:
            raise fail("not_revealed", "Montre d'abord ton écran.", "Reveal your screen first.")
        expected = protocol.optional_int(message, "seq")
        if expected is not None and expected != room.seq:
            raise fail("stale", "La partie a changé : regarde à nouveau.",
                       "The game has changed: look again.")
        action = Action.from_json(message.get("action"))
        self.act(room, seat, action)

    def _reveal(self, room: Room, client: Client, seat: int) -> None:
        if client.role != "pass" or seat not in client.seats:
            raise not_your_seat()
        if seat not in room.active():
            raise refuse("not_your_turn", "Ce n'est pas ton tour.", "It is not your turn.")
        client.revealed = seat
        self._send(room, client)

    def _send(self, room: Room, client: Client, full: bool = False) -> None:
        cache = frames.FrameCache(room, self.clock(), self.catalog.bot_levels(room.game.name))
        frame = frames.build(client, cache, full)
        if frame is not None:
            client.push_text("update", frames.encode(frame, cache))

    def _broadcast(self, room: Room) -> None:
        clients = self.clients.get(room.code)
        if not clients:
            return
        cache = frames.FrameCache(room, self.clock(), self.catalog.bot_levels(room.game.name))
        for client in list(clients):
            if client.closed:
                continue
            frame = frames.build(client, cache)
            if frame is not None:
                client.push_text("update", frames.encode(frame, cache))
