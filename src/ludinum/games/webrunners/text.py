"""How Web Runners speaks: events, actions and views in French (first) and English."""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
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
from ludinum.games.webrunners.content import EFFECTS
from ludinum.games.webrunners.data import (
    BOARD_DATA,
    BRIDGE,
    DAMAGE,
    DECK_DATA,
    MOVE,
    THEME_DATA,
    theme_texts,
)
from ludinum.games.webrunners.lessons import lessons_for
from ludinum.games.webrunners.secret_steps import secret_line
from ludinum.games.webrunners.state import WebRunnersState

CHARACTER_NAMES = {
    "white_hat": ("White Hat", "White Hat"),
    "influenceuse": ("Influenceuse", "Influencer"),
    "cyber_activiste": ("Cyber-activiste", "Cyber-activist"),
    "geekcolo": ("Geekcolo", "Geekcolo"),
}
EFFECT_NAMES = {
    "cyberviolence": ("Cyberviolence", "Cyberviolence"),
    "hacking": ("Hacking", "Hacking"),
    "obsolescence": ("Obsolescence programmée", "Planned obsolescence"),
    "bug": ("Bug", "Bug"),
    "surveillance": ("Surveillance", "Surveillance"),
}
COLOUR_TEXT = {
    "red": ("case rouge : immunité", "red cell: immunity"),
    "yellow": ("case jaune : rejoue", "yellow cell: plays again"),
    "orange": ("case orange : pioche 3 cartes", "orange cell: draws 3 cards"),
    "green": ("case verte : défausse et repioche", "green cell: discards and redraws"),
}
_GLYPH = {0: ("·", "white"), 1: ("R", "red"), 2: ("J", "yellow"), 3: ("O", "dark_orange"),
          4: ("V", "green")}
_GLYPH_EN = {0: "·", 1: "R", 2: "Y", 3: "O", 4: "G"}


def plain_name(card_id: str, lang: str) -> str:
    """A card's printed name alone (« Cyberviolence »), where the sentence already says
    what kind of card it is; the id itself for an unknown card."""
    card = DECK_DATA.get(card_id)
    if card is None:
        return card_id
    return card.name_en if lang == "en" else card.name_fr


@lru_cache(maxsize=1024)
def card_name(card_id: str, lang: str) -> str:
    """A card's name as every text says it (the deck is loaded once: remembered by id and
    language; a seat's text lists its hand on every update, issue 19)."""
    card = DECK_DATA.get(card_id)
    if card is None:
        return card_id
    name = card.name_en if lang == "en" else card.name_fr
    if card.kind == 0:  # a move card says its cells in words (« Déplacement 5 » says it)
        if name.endswith(f" {card.value}"):
            return name
        return f"{name}, {counted(card.value, *_CELLS, lang)}"
    if card.kind == 1:
        return name if card.id == "plain_pont" else _pick(lang, f"{name}, carte PONT",
                                                          f"{name}, bridge card")
    # the family in words, as on the card's face (``card_face``)
    return _pick(lang, f"{name}, attaque" if card.kind == 2 else f"{name}, riposte",
                 f"{name}, attack" if card.kind == 2 else f"{name}, retro-damage")


def message_text(data: Mapping[str, Any], lang: str) -> str:
    """The text of a ``message`` event in ``lang``: the event carries the French, the card
    gives its English (the French where the content has none)."""
    card = DECK_DATA.get(data.get("card")) if lang == "en" else None
    english = card.message_en if card is not None else None
    return english or str(data.get("text", ""))


def seat(p: Any, lang: str) -> str:
    return f"{'Player' if lang == 'en' else 'Joueur'} {int(p) + 1}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _pick(lang: str, fr: str, en: str) -> str:
    return en if lang == "en" else fr


_CARDS = (("carte", "cartes"), ("card", "cards"))
_CELLS = (("case", "cases"), ("cell", "cells"))
_BRIDGE_CARDS = (("carte PONT", "cartes PONT"), ("bridge card", "bridge cards"))
_BARS = (("trait", "traits"), ("bar", "bars"))


#: The one-minute actions (W12) by the name their event gives.
_ONE_MINUTE = {"hacking": "Hacking", "surveillance": "Surveillance"}


def card_list(cards: Sequence[str], lang: str) -> str:
    """Cards named one after the other. A card's name may hold a comma (« Fake news,
    1 case »), so the names are separated by semicolons: « A ; B » (french_spacing puts
    the no-break space before « ; » on screen), "A; B"."""
    return _pick(lang, " ; ", "; ").join(card_name(str(c), lang) for c in cards)


def _swaps(pending: Mapping[str, Any], lang: str) -> str:
    """W8, W9: the cards taken (kept) and given so far, which change hands only at
    « Terminer »: the hands shown meanwhile are unchanged, and a child read the swap as
    lost (« — échange en cours : tu prends A ; tu donnes B »)."""
    taken = pending.get("takes") or pending.get("keeps") or []
    given = pending.get("gives") or []
    if not (taken or given) or pending.get("seat") is None:
        return ""
    keep = "keeps" in pending
    parts = []
    if taken:
        parts.append(_pick(lang, f"tu {'gardes' if keep else 'prends'} ",
                           f"you {'keep' if keep else 'take'} ") + card_list(taken, lang))
    if given:
        parts.append(_pick(lang, "tu donnes ", "you give ") + card_list(given, lang))
    return _pick(lang, " — échange en cours : ", " — swap under way: ") + _pick(
        lang, " ; ", "; ").join(parts)


def _subject(who: str, lang: str, fr: tuple[str, str], en: tuple[str, str]) -> str:
    """« Joueur 2 prend » or, when the event names nobody, the reader: « Tu prends »;
    ``fr`` and ``en`` are the verb's (second person, third person) forms."""
    if who:
        return f"{who} {_pick(lang, fr[1], en[1])}"
    return _pick(lang, f"Tu {fr[0]}", f"You {en[0]}")


#: Why a seat starts (W15), by the option ``first_player``: said with « Léa commence ».
FIRST_PLAYER_WHY = {
    "questions": ("d'après les réponses aux deux questions", "from the answers to the two "
                                                             "questions"),
    "random": ("tiré au sort", "drawn at random"),
    "host": ("à la place 1", "in seat 1"),
}


def session_sentence(winners: Sequence[int], lang: str) -> str:
    """W18: who wins when the session's time is up (together when tied)."""
    if len(winners) == 1:
        who = seat(winners[0], lang)
        return _pick(lang, f"Fin de la séance : {who} est le plus proche du centre et gagne !",
                     f"The session is over: {who} is closest to the centre and wins!")
    names = [seat(p, lang) for p in winners]
    fr = ", ".join(names[:-1]) + " et " + names[-1]
    en = ", ".join(names[:-1]) + " and " + names[-1]
    return _pick(lang, f"Fin de la séance : {fr}, à égalité au plus près du centre, "
                       "gagnent ensemble !",
                 f"The session is over: {en}, tied closest to the centre, win together!")


