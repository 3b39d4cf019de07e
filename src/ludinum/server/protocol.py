"""The WebSocket protocol: message parsing and errors (see ``docs/protocol.md``).

Every message is a JSON object with a ``type``. Anything malformed, unknown, out of turn or
illegal gets an ``error`` message with a stable ``code`` and a French and an English text,
and changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from ludinum.content.typography import french_spacing
from ludinum.engine import LudinumError
from ludinum.engine.errors import echoed
from ludinum.weblib.fields import ProtocolError as ProtocolError
from ludinum.weblib.fields import number as number

MAX_MESSAGE = 8192

CLIENT_TYPES = (
    "hello", "act", "reveal", "hand_on", "start", "pause", "resume", "end", "kick", "bot", "rename",
    "offer", "withdraw", "lock", "unlock", "ping",
)
HOST_TYPES = ("start", "pause", "resume", "end", "kick", "bot", "rename", "offer", "withdraw",
              "lock", "unlock")
ROLES = ("host", "player", "pass", "spectator")
#: The fields each message may hold besides its ``type`` (the pages send ``level`` with
#: every command about a seat). Another one is refused by name: « levle » for « level »
#: would otherwise start the game with the default bots.
FIELDS: dict[str, tuple[str, ...]] = {
    "hello": ("role", "token", "tokens", "lang", "room"),
    "act": ("seat", "action", "seq"),
    "reveal": ("seat",),
    "start": ("level", "shared"),
    "kick": ("seat", "level"), "bot": ("seat", "level"), "offer": ("seat", "level"),
    "withdraw": ("seat", "level"), "rename": ("seat", "nickname", "level"),
    "ping": ("id",),
}


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


#: One decoder for every message (``json.loads`` with an option builds one per call).
_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def load_json(raw: bytes | str) -> Any:
    """JSON text to data, as the standard allows it: ``NaN`` and ``Infinity`` are refused
    (a number that compares with nothing would pass every range check), and so is a lone
    UTF-16 surrogate (``"\\ud800"``: no UTF-8 can carry it, so an error quoting it could not
    be written). ``ValueError`` or ``RecursionError`` (nested too deep) otherwise."""
    if isinstance(raw, bytes):  # as json.loads reads bytes
        data = _DECODER.decode(raw.decode(json.detect_encoding(raw), "surrogatepass"))
    else:
        data = _DECODER.decode(raw)
    # Only when a surrogate's escape is written (\\uD800–\\uDFFF, rare) is the data encoded
    # again to find a lone one (the parser joined the pairs). A socket's messages are text
    # already: nothing decoded or copied for each move; an HTTP body (≤ 16 KiB) is decoded.
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    if "\\ud" in text or "\\uD" in text:
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("lone surrogate") from None
    return data


def parse(text: object) -> dict[str, Any]:
    if not isinstance(text, str):
        raise ProtocolError("bad_json", "Message illisible (texte JSON attendu).",
                            "Unreadable message (JSON text expected).")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_large", "Message trop long.", "Message too long.")
    try:
        data = load_json(text)
    except (ValueError, RecursionError):  # RecursionError: nested too deep
        raise ProtocolError("bad_json", "Message illisible (JSON invalide ou trop imbriqué).",
                            "Unreadable message (invalid or too deeply nested JSON).") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("bad_message", "Un message est un objet JSON avec un champ « type ».",
                            "A message is a JSON object with a 'type' field.")
    if data["type"] not in CLIENT_TYPES:
        kind = echoed(data["type"])  # short, an invisible character as its code
        raise ProtocolError("unknown_type", f"Type de message inconnu : « {kind} ».",
                            f"Unknown message type: '{kind}'.")
    allowed = FIELDS.get(data["type"], ())
    for key in data:
        if key != "type" and key not in allowed:
            listed = ", ".join(allowed) or "aucun"
            raise ProtocolError(
                "bad_message", f"Champ inconnu : « {echoed(key)} » (champs : {listed}).",
                f"Unknown field: '{echoed(key)}' (fields: {', '.join(allowed) or 'none'}).")
    return data


def type_of(text: object) -> str | None:
    """The type of a message :func:`parse` refused, when it names a known one (a hello
    with a field of too many): its error says what it answers, and the socket treats it
    as that message. None for what is not a JSON object of a known type."""
    try:
        data = load_json(text) if isinstance(text, str) and len(text) <= MAX_MESSAGE else None
    except (ValueError, RecursionError):
        return None
    kind = data.get("type") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) and kind in CLIENT_TYPES else None


def integer(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError("bad_message", f"Le champ « {key} » doit être un entier.",
                            f"Field '{key}' must be an integer.")
    return value


def optional_int(data: dict[str, Any], key: str) -> int | None:
    return None if data.get(key) is None else integer(data, key)


# -- fields of a message or a JSON body -------------------------------------------------
# A value of the wrong type is refused by its field's name, never read as the field's
# default: « "all": "yes" » removing one pupil, or a host's hello carrying seat tokens it
# has no use for, would do something else than what was sent, without a word.


def wrong(key: str, fr: str, en: str) -> ProtocolError:
    """The refusal of field ``key``: « « key » fr », `'key' en`."""
    return ProtocolError("bad_message", f"« {key} » {fr}", f"'{key}' {en}")


def boolean(data: dict[str, Any], key: str, default: bool | None = None) -> bool:
    """``data[key]``, true or false; ``default`` when it is absent (None: it must be
    there). Any other value (« "yes" », 1, null) is refused by name."""
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise wrong(key, "vaut true ou false.", "is true or false.")
    return value


def text(data: dict[str, Any], key: str, most: int) -> str:
    """``data[key]``, a string of at most ``most`` characters, or the refusal naming it."""
    value = data.get(key)
    if not isinstance(value, str):
        raise wrong(key, "est un texte.", "is a string.")
    if len(value) > most:
        raise wrong(key, f"a au plus {most} caractères.", f"has at most {most} characters.")
    return value


def texts(data: dict[str, Any], key: str, most: int, longest: int) -> list[str]:
    """``data[key]``, a list of 1 to ``most`` strings of at most ``longest`` characters
    each, or the refusal naming it."""
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise wrong(key, "est une liste de textes.", "is a list of strings.")
    if not 1 <= len(value) <= most:
        raise wrong(key, f"a de 1 à {most} éléments.", f"has 1 to {most} items.")
    if any(len(v) > longest for v in value):
        raise wrong(key, f"a des textes d'au plus {longest} caractères.",
                    f"holds strings of at most {longest} characters.")
    return value


def absent(data: dict[str, Any], keys: tuple[str, ...], fr: str, en: str) -> None:
    """Refuse the first of ``keys`` that ``data`` holds: it has no use here (``fr`` and
    ``en`` say why), and ignoring it would hide the sender's mistake."""
    for key in keys:
        if key in data:
            raise wrong(key, fr, en)




