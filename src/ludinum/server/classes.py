"""A class session: one class code, its pupils, their tables (pure logic, docs/class.md).

Storage, rooms and clocks are driven by :mod:`ludinum.server.class_hub`; everything here is
synchronous and refuses bad input with a French and English message, changing nothing.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ludinum.content.typography import french_spacing
from ludinum.engine import Game, LudinumError, counted
from ludinum.server import seating, tokens
from ludinum.server.rooms import RoomError
from ludinum.weblib import names

#: « table », "table": (singular, plural).
TABLES = ("table", "tables")

GATHERING, PLAYING, ENDED = "gathering", "playing", "ended"
#: The bot level that means "no bots": every table must then reach the game's minimum.
NO_BOTS = "none"
#: The longest message the teacher may send to every phone.
MESSAGE_LENGTH = 140
#: The marks that change the direction of the text after them (a message's are refused).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: The joiner of an emoji sequence (« 👨‍👩‍👧 », « 🏳️‍🌈 »): a format character that is part of
#: the picture between two symbols, invisible between letters.
ZWJ = "\u200d"


def _invisible(text: str, i: int) -> bool:
    """True if ``text[i]`` shows as nothing or turns the text around: a control character,
    a direction mark (:data:`BIDI`), or any other format character (zero-width space, word
    joiner, byte-order mark, soft hyphen, tag letters that hide text) but a joiner between
    two symbols (an emoji sequence, :data:`ZWJ`)."""
    ch = text[i]
    kind = unicodedata.category(ch)
    if kind == "Cc" or ch in BIDI:
        return True
    if kind != "Cf":
        return False
    if ch != ZWJ or i == 0 or i == len(text) - 1:
        return True
    before, after = text[i - 1], text[i + 1]
    return not all(unicodedata.category(c) in ("So", "Sk", "Mn") for c in (before, after))


#: Pupils a class takes at most: two classes in one room, with room to spare. A script
#: adding thousands of names would otherwise open as many tables (rooms) at the start.
MAX_PUPILS = 64


def refuse(code: str, fr: str, en: str) -> RoomError:
    """A refusal of class mode, its French with French spacing (« Table 2 : … »)."""
    error = RoomError(french_spacing(fr), en)
    error.code = code
    return error


def unknown_class(code: str) -> LudinumError:
    return refuse("unknown_room", f"Aucune classe « {code[:12]} ».", f"No class '{code[:12]}'.")


def bad_teacher() -> LudinumError:
    return refuse("bad_token", "Clé d'enseignant invalide : ouvre le tableau de la classe "
                  "depuis le navigateur qui l'a créée.",
                  "Invalid teacher key: open the class dashboard from the browser that "
                  "created it.")


@dataclass(slots=True)
class Pupil:
    nickname: str
    token_digest: str
    #: The table the teacher chose for this pupil before the start (0-based), else None.
    pinned: int | None = None
    #: Once started: the pupil's table (0-based), room code and seat.
    table: int | None = None
    room: str | None = None
    seat: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"nickname": self.nickname, "token": self.token_digest, "pinned": self.pinned,
                "table": self.table, "room": self.room, "seat": self.seat}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pupil:
        return cls(str(data["nickname"]), str(data["token"]), data.get("pinned"),
                   data.get("table"), data.get("room"), data.get("seat"))


@dataclass(slots=True)
class ClassSession:
    id: int
    code: str
    teacher_digest: str
    game: Game
    options: dict[str, Any]
    mode: str
    table_size: int
    bot_level: str
    friends_apart: bool
    seed: int
    status: str = GATHERING
    pupils: list[Pupil] = field(default_factory=list)
    #: The room code of each table, in table order (once started).
    rooms: list[str] = field(default_factory=list)
    message: str = ""
    created_at: float = 0.0
    updated_at: float = 0.0
    #: Closed by the teacher: nobody joins, before or after the start.
    locked: bool = False

    # -- who may do what ---------------------------------------------------------------
    def check_teacher(self, token: object) -> None:
        if not tokens.matches(token, self.teacher_digest):
            raise bad_teacher()

    def pupil_of(self, token: object) -> Pupil:
        for pupil in self.pupils:
            if tokens.matches(token, pupil.token_digest):
                return pupil
        raise refuse("bad_token", "Jeton d'élève invalide : rejoins la classe.",
                     "Invalid pupil token: join the class again.")

    # -- seating -----------------------------------------------------------------------
    def assignment(self) -> list[int]:
        """Each pupil's table (0-based): stored once started, dealt while gathering."""
        if self.status != GATHERING:
            return [p.table if p.table is not None else 0 for p in self.pupils]
        pinned = {i: p.pinned for i, p in enumerate(self.pupils) if p.pinned is not None}
        return seating.seat_pupils(len(self.pupils), self.table_size,
                                   friends_apart=self.friends_apart, seed=self.seed,
                                   pinned=pinned, tables=self.table_count())

    def table_count(self) -> int:
        if self.status != GATHERING:
            return len(self.rooms)
        if self.bot_level == NO_BOTS:  # each table able to start on its own
            return seating.table_count_without_bots(
                len(self.pupils), self.table_size, self.game.min_players,
                self.game.max_players)
        return seating.table_count(len(self.pupils), self.table_size)

    def table_places(self, count: int | None = None) -> int:
        """How many pupils a table takes while the class gathers: its size, or more
        without bots where fewer tables seat everyone (``count``, :meth:`table_count`
        when not given)."""
        if self.bot_level != NO_BOTS:
            return self.table_size
        return max(self.table_size, -(-len(self.pupils) // (count or self.table_count())))

    def tables(self, count: int | None = None) -> list[list[int]]:
        """The pupils (indices in join order) of each of the ``count`` tables
        (:meth:`table_count` when not given)."""
        return seating.tables_of(self.assignment(), count or self.table_count())

    def closed_to_newcomers(self) -> LudinumError | None:
        """Why no new pupil may join now, whatever their nickname (the class over, closed
        by the teacher, or full), else None: the refusal of a join, and what the join page
        says on opening instead of a form that can only fail."""
        if self.status == ENDED:
            return refuse("game_over", "La classe est terminée.", "The class is over.")
        if self.locked:
            return refuse("class_locked", "La classe est fermée : demande à l'enseignant de "
                          "l'ouvrir.", "The class is closed: ask the teacher to open it.")
        if len(self.pupils) >= MAX_PUPILS:
            return refuse("class_full", f"La classe est complète ({MAX_PUPILS} élèves).",
                          f"The class is full ({MAX_PUPILS} pupils).")
        return None

    def new_pupil(self, nickname: object, token_digest: str) -> Pupil:
        """A pupil not yet added: the nickname filtered and unique in the class."""
        closed = self.closed_to_newcomers()
        if closed is not None:
            raise closed
        name = names.clean(nickname)
        others = [p.nickname for p in self.pupils]
        if names.taken(name, others):  # « LEA » is « Léa »: a variant is suggested
            raise names.look_alike(name, others)
        return Pupil(name, token_digest)

    def add(self, nickname: object, token_digest: str) -> Pupil:
        """A new pupil while the class gathers."""
        self.check_gathering()
        pupil = self.new_pupil(nickname, token_digest)
        self.pupils.append(pupil)
        return pupil

    def move(self, pupil: object, table: object) -> None:
        """The teacher moves a pupil to another table before the start (``table`` 0-based)."""
        self.check_gathering()
        if isinstance(pupil, bool) or not isinstance(pupil, int) or not (
                0 <= pupil < len(self.pupils)):
            raise refuse("bad_pupil", "Élève inconnu.", "Unknown pupil.")
        count = self.table_count()
        if isinstance(table, bool) or not isinstance(table, int):  # "1", 1.5, true
            raise refuse("bad_table", "« table » est le numéro d'une table (à partir de 1).",
                         "'table' is the number of a table (from 1).")
        if not 0 <= table < count:
            raise refuse("bad_table", "Il n'y a qu'une table." if count == 1 else
                         f"Il n'y a que {counted(count, TABLES, TABLES, 'fr')}.",
                         "There is only one table." if count == 1 else
                         f"There are only {counted(count, TABLES, TABLES, 'en')}.")
        current = self.tables(count)
        if pupil not in current[table] and len(current[table]) >= self.table_places(count):
            raise refuse("table_full", f"La table {table + 1} est complète.",
                         f"Table {table + 1} is full.")
        self.pupils[pupil].pinned = table

    def remove(self, pupil: object) -> Pupil:
        """The teacher removes a pupil before the start (``pupil``: their index)."""
        self.check_gathering()
        if isinstance(pupil, bool) or not isinstance(pupil, int) or not (
                0 <= pupil < len(self.pupils)):
            raise refuse("bad_pupil", "Élève inconnu.", "Unknown pupil.")
        return self.pupils.pop(pupil)

    def remove_all(self) -> int:
        """The teacher removes every pupil before the start (a class filled with names by
        one device: one tap, then the real pupils join again); how many were removed."""
        self.check_gathering()
        count = len(self.pupils)
        self.pupils.clear()
        return count

    def set_locked(self, locked: bool) -> None:
        """The teacher closes the class to new pupils (``locked``) or opens it again."""
        self.locked = locked

    def check_gathering(self) -> None:
        if self.status != GATHERING:
            raise refuse("already_started", "La classe a déjà commencé.",
                         "The class has already started.")

    def plan(self) -> list[list[int]]:
        """The tables to open at the start: the non-empty ones, each checked against the
        game's minimum when no bot fills the empty seats."""
        self.check_gathering()
        if not self.pupils:
            raise refuse("no_pupils", "Aucun élève n'a encore rejoint la classe.",
                         "No pupil has joined the class yet.")
        tables = [t for t in self.tables() if t]
        if self.bot_level == NO_BOTS:
            least = self.game.min_players
            if len(self.pupils) < least:  # no seating can mend it: more pupils can
                raise refuse(
                    "table_too_small",
                    f"Sans bots, il faut au moins {least} élèves pour jouer (la classe en a "
                    f"{len(self.pupils)}) : attends que d'autres élèves rejoignent la classe.",
                    f"Without bots, it takes at least {least} pupils to play (the class has "
                    f"{len(self.pupils)}): wait for more pupils to join the class.")
            small = [n + 1 for n, t in enumerate(tables) if len(t) < least]
            if small:  # the teacher's moves emptied them: moves mend it
                listed = ", ".join(str(n) for n in small)
                raise refuse(
                    "table_too_small",
                    f"Sans bots, chaque table doit avoir au moins {least} élèves (tables "
                    f"trop petites : {listed}) : déplace des élèves vers ces tables.",
                    f"Without bots, every table needs at least {least} pupils (tables too "
                    f"small: {listed}): move pupils to these tables.")
        return tables

    # -- the message to every phone ------------------------------------------------------
    @staticmethod
    def clean_message(text: object) -> str:
        if not isinstance(text, str) or not text.strip():
            raise refuse("bad_message", "Écris un message.", "Write a message.")
        text = " ".join(text.split())
        if any(_invisible(text, i) for i in range(len(text))):
            # It shows as nothing, or turns the rest of the text backwards on every phone.
            raise refuse("bad_message",
                         "Ce message contient un caractère invisible : retape-le.",
                         "This message holds an invisible character: type it again.")
        if len(text) > MESSAGE_LENGTH:
            raise refuse("too_long", f"Message trop long : {MESSAGE_LENGTH} caractères au plus.",
                         f"Message too long: {MESSAGE_LENGTH} characters at most.")
        if names.is_rude(text):
            raise refuse("rude_message", "Ce message contient un mot refusé.",
                         "This message contains a refused word.")
        return french_spacing(text)  # « 5 minutes ! » with its no-break space

    # -- storage -------------------------------------------------------------------------
    def values(self) -> dict[str, Any]:
        """The columns that change (status, pupils, rooms, message, time)."""
        return {"status": self.status, "pupils": [p.to_json() for p in self.pupils],
                "rooms": list(self.rooms), "message": self.message,
                "locked": self.locked, "updated_at": self.updated_at}
