"""The site's quiz (ruling W16), of the game whose part of the site declares it: questions
drawn per theme, a score, and the diploma it opens.

The facilitator sets the quiz (themes, questions per theme, pass mark) and hands pupils a
link that carries these settings signed (:func:`settings_token`): a pupil cannot change
them. The server draws the questions (:class:`Attempt`, a signed single-use token), marks
the answers and signs the diploma's claims (:class:`Award`). Nothing personal is stored:
the draw is rebuilt from its seed, and the ledger (``site.ledger``) records only the random
ids of the attempts already handed in. The nickname is part of the diploma's verification
code (:mod:`ludinum.site.diploma_code`), not of any record.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from ludinum.engine.errors import echoed
from ludinum.site import signing
from ludinum.site.content import THEMES, QuizBank, QuizQuestion, load_quiz
from ludinum.weblib.fields import ProtocolError, number

#: Share of right answers needed for the diploma and for a theme to count as passed.
DEFAULT_THRESHOLD = 70
THRESHOLD_RANGE = (50, 100)
DEFAULT_PER_THEME = 5
PER_THEME_RANGE = (3, 10)
#: The facilitator's fields as the settings page labels them (French, English): a refusal
#: names them so, never by their parameters (``par``, ``seuil``).
PER_THEME_NAME = ("Questions par thème", "Questions per theme")
THRESHOLD_NAME = ("Seuil de réussite (en %)", "Pass mark (in %)")
#: How long a pupil has to hand in a drawn quiz, and to download the diploma it opened.
ATTEMPT_SECONDS = 3 * 3600
AWARD_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Drawn:
    """A question as shown: ``order[i]`` is the bank's index of the i-th choice shown."""

    question: QuizQuestion
    order: tuple[int, ...]

    @property
    def choices(self) -> list[str]:
        return self.choices_in("fr")

    def choices_in(self, lang: str) -> list[str]:
        """The choices as shown, in ``lang`` (the same order in both languages)."""
        return [self.question.choices_in(lang)[i] for i in self.order]

    @property
    def answer(self) -> int:
        """The position of the right choice as shown."""
        return self.order.index(self.question.answer)


@dataclass(frozen=True)
class ThemeScore:
    theme: str
    right: int
    total: int
    passed: bool

    @property
    def percent(self) -> int:
        return round(100 * self.right / self.total) if self.total else 0


@dataclass(frozen=True)
class Result:
    themes: tuple[ThemeScore, ...]
    right: int
    total: int
    threshold: int
    answers: tuple[tuple[Drawn, int | None], ...]  # the chosen position, None if blank

    @property
    def percent(self) -> int:
        return round(100 * self.right / self.total) if self.total else 0

    @property
    def passed(self) -> bool:
        return self.total > 0 and 100 * self.right >= self.threshold * self.total

    @property
    def passed_themes(self) -> tuple[str, ...]:
        return tuple(t.theme for t in self.themes if t.passed)


def clamp(value: object, default: int, bounds: tuple[int, int]) -> int:
    try:
        number = int(str(value))
    except ValueError:
        return default
    return max(bounds[0], min(bounds[1], number))


def pick_themes(values: Sequence[str]) -> tuple[str, ...]:
    """The chosen themes in the rules' order; all four when none is valid."""
    chosen = tuple(t for t in THEMES if t in set(values))
    return chosen or THEMES


def draw(
    seed: int, themes: Sequence[str], per_theme: int, bank: QuizBank | None = None
) -> list[Drawn]:
    """``per_theme`` questions of each theme, their choices shuffled, from ``seed``."""
    bank = bank or load_quiz()
    rng = random.Random(seed)
    out = []
    for theme in themes:
        pool = list(bank.by_theme[theme])
        for question in rng.sample(pool, min(per_theme, len(pool))):
            order = list(range(len(question.choices)))
            rng.shuffle(order)
            out.append(Drawn(question, tuple(order)))
    return out


