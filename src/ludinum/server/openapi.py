"""The OpenAPI description of the HTTP API, served at ``/openapi.json``."""

from __future__ import annotations

from typing import Any

ERROR = {
    "type": "object",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "code": {"type": "string"},
                "fr": {"type": "string"},
                "en": {"type": "string"},
            },
            "required": ["code", "fr", "en"],
        }
    },
}
CODE = {"name": "code", "in": "path", "required": True,
        "schema": {"type": "string", "pattern": "^[A-Za-z0-9]{6}$"},
        "description": "Room code (6 characters, case-insensitive)."}
LANG = {"name": "lang", "in": "query", "schema": {"type": "string", "enum": ["fr", "en"]},
        "description": "Language of the texts; without it, the lang cookie, then the "
                       "browser's Accept-Language, then French."}


def _err(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def schema() -> dict[str, Any]:
    seat = {"type": "object", "properties": {
        "seat": {"type": "integer"}, "kind": {"type": "string", "enum": ["open", "human", "bot"]},
        "name": {"type": "string"}, "bot": {"type": ["string", "null"]},
        "connected": {"type": "boolean"}, "offered": {"type": "boolean"}}}
    room = {"type": "object", "properties": {
        "code": {"type": "string"}, "game": {"type": "string"}, "title": {"type": "string"},
        "players": {"type": "integer"}, "mode": {"type": "string", "enum": ["live", "turns"]},
        "status": {"type": "string",
                   "enum": ["lobby", "playing", "paused", "finished", "ended"]},
        "seq": {"type": "integer"}, "seats": {"type": "array", "items": seat}}}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Ludinum classroom server",
            "version": "1",
            "description": "Rooms, seats and replays. Play itself goes through the WebSocket "
                           "at /ws/{code} (see docs/protocol.md). Every error has a stable "
                           "code and a French and an English message.",
        },
        "paths": {
            "/api/games": {"get": {
                "summary": "The games offered, with their options and bot levels.",
                "responses": {"200": {"description": "Games",
                                      "content": {"application/json": {"schema": {
                                          "type": "object",
                                          "properties": {"games": {"type": "array"}}}}}}}}},
            "/api/rooms": {"post": {
                "summary": "Create a room; returns its code and the host's secret token.",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["game", "players"],
                    "additionalProperties": False,
                    "properties": {
                        "game": {"type": "string"}, "players": {"type": "integer"},
                        "options": {"type": "object"},
                        "mode": {"type": "string", "enum": ["live", "turns"]},
                        "seed": {"type": "integer"}}}}}},
                "responses": {
                    "201": {"description": "Created", "content": {"application/json": {
                        "schema": {"type": "object", "properties": {
                            "code": {"type": "string"}, "host_token": {"type": "string"},
                            "room": {"$ref": "#/components/schemas/Room"}}}}}},
                    "400": _err("Bad game, options or player count, or an unknown field"),
                    "404": _err("Unknown game"), "413": _err("Body over 64 KiB"),
                    "415": _err("Not application/json"),
                    "429": _err("Too many rooms from this address")}}},
            "/api/rooms/{code}": {"get": {
                "summary": "Public information about a room (seats, status).",
                "parameters": [CODE, LANG],
                "responses": {"200": {"description": "Room", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Room"}}}},
                    "400": _err("Not a code's shape (bad_code, not counted)"),
                    "404": _err("Unknown room"), "429": _err("Too many attempts")}}},
            "/api/rooms/{code}/join": {"post": {
                "summary": "Take a seat with a nickname; returns the seat's secret token. "
                           "During a game, only a seat the host offered.",
                "parameters": [CODE],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["nickname"],
                    "additionalProperties": False,
                    "properties": {"nickname": {"type": "string", "minLength": 2,
                                                "maxLength": 20},
                                   "seat": {"type": "integer"}}}}}},
                "responses": {
                    "201": {"description": "Joined", "content": {"application/json": {
                        "schema": {"type": "object", "properties": {
                            "seat": {"type": "integer"}, "token": {"type": "string"}}}}}},
                    "400": _err("Refused nickname, bad request or not a code's shape"),
                    "404": _err("Unknown room"),
                    "409": _err("Room full, name taken, seat not offered or game over"),
                    "413": _err("Body over 64 KiB"), "415": _err("Not application/json"),
                    "429": _err("Too many wrong codes from this address")}}},
            "/api/nickname": {"get": {
                "summary": "A generated nickname.",
                "responses": {"200": {"description": "Nickname", "content": {
                    "application/json": {"schema": {"type": "object", "properties": {
                        "nickname": {"type": "string"}}}}}}}}},
            "/api/rooms/{code}/replay": {"get": {
                "summary": "One step of a finished game's replay (public view).",
                "parameters": [CODE, LANG, {"name": "step", "in": "query",
                                            "schema": {"type": "integer", "minimum": 0}}],
                "responses": {"200": {"description": "Step", "content": {
                    "application/json": {"schema": {"type": "object", "properties": {
                        "step": {"type": "integer"}, "steps": {"type": "integer"},
                        "view": {"type": "object", "description": "Public view"},
                        "events": {"type": "array", "items": {"type": "string"}},
                        "seats": {"type": "array", "items": {"type": "string"}},
                        "over": {"type": "boolean"},
                        "turn": {"type": ["integer", "null"],
                                 "description": "Turn or round of this step, as the game "
                                                "counts them"},
                        "previous_turn": {"type": ["integer", "null"],
                                          "description": "First step of the turn before"},
                        "next_turn": {"type": ["integer", "null"],
                                      "description": "First step of the turn after"}}}}}},
                              "400": _err("Game not finished, or not a code's shape"),
                              "404": _err("Unknown room")}}},
            "/qr/{code}.svg": {"get": {
                "summary": "QR code (SVG) of the room's join link.",
                "parameters": [CODE],
                "responses": {"200": {"description": "SVG",
                                      "content": {"image/svg+xml": {}}},
                              "400": _err("Not a code's shape (bad_code, not counted)"),
                              "404": _err("Unknown room")}}},
            **class_paths(),
        },
        "components": {"schemas": {"Error": ERROR, "Room": room, "Seat": seat}},
    }


