"""The Web Runners site quiz (ruling W16): questions drawn per theme, a score, and a signed
result that alone opens the diploma. Nothing is stored: the draw is rebuilt from its seed,
and the result travels in the page as a token signed with a per-process secret.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ludinum.site.content import THEMES, QuizBank, QuizQuestion, load_quiz

#: Share of right answers needed for the diploma and for a theme to count as passed.
DEFAULT_THRESHOLD = 70
THRESHOLD_RANGE = (50, 100)
DEFAULT_PER_THEME = 5
PER_THEME_RANGE = (3, 10)
#: Signs results for this process only: a restarted server asks for the quiz again.
_SECRET = secrets.token_bytes(32)


@dataclass(frozen=True)
class Drawn:
    """A question as shown: ``order[i]`` is the bank's index of the i-th choice shown."""

    question: QuizQuestion
    order: tuple[int, ...]

    @property
    def choices(self) -> list[str]:
        return [self.question.choices[i] for i in self.order]

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
    return secrets.randbelow(2**31)


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


def _mac(message: str) -> str:
    return hmac.new(_SECRET, message.encode(), hashlib.sha256).hexdigest()[:32]


def sign(result: Result) -> str:
    """A token for the diploma: the passed themes and the score, signed."""
    message = f"{','.join(result.passed_themes)}|{result.percent}"
    return f"{message}|{_mac(message)}"


def verify(token: str) -> tuple[tuple[str, ...], int] | None:
    """The passed themes and the score of a token this process signed, else ``None``."""
    message, _, mac = token.rpartition("|")
    if not message or not hmac.compare_digest(mac, _mac(message)):
        return None
    themes_part, _, percent = message.partition("|")
    themes = tuple(t for t in themes_part.split(",") if t in THEMES)
    if not themes or not percent.isdigit():
        return None
    return themes, int(percent)
