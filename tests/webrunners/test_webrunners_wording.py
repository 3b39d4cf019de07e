"""Web Runners' words as a pupil reads them (review of the terminal game): verbs agree with
« Tu », numbers with their nouns, card lists that do not split a card's name, and a text
board whose inner circle and legend read without guessing."""

from __future__ import annotations

import html
import random

from ludinum.engine import Action, Event
from ludinum.games.webrunners import GAME
from ludinum.games.webrunners.text import WebRunnersText, card_list, card_name
from tests.drawing import slot
from tests.reading import plain_spaces
from tests.server import socketless
from tests.webrunners.helpers import act, arrange, new, pawn

TEXT = WebRunnersText()  # GAME.text, typed as this game's (its board and pending lines)


# -- 1. « Tu récupères », « Joueur 2 récupère » ------------------------------------------
def test_you_takes_the_second_person_and_a_seat_the_third() -> None:
    name_fr, name_en = card_name("e_learning", "fr"), card_name("e_learning", "en")
    picked = Event("picked", {"card": "e_learning"})  # Geekcolo's power: no seat named
    assert TEXT.event(picked, "fr") == f"Tu récupères {name_fr}."
    assert TEXT.event(picked, "en") == f"You take back {name_en}."
    for kind, fr, en in (("take", "prends", "take"), ("give", "donnes", "give")):
        event = Event(kind, {"card": "e_learning"})
        assert TEXT.event(event, "fr") == f"Tu {fr} {name_fr}."
        assert TEXT.event(event, "en") == f"You {en} {name_en}."
    for kind, fr, en in (("picked", "récupère", "takes back"),):
        event = Event(kind, {"seat": 1, "card": "e_learning"})
        assert TEXT.event(event, "fr") == f"Joueur 2 {fr} {name_fr}."
        assert TEXT.event(event, "en") == f"Player 2 {en} {name_en}."


# -- 3. singular and plural instead of « (s) » -------------------------------------------
def test_counts_agree_with_their_nouns() -> None:
    cross = {"seat": 0, "circle": 2, "cell": 3}
    assert "franchit un pont à 1 trait et" in TEXT.event(Event("cross", {**cross, "bars": 1}),
                                                         "fr")
    assert "franchit un pont à 3 traits et" in TEXT.event(Event("cross", {**cross, "bars": 3}),
                                                          "fr")
    assert TEXT.event(Event("surveilled", {"seat": 0, "kept": 1}), "fr") == (
        "Joueur 1 garde 1 carte.")
    assert TEXT.event(Event("surveilled", {"seat": 0, "kept": 2}), "en") == (
        "Player 1 keeps 2 cards.")
    bug = {"seat": 1, "effect": "bug", "circle": 1, "cell": 4}
    assert TEXT.event(Event("damage", {**bug, "cells": 1}), "fr").startswith(
        "Joueur 2 recule de 1 case, jusqu'à")
    assert TEXT.event(Event("damage", {**bug, "cells": 5}), "en").startswith(
        "Player 2 moves back 5 cells to")
    view: dict[str, object] = {}
    assert TEXT.action(Action.make("distance", cells=1), view, "fr") == "Faire reculer de 1 case"
    assert TEXT.action(Action.make("distance", cells=8), view, "en") == "Move back 8 cells"
    assert TEXT.action(Action.make("accounts", n=1), view, "fr") == (
        "1 compte sur les réseaux sociaux")
    assert TEXT.action(Action.make("accounts", n=10), view, "fr") == (
        "10 comptes ou plus sur les réseaux sociaux")
    assert TEXT.action(Action.make("accounts", n=0), view, "en") == "No social-network account"
    s = arrange(new(2), hands={0: ["plain_pont"]}, pawns={0: (3, 9)})
    cross_choice = next(a for a in s.legal_actions(0) if a.kind == "cross")
    assert TEXT.action(cross_choice, s.view(0), "fr").startswith(
        "Franchir le pont (1 carte PONT) → ")
    assert TEXT.action(cross_choice, s.view(0), "en").startswith(
        "Cross the bridge (1 bridge card) → ")