#: Class mode (docs/class.md): every route is a JSON POST with the token in the body.
_CLASS_ROUTES: dict[str, tuple[str, dict[str, Any]]] = {
    "join": ("A pupil joins the class with a nickname; returns their secret token.",
             {"nickname": {"type": "string"}}),
    "me": ("A pupil's waiting state: table, and once started the room of their seat.",
           {"token": {"type": "string"}}),
    "state": ("The teacher's dashboard: the class's status and its HTML.",
              {"token": {"type": "string"}}),
    "move": ("The teacher moves a pupil to another table (from 1) before the start.",
             {"token": {"type": "string"}, "pupil": {"type": "integer"},
              "table": {"type": "integer"}}),
    "remove": ("The teacher removes a pupil (by index, from 0) or every pupil before the "
               "start.", {"token": {"type": "string"}, "pupil": {"type": "integer"},
                          "all": {"type": "boolean"}}),
    "lock": ("The teacher closes the class to new pupils, or opens it.",
             {"token": {"type": "string"}, "locked": {"type": "boolean"}}),
    "start": ("The teacher starts every table.", {"token": {"type": "string"}}),
    "command": ("Pause, resume or end every table.",
                {"token": {"type": "string"},
                 "command": {"type": "string", "enum": ["pause", "resume", "end"]}}),
    "message": ("A message (at most 140 characters) shown on every phone.",
                {"token": {"type": "string"}, "text": {"type": "string", "maxLength": 140}}),
}


def _post(summary: str, properties: dict[str, Any], parameters: list[Any]) -> dict[str, Any]:
    return {"post": {
        "summary": summary, "parameters": parameters,
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "properties": properties}}}},
        "responses": {"200": {"description": "Done"}, "201": {"description": "Created"},
                      "400": _err("Bad request, wrong token or not a code's shape"),
                      "404": _err("Unknown class"), "409": _err("Not now (see the code)"),
                      "429": _err("Too many wrong codes or tokens from this address")}}}


def class_paths() -> dict[str, Any]:
    code = {**CODE, "description": "Class code (6 characters, case-insensitive)."}
    out = {"/api/classes": _post(
        "Create a class; returns its code and the teacher's secret token.",
        {"game": {"type": "string"}, "table_size": {"type": "integer"},
         "bot_level": {"type": "string"}, "friends_apart": {"type": "boolean"},
         "mode": {"type": "string", "enum": ["live", "turns"]},
         "options": {"type": "object"}}, [])}
    for name, (summary, properties) in _CLASS_ROUTES.items():
        out[f"/api/classes/{{code}}/{name}"] = _post(summary, properties, [code])
    return out
