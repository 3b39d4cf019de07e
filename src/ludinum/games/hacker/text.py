"""How Hacker speaks: events, actions and views in French (first) and English."""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ludinum.engine import Action, Event, GameText, Lesson, State
from ludinum.engine.game import ELIDABLE, nickname_for
from ludinum.engine.lessons import in_lang
from ludinum.games.hacker import digest
from ludinum.games.hacker.base import COLOURS_EN, COLOURS_FR
from ludinum.games.hacker.lessons import lessons_for
from ludinum.games.hacker.screen import render, scores_line
from ludinum.games.hacker.words import account, bills, elided, name, phase_words, unelided


def viruses(count: int, lang: str, what: str) -> str:
    """« aucun virus posé », « 1 virus posé », « 3 virus posés » (virus is invariable)."""
    if lang == "en":
        word = "virus" if count == 1 else "viruses"
        verb = "dropped" if what == "dropped" else "set aside"
        return f"no {word} {verb}" if count == 0 else f"{count} {word} {verb}"
    participle = "posé" if what == "dropped" else "écarté"
    if count == 0:
        return f"aucun virus {participle}"
    return f"{count} virus {participle}{'s' if count > 1 else ''}"


#: What happens now, said on a screen with no seat (the projector: ``kit``, board.js:
#: ``nowBox``) under the header that names who acts, French then English; ``%(name)s`` (the
#: traveller, the protector) and ``%(k)s`` (the account being protected) filled in by the
#: page. The thief stealing or crediting his loot is never named (H5: the header says « Un
#: joueur choisit en secret… »), nor any bill's value (H2).
NOW: dict[str, tuple[str, str]] = {
    "setup": ("Chacun range ses billets sur ses propres comptes, sans les montrer.",
              "Everyone puts their bills on their own accounts, without showing them."),
    "trip": ("%(name)s est à la banque : les autres peuvent poser des virus en secret.",
             "%(name)s is at the bank: the others may drop viruses in secret."),
    "credit": ("%(name)s revient de la banque et range son billet sur un de ses comptes.",
               "%(name)s is back from the bank and puts the bill on one of their accounts."),
    "choose": ("%(name)s choisit le prochain compte attaqué à protéger.",
               "%(name)s chooses the next attacked account to protect."),
    "guess": ("%(name)s devine qui a posé le virus du compte %(k)s.",
              "%(name)s guesses who dropped the virus on account %(k)s."),
    "steal": ("Raté ! Celui qui a posé le virus prend en secret un billet du compte %(k)s.",
              "Wrong! Whoever dropped the virus secretly takes a bill from account %(k)s."),
    "loot": ("Celui qui a posé le virus range en secret le billet volé sur un de ses comptes.",
             "Whoever dropped the virus secretly puts the stolen bill on one of their "
             "accounts."),
}


