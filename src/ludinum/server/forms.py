"""The room creation form, built from a game's options (any game, no per-game code)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludinum.engine import Game, Option, OptionError, OptionValue
from ludinum.server.rooms import TURNS

PREFIX = "opt_"


@dataclass
class Field:
    option: Option
    name: str
    value: OptionValue
    help: str
    input: str  # checkbox, number, select, text
    step: str = "1"
    #: select: (value as sent, the value in words); number: its unit in words.
    choices: tuple[tuple[str, str], ...] = ()
    unit: str = ""


def fields(game: Game, lang: str, values: Mapping[str, OptionValue] | None = None) -> list[Field]:
    """The form's fields: every value shown in words, never raw (issue 21): a list of the
    values in words where the option has few (choices, small ranges), else a number with
    its unit."""
    out = []
    for option in game.options:
        value = (values or {}).get(option.name, option.default)
        kind = {"bool": "checkbox", "int": "number", "float": "number",
                "choice": "select"}.get(option.kind, "text")
        offered = option.values() if option.kind != "bool" else ()
        choices = tuple((str(v), option.label(v, lang) or str(v)) for v in offered)
        if choices:
            kind = "select"
            value = str(value)
        unit = ""
        if kind == "number":
            unit = option.unit_en if lang == "en" else option.unit_fr
        out.append(Field(
            option, PREFIX + option.name, value,
            option.help_en if lang == "en" else option.help_fr, kind,
            "any" if option.kind == "float" else "1", choices, unit,
        ))
    return out


def parse(game: Game, form: Mapping[str, Any]) -> dict[str, OptionValue]:
    """Typed option values from submitted form text; OptionError names a bad one.

    « Tour par tour : sans minuteur » (``mode=turns``): a timer still at the default the
    form showed is not asked for, so the room puts it at 0 (``OptionSet.untimed``); only a
    timer the host changed is kept. Without this every turn-based room made from the form
    ran the live timers (a Hacker trip of 12 s, H3)."""
    values: dict[str, OptionValue] = {}
    turns = form.get("mode") == TURNS
    for option in game.options:
        raw = form.get(PREFIX + option.name)
        if option.kind == "bool":
            values[option.name] = raw is not None and str(raw) not in ("", "false", "0")
            continue
        if raw is None or str(raw).strip() == "":
            continue
        value = option.parse(str(raw))
        if turns and option.timer and value == option.default:
            continue
        values[option.name] = value
    return values


def players(game: Game, raw: object) -> int:
    try:
        count = int(str(raw))
    except ValueError:
        raise OptionError("Nombre de joueurs invalide.", "Invalid number of players.") from None
    game.check_players(count)
    return count
