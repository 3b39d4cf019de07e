"""What the Voleur table is told (issue 17): true and French, choices that name the measure."""

from __future__ import annotations

from ludinum.engine import Action
from ludinum.games.voleur import GAME
from ludinum.games.voleur.state import VoleurState
from ludinum.server import frames
from ludinum.server.clients import Client
from ludinum.server.rooms import PLAYING, Room
from ludinum.server.seats import Seat
from tests.voleur.helpers import PAPER, act, board, fresh, give, turn

TEXT = GAME.text


def _attacked() -> object:
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",), hidden=("armoire_a_cle",))
    give(state, 0, "armoire_a_cle")
    give(state, 2, "armoire_ouverte")
    turn(state, 2)
    act(state, 2, "attack card=armoire_ouverte target=0")
    return state


def test_defence_choices_name_the_measure_and_what_it_counters() -> None:
    """« il dévoile la carte mesure de sécurité correspondante au type d'attaque » : each
    choice says which measure, where it is, and which attack it counters."""
    state = _attacked()
    view = state.view(0)  # type: ignore[attr-defined]
    measure = GAME.deck.card("armoire_a_cle").name("fr")
    attack = GAME.deck.card("armoire_ouverte").name("fr")
    texts = {a.to_text(): TEXT.action(a, view, "fr")
             for a in state.legal_actions(0)}  # type: ignore[attr-defined]
    assert texts["counter from=board"] == (
        f"Dévoiler « {measure} », cachée sur ton plateau papier : elle contre « {attack} »")
    assert texts["counter from=hand"] == (
        f"Jouer « {measure} » de ta main : elle contre « {attack} »")
    assert texts["let_through"] == f"Ne pas contrer « {attack} »"
    english = {a.to_text(): TEXT.action(a, view, "en")
               for a in state.legal_actions(0)}  # type: ignore[attr-defined]
    assert english["counter from=hand"].endswith(
        f"from your hand: it counters '{GAME.deck.card('armoire_ouverte').name('en')}'")


def test_a_manager_who_lets_an_attack_through_is_not_told_he_lacked_the_measure() -> None:
    """« Lorsqu'un gestionnaire subit une attaque, il peut la contrer » : he may choose not
    to, even holding the measure; the table is told only that he does not counter (which is
    true either way and tells nothing of his hand)."""
    state = _attacked()
    events = act(state, 0, "let_through")  # type: ignore[arg-type]
    (breach,) = [e for e in events if e.kind == "breach"]
    text = TEXT.event(breach, "fr")
    assert "n'avait pas" not in text
    assert text.endswith("Joueur 1 ne la contre pas.")
    assert TEXT.event(breach, "en").endswith("Player 1 does not counter it.")


def test_a_screen_that_draws_the_board_is_not_told_the_boards_again() -> None:
    """The web draws each seat's boards, scores and hands (web/static/games/voleur.js): its text
    keeps the round, the pending attack's explanation and the seat's own hand and boards
    (the drawing is public: it hides the seat's own measures), not a second copy of every
    board in words; the terminal (board=True) keeps them all."""
    import html
    import random
    import re

    from tests.drawing import slot
    from tests.server import socketless

    room = socketless.playing_room("voleur", 3, 2)
    socketless.random_moves(room, random.Random(2), 40)
    thief = room.state.view(None)["thief"]
    seat = next(s for s in range(3) if s != thief)
    for lang, board_word, hand in (("fr", "Plateau papier", "Ta main"),
                                   ("en", "Paper board", "Your hand")):
        text = re.sub(r"<[^>]+>", " ", html.unescape(slot(room, seat, "board", lang)))
        assert text.count(board_word) == 1 and hand in text  # its own board, once
        public = re.sub(r"<[^>]+>", " ", html.unescape(slot(room, None, "board", lang)))
        assert board_word not in public
        terminal = room.game.text.view(room.state.view(seat), lang)
        assert terminal.count(board_word) == 2 and hand in terminal


def test_a_drawn_board_leaves_the_attack_to_the_spotlight() -> None:
    """The terminal says the attack and what it does; a screen that draws the board shows
    it as the board's banner and in large type, so its text does not say it a third time."""
    state = _attacked()
    explained = TEXT.explain("armoire_ouverte", "fr")
    for seat in (0, 1, None):
        view = state.view(seat)  # type: ignore[attr-defined]
        assert explained in TEXT.view(view, "fr")
        assert explained not in TEXT.view(view, "fr", board=False)


