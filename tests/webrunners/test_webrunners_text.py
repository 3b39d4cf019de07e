"""What the Web Runners table is told (issue 17): plain text, true, French first."""

from __future__ import annotations

import re
from typing import Any

from ludinum.games.webrunners import GAME
from tests.webrunners.helpers import act, arrange, hand, new

MARKUP = re.compile(r"\[/?[a-z_ ]+\]")


def test_prevention_message_carries_no_markup() -> None:
    """The terminal escapes events and the web log shows them as they are: the speaker of a
    prevention message (W16) must not arrive as literal ``[bold]…[/bold]``."""
    s = arrange(new(2, theme="information"), hands={0: ["fake_news"]})
    events = act(s, 0, "move card=fake_news")
    messages = [e for e in events if e.kind == "message"]
    assert messages
    for lang in ("fr", "en"):
        text = GAME.text.event(messages[0], lang)
        assert not MARKUP.search(text), text
    assert GAME.text.event(messages[0], "fr").startswith("Influenceuse (Fake news, 1 case) : « ")


def test_move_choices_say_where_the_pawn_lands() -> None:
    """« avance son pion d'autant de cases qu'indiquer sur la carte » : each choice names
    the cell reached and what it does."""
    s = arrange(new(2), hands={0: ["plain_2", "plain_10"]}, pawns={0: (1, 12)})
    view = s.view(0)
    texts = {a.to_text(): GAME.text.action(a, view, "fr") for a in s.legal_actions(0)}
    assert texts["move card=plain_2"] == (
        "Jouer Déplacement 2 : avancer de 2 → cercle 1, case 14 (jaune : rejouer)")
    assert texts["move card=plain_10"].endswith("→ cercle 1, case 22 (jaune : rejouer)")
    english = {a.to_text(): GAME.text.action(a, view, "en") for a in s.legal_actions(0)}
    assert english["move card=plain_2"].endswith("→ circle 1, cell 14 (yellow: play again)")


def test_inner_circle_and_bridge_choices_say_where_they_lead() -> None:
    s = arrange(new(2), hands={0: ["plain_5", "plain_pont", "plain_pont", "plain_pont"]},
                pawns={0: (4, 1)})
    view = s.view(0)
    texts = {a.to_text(): GAME.text.action(a, view, "fr") for a in s.legal_actions(0)}
    assert texts["move card=plain_5"].endswith("→ cercle intérieur, case « 5 »")
    assert texts["cross"] == "Franchir le pont (3 cartes PONT) → le centre : victoire"
    s = arrange(new(2), hands={0: ["plain_pont", "plain_pont"]}, pawns={0: (1, 12)})
    view = s.view(0)
    assert GAME.text.action(next(a for a in s.legal_actions(0) if a.kind == "cross"),
                            view, "fr") == "Franchir le pont (2 cartes PONT) → cercle 2, case 3"


def test_status_names_no_internal_phase_and_no_round_cap() -> None:
    """« En attente de Joueur 1 (target) » leaked a phase name; « tour 1/200 » showed the
    safety cap as the game's length."""
    s = arrange(new(2), hands={0: ["bug"]})
    act(s, 0, "attack card=bug")
    text = GAME.text.view(s.view(1), "fr")
    assert "(target)" not in text and "/200" not in text
    assert "Joueur 1 choisit sa cible" in text
    act(s, 0, "target seat=1")
    assert "Joueur 2 peut répondre à l'attaque" in GAME.text.view(s.view(0), "fr")


