"""The JSON Schema pieces of the learning pages' texts (``pages.yaml``) that a game's part
of them is made of: a text, a resource, a list of resources."""

from __future__ import annotations

from typing import Any

from ludinum.content.facts import SOURCE_PROPERTIES

TEXT: dict[str, Any] = {"type": "string", "minLength": 1}
RESOURCE: dict[str, Any] = {
    "type": "object",
    "required": ["name", "what", "contact"],
    "additionalProperties": False,
    "properties": {"name": TEXT, "name_en": TEXT, "what": TEXT, "what_en": TEXT,
                   "contact": TEXT, **SOURCE_PROPERTIES},
}
RESOURCES: dict[str, Any] = {"type": "array", "minItems": 1, "items": RESOURCE}
