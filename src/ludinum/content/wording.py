"""Content problems in words, for the teacher who edits the YAML files: what JSON Schema
and PyYAML report (« questions/0/answer : 9 is greater than the maximum of 3 ») said as a
sentence in French or English (« questions n° 1, « answer » : 9 est plus grand que le
maximum, 3. »). Used where content is checked (:mod:`ludinum.content.schema`): by
``ludinum content check`` and by a server refusing a content pack at start."""

from __future__ import annotations

import re
from typing import Any

import jsonschema

from ludinum.engine import counted, echoed

#: JSON Schema types in words (French, English), as a teacher editing YAML calls them.
TYPES = {
    "string": ("un texte", "a text"),
    "integer": ("un nombre entier", "a whole number"),
    "number": ("un nombre", "a number"),
    "boolean": ("true ou false", "true or false"),
    "array": ("une liste", "a list"),
    "object": ("une suite de « clé : valeur »", "a set of 'key: value'"),
    "null": ("vide", "empty"),
}
#: PyYAML's commonest syntax errors, in words (French, English).
YAML_PROBLEMS = (
    ("did not find expected ',' or ']'", "« , » ou « ] » attendu (crochet non fermé ?)",
     "',' or ']' expected (unclosed bracket?)"),
    ("did not find expected ',' or '}'", "« , » ou « } » attendu (accolade non fermée ?)",
     "',' or '}' expected (unclosed brace?)"),
    ("mapping values are not allowed", "« : » inattendu ici (un texte qui contient "
     "« : » s'écrit entre guillemets)", "unexpected ':' here (a text containing ':' "
     "must be quoted)"),
    ("found a tab character", "tabulation : indente avec des espaces",
     "tab character: indent with spaces"),
    ("could not find expected ':'", "« : » attendu après la clé", "':' expected after the key"),
    ("did not find expected key", "clé attendue (vérifie l'indentation)",
     "key expected (check the indentation)"),
    ("did not find expected '-' indicator", "« - » attendu (vérifie l'indentation)",
     "'-' expected (check the indentation)"),
    ("did not find expected node content", "valeur attendue (un « : » ou un « - » de trop ?)",
     "value expected (one ':' or '-' too many?)"),
    ("expected <block end>", "indentation incohérente", "inconsistent indentation"),
    ("found character '\\t' that cannot start any token", "tabulation : indente avec des "
     "espaces", "tab character: indent with spaces"),
    ("found unexpected end of stream", "fin de fichier inattendue (guillemet non fermé ?)",
     "unexpected end of file (unclosed quote?)"),
    ("found unknown escape character", "caractère d'échappement inconnu après « \\ »",
     "unknown escape character after '\\'"),
)