def test_powers_say_on_whom_and_how() -> None:
    """W13. « Joueur 2 utilise le pouvoir Influenceuse. » then « Joueur 2 prélève Pont. »
    did not say whose hand lost the card, and a White Hat move read « joue la carte
    « Fake news, 1 case » et va sur la case 10 » with no word of the conversion: the events
    carry the target and the value, the table is told them."""
    s = arrange(new(2), hands={0: ["plain_1"], 1: ["plain_pont"]},
                chars={0: "influenceuse"})
    events = act(s, 0, "influence seat=1")
    texts = [GAME.text.event(e, "fr") for e in events]
    assert ("Joueur 1 utilise le pouvoir Influenceuse sur Joueur 2 : une carte de sa main, "
            "prise au hasard, passe dans la sienne.") in texts  # what it does, said to all
    assert "Joueur 1 prélève « Pont » dans la main de Joueur 2." in texts
    stolen = next(e for e in events if e.kind == "stolen")
    assert GAME.text.event(stolen, "en") == "Player 1 takes “Bridge” from Player 2's hand."

    s = arrange(new(2), hands={0: ["fake_news"]}, chars={0: "white_hat"})
    act(s, 0, "whitehat card=fake_news")
    events = act(s, 0, "convert to=m10")
    power = next(e for e in events if e.kind == "power")
    assert GAME.text.event(power, "fr") == (
        "Joueur 1 utilise le pouvoir White Hat : « Fake news, 1 case » compte pour 10 cases.")
    assert GAME.text.event(power, "en") == (
        "Player 1 uses the White Hat power: “Fake news, 1 cell” counts as 10 cells.")

    s = arrange(new(2), hands={0: ["hacking"]}, chars={1: "cyber_activiste"})
    act(s, 0, "attack card=hacking")
    act(s, 0, "target seat=1")
    events = act(s, 1, "cyberactivist")
    power = next(e for e in events if e.kind == "power")
    assert GAME.text.event(power, "fr") == (
        "Joueur 2 utilise le pouvoir Cyber-activiste : l'attaque de Joueur 1 est annulée.")


def test_a_hacked_player_reads_one_card_taken_not_two() -> None:
    """W8. The hacked player read « Léa prend Bug, attaque. » then « Léa prend une carte. »,
    as if two cards had gone: the public line comes first, then, for the two seats that
    may know it, which card it was."""
    s = arrange(new(3), hands={0: ["hacking", "plain_2"], 1: ["plain_5", "bug"]})
    act(s, 0, "attack card=hacking")
    act(s, 0, "target seat=1")
    act(s, 1, "accept")
    took = act(s, 0, "take card=bug")
    gave = act(s, 0, "give card=plain_2")
    for viewer, expected in ((1, ["Joueur 1 prend une carte.", "Carte prise : « Bug, attaque »."]),
                             (2, ["Joueur 1 prend une carte."])):
        assert [GAME.text.event(e, "fr") for e in took if e.visible_to(viewer)] == expected
    assert [GAME.text.event(e, "fr") for e in gave if e.visible_to(1)] == [
        "Joueur 1 donne une carte en échange.", "Carte donnée : « Déplacement 2 »."]
    assert [GAME.text.event(e, "en") for e in took if e.visible_to(0)] == [
        "Player 1 takes a card.", "Card taken: “Bug, attack”."]


def test_green_cell_end_says_what_it_does() -> None:
    """A green cell's « Terminer » with nothing discarded read as a dead end, then the table
    was told « Joueur 1 repioche 0 carte. »: the button and the line say it is keeping the
    hand, or how many cards come back."""
    from ludinum.engine import Action

    done = Action.from_text("done")
    s = arrange(new(2), hands={0: ["plain_2", "plain_1", "plain_10"]}, pawns={0: (1, 4)},
                draw=["plain_pont"] * 5)
    act(s, 0, "move card=plain_2")  # cell 6: green
    assert GAME.text.action(done, s.view(0), "fr") == "Garder toutes mes cartes"
    assert GAME.text.action(done, s.view(0), "en") == "Keep all my cards"
    act(s, 0, "discard card=plain_1")
    assert GAME.text.action(done, s.view(0), "fr") == "Terminer : repiocher 1 carte"
    events = act(s, 0, "done")
    said = [GAME.text.event(e, "fr") for e in events if e.kind == "green_done"]
    assert said == ["Joueur 1 défausse 1 carte et en repioche 1."]

    s = arrange(new(2), hands={0: ["plain_2", "plain_1"]}, pawns={0: (1, 4)})
    act(s, 0, "move card=plain_2")
    events = act(s, 0, "done")
    said = [GAME.text.event(e, "fr") for e in events if e.kind == "green_done"]
    assert said == ["Joueur 1 garde toutes ses cartes."]