def where(circle: int, cell: int, lang: str) -> str:
    if circle == 5:
        return _pick(lang, "le centre", "the centre")
    if circle == 4:
        return _pick(lang, f"la case « {cell} » du cercle intérieur",
                     f"cell “{cell}” of the inner circle")
    if circle == 1 and cell == 0:  # the printed board's name of the start cell
        return _pick(lang, "la case départ (START)", "the START cell")
    return _pick(lang, f"la case {cell} du cercle {circle}", f"cell {cell} of circle {circle}")


#: What a damage card does to its target (W8–W11), said on the phones before it happens.
EFFECT_RESULT = {
    "cyberviolence": ("la cible recule à l'entrée de son cercle (départ, sortie du PONT 1 "
                      "ou « 1 »).", "the target goes back to the entry of their circle "
                      "(START, BRIDGE 1 exit or “1”)."),
    "hacking": ("la cible montre sa main ; l'attaquant peut y prendre 2 cartes et en donner "
                "autant.", "the target shows their hand; the attacker may take 2 cards and "
                "give as many."),
    "obsolescence": ("la cible défausse ses cartes 5, 10 et PONT puis en repioche autant.",
                     "the target discards their 5, 10 and bridge cards and draws as many."),
    "bug": ("la cible recule de 1 à 8 cases sur son cercle, au choix de l'attaquant.",
            "the target moves back 1 to 8 cells on their circle, as the attacker chooses."),
    "surveillance": ("personne n'est visé ; celui qui surveille pioche 5 cartes et en garde 2.",
                     "nobody is targeted; whoever surveils draws 5 cards and keeps 2."),
}


@lru_cache(maxsize=1024)
def _card_face(text: WebRunnersText, ident: str, lang: str) -> CardFace | None:
    """A card's face, made once per card and language (drawn on every move, issue 19)."""
    return text._card_face(ident, lang)


#: A button's words per action kind (French, English), ``{c}`` the card's name.
ACTION_TEXTS = {
    "move": ("Jouer {c}", "Play {c}"),
    "stay": ("Rester sur place en défaussant {c}", "Stay, discarding {c}"),
    "cross": ("Franchir le pont", "Cross the bridge"),
    "pay": ("Payer avec {c}", "Pay with {c}"),
    "attack": ("Attaquer avec {c}", "Attack with {c}"),
    "retro": ("Répondre avec {c}", "Answer with {c}"),
    "counter": ("Annuler avec {c}", "Cancel with {c}"),
    "cyberactivist": ("Pouvoir Cyber-activiste : annuler l'attaque",
                      "Cyber-activist power: cancel the attack"),
    "accept": ("Subir l'attaque", "Take the hit"),
    "pass": ("Laisser faire", "Let it happen"),
    "take": ("Prendre {c}", "Take {c}"),
    "keep": ("Garder {c}", "Keep {c}"),
    "give": ("Donner {c}", "Give {c}"),
    "done": ("Terminer", "Done"),
    # W12: the clock's move when the minute runs out; a pupil may also give the action up.
    "timeout": ("Abandonner l'échange", "Give up the exchange"),
    "discard": ("Défausser {c}", "Discard {c}"),
    "whitehat": ("Pouvoir White Hat sur {c}", "White Hat power on {c}"),
    "cancel": ("Annuler", "Cancel"),
    "geekcolo": ("Pouvoir Geekcolo : fouiller la défausse",
                 "Geekcolo power: search the discard"),
    "pick": ("Récupérer {c}", "Take back {c}"),
}


#: Where the terminal's menu lists each kind of choice (``WebRunnersText.rank``): getting
#: nearer the centre first (crossing a bridge, then moving), then attacking and the
#: characters' powers, and last what leaves the pawn where it is or gives an exchange up.
#: Kinds not named keep the middle (the rules list answers before « Subir l'attaque »).
RANKS = {"cross": 0, "move": 1, "attack": 2, "whitehat": 3, "influence": 3, "geekcolo": 3,
         "stay": 9, "timeout": 9}
MIDDLE_RANK = 5


#: A phone's words on a card (``WebRunnersText.button``): the card shows its name, the
#: tap says what it does with it.
BUTTON_TEXTS = {
    "pay": ("Payer le pont", "Pay the bridge"),
    "attack": ("Attaquer", "Attack"),
    "retro": ("Riposter", "Strike back"),
    "counter": ("Annuler l'attaque", "Cancel the attack"),
    "take": ("Prendre", "Take"),
    "keep": ("Garder", "Keep"),
    "give": ("Donner", "Give"),
    "discard": ("Défausser", "Discard"),
    "pick": ("Récupérer", "Take back"),
}


