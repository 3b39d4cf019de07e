"""Facts in the content: which items state one, where it comes from and when it was checked.

An *item* is one entry a kind lists (a card, a resource, a danger, a page section…; see
:attr:`ludinum.content.schema.ContentKind.items`). It may carry ``source`` (a public URL or
a legal reference, or a list of them) and ``checked`` (the ISO date it was last checked
against that source). An item is **factual** when a pupil could repeat a fact from it:

- it names a service to contact (a ``contact`` field), or
- one of its French texts (its own fields, not its nested lists, not names and titles,
  not ``*_en``) holds a number (a phone number, an age, a year, a duration…), a law
  (« loi », « article », « Code … », « règlement », « directive », « RGPD », « délit »,
  « interdit », « illégal », « puni »…), a web address, or the name of a public service or
  authority (CNIL, Arcom, Pharos, ANSSI, PEGI…).

``ludinum content check`` refuses a factual item without ``source`` and ``checked``
(and any item with one of the two without the other, or a date that is not a date or is
in the future); ``--stale MONTHS`` lists the items checked longer ago. A technical claim
without any of these marks is not detected: its author adds the two fields.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludinum.content.yamldoc import Doc, PathKey

#: JSON Schema of the two fields, to merge into the properties of every item that may
#: state a fact (quiz questions included).
SOURCE_PROPERTIES: dict[str, Any] = {
    "source": {
        "oneOf": [
            {"type": "string", "minLength": 5},
            {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 5}},
        ]
    },
    # A YAML date (2026-11-24) or the same as a string; checked by :func:`fact_problems`.
    "checked": {},
}

#: Fields that are not read as statements: identifiers, names, titles, references.
NOT_STATEMENTS = frozenset(
    {
        "id", "name", "name_fr", "nom", "title", "theme", "kind", "speaker", "type",
        "series", "against", "symbol", "liberty", "mascot", "category", "categorie",
        "nature", "effet", "contre", "colour", "value", "game", "source", "checked",
        "contact", "choices", "answer", "level",
    }
)
_LAW = (
    r"lois?|articles? [LR]?\d|art\.|Code (?:pénal|civil|de la|de l'|du)|décret|règlement|directive|"
    r"RGPD|délits?|interdite?s?|illégale?s?|illégaux|punie?s?|majorité numérique"
)
_SERVICES = (
    r"CNIL|Arcom|Pharos|ANSSI|PEGI|ADEME|SignalConso|Fil Santé Jeunes|Joueurs Info Service|"
    r"e-Enfance|Lumni|CLEMI|Internet Sans Crainte"
)
#: (what it is, pattern) — the marks of a fact, in the order they are reported.
MARKERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # A number, but not a game rule's count of turns (« la victime perd 1 tour »).
    ("nombre", re.compile(r"\d+(?! tours?\b)(?!\d)")),
    ("loi", re.compile(rf"\b(?:{_LAW})(?!\w)", re.IGNORECASE)),
    ("adresse web", re.compile(r"\b[\w-]+(?:\.[\w-]+)*\.(?:fr|org|com|net|eu|info)\b")),
    ("service", re.compile(rf"\b(?:{_SERVICES})\b")),
)

Items = Callable[[Doc], Iterable[tuple[PathKey, Mapping[str, Any]]]]


def items_at(*where: str) -> Items:
    """The items of the list at ``where`` (or the mapping there); ``"*"`` walks every entry
    of a list on the way (``items_at("themes", "*", "resources")``: every theme's resources)."""

    def walk(data: Any, path: PathKey, rest: tuple[str, ...]) -> Iterator[tuple[PathKey, Any]]:
        if not rest:
            if isinstance(data, Mapping):
                yield path, data
            elif isinstance(data, list):
                for i, item in enumerate(data):
                    if isinstance(item, Mapping):
                        yield (*path, i), item
            return
        head, tail = rest[0], rest[1:]
        if head == "*":
            if isinstance(data, list):
                for i, entry in enumerate(data):
                    yield from walk(entry, (*path, i), tail)
        elif isinstance(data, Mapping) and head in data:
            yield from walk(data[head], (*path, head), tail)

    return lambda doc: list(walk(doc.data, (), where))


def items_of(*sources: Items) -> Items:
    """Several item lists as one."""
    return lambda doc: [pair for items in sources for pair in items(doc)]


def statements(item: Mapping[str, Any]) -> Iterator[str]:
    """The French texts of ``item`` itself (not of its nested lists)."""
    for key, value in item.items():
        if key in NOT_STATEMENTS or str(key).endswith("_en"):
            continue
        if isinstance(value, str):
            yield value
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            yield from value


def fact_marks(item: Mapping[str, Any]) -> list[str]:
    """Why ``item`` is factual (« nombre « 3018 » »…); empty when it is not."""
    marks = []
    if "contact" in item:
        marks.append(f"service « {item['contact']} »")
    for text in statements(item):
        for what, pattern in MARKERS:
            match = pattern.search(text)
            if match:
                marks.append(f"{what} « {match.group()} »")
    return marks


def checked_date(value: Any) -> dt.date | None:
    """``checked`` as a date (a YAML date or an ISO string), None if it is neither."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip())
        except ValueError:
            return None
    return None


def item_name(path: PathKey, item: Mapping[str, Any]) -> str:
    for key in ("id", "cell", "name", "title"):
        if key in item:
            return str(item[key])
    return "/".join(map(str, path))


@dataclass(frozen=True)
class Fact:
    """One item of a kind, with its source (if any) for the checks and the listings."""

    file: str
    line: int
    name: str
    marks: tuple[str, ...]
    source: tuple[str, ...]
    checked: dt.date | None
    raw_checked: Any


def facts(items: Items, docs: Sequence[Doc]) -> list[Fact]:
    """Every item of ``docs`` that is factual or carries a source."""
    out = []
    for doc in docs:
        for path, item in items(doc):
            marks = fact_marks(item)
            raw_source = item.get("source")
            if not marks and raw_source is None and "checked" not in item:
                continue
            source = (raw_source,) if isinstance(raw_source, str) else tuple(raw_source or ())
            out.append(
                Fact(
                    str(doc.file), doc.line(path), item_name(path, item), tuple(marks),
                    source, checked_date(item.get("checked")), item.get("checked"),
                )
            )
    return out


def fact_messages(fact: Fact, today: dt.date) -> list[str]:
    """What is wrong with ``fact``'s source and date (French)."""
    found = []
    if fact.marks and not fact.source and fact.raw_checked is None:
        found.append(
            f"« {fact.name} » énonce un fait ({fact.marks[0]}) : il faut « source » "
            "(adresse publique ou référence de loi) et « checked » (date de vérification)"
        )
        return found
    if not fact.source:
        found.append(f"« {fact.name} » : « checked » sans « source »")
    for ref in (r.strip() for raw in fact.source for r in str(raw).split(";")):
        if ref.count("://") > 1:
            # A page makes a reference's address a link, a note after it its text:
            # « https://… (Code pénal…), https://… » made one link to nowhere.
            found.append(f"« {fact.name} » : deux adresses dans une même référence de "
                         f"« source » (« {ref[:60]}… ») : sépare les références par « ; »")
    if fact.raw_checked is None:
        found.append(f"« {fact.name} » : « source » sans « checked » (date AAAA-MM-JJ)")
    elif fact.checked is None:
        found.append(
            f"« {fact.name} » : « checked » doit être une date AAAA-MM-JJ "
            f"(trouvé « {fact.raw_checked} »)"
        )
    elif fact.checked > today:
        found.append(f"« {fact.name} » : « checked » dans le futur ({fact.checked})")
    return found


def months_before(today: dt.date, months: int) -> dt.date:
    """The same day ``months`` months before ``today`` (the last day of a shorter month)."""
    total = today.year * 12 + today.month - 1 - months
    year, month = divmod(total, 12)
    month += 1
    for day in range(today.day, 0, -1):
        try:
            return dt.date(year, month, day)
        except ValueError:
            continue
    raise ValueError(today)  # pragma: no cover - day 1 always exists


def is_stale(fact: Fact, months: int, today: dt.date) -> bool:
    return fact.checked is not None and fact.checked < months_before(today, months)


def fact_counts(found: Sequence[Fact]) -> dict[str, int]:
    """``factual`` items, those ``sourced`` (a source and a valid date) and the rest."""
    factual = [f for f in found if f.marks]
    sourced = [f for f in factual if f.source and f.checked is not None]
    unsourced = len(factual) - len(sourced)
    return {"factual": len(factual), "sourced": len(sourced), "unsourced": unsourced}