def new_seed() -> int:
    """A draw's seed: 128 bits from the OS, so a draw cannot be guessed from another."""
    return secrets.randbits(128)


def score(drawn: Sequence[Drawn], form: Mapping[str, str], threshold: int) -> Result:
    """Marks the answers ``form[question id] = position shown``; blanks count as wrong."""
    answers: list[tuple[Drawn, int | None]] = []
    per: dict[str, list[int]] = {}
    for item in drawn:
        raw = form.get(item.question.id)
        chosen = clamp(raw, -1, (-1, len(item.order) - 1)) if raw is not None else -1
        answers.append((item, chosen if chosen >= 0 else None))
        tally = per.setdefault(item.question.theme, [0, 0])
        tally[1] += 1
        tally[0] += int(chosen == item.answer)
    themes = tuple(
        ThemeScore(t, r, n, n > 0 and 100 * r >= threshold * n) for t, (r, n) in per.items()
    )
    return Result(
        themes,
        sum(t.right for t in themes),
        sum(t.total for t in themes),
        threshold,
        tuple(answers),
    )




# -- the facilitator's settings ----------------------------------------------------------
@dataclass(frozen=True)
class Settings:
    """What a quiz asks: its themes (in the rules' order), questions per theme, pass mark."""

    themes: tuple[str, ...] = THEMES
    per_theme: int = DEFAULT_PER_THEME
    threshold: int = DEFAULT_THRESHOLD

    @property
    def questions(self) -> int:
        return len(self.themes) * self.per_theme

    @classmethod
    def from_form(cls, themes: Sequence[str], per: str | None, threshold: str | None
                  ) -> Settings:
        """The facilitator's form; a value left empty is its default, a value out of its
        bounds or not a number (``?par=abc``) raises ``ProtocolError`` naming the field by
        its label, as is a theme the site does not have: a quiz with other settings than
        those asked would be handed out without a word."""
        unknown = [t for t in themes if t not in THEMES]
        if unknown:
            raise ProtocolError("bad_theme", f"Thème inconnu : « {echoed(unknown[0], 20)} ».",
                                f"Unknown theme: '{echoed(unknown[0], 20)}'.")
        return cls(
            pick_themes(themes),
            number(per, PER_THEME_RANGE, DEFAULT_PER_THEME, *PER_THEME_NAME),
            number(threshold, THRESHOLD_RANGE, DEFAULT_THRESHOLD, *THRESHOLD_NAME),
        )

    def to_json(self) -> dict[str, Any]:
        return {"t": list(self.themes), "n": self.per_theme, "m": self.threshold}

    @classmethod
    def from_json(cls, data: object) -> Settings | None:
        """Settings read back from a token, or None when they are not valid ones."""
        if not isinstance(data, dict):
            return None
        themes, per, mark = data.get("t"), data.get("n"), data.get("m")
        if (
            not isinstance(themes, list)
            or not themes
            or tuple(t for t in THEMES if t in themes) != tuple(themes)
            or type(per) is not int
            or type(mark) is not int
            or not PER_THEME_RANGE[0] <= per <= PER_THEME_RANGE[1]
            or not THRESHOLD_RANGE[0] <= mark <= THRESHOLD_RANGE[1]
        ):
            return None
        return cls(tuple(themes), per, mark)


SETTINGS = "quiz-settings"
ATTEMPT = "quiz-attempt"
AWARD = "diploma"


def settings_token(secret: bytes, settings: Settings) -> str:
    """The signed settings that the facilitator's link carries (no expiry)."""
    return signing.sign(secret, SETTINGS, settings.to_json())


def settings_from_token(secret: bytes, token: str) -> Settings | None:
    return Settings.from_json(signing.unsign(secret, SETTINGS, token))


# -- one pupil's attempt --------------------------------------------------------------------
class Refused(Exception):
    """A token that cannot be used; ``fr``/``en`` say why, ``status`` is the HTTP code."""

    def __init__(self, fr: str, en: str, status: int = 400) -> None:
        super().__init__(en)
        self.fr, self.en, self.status = fr, en, status

    def message(self, lang: str = "fr") -> str:
        return self.en if lang == "en" else self.fr