def test_a_nickname_is_never_written_after_de() -> None:
    """The lines named a seat « de Joueur 2 », and the screens put its nickname there:
    « Le voleur attaque le plateau papier de Inès », « dérobe … sur le plateau papier de
    Inès » (French elides: « d'Inès »). Every event and action of random games, with
    nicknames that start with a vowel, never puts one after « de »."""
    import random
    import re

    names = ["Inès", "Élise", "Anna", "Omar", "Ugo", "Yves"]
    after_de = re.compile(r"\bde (?:Inès|Élise|Anna|Omar|Ugo)\b")
    said = 0
    for players in (3, 6):
        rng = random.Random(players)
        state = GAME.new_state(players, players, {})
        while not state.is_terminal():
            for seat in state.active_players():
                legal = state.legal_actions(seat)
                for action in legal:
                    label = TEXT.with_names(TEXT.action(action, state.view(seat)), names)
                    assert not after_de.search(label), label
                events = state.apply(seat, rng.choice(legal))
                for event in events:
                    line = TEXT.with_names(TEXT.event(event), names)
                    assert not after_de.search(line), line
                    said += event.kind in ("attack", "steal")
                break
    assert said > 10
    attack = TEXT.with_names(TEXT.action(
        Action.from_text("attack card=hameconnage target=0"), {}), names)
    assert attack == "Attaquer Inès sur son plateau numérique avec « Hameçonnage »"


def test_the_thief_is_told_whom_to_take_from_without_de() -> None:
    """The thief's phone said « Touche la donnée à prendre sur le plateau de Inès. »
    (web/static/games/voleur.js): it now names the victim after « à », in French and in
    English."""
    import html
    import random
    import re

    from tests.drawing import slot
    from tests.server import socketless

    room = socketless.playing_room("voleur", 3, 1)
    for seat in room.seats:
        seat.nickname = "Inès"
    rng = random.Random(1)
    for _ in range(400):
        if room.state.view(None)["phase"] == "steal" or room.state.is_terminal():
            break
        socketless.random_moves(room, rng, 1)
    assert room.state.view(None)["phase"] == "steal"
    thief = room.state.view(None)["thief"]
    texts = {lang: re.sub(r"<[^>]+>", " ", html.unescape(slot(room, thief, "actions", lang)))
             for lang in ("fr", "en")}
    assert "L'attaque réussit. Touche la donnée à prendre à Inès." in texts["fr"]
    assert "de Inès" not in texts["fr"]
    assert "Tap the data card to take from Inès." in texts["en"]


async def _nothing(_text: str) -> None:
    return None


def _narrated(defence: str) -> dict[str, list[str]]:
    """The narration's lines of the thief's attack on seat 0 on each screen: the attacked
    manager's phone (0), the other manager's (1), the thief's (2), the projector."""
    state = fresh(defence=defence)
    board(state, 0, PAPER, data=("annuaire_interne",))
    give(state, 0)
    give(state, 2, "armoire_ouverte")
    turn(state, 2)
    room = Room(1, "ABCD", GAME, state.config, "live", [Seat(i) for i in range(3)], "",
                state, status=PLAYING)
    clients = {}
    for name, seat in (("0", 0), ("1", 1), ("2", 2), ("host", None)):
        client = Client(_nothing)
        client.role, client.code = ("host", ()) if seat is None else ("player", (seat,))
        client.seats = () if seat is None else (seat,)
        clients[name] = client
        frames.build(client, frames.FrameCache(room, 0.0, ["medium"]), full=True)
    room.apply(2, Action.from_text("attack card=armoire_ouverte target=0"), 1.0)
    cache = frames.FrameCache(room, 1.0, ["medium"])
    said = {}
    for name, client in clients.items():
        frame = frames.build(client, cache)
        assert frame is not None
        # what app.js narrates: each public line's brief form when it has one
        said[name] = [line.get("brief", line["text"]) for line in frame["log"]
                      if not line["private"]]
    return said


