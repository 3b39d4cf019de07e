"""What the Voleur table is told (issue 17): true and French, choices that name the measure."""

from __future__ import annotations

import pytest

from ludinum.engine import Action
from ludinum.games.voleur import GAME
from ludinum.games.voleur.state import VoleurState
from ludinum.server import framecache, frames
from ludinum.server.clients import Client
from ludinum.server.rooms import PLAYING, Room
from ludinum.server.seats import Seat
from tests.reading import plain_spaces, unescaped
from tests.voleur.helpers import DIGITAL, PAPER, act, board, fresh, give, turn

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
    choice says which measure and where it is (hidden on the board, or in the hand);
    letting it through names the attack, which the view's line right above the choices
    names too. Each on one line of a terminal (the measure and the attack in one choice
    took two)."""
    state = _attacked()
    view = state.view(0)  # type: ignore[attr-defined]
    measure = GAME.deck.card("armoire_a_cle").name("fr")
    attack = GAME.deck.card("armoire_ouverte").name("fr")
    texts = {a.to_text(): TEXT.action(a, view, "fr")
             for a in state.legal_actions(0)}  # type: ignore[attr-defined]
    assert texts["counter from=board"] == f"Contrer avec ta mesure cachée « {measure} »"
    assert texts["counter from=hand"] == f"Contrer avec « {measure} » de ta main"
    assert texts["let_through"] == f"Ne pas contrer « {attack} »"
    assert f"[red]Attaque[/red] : « {attack} » → Joueur 1 (papier)" in TEXT.view(view, "fr")
    english = {a.to_text(): TEXT.action(a, view, "en")
               for a in state.legal_actions(0)}  # type: ignore[attr-defined]
    assert english["counter from=hand"] == "Counter with “Locked cabinet” from your hand"
    assert english["counter from=board"] == "Counter with your hidden “Locked cabinet”"


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
    """The web draws each seat's boards, scores and hands (games/voleur/web/board.js): its text
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
        # its paper board, « Papier » under the seat (the terminal's 24 rows); attacked,
        # it decides whether to counter: the other seat's boards are left out then
        assert room.state.view(seat)["attack"]["target"] == seat
        short = board_word.split()[1 if lang == "fr" else 0].capitalize()
        assert terminal.count(f"  [bold]{short}[/bold]") == 1 and hand in terminal


def test_a_drawn_board_leaves_the_attack_to_the_spotlight() -> None:
    """The terminal's view names the attack (what it does was told in the line that said
    it as it happened); a screen that draws the board shows it as the board's banner and
    in large type, so its text does not say it a third time."""
    state = _attacked()
    explained = TEXT.explain("armoire_ouverte", "fr")
    for seat in (0, 1, None):
        view = state.view(seat)  # type: ignore[attr-defined]
        assert "« Armoire restée ouverte » → Joueur 1 (papier)" in TEXT.view(view, "fr")
        assert "Armoire restée ouverte" not in TEXT.view(view, "fr", board=False)
        assert explained not in TEXT.view(view, "fr")


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
    assert attack == "Attaquer Inès, plateau numérique : « Hameçonnage »"