def test_a_whole_game_never_shows_a_parenthesised_plural() -> None:
    """Every event, choice and view of a random game, in both languages: no « (s) »."""
    rng = random.Random(3)
    state = GAME.new_state(3, 3, {})
    assert type(GAME.text) is WebRunnersText
    seen: list[str] = []
    for _ in range(400):
        if state.is_terminal():
            break
        player = state.active_players()[0]
        choices = state.legal_actions(player)
        for lang in ("fr", "en"):
            view = state.view(player)
            seen.append(TEXT.view(view, lang))
            seen.extend(TEXT.action(a, view, lang) for a in choices)
        for event in state.apply(player, rng.choice(list(choices))):
            seen.extend(TEXT.event(event, lang) for lang in ("fr", "en"))
    assert len(seen) > 400
    assert not [t for t in seen if "(s)" in t]


# -- 5. card lists ------------------------------------------------------------------------
def test_card_lists_are_separated_by_semicolons() -> None:
    """A card's name may hold a comma (« E-learning, carte PONT »): lists use « ; »."""
    cards = ["e_learning", "plain_2", "fake_news"]
    names = [card_name(c, "fr") for c in cards]
    assert "," in names[0]
    assert card_list(cards, "fr") == " ; ".join(names)
    assert card_list(cards, "en") == "; ".join(card_name(c, "en") for c in cards)
    assert TEXT.event(Event("draw", {"cards": cards}), "fr") == (
        f"Tu pioches : {' ; '.join(names)}.")
    assert TEXT.event(Event("shown", {"seat": 1, "hand": cards}), "en").startswith(
        f"Cards shown: {card_name('e_learning', 'en')}; ")
    s = arrange(new(2), hands={0: cards})
    # (the terminal leaves the hand out on one's own turn: its choices name each card)
    (line,) = [t for t in TEXT.view(s.view(0), "fr", board=False).splitlines()
               if t.startswith("Ta main")]
    assert sorted(line.removeprefix("Ta main : ").split(" ; ")) == sorted(names)
    pending = {"seat": 0, "cards": cards}
    assert f"cartes piochées : {' ; '.join(names)}" in TEXT._pending_line(
        pending, "surveil", "fr")
    assert f"discard: {card_list(cards, 'en')}" in TEXT._pending_line(
        {"seat": 0, "discard": cards}, "geek", "en")


# -- 6. the text board ----------------------------------------------------------------------
def test_the_inner_circle_keeps_pawns_apart_from_cell_numbers() -> None:
    s = arrange(new(4), pawns={0: (4, 1), 1: (4, 10), 2: (4, 10), 3: (1, 5)})
    french = TEXT.view(s.view(0), "fr").splitlines()
    english = TEXT.view(s.view(0), "en").splitlines()
    (inner,) = [line for line in french if line.startswith("Cercle intérieur : ")]
    # French spacing inside « », as « la case « 1 » du cercle intérieur » of the standings.
    assert "« 1 » (J1)" in inner and "« 10 » (J2 J3)" in inner and "« 2 »  « 5 »" in inner
    assert not any(line.startswith("Cercle 4") for line in french)
    (inner_en,) = [line for line in english if line.startswith("Inner circle: ")]
    assert "“1” (P1)" in inner_en and "“10” (P2 P3)" in inner_en
    assert "«" not in "\n".join(english)
    # The legend on one line of an 80-column terminal; « * » said when a cell shows it.
    assert french[1].startswith("[dim]S = START, R = immunité") and len(french[1]) < 80 + 11
    assert english[1].startswith("[dim]S = START, R = immunity") and len(english[1]) < 80 + 11
    assert "plusieurs pions" not in "\n".join(french)  # no cell shows « * » here


def test_two_pawns_on_an_outer_cell_show_the_star_the_legend_explains() -> None:
    s = arrange(new(3), pawns={0: (2, 4), 1: (2, 4), 2: (2, 6)})
    lines = TEXT.view(s.view(0), "fr").splitlines()
    row = lines[lines.index(next(line for line in lines if line.startswith("Cercle 2"))) + 1]
    assert row.split("Joueur")[0].strip() == "* 3"  # cells 4 and 6 (the seats beside)
    assert "* = plusieurs pions sur la case" in "\n".join(lines)


def test_english_damage_text_uses_english_quotes() -> None:
    text = TEXT.effect_result("cyberviolence", "en")
    assert "«" not in text and "“1”" in text and "BRIDGE 1" in text


