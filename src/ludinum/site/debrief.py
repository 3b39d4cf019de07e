"""The end-of-game debrief for the class's follow-up discussion (PRODUCT: "a debrief closes
the session"; nothing personal: nicknames only).

:func:`collect` replays a game from its configuration and action log, keeping the public
events of each step, and gathers what the class met: the prevention messages shown, the
quiz questions and the share of right answers, the themes. :mod:`.debrief_files` makes a
one-page PDF of it and a self-contained HTML page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from ludinum.engine import (
    Action,
    Event,
    Game,
    GameConfig,
    Lesson,
    LudinumError,
    log_does_not_replay,
)
from ludinum.site.pdf.diploma import date_in

_RICH = re.compile(r"\[/?(?:[A-Za-z#][^\[\]]*)?\]")

WORDS = {
    "fr": {
        "title": "Bilan de la partie",
        "date": "Date",
        "players": "Joueurs",
        "options": "Options",
        "outcome": "Résultat",
        "steps": "Actions jouées",
        "themes": "Thèmes abordés",
        "questions": "Questions",
        "right": "Bonnes réponses",
        "share": "{n}\u202f%",  # French spacing before « % »
        "messages": "Messages de prévention affichés",
        "lessons": "Ce que la partie nous apprend",
        "source": "Source",
        "none": "aucun",
        "won": "{names} a gagné.",
        "tie": "Égalité : {names} ont gagné.",
        "and": " et ",
        "team_won": "L'équipe a gagné ensemble.",
        "team_lost": "L'équipe a perdu cette fois.",
        "no_winner": "Pas de gagnant.",
        "unfinished": "Partie arrêtée avant la fin.",
        "more": "et {n} de plus",
        "yes": "oui",
        "no": "non",
        "privacy": "Document sans donnée personnelle : seuls les pseudos des joueurs y figurent.",
        "sep": " : ",
    },
    "en": {
        "title": "Game debrief",
        "date": "Date",
        "players": "Players",
        "options": "Options",
        "outcome": "Outcome",
        "steps": "Actions played",
        "themes": "Themes met",
        "questions": "Questions",
        "right": "Right answers",
        "share": "{n}%",  # no space in English
        "messages": "Prevention messages shown",
        "lessons": "What the game teaches us",
        "source": "Source",
        "none": "none",
        "won": "{names} won.",
        "tie": "A tie: {names} won.",
        "and": " and ",
        "team_won": "The team won together.",
        "team_lost": "The team lost this time.",
        "no_winner": "No winner.",
        "unfinished": "Game stopped before the end.",
        "more": "and {n} more",
        "yes": "yes",
        "no": "no",
        "privacy": "No personal data in this document: only the players' nicknames.",
        "sep": ": ",
    },
}


@dataclass
class Debrief:
    game: str
    title: str
    lang: str
    day: date
    players: list[str]
    options: list[tuple[str, str]]
    outcome: str
    steps: int  # the moves anyone could see (a secret one is not counted)
    finished: bool = False  # played to the end (else stopped before)
    themes: list[str] = field(default_factory=list)
    #: What the themes section is called for this game (« Thèmes abordés » by default).
    themes_heading: str = ""
    questions: list[tuple[str, bool]] = field(default_factory=list)  # (question, right)
    messages: list[tuple[str, str]] = field(default_factory=list)  # (who / card, text)
    lessons: list[Lesson] = field(default_factory=list)  # what the game teaches (GameText)

    @property
    def right_share(self) -> int | None:
        if not self.questions:
            return None
        return round(100 * sum(r for _, r in self.questions) / len(self.questions))

    def words(self) -> dict[str, str]:
        return WORDS.get(self.lang, WORDS["fr"])


def _plain(text: str) -> str:
    """``text`` without markup, on one line; no-break spaces stay (issue 16 §5)."""
    return re.sub(r"[ \t\r\n]+", " ", _RICH.sub("", text)).strip()


def _action(raw: object) -> Action:
    if isinstance(raw, Action):
        return raw
    if isinstance(raw, str):
        return Action.from_text(raw)
    return Action.from_json(raw)


def _config(game: Game, config_json: object) -> GameConfig:
    data = json.loads(config_json) if isinstance(config_json, (str, bytes)) else config_json
    if isinstance(data, GameConfig):
        return data
    return game.config_from_json(data)


def _value(value: object, words: Mapping[str, str]) -> str:
    if isinstance(value, bool):
        return words["yes"] if value else words["no"]
    return str(value)


def collect(
    config_json: object,
    log: Sequence[tuple[int, object]],
    nicknames: Sequence[str],
    lang: str = "fr",
    day: date | None = None,
) -> Debrief:
    """Replay the game (``get_game(name).replay``, step by step) and gather its debrief.

    ``config_json`` is the game's configuration (JSON text or data), ``log`` the ordered
    ``(seat, action)`` pairs (actions as :class:`Action`, JSON data or text)."""
    from ludinum.games import get_game

    data = json.loads(config_json) if isinstance(config_json, (str, bytes)) else config_json
    if isinstance(data, GameConfig):
        name = data.game
    elif isinstance(data, Mapping):
        name = str(data.get("game", ""))
    else:
        raise ValueError("configuration illisible")
    game = get_game(name)
    config = _config(game, data)
    words = WORDS.get(lang, WORDS["fr"])
    state = game.setup(config)
    public: list[Event] = []
    # The moves anyone could see, as the live screens count them (Room.public_seq): a
    # secret one (a virus dropped, H3) would show as one more action on a debrief opened
    # during play (the class debrief) or read beside the replay's numbered steps.
    seen = 0
    for move, (seat, raw) in enumerate(log, 1):
        try:
            told = [e for e in state.apply(int(seat), _action(raw)) if e.to is None]
        except LudinumError:  # where, not the words said to the player who moved
            raise log_does_not_replay(move) from None
        public.extend(told)
        seen += bool(told)
    # Only what changed this game: not a number of viruses « à 3 joueurs » in a game of 4.
    options = [
        (
            o.title(lang),
            o.label(config.options[o.name], lang) or _value(config.options[o.name], words),
        )
        for o in game.options
        if o.name in config.options and o.applied(config.options, config.players)
    ]
    players = [str(n) for n in nicknames] or [f"{i + 1}" for i in range(config.players)]
    out = Debrief(
        game=name,
        title=game.title_en if lang == "en" else game.title_fr,
        lang=lang,
        day=day or date.today(),
        players=players,
        options=options,
        outcome=_outcome(state, players, words),
        steps=seen,
        finished=state.is_terminal(),
    )
    items = game.text.debrief(config, public, lang)
    out.themes = [_plain(t) for t in items.themes]
    out.themes_heading = items.themes_heading or words["themes"]
    out.questions = [(_plain(q), right) for q, right in items.questions]
    out.messages = [(_plain(who), _plain(text)) for who, text in items.messages]
    if state.is_terminal():
        out.lessons = game.text.lessons(state, lang)
    return out


def _outcome(state: Any, players: Sequence[str], words: Mapping[str, str]) -> str:
    if not state.is_terminal():
        return words["unfinished"]
    result = state.outcome()
    if result.team:  # a cooperative game: the team won or lost, never « no winner »
        return words["team_won" if result.winners else "team_lost"]
    if not result.winners:
        return words["no_winner"]
    names = [players[w] if w < len(players) else str(w + 1) for w in result.winners]
    said = words["and"].join((", ".join(names[:-1]), names[-1])) if len(names) > 1 else names[0]
    return words["won" if len(names) == 1 else "tie"].format(names=said)


def day_text(debrief: Debrief) -> str:
    return date_in(debrief.day, debrief.lang)
