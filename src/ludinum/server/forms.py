"""The room creation form, built from a game's options (any game, no per-game code)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from ludinum.engine import Game, Option, OptionError, OptionValue
from ludinum.engine.errors import echoed
from ludinum.server.rooms import LIVE, TURNS

PREFIX = "opt_"
#: Between a per-seat option's name and its seat number (from 1): ``opt_handicap-2``. No
#: option's name holds it.
SEAT = "-"
#: The fields a set-up page sends beside its options (``opt_…``): a room's
#: (``new.html``) and a class's (``class_new.html``). Any other is refused (:func:`parse`).
ROOM_FIELDS = ("players", "mode")
CLASS_FIELDS = ("table_size", "bot_level", "friends_apart", "mode")
#: The longest value in words a list box shows whole on a 390 px phone (its width, in
#: characters of the page's font: « Information, technique et esprit crit… » was cut). An
#: option with a longer value is drawn as buttons to tick, one per line, each value whole
#: (a game's content names, the names of its themes, are not shortened to fit).
LIST_BOX_CHARACTERS = 32


@dataclass(frozen=True)
class Seat:
    """One seat's list of a per-seat option (:attr:`Option.seats_of`)."""

    name: str
    number: int  # from 1, as the page says it (« Joueur 1 »)
    #: The value chosen as sent, empty for « comme les autres ».
    value: str
    #: The player counts that have this seat (« 3 4 5 6 »), empty for every count.
    players: str
    #: Whether the player count chosen now has it (else drawn hidden and disabled).
    shown: bool


@dataclass
class Field:
    option: Option
    name: str
    value: OptionValue
    help: str
    input: str  # checkbox, number, select, radios, seats, text
    step: str = "1"
    #: select, radios: (value as sent, the value in words, the player counts it can be chosen for:
    #: « 3 4 », empty for every count, whether it can with the count chosen now); number:
    #: its unit in words.
    choices: tuple[tuple[str, str, str, bool], ...] = ()
    unit: str = ""
    #: The player counts at which the option changes something (« 3 »), empty for every
    #: count: the page shows the field only for those (app.js, ``data-players``).
    players: str = ""
    #: Whether it applies to the player count chosen now (else drawn hidden and disabled).
    shown: bool = True
    #: number: the words of its default when the option names it (« Selon la difficulté »),
    #: shown in the field left empty rather than a number that reads as one (« 0 tours »).
    placeholder: str = ""
    #: seats: one list per seat (:attr:`Option.seats_of`), each with ``choices``.
    seats: tuple[Seat, ...] = ()


def _counts(counts: tuple[int, ...], every: tuple[int, ...]) -> str:
    """Player counts as the page reads them (« 3 4 »), empty when they are all of them."""
    return "" if counts == every else " ".join(map(str, counts))


def _applies_at(option: Option, values: Mapping[str, OptionValue], every: tuple[int, ...]
                ) -> tuple[int, ...]:
    """The player counts at which the page shows ``option``'s field: those at which it
    changes something (:meth:`Option.counts`); every count when it changes nothing at any
    (another option's value decides, which the page cannot follow)."""
    return option.counts(values, every) or every


def _seats(option: Option, value: OptionValue, every: tuple[int, ...],
           players: int | None) -> tuple[Seat, ...]:
    """A per-seat option's lists, one per seat of the largest table, each with the value
    of ``value`` for that seat (empty: « comme les autres »)."""
    chosen = [part.strip() for part in str(value).split(",")] if str(value).strip() else []
    return tuple(
        Seat(f"{PREFIX}{option.name}{SEAT}{n}", n, chosen[n - 1] if n <= len(chosen) else "",
             _counts(tuple(c for c in every if c >= n), every),
             players is None or n <= players)
        for n in range(1, max(every) + 1))