# -- the log and buttons of an attack (review of the terminal game) ----------------------
def test_an_attack_and_an_exchange_read_as_sentences() -> None:
    attack = Event("attack", {"seat": 1, "card": "cyberviolence"})
    assert TEXT.event(attack, "fr") == "Joueur 2 attaque avec la carte « Cyberviolence »."
    assert TEXT.event(attack, "en") == "Player 2 attacks with the card “Cyberviolence”."
    took = Event("exchange_step", {"seat": 2, "step": "take"})
    gave = Event("exchange_step", {"seat": 2, "step": "give"})
    assert TEXT.event(took, "fr") == "Joueur 3 prend une carte."
    assert TEXT.event(gave, "fr") == "Joueur 3 donne une carte en échange."
    # W12: the one-minute action given up (or timed out), said the same way
    cancelled = Event("cancelled", {"seat": 0, "action": "hacking"})
    assert TEXT.event(cancelled, "fr") == "L'action « Hacking » de Joueur 1 est annulée."
    assert TEXT.action(Action.make("timeout"), {}, "fr") == "Abandonner l'échange"
    # W9: in Surveillance what is given back goes to the discard
    give = Action.make("give", card="e_learning")
    name = card_name("e_learning", "fr")
    assert TEXT.action(give, {"phase": "surveil"}, "fr") == f"Défausser {name} en échange"
    assert TEXT.action(give, {"phase": "hack"}, "fr") == f"Donner {name}"


# -- the line of the decision under way ----------------------------------------------------
def test_the_waiting_line_ends_with_a_full_stop_and_says_whose_hand_is_looked_at() -> None:
    """« … Attaque en cours : Hacking de Joueur 1 contre Joueur 2 » had no full stop, and
    « Joueur 1 regarde la main et échange des cartes » did not say whose hand (W8)."""
    s = arrange(new(3), hands={0: ["hacking", "plain_1"], 1: ["contre_hacking", "plain_1"]})
    s.apply(0, Action.from_text("attack card=hacking"))
    s.apply(0, Action.from_text("target seat=1"))
    line = TEXT._pending_line(s.view(None)["pending"], "respond", "fr")
    assert line == ("[italic]Joueur 2 peut répondre à l'attaque[/italic]. Attaque en cours : "
                    "Hacking de Joueur 1 contre Joueur 2.")
    assert TEXT._pending_line(s.view(None)["pending"], "respond", "en") == (
        "[italic]Player 2 may answer the attack[/italic]. Attack under way: Hacking by "
        "Player 1 against Player 2.")
    s.apply(1, Action.from_text("accept"))
    assert TEXT._pending_line(s.view(None)["pending"], "hack", "fr") == (
        "[italic]Joueur 1 regarde la main de Joueur 2 et échange des cartes[/italic]. "
        "Attaque en cours : Hacking de Joueur 1 contre Joueur 2.")
    assert TEXT._pending_line(s.view(None)["pending"], "hack", "en").startswith(
        "[italic]Player 1 looks at Player 2's hand and swaps cards[/italic].")
    # Contre-hacking: the one who answers looks at the attacker's hand
    s = arrange(new(3), hands={0: ["hacking", "plain_1"], 1: ["contre_hacking", "plain_1"]})
    s.apply(0, Action.from_text("attack card=hacking"))
    s.apply(0, Action.from_text("target seat=1"))
    s.apply(1, Action.from_text("retro card=contre_hacking"))
    assert TEXT._pending_line(s.view(None)["pending"], "hack", "fr").startswith(
        "[italic]Joueur 2 regarde la main de Joueur 1 et échange des cartes[/italic].")
    # a hacker's own screen: the hand shown ends the line, then the full stop
    line = TEXT._pending_line(s.view(1)["pending"], "hack", "fr")
    assert line.endswith(f" — main adverse : {card_list(['plain_1'], 'fr')}.")


def test_the_hacker_reads_the_swap_under_way() -> None:
    """W8: the cards taken and given change hands at « Terminer »; until then both hands
    read unchanged, and a child read the card taken as lost. The hacker's own line says the
    swap under way; the victim's and the table's do not."""
    s = arrange(new(3), hands={0: ["hacking", "plain_1"], 1: ["communaute", "plain_1"]})
    s.apply(0, Action.from_text("attack card=hacking"))
    s.apply(0, Action.from_text("target seat=1"))
    s.apply(1, Action.from_text("accept"))
    assert "échange en cours" not in TEXT._pending_line(s.view(0)["pending"], "hack", "fr",
                                                         you=0)
    s.apply(0, Action.from_text("take card=communaute"))
    s.apply(0, Action.from_text("give card=plain_1"))
    line = TEXT._pending_line(s.view(0)["pending"], "hack", "fr", you=0)
    taken, given = card_list(["communaute"], "fr"), card_list(["plain_1"], "fr")
    assert line.endswith(f" — échange en cours : tu prends {taken} ; tu donnes {given}."), line
    english = TEXT._pending_line(s.view(0)["pending"], "hack", "en", you=0)
    assert english.endswith(f" — swap under way: you take {card_list(['communaute'], 'en')}"
                            f"; you give {card_list(['plain_1'], 'en')}."), english
    for seat in (1, 2, None):
        assert "échange en cours" not in TEXT._pending_line(s.view(seat)["pending"], "hack",
                                                             "fr", you=seat)