#: Longest key a hello may carry (a token is 32 characters; :func:`tokens.matches`).
TOKEN_LENGTH = 200
#: The key fields of a hello by role: a host and a player send ``token``, a pass-and-play
#: device ``tokens`` (one per seat it holds), a spectator neither.
HELLO_KEYS: dict[str, tuple[str, ...]] = {
    "host": ("token",), "player": ("token",), "pass": ("tokens",), "spectator": (),
}


def hello_role(message: dict[str, Any], most_seats: int) -> str:
    """The role of a hello whose keys have the shape of that role's (:data:`HELLO_KEYS`):
    the token a string, the tokens a list of 1 to ``most_seats`` strings (the room's
    seats), and no key of another role (a host's hello with ``tokens`` is refused by
    name, not ignored)."""
    role = message.get("role")
    if not isinstance(role, str) or role not in ROLES:
        raise ProtocolError("bad_role", "Rôle inconnu.", "Unknown role.")
    mine = HELLO_KEYS[role]
    others = tuple(k for k in ("token", "tokens") if k not in mine)
    absent(message, others, f"ne sert pas au rôle « {role} ».",
           f"is not used by role '{role}'.")
    # A missing key is a wrong key (``bad_token``, counted as a guess): only the shape of
    # one sent is checked here.
    if "token" in mine and "token" in message:
        text(message, "token", TOKEN_LENGTH)
    if "tokens" in mine and "tokens" in message:
        texts(message, "tokens", most_seats, TOKEN_LENGTH)
    return role


#: The largest ``id`` of a ping echoed, either sign: JavaScript's exact integers (2⁵³).
PING_INTEGER = 2**53
#: The longest ``id`` of a ping echoed, a string.
PING_TEXT = 64


def pong(ping: dict[str, Any]) -> dict[str, Any]:
    """The answer to a ping; its ``id`` (an integer within :data:`PING_INTEGER`, or a
    string of at most :data:`PING_TEXT` characters) is echoed, so a client can tell its own
    pings apart (and measure the round trip). Another ``id`` is refused by name: it was
    dropped without a word (a client waited for a pong it could not recognise), and an
    integer of 400 digits was echoed whole."""
    out: dict[str, Any] = {"type": "pong"}
    tag = ping.get("id")
    if tag is None:
        return out
    if isinstance(tag, str):
        if len(tag) > PING_TEXT:
            raise wrong("id", f"a au plus {PING_TEXT} caractères.",
                        f"has at most {PING_TEXT} characters.")
    elif isinstance(tag, bool) or not isinstance(tag, int) or abs(tag) > PING_INTEGER:
        raise wrong("id", f"est un entier de −2⁵³ à 2⁵³ ou un texte d'au plus {PING_TEXT} "
                    "caractères.",
                    f"is an integer from −2⁵³ to 2⁵³ or a string of at most {PING_TEXT} "
                    "characters.")
    out["id"] = tag
    return out


def error(exc: LudinumError, about: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", **said(exc)}
    if about:
        out["about"] = about
    return out


def said(exc: LudinumError) -> dict[str, Any]:
    """An error as the pages show it (its code, its French and English texts and what its
    kind adds): the French with its no-break spaces (« Place inconnue : 9 » never breaks
    before its colon on a phone), as every other text a screen shows."""
    out: dict[str, Any] = exc.to_json()
    out["fr"] = french_spacing(exc.fr)
    return out


def fail(code: str, fr: str, en: str) -> ProtocolError:
    return ProtocolError(code, fr, en)