_FR: dict[str, str] = {
    "setup": "Les comptes sont posés sur la table. {first} commence.",
    "dealt": "Tu reçois deux billets : {values}. Crédite-les sur tes comptes.",
    "credited": "{player} crédite le {account}.",
    # A thief's crediting, told to himself only (table.CREDITED_SECRETLY): « tu ».
    "credited_secretly": "Tu crédites le {account}.",
    "round": "Tour {round} : {first} part en premier.",
    "trip": "{traveller} part pirater la banque.",
    "queued": "Ton virus est prêt pour le {account}.",
    # Whose trip, said in the sentence: « (trajet de Bleu (J2)) » nested the seat's
    # label inside an aside.
    "dropped": "Un virus apparaît sur le {account} pendant le trajet de {trip}.",
    "noticed": "Tu as vu {dropper} poser un virus sur le {account} !",
    "done": "Tu as fini pour ce trajet.",
    "returned": "{traveller} revient de la banque ({drops}).",
    "bill": "Tu rapportes un billet de {value}. Crédite-le.",
    "protection": "Phase de protection : plus aucun virus ne peut être posé.",
    "resolve": "{player} protège le {account}.",
    # « Chiffrement », the correct word (review H8); the rule option keeps the seed's name.
    "encrypted": "Chiffrement : {count} du {account}.",
    "own_virus": "Un virus de {player} sur son propre {account} : sans effet.",
    "emptied": "Le {account} est vide : {count}.",
    "guess_table_right": "{player} désigne {named} pour le {account} : bien vu !",
    "guess_table_wrong": "{player} désigne {named} pour le {account} : raté, c'était {owner}, "
    "qui vole un billet.",
    "guess_right": "{player} a deviné juste pour le {account}.",
    "guess_wrong": "Raté pour {player} sur le {account} : un billet est volé.",
    "detail_right": "Bien vu : ce virus était à {owner}.",
    "detail_wrong": "Raté : tu avais désigné {named}, c'était {owner}.",
    "detail_wrong_blind": "Raté : ce n'était pas {named}.",
    # Each guess is about the virus on top of the account (H5): said so, two of one's own
    # viruses on one account read « a trouvé ton virus » then « ne t'a pas trouvé ».
    "your_right": "{player} a trouvé ton virus du haut du {account}.",
    "your_wrong": "{player} a fait erreur sur ton virus du haut du {account} : tu voles "
    "un billet de {value} !",
    "your_wrong_choose": "{player} a fait erreur sur ton virus du haut du {account} : choisis "
    "le billet à voler !",
    "value_lost": " Tu perds un billet de {value}.",
    "loot": "Tu voles un billet de {value} à {victim}. Crédite-le.",
    "lost": "{thief} t'a volé un billet de {value} sur le {account}.",
    "lost_blind": "On t'a volé un billet de {value} sur le {account}.",
    "lost_unseen": "{thief} t'a volé un billet sur le {account}.",
    "lost_blind_unseen": "On t'a volé un billet sur le {account}.",
    "round_end": "Fin du tour {round} : chacun reprend ses virus.",
    "game_over": "Fin de la partie ! Gagnant : {winners}.",
    "game_over_many": "Fin de la partie ! Gagnants à égalité : {winners}.",
}

_EN: dict[str, str] = {
    "setup": "The accounts are on the table. {first} starts.",
    "dealt": "You get two bills: {values}. Credit them to your accounts.",
    "credited": "{player} credits {account}.",
    "credited_secretly": "You credit {account}.",
    "round": "Round {round}: {first} goes first.",
    "trip": "{traveller} goes to hack the bank.",
    "queued": "Your virus is ready for {account}.",
    "dropped": "A virus appears on {account} during {trip}'s trip.",
    "noticed": "You saw {dropper} drop a virus on {account}!",
    "done": "You are done for this trip.",
    "returned": "{traveller} is back from the bank ({drops}).",
    "bill": "You bring back a bill of {value}. Credit it.",
    "protection": "Protection phase: no more viruses may be dropped.",
    "resolve": "{player} protects {account}.",
    "encrypted": "Encryption: {count} from {account}.",
    "own_virus": "A virus of {player} on their own {account}: no effect.",
    "emptied": "{account} is empty: {count}.",
    "guess_table_right": "{player} names {named} for {account}: right!",
    "guess_table_wrong": "{player} names {named} for {account}: wrong, it was {owner}, who "
    "steals a bill.",
    "guess_right": "{player} guessed right for {account}.",
    "guess_wrong": "{player} guessed wrong for {account}: a bill is stolen.",
    "detail_right": "Right: that virus was {owner}'s.",
    "detail_wrong": "Wrong: you named {named}, it was {owner}.",
    "detail_wrong_blind": "Wrong: it was not {named}.",
    "your_right": "{player} found your virus on top of {account}.",
    "your_wrong": "{player} guessed wrong about your virus on top of {account}: you steal a "
    "bill of {value}!",
    "your_wrong_choose": "{player} guessed wrong about your virus on top of {account}: choose "
    "the bill to steal!",
    "value_lost": " You lose a bill of {value}.",
    "loot": "You steal a bill of {value} from {victim}. Credit it.",
    "lost": "{thief} stole a bill of {value} from your {account}.",
    "lost_blind": "Someone stole a bill of {value} from your {account}.",
    "lost_unseen": "{thief} stole a bill from your {account}.",
    "lost_blind_unseen": "Someone stole a bill from your {account}.",
    "round_end": "End of round {round}: everyone takes their viruses back.",
    "game_over": "Game over! Winner: {winners}.",
    "game_over_many": "Game over! Tied winners: {winners}.",
}