class WebRunnersText(GameText):
    moments = frozenset({"cross", "damage", "retro", "hacked", "power", "win", "round_cap"})
    endings = frozenset({"win", "session_over", "round_cap"})

    def moment(self, event: Event, lang: str = "fr") -> str:
        """The end screen's reminder of a moment: an Obsolescence programmée says how many
        cards it took, not each of them (the journal line lists up to a dozen, card titles
        a teacher would not have read out at the end: « Divulgateur d'un nu »…)."""
        d = event.data
        if event.kind == "damage" and d.get("effect") == "obsolescence":
            who, by = seat(d["seat"], lang), seat(d["by"], lang)
            lost = counted(len(d["lost"]), *_CARDS, lang)
            return _pick(lang, f"Obsolescence programmée de {by} : {who} défausse {lost} et "
                         "en repioche autant.", f"{by}'s planned obsolescence: {who} discards "
                         f"{lost} and draws as many.")
        return self.event(event, lang)

    def secret_step(self, before: Mapping[str, Any], after: Mapping[str, Any],
                    seat: int | None, lang: str = "fr") -> str:
        """A step the table hears nothing of, said as the public views around it show it
        (``secret_steps.py``): a green cell's discard face down (W5, « Joueur 2 défausse
        une carte face cachée (case verte). »), a bridge begun and each card paid (W3),
        White Hat's card shown or taken back, Geekcolo's search of the discard (W13), never
        a card the views do not show. Any other secret step is the engine's line."""
        who = None if seat is None else self.seat_label(seat, lang)
        line = secret_line(before, after, who, lang, plain_name)
        return super().secret_step(before, after, seat, lang) if line is None else line

    def lessons(self, state: State, lang: str = "fr") -> list[Lesson]:
        """4 to 6 cards of real-life advice: the prevention messages of the theme's cards
        the table saw played, then the theme's others (``lessons.py``, W16)."""
        assert isinstance(state, WebRunnersState)
        cards = lessons_for(state.theme, state.played_face_up(), DECK_DATA)
        return in_lang(cards, lang)

    def debrief(
        self, config: GameConfig, events: Sequence[Event], lang: str = "fr"
    ) -> DebriefItems:
        """The game's theme, and the prevention message of every theme card played, once
        each (a card played again after the discard was reshuffled said it twice), headed by
        the card and the character who says it (W16): « Bug — White Hat »."""
        theme = str(config.options.get("theme", ""))
        name = theme_texts(theme, lang)["name"] if theme in THEME_DATA else theme
        messages: dict[tuple[str, str], None] = {}
        for event in events:
            if event.kind == "message":
                speaker = str(event.data.get("speaker"))
                names = CHARACTER_NAMES.get(speaker, (speaker, speaker))
                who = _pick(lang, *names)
                card = event.data.get("card")
                if card is not None:
                    who = f"{plain_name(str(card), lang)} — {who}"
                messages[(who, message_text(event.data, lang))] = None
        return DebriefItems((name,) if name else (), (), tuple(messages))

    # -- words for the web screens' own drawing (issue 21) ----------------------------
    def kit(self, lang: str = "fr") -> dict[str, Any]:
        """What the page's drawing (``games/webrunners/web/board.js``) reads besides the
        views: every card's face, printed name and name as the text says it
        (:func:`card_name`), the characters' names, the damages' names and what each does
        to its target, the themes' names (the text's first line), and what a seat does
        while a decision waits on it."""
        return {
            "faces": {ident: asdict(face) for ident in DECK_DATA.by_id
                      if (face := self.card_face(ident, lang)) is not None},
            "titles": {ident: plain_name(ident, lang) for ident in DECK_DATA.by_id},
            "names": {ident: card_name(ident, lang) for ident in DECK_DATA.by_id},
            "characters": {name: _pick(lang, *names) for name, names in CHARACTER_NAMES.items()},
            "effects": {effect: _pick(lang, *texts) for effect, texts in EFFECT_RESULT.items()},
            "effect_names": {effect: _pick(lang, *names)
                             for effect, names in EFFECT_NAMES.items()},
            "themes": {theme: t["name_en" if lang == "en" else "name_fr"]
                       for theme, t in THEME_DATA.items()},
            # What a seat does while a decision waits on it, as others read it and as the
            # seat deciding reads it (the pending line, :meth:`_pending_line`).
            "doing": {phase: _pick(lang, *texts) for phase, texts in PHASE_TEXT.items()},
            "doing_you": {phase: _pick(lang, *texts)
                          for phase, texts in PHASE_TEXT_YOU.items()},
            "no_answer": {phase: _pick(lang, *texts) for phase, texts in NO_ANSWER.items()},
        }

    def card_face(self, ident: str, lang: str = "fr") -> CardFace | None:
        """A card in hand: a movement card and its number of cells (→), a PONT card (P),
        a damage card and what it does (⚡, W8–W11), a retro card and the damage it sends
        back (↩, W7); a named card shows its speaker's portrait (W16)."""
        return _card_face(self, ident, lang)

    def _card_face(self, ident: str, lang: str) -> CardFace | None:
        card = DECK_DATA.get(ident)
        if card is None:
            return None
        title = card.name_en if lang == "en" else card.name_fr
        portrait = card.speaker or ""
        if card.kind == MOVE:
            cells = _pick(lang, "cases", "cells") if card.value > 1 else _pick(lang, "case",
                                                                              "cell")
            return CardFace(title=title, symbol="→", tone="blue", family=_pick(
                lang, "Déplacement", "Movement"), value=f"{card.value} {cells}",
                text=_pick(lang, f"Avance de {card.value} {cells}.",
                           f"Moves {card.value} {cells} on."), portrait=portrait)
        if card.kind == BRIDGE:
            return CardFace(title=title, symbol="P", tone="yellow", family=_pick(
                lang, "Carte PONT", "Bridge card"), text=_pick(
                lang, "Paie le passage d'un pont.", "Pays to cross a bridge."),
                portrait=portrait)
        effect = self.effect_name(EFFECTS[card.effect], lang)
        if card.kind == DAMAGE:
            return CardFace(title=title, symbol="⚡", tone="red", family=_pick(
                lang, "Attaque", "Attack"), text=_sentence(self.effect_result(
                EFFECTS[card.effect], lang)), portrait=portrait)
        return CardFace(title=title, symbol="↩", tone="green", family=_pick(
            lang, "Riposte", "Retro-damage"), text=_pick(
            lang, f"Renvoie « {effect} » à qui te l'inflige.",
            f"Sends “{effect}” back to whoever inflicts it."), portrait=portrait)

    def effect_name(self, effect: object, lang: str = "fr") -> str:
        names = EFFECT_NAMES.get(str(effect))
        return "" if names is None else _pick(lang, *names)

    def effect_result(self, effect: object, lang: str = "fr") -> str:
        texts = EFFECT_RESULT.get(str(effect))
        return "" if texts is None else _pick(lang, *texts)

    def event(self, event: Event, lang: str = "fr") -> str:
        d = event.data
        k = event.kind
        who = seat(d["seat"], lang) if "seat" in d and d["seat"] is not None else ""
        if k == "move":
            return _pick(lang, f"{who} joue la carte « {card_name(d['card'], lang)} » et va sur "
                         f"{where(d['circle'], d['cell'], lang)}.",
                         f"{who} plays the card “{card_name(d['card'], lang)}” and moves to "
                         f"{where(d['circle'], d['cell'], lang)}.")
        if k == "cross":
            bars = counted(d["bars"], *_BARS, lang)
            return _pick(lang, f"{who} franchit un pont à {bars} et arrive sur "
                         f"{where(d['circle'], d['cell'], lang)}.",
                         f"{who} crosses a {d['bars']}-bar bridge to "
                         f"{where(d['circle'], d['cell'], lang)}.")
        if k == "win":
            return _pick(lang, f"{who} atteint le centre et gagne la partie !",
                         f"{who} reaches the centre and wins the game!")
        if k == "session_over":  # W18
            return session_sentence(d["winners"], lang)
        if k == "round_cap":
            return _pick(lang, f"Limite de {d['rounds']} tours atteinte : pas de gagnant.",
                         f"The {d['rounds']}-round limit is reached: no winner.")
        if k == "turn":
            return _pick(lang, f"{who} rejoue." if d["again"] else f"À {who} de jouer.",
                         f"{who} plays again." if d["again"] else f"{who} to play.")
        if k == "stay":
            return _pick(lang, f"{who} reste sur place, défausse une carte et en pioche une.",
                         f"{who} stays put, discards a card and draws one.")
        if k == "draw":
            names = card_list(d["cards"], lang)
            if d.get("discarded"):  # a green cell's redraw (W5): what went face down too
                gone = card_list(d["discarded"], lang)
                return _pick(lang, f"Tu défausses : {gone}. Tu pioches : {names}.",
                             f"You discard: {gone}. You draw: {names}.")
            return _pick(lang, f"Tu pioches : {names}.", f"You draw: {names}.")
        if k == "reshuffle":
            return _pick(lang, "La pioche est vide : la défausse est mélangée pour la remplacer.",
                         "The draw pile is empty: the discard is shuffled into a new one.")
        if k == "colour":
            # « Case verte pour Léa : défausse et repioche. » (« Léa : case verte :
            # défausse et repioche. » read as two labels in a row)
            head, _, tail = COLOUR_TEXT[d["colour"]][1 if lang == "en" else 0].partition(":")
            head = head.strip()
            return (f"{head[0].upper()}{head[1:]} for {who}:{tail}." if lang == "en" else
                    f"{head[0].upper()}{head[1:]} pour {who} :{tail}.")
        if k == "message":
            speaker = CHARACTER_NAMES[d["speaker"]][1 if lang == "en" else 0]
            name = card_name(d["card"], lang)
            # Plain text (no rich markup): the terminal escapes events and the web log and
            # replays show them as they are.
            if lang == "en":
                return f"{speaker} ({name}): “{message_text(d, lang)}”"
            return f"{speaker} ({name}) : « {d['text']} »"
        if k == "attack":
            name = plain_name(d["card"], lang)
            return _pick(lang, f"{who} attaque avec la carte « {name} ».",
                         f"{who} attacks with the card “{name}”.")
        if k == "target":
            return _pick(lang, f"{who} vise {seat(d['target'], lang)}.",
                         f"{who} targets {seat(d['target'], lang)}.")
        if k == "accept":
            return _pick(lang, f"{who} subit l'attaque.", f"{who} takes the hit.")
        if k == "retro":
            return _pick(lang, f"{who} répond avec {card_name(d['card'], lang)} : retour à "
                         f"l'envoyeur !", f"{who} answers with {card_name(d['card'], lang)}: "
                         "return to sender!")
        if k == "pass":
            return _pick(lang, f"{who} laisse faire.", f"{who} lets it happen.")
        if k == "damage":
            return self._damage(d, who, lang)
        if k in ("shown", "discard_shown"):
            names = card_list(d.get("hand", d.get("cards", [])), lang)
            return _pick(lang, f"Cartes montrées : {names or 'aucune'}.",
                         f"Cards shown: {names or 'none'}.")
        if k == "stolen":  # W13 Influenceuse: told to the two seats concerned only
            card = card_name(d["card"], lang)
            victim = seat(d["target"], lang)
            return _pick(lang, f"{who} prélève « {card} » dans la main de {victim}.",
                         f"{who} takes “{card}” from {victim}'s hand.")
        if k in ("take", "give") and who:
            # The card of the public line just before it (« Léa prend une carte. »), told
            # to the seats that may know it: a detail, not a second card taken (W8, W9).
            card = card_name(d["card"], lang)
            if k == "take":
                return _pick(lang, f"Carte prise : « {card} ».", f"Card taken: “{card}”.")
            return _pick(lang, f"Carte donnée : « {card} ».", f"Card given: “{card}”.")
        if k in ("take", "give", "picked"):
            # (tu, il) and (you, they) forms: « Tu récupères », « Joueur 2 récupère ».
            verb_fr, verb_en = {"take": (("prends", "prend"), ("take", "takes")),
                                "give": (("donnes", "donne"), ("give", "gives")),
                                "picked": (("récupères", "récupère"),
                                           ("take back", "takes back"))}[k]
            card = card_name(d["card"], lang)
            return f"{_subject(who, lang, verb_fr, verb_en)} {card}."
        if k == "exchange_step":
            if d.get("step") == "give":
                return _pick(lang, f"{who} donne une carte en échange.",
                             f"{who} gives a card in exchange.")
            return _pick(lang, f"{who} prend une carte.", f"{who} takes a card.")
        if k == "hacked":
            by = seat(d["by"], lang)
            return _pick(lang, f"{by} a échangé {counted(d['cards'], *_CARDS, lang)} avec "
                         f"{who}.", f"{by} swapped {counted(d['cards'], *_CARDS, lang)} with "
                         f"{who}.")
        if k == "surveillance":
            cards = counted(d["cards"], *_CARDS, lang)
            return _pick(lang, f"{who} pioche {cards} (Surveillance).",
                         f"{who} draws {cards} (Surveillance).")
        if k == "surveilled":
            kept = counted(d["kept"], *_CARDS, lang)
            return _pick(lang, f"{who} garde {kept}.", f"{who} keeps {kept}.")
        if k == "cancelled":
            # Given up, or the minute ran out (W12): the same end, said for both.
            name = _ONE_MINUTE.get(str(d.get("action")), str(d.get("action")))
            return _pick(lang, f"L'action « {name} » de {who} est annulée.",
                         f"{who}'s {name} action is cancelled.")
        if k == "green_done":
            # The whole green cell in one line (W5): how many cards went face down, never
            # which (the player's own line of the draw names them).
            n = d["cards"]
            if not n:
                return _pick(lang, f"{who} garde toutes ses cartes.",
                             f"{who} keeps all their cards.")
            cards = counted(n, *_CARDS, lang)
            return _pick(lang, f"{who} défausse {cards} et en repioche {n}.",
                         f"{who} discards {cards} and draws {n} back.")
        if k == "power":
            return self._power(d, who, lang)
        if k == "answered":
            return _pick(lang, f"{who} a répondu.", f"{who} has answered.")
        if k == "first_player":
            # How they were chosen (W15), never what anyone answered.
            why = FIRST_PLAYER_WHY.get(str(d.get("how")))
            if why is None:
                return _pick(lang, f"{who} commence.", f"{who} starts.")
            return _pick(lang, f"{who} commence ({why[0]}).", f"{who} starts ({why[1]}).")
        if k == "characters":
            names = ", ".join(CHARACTER_NAMES[c][1 if lang == "en" else 0]
                              for c in d["characters"])
            return _pick(lang, f"Personnages : {names}.", f"Characters: {names}.")
        if k == "character":
            name = CHARACTER_NAMES[d["character"]][1 if lang == "en" else 0]
            return _pick(lang, f"{who} choisit {name}.", f"{who} chooses {name}.")
        return f"{k} {dict(d)}"

    def _power(self, d: Mapping[str, Any], who: str, lang: str) -> str:
        """A character's power (W13), with what the table saw: on whom the Influenceuse
        draws, how a White Hat card is played, whose attack the Cyber-activiste cancels."""
        power = str(d["power"])
        name = CHARACTER_NAMES[power][1 if lang == "en" else 0]
        fr, en = f"{who} utilise le pouvoir {name}", f"{who} uses the {name} power"
        if power == "influenceuse" and d.get("target") is not None:
            target = seat(d["target"], lang)
            # What it does, for the whole table (W13); which card, for the two only.
            return _pick(lang, f"{fr} sur {target} : une carte de sa main, prise au hasard, "
                               "passe dans la sienne.",
                         f"{en} on {target}, taking a random card from their hand.")
        if power == "white_hat" and d.get("card") is not None:
            card = card_name(str(d["card"]), lang)
            value = int(d.get("value") or 0)
            if value:
                cells = counted(value, *_CELLS, lang)
                return _pick(lang, f"{fr} : « {card} » compte pour {cells}.",
                             f"{en}: “{card}” counts as {cells}.")
            return _pick(lang, f"{fr} : « {card} » compte comme une carte PONT.",
                         f"{en}: “{card}” counts as a bridge card.")
        if power == "cyber_activiste" and d.get("attacker") is not None:
            attacker = seat(d["attacker"], lang)
            return _pick(lang, f"{fr} : l'attaque de {attacker} est annulée.",
                         f"{en}: {attacker}'s attack is cancelled.")
        return f"{fr}." if lang != "en" else f"{en}."

    def _damage(self, d: Mapping[str, Any], who: str, lang: str) -> str:
        effect = d["effect"]
        if effect == "cyberviolence":
            return _pick(lang, f"{who} retourne sur {where(d['circle'], d['cell'], lang)}.",
                         f"{who} goes back to {where(d['circle'], d['cell'], lang)}.")
        if effect == "bug":  # W10: never below the circle's entry cell
            to = where(d["circle"], d["cell"], lang)
            moved = int(d.get("moved", d["cells"]))
            if moved == 0:
                return _pick(lang, f"{who} ne recule pas : {to} est l'entrée de son "
                             "cercle.", f"{who} does not move back: {to} is the entry of "
                             "their circle.")
            cells = counted(moved, *_CELLS, lang)
            return _pick(lang, f"{who} recule de {cells}, jusqu'à {to}.",
                         f"{who} moves back {cells} to {to}.")
        lost = card_list(d["lost"], lang) or _pick(lang, "rien", "nothing")
        return _pick(lang, f"{who} montre sa main et défausse : {lost}.",
                     f"{who} shows their hand and discards: {lost}.")

    def action(self, action: Action, view: Mapping[str, Any], lang: str = "fr") -> str:
        k = action.kind
        card = action.get("card")
        name = card_name(str(card), lang) if card is not None else ""
        if k == "move" and card is not None:
            return self._move_choice(name, _value(str(card)), view, lang)
        if k == "cross":
            return self._cross_choice(view, lang)
        if k == "stay" and card is None:
            return _pick(lang, "Main vide : piocher une carte", "Empty hand: draw a card")
        if k == "give" and view.get("phase") == "surveil":
            # W9: in Surveillance what is given back goes to the discard, to nobody.
            return _pick(lang, f"Défausser {name} en échange", f"Discard {name} in exchange")
        if k == "attack" and card is not None:  # the card's name alone: « attaque » is said
            title = plain_name(str(card), lang)
            return _pick(lang, f"Attaquer avec « {title} »", f"Attack with “{title}”")
        if k == "done" and view.get("phase") == "green":  # say what ending does
            n = int((view.get("pending") or {}).get("discarded") or 0)
            if not n:
                return _pick(lang, "Garder toutes mes cartes", "Keep all my cards")
            cards = counted(n, *_CARDS, lang)
            return _pick(lang, f"Terminer : repiocher {cards}", f"Done: draw {cards} back")
        if k in ACTION_TEXTS:
            fr, en = ACTION_TEXTS[k]
            return _pick(lang, fr, en).format(c=name)
        if k == "target":
            return _pick(lang, "Viser ", "Target ") + seat(action.number("seat"), lang)
        if k == "influence":
            return _pick(lang, "Pouvoir Influenceuse sur ", "Influencer power on ") + seat(
                action.number("seat"), lang)
        if k == "distance":
            n = action.number("cells")
            cells = counted(n, *_CELLS, lang)
            head = _pick(lang, f"Faire reculer de {cells}", f"Move back {cells}")
            back = _pushed_back(view, n)
            return head if back is None else f"{head} → {_cell_label(*back, lang)}"
        if k == "convert":
            to = action.word("to")
            if to == "bridge":
                return _pick(lang, "La jouer comme une carte PONT", "Play it as a bridge card")
            return self._move_choice(
                _pick(lang, "la carte", "the card"), int(to[1:]), view, lang,
                _pick(lang, "La jouer comme {v}", "Play it as {v}"))
        if k == "accounts":
            n = action.number("n")
            if n == 0:
                return _pick(lang, "Aucun compte sur les réseaux sociaux",
                             "No social-network account")
            more = _pick(lang, " ou plus", " or more") if n == 10 else ""  # 10: 10 or more
            accounts = counted(n, ("compte", "comptes"), ("social-network account",
                                                          "social-network accounts"), lang)
            return _pick(lang, f"{accounts}{more} sur les réseaux sociaux", f"{accounts}{more}")
        if k == "phone":
            age = action.number("age")
            if age == 0:
                return _pick(lang, "Pas encore de téléphone", "No phone yet")
            return _pick(lang, f"Premier téléphone à {age} ans", f"First phone at {age}")
        if k == "character":
            names = CHARACTER_NAMES.get(action.word("name"), ("?", "?"))
            return _pick(lang, f"Choisir {names[0]}", f"Choose {names[1]}")
        return action.to_text()

    def rank(self, action: Action, view: Mapping[str, Any]) -> int:
        return RANKS.get(action.kind, MIDDLE_RANK)

    def button(self, action: Action, view: Mapping[str, Any], lang: str = "fr") -> str:
        """What a tap on a card does, for the phone that draws the card with its name
        (« Avancer de 5 → case 12 », not « Jouer Identité numérique, 5 cases : avancer de
        5 → cercle 1, case 12 »): short enough to read aloud. Staying in place and White
        Hat's power are buttons under the hand (no card drawn): they keep the card's
        name, which tells one from another; so do the terminal's labels (:meth:`action`)."""
        k = action.kind
        card = action.get("card")
        if card is None or k in ("stay", "whitehat"):
            if k == "convert" and action.word("to") != "bridge":
                return self._move_choice("", int(action.word("to")[1:]), view, lang,
                                         _pick(lang, "La jouer comme {v}", "Play it as {v}"),
                                         short=True)
            if k == "stay" and card is not None:  # under « rester sur place en défaussant »
                return _pick(lang, "Défausser {c}", "Discard {c}").format(
                    c=card_name(str(card), lang))
            return self.action(action, view, lang)
        if k == "move":
            return self._move_choice("", _value(str(card)), view, lang,
                                     _pick(lang, "Avancer de {v}", "Move {v}"), short=True)
        if k == "give" and view.get("phase") == "surveil":  # W9: to the discard
            return _pick(lang, "Défausser en échange", "Discard in exchange")
        fr, en = BUTTON_TEXTS.get(k, ACTION_TEXTS.get(k, ("", "")))
        return _pick(lang, fr, en).format(c=card_name(str(card), lang)) or self.action(
            action, view, lang)

    def button_key(self, action: Action, view: Mapping[str, Any]) -> Hashable | None:
        """A card discarded says its name alone, a card's move where it lands
        (:meth:`button`); the rest is written each time."""
        card = action.get("card")
        if card is None:
            return None
        if action.kind == "stay":
            return ()
        if action.kind == "move":
            return _landing(view, _value(str(card)))
        return None

    def asked(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """W15's two questions that choose who starts, as the projector asks them: their
        answers alone (« Aucun compte sur les réseaux sociaux »…) do not say it."""
        phase = view.get("phase")
        if phase == "setup_accounts":
            return _pick(lang, "Qui commence ? Question 1 sur 2 : combien as-tu de comptes sur "
                               "les réseaux sociaux ? Chacun répond en secret : celui ou celle "
                               "qui a le moins de comptes commence.",
                         "Who starts? Question 1 of 2: how many social-network accounts do you "
                         "have? Everyone answers in secret: the player with the fewest "
                         "accounts starts.")
        if phase == "setup_phone":
            return _pick(lang, "Qui commence ? Question 2 sur 2 : à quel âge as-tu eu ton "
                               "premier téléphone ? Chacun répond en secret : en cas d'égalité "
                               "à la première question, celui ou celle qui l'a eu le plus tard "
                               "commence.",
                         "Who starts? Question 2 of 2: how old were you when you got your "
                         "first phone? Everyone answers in secret: if the first question ends "
                         "in a tie, whoever got their first phone last starts.")
        return ""

    def turn(self, view: Mapping[str, Any]) -> int | None:
        """The round the board's line counts (« tour 12 »); round 0 is the set-up (W15's
        questions, the characters), which no line counts."""
        return int(view["round"]) or None

    def ending(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The rule that decided: the centre reached (the first pawn on it wins at once:
        said as the rule, since the result names the winner and the standings say « le
        centre »), the session's time up (W18) or the round limit."""
        if view.get("winner") is not None:
            return _pick(lang, "Le premier pion arrivé au centre gagne.",
                         "The first pawn to reach the centre wins.")
        if view.get("session_winners") is not None:
            return _pick(lang, "Le temps de la séance est écoulé : le plus proche du centre "
                               "gagne.", "The session's time is up: the closest to the centre "
                                         "wins.")
        if view.get("capped"):
            n = view["max_rounds"]
            return _pick(lang, f"Limite de {n} tours atteinte : personne n'a atteint le centre.",
                         f"Limit of {n} rounds reached: nobody reached the centre.")
        return ""

    def standings(self, view: Mapping[str, Any], lang: str = "fr") -> list[str] | None:
        """A race's end: where each pawn stopped (« le centre », « la case 5 du cercle
        2 »), not scores of 0 and 1."""
        pawns = view.get("pawns")
        if not pawns:
            return None
        # each number bound to the word before it: the end screen's narrow column in large
        # type wrapped « la case 0 du cercle / 3 »
        return [re.sub(r" (?=\d)", "\u00a0", where(int(circle), int(cell), lang))
                for circle, cell in pawns]

    def session_rule(self, lang: str = "fr") -> str:
        return _pick(lang, "À la fin de la séance, le plus proche du centre gagne.",
                     "When the session ends, the player closest to the centre wins.")

    def view(self, view: Mapping[str, Any], lang: str = "fr", board: bool = True) -> str:
        lines: list[str] = []
        theme = THEME_DATA[view["theme"]]
        # The round limit is a safety bound (option max_rounds), not the game's length.
        # Round 0 is the set-up (W15's questions, the characters): no « tour 0 ».
        when = f" — {_pick(lang, 'tour', 'round')} {view['round']}" if view["round"] else ""
        lines.append(f"[bold]Web Runners[/bold] — {theme['name_en' if lang == 'en' else 'name_fr']}"
                     f"{when}")
        if board:
            lines.extend(self._board_and_seats(view, lang))
        else:
            lines.extend(self._seat_line(view, p, lang, used=True)
                         for p in range(view["players"]))
        top = view["discard_top"]
        lines.append(_pick(lang, "Pioche : ", "Draw pile: ") + str(view["draw_size"])
                     + _pick(lang, " — défausse : ", " — discard: ") + str(view["discard_size"])
                     + (f" ({card_name(top, lang)})" if top else ""))
        # The terminal (``board``) leaves the hand out when its choices name every card of
        # it: on one's own turn each card can be discarded to stay put (W4), and the hand
        # said above them again took three of a terminal's 24 rows.
        named = (board and view.get("phase") == "main" and view.get("current") == view.get("you")
                 and not view.get("pending") and bool(view.get("hand")))
        if "hand" in view and not named:
            hand = card_list(view["hand"], lang) or "—"
            lines.append(_pick(lang, "Ta main : ", "Your hand: ") + hand)
        pending = view.get("pending")
        if pending:
            lines.append(self._pending_line(pending, view["phase"], lang, view.get("you")))
        said = self.result(view, lang)
        if said:
            lines.append(said)
        return "\n".join(lines)

    def result(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The view's last line once the game is over: the winner, the session's end
        (W18) or the round limit."""
        if view["winner"] is not None:
            return _pick(lang, f"{seat(view['winner'], lang)} a gagné !",
                         f"{seat(view['winner'], lang)} has won!")
        if view.get("session_winners") is not None:
            return session_sentence(view["session_winners"], lang)
        if view["capped"]:
            return _pick(lang, "Partie arrêtée : limite de tours.",
                         "Game stopped: round limit.")
        return ""

    def _board_and_seats(self, view: Mapping[str, Any], lang: str) -> list[str]:
        """The terminal's board: its legend, the circles with the seats beside them (a
        terminal has 24 rows), the inner circle, then what does not fit beside them: the
        powers already used, what « * » means when a cell shows it. The seats one under
        the other when they do not fit 80 columns beside the circles."""
        drawn = self._board_lines(view["pawns"], lang)
        circles, rest = drawn[1:-1], drawn[-1:]
        if any("*" in line for line in circles):
            rest.append(_pick(lang, "[dim]* = plusieurs pions sur la case[/dim]",
                              "[dim]* = several pawns on the cell[/dim]"))
        players = range(view["players"])
        short = [self._seat_line(view, p, lang, used=False) for p in players]
        used = [seat(p, lang) for p in players if view["powers_used"][p]]
        power = (_pick(lang, "Pouvoir déjà utilisé : ", "Power already used: ")
                 + ", ".join(used)) if used else ""
        left = max(_cells(line) for line in circles) + 3
        if left + max(_cells(line) for line in short) > 80:
            return [drawn[0], *circles, *rest,
                    *(self._seat_line(view, p, lang, used=True) for p in players)]
        if power and left + _cells(power) <= 80 and len(short) < len(circles):
            short.append(power)  # beside a circle too
        elif power:
            rest.insert(0, power)
        rows = max(len(circles), len(short))
        circles += [""] * (rows - len(circles))
        short += [""] * (rows - len(short))
        side = [(a + " " * (left - _cells(a)) + b).rstrip()
                for a, b in zip(circles, short, strict=True)]
        return [drawn[0], *side, *rest]

    @staticmethod
    def _seat_line(view: Mapping[str, Any], p: int, lang: str, used: bool) -> str:
        """« ▶ Joueur 1 — Geekcolo (pouvoir utilisé) — 6 cartes »; ``used`` False leaves
        the power out (the terminal says it on a line of its own)."""
        char = view["characters"][p]
        name = CHARACTER_NAMES[char][1 if lang == "en" else 0] if char else _pick(
            lang, "personnage à venir", "character not chosen yet")
        power = (_pick(lang, " (pouvoir utilisé)", " (power used)")
                 if used and view["powers_used"][p] else "")
        # nobody's turn once the game is over
        mark = "▶ " if p == view["current"] and view.get("phase") != "over" else "  "
        size = view["hand_sizes"][p]
        cards = _pick(lang, "carte" if size < 2 else "cartes", "card" if size == 1 else "cards")
        return f"{mark}{seat(p, lang)} — {name}{power} — {size} {cards}"

    def _board_lines(self, pawns: list[list[int]], lang: str) -> list[str]:
        """The four circles as text, pawns on them (the SVG board draws the same)."""
        lines = [_pick(
            lang,
            "[dim]S = START, R = immunité, J = rejouer, O = piocher 3, V = défausser, "
            "1-3 = pont[/dim]",
            "[dim]S = START, R = immunity, Y = play again, O = draw 3, G = discard, "
            "1-3 = bridge[/dim]",
        )]
        for circle in range(3):
            lines.extend(self._circle_lines(circle, pawns, lang))
        # The inner circle's cells are numbers too: a pawn is written apart from its cell
        # (« « 1 » (J3) », not « « 1 »3 », which reads 13).
        tag = _pick(lang, "J", "P")
        cells = []
        for num in (1, 2, 5, 10):
            here = " ".join(f"{tag}{p + 1}" for p, (c, cell) in enumerate(pawns)
                            if c == 4 and cell == num)
            label = _pick(lang, f"« {num} »", f"“{num}”")
            cells.append(f"{label} ({here})" if here else label)
        centre = " ".join(f"{tag}{p + 1}" for p, (c, _) in enumerate(pawns) if c == 5)
        lines.append(_pick(lang, "Cercle intérieur : ", "Inner circle: ") + "  ".join(cells)
                     + _pick(lang, "   Centre : ", "   Centre: ") + (centre or "—"))
        return lines

    def _circle_lines(self, circle: int, pawns: list[list[int]], lang: str) -> list[str]:
        colours = BOARD_DATA.colours[circle]
        cells = []
        for i, colour in enumerate(colours):
            glyph, style = _GLYPH[colour]
            if lang == "en":
                glyph = _GLYPH_EN[colour]
            if circle == 0 and i == BOARD_DATA.entries[0]:
                glyph, style = "S", "bold"
            bridge = BOARD_DATA.bridge_at.get((circle, i))
            if bridge is not None:
                glyph = str(bridge.bars)
                style = "bold cyan"
            cells.append(f"[{style}]{glyph}[/{style}]")
        row = "".join(cells)
        marks = [" "] * len(colours)
        for p, (c, cell) in enumerate(pawns):
            if c == circle + 1:
                marks[cell] = str(p + 1) if marks[cell] == " " else "*"
        label = _pick(lang, f"Cercle {circle + 1} : ", f"Circle {circle + 1}: ")
        # The pawns' line under the circle only when a pawn is on it (a terminal has 24 rows).
        under = "".join(marks).rstrip()
        return [label + row, " " * len(label) + under] if under else [label + row]

    def _pending_line(self, pending: Mapping[str, Any], phase: str, lang: str,
                      you: int | None = None) -> str:
        """What the pending decision is; the seat deciding reads it with « tu » (« Tu
        choisis ta cible », not « Joueur 1 choisit sa cible » above its own choices)."""
        who = seat(pending["seat"], lang) if pending.get("seat") is not None else ""
        mine = you is not None and pending.get("seat") == you
        attack = pending.get("attack")
        if attack:
            effect = EFFECT_NAMES[attack["effect"]][1 if lang == "en" else 0]
            text = _pick(lang, f"Attaque en cours : {effect} de {seat(attack['by'], lang)}",
                         f"Attack under way: {effect} by {seat(attack['by'], lang)}")
            if attack["target"] is not None:
                text += _pick(lang, f" contre {seat(attack['target'], lang)}",
                              f" against {seat(attack['target'], lang)}")
        else:
            text = ""
        extra = ""
        if "shown" in pending:
            extra = _pick(lang, " — main adverse : ", " — opponent's hand: ") + card_list(
                pending["shown"], lang)
        if "cards" in pending:
            extra = _pick(lang, " — cartes piochées : ", " — cards drawn: ") + card_list(
                pending["cards"], lang)
        if "discard" in pending:
            extra = _pick(lang, " — défausse : ", " — discard: ") + card_list(
                pending["discard"], lang)
        if mine:
            extra += _swaps(pending, lang)
        doing = (PHASE_TEXT_YOU if mine else PHASE_TEXT).get(phase)
        if pending.get("answers") is False and phase in NO_ANSWER:
            # Only in the deciding seat's own view (views.py): its window opened whatever
            # its hand holds (W7, W9), and it holds no answer.
            waiting = _pick(lang, *NO_ANSWER[phase])
        elif who and phase == "hack" and pending.get("victim") is not None:
            # W8: whose hand the hacker looks at (the victim, or the attacker a
            # Contre-hacking sends it back to)
            victim = seat(pending["victim"], lang)
            waiting = (_pick(lang, f"Tu regardes la main de {victim} et échanges des cartes",
                             f"You look at {victim}'s hand and swap cards") if mine else
                       _pick(lang, f"{who} regarde la main de {victim} et échange des cartes",
                             f"{who} looks at {victim}'s hand and swaps cards"))
        elif who and doing:
            waiting = _pick(lang, *doing) if mine else f"{who} {_pick(lang, *doing)}"
        elif who:
            waiting = (_pick(lang, "À toi de jouer", "Your turn") if mine else
                       _pick(lang, f"À {who} de jouer", f"{who} to play"))
        else:
            waiting = _pick(lang, "En attente des réponses", "Waiting for answers")
        return f"[italic]{waiting}[/italic]" + (f". {text}" if text else "") + extra + "."

    def _move_choice(self, name: str, value: int, view: Mapping[str, Any], lang: str,
                     label: str = "", short: bool = False) -> str:
        """« Jouer X (2) : avancer de 2 → cercle 1, case 7 (jaune : rejouer) »: where the
        pawn lands and what the cell does; ``short``: the cell without its circle (a
        move stays on it, W4), for a phone's card."""
        landing = _landing(view, value)
        # « Jouer Fake news, 1 case → … », not « … 1 case : avancer de 1 → … »: the card's
        # name says how far it goes.
        says = re.search(rf"\b{value} (cases?|cells?)$", name) is not None
        head = (label.format(v=value) if label else
                _pick(lang, f"Jouer {name}", f"Play {name}") if says else
                _pick(lang, f"Jouer {name} : avancer de {value}",
                      f"Play {name}: move {value}"))
        if landing is None:
            return head
        cell = (_short_cell if short else _cell_label)(landing[0], landing[1], lang)
        return f"{head} → {cell}"

    def _cross_choice(self, view: Mapping[str, Any], lang: str) -> str:
        circle, cell = _pawn(view)
        if circle == 4:
            bars = BOARD_DATA.centre_bars.get(cell, 0)
            cards = counted(bars, *_BRIDGE_CARDS, lang)
            return _pick(lang, f"Franchir le pont ({cards}) → le centre : victoire",
                         f"Cross the bridge ({cards}) → the centre: victory")
        bridge = BOARD_DATA.bridge_at.get((circle - 1, cell))
        if bridge is None:
            return _pick(lang, "Franchir le pont", "Cross the bridge")
        cards = counted(bridge.bars, *_BRIDGE_CARDS, lang)
        return _pick(lang, f"Franchir le pont ({cards})", f"Cross the bridge ({cards})") + (
            f" → {_cell_label(circle + 1, bridge.exit, lang)}")


#: What the seat in a pending decision is doing (never the internal phase name).
PHASE_TEXT = {
    "pay": ("choisit les cartes PONT à jouer", "chooses the bridge cards to play"),
    "convert": ("choisit la valeur de sa carte (White Hat)",
                "chooses the card's value (White Hat)"),
    "target": ("choisit sa cible", "chooses a target"),
    "respond": ("peut répondre à l'attaque", "may answer the attack"),
    "distance": ("choisit de combien de cases faire reculer",
                 "chooses how many cells to move back"),
    "surveil": ("choisit les cartes à garder", "chooses the cards to keep"),
    "green": ("défausse et repioche (case verte)", "discards and redraws (green cell)"),
    "geek": ("fouille la défausse (Geekcolo)", "searches the discard (Geekcolo)"),
    "setup_character": ("choisit son personnage", "chooses a character"),
}
#: The same, read by the seat deciding (a whole sentence: « Tu choisis ta cible »).
PHASE_TEXT_YOU = {
    "pay": ("Tu choisis les cartes PONT à jouer", "You choose the bridge cards to play"),
    "convert": ("Tu choisis la valeur de ta carte (White Hat)",
                "You choose the card's value (White Hat)"),
    "target": ("Tu choisis ta cible", "You choose a target"),
    "respond": ("Tu peux répondre à l'attaque", "You may answer the attack"),
    "distance": ("Tu choisis de combien de cases faire reculer",
                 "You choose how many cells to move back"),
    "surveil": ("Tu choisis les cartes à garder", "You choose the cards to keep"),
    "green": ("Tu défausses et repioches (case verte)", "You discard and redraw (green cell)"),
    "geek": ("Tu fouilles la défausse (Geekcolo)", "You search the discard (Geekcolo)"),
    "setup_character": ("Tu choisis ton personnage", "You choose a character"),
}
#: The seat in a response window (W7) or the Surveillance's (W9) that holds no answer:
#: its window opened all the same, so that nobody learns what its hand holds.
NO_ANSWER = {
    "respond": ("Tu n'as pas de carte pour répondre à l'attaque",
                "You have no card to answer the attack"),
    "window": ("Tu n'as pas de carte pour contrer la Surveillance",
               "You have no card to counter the Surveillance"),
}
_COLOUR_SHORT = {
    2: ("jaune : rejouer", "yellow: play again"),
    3: ("orange : piocher 3 cartes", "orange: draw 3 cards"),
    4: ("verte : défausser et repiocher", "green: discard and redraw"),
    1: ("rouge : immunité", "red: immunity"),
}


@lru_cache(maxsize=1024)
def _cells(markup: str) -> int:
    """The printed width of a line of markup (a board's line, a seat's)."""
    from rich.text import Text

    return Text.from_markup(markup).cell_len


def _value(card_id: str) -> int:
    card = DECK_DATA.get(card_id)
    return card.value if card is not None else 0


def _pawn(view: Mapping[str, Any]) -> tuple[int, int]:
    seat_ = view.get("you")
    if seat_ is None:
        seat_ = view.get("current", 0)
    circle, cell = view["pawns"][int(seat_)]
    return int(circle), int(cell)


def _landing(view: Mapping[str, Any], value: int) -> tuple[int, int] | None:
    """Circle (1-4) and cell a movement of ``value`` reaches (W4), None if it cannot."""
    if "pawns" not in view or value <= 0:
        return None
    circle, cell = _pawn(view)
    if circle <= 3:
        return circle, (cell + value) % BOARD_DATA.sizes[circle - 1]
    if circle == 4:
        to = BOARD_DATA.inner_moves.get((cell, value))
        return None if to is None else (4, to)
    return None


def _pushed_back(view: Mapping[str, Any], cells: int) -> tuple[int, int] | None:
    """Circle (1-4) and cell a Bug (or Débug) of ``cells`` sends its victim to (W10: back
    on the same circle, never below its entry cell), from the pending attack of ``view``:
    the choices name where the pawn stops, so that « 8 cases » 3 cells from START says
    START. None when the view does not tell."""
    attack = (view.get("pending") or {}).get("attack") or {}
    victim = attack.get("by") if attack.get("returned_by") is not None else attack.get("target")
    if victim is None or "pawns" not in view:
        return None
    circle, cell = (int(x) for x in view["pawns"][int(victim)])
    if circle == 4:
        return 4, 1
    if not 1 <= circle <= 3:
        return None
    size, entry = BOARD_DATA.sizes[circle - 1], BOARD_DATA.entries[circle - 1]
    progress = (cell - entry) % size
    return circle, (entry + max(0, progress - cells)) % size


@lru_cache(maxsize=512)
def _short_cell(circle: int, cell: int, lang: str) -> str:
    """:func:`_cell_label` without the circle, which a move or a Bug never leaves (W4,
    W10): « case 7 (jaune : rejouer) », « case « 3 » » on the inner circle, START."""
    label = _cell_label(circle, cell, lang)
    if circle == 4:
        return label.replace(_pick(lang, "cercle intérieur, ", "inner circle, "), "", 1)
    return label.replace(_pick(lang, f"cercle {circle}, ", f"circle {circle}, "), "", 1)


@lru_cache(maxsize=512)
def _cell_label(circle: int, cell: int, lang: str) -> str:
    """« cercle 1, case 7 (jaune : rejouer) », « pont à 2 traits » when a bridge leaves it.
    Remembered: the board is fixed, and a phone's moves name their cells at every update."""
    if circle == 4:
        return _pick(lang, f"cercle intérieur, case « {cell} »",
                     f"inner circle, cell “{cell}”")
    if circle == 1 and cell == BOARD_DATA.entries[0]:
        return "START"
    text = _pick(lang, f"cercle {circle}, case {cell}", f"circle {circle}, cell {cell}")
    notes = []
    colour = BOARD_DATA.colours[circle - 1][cell]
    if colour in _COLOUR_SHORT:
        notes.append(_pick(lang, *_COLOUR_SHORT[colour]))
    bridge = BOARD_DATA.bridge_at.get((circle - 1, cell))
    if bridge is not None:
        notes.append(_pick(lang, f"pont à {counted(bridge.bars, *_BARS, lang)}",
                           f"{bridge.bars}-bar bridge"))
    return text + (f" ({', '.join(notes)})" if notes else "")