def _green_turn(discards: list[str]) -> tuple[Any, list[Any]]:
    """Joueur 1 lands on a green cell (W5), discards ``discards`` one by one, then is done:
    the state and every event of those steps, in order."""
    from ludinum.engine import Action

    s = arrange(new(3), hands={0: ["plain_2", "plain_1", "plain_10", "hacking", "bug"]},
                pawns={0: (1, 4)},
                draw=["plain_5", "plain_pont", "plain_10", "plain_5", "fake_news"])
    events = list(act(s, 0, "move card=plain_2"))  # cell 6: green; Fake news drawn
    assert s.view(0)["phase"] == "green"
    for card_id in discards:
        events += act(s, 0, f"discard card={card_id}")
    events += s.apply(0, Action.from_text("done"))
    return s, events


def test_a_green_cell_is_one_line_that_names_no_discarded_card() -> None:
    """« peut DÉFAUSSER autant de cartes qu'il souhaite et prendre un nombre de carte
    équivalent dans la pioche » (W5): each discarded card had its own journal line
    (« Joueur 1 défausse une carte. » three times for three cards), in the terminal and
    on every screen. One line now says the whole discard; the cards went face down, known
    to their player only, so it names none of them, and their player's own line of the
    draw names the cards discarded as well as those drawn."""
    from ludinum.games.webrunners.text import card_name

    gone = ["plain_1", "hacking", "bug"]
    s, events = _green_turn(gone)
    for viewer in (None, 1, 2):  # a spectator, the projector, the other seats
        said = [GAME.text.event(e, "fr") for e in events if e.visible_to(viewer)]
        assert said == ["Joueur 1 joue la carte « Déplacement 2 » et va sur la case 6 du "
                        "cercle 1.",
                        "Case verte pour Joueur 1 : défausse et repioche.",
                        "Joueur 1 défausse 3 cartes et en repioche 3."], said
        for card_id in gone:
            assert not any(card_name(card_id, "fr") in line for line in said), card_id
    own = [GAME.text.event(e, "fr") for e in events if e.visible_to(0)]
    drawn = [card_name(c, "fr") for c in ("plain_5", "plain_10", "plain_pont")]
    assert own[3:5] == [
        "Joueur 1 défausse 3 cartes et en repioche 3.",
        f"Tu défausses : {' ; '.join(card_name(c, 'fr') for c in gone)}. "
        f"Tu pioches : {' ; '.join(drawn)}."], own
    assert [GAME.text.event(e, "en") for e in events if e.visible_to(None)][2] == (
        "Player 1 discards 3 cards and draws 3 back.")
    assert sorted(hand(s, 0)) == sorted(
        ["plain_10", "fake_news", "plain_5", "plain_10", "plain_pont"])


def test_the_terminal_tells_a_green_cell_in_one_line() -> None:
    """The terminal prints the same events (cli/play.py Feed): one line for the table."""
    import io

    from ludinum.cli.console import FrenchConsole
    from ludinum.cli.play import Feed

    _, events = _green_turn(["plain_1", "hacking", "bug"])
    out = io.StringIO()
    feed = Feed(FrenchConsole(file=out, width=200), GAME.text, "fr", live=True)
    feed.add(events, 1)
    feed.flush()  # printed when the person looks again (or at the end)
    lines = out.getvalue().splitlines()
    assert lines[2:] == ["• Joueur 1 défausse 3 cartes et en repioche 3."], lines
    assert "Hacking" not in out.getvalue()