#: A public event about the seat reading it, in the « tu » form: its kind, the field that
#: names that seat, the French then the English line (the other fields filled as above).
_OWN: dict[str, tuple[str, str, str]] = {
    # One's own crediting in the words of a thief's secret one (« credited_secretly »).
    "credited": ("player", _FR["credited_secretly"], _EN["credited_secretly"]),
    "setup": ("first", "Les comptes sont posés sur la table. Tu commences.",
              "The accounts are on the table. You start."),
    "round": ("first", "Tour {round} : tu pars en premier.", "Round {round}: you go first."),
    "trip": ("traveller", "Tu pars pirater la banque.", "You go to hack the bank."),
    "dropped": ("trip", "Un virus apparaît sur le {account} pendant ton trajet.",
                "A virus appears on {account} during your trip."),
    "returned": ("traveller", "Tu reviens de la banque ({drops}).",
                 "You are back from the bank ({drops})."),
    "resolve": ("player", "Tu protèges le {account}.", "You protect {account}."),
}

_PLAYER_KEYS = (
    "first",
    "player",
    "traveller",
    "trip",
    "dropper",
    "named",
    "owner",
    "thief",
    "victim",
)


#: A seat as the texts name it, « Rouge (J1) » / "Red (P1)".
_SEAT = re.compile(r"\b" + ELIDABLE + r"(?:" + "|".join(sorted(set(COLOURS_FR + COLOURS_EN))) +
                   r") \((?:J|P)(?P<seat>[1-9])\)", re.IGNORECASE)


