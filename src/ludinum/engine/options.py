"""Rule options: named, typed, with a default, allowed values and a bilingual help line.

A game declares its options once; a configuration is resolved against them, and any
unknown name or bad value raises :class:`OptionError` naming the option and what is allowed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Union

from ludinum.engine.errors import OptionError, echoed
from ludinum.engine.numbers import decimal

OptionValue = Union[bool, int, float, str]
#: Whether an option changed anything in a game: given the game's option values and its
#: number of players (:attr:`Option.applies`).
Applies = Callable[[Mapping[str, OptionValue], int], bool]
#: Whether a value of an option can be chosen for a game of that many players (a seat
#: beyond the table cannot: :attr:`Option.fits`).
Fits = Callable[[OptionValue, int], bool]
#: A number with a decimal comma (« 0,5 »), read as its decimal point on a command line.
_DECIMAL_COMMA = re.compile(r"[-+]?\d+,\d+")


@dataclass(frozen=True)
class Option:
    """One rule option.

    ``kind`` is ``"bool"``, ``"int"``, ``"float"`` or ``"choice"`` (a string among
    ``choices``) or ``"text"`` (a free string checked by the game).

    A screen never shows a raw value (``true``, ``victim``, ``3`` without its unit, issue
    21): ``named`` gives words to given values (every choice, both booleans, a number's
    special values such as « 0 : sans limite »), ``unit_fr``/``unit_en`` the unit of the
    other numbers (plural; singular below 2), ``percent`` shows a 0–1 chance in per cent.

    Every word is for a teacher setting up a game, who never read the original rules nor
    the code: ``help_fr``/``help_en`` is the set-up form's label (what the option changes,
    in a few words), ``title_fr``/``title_en`` its short name where it is listed with its
    value (the debrief: « Premier joueur : tirage au sort »).
    """

    name: str
    kind: str
    default: OptionValue
    help_fr: str
    help_en: str
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    ruling: str = ""
    named: tuple[tuple[OptionValue, str, str], ...] = ()
    unit_fr: str = ""
    unit_en: str = ""
    percent: bool = False
    #: A decision's time limit in seconds whose 0 means none (« tour par tour »): the
    #: terminal and turn-based rooms have no clock, so they play with it at 0
    #: (:meth:`OptionSet.untimed`).
    timer: bool = False
    #: The option's short name (a debrief's list); empty: its help, without its final stop.
    title_fr: str = ""
    title_en: str = ""
    #: Whether the option changed anything in a game (the value of another option, the
    #: number of players): a debrief lists only these. None: it always applies.
    applies: Applies | None = None
    #: Whether a value can be chosen for that many players (a thief in seat 5 of a
    #: 3-player game cannot): the set-up form offers only those, a game refuses the
    #: others (:meth:`OptionSet.check_players`). None: every value can.
    fits: Fits | None = None
    #: A ``"text"`` option holding one value per seat, comma-separated in seat order, each
    #: a value of the option so named (each player's level, G3: of its quiz
    #: level). A set-up form offers one list per seat, each with that option's values and
    #: first « comme les autres » (that option's value); the game checks the count. Empty:
    #: not per seat.
    seats_of: str = ""
    #: A seat (an ``"int"``, counted from 0 as the game counts seats, a value below 0 for
    #: none or a draw): typed and shown counted from 1, as players count (« -o name=1 »
    #: is the first seat, 0 the value below), by :meth:`typed` and
    #: :meth:`read`. The game's options, its logs and saved rooms, the web's form and JSON
    #: keep the value counted from 0 (:meth:`parse`, :meth:`validate`): a stored game
    #: replays as it was played.
    from_one: bool = False

    def title(self, lang: str = "fr") -> str:
        """The option's short name in ``lang`` (« Premier joueur »)."""
        en = lang == "en"
        return (self.title_en if en else self.title_fr) or (
            self.help_en if en else self.help_fr).rstrip(".")

    def applied(self, values: Mapping[str, OptionValue], players: int) -> bool:
        """Whether this option changed anything in a game played with ``values`` by
        ``players`` (a number of viruses meant for 3 players, in a game of 4: no, H3)."""
        return self.applies is None or bool(self.applies(values, players))

    def counts(self, values: Mapping[str, OptionValue], counts: Iterable[int]
               ) -> tuple[int, ...]:
        """The player counts among ``counts`` at which this option changes something in a
        game played with ``values`` (:meth:`applied`)."""
        return tuple(n for n in counts if self.applied(values, n))

    def fits_with(self, value: OptionValue, players: int) -> bool:
        """Whether ``value`` can be chosen for a game of ``players`` (:attr:`fits`)."""
        return self.fits is None or bool(self.fits(value, players))

    def unfit(self, value: OptionValue, players: int) -> OptionError:
        """The refusal of ``value`` in a game of ``players``, with the values that fit."""
        def said(lang: str, shown: OptionValue = value) -> str:
            return self.label(shown, lang) or echoed(shown)

        fits = [v for v in self.values() if self.fits_with(v, players)]
        fr = ", ".join(said("fr", v) for v in fits)
        en = ", ".join(said("en", v) for v in fits)
        return OptionError(
            f"{self.title()} : « {said('fr')} » n'est pas possible à {players} joueurs"
            + (f" (au choix : {fr})." if fits else "."),
            f"{self.title('en')}: '{said('en')}' is not possible with {players} players"
            + (f" (choose from: {en})." if fits else "."),
        )

    def named_label(self, value: OptionValue, lang: str = "fr") -> str | None:
        """The words the option gives ``value`` itself (``named``: « Selon la difficulté »
        for 0), or None."""
        for known, fr, english in self.named:
            if isinstance(known, bool) == isinstance(value, bool) and known == value:
                return english if lang == "en" else fr
        return None

    def label(self, value: OptionValue, lang: str = "fr") -> str | None:
        """``value`` in words for a screen (French or English), or None when the option
        has no words for it."""
        en = lang == "en"
        named = self.named_label(value, lang)
        if named is not None:
            return named
        if self.kind not in ("int", "float") or isinstance(value, (bool, str)):
            return None
        if self.percent:
            number = f"{value * 100:.4g}"
            return f"{number}%" if en else f"{number.replace('.', ',')}\u202f%"
        unit = self.unit_en if en else self.unit_fr
        if not unit:
            return None
        if abs(value) < 2 and unit.endswith("s") and (not en or value == 1):
            unit = unit[:-1]  # « 1 seconde », « 0 point », "1 second"
        return f"{decimal(value, lang)} {unit}"

    def typed(self, value: OptionValue, lang: str = "fr") -> str:
        """``value`` as a person types it after ``-o name=`` (:meth:`read`): « oui »,
        « non » (« yes », « no »), ``0.2``, ``galopant``, a seat counted from 1."""
        if isinstance(value, bool):
            if lang == "en":
                return "yes" if value else "no"
            return "oui" if value else "non"
        if isinstance(value, float):
            return f"{value:g}"
        if self.from_one and isinstance(value, int):
            return str(value + 1)
        return str(value)

    def read(self, text: str) -> OptionValue:
        """A value typed on a command line (``-o name=text``): :meth:`parse`, but a seat
        (:attr:`from_one`) counted from 1 as players count (« 1 », the first seat, is 0
        in the game's options). A refusal quotes what was typed."""
        raw = text.strip()
        if not self.from_one or not raw:
            return self.parse(text)
        try:
            return self.validate(int(raw) - 1) if raw.isascii() else self.parse(text)
        except (ValueError, OptionError):
            raise self._bad(text) from None

    def values(self) -> tuple[OptionValue, ...]:
        """The values a screen offers in a list: every choice, both booleans, a chance by
        tenths, every integer of a range of at most 31; empty for the others (typed in)."""
        if self.kind == "choice":
            return self.choices
        if self.kind == "bool":
            return (False, True)
        if self.percent:  # a chance, by tenths (and the default)
            tenths = [i / 10 for i in range(11)]
            return tuple(sorted({*tenths, float(self.default)}))
        if (self.kind == "int" and self.minimum is not None and self.maximum is not None
                and self.maximum - self.minimum <= 30):
            return tuple(range(int(self.minimum), int(self.maximum) + 1))
        return ()

    def allowed(self, lang: str = "fr") -> str:
        """The values allowed, as a person reads them (« nombre entier de 0 à 100 »)."""
        en = lang == "en"
        if self.kind == "bool":  # as typed (:meth:`read` takes true, 1, yes… too)
            return f"{self.typed(True, lang)}, {self.typed(False, lang)}"
        if self.kind == "choice":
            return ", ".join(self.choices)
        offered = self.values() if self.kind == "int" else ()
        if offered and all(any(v == k and not isinstance(k, bool) for k, _, _ in self.named)
                           for v in offered):  # each number has its words: « 0 : Siège 1 »
            colon = ": " if en else "\u00a0: "

            def said(value: OptionValue) -> str:  # « 2 : moyen », not « 2 : 2 : moyen »
                words = self.label(value, lang) or ""
                typed = self.typed(value, lang)  # a seat from 1: « 1 : Place 1 »
                return words if words.startswith(f"{typed} ") or words.startswith(
                    f"{typed}:") else f"{typed}{colon}{words}"

            return ", ".join(said(v) for v in offered)
        if self.kind in ("int", "float"):
            def num(value: float) -> str:
                value += 1 if self.from_one else 0  # a seat, as typed
                return decimal(value, lang)

            what = ("whole number" if en else "nombre entier") if self.kind == "int" else (
                "number" if en else "nombre")
            if self.minimum is not None and self.maximum is not None:
                span = (f" from {num(self.minimum)} to {num(self.maximum)}" if en
                        else f" de {num(self.minimum)} à {num(self.maximum)}")
            elif self.minimum is not None:
                span = (f" from {num(self.minimum)}" if en
                        else f" à partir de {num(self.minimum)}")
            elif self.maximum is not None:
                span = f" up to {num(self.maximum)}" if en else f" jusqu'à {num(self.maximum)}"
            else:
                span = ""
            return what + span
        return "text" if en else "texte"

    def _bad(self, value: object) -> OptionError:
        shown = echoed(value)
        return OptionError(
            f"Valeur invalide pour l'option « {self.name} » : « {shown} » "
            f"(valeurs permises : {self.allowed()}).",
            f"Invalid value for option '{self.name}': \"{shown}\" "
            f"(allowed: {self.allowed('en')}).",
        )

    def _not_text(self, value: str) -> OptionError:
        """A number or a yes/no sent as text (JSON « "0.5" »): said so, not « 0.5 » refused
        beside « valeurs permises : nombre de 0 à 1 », which read as a contradiction."""
        shown = echoed(value)
        if self.kind == "bool":  # JSON's own words; « oui, non » are what is typed (-o)
            return OptionError(
                f"L'option « {self.name} » attend true ou false, pas un texte (reçu : "
                f"« {shown} »).",
                f"Option '{self.name}' takes true or false, not a text (received: "
                f"\"{shown}\").")
        return OptionError(
            f"L'option « {self.name} » attend un nombre, pas un texte (reçu : « {shown} » ; "
            f"valeurs permises : {self.allowed()}).",
            f"Option '{self.name}' takes a number, not a text (received: \"{shown}\"; "
            f"allowed: {self.allowed('en')}).",
        )

    def parse(self, text: str) -> OptionValue:
        """Read a value from command-line text (``true``, ``3``, ``0.2``, ``difficile``).
        A number is written in ASCII digits: « ٣ » is not 3 here, as Python reads it. An
        empty yes/no or number is the option's default (« vide ou 0 » in a help)."""
        raw = text.strip()
        if not raw and self.kind in ("bool", "int", "float"):
            return self.default  # « -o turn_limit= »: nothing said, the option's default
        if self.kind in ("int", "float") and not raw.isascii():
            raise self._bad(text)
        if self.kind == "bool":
            lowered = raw.lower()
            if lowered in ("true", "1", "yes", "oui", "on"):
                return True
            if lowered in ("false", "0", "no", "non", "off"):
                return False
            raise self._bad(text)
        if self.kind == "int":
            try:
                return self.validate(int(raw))
            except ValueError:
                raise self._bad(text) from None
        if self.kind == "float":
            if _DECIMAL_COMMA.fullmatch(raw):  # « 0,5 », as a French reader writes it
                raw = raw.replace(",", ".")
            try:
                return self.validate(float(raw))
            except ValueError:
                raise self._bad(text) from None
        return self.validate(raw)

    def validate(self, value: object) -> OptionValue:
        if isinstance(value, str) and self.kind in ("bool", "int", "float"):
            raise self._not_text(value)
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise self._bad(value)
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._bad(value)
            self._check_range(value)
            return value
        if self.kind == "float":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise self._bad(value)
            self._check_range(float(value))
            return float(value)
        if not isinstance(value, str):
            raise self._bad(value)
        if self.kind == "choice" and value not in self.choices:
            raise self._bad(value)
        return value

    def _check_range(self, value: float) -> None:
        if value != value or value in (math.inf, -math.inf):  # NaN compares with nothing
            raise self._bad(value)
        if self.minimum is not None and value < self.minimum:
            raise self._bad(value)
        if self.maximum is not None and value > self.maximum:
            raise self._bad(value)

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "choices": list(self.choices),
            "minimum": self.minimum,
            "maximum": self.maximum,
            "help": {"fr": self.help_fr, "en": self.help_en},
            "ruling": self.ruling,
            "seats_of": self.seats_of,
        }