def test_the_thief_is_told_whom_to_take_from_without_de() -> None:
    """The thief's phone said « Touche la donnée à prendre sur le plateau de Inès. »
    (games/voleur/web/board.js): it now names the victim after « à », in French and in
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
        frames.build(client, framecache.FrameCache(room, 0.0, ["medium"]), full=True)
    room.apply(2, Action.from_text("attack card=armoire_ouverte target=0"), 1.0)
    cache = framecache.FrameCache(room, 1.0, ["medium"])
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


def _rows(text: str) -> tuple[int, str]:
    """What ``text`` takes in an 80-column terminal (``ludinum play``'s console)."""
    import io

    from ludinum.cli.console import FrenchConsole

    out = io.StringIO()
    FrenchConsole(file=out, width=80, highlight=False).print(text)
    return out.getvalue().count("\n"), out.getvalue()


def _screen(state: VoleurState, seat: int, lang: str) -> str:
    """What ``ludinum play`` prints for ``seat`` to decide: its view, then its choices."""
    from ludinum.cli.play import decision

    view = state.view(seat)
    labels = [TEXT.action(a, view, lang) for a in state.legal_actions(seat)]
    return "\n".join(decision(TEXT, view, seat, labels, lang))


def _tallest(players: int, games: int, **options: object) -> tuple[int, str]:
    """The most rows a seat's view with its choices to decide took (every seat's, in both
    languages), at every move of random games, with what it showed. Each screen's rows are
    first counted cheaply (a line of n characters takes n / 80 rows, rounded up); those
    that come near the limit are printed by the terminal's console and counted again."""
    import math
    import random

    from rich.text import Text

    def rows(text: str, near: int) -> tuple[int, str]:
        plain = Text.from_markup(text).plain.splitlines()
        if sum(max(1, math.ceil(len(line) / 80)) for line in plain) < near:
            return (0, "")
        return _rows(text)

    tallest = (0, "")
    for seed in range(games):
        state = GAME.new_state(players, seed, dict(options))
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in state.active_players():
                for lang in ("fr", "en"):
                    tallest = max(tallest, rows(_screen(state, seat, lang), 28))
            seat = rng.choice(state.active_players())
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    return tallest


@pytest.mark.parametrize("options", [{}, {"rounds": 30}, {"rounds": 30, "expert": True}])
def test_six_players_fit_a_35_row_terminal(options: dict[str, object]) -> None:
    """``ludinum play voleur --players 6``: the view of any seat with its choices under it
    fits 35 rows of an 80-column terminal at the tallest moment of 30 random games, with
    the default 15 rounds and with 30 (the most cards on the boards, the thief's biggest
    loot), in the experts' variant too: the thief's attacks and thefts, and a data
    manager's every decision (laying, defence): 33 to 34 rows at most. The tallest took
    41 (42 in bots' games: a data manager laying, eight choices, two of them two lines
    long, and every revealed measure of the other boards named with their data's
    number: 37). The seat's own boards and the board under attack name their cards, the
    other boards give their data's points, their revealed measures by name and the
    number of the hidden ones, the thief's loot its number (its points are his score)."""
    rows, shown = _tallest(6, 30, **options)
    assert 28 <= rows <= 35, (rows, shown)  # a tall one found, and it fits


@pytest.mark.parametrize("players", [4, 5, 6])
def test_bots_games_fit_a_35_row_terminal(players: int) -> None:
    """Whole games of bots (their boards fill up more than random moves do), 30 rounds,
    the experts' variant: every seat's screen at each of its decisions, the view and its
    choices, fits 35 rows of 80 columns, in French and in English."""
    from ludinum.games import make_bot

    for seed in range(2):
        state = GAME.new_state(players, seed, {"rounds": 30, "expert": True})
        bots = {s: make_bot("voleur", "medium", seed * 31 + s) for s in range(players)}
        while not state.is_terminal():
            seat = state.active_players()[0]
            for lang in ("fr", "en"):
                rows, shown = _rows(_screen(state, seat, lang))
                assert rows <= 35, (rows, shown)
            state.apply(seat, bots[seat].choose(state, seat))


def test_every_choice_takes_one_line_of_an_80_column_terminal() -> None:
    """Each choice fits one line after its number: the thief's attacks (« Attaquer Joueur
    2 sur son plateau papier avec « Document oublié sur l'imprimante » » took two), each
    card against each of five managers, ten choices at most (« 10. »); every data card
    and measure laid on either board (« Gestionnaire de mots de passe et double
    authentification », 56 characters alone, took two: a choice gives its short name),
    every discard and theft; every defence against every attack on either board (they
    named the measure and the attack and took two), in French and English."""
    from ludinum.cli.menu import menu_line
    from ludinum.games.voleur.content import ATTACK, DATA

    state = fresh(6, thief=0)
    view = state.view(0)
    texts: list[tuple[str, dict[str, object]]] = []
    for card in GAME.deck.cards:
        if card.kind == ATTACK:
            texts += [(f"attack card={card.id} target={t}", view) for t in range(1, 6)]
            for where in ("paper", "digital"):
                attacked = {**view, "attack": {"card": card.id, "board": where, "target": 1}}
                texts += [(t, attacked) for t in
                          ("counter from=board", "counter from=hand", "let_through")]
        else:
            texts += [(f"lay board={b} card={card.id}", view) for b in ("paper", "digital")]
        texts.append((f"discard card={card.id}", view))
        if card.kind == DATA:
            texts.append((f"steal card={card.id}", view))
    texts += [(f"steal category={c}", view) for c in ("standard", "confidential", "sensitive")]
    for text, seen in texts:
        for lang in ("fr", "en"):
            label = TEXT.action(Action.from_text(text), seen, lang)
            rows, shown = _rows(menu_line("10", label))
            assert rows == 1, (text, shown)
    attack = TEXT.action(Action.from_text("attack card=oubli_imprimante target=1"), view, "fr")
    assert attack == "Attaquer Joueur 2, plateau papier : « Document oublié sur l'imprimante »"
    laid = TEXT.action(Action.from_text("lay board=digital card=gestionnaire_mots_de_passe"),
                       view, "fr")
    assert laid == "Cacher « Gestionnaire de mots de passe », plateau numérique"


def test_the_attacked_terminal_reads_the_explanation_once() -> None:
    """V4: the data manager attacked in the terminal read the attack's explanation twice:
    in the line that told the attack as it happened, then under the view, right above
    their choices. The line tells it; the view names the attack only."""
    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",), hidden=("armoire_a_cle",))
    give(state, 2, "armoire_ouverte")
    turn(state, 2)
    events = act(state, 2, "attack card=armoire_ouverte target=0")
    explanation = TEXT.explain("armoire_ouverte", "fr")
    told = [TEXT.event(e, "fr") for e in events if e.kind == "attack"]
    assert len(told) == 1 and told[0].endswith(explanation), told
    screen = _screen(state, 0, "fr")
    assert explanation not in screen, screen
    assert "[red]Attaque[/red] : « Armoire restée ouverte » → Joueur 1 (papier)" in screen


def test_the_terminal_keeps_what_each_seat_decides_with() -> None:
    """Nothing a decision needs is dropped for the rows: the seat's own boards with each
    data card by slot and its hidden measures (V3, V4), the board under attack named card
    by card (the thief steals from it, V5), every other board's data by their points
    (where to attack), its revealed measures by name (V4: the table sees them) and how
    many lie hidden."""
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
    # both boards on one line where it fits 80 columns (the terminal's 24 rows)
    assert ("  [bold]Papier[/bold] : 7 points — [dim]1 mesure cachée[/dim] │ "
            "[bold]Numérique[/bold] : aucune donnée") in lines
    # a board in brief names its revealed measures, counts its hidden ones
    assert ("  [bold]Papier[/bold] : 6 points — [green]dévoilée : Armoire fermée "
            "à clé[/green] — [dim]1 cachée[/dim]") in lines
    assert "butin : aucune donnée" in lines[1]
    act(state, 2, "attack card=armoire_ouverte target=0")
    for seat in (0, 2):  # the attacked manager's own board, the board under attack
        told = TEXT.view(state.view(seat), "fr")
        assert ("Papier[/bold] : Annuaire interne ×2 (standard, 1 point) ╎ Dossier "
                "médical (sensible, 5 points)") in told
    assert "ta mesure cachée : Armoire fermée à clé" in TEXT.view(state.view(0), "fr")
    english = TEXT.view(state.view(1), "en")
    assert ("Paper[/bold]: Staff directory ×2 (standard, 1 point) ╎ Medical record "
            "(sensitive, 5 points)") in english


def test_a_manager_laying_is_told_his_hand_once() -> None:
    """A data manager's turn to lay, each card of his hand layable (both boards opened,
    V3): his eight choices name every card of it, and the hand's line above them took one
    or two of his 35 rows; it is left out. With a measure that no board can take yet (his
    boards not opened, or one of them), the hand's line stays."""
    from ludinum.games.voleur.content import DIGITAL

    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne",))
    board(state, 0, DIGITAL, data=("dossier_medical",))
    give(state, 0, "fichier_clients", "armoire_a_cle", "chiffrement_disque", "destructeur")
    turn(state, 0)
    for lang, hand in (("fr", "Ta main"), ("en", "Your hand")):
        screen = _screen(state, 0, lang)
        assert hand not in screen, screen
        for card in ("fichier_clients", "armoire_a_cle", "chiffrement_disque", "destructeur"):
            assert GAME.deck.card(card).name(lang) in screen, (card, screen)
        assert hand in TEXT.view(state.view(0), lang, board=False)  # a drawn screen keeps it
    board(state, 0, DIGITAL)
    board(state, 0, PAPER)  # no board opened: no measure can be laid (V3)
    screen = _screen(state, 0, "fr")
    assert "Ta main[/bold] : Fichier clients, Armoire fermée à clé" in screen, screen
    assert "Armoire fermée à clé »" not in screen.split("Joueur 1[/] :")[-1], screen
    turn(state, 1)  # another's turn: the hand is told
    assert "Ta main" in TEXT.view(state.view(0), "fr")


def _revealed_beside_hidden(seed: int) -> tuple[VoleurState, int, int] | None:
    """A game of random moves (``seed``) played until a data manager's board shows a
    measure revealed by a counter (V4) next to another still face down: the state, the
    seat and the board; None if the game ends first."""
    import random

    state = GAME.new_state(4, seed, {})
    rng = random.Random(seed)
    while not state.is_terminal():
        for seat in state.managers:
            for side in (0, 1):
                shown, hidden = state.shown[2 * seat + side], state.hidden[2 * seat + side]
                if shown and hidden and not set(shown) & set(hidden):
                    return state, seat, side
        seat = rng.choice(state.active_players())
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    return None


def test_another_seat_s_revealed_measures_are_named_its_hidden_ones_counted() -> None:
    """V4: a revealed measure stays face up on its board, the whole table sees it; the
    terminal only counted them on another seat's board (« 2 mesures dont 1 dévoilée »),
    although the table may know which. Each other seat's screen names it (its short
    name), on the line of its board; a measure still face down is counted, never named."""
    found = next(filter(None, map(_revealed_beside_hidden, range(40))))
    state, owner, side = found
    for viewer in (s for s in range(4) if s != owner):
        for lang in ("fr", "en"):
            lines = _screen(state, viewer, lang).splitlines()
            start = next(i for i, line in enumerate(lines)
                         if line.startswith(f"[bold]{'Player' if lang == 'en' else 'Joueur'}"
                                            f" {owner + 1}"))
            block = lines[start + 1:start + 3]  # its paper board, then its digital board
            line = block[side]
            for card in state.shown[2 * owner + side]:
                assert GAME.deck.cards[card].short(lang) in line, (lang, line)
            hidden = len(state.hidden[2 * owner + side])
            assert (f"{hidden} hidden" if lang == "en"
                    else f"{hidden} cachée") in line, (lang, line)
            for card in state.hidden[2 * owner + side]:
                name = GAME.deck.cards[card].short(lang)
                assert name not in line, (state.ids[card], line)


def test_a_manager_laying_reads_his_own_data_by_their_points() -> None:
    """His turn to lay (V3): his eight choices name what he may lay; his boards give their
    data's points and name his hidden measures (with the other boards' revealed measures
    named, his screen took 36 rows of 35). Any other moment names his data card by card."""
    from ludinum.games.voleur.content import DIGITAL

    state = fresh()
    board(state, 0, PAPER, data=("annuaire_interne", "dossier_medical"),
          hidden=("armoire_a_cle",))
    board(state, 0, DIGITAL, data=("fichier_clients",))
    give(state, 0, "fichier_clients", "destructeur", "chiffrement_disque", "annuaire_interne")
    turn(state, 0)
    screen = _screen(state, 0, "fr")
    assert ("  [bold]Papier[/bold] : 6 points — [dim]ta mesure cachée : Armoire "
            "fermée à clé[/dim]") in screen.splitlines(), screen
    assert "Dossier médical" not in screen, screen
    # a screen that draws the board writes his boards in full (it has the rows)
    assert "Dossier médical (sensible, 5 points)" in TEXT.view(state.view(0), "fr", board=False)
    turn(state, 1)
    assert "Dossier médical (sensible, 5 points)" in TEXT.view(state.view(0), "fr")


@pytest.mark.parametrize(("lang", "laid", "loot"), [
    ("fr", "Se pose face visible sur un plateau.", "Elle rejoint ton butin."),
    ("en", "Laid face up on a board.", "It goes into your loot.")])
def test_the_data_to_steal_say_they_go_to_the_loot(lang: str, laid: str, loot: str) -> None:
    """V5: « le voleur choisit une carte de donnée sur le plateau du joueur attaqué, puis
    la pose à côté de lui pour constituer son butin ». The thief's phone drew each data he
    may take as a card of the hand, with a hand card's line « Se pose face visible sur un
    plateau. »: the thief lays nothing on a board, he takes it into his loot."""
    from tests.drawing import decision as drawn_decision

    state = fresh()
    board(state, 0, DIGITAL, data=("annuaire_interne", "dossier_medical"))
    give(state, 2, "vol_ordinateur")
    turn(state, 2)
    act(state, 2, "attack card=vol_ordinateur target=0")
    act(state, 0, "let_through")
    html = drawn_decision(GAME, 2, state.view(2), list(state.legal_actions(2)), lang)
    assert html.count('class="card-tile') == 2, html
    assert laid not in html
    assert html.count(loot) == 2


def test_the_experts_thief_is_asked_for_a_category() -> None:
    """Variante « experts » (V5): the thief takes every data of one category. His phone said
    « L'attaque réussit. Touche la donnée à prendre à … » over buttons « Voler toutes les
    données « standard » »: there was no data card to touch. It asks for the category."""
    from html import unescape

    from tests.drawing import decision as drawn_decision

    state = fresh(expert=True)
    board(state, 0, PAPER, data=("annuaire_interne", "planning_conges", "contrats_commerciaux"))
    give(state, 2, "armoire_ouverte")
    turn(state, 2)
    act(state, 2, "attack card=armoire_ouverte target=0")
    act(state, 0, "let_through")
    names = ["Léa", "Sami", "Inès"]
    said = unescape(drawn_decision(GAME, 2, state.view(2), list(state.legal_actions(2)), "fr",
                                   names))
    assert "Touche la donnée" not in said, said
    assert ("L'attaque réussit. Choisis la catégorie de données à prendre à Léa."
            in plain_spaces(said)), said
    said = unescape(drawn_decision(GAME, 2, state.view(2), list(state.legal_actions(2)), "en",
                                   names))
    assert "The attack succeeds. Choose the category of data to take from Léa." in said, said


@pytest.mark.parametrize(("lang", "why"), [
    ("fr", "Une carte grisée ne peut pas être jouée maintenant : une mesure se pose sur un "
           "plateau qui a déjà une donnée."),
    ("en", "A greyed card cannot be played now: a measure goes on a board that already "
           "holds data.")])
def test_a_greyed_card_says_why_it_cannot_be_played(lang: str, why: str) -> None:
    """V3: « the first card laid on each board must be a data card ». A manager's first
    turn showed his measures greyed and dashed under « Touche une carte de ta main, puis
    le plateau où la poser. », nothing saying why a child could not tap them."""
    from tests.drawing import decision as drawn_decision

    state = fresh()
    give(state, 0, "annuaire_interne", "blocage_usb", "destructeur")
    turn(state, 0, round_=1)
    html = drawn_decision(GAME, 0, state.view(0), list(state.legal_actions(0)), lang)
    assert html.count(" idle\"") == 2, html
    said = unescaped(html)
    assert why in said, said
    # no greyed card, nothing to explain
    board(state, 0, PAPER, data=("planning_conges",))
    html = drawn_decision(GAME, 0, state.view(0), list(state.legal_actions(0)), lang)
    assert " idle\"" not in html and why not in unescaped(html)


def test_a_greyed_measure_says_its_board_under_the_matching_option() -> None:
    """``measure_board=matching`` (V3 option): a measure goes only on the board of its
    nature; with paper data laid, a digital measure stays greyed and says so."""
    from tests.drawing import decision as drawn_decision

    state = fresh(measure_board="matching")
    board(state, 0, PAPER, data=("planning_conges",))
    give(state, 0, "annuaire_interne", "blocage_usb")
    turn(state, 0, round_=1)
    html = drawn_decision(GAME, 0, state.view(0), list(state.legal_actions(0)), "fr")
    assert html.count(" idle\"") == 1, html
    said = unescaped(html)
    assert ("Une carte grisée ne peut pas être jouée maintenant : une mesure se pose sur le "
            "plateau de sa nature, une fois qu'il a une donnée.") in said, said


def test_a_thief_s_greyed_attack_says_why() -> None:
    """V5: the thief attacks a board of his card's nature that holds data and shows no
    revealed measure against it; his other attack cards were greyed without a word."""
    from tests.drawing import decision as drawn_decision

    state = fresh()
    board(state, 0, DIGITAL, data=("annuaire_interne",))
    give(state, 2, "hameconnage", "fouille_poubelles")
    turn(state, 2)
    html = drawn_decision(GAME, 2, state.view(2), list(state.legal_actions(2)), "fr")
    assert html.count(" idle\"") == 1, html
    said = unescaped(html)
    assert ("Une carte grisée ne peut pas être jouée maintenant : aucun plateau de sa nature "
            "n'a de donnée à voler sans mesure dévoilée contre elle.") in said, said


def test_the_text_under_the_drawn_board_does_not_say_the_game_and_round_again() -> None:
    """Under the drawn board the projector and every phone read « Le Voleur de Données —
    Tour 10/15 », while the board's header above says « Tour 10 / 15 » and the page's
    status « Le Voleur de Données · À qui le tour : Tom »: both said twice (met in play).
    A screen that draws the board (``board=False``) is no longer told them; the terminal,
    which draws nothing, still is."""
    state = GAME.new_state(4, 3)
    for seat in (None, *range(4)):
        view = state.view(seat)
        for lang, title in (("fr", "Le Voleur de Données"), ("en", "The Data Thief")):
            under = GAME.text.view(view, lang, board=False)
            assert title not in under and f"/{view['rounds']}" not in under, under
            assert title in GAME.text.view(view, lang)
