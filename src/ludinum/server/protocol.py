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

MAX_MESSAGE = 8192

CLIENT_TYPES = (
    "hello", "act", "reveal", "start", "pause", "resume", "end", "kick", "bot", "rename",
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


class ProtocolError(LudinumError):
    code = "bad_message"

    def __init__(self, code: str, fr: str, en: str) -> None:
        super().__init__(fr, en)
        self.code = code


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
        raise ProtocolError("unknown_type", f"Type de message inconnu : « {data['type'][:40]} ».",
                            f"Unknown message type: '{data['type'][:40]}'.")
    allowed = FIELDS.get(data["type"], ())
    for key in data:
        if key != "type" and key not in allowed:
            listed = ", ".join(allowed) or "aucun"
            raise ProtocolError(
                "bad_message", f"Champ inconnu : « {echoed(key)} » (champs : {listed}).",
                f"Unknown field: '{echoed(key)}' (fields: {', '.join(allowed) or 'none'}).")
    return data


def integer(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError("bad_message", f"Le champ « {key} » doit être un entier.",
                            f"Field '{key}' must be an integer.")
    return value


def optional_int(data: dict[str, Any], key: str) -> int | None:
    return None if data.get(key) is None else integer(data, key)


def pong(ping: dict[str, Any]) -> dict[str, Any]:
    """The answer to a ping; a short ``id`` (string or integer) is echoed, so a client can
    tell its own pings apart (and measure the round trip)."""
    out: dict[str, Any] = {"type": "pong"}
    tag = ping.get("id")
    if (isinstance(tag, int) and not isinstance(tag, bool)) or (
            isinstance(tag, str) and len(tag) <= 64):
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