class OptionSet:
    """The options of one game, in declaration order."""

    def __init__(self, game: str, options: Iterable[Option]) -> None:
        self.game = game
        #: The game's titles (French, English) that its messages name it by, at the start
        #: of a sentence (« <titre> n'a pas d'option … »), never its id: given by
        #: ``Registry.register``; the id until then (a game made for a test).
        self.titles = (game, game)
        self._options = {o.name: o for o in options}
        for option in self._options.values():  # a per-seat option's values are another's
            if option.seats_of and (option.kind != "text"
                                    or self._options.get(option.seats_of) is None):
                raise ValueError(f"{game}: {option.name} is per seat of an unknown option "
                                 f"or is not text: {option.seats_of!r}")

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._options.values())

    def __len__(self) -> int:
        return len(self._options)

    def __contains__(self, name: object) -> bool:
        return name in self._options

    def __getitem__(self, name: str) -> Option:
        try:
            return self._options[name]
        except KeyError:
            raise self._unknown(name) from None

    def _unknown(self, name: str) -> OptionError:
        """« <titre> n'a pas d'option « x » (options : …). »: the game by its title (it
        read « Option inconnue pour <id> »), the options by the names that are typed
        (``-o``, the JSON API's keys)."""
        known = ", ".join(self._options)
        fr, en = self.titles
        return OptionError(
            f"{fr} n'a pas d'option « {echoed(name)} » (options : {known or 'aucune'}).",
            f"{en} has no option '{echoed(name)}' (options: {known or 'none'}).",
        )

    def defaults(self) -> dict[str, OptionValue]:
        return {name: o.default for name, o in self._options.items()}

    def resolve(self, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """Defaults overridden by ``given`` (values already typed), every value validated."""
        values = self.defaults()
        for name, value in (given or {}).items():
            values[name] = self[name].validate(value)
        return values

    def check_players(self, values: Mapping[str, OptionValue], players: int) -> None:
        """Refuse a value that cannot be chosen for ``players`` (:attr:`Option.fits`)."""
        for option in self._options.values():
            value = values.get(option.name, option.default)
            if not option.fits_with(value, players):
                raise option.unfit(value, players)

    def untimed(self, given: Mapping[str, object] | None, force: bool = False
                ) -> dict[str, object]:
        """``given`` with every timer option (:attr:`Option.timer`) it does not set at 0,
        for a game played without a clock (the terminal, a turn-based room); ``force``:
        at 0 even when given (one device passed around: nobody can act while another
        holds it, and what appears on it as it is played tells who did it)."""
        out: dict[str, object] = dict(given or {})
        for option in self._options.values():
            if option.timer and (force or option.name not in out):
                out[option.name] = 0
        return out

    def parse_pairs(self, pairs: Iterable[str]) -> dict[str, OptionValue]:
        """Read ``key=value`` strings from the command line, each value as it is typed
        (:meth:`Option.read`: a seat counted from 1)."""
        out: dict[str, OptionValue] = {}
        for pair in pairs:
            name, sep, raw = pair.partition("=")
            if not sep:
                raise OptionError(
                    f"Option mal écrite : « {pair} » (forme attendue : clé=valeur).",
                    f"Malformed option: '{pair}' (key=value expected).",
                )
            out[name.strip()] = self[name.strip()].read(raw)
        return out

