"""A game's static description and the factory of its states."""

from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from ludinum.engine.actions import Action
from ludinum.engine.cards import CardFace
from ludinum.engine.config import GameConfig
from ludinum.engine.errors import LudinumError, PlayerCountError, StateFormatError, echoed
from ludinum.engine.events import Event, told_once
from ludinum.engine.numbers import decimal
from ludinum.engine.options import OptionSet
from ludinum.engine.state import State


class Lesson(NamedTuple):
    """A card of real-life advice a finished game leads to (debrief), with its source."""

    title: str
    text: str
    source: str = ""


@dataclass(frozen=True)
class DebriefItems:
    """What a class met in a game and can discuss after it (the debrief), from the public
    events only: the themes, the quiz questions asked with whether the answer was right, and
    the prevention messages shown with who says them (or the card's title)."""

    themes: tuple[str, ...] = ()
    questions: tuple[tuple[str, bool], ...] = ()
    messages: tuple[tuple[str, str], ...] = ()
    #: The name of the ``themes`` section when what it lists are not themes (the attacks
    #: and security measures played), in the debrief's language; empty: « Thèmes
    #: abordés ».
    themes_heading: str = ""


#: How the games' texts name a seat by default (« Joueur 2 », "Player 2").
#: The French words a name starting with a vowel elides (« de Inès » is « d'Inès »), as a
#: pattern's optional group before the name (``ELIDABLE``, group ``word``).
ELIDABLE = r"(?:(?P<word>[Dd]e|[Qq]ue) )?"
SEAT_WORDS = re.compile(r"\b" + ELIDABLE + r"(?:Joueur|Player) (?P<seat>[1-9])\b")


def elides(name: object) -> bool:
    """Whether French elides « de » and « que » before ``name``: it starts with a vowel
    (« d'Inès », « d'Élodie », « qu'Ulysse »), or a Y before a consonant (« d'Yves », but
    « de Yasmine »); an H is left alone (« de Hugo » is never wrong)."""
    text = unicodedata.normalize("NFD", str(name)).casefold()
    if not text:
        return False
    if text[0] in "aeiouœæ":
        return True
    return text[0] == "y" and len(text) > 1 and text[1] not in "aeiouy"


def with_word(word: str | None, name: str) -> str:
    """``name`` after the French ``word`` before it (« de », « Que », or nothing), elided
    where French wants it: « d'Inès », « Que Tom »."""
    if not word:
        return name
    return f"{word[:-1]}'{name}" if elides(name) else f"{word} {name}"


def nickname_for(names: Sequence[str]) -> Any:
    """A ``re.sub`` replacement: the seat's nickname for a match whose group ``seat`` is the
    seat's number (1-based), after its group ``word`` elided where French wants it
    (:data:`ELIDABLE`), or the match unchanged when the seat has no name."""
    def replace(match: re.Match[str]) -> str:
        seat = int(match.group("seat")) - 1
        if not 0 <= seat < len(names) or not names[seat]:
            return match.group(0)
        return with_word(match.group("word"), names[seat])
    return replace


#: « de %(name)s » in a message: elided when the value put there is a name that wants it.
_ELIDED_VALUE = re.compile(r"\b([Dd]e|[Qq]ue) %\((\w+)\)s")


def elided_values(message: str, values: Mapping[str, object]) -> str:
    """``message`` (%-formatting, French) with « de %(name)s » written « d'%(name)s » where
    the value is a name French elides before (« Victoire d'Inès ! »)."""
    if "%(" not in message:
        return message
    return _ELIDED_VALUE.sub(lambda m: (
        f"{m.group(1)[:-1]}'%({m.group(2)})s" if elides(values.get(m.group(2), ""))
        else m.group(0)), message)


class Whole(NamedTuple):
    """A :meth:`GameText.gist` key of an event in the line of the events folded under
    ``key`` and said whole in its own line too, after theirs."""

    key: Hashable


