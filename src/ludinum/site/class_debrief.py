"""The class debrief (issue 22 §1): what a whole class met over its game tables, for the
teacher's discussion at the end, as a page (projector) and an A4 PDF (to print).

Each table is replayed and gathered by :func:`ludinum.site.debrief.collect`, then the
tables are put together: outcomes per table, the quiz questions met with how many times each
was asked and the share of right answers (least known first), the prevention messages shown
(once each, with how many tables met it), the themes and the game's lessons. Nicknames only;
nothing is stored: the document is built from the logs it is given and sent as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from ludinum.engine import Lesson, LudinumError
from ludinum.site.debrief import Debrief, collect
from ludinum.site.pdf.diploma import date_in

#: The formats :func:`class_debrief_response` builds.
FORMATS = ("html", "pdf")

WORDS = {
    "fr": {
        "title": "Bilan de la classe",
        "back": "Retour au tableau de la classe",
        "date": "Date",
        "tables": "Tables",
        "pupils": "Élèves",
        "outcomes": "Résultats par table",
        "table": "Table {n}",
        "step": "{n} action jouée",
        "steps": "{n} actions jouées",
        "questions": "Questions du quiz",
        "questions_intro": "Les moins bien connues d'abord : ce sont celles à reprendre ensemble.",
        "question": "Question",
        "asked": "Posée",
        "right": "Bonnes réponses",
        "times": "{n} fois",
        "once": "1 fois",
        "playing": "Partie en cours.",
        "share": "{n}\u202f%",
        "messages": "Messages de prévention affichés",
        "met": "vu à {n} table",
        "met_many": "vu à {n} tables",
        "themes": "Thèmes abordés",
        "lessons": "Ce que la partie nous apprend",
        "source": "Source",
        "none": "aucun",
        "no_question": "Aucune question posée.",
        "privacy": "Document sans donnée personnelle : seuls les pseudos des élèves y figurent.",
        "sep": " : ",
    },
    "en": {
        "title": "Class debrief",
        "back": "Back to the class dashboard",
        "date": "Date",
        "tables": "Tables",
        "pupils": "Pupils",
        "outcomes": "Outcome per table",
        "table": "Table {n}",
        "step": "{n} action played",
        "steps": "{n} actions played",
        "questions": "Quiz questions",
        "questions_intro": "Least known first: these are the ones to go over together.",
        "question": "Question",
        "asked": "Asked",
        "right": "Right answers",
        "times": "{n} times",
        "once": "once",
        "playing": "Game in progress.",
        "share": "{n}%",
        "messages": "Prevention messages shown",
        "met": "met at {n} table",
        "met_many": "met at {n} tables",
        "themes": "Themes met",
        "lessons": "What the game teaches us",
        "source": "Source",
        "none": "none",
        "no_question": "No question asked.",
        "privacy": "No personal data in this document: only the pupils' nicknames.",
        "sep": ": ",
    },
}


class DebriefFormatError(LudinumError):
    """A class debrief asked in a format that does not exist."""

    code = "bad_format"


class NoTableError(LudinumError):
    """A class debrief of no table at all."""

    code = "no_table"


class TableError(LudinumError):
    """A table that cannot be replayed (its configuration or its log), or numbered twice."""

    code = "bad_table"


@dataclass(frozen=True)
class TableLog:
    """One game table of the class: what :func:`class_debrief` replays."""

    number: int  # 1-based table number
    config_json: object  # GameConfig JSON (text or data)
    log: Sequence[tuple[int, object]]  # (seat, action) pairs, like site.debrief.collect
    nicknames: Sequence[str]
    #: Seats played by bots at the end (not counted as pupils).
    bots: int = 0
    #: Still being played: the debrief opens during the game, and such a table is said
    #: « en cours », not « arrêtée avant la fin » (a teacher's review, 2026-12-03).
    playing: bool = False


@dataclass(frozen=True)
class TableOutcome:
    """How one table's game went."""

    number: int
    players: tuple[str, ...]
    outcome: str  # the sentence of the per-game debrief (winner, team, stopped, playing…)
    finished: bool
    steps: int
    bots: int = 0  # seats played by bots at the end
    playing: bool = False  # still being played (not stopped: not drawn as stopped)


@dataclass(frozen=True)
class QuestionCount:
    """A quiz question met at the tables: how many times it was asked, and answered right."""

    question: str
    asked: int
    right: int

    @property
    def share(self) -> int:
        """The share of right answers, in whole percent."""
        return round(100 * self.right / self.asked)


@dataclass(frozen=True)
class MessageCount:
    """A prevention message shown (who says it or the card's title, its text), and at how
    many tables it was shown."""

    who: str
    text: str
    tables: int