FORGED = Refused(
    "Ce quiz n'a pas été donné par ce site : recommence le quiz depuis le début.",
    "This quiz was not handed out by this site: start the quiz again.",
)
EXPIRED = Refused(
    "Ce quiz a expiré : recommence-le depuis le début.",
    "This quiz has expired: start it again.",
)
HANDED_IN = Refused(
    "Tu as déjà rendu ce quiz : tes réponses sont comptées une seule fois. "
    "Pour un nouveau score, recommence un quiz.",
    "You already handed in this quiz: your answers count once. Start a new quiz for a new "
    "score.",
    status=409,
)


@dataclass(frozen=True)
class Attempt:
    """A drawn quiz: its random id (single use), the draw's seed, the settings and the time
    by which it must be handed in (epoch seconds)."""

    id: str
    seed: int
    settings: Settings
    expires: float

    @classmethod
    def new(cls, settings: Settings, now: float) -> Attempt:
        return cls(secrets.token_hex(16), new_seed(), settings, now + ATTEMPT_SECONDS)

    def drawn(self, bank: QuizBank | None = None) -> list[Drawn]:
        return draw(self.seed, self.settings.themes, self.settings.per_theme, bank)

    def token(self, secret: bytes) -> str:
        return signing.sign(secret, ATTEMPT, {
            "a": self.id, "s": format(self.seed, "x"), "q": self.settings.to_json(),
            "e": int(self.expires),
        })

    @classmethod
    def from_token(cls, secret: bytes, token: str, now: float) -> Attempt:
        """The attempt a token carries; raises :class:`Refused` when it is forged or late."""
        data = signing.unsign(secret, ATTEMPT, token)
        if data is None:
            raise FORGED
        settings = Settings.from_json(data.get("q"))
        attempt_id, seed, expires = data.get("a"), data.get("s"), data.get("e")
        if (settings is None or not isinstance(attempt_id, str) or not isinstance(seed, str)
                or type(expires) is not int):
            raise FORGED
        try:
            number = int(seed, 16)
        except ValueError:
            raise FORGED from None
        if expires < now:
            raise EXPIRED
        return cls(attempt_id, number, settings, float(expires))


# -- the diploma's claims -------------------------------------------------------------------
@dataclass(frozen=True)
class Award:
    """What a passed attempt lets its pupil print: the quiz's settings, the themes passed,
    the score and the day; single use (``attempt`` is the attempt's id)."""

    attempt: str
    settings: Settings
    passed: tuple[str, ...]
    percent: int
    day: date
    expires: float

    @classmethod
    def of(cls, attempt: Attempt, result: Result, day: date, now: float) -> Award:
        return cls(attempt.id, attempt.settings, result.passed_themes, result.percent, day,
                   now + AWARD_SECONDS)

    def token(self, secret: bytes) -> str:
        return signing.sign(secret, AWARD, {
            "a": self.attempt, "q": self.settings.to_json(), "p": list(self.passed),
            "r": self.percent, "d": self.day.isoformat(), "e": int(self.expires),
        })

    @classmethod
    def from_token(cls, secret: bytes, token: str, now: float) -> Award:
        data = signing.unsign(secret, AWARD, token)
        if data is None:
            raise FORGED
        settings = Settings.from_json(data.get("q"))
        passed, percent = data.get("p"), data.get("r")
        attempt, day, expires = data.get("a"), data.get("d"), data.get("e")
        if (settings is None or not isinstance(passed, list) or type(percent) is not int
                or not isinstance(attempt, str) or not isinstance(day, str)
                or type(expires) is not int
                or not set(passed) <= set(settings.themes)):
            raise FORGED
        if expires < now:
            raise EXPIRED
        return cls(attempt, settings, tuple(t for t in THEMES if t in passed), percent,
                   date.fromisoformat(day), float(expires))