class GameText(ABC):
    """How a game speaks: events, actions and views as short French or English text."""

    #: The public event kinds that tell a game's story (a danger met, a card stolen, the
    #: win): the « Moments clés » of the end screen. Empty: the kinds met at most three
    #: times in the room's recent history.
    moments: frozenset[str] = frozenset()

    #: The moment kinds that only mark a division between the others (a round's end,
    #: « — Fin du tour 2 — »): one that closes a part with no other moment in it is left
    #: out, so that a game with nothing to tell lists no bare marks.
    marks: frozenset[str] = frozenset()

    #: The public event kinds that announce the end of the game (« Fin de la partie !
    #: Gagnant : … »): a screen that shows the outcome in large type and why the game
    #: ended (frag/outcome.html, :meth:`ending`) does not narrate them a second time.
    endings: frozenset[str] = frozenset()

    #: The public event kinds told again, to some seats, by private events that follow
    #: them and say the same thing in the « tu » form (a guess: the guesser's « Raté : tu
    #: avais désigné… »): a seat told one reads it alone (:meth:`told`).
    said_privately: Mapping[str, frozenset[str]] = MappingProxyType({})

    #: The head of the end screen's score column (frag/debrief.html), French then English:
    #: the score's unit where it has one (money, points).
    score_name: tuple[str, str] = ("Score", "Score")

    def score_column(self, lang: str = "fr") -> str:
        """The head of the end screen's score column in ``lang`` (:attr:`score_name`)."""
        fr, en = self.score_name
        return en if lang == "en" else fr

    #: The caption of the end screen's results table (frag/debrief.html), French then
    #: English: what the table compares, « Scores » unless the game counts something else
    #: (money).
    score_title: tuple[str, str] = ("Scores", "Scores")

    def score_caption(self, lang: str = "fr") -> str:
        """The caption of the end screen's results table in ``lang`` (:attr:`score_title`)."""
        fr, en = self.score_title
        return en if lang == "en" else fr

    def score_words(self, score: float, lang: str = "fr") -> str:
        """A seat's score as the terminal's end says it after the seat's name, in the
        game's unit (:attr:`score_name`): « 12 points » by default."""
        return counted(score, ("point", "points"), ("point", "points"), lang)

    def with_names(self, text: str, names: Sequence[str], lang: str = "fr") -> str:
        """``text`` with every seat called by the name the table knows (its nickname)
        instead of the game's « Joueur 2 »: one identity per seat on every screen (issue
        21). A game naming seats otherwise overrides it."""
        if not names or ("Joueur " not in text and "Player " not in text):
            return text  # nothing the expression could match (most lines, issue 19)
        return SEAT_WORDS.sub(nickname_for(names), text)

    def seat_label(self, seat: int, lang: str = "fr") -> str:
        """A seat as a screen without nicknames calls it (the terminal): « Joueur 2 ». A
        game whose own text names seats otherwise (colours) calls them so, so that
        one seat has one name on the screen."""
        return f"{'Player' if lang == 'en' else 'Joueur'} {seat + 1}"

    def secret_step(self, before: Mapping[str, Any], after: Mapping[str, Any],
                    seat: int | None, lang: str = "fr") -> str:
        """A step the table sees no event of, in words (``ludinum replay``): a secret move
        by ``seat``, the seat the table sees acting alone (``State.public_active``), None
        when it does not know who. ``before`` and ``after`` are the public views around the
        step: a game may say what kind of move it was from them (a card discarded face
        down), never what only the player knows. Default: a secret move, nothing more."""
        en = lang == "en"
        if seat is None:
            return ("A secret move: the table sees neither who made it nor what was played."
                    if en else "Un coup secret : la table ne voit ni qui l'a joué, "
                    "ni ce qui a été joué.")
        label = self.seat_label(seat, lang)
        if en:
            return f"A secret move by {label}: the table does not see what was played."
        return (f"Un coup secret {with_word('de', label)} : la table ne voit pas ce qui a "
                "été joué.")

    @abstractmethod
    def event(self, event: Event, lang: str = "fr") -> str: ...

    def headline(self, event: Event, lang: str = "fr",
                 view: Mapping[str, Any] | None = None) -> str | None:
        """The line a screen's narration shows for ``event`` when the screen already shows
        part of its journal line in large type (a quiz's question), ``""`` when it shows
        all of it (the decision it asks of this seat says it, with the same words), or
        None: the journal line. ``view``: the view the narrating screen shows (a seat's, or
        the public view on a screen with no seat: the projector, a spectator's, a replay's
        step); None when unknown. Default: None."""
        return None

    def narrated(self, event: Event, lang: str = "fr",
                 view: Mapping[str, Any] | None = None) -> str:
        """The line a screen showing ``view`` narrates for ``event``: its :meth:`headline`,
        else its journal line; ``""``: nothing (the screen says it all already)."""
        line = self.headline(event, lang, view)
        return self.event(event, lang) if line is None else line

    def own_line(self, event: Event, seat: int | None, lang: str = "fr") -> str | None:
        """The line a public ``event`` about ``seat`` itself reads on that seat's screen,
        in the « tu » form (« Tu crédites le compte 8. »), or None: its journal line (the
        third person the table reads). Default: None."""
        return None

    def told(self, events: Sequence[Event], seat: int | None,
             lang: str = "fr") -> list[tuple[Event, str]]:
        """What ``seat`` (None: a screen with no seat) reads of ``events``, each thing once
        and in the « tu » form when it is about that seat: the events it may see without
        the public ones its private ones say again (:attr:`said_privately`), each with its
        line (:meth:`own_line`, else :meth:`event`)."""
        out: list[tuple[Event, str]] = []
        for event in told_once(events, seat, self.said_privately):
            own = self.own_line(event, seat, lang) if event.to is None else None
            out.append((event, self.event(event, lang) if own is None else own))
        return out

    def gist(self, events: Sequence[Event], seat: int | None,
             view: Mapping[str, Any] | None = None) -> list[Hashable | None]:
        """How a screen that sums up what happened since ``seat`` last looked (the
        terminal, between two turns of its person: ``cli/digest.py``) may fold ``events``,
        the ones :meth:`told` gives ``seat``, in order: for each, the key of the one line
        it is said in with the other events of that key (:meth:`gist_line`), or None: its
        own line, whole (a line the seat decides on, or about the seat itself); ``Whole(key)``:
        counted in that key's line and said whole after it too (a virus on the seat's
        account, after its trip's line). ``view``:
        the seat's view, to tell what is the seat's own; only what ``seat`` was told may
        be summed up. Default: nothing folded."""
        return [None] * len(events)

    def gist_line(self, events: Sequence[Event], seat: int | None,
                  view: Mapping[str, Any] | None = None, lang: str = "fr") -> str:
        """The one line saying ``events`` (two or more, folded under one key by
        :meth:`gist`), from what they say alone. Default: their lines in a row."""
        return " ".join(self.event(event, lang) for event in events)

    def moment(self, event: Event, lang: str = "fr") -> str:
        """The line « Moments clés » lists for ``event`` at the end: short, as a reminder
        (a danger named by its title, not read in full again). Default: the journal line."""
        return self.event(event, lang)

    @abstractmethod
    def action(self, action: Action, view: Mapping[str, Any], lang: str = "fr") -> str: ...

    def rank(self, action: Action, view: Mapping[str, Any]) -> int:
        """Where a menu that lists a seat's choices one a line (the terminal's) puts
        ``action``: the lower first, equal ranks in the order of the legal actions. A game
        puts its most useful moves first and giving up or standing still last. Default: 0
        (the legal actions' order)."""
        return 0

    def button(self, action: Action, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The label a screen that draws the action's card puts on it (a phone's card
        tile, its « que veux-tu en faire ? » buttons): what the tap does, without the
        card's name the card already shows. The terminal, with no card pictures, keeps
        :meth:`action`. Default: :meth:`action`."""
        return self.action(action, view, lang)

    def button_key(self, action: Action, view: Mapping[str, Any]) -> Hashable | None:
        """All that :meth:`button`'s text for ``action`` reads of ``view``, as a small
        hashable value, where it is little (a card discarded: nothing; a card's move: where
        it lands): a server remembers the text under it from move to move, the same
        moves being offered again and again. None (the default): the text is written
        each time."""
        return None

    @abstractmethod
    def view(self, view: Mapping[str, Any], lang: str = "fr", board: bool = True) -> str:
        """The view as terminal text (rich markup allowed). ``board=False``: a screen
        also shows the SVG board, so leave out the text drawing of what it draws (never
        what only this seat knows)."""

    def localised(self, view: Mapping[str, Any], lang: str = "fr") -> Mapping[str, Any]:
        """``view`` with the content texts it shows as data (a quiz question…) in ``lang``
        where the game has them; screens that print view data use it. Nothing is added
        that the view did not show, and each key is rewritten from its own value only (a
        server localises a seat's own part of its view alone, ``State.own_view``).
        Default: the view as it is (French)."""
        return view

    def card_face(self, ident: str, lang: str = "fr") -> CardFace | None:
        """How the card ``ident`` looks in a hand on a screen (title, value, family and
        its symbol, short text), or None when the game has no such card. Default: none."""
        return None

    def standings(self, view: Mapping[str, Any], lang: str = "fr") -> list[str] | None:
        """Where each seat finished, in words, when a race says it better than the scores
        (the end screen's table): from the public view. Default: None (the scores)."""
        return None

    def result(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The line of :meth:`view`'s text that says how the game ended (« Joueur 2 a gagné
        ! »), exactly as the view writes it, or ``""`` when the view's text says nothing of
        it. A screen that says the result in its own words (the terminal's end) leaves
        this line out of the board it prints above, so the result is read once. Default:
        nothing."""
        return ""

    def end_board(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The finished game's board as :meth:`view_without_result` prints it, its result
        line still in. A game whose board gives each seat's score overrides it to leave
        them out: the end says them once, on one line under the result. Default:
        :meth:`view`."""
        return self.view(view, lang)

    def view_without_result(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """:meth:`end_board` without its :meth:`result` line: the board of a screen that
        says the result in its own words (the terminal's end, ``ludinum replay``'s)."""
        board = self.end_board(view, lang)
        said = self.result(view, lang)
        if not said:
            return board
        return "\n".join(line for line in board.split("\n") if line != said)

    def ending(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """Why a finished game ended, in one sentence under its result on the end screen
        (the centre reached, the last turn played, who the thief was), from the public
        view. Default: nothing."""
        return ""

    def turn(self, view: Mapping[str, Any]) -> int | None:
        """The number of the turn or round the public ``view`` is in, as the game's own
        screen counts them (« tour 3 »): a replay goes from one to the next. None: no turn
        counted (a set-up before the first, or a game that counts none). Default: none."""
        return None

    def turn_moves(self, lang: str = "fr") -> tuple[str, str]:
        """The words of a replay's moves to the previous and to the next :meth:`turn`, as
        the game names that span (« tour » in French; a "round", when every seat plays in
        it, or a "turn" in English). Default: rounds."""
        if lang == "en":
            return ("Previous round", "Next round")
        return ("Tour précédent", "Tour suivant")

    def waiting(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """What a seat with no decision to make is told while the game goes on, when the
        game has more to say than « Attends ton tour… » (a traveller waiting at the bank).
        Default: nothing."""
        return ""

    def asked(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The question a seat's choices answer, when they do not say it themselves (the
        terminal prints it above the menu). Default: nothing."""
        return ""

    def kit(self, lang: str = "fr") -> dict[str, Any]:
        """The game's fixed data in ``lang`` that a page drawing the game reads besides the
        views (its cards' faces by id, its characters' names…), as JSON-like data: public
        content only, the same for every game of this kind. Default: nothing."""
        return {}

    def session_rule(self, lang: str = "fr") -> str:
        """The sentence the table is shown from the start of a game with a session length
        (engine/session.py): who wins when the time is up. Default: none."""
        return ""

    def lessons(self, state: State, lang: str = "fr") -> list[Lesson]:
        """What a finished game teaches, as cards for the debrief (host screen, page and
        PDF), chosen from what every player may know at the end. Default: none (the
        game's prevention content is shown during play)."""
        return []

    def debrief(
        self, config: GameConfig, events: Sequence[Event], lang: str = "fr"
    ) -> DebriefItems:
        """What the debrief lists of a game played with ``config`` whose public events
        (every player saw them) were ``events``, in ``lang``. Default: nothing."""
        return DebriefItems()


def counted(n: float, fr: tuple[str, str], en: tuple[str, str], lang: str) -> str:
    """A number and its noun, singular or plural as each language wants: « 0 carte »,
    « 1 carte », « 3 cartes », « 1,5 point » (French: plural from 2 on, a decimal comma);
    "1 card", "0 cards", "1.5 points". ``fr`` and ``en`` are (singular, plural); a whole
    score (``3.0``) is written as a whole number."""
    whole = isinstance(n, int) or float(n).is_integer()
    number = str(int(n)) if whole else decimal(n, lang)  # « 1e+06 » never
    if lang == "en":
        return f"{number} {en[0] if n == 1 else en[1]}"
    return f"{number} {fr[0] if n < 2 else fr[1]}"


def of_title(title: str) -> str:
    """« de » before a French title, contracted as French does: « de Le jeu » → « du jeu »,
    « de Les » → « des », « de La » → « de la », « de Anno » → « d'Anno »."""
    first, _, rest = title.partition(" ")
    if first == "Le" and rest:
        return f"du {rest}"
    if first == "Les" and rest:
        return f"des {rest}"
    if first in ("La", "L'") and rest:
        return f"de la {rest}" if first == "La" else f"de l'{rest}"
    if title[:1].lower() in "aeiouyhéèâîôû" and title[:1].lower() != "h":
        return f"d'{title}"
    return f"de {title}"


def _config_key(players: object, options: Mapping[str, object] | None) -> tuple[Any, ...] | None:
    """What identifies a checked configuration but its seed, each value with its type
    (``True`` is not ``1`` here); None when a value is not hashable (never reused)."""
    if type(players) is not int:
        return None
    try:
        items = tuple(sorted((k, type(v), v) for k, v in (options or {}).items()))
        hash(items)
    except TypeError:
        return None
    return (players, items)


class Game(ABC):
    """One registered game. Subclasses set the class attributes and build states."""

    name: ClassVar[str]
    title_fr: ClassVar[str]
    title_en: ClassVar[str]
    summary_fr: ClassVar[str]
    summary_en: ClassVar[str]
    #: The French title after « partie », « cartes »… with its preposition: « du jeu
    #: du … », « de … ». Empty: made from ``title_fr`` (:func:`of_title`).
    title_of_fr: ClassVar[str] = ""
    #: What a facilitator should know before playing with children (sensitive subjects the
    #: cards raise), shown on the set-up pages. Empty: nothing to say.
    note_fr: ClassVar[str] = ""
    note_en: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: The player count a set-up page proposes first: the smallest the original rules
    #: name (a count below it is a variant, chosen on purpose). None: ``min_players``.
    usual_players: ClassVar[int | None] = None
    cooperative: ClassVar[bool] = False
    #: The most actions a finished game can take (conformance bound), given players.
    max_actions: ClassVar[int] = 100_000
    #: The public view's keys that a page's drawing of the board reads (the game's
    #: ``games/<name>/web/board.js``): every screen holds them, sent when they change.
    #: None: the game draws no board (its screens show its text).
    board_keys: ClassVar[tuple[str, ...] | None] = None
    #: The page draws the game's text lines from the view too (``lines`` in its drawer):
    #: the server sends none. False: the server writes them (``render.lines``).
    page_lines: ClassVar[bool] = False
    #: Kinds of actions that carry a player's personal answer (the first-player questions,
    #: W15). Where a log is stored, they are rewritten with :meth:`redact` as
    #: soon as they have served.
    personal: ClassVar[frozenset[str]] = frozenset()

    options: OptionSet
    text: GameText

    def title_of(self, lang: str = "fr") -> str:
        """The title after a noun (« Préparer une classe du jeu du … », "a class of …"):
        ``title_of_fr`` in French, else :func:`of_title`; "of <title>" in
        English."""
        if lang == "en":  # "of the … game", not "of The … game"
            title = self.title_en
            return f"of the {title[4:]}" if title.startswith("The ") else f"of {title}"
        return self.title_of_fr or of_title(self.title_fr)

    def game_noun(self, lang: str = "fr") -> str:
        """« partie de … », "game of …": one game of this one as a noun, for a sentence to
        put its own article or determiner before (« cette partie du jeu du … », "this …
        game"), the title never mid-sentence with its capital article (« de Le jeu … »,
        "Unreadable The … game"). An English title that already says "game" ("The Owl
        game") is not put after "game of": "Owl game"."""
        if lang != "en":
            return f"partie {self.title_of('fr')}"
        title = self.title_en
        if title.lower().endswith(" game"):
            return title[4:] if title.startswith("The ") else title
        return f"game {self.title_of('en')}"

    def a_game(self, lang: str = "fr") -> str:
        """« une partie de … », "a game of …": :meth:`game_noun` as the object of a
        sentence (« Préparer une partie … », "Set up a game …"; "an Owl game")."""
        noun = self.game_noun(lang)
        if lang != "en":
            return f"une {noun}"
        return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"

    def unreadable(self, why_fr: str, why_en: str) -> StateFormatError:
        """A saved state of this game that cannot be read, and why: « Impossible de lire
        cette partie … : configuration absente. », "Cannot read this …: no
        configuration." The same words for every game (a game's own reading of its state
        leaves its errors to :meth:`restore`)."""
        return StateFormatError(f"Impossible de lire cette {self.game_noun('fr')} : {why_fr}.",
                                f"Cannot read this {self.game_noun('en')}: {why_en}.")

    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def check_players(self, players: int) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or players not in (
            self.player_counts()
        ):
            asked = echoed(players, 12)  # a count of 4,000 digits is not quoted whole
            raise PlayerCountError(
                f"{self.title_fr} se joue de {self.min_players} à {self.max_players} joueurs "
                f"(demandé : {asked}).",
                f"{self.title_en} is played by {self.min_players} to {self.max_players} "
                f"players (asked: {asked}).",
            )

    def make_config(
        self, players: int, seed: int = 0, options: Mapping[str, object] | None = None
    ) -> GameConfig:
        """A checked configuration. The options resolved and checked for a player count are
        kept (by value and type) and reused: simulations make one per game."""
        # No options (simulations, benchmarks): the key without sorting anything.
        key = (players, ()) if not options and type(players) is int else _config_key(
            players, options)
        checked: dict[tuple[Any, ...], dict[str, Any]] = self.__dict__.setdefault(
            "_checked_options", {})
        resolved = checked.get(key) if key is not None else None
        if resolved is not None:
            return GameConfig.known(self.name, players, int(seed), dict(resolved))
        resolved = self.options.resolve(options)
        self.check_players(players)
        self.options.check_players(resolved, players)
        config = GameConfig(self.name, players, int(seed), resolved)
        self.validate_config(config)
        if key is not None and len(checked) < 256:
            checked[key] = dict(resolved)
        return config

    def validate_config(self, config: GameConfig) -> None:
        """Checks that involve several options or the player count (raise OptionError)."""

    def new_state(
        self, players: int, seed: int = 0, options: Mapping[str, object] | None = None
    ) -> State:
        return self.setup(self.make_config(players, seed, options))

    @abstractmethod
    def setup(self, config: GameConfig) -> State:
        """The initial state of a validated configuration."""

    def restore(self, data: Mapping[str, Any]) -> State:
        """The state that ``State.to_json`` wrote; anything unreadable raises
        :class:`StateFormatError` naming the game."""
        if not isinstance(data, Mapping) or "config" not in data:
            raise self.unreadable("configuration absente", "no configuration")
        config = self.config_from_json(data["config"])
        try:
            return self.state_from_json(config, data)
        except StateFormatError:  # a part's own words (« générateur aléatoire »): the game's
            raise self.unreadable("des données manquent ou sont abîmées",
                                  "data missing or damaged") from None
        except LudinumError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError):
            raise self.unreadable("des données manquent ou sont abîmées",
                                  "data missing or damaged") from None

    @abstractmethod
    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> State:
        """Rebuild a state of this validated ``config`` from ``State.to_json`` data."""

    def config_from_json(self, data: object) -> GameConfig:
        config = GameConfig.from_json(data)
        if config.game != self.name:
            raise StateFormatError(f"Ce n'est pas {self.a_game('fr')}.",
                                   f"This is not {self.a_game('en')}.")
        return self.make_config(config.players, config.seed, config.options)

    def replay(self, config: GameConfig, log: Iterable[tuple[int, Action]]) -> State:
        """Rebuild a game from its configuration and ordered ``(player, action)`` log."""
        state = self.setup(config)
        for player, action in log:
            state.apply(player, action)
        return state

    def redact(self, state: State, player: int, action: Action, over: bool = False
               ) -> Action | None:
        """The stored form of ``player``'s personal ``action`` (a kind in :attr:`personal`)
        once ``state`` no longer needs its answer: an action that replays to the same state
        and says nothing of the player. ``None`` while the answer is still needed.
        ``over``: the game stopped (its host ended it, its session's clock ran out) and
        will never need it: a form that replays to the same public view."""
        return None

    def lobby_view(self, state: State) -> dict[str, Any]:
        """What every screen is sent of the game before the host starts it (the lobby):
        the table as it is set up, nothing of a game under way (whose turn, which round),
        nor what is dealt at random and said only at the start. Default: the public
        view."""
        return state.view(None)

    def board_layout(self) -> tuple[dict[str, Any], ...]:
        """The static public layout a board drawing needs besides the view (cells, bridges,
        card names…) as plain JSON-like dicts, the same for every game of this kind. Never
        anything hidden. Default: nothing."""
        return ()

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": {"fr": self.title_fr, "en": self.title_en},
            "summary": {"fr": self.summary_fr, "en": self.summary_en},
            "players": [self.min_players, self.max_players],
            "cooperative": self.cooperative,
            "options": [o.to_json() for o in self.options],
        }