@dataclass(frozen=True)
class ClassDebrief:
    lang: str
    day: date
    title: str  # the game's title (the titles, joined, if the tables played several)
    tables: tuple[TableOutcome, ...]
    questions: tuple[QuestionCount, ...]  # least known first
    messages: tuple[MessageCount, ...]  # met at the most tables first
    themes: tuple[str, ...]
    lessons: tuple[Lesson, ...]
    #: What the themes section is called (« Thèmes abordés », or the game's own name for
    #: what it lists, as on each table's debrief).
    themes_heading: str = ""

    @property
    def pupils(self) -> int:
        """The pupils at the tables: their seats, not the bots'."""
        return sum(len(t.players) - t.bots for t in self.tables)

    def steps_text(self, n: int) -> str:
        """« 1 action jouée », « 0 action jouée », « 2 actions jouées » (« 0 actions
        played » in English)."""
        one = n < 2 if self.lang == "fr" else n == 1
        return self.words()["step" if one else "steps"].format(n=n)

    def times_text(self, n: int) -> str:
        """« 3 fois », "3 times", and "once" (not "1 times")."""
        words = self.words()
        return words["once"] if n == 1 else words["times"].format(n=n)

    @property
    def asked(self) -> int:
        """Questions asked over all tables."""
        return sum(q.asked for q in self.questions)

    @property
    def right_share(self) -> int | None:
        """The share of right answers over every question asked, in whole percent."""
        asked = self.asked
        return round(100 * sum(q.right for q in self.questions) / asked) if asked else None

    def words(self) -> dict[str, str]:
        return WORDS.get(self.lang, WORDS["fr"])

    def day_text(self) -> str:
        return date_in(self.day, self.lang)


def class_debrief(tables: Sequence[TableLog], lang: str, day: date | None = None) -> ClassDebrief:
    """Replay every table (:func:`~ludinum.site.debrief.collect`) and put them together."""
    check_tables(tables)
    lang = "en" if lang == "en" else "fr"
    ordered = sorted(tables, key=lambda t: t.number)
    played = [(t.number, _collect(t, lang, day)) for t in ordered]
    titles = list(dict.fromkeys(d.title for _, d in played))
    return ClassDebrief(
        lang=lang,
        day=played[0][1].day,
        title=", ".join(titles),
        tables=tuple(_outcome(t, n, d, lang) for t, (n, d) in zip(ordered, played, strict=True)),
        questions=_questions([d for _, d in played]),
        messages=_messages([d for _, d in played]),
        themes=tuple(dict.fromkeys(t for _, d in played for t in d.themes)),
        lessons=tuple(dict.fromkeys(lesson for _, d in played for lesson in d.lessons)),
        themes_heading=_heading([d.themes_heading for _, d in played], lang),
    )


def _outcome(table: TableLog, number: int, debrief: Debrief, lang: str) -> TableOutcome:
    """One table's line: « en cours » for a table still played (not finished), else how
    it ended."""
    playing = table.playing and not debrief.finished
    return TableOutcome(number, tuple(debrief.players),
                        WORDS[lang]["playing"] if playing else debrief.outcome,
                        debrief.finished, debrief.steps, table.bots, playing)


def _heading(headings: Sequence[str], lang: str) -> str:
    """The tables' name for their themes section when they all give the same one, else
    the words' own « Thèmes abordés »."""
    named = set(headings)
    return named.pop() if len(named) == 1 else WORDS[lang]["themes"]


def check_tables(tables: Sequence[TableLog]) -> None:
    """Refuse no table, or a table number used twice or below 1, before any replay."""
    if not tables:
        raise NoTableError("Aucune table à résumer\u202f: la classe n'a joué aucune partie.",
                           "No table to sum up: the class played no game.")
    seen: set[int] = set()
    for table in tables:
        if table.number < 1 or table.number in seen:
            raise TableError(f"Numéro de table en double ou invalide\u202f: {table.number}.",
                             f"Table number used twice or invalid: {table.number}.")
        seen.add(table.number)


def _collect(table: TableLog, lang: str, day: date | None) -> Debrief:
    """One table's debrief; a table that cannot be replayed is refused with its number."""
    try:
        return collect(table.config_json, table.log, table.nicknames, lang, day)
    except LudinumError as exc:
        raise TableError(f"Table {table.number}\u202f: {exc.fr}",
                         f"Table {table.number}: {exc.en}") from exc
    except ValueError as exc:  # unreadable JSON, a configuration that is not an object
        raise TableError(f"Table {table.number}\u202f: configuration de la partie illisible.",
                         f"Table {table.number}: unreadable game configuration.") from exc


def _questions(debriefs: Sequence[Debrief]) -> tuple[QuestionCount, ...]:
    asked: dict[str, list[int]] = {}
    for debrief in debriefs:
        for question, right in debrief.questions:
            count = asked.setdefault(question, [0, 0])
            count[0] += 1
            count[1] += int(right)
    found = [QuestionCount(q, n, r) for q, (n, r) in asked.items()]
    # Least known first (the share as a fraction, not rounded), then the most asked.
    return tuple(sorted(found, key=lambda q: (q.right / q.asked, -q.asked, q.question)))


def _messages(debriefs: Sequence[Debrief]) -> tuple[MessageCount, ...]:
    tables: dict[tuple[str, str], int] = {}
    for debrief in debriefs:
        for message in dict.fromkeys(debrief.messages):
            tables[message] = tables.get(message, 0) + 1
    found = [MessageCount(who, text, n) for (who, text), n in tables.items()]
    # Met at the most tables first; else in the order they were first shown.
    return tuple(sorted(found, key=lambda m: -m.tables))
