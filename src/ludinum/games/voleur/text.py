"""How Le Voleur de Données speaks: events, actions and views in French and English."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from functools import lru_cache
from typing import Any

from ludinum.engine import (
    Action,
    CardFace,
    DebriefItems,
    Event,
    GameConfig,
    GameText,
    Lesson,
    State,
    counted,
)
from ludinum.engine.lessons import in_lang
from ludinum.engine.wrapping import hanging_cuts
from ludinum.games.voleur.content import ATTACK, BOARDS, CATEGORIES, DATA, POINTS, Deck
from ludinum.games.voleur.lessons import lessons_for

_BOARD = {
    "fr": {"paper": "papier", "digital": "numérique"},
    "en": {"paper": "paper", "digital": "digital"},
}
_CATEGORY = {
    "fr": ("standard", "hautement confidentielle", "sensible"),
    "en": ("standard", "highly confidential", "sensitive"),
}

#: A seat is never written « de {player} »: a nickname takes its place (« de Inès », where
#: French says « d'Inès »), so the French lines name a seat after « à » or as a subject.
_EVENTS: dict[str, dict[str, str]] = {
    "fr": {
        "roles": "Le voleur est {thief}. Les autres joueurs sont gestionnaires de données.",
        "hand": "Tes cartes : {cards}.",
        "round": "— Tour {round} —",
        "reshuffle": "{player} : la pioche est vide, la défausse est mélangée ({cards}).",
        "draw": "Tu pioches « {card} ».",
        "no_draw": "{player} : plus aucune carte à piocher.",
        "skip_turn": "{player} passe son tour (attaque subie).",
        "discard": "{player} défausse « {card} ».",
        "pass": "{player} n'a plus de carte et passe.",
        "lay_data": "{player} pose « {card} » sur son plateau {board}.",
        "lay_hidden": "{player} pose une mesure de sécurité face cachée sur son plateau {board}.",
        "hidden_card": "Ta mesure cachée sur le plateau {board} : « {card} ».",
        "attack": "Le voleur attaque {target} sur son plateau {board} : « {card} » !",
        "foiled": "{player} contre l'attaque « {card} » avec « {measure} » ({source}) "
        "et garde la carte comme preuve.",
        "breach": "L'attaque « {card} » réussit : {player} ne la contre pas.",
        "breach_skip": "L'attaque « {card} » réussit : {player} passe {turns}.",
        "steal": "Le voleur dérobe {cards} à {victim}, sur son plateau {board}.",
        "game_over": "Fin de la partie. Scores : {scores}.",
    },
    "en": {
        "roles": "The thief is {thief}. The other players are data managers.",
        "hand": "Your cards: {cards}.",
        "round": "— Round {round} —",
        "reshuffle": "{player}: the pile is empty, the discard is shuffled ({cards}).",
        "draw": "You draw “{card}”.",
        "no_draw": "{player}: no card left to draw.",
        "skip_turn": "{player} misses a turn (attack suffered).",
        "discard": "{player} discards “{card}”.",
        "pass": "{player} has no card left and passes.",
        "lay_data": "{player} lays “{card}” on their {board} board.",
        "lay_hidden": "{player} lays a security measure face down on their {board} board.",
        "hidden_card": "Your hidden measure on the {board} board: “{card}”.",
        "attack": "The thief attacks {target}'s {board} board: “{card}”!",
        "foiled": "{player} counters “{card}” with “{measure}” ({source}) and keeps the "
        "card as proof.",
        "breach": "The attack “{card}” succeeds: {player} does not counter it.",
        "breach_skip": "The attack “{card}” succeeds: {player} misses {turns}.",
        "steal": "The thief steals {cards} from {victim}'s {board} board.",
        "game_over": "Game over. Scores: {scores}.",
    },
}
_SOURCE = {
    "fr": {"board": "mesure dévoilée sur son plateau", "hand": "jouée de sa main"},
    "en": {"board": "revealed on the board", "hand": "played from the hand"},
}


def quote(text: str, lang: str) -> str:
    return f"“{text}”" if lang == "en" else f"« {text} »"


def seat_name(seat: int, lang: str) -> str:
    return f"{'Player' if lang == 'en' else 'Joueur'} {seat + 1}"


#: Nouns as ((French singular, plural), (English singular, plural)), for ``counted``.
_NOUNS = {
    "point": (("point", "points"), ("point", "points")),
    "card": (("carte", "cartes"), ("card", "cards")),
    "proof": (("preuve", "preuves"), ("proof", "proofs")),
    "turn": (("tour", "tours"), ("turn", "turns")),
}


def count(n: int, noun: str, lang: str) -> str:
    """« 1 point », « 41 points », « 1 carte », "2 cards" (:func:`engine.counted`)."""
    return counted(n, *_NOUNS[noun], lang)


@lru_cache(maxsize=2048)
def _cells(markup: str) -> int:
    """The printed width of a line of markup."""
    from rich.text import Text

    return Text.from_markup(markup).cell_len


@lru_cache(maxsize=2048)
def _rows(markup: str) -> int:
    """The rows a line of markup takes in an 80-column terminal, cut there as the terminal
    cuts it (:func:`ludinum.engine.wrapping.hanging_cuts`)."""
    from rich.cells import get_character_cell_size
    from rich.text import Text

    return 1 + len(hanging_cuts(Text.from_markup(markup).plain, 80, get_character_cell_size)[1])


class VoleurText(GameText):
    moments = frozenset({"breach", "breach_skip", "steal", "foiled", "game_over"})
    endings = frozenset({"game_over"})
    #: The score is points (V7: data's points, foiled attacks): the end screen heads it so.
    score_name = ("Points", "Points")

    def __init__(self, deck: Deck) -> None:
        self.deck = deck

    def card(self, ident: str, lang: str = "fr") -> str:
        if ident in self.deck.index:
            return self.deck.card(ident).name(lang)
        return ident

    def short(self, ident: str, lang: str = "fr") -> str:
        """The card's name in a choice or a list (:meth:`Card.short`)."""
        if ident in self.deck.index:
            return self.deck.card(ident).short(lang)
        return ident

    def explain(self, ident: str, lang: str = "fr") -> str:
        return self.deck.card(ident).explain(lang)

    def waiting(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The thief's phone says so while it waits: before their first turn (round
        ``thief_round``) it has nothing else to show; while the manager he attacked
        answers, that it is that answer it waits for, not his next turn."""
        if view.get("role") != "thief" or view.get("phase") == "over":
            return ""
        start = int(view.get("thief_round") or 1)
        if int(view.get("round") or 0) < start:
            if lang == "en":
                return (f"You are the data thief! You come into play on round {start}: "
                        "meanwhile, watch the data managers.")
            return (f"Tu es le voleur de données ! Tu entres en jeu au tour {start} : en "
                    "attendant, observe les gestionnaires.")
        if view.get("attack"):  # his attack waits for the data manager's answer (V4)
            if lang == "en":
                return "Your attack is on: the data manager attacked decides whether to counter it."
            return "Ton attaque est lancée : le gestionnaire attaqué décide s'il la contre."
        if lang == "en":
            return "You are the data thief: wait for your turn to attack."
        return "Tu es le voleur de données : attends ton tour pour attaquer."

    def turn(self, view: Mapping[str, Any]) -> int | None:
        """The round the board's header counts (« Tour 3 / 15 »)."""
        return int(view["round"]) or None

    def ending(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """Who the thief was, and the rule that decided: after the last round, the most
        points win."""
        thief = view.get("thief")
        rounds = view.get("rounds") or 0
        if lang == "en":
            who = "" if thief is None else f"{seat_name(int(thief), lang)} was the thief. "
            return f"{who}All {rounds} rounds have been played: whoever has the most points wins."
        who = "" if thief is None else f"{seat_name(int(thief), lang)} était le voleur. "
        return f"{who}Les {rounds} tours sont joués : qui a le plus de points gagne."

    def lessons(self, state: State, lang: str = "fr") -> list[Lesson]:
        """4 to 6 cards of real-life advice from the public end of the game: the data
        stolen, the attacks played and the measures that stop them (``lessons.py``)."""
        cards = lessons_for(self.deck, state.metrics(), state.view(None)["loot"])
        return in_lang(cards, lang)

    def debrief(
        self, config: GameConfig, events: Sequence[Event], lang: str = "fr"
    ) -> DebriefItems:
        """The attack and measure cards played, each once with its explanation: the thief
        explains the attacks, the data manager the measures (V2). They are cards, not
        themes: their section says so (« Attaques et mesures de sécurité jouées »)."""
        themes: dict[str, None] = {}
        messages: dict[tuple[str, str], None] = {}
        for event in events:
            if event.kind not in ("attack", "foiled"):
                continue
            ident = str(event.data.get("card" if event.kind == "attack" else "measure"))
            if ident in self.deck.index:
                card = self.deck.card(ident)
                themes[card.name(lang)] = None
                messages[(card.name(lang), card.explain(lang))] = None
        heading = ("Attacks and security measures played" if lang == "en"
                   else "Attaques et mesures de sécurité jouées")
        return DebriefItems(tuple(themes), (), tuple(messages), heading)

    def card_face(self, ident: str, lang: str = "fr") -> CardFace | None:
        """A card in hand (issue 21): a data card shows its category and points (V2), an
        attack its board and effect (V5), a measure the attack it counters (V4); each
        family has its own symbol: ▤ data, ⚔ attack, ✔ measure."""
        if ident not in self.deck.index:
            return None
        en = lang == "en"
        key = "en" if en else "fr"
        card = self.deck.card(ident)
        if card.kind == DATA:
            category = _CATEGORY[key][card.category]
            points = POINTS[card.category]
            return CardFace(
                title=card.name(lang), symbol="▤", tone=("grey", "orange", "red")[card.category],
                family=f"{category.capitalize()} data" if en else f"Donnée {category}",
                # Points in full (a child read « 5 pts » as a word of its own).
                value=f"{points} point" if points == 1 else f"{points} points",
                text=("Laid face up on a board." if en
                      else "Se pose face visible sur un plateau."))
        board = _BOARD[key][BOARDS[card.nature]]
        glyph = "✉" if card.nature == 0 else "⌨"
        if card.kind == ATTACK:
            if card.skip:
                plural = "s" if card.skip > 1 else ""
                effect = (f"the victim misses {card.skip} turn{plural}" if en
                          else f"la victime passe {card.skip} tour{plural}")
            else:
                effect = "steals one data card" if en else "vole une donnée"
            return CardFace(
                title=card.name(lang), symbol="⚔", tone="purple",
                family=f"Attack · {glyph} {board}" if en else f"Attaque · {glyph} {board}",
                text=(f"Against a {board} board: {effect}." if en
                      else f"Contre un plateau {board} : {effect}."))
        aimed = quote(self.deck.cards[card.counters].name(lang), lang)
        return CardFace(
            title=card.name(lang), symbol="✔", tone="green",
            family=f"Measure · {glyph} {board}" if en else f"Mesure · {glyph} {board}",
            text=f"Counters {aimed}." if en else f"Contre {aimed}.")

    def kit(self, lang: str = "fr") -> dict[str, Any]:
        """What the page's drawing (``games/voleur/web/board.js``) reads besides the views
        and the card catalogue of the board's layout: every card's face in hand, what each
        card does (V4, V5) and the measure that counters each attack (V4)."""
        cards = self.deck.cards
        return {
            "faces": {c.id: asdict(face) for c in cards
                      if (face := self.card_face(c.id, lang)) is not None},
            "explanations": {c.id: c.explain(lang) for c in cards},
            "counters": {c.id: cards[c.countered_by].id for c in cards if c.countered_by >= 0},
        }

    def event(self, event: Event, lang: str = "fr") -> str:
        lang = "en" if lang == "en" else "fr"
        template = _EVENTS[lang].get(event.kind)
        if template is None:
            return event.kind
        data = dict(event.data)
        fields: dict[str, Any] = {}
        for key, value in data.items():
            if key in ("player", "thief", "target", "victim"):
                fields[key] = seat_name(int(value), lang)
            elif key in ("card", "measure"):
                fields[key] = self.card(str(value), lang)
            elif key == "cards" and isinstance(value, list):
                fields[key] = ", ".join(quote(self.card(str(c), lang), lang) for c in value)
            elif key == "board":
                fields[key] = _BOARD[lang].get(str(value), str(value))
            elif key == "source":
                fields[key] = _SOURCE[lang].get(str(value), str(value))
            elif key == "cards" and isinstance(value, int):
                fields[key] = count(value, "card", lang)
            elif key == "turns" and isinstance(value, int):
                fields[key] = count(value, "turn", lang)
            elif key == "scores":
                fields[key] = ", ".join(f"{seat_name(s, lang)} ({count(int(v), 'point', lang)})"
                                        for s, v in enumerate(value))
            else:
                fields[key] = value
        try:
            text = template.format(**fields)
        except (KeyError, IndexError):
            return event.kind
        if event.kind == "round" and data.get("round") == 3:
            text += " The thief comes in." if lang == "en" else " Le voleur entre en jeu."
        if event.kind == "attack" and "card" in data:
            text += " " + self.explain(str(data["card"]), lang)
        if event.kind == "foiled" and "measure" in data:
            text += " " + self.explain(str(data["measure"]), lang)
        return text

    def headline(self, event: Event, lang: str = "fr",
                 view: Mapping[str, Any] | None = None) -> str | None:
        """Nothing, on the phone of the data manager who must answer the attack: its
        decision shows the thief's card with its explanation, where the child chooses (V4);
        every other screen narrates the attack and its explanation."""
        if event.kind != "attack" or view is None or view.get("phase") != "defend":
            return None
        attack, you = view.get("attack") or {}, view.get("you")
        return "" if you is not None and attack.get("target") == you else None

    def action(self, action: Action, view: Mapping[str, Any], lang: str = "fr") -> str:
        """A choice on one line of an 80-column terminal, its number before it (the
        thief's ten attacks took two lines each: « Attaquer Joueur 2 sur son plateau papier
        avec « Document oublié sur l'imprimante » »): the card and the board, the target."""
        en = lang == "en"
        kind = action.kind
        card = action.get("card")
        name = self.short(str(card), lang) if isinstance(card, str) else ""
        if kind == "lay":
            board = _BOARD["en" if en else "fr"].get(str(action.get("board")), "")
            if self.deck.card(str(card)).kind == DATA:
                return (f"Lay “{name}”, {board} board" if en
                        else f"Poser « {name} », plateau {board}")
            # a measure lies face down (V3, V4)
            return (f"Hide “{name}”, {board} board" if en
                    else f"Cacher « {name} », plateau {board}")
        if kind == "discard":
            return f"Discard “{name}”" if en else f"Défausser « {name} »"
        if kind == "pass":
            return "Pass" if en else "Passer"
        if kind == "attack":
            target = seat_name(int(action.number("target")), lang)
            board = _BOARD["en" if en else "fr"][BOARDS[self.deck.card(str(card)).nature]]
            return (f"Attack {target}, {board} board: “{name}”" if en
                    else f"Attaquer {target}, plateau {board} : « {name} »")
        if kind in ("counter", "let_through"):
            return self._defence(kind, action.get("from"), view, lang)
        if kind == "steal":
            if isinstance(card, str):
                return f"Steal “{name}”" if en else f"Voler « {name} »"
            category = CATEGORIES.index(str(action.get("category")))
            label = _CATEGORY["en" if en else "fr"][category]
            if en:
                return f"Steal every {label} data card"
            # The labels are singular (« sensible »); this action names them in the plural:
            # the adjectives agree (« hautement » does not change), « standard » is
            # invariable (« des données standard »).
            plural = label if label == "standard" else f"{label}s"
            return f"Voler toutes les données « {plural} »"
        return action.to_text()

    def _defence(self, kind: str, source: object, view: Mapping[str, Any], lang: str) -> str:
        """V4: a defence choice names the measure and where it is; letting the attack
        through names the attack, which the view's line right above the choices names
        too (« Attaque : « Armoire restée ouverte » → Joueur 1 (papier) »). Each fits one
        line of an 80-column terminal: « Dévoiler « Armoire fermée à clé », cachée sur ton
        plateau papier : elle contre « Armoire restée ouverte » » took two."""
        en = lang == "en"
        attack = view.get("attack") or {}
        ident = str(attack.get("card", ""))
        known = ident in self.deck.index
        if kind == "let_through":
            if not known:
                return "Do not counter" if en else "Ne pas contrer"
            aimed = quote(self.short(ident, lang), lang)
            return f"Do not counter {aimed}" if en else f"Ne pas contrer {aimed}"
        if not known:
            if source == "board":
                return "Counter with your hidden measure" if en else (
                    "Contrer avec ta mesure cachée")
            return "Counter with the measure in your hand" if en else (
                "Contrer avec la mesure de ta main")
        measure = quote(self.deck.cards[self.deck.card(ident).countered_by].short(lang), lang)
        if source == "board":
            return (f"Counter with your hidden {measure}" if en
                    else f"Contrer avec ta mesure cachée {measure}")
        return (f"Counter with {measure} from your hand" if en
                else f"Contrer avec {measure} de ta main")

    # -- the view as terminal text ------------------------------------------------------------
    def _names(self, ids: list[str], lang: str, short: bool = True) -> str:
        """Cards by name in their order, a card there more than once named once with how
        many (« Planning des congés ×3 »); « — » for none."""
        named: dict[str, int] = {}
        for ident in ids:
            name = self.short(ident, lang) if short else self.card(ident, lang)
            named[name] = named.get(name, 0) + 1
        return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in named.items()) or "—"

    def _board_line(self, board: Mapping[str, Any], name: str, lang: str,
                    whole: bool = True, short: bool = True) -> str:
        """One board on one line: its data per category slot (``whole``: the seat's own
        board, the board under attack), else their points; the revealed measures named,
        on every board: the whole table sees them (V4); the hidden ones counted (the seat's
        own named). Six players' boards with every data card named ran past the 35
        rows of a terminal (the drawn board, on a screen, names them).

        Only the slots that hold data are written: the three slots of every board spelt
        out (« standard (1) : aucune | hautement confidentielle (3) : aucune | sensible
        (5) : aucune ») filled two lines a board, wrapped on a phone and in a terminal. A
        board without data says so in words (a dash there ran into the dash between the
        parts: « — — tes mesures cachées »). The cards come first, their slot after
        (« Annuaire interne ×2 (standard, 1 point) »): « Plateau papier : standard (1) :
        Annuaire interne » read as two labels in a row."""
        en = lang == "en"
        colon = ":" if en else " :"
        by_cat: list[list[str]] = [[], [], []]
        for ident in board["data"]:
            by_cat[self.deck.card(ident).category].append(ident)
        if not board["data"]:
            data = self._data_count(0, lang)
        elif whole:
            # The terminal (``short``) draws its bars as the other games' terminal boards
            # do, with box-drawing characters: « ╎ » between the slots, lighter than the
            # « │ » between a seat's two boards (an ASCII « | » here mixed both families
            # on one board). The page's lines keep theirs (games/voleur/web/board.js).
            data = (" ╎ " if short else " | ").join(
                f"{self._names(by_cat[c], lang, short)} ({label}, {POINTS[c]} point"
                f"{'s' if POINTS[c] > 1 else ''})"
                for c, label in enumerate(_CATEGORY["en" if en else "fr"]) if by_cat[c])
        else:
            data = self._summary(list(board["data"]), lang)
        parts = [f"    [bold]{name}[/bold]{colon} {data}"]
        shown, hidden = len(board["shown"]), int(board["hidden"])
        if shown:
            one = shown == 1  # « dévoilée : X », « dévoilées : X, Y »
            word = "revealed" if en else "dévoilée" if one else "dévoilées"
            revealed = self._names(list(board["shown"]), lang, short)
            parts.append(f"[green]{word}{colon} {revealed}[/green]")
        if board.get("hidden_cards"):
            one = len(board["hidden_cards"]) == 1
            word = (("your hidden measure" if one else "your hidden measures") if en else
                    "ta mesure cachée" if one else "tes mesures cachées")
            names = self._names(list(board["hidden_cards"]), lang, short)
            parts.append(f"[dim]{word}{colon} {names}[/dim]")
        elif hidden:
            parts.append(f"[dim]{self._hidden_count(hidden, lang, bool(shown))}[/dim]")
        return " — ".join(parts)

    @staticmethod
    def _hidden_count(n: int, lang: str, after_revealed: bool) -> str:
        """« 2 mesures cachées »; after the revealed measures named (« dévoilée : Armoire
        fermée à clé — 2 cachées ») the noun is theirs: written again, a board's line ran
        past the 80 columns of a terminal."""
        ss = "s" if n > 1 else ""
        if lang == "en":
            return f"{n} hidden" if after_revealed else f"{n} hidden measure{ss}"
        return f"{n} cachée{ss}" if after_revealed else f"{n} mesure{ss} cachée{ss}"

    @staticmethod
    def _data_count(n: int, lang: str) -> str:
        """« 3 données », « 1 donnée », « aucune donnée » (English "3 data cards")."""
        if lang == "en":
            return "no data" if not n else f"{n} data card{'s' if n > 1 else ''}"
        return "aucune donnée" if not n else f"{n} donnée{'s' if n > 1 else ''}"

    def _summary(self, ids: list[str], lang: str) -> str:
        """A board's data given in brief by their points, what the thief weighs (V5):
        « 9 points ». Their number too (« 3 données (9 points) ») ran a board's line past
        80 columns once its revealed measures are named."""
        return count(sum(self.deck.card(ident).points for ident in ids), "point", lang)

    @staticmethod
    def _lays(view: Mapping[str, Any]) -> bool:
        """Whether the view is that of a data manager whose turn it is to lay (V3)."""
        return (view.get("role") == "manager" and view.get("phase") == "play"
                and view.get("turn") == view.get("you"))

    def _hand_in_choices(self, view: Mapping[str, Any]) -> bool:
        """Whether the choices under the view name every card of the seat's hand: a data
        manager's turn to lay, when each card of his hand can be laid (V3: a data card on
        either board, a measure on a board opened by its first data card; both boards
        opened, any measure has one). The terminal's view then leaves the hand out: said
        once more above its eight choices (« Poser « … », plateau papier », « Cacher
        « … », plateau numérique »), it took one or two of a data manager's 35 rows."""
        if not self._lays(view) or not view.get("hand"):
            return False
        mine = next(e for e in view["players"] if e["seat"] == view["you"])
        opened = all(mine["boards"][which].get("opened") for which in BOARDS)
        return opened or all(self.deck.card(c).kind == DATA for c in view["hand"])

    def view(self, view: Mapping[str, Any], lang: str = "fr", board: bool = True) -> str:
        return self._view(view, lang, board)

    def end_board(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The end board without each seat's points (« Joueur 2 — 1 carte, 3 preuves »,
        « Voleur : Joueur 1 — butin : 8 données »): the terminal's end says them on one
        line under the winner (« Joueur 1 : 30 points · Joueur 2 : 33 points »), and
        they were read twice."""
        return self._view(view, lang, True, scores=False)

    def _view(self, view: Mapping[str, Any], lang: str, board: bool,
              scores: bool = True) -> str:
        """:meth:`view`; ``scores`` False leaves each seat's points out of its line."""
        en = lang == "en"
        key = "en" if en else "fr"
        colon = ":" if en else " :"
        lines: list[str] = []
        title = "The Data Thief" if en else "Le Voleur de Données"
        word = "Round" if en else "Tour"
        if board:  # a screen drawing the board draws the round and the piles above it
            head = f"[bold]{title}[/bold] — {word} {view['round']}/{view['rounds']}"
            pile = "pile" if en else "pioche"
            tpile = "thief's pile" if en else "pioche du voleur"
            head += f" — {pile}{colon} {view['pile']}, {tpile}{colon} {view['thief_pile']}"
            lines.append(head)
        if view["round"] < view["thief_round"]:
            start = view["thief_round"]
            lines.append(f"The thief comes in at round {start}." if en
                         else f"Le voleur entre en jeu au tour {start}.")
        thief = seat_name(int(view["thief"]), lang)
        you = (" (you)" if en else " (toi)") if view["thief"] == view["you"] else ""
        # how many (its points are the thief's score): no decision needs the names of
        # the stolen data, each theft was told as it happened
        loot = self._data_count(len(view["loot"]), lang)
        score = view["players"][view["thief"]]["score"]
        label = "Thief" if en else "Voleur"
        loot_word = "loot" if en else "butin"
        if board:  # a screen that draws the board shows the seats and boards drawn
            points = f"{count(score, 'point', lang)} — " if scores else ""
            lines.append(f"[red]{label}[/red]{colon} {thief}{you} — {points}"
                         f"{loot_word}{colon} {loot}")
        attack = view.get("attack")
        laying = board and self._lays(view)
        for entry in view["players"]:
            # A screen that draws the board (board=False) is told the seat's own boards
            # only: the drawing is public, and hides the seat's own measures (V4).
            if entry["role"] == "thief" or not (board or entry["seat"] == view["you"]):
                continue
            who = seat_name(int(entry["seat"]), lang)
            you = (" (you)" if en else " (toi)") if entry["seat"] == view["you"] else ""
            hand = count(int(entry["hand"]), "card", lang)
            proofs = len(entry["proofs"])
            extra = f", {count(proofs, 'proof', lang)}" if proofs else ""
            skips = ""
            if entry["skips"]:
                turns = count(int(entry["skips"]), "turn", lang)
                skips = f", [yellow]{'misses' if en else 'passe'} {turns}[/yellow]"
            points = f"{count(int(entry['score']), 'point', lang)}, " if scores else ""
            lines.append(f"[bold]{who}{you}[/bold] — {points}{hand}{extra}{skips}")
            # The thief choosing what to steal (V5) decides among the attacked board's data,
            # the attacked manager whether to counter (V4) with what he holds: in the
            # terminal (``board``) the other seats' boards are left out then (six players'
            # boards ran these choices past a terminal's 24 rows).
            if board and attack and attack["target"] != entry["seat"] and (
                    (view.get("phase") == "steal" and view["thief"] == view["you"])
                    or (view.get("phase") == "defend" and attack["target"] == view["you"])):
                continue
            boards: list[str] = []
            named = False  # a board of this seat with its data named whole
            for which in BOARDS:
                label = _BOARD[key][which]
                name = f"{label.capitalize()} board" if en else f"Plateau {label}"
                # Each card named on the seat's own boards and on the board under attack
                # (its data are what the thief steals); elsewhere the data's points and
                # the revealed measures by name: six players' boards in full ran past a
                # terminal's 35 rows. A data manager laying a card (``laying``) has his
                # own data by their points too: his eight choices name what he may lay,
                # and with the revealed measures of the other boards named, his screen
                # took 36 rows.
                attacked = bool(attack and attack["target"] == entry["seat"]
                                and attack["board"] == which)
                # A seat under attack decides about the attacked board: its other board
                # by its points and how many measures it hides (the terminal's 24 rows).
                aside = board and bool(attack and attack["target"] == view["you"]
                                       and entry["seat"] == view["you"] and not attacked)
                whole = (entry["seat"] == view["you"] and not laying and not aside) or attacked
                named = named or whole
                # a card's short name in the terminal's lists (its rows are few); a
                # screen that draws the board writes these lines with the whole names
                # (games/voleur/web/board.js: lines)
                shown = entry["boards"][which]
                if aside:  # its hidden measures counted, not named
                    shown = {**shown, "hidden_cards": []}
                boards.append(self._board_line(shown, name, lang, whole, short=board))
            if not board:
                lines.extend(boards)
                continue
            # The terminal (``board``): each board by its nature alone under its seat
            # (« Papier : … »), both on one line when it fits 80 columns (« Papier : … │
            # Numérique : … »): six players' boards a line each ran past its 24 rows. Too
            # wide, another seat's are still one line when the second ends the first's
            # last row (« … — 2 cachées │ Numérique : aucune donnée » under a line of
            # revealed measures): a row saved, and no board cut in two (4 of 603 screens
            # took 25 rows without it). Boards whose data are named whole (one's own, the
            # attacked one) keep a line each: they are read slot by slot.
            plate = "board" if en else "Plateau "
            short = [b.strip().replace(f"[bold]{plate}", "[bold]").replace(
                " board[/bold]", "[/bold]").replace("[bold]p", "[bold]P").replace(
                "[bold]n", "[bold]N") for b in boards]
            joined = "  " + " │ ".join(short)
            if _cells(joined) > 80:  # « 3 cachées », as after « dévoilée : … »
                joined = re.sub(r"\b(\d+) (?:mesures? (cachées?)|hidden measures?)\b",
                                lambda m: f"{m[1]} {m[2] or 'hidden'}", joined)
            apart = [f"  {b}" for b in short]
            fewer = _cells(joined) <= 80 or (not named and _rows(joined) == _rows(apart[0]))
            lines.extend([joined] if fewer else apart)
        # A screen that draws the board also shows the attack in large type (the spotlight)
        # and as the board's banner: said a third time here, it was read twice.
        if attack and board:
            target = seat_name(int(attack["target"]), lang)
            card = self.card(str(attack["card"]), lang)
            aimed = _BOARD[key][attack["board"]]
            quoted = f"“{card}”" if en else f"« {card} »"
            word = "Attack" if en else "Attaque"
            # Its explanation only in the line that told it as it happened (event: the
            # terminal printed it just above): written here too, it was read twice.
            lines.append(f"[red]{word}[/red]{colon} {quoted} → {target} ({aimed})")
        # The thief choosing what to steal (V5) plays no card of his hand: the terminal
        # leaves it out (its rows went to the attacked board's data, named whole).
        stealing = view.get("phase") == "steal" and view["thief"] == view["you"]
        if "hand" in view and not (board and (stealing or self._hand_in_choices(view))):
            label = "Your hand" if en else "Ta main"
            hand = self._names(list(view["hand"]), lang, short=board)
            lines.append(f"[bold]{label}[/bold]{colon} {hand}")
        said = self.result(view, lang)
        if said:
            lines.append(said)
        return "\n".join(lines)

    def result(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The view's last line once the game is over: « Gagnant : Joueur 2 »."""
        if view.get("winners") is None:
            return ""
        en = lang == "en"
        names = ", ".join(seat_name(int(s), lang) for s in view["winners"])
        many = len(view["winners"]) > 1
        word = ("Winners" if many else "Winner") if en else (
            "Gagnants" if many else "Gagnant")
        return f"[bold]{word}[/bold]{':' if en else ' :'} {names}"