def value_words(value: Any, en: bool) -> str:
    """A value of a content file as its author wrote it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "empty" if en else "vide"
    if isinstance(value, (int, float)):
        if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
            return f"{value:.1f}"  # 2.0 as written: « 2 n'est pas un nombre entier » misleads
        return f"{value:g}" if isinstance(value, float) else str(value)
    if isinstance(value, str):
        return f"'{echoed(value)}'" if en else f"« {echoed(value)} »"
    return TYPES["array" if isinstance(value, list) else "object"][1 if en else 0]


def where_words(path: tuple[str | int, ...], en: bool) -> str:
    """``questions/0/answer`` as « questions n° 1, « answer » »."""
    if not path:
        return "the file" if en else "le fichier"
    parts: list[str] = []
    for i, part in enumerate(path):
        if isinstance(part, int):
            number = f"no. {part + 1}" if en else f"n° {part + 1}"
            parts[-1:] = [f"{parts[-1]} {number}"] if parts else [number]
        elif i + 1 < len(path) and isinstance(path[i + 1], int):
            parts.append(part)  # a list: « questions n° 1 »
        else:
            parts.append(f"'{part}'" if en else f"« {part} »")
    return ", ".join(parts)


def _what(error: jsonschema.ValidationError, en: bool) -> str | None:
    """What is wrong, in words, for the commonest schema errors; None for the others."""
    rule, value = error.validator, error.instance
    limit: Any = error.validator_value
    shown = value_words(value, en)
    if rule == "maximum":
        return (f"{shown} is above the maximum, {value_words(limit, en)}" if en
                else f"{shown} est plus grand que le maximum, {value_words(limit, en)}")
    if rule == "minimum":
        return (f"{shown} is below the minimum, {value_words(limit, en)}" if en
                else f"{shown} est plus petit que le minimum, {value_words(limit, en)}")
    if rule == "required":
        found = re.match(r"'(.*)' is a required property$", error.message)
        missing = found[1] if found else ", ".join(
            str(k) for k in limit if isinstance(value, dict) and k not in value)
        return (f"'{missing}' is missing (a required field)" if en
                else f"« {missing} » manque (champ obligatoire)")
    if rule == "type":
        kinds = [limit] if isinstance(limit, str) else list(limit)
        words = [TYPES[k][1 if en else 0] if k in TYPES else str(k) for k in kinds]
        expected = (" or " if en else " ou ").join(words)
        return (f"{shown} is not {expected}" if en else f"{shown} n'est pas {expected}")
    if rule == "enum":
        allowed = ", ".join(value_words(v, en) for v in limit)
        return (f"{shown} is not allowed (allowed: {allowed})" if en
                else f"{shown} n'est pas permis (valeurs permises : {allowed})")
    if rule == "additionalProperties" and isinstance(value, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        patterns = (error.schema.get("patternProperties", {})
                    if isinstance(error.schema, dict) else {})
        extra = [str(k) for k in value
                 if k not in known and not any(re.search(p, str(k)) for p in patterns)]
        names = ", ".join(f"'{k}'" if en else f"« {k} »" for k in extra)
        if len(extra) > 1:
            return (f"unknown fields {names} (a typo?)" if en
                    else f"champs inconnus {names} (faute de frappe ?)")
        return (f"unknown field {names} (a typo?)" if en
                else f"champ inconnu {names} (faute de frappe ?)")
    if rule in ("minItems", "maxItems", "minLength", "maxLength") and isinstance(limit, int):
        items, least = rule.endswith("Items"), rule.startswith("min")
        if en:
            noun = "item" if items else "character"
            return (f"{'list' if items else 'text'} too {'short' if least else 'long'} "
                    f"({'at least' if least else 'at most'} "
                    f"{counted(limit, (noun, noun + 's'), (noun, noun + 's'), 'en')})")
        nouns = ("élément", "éléments") if items else ("caractère", "caractères")
        size = ("courte" if least else "longue") if items else ("court" if least else "long")
        return (f"{'liste' if items else 'texte'} trop {size} "
                f"({'au moins' if least else 'au plus'} {counted(limit, nouns, nouns, 'fr')})")
    return None


def schema_words(error: jsonschema.ValidationError, lang: str) -> str:
    """One schema error as a sentence in ``lang``: where, then what is wrong; a rare
    kind of error keeps the validator's own words after the place."""
    en = lang == "en"
    path = tuple(error.absolute_path)
    if not path and error.validator == "type" and error.instance is None:
        # « le fichier : vide n'est pas une suite de « clé : valeur ». »
        return ("the file is empty: it must hold a set of 'key: value'." if en else
                "le fichier est vide : il doit contenir une suite de « clé : valeur ».")
    what = _what(error, en)
    if what is None:
        where = "/".join(str(p) for p in path) or ("(root)" if en else "(racine)")
        return f"{where}{':' if en else ' :'} {error.message}"
    return f"{where_words(path, en)}{':' if en else ' :'} {what}."


def yaml_words(problem: str, lang: str) -> str:
    """PyYAML's ``problem`` (« did not find expected ',' or ']' ») as a sentence in
    ``lang``; an unknown one is quoted as it is."""
    for raw, fr, en in YAML_PROBLEMS:
        if problem.startswith(raw):
            return f"invalid YAML: {en}." if lang == "en" else f"YAML invalide : {fr}."
    return f"invalid YAML ({problem})" if lang == "en" else f"YAML invalide ({problem})"
