"""Why an action is refused, in words a player understands (French first)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludinum.engine import Action, IllegalActionError
from ludinum.games.voleur.content import BOARDS, DATA, MEASURE

if TYPE_CHECKING:
    from ludinum.games.voleur.rules import Rules


def explain(
    st: Rules, player: int, action: Action, legal: Sequence[Action]
) -> IllegalActionError | None:
    """A precise reason for the common mistakes; ``None`` leaves the generic message."""
    decoded = st.table.decode.get(action)
    if decoded is None:
        return None
    kinds = {a.kind for a in legal}
    card = action.get("card")
    t = st.deck.index.get(card) if isinstance(card, str) else None
    if action.kind in ("lay", "discard") and t is not None and t not in st.hands[player]:
        return IllegalActionError(
            "Tu n'as pas cette carte en main.", "You do not have this card in your hand."
        )
    if action.kind == "lay" and t is not None:
        b = BOARDS.index(str(action.get("board")))
        if st.deck.kind[t] == MEASURE and not st.opened[2 * player + b]:
            return IllegalActionError(
                "La première carte posée sur un plateau doit être une carte donnée.",
                "The first card laid on a board must be a data card.",
            )
        if st.deck.kind[t] == MEASURE and st.matching and st.deck.nature[t] != b:
            return IllegalActionError(
                # The option's name (« matching ») is the program's word, not the player's.
                "Dans cette partie, une mesure se pose seulement sur le plateau de même nature "
                "(papier ou numérique) que l'attaque qu'elle contre.",
                "In this game, a measure goes only on the board of the same nature (paper or "
                "digital) as the attack it counters.",
            )
        if st.deck.kind[t] != DATA and st.deck.kind[t] != MEASURE:
            return IllegalActionError(
                "Une carte attaque ne se pose pas sur un plateau.",
                "An attack card is not laid on a board.",
            )
    if action.kind == "discard" and "lay" in kinds:
        return IllegalActionError(
            "Tu dois poser une carte : on ne défausse que si aucune carte n'est jouable.",
            "You must lay a card: you discard only when no card can be laid.",
        )
    if action.kind == "discard" and "attack" in kinds:
        return IllegalActionError(
            "Tu peux attaquer, tu dois donc attaquer : on ne défausse que si aucune attaque "
            "n'est possible.",
            "You can attack, so you must: you discard only when no attack is possible.",
        )
    if action.kind == "attack" and "attack" in kinds:
        return IllegalActionError(
            "Cette attaque ne peut pas viser ce joueur : son plateau de cette nature n'a pas "
            "de donnée, ou la mesure qui la contre y est déjà dévoilée.",
            "This attack cannot target this player: their board of that nature holds no "
            "data, or the measure that counters it is already revealed there.",
        )
    return None