def test_a_key_moment_counts_the_cards_an_obsolescence_took() -> None:
    """« Moments clés » is a reminder: an Obsolescence programmée listed every card lost
    (« Tom montre sa main et défausse : Pont ; Déplacement 10 ; Initiation au codage, carte
    PONT ; … », nine of them, two lines of the end screen); it now says how many. The
    journal still names them."""
    from ludinum.engine import Event
    from ludinum.games.webrunners.data import DECK_DATA

    lost = [c.id for c in DECK_DATA.cards][:9]
    event = Event("damage", {"effect": "obsolescence", "seat": 3, "by": 0, "hand": lost,
                             "lost": lost})
    text = GAME.text
    names = ["Jean-Léo", "Inès", "Marie-Ange", "Tom"]
    said = text.with_names(text.moment(event, "fr"), names, "fr")
    assert said == ("Obsolescence programmée de Jean-Léo : Tom défausse 9 cartes "
                    "et en repioche autant.")
    told = text.with_names(text.moment(event, "en"), names, "en")
    assert told == "Jean-Léo's planned obsolescence: Tom discards 9 cards and draws as many."
    journal = text.event(event, "fr")
    assert "montre sa main et défausse" in journal and journal.count(";") == 8
    by_ines = Event("damage", {**event.data, "by": 1})
    assert text.with_names(text.moment(by_ines, "fr"), names, "fr").startswith(
        "Obsolescence programmée d'Inès : ")


def test_where_each_pawn_stopped_never_leaves_a_number_alone_on_a_line() -> None:
    """The end screen's table « Où chacun est arrivé » (large type on the projector, a
    narrow column) wrapped « la case 0 du cercle / 3 »: a number is now bound to its word
    by a no-break space, and the place reads the same."""
    view = {"pawns": [[3, 0], [1, 6], [5, 0], [4, 5], [1, 0]]}
    for lang in ("fr", "en"):
        places = GAME.text.standings(view, lang)
        assert places is not None
        for place in places:
            assert not re.search(r" \d", place), place
    places = GAME.text.standings(view, "fr")
    assert places is not None
    assert [p.replace("\u00a0", " ") for p in places] == [
        "la case 0 du cercle 3", "la case 6 du cercle 1", "le centre",
        "la case « 5 » du cercle intérieur", "la case départ (START)"]


def test_the_seat_deciding_reads_its_pending_line_with_tu() -> None:
    """The terminal showed « Joueur 1 choisit sa cible. » to Joueur 1 above their own
    choices: the seat that decides is « tu »; the others (and the projector) read its name."""
    s = arrange(new(2), hands={0: ["bug"], 1: ["debug"]})
    act(s, 0, "attack card=bug")
    mine, english = GAME.text.view(s.view(0), "fr"), GAME.text.view(s.view(0), "en")
    assert "Tu choisis ta cible" in mine and "Joueur 1 choisit" not in mine, mine
    assert "You choose a target" in english, english
    assert "Joueur 1 choisit sa cible" in GAME.text.view(s.view(1), "fr")
    assert "Joueur 1 choisit sa cible" in GAME.text.view(s.view(None), "fr")
    act(s, 0, "target seat=1")
    assert "Tu peux répondre à l'attaque" in GAME.text.view(s.view(1), "fr")
    assert "Joueur 2 peut répondre à l'attaque" in GAME.text.view(s.view(0), "fr")


def test_a_window_without_an_answer_says_so_to_its_seat_alone() -> None:
    """W7: the response window opens whatever the target holds, so that nobody learns what
    is in that hand. The target without a retro card read « Tu peux répondre à l'attaque »
    above « Subir l'attaque » alone: it reads that it has no card to answer; the others
    still read that it may answer (they must not learn it cannot)."""
    s = arrange(new(2), hands={0: ["bug"], 1: ["communaute"]})
    act(s, 0, "attack card=bug")
    act(s, 0, "target seat=1")
    assert [a.kind for a in s.legal_actions(1)] == ["accept"]
    mine = GAME.text.view(s.view(1), "fr")
    assert "Tu n'as pas de carte pour répondre à l'attaque" in mine, mine
    assert "Tu peux répondre" not in mine
    assert "You have no card to answer the attack" in GAME.text.view(s.view(1), "en")
    for other in (0, None):
        assert "answers" not in s.view(other)["pending"]
        assert "Joueur 2 peut répondre à l'attaque" in GAME.text.view(s.view(other), "fr")