class HackerText(GameText):
    #: The end of each round too, as a mark between the guesses: two guesses of one
    #: account in two rounds read as a contradiction without it.
    moments = frozenset({"guess", "emptied", "round_end", "game_over"})
    marks = frozenset({"round_end"})
    endings = frozenset({"game_over"})
    #: A guess is told to the guesser (« Raté : tu avais désigné… ») and to the virus's
    #: owner (« … ne t'a pas trouvé ») by their own lines: they do not read the table's too.
    said_privately = MappingProxyType({"guess": frozenset({"guess_detail", "your_virus"})})
    #: The score is the value of one's bills (H9): the end screen heads it « Argent », as
    #: the phone says « Ton argent » (« Billets » read as a count of bills).
    score_name = ("Argent", "Money")
    #: The results table compares money, not scores: captioned « Argent » too (H9).
    score_title = ("Argent", "Money")

    def score_words(self, score: float, lang: str = "fr") -> str:
        """The money one ends with, the sum of one's bills (H9), as the phone says « Ton
        argent » and the end screen's column « Argent »: « 12 en billets », not « 12
        points » (the game counts no points)."""
        return f"{score:g} in bills" if lang == "en" else f"{score:g} en billets"

    def with_names(self, text: str, names: Sequence[str], lang: str = "fr") -> str:
        """« Rouge (J1) » becomes the seat's nickname on screens: the colour words do not
        match the board's palette, the nickname and the seat's badge do (issue 21)."""
        if not names:
            return text
        if "(" in text:  # a colour and its seat, « Rouge (J1) »
            text = _SEAT.sub(nickname_for(names), unelided(text))
        return super().with_names(text, names, lang)

    def seat_label(self, seat: int, lang: str = "fr") -> str:
        """A seat as this game's text calls it: its colour, « Rouge (J1) »."""
        return name(seat, lang)

    def lessons(self, state: State, lang: str = "fr") -> list[Lesson]:
        """4 to 6 cards of real-life advice chosen from the finished game's totals and
        options (``lessons.py``, issue 16 §6)."""
        cards = lessons_for(state.metrics(), state.config.options)
        return in_lang(cards, lang)

    def moment(self, event: Event, lang: str = "fr") -> str:
        """A round's end as a short mark among the key moments (« — Fin du tour 2 — »)."""
        if event.kind == "round_end":
            n = event.data.get("round")
            return f"— End of round {n} —" if lang == "en" else f"— Fin du tour {n} —"
        return self.event(event, lang)

    def gist(self, events: Sequence[Event], seat: int | None,
             view: Mapping[str, Any] | None = None) -> list[Hashable | None]:
        """A trip's public events (its start, drops, return and crediting), a seat's
        protection, folded into one line each between two turns of the terminal's person
        (``digest.py``; H3, H4, H5)."""
        return digest.keys(events, seat, view)

    def gist_line(self, events: Sequence[Event], seat: int | None,
                  view: Mapping[str, Any] | None = None, lang: str = "fr") -> str:
        """« Trajet de Bleu (J2) : 3 virus (comptes 4, 10 et 12) ; compte 2 crédité. »,
        « Jaune (J4) protège le compte 19 : 1 bien vu, 4 billets volés. » (``digest.py``)."""
        return digest.line(events, seat, lang)

    def own_line(self, event: Event, seat: int | None, lang: str = "fr") -> str | None:
        """A public event about ``seat`` read on its screen in the « tu » form (:data:`_OWN`):
        « Tu crédites le compte 8. », not « Rouge (J1) crédite le compte 8. »."""
        own = _OWN.get(event.kind)
        if own is None or seat is None or event.data.get(own[0]) != seat:
            return None
        return self._line(own[2] if lang == "en" else own[1], event, lang)

    def event(self, event: Event, lang: str = "fr") -> str:
        table = _EN if lang == "en" else _FR
        data = dict(event.data)
        key = event.kind
        if key == "guess":
            right = bool(data.get("right"))
            if "named" in data:
                key = "guess_table_right" if right else "guess_table_wrong"
            else:
                key = "guess_right" if right else "guess_wrong"
        elif key == "guess_detail":
            if data.get("right"):
                key = "detail_right"
            else:
                key = "detail_wrong" if data.get("owner") is not None else "detail_wrong_blind"
        elif key == "your_virus":
            if data.get("right"):
                key = "your_right"
            else:
                key = "your_wrong" if data.get("value") is not None else "your_wrong_choose"
        elif key == "lost":
            key = "lost" if data.get("thief") is not None else "lost_blind"
            if data.get("value") is None:  # brouillage: the victim saw no bills (H7)
                key += "_unseen"
        elif key == "credited" and event.to is not None:
            key = "credited_secretly"
        elif key == "game_over" and len(data.get("winners", ())) > 1:
            key = "game_over_many"
        template = table.get(key)
        if template is None:
            return event.kind
        if key.startswith("detail_wrong") and data.get("value") is not None:
            template += table["value_lost"]
        return self._line(template, event, lang)

    @staticmethod
    def _line(template: str, event: Event, lang: str) -> str:
        """``template`` filled with ``event``'s data in words (seats, accounts, counts)."""
        fields: dict[str, Any] = {}
        for k, v in event.data.items():
            if k in _PLAYER_KEYS and isinstance(v, int):
                fields[k] = name(v, lang)
            elif k == "account" and isinstance(v, int):
                fields[k] = account(v, lang)
            elif k in ("drops", "count") and isinstance(v, int):
                fields[k] = viruses(v, lang, "dropped" if k == "drops" else "set_aside")
            elif k == "values":
                fields[k] = bills(list(v), lang)
            elif k == "winners":
                fields[k] = ", ".join(name(p, lang) for p in v)
            else:
                fields[k] = v
        try:
            text = template.format(**fields)
        except (KeyError, IndexError):
            return event.kind
        return elided(text[:1].upper() + text[1:], lang)

    def rank(self, action: Action, view: Mapping[str, Any]) -> int:
        """Ending a trip (« J'ai fini pour ce trajet », the thief's « Je reviens de la
        banque ») after the drops and the bills: a menu's first choice never ends a trip."""
        return 1 if action.kind in ("done", "return") else 0

    def action(self, action: Action, view: Mapping[str, Any], lang: str = "fr") -> str:
        en = lang == "en"
        kind = action.kind
        if kind == "done":
            return "I'm done for this trip" if en else "J'ai fini pour ce trajet"
        if kind == "return":
            return "Back from the bank" if en else "Je reviens de la banque"
        if kind == "guess":
            q = action.number("player")
            return f"Name {name(q, lang)}" if en else f"Désigner {name(q, lang)}"
        if kind == "steal":
            slot = action.number("slot") + 1
            return f"Take bill no. {slot}" if en else f"Prendre le billet n° {slot}"
        k = action.number("account")
        owner = _owner(view, k)
        if owner is not None and owner == view.get("you"):
            where = f"your account {k + 1}" if en else f"ton compte {k + 1}"
        elif owner is not None:
            where = (
                f"{name(owner, lang)}'s account {k + 1}"  # not "account 5 of Léa"
                if en
                else f"le compte {k + 1} de {name(owner, lang)}"
            )
        else:
            where = f"account {k + 1}" if en else f"le compte {k + 1}"
        where = elided(where, lang)
        if kind == "credit":
            return f"Credit {where}" if en else f"Créditer {where}"
        if kind == "drop":
            return f"Drop a virus on {where}" if en else f"Poser un virus sur {where}"
        if kind == "protect":
            return f"Protect {where}" if en else f"Protéger {where}"
        return action.to_text()

    def kit(self, lang: str = "fr") -> dict[str, Any]:
        """What the page's drawing (``games/hacker/web/board.js``) reads besides the views
        and its words (the kit's messages): each seat as the game's text calls it, « Rouge
        (J1) », which its lines say of a seat without a nickname (:meth:`with_names`), and
        each phase's name, which its board and its lines say, and what happens now in each
        phase, which the projector says (``NOW``). The accounts' grouping and the sorting of
        a decision depend on the view and are drawn there."""
        return {"seat_labels": [name(seat, lang) for seat in range(len(COLOURS_FR))],
                "phases": phase_words(lang),
                "now": {phase: en if lang == "en" else fr for phase, (fr, en) in NOW.items()}}

    # -- the web screens' words (issue 21) ------------------------------------------------
    def turn(self, view: Mapping[str, Any]) -> int | None:
        """The round the board's header counts (« Tour 2 / 4 »)."""
        return int(view["round"])

    def result(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The board's scores line once the game is over: how it ended (the richest wins),
        which the terminal's end says in its own words (« Bleu (J2) : 17 points »)."""
        return scores_line(view, lang)

    def ending(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The rule that decided: after the last round, the richest wins."""
        rounds = view.get("rounds") or 0
        if lang == "en":
            return (f"All {rounds} rounds have been played: everyone counts their bills and "
                    "the richest wins.")
        return (f"Les {rounds} tours sont joués : chacun compte ses billets, le plus riche "
                "gagne.")

    def waiting(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The traveller at the bank has nothing to decide (H3: the time is the rule): say
        what goes on meanwhile, not « Attends ton tour… » under « C'est à toi ! »."""
        if view.get("traveller") is not None and view.get("traveller") == view.get("you"):
            # A timed trip ends with its clock; a turn-based one (``trip_seconds`` at 0, H3)
            # when every other player has finished: no clock to wait for.
            if view.get("live"):
                if lang == "en":
                    return ("You are at the bank: meanwhile the others may drop viruses in "
                            "secret. You come back when the time is up.")
                return ("Tu es à la banque : pendant ce temps, les autres peuvent poser des "
                        "virus en secret. Tu reviens quand le temps est écoulé.")
            if lang == "en":
                return ("You are at the bank: meanwhile the others may drop viruses in "
                        "secret. You come back when they have all finished.")
            return ("Tu es à la banque : pendant ce temps, les autres peuvent poser des virus "
                    "en secret. Tu reviens quand ils ont tous fini.")
        # A player left out of the trip (no virus left, or « J'ai fini ») read « Attends ton
        # tour… » while the others dropped on: say why, and what they wait for.
        if view.get("phase") == "trip" and view.get("you") is not None:
            if not view.get("hand"):
                return ("You have no virus left this round: wait for the trip to end."
                        if lang == "en" else
                        "Tu n'as plus de virus pour ce tour : attends la fin du trajet.")
            if view.get("done"):
                return ("You are done for this trip: wait for it to end." if lang == "en"
                        else "Tu as fini pour ce trajet : attends qu'il se termine.")
        return ""

    def view(self, view: Mapping[str, Any], lang: str = "fr", board: bool = True) -> str:
        return elided(render(view, lang, board), lang)


def _owner(view: Mapping[str, Any], k: int) -> int | None:
    accounts = view.get("accounts") or []
    if 0 <= k < len(accounts):
        owner = accounts[k].get("owner")
        return owner if isinstance(owner, int) else None
    return None