def fields(game: Game, lang: str, values: Mapping[str, OptionValue] | None = None,
           players: int | None = None) -> list[Field]:
    """The form's fields: every value shown in words, never raw (issue 21): a list of the
    values in words where the option has few (choices, small ranges), else a number with
    its unit; buttons to tick, one per value, where a value is too long for a list box on a
    phone (:data:`LIST_BOX_CHARACTERS`). An option that changes nothing with some player
    counts (``Option.applies``: viruses meant for 3 players) says at which it does, and a
    value that cannot be chosen with some (``Option.fits``: a thief in a seat beyond the
    table) says with which it can: the page offers them only then (``players``: the count
    chosen)."""
    out = []
    every = tuple(game.player_counts())
    resolved = {**game.options.defaults(), **(values or {})}
    for option in game.options:
        value = (values or {}).get(option.name, option.default)
        kind = {"bool": "checkbox", "int": "number", "float": "number",
                "choice": "select"}.get(option.kind, "text")
        shared = game.options[option.seats_of] if option.seats_of else option
        offered = shared.values() if option.kind != "bool" else ()
        choices = tuple((str(v), shared.label(v, lang) or str(v), _counts(
            tuple(n for n in every if option.fits_with(v, n)), every),
            players is None or option.fits_with(v, players)) for v in offered)
        seats = _seats(option, value, every, players) if option.seats_of else ()
        if seats:
            kind = "seats"
        elif choices:
            long = any(len(words) > LIST_BOX_CHARACTERS for _, words, _, _ in choices)
            kind = "radios" if long else "select"
            value = str(value)
        unit = placeholder = ""
        if kind == "number":
            unit = option.unit_en if lang == "en" else option.unit_fr
            if value == option.default:  # left empty, the form sends the default (parse)
                placeholder = option.named_label(value, lang) or ""
                if placeholder:
                    value = ""
        applies = _applies_at(option, resolved, every)
        # Lists per seat need no help on how to write the value (« 1,2,3,1 »): its name.
        words = option.title(lang) if seats else (
            option.help_en if lang == "en" else option.help_fr)
        out.append(Field(
            option, PREFIX + option.name, value, words, kind,
            "any" if option.kind == "float" else "1", choices, unit,
            _counts(applies, every), players is None or players in applies, placeholder,
            seats,
        ))
    return out


def parse(game: Game, form: Mapping[str, Any], players: int | None = None,
          fields: Collection[str] = ()) -> dict[str, OptionValue]:
    """Typed option values from submitted form text; OptionError names a bad one, and a
    field that is neither an option nor one of ``fields`` (the page's others:
    :data:`ROOM_FIELDS`, :data:`CLASS_FIELDS`): « mdoe » for « mode » was dropped, and
    the room made with the default in its place. An
    option whose field the page hides with ``players`` (it changes nothing then:
    :func:`fields`) is left out: the game keeps its default, as if the page had not sent it.

    « Tour par tour : sans minuteur » (``mode=turns``): a timer still at the default the
    form showed is not asked for, so the room puts it at 0 (``OptionSet.untimed``); only a
    timer the host changed is kept. Without this every turn-based room made from the form
    ran the live timers (a timed trip of 12 s, H3)."""
    known = {PREFIX + option.name for option in game.options}
    seated = tuple(PREFIX + option.name + SEAT for option in game.options if option.seats_of)
    for name in form:
        if not str(name).startswith(PREFIX) and name not in fields:
            raise OptionError(
                f"Champ inconnu dans le formulaire : « {echoed(str(name))} ».",
                f"Unknown field in the form: '{echoed(str(name))}'.")
    for name in form:  # a misspelt option is named, not dropped for its default
        if (str(name).startswith(PREFIX) and name not in known
                and not str(name).startswith(seated)):
            raise OptionError(
                f"{game.title_fr} n'a pas d'option « {echoed(name[len(PREFIX):])} ».",
                f"{game.title_en} has no option '{echoed(name[len(PREFIX):])}'.")
    return _read(game, form, players, strict=True)


def kept(game: Game, form: Mapping[str, Any], players: int | None = None
         ) -> dict[str, OptionValue]:
    """What a refused form is shown again with: every option whose field reads alone, as
    :func:`parse` reads it; the others (the one the error names) at their default. A
    facilitator who mistyped one value found every other choice undone."""
    return _read(game, form, players, strict=False)


def _read(game: Game, form: Mapping[str, Any], players: int | None, strict: bool
          ) -> dict[str, OptionValue]:
    """The options of ``form`` (:func:`parse`); not ``strict``: one that does not read is
    left out instead of refused."""
    values: dict[str, OptionValue] = {}
    try:
        turns = mode(form) == TURNS
    except OptionError:
        if strict:
            raise
        turns = False
    for option in game.options:
        try:
            _read_one(option, form, values, turns)
        except OptionError:
            if strict:
                raise
    for option in game.options:  # after the loop: the option they are of is read
        if option.seats_of:
            try:
                _read_seats(game, option, form, values, players)
            except OptionError:
                if strict:
                    raise
    if players is not None:
        every = tuple(game.player_counts())
        resolved = {**game.options.defaults(), **values}
        values = {name: value for name, value in values.items()
                  if players in _applies_at(game.options[name], resolved, every)}
    return values