# -- Bug near the entry of a circle (W10): the words say where the pawn really stops -----
def test_a_bug_near_start_names_where_the_pawn_stops_and_how_far_it_went() -> None:
    # Léa 3 cells past START, Bug of 8 chosen: the choices all read « Faire reculer de
    # 8 cases » with no hint that 4 to 8 do the same, and the table was told « recule de
    # 8 cases, jusqu'à la case départ » for a pawn that went back 3.
    s = arrange(new(2), hands={0: ["bug"]}, pawns={1: (1, 3)})
    act(s, 0, "attack card=bug")
    act(s, 0, "target seat=1")
    act(s, 1, "accept")
    view = s.view(0)
    labels = {a.number("cells"): TEXT.action(a, view, "fr") for a in s.legal_actions(0)
              if a.kind == "distance"}
    assert labels[1] == "Faire reculer de 1 case → cercle 1, case 2"
    assert labels[3] == labels[8].replace("8 cases", "3 cases") == (
        "Faire reculer de 3 cases → START")
    assert TEXT.action(Action.make("distance", cells=8), s.view(0), "en") == (
        "Move back 8 cells → START")
    events = act(s, 0, "distance cells=8")
    said = [TEXT.event(e, "fr") for e in events if e.kind == "damage"]
    assert said == ["Joueur 2 recule de 3 cases, jusqu'à la case départ (START)."]
    assert pawn(s, 1) == (1, 0)


def test_a_bug_on_the_entry_cell_says_the_pawn_does_not_move() -> None:
    s = arrange(new(2), hands={0: ["bug"]}, pawns={1: (1, 0)})
    act(s, 0, "attack card=bug")
    act(s, 0, "target seat=1")
    act(s, 1, "accept")
    events = act(s, 0, "distance cells=5")
    said = [TEXT.event(e, "fr") for e in events if e.kind == "damage"]
    assert said == ["Joueur 2 ne recule pas : la case départ (START) est l'entrée de son "
                    "cercle."]


def test_the_debrief_lists_each_message_once_under_its_card_and_speaker() -> None:
    # The debrief listed « White Hat » four times, twice with the same Bug message (the card
    # played again after the discard was reshuffled): which card said what was lost.
    from ludinum.games.webrunners.data import DECK_DATA

    card = next(c for c in DECK_DATA.cards if c.message and c.speaker)
    said = Event("message", {"card": card.id, "speaker": card.speaker, "text": card.message})
    config = GAME.new_state(3, 3, {}).config
    items = TEXT.debrief(config, [said, said], "fr")
    assert len(items.messages) == 1
    who, text = items.messages[0]
    assert who.startswith(f"{card.name_fr} — ") and text == card.message


def test_the_phone_draws_the_swap_under_way_as_the_terminal_says_it() -> None:
    """The page draws the pending line itself (board.js: ``swaps``): the hacker's phone
    reads the swap under way in the terminal's words; the victim's does not."""
    room = socketless.named_room("webrunners", ["Léa", "Noé", "Tom"], 3)
    s = arrange(new(3), hands={0: ["hacking", "plain_1"], 1: ["communaute", "plain_1"]})
    room.state = s
    for text in ("attack card=hacking", "target seat=1"):
        s.apply(0, Action.from_text(text))
    s.apply(1, Action.from_text("accept"))
    s.apply(0, Action.from_text("take card=communaute"))
    s.apply(0, Action.from_text("give card=plain_1"))
    for lang in ("fr", "en"):
        said = TEXT._pending_line(s.view(0)["pending"], "hack", lang, you=0)
        swap = plain_spaces(said[said.index(" — " + ("échange" if lang == "fr" else "swap")):])
        assert swap in plain_spaces(html.unescape(slot(room, 0, "board", lang))), swap
        assert swap not in plain_spaces(html.unescape(slot(room, 1, "board", lang)))
