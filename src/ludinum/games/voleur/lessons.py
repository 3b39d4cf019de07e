"""What a game of Le Voleur de Données teaches: after the game, 4 to 6 cards of real-life
advice for the debrief, from the game's own deck (V2: every card explains the risk or what
the measure does).

Chosen from what the whole table saw: the most valuable data the thief stole (the data at
stake), then each type of attack played (attacks are played face up, V5), those that
succeeded first (most often first), then those thwarted by a measure (V4: revealed), each
told with the measure that stops it; when that makes fewer than 4 cards, the other attacks
and their measures, in the deck's order, complete them. Nothing that stays face down (a
hand, a hidden measure, the order of a pile) counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ludinum.engine.lessons import Card, pick
from ludinum.games.voleur.content import ATTACK, Deck
from ludinum.games.voleur.content import Card as DeckCard

#: The source of a card whose content names none. Not « Le Voleur de Données, règles du
#: jeu », as it said: the original text gives no deck (V2), the cards' words are this
#: project's, after the public French references on the security of personal data and on
#: cyber-risks, which a teacher can open.
REFERENCES = ("CNIL, Guide de la sécurité des données personnelles ; "
              "https://www.cybermalveillance.gouv.fr")


#: The sentence of an attack card that tells its effect at the table (V5: the victim skips
#: turns): true of the game, not of real life, so left out of the advice.
GAME_EFFECT = re.compile(r"\s*(?:La victime perd \d tours?|The victim loses \d turns?)\.")


def data_lesson(card: DeckCard) -> Card:
    """A data card stolen: its name and why it matters."""
    return Card(card.name_fr, card.explain_fr, card.name_en, card.explain_en,
                card.source or REFERENCES)


def attack_lesson(deck: Deck, attack: DeckCard) -> Card:
    """An attack: the measure that stops it as the title, the risk and the measure told."""
    measure = deck.cards[attack.countered_by]
    risk_fr, risk_en = (GAME_EFFECT.sub("", text) for text in (attack.explain_fr,
                                                              attack.explain_en))
    return Card(measure.name_fr, f"{risk_fr} {measure.explain_fr}",
                measure.name_en, f"{risk_en} {measure.explain_en}",
                measure.source or attack.source or REFERENCES)


def lessons_for(deck: Deck, metrics: Mapping[str, float], loot: Iterable[str]) -> list[Card]:
    """The cards of a game whose totals are ``metrics`` (``state.metrics()``: attacks played
    and foiled per type) and whose thief holds ``loot`` (card ids, public, V7)."""
    attacks = [c for c in deck.cards if c.kind == ATTACK and c.countered_by >= 0]

    def played(c: DeckCard) -> float:
        return metrics.get(f"played_{c.id}", 0.0)

    def foiled(c: DeckCard) -> float:
        return metrics.get(f"foiled_{c.id}", 0.0)

    stolen = sorted((deck.card(i) for i in loot if i in deck.index),
                    key=lambda c: (-c.points, c.index))
    succeeded = sorted((c for c in attacks if played(c) > foiled(c)),
                       key=lambda c: (foiled(c) - played(c), c.index))
    thwarted = [c for c in attacks if played(c) and played(c) <= foiled(c)]
    met = [data_lesson(c) for c in stolen[:1]]
    met += [attack_lesson(deck, c) for c in (*succeeded, *thwarted)]
    return pick(met, (attack_lesson(deck, c) for c in attacks))