def _read_one(option: Option, form: Mapping[str, Any], values: dict[str, OptionValue],
              turns: bool) -> None:
    """One option's field into ``values``; left out when empty (its default)."""
    raw = form.get(PREFIX + option.name)
    if option.kind == "bool":  # a checkbox: absent when unticked, else its value
        values[option.name] = raw is not None and str(raw) != "" and bool(
            option.parse(str(raw)))
        return
    if raw is None or str(raw).strip() == "":
        return
    try:
        value = option.parse(str(raw))
    except OptionError:
        # Named as the form names the field, not by its key (« turn_limit »): « 1e1 »
        # passes a browser's number field, which reads it as 10.
        shown = echoed(str(raw))
        raise OptionError(
            f"« {option.title()} » : « {shown} » n'est pas permis (valeurs permises : "
            f"{option.allowed()}).",
            f"'{option.title('en')}': \"{shown}\" is not allowed (allowed: "
            f"{option.allowed('en')}).") from None
    if turns and option.timer and value == option.default:
        return
    values[option.name] = value


def _seat_number(text: str) -> int | None:
    """A seat's number as a list's name ends with it (« 2 », from 1), or None: not one
    (« x », « ² », « 0 », a thousand digits)."""
    if text.isascii() and text.isdigit() and len(text) <= 3 and int(text) > 0:
        return int(text)
    return None


def _read_seats(game: Game, option: Option, form: Mapping[str, Any],
                values: dict[str, OptionValue], players: int | None) -> None:
    """A per-seat option's value (:attr:`Option.seats_of`) from its seats' lists
    (:func:`_seats`) into ``values``: each seat's value in seat order, « comme les autres »
    (empty) taking the value of the option it is of, as the game reads an empty option (a
    quiz level, G3). Every seat left so changes nothing (the option keeps its
    default, or the text sent in its own field). A seat beyond ``players``, or a value the
    option it is of does not allow, is refused by its number."""
    shared = game.options[option.seats_of]
    head = PREFIX + option.name + SEAT
    title_fr, title_en = option.title(), option.title("en")
    chosen: dict[int, OptionValue] = {}
    for name in form:
        if not str(name).startswith(head):
            continue
        number, raw = _seat_number(str(name)[len(head):]), str(form.get(name) or "").strip()
        if number is None:
            raise OptionError(
                f"{title_fr} : place inconnue « {echoed(str(name)[len(head):])} ».",
                f"{title_en}: unknown seat '{echoed(str(name)[len(head):])}'.")
        if not raw:
            continue
        if players is not None and number > players:
            raise OptionError(
                f"{title_fr}, place {number} : il n'y a que {players} joueurs.",
                f"{title_en}, seat {number}: there are only {players} players.")
        try:
            chosen[number] = shared.parse(raw)
        except OptionError:
            raise OptionError(
                f"{title_fr}, place {number} : « {echoed(raw)} » n'est pas possible "
                f"(au choix : {shared.allowed()}).",
                f"{title_en}, seat {number}: '{echoed(raw)}' is not possible "
                f"(choose from: {shared.allowed('en')}).") from None
    if not chosen:
        return
    if str(values.get(option.name, "")).strip():
        raise OptionError(f"{title_fr} : à donner soit par joueur, soit en texte, pas les deux.",
                          f"{title_en}: give it per player or as text, not both.")
    others = values.get(shared.name, shared.default)
    count = players if players is not None else max(chosen)
    values[option.name] = ",".join(str(chosen.get(n, others)) for n in range(1, count + 1))


def mode(form: Mapping[str, Any]) -> str:
    """The form's pace: « live » (the default) or « turns »; another is named."""
    raw = form.get("mode")
    if raw is None or str(raw) == "":
        return LIVE
    if str(raw) not in (LIVE, TURNS):
        raise OptionError(f"Mode inconnu : « {echoed(str(raw))} ».",
                          f"Unknown mode: '{echoed(str(raw))}'.")
    return str(raw)


def players(game: Game, raw: object, field: tuple[str, str] = (
        "Nombre de joueurs", "Number of players")) -> int:
    """The count of a form's ``field`` (its French and English names): digits, within the
    game's counts. Anything else is refused with the field, its range and, short, what was
    sent (« Nombre de joueurs invalide. » said none of them)."""
    text = str(raw).strip() if raw is not None else ""
    if text.isascii() and text.isdigit() and len(text) <= 3:
        count = int(text)
        game.check_players(count)
        return count
    low, high = game.min_players, game.max_players
    shown = echoed(text, 12)
    raise OptionError(
        f"{field[0]} : un nombre entier de {low} à {high} (reçu : « {shown} »).",
        f"{field[1]}: a whole number from {low} to {high} (got '{shown}').")