def test_the_attacked_phone_says_the_attack_once_in_its_decision() -> None:
    """V4: the attacked manager's decision shows the thief's card with its explanation
    (voleur.js, the red box where the child chooses): the narration under it does not say
    it a second time; every other screen narrates the attack with its explanation. With
    ``defence=auto`` nobody is asked: the attacked phone narrates it like the others."""
    explanation = TEXT.explain("armoire_ouverte", "fr")
    said = _narrated("ask")
    assert not any(explanation in line for line in said["0"]), said["0"]
    assert not any("attaque" in line for line in said["0"]), said["0"]
    for name in ("1", "2", "host"):
        assert any(explanation in line for line in said[name]), (name, said[name])
    auto = _narrated("auto")
    for name in ("0", "1", "2", "host"):
        assert any(explanation in line for line in auto[name]), (name, auto[name])


#: The tallest moments of 6-player games that a search found (random play, 200 games per
#: language, every seat's view at every move): (seed, moves played, seat). Every card
#: named on every board, they took 48 and 49 rows of an 80-column terminal.
TALLEST = [(5, 108, 2), (30, 100, 3), (78, 106, 0), (40, 90, 4), (9, 105, 4), (89, 107, 1),
           (130, 106, 2)]


def _rows(text: str) -> tuple[int, str]:
    """What ``text`` takes in an 80-column terminal (``ludinum play``'s console)."""
    import io

    from ludinum.cli.console import FrenchConsole

    out = io.StringIO()
    FrenchConsole(file=out, width=80, highlight=False).print(text)
    return out.getvalue().count("\n"), out.getvalue()


def _played(seed: int, moves: int) -> VoleurState:
    import random

    state = GAME.new_state(6, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = rng.choice(state.active_players())
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    return state


def test_six_players_fit_a_35_row_terminal() -> None:
    """``ludinum play voleur --players 6``: the view of any seat fits 35 rows of an
    80-column terminal at the tallest moments found (34 rows; was 49): the seat's own
    boards and the board under attack name their cards, the other boards give their
    data's number and points, the thief's loot its number (its points are his score)."""
    for seed, moves, tallest in TALLEST:
        state = _played(seed, moves)
        for seat in range(6):
            for lang in ("fr", "en"):
                rows, shown = _rows(TEXT.view(state.view(seat), lang))
                assert rows <= 35, (seed, moves, seat, lang, rows, shown)
        assert _rows(TEXT.view(state.view(tallest), "fr"))[0] >= 32  # still a tall one


def test_the_terminal_keeps_what_each_seat_decides_with() -> None:
    """Nothing a decision needs is dropped for the rows: the seat's own boards with each
    data card by slot and its hidden measures (V3, V4), the board under attack named card
    by card (the thief steals from it, V5), every other board's data by number and points
    (where to attack), the measures revealed on it by name (V4) and how many lie hidden."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne", "annuaire_interne", "dossier_medical"),
          hidden=("armoire_a_cle",))
    board(state, 1, PAPER, data=("dossier_medical", "annuaire_interne"),
          shown=("armoire_a_cle",), hidden=("destructeur",))
    give(state, 2, "armoire_ouverte")
    turn(state, 2)
    view = state.view(2)
    lines = TEXT.view(view, "fr").splitlines()  # the thief's
    assert lines[0].endswith(f" — pioche : {view['pile']}, pioche du voleur : "
                             f"{view['thief_pile']}")
    assert ("    [bold]Plateau papier[/bold] : 3 données (7 points) — [dim]1 mesure "
            "cachée[/dim]") in lines
    # one measure: « dévoilée », « ta mesure cachée » (« dévoilées » for two or more)
    assert ("    [bold]Plateau papier[/bold] : 2 données (6 points) — [green]dévoilée : "
            "Armoire fermée à clé[/green] — [dim]1 mesure cachée[/dim]") in lines
    assert "butin : aucune donnée" in lines[1]
    act(state, 2, "attack card=armoire_ouverte target=0")
    for seat in (0, 2):  # the attacked manager's own board, the board under attack
        told = TEXT.view(state.view(seat), "fr")
        assert ("Plateau papier[/bold] : standard (1) : Annuaire interne ×2 | sensible (5) : "
                "Dossier médical") in told
    assert "ta mesure cachée : Armoire fermée à clé" in TEXT.view(state.view(0), "fr")
    english = TEXT.view(state.view(1), "en")
    assert "Paper board[/bold]: standard (1): Staff directory ×2 | sensitive (5): " in english
