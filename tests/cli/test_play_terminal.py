"""``ludinum play`` as a person meets it: what to type, the player count, French spacing
that survives line wrapping, and bots that drop at once in a random order (H4)."""

from __future__ import annotations

import io
import random
import re

import pytest
from click.testing import CliRunner

from ludinum.cli.console import FrenchConsole
from ludinum.cli.main import cli
from ludinum.cli.menu import Menu, menu_line, rows
from ludinum.cli.play import choice_of, keys_of, next_seat, retry_hint
from ludinum.engine import one_of
from ludinum.games import get_game, make_bot


def test_a_choice_is_its_number_or_the_letter_it_starts_with() -> None:
    quiz = ["A. Un virus", "B. Un ver", "C. Un cheval de Troie", "D. Un spam", "Indice"]
    assert choice_of("2", quiz) == 2
    assert choice_of(" 5 ", quiz) == 5
    assert choice_of("d", quiz) == 4 and choice_of("D", quiz) == 4
    for nonsense in ("abc", "-1", "0", "6", "", "E", "1.5", "²"):
        assert choice_of(nonsense, quiz) is None
    # a letter picks only when one choice alone starts with it
    assert choice_of("a", ["A. oui", "A. non"]) is None
    assert choice_of("l", ["Lancer le dé"]) is None  # a word is not a lettered choice


def test_a_quiz_answer_is_listed_by_its_letter_alone() -> None:
    """The menu listed « 1. A. Un virus »: two keys for one answer. An answer is listed by
    the letter the projector and the phones show, any other choice by its number."""
    quiz = ["A. Un virus", "B. Un ver", "C. Un cheval de Troie", "D. Un spam", "Indice"]
    assert keys_of(quiz) == ["A", "B", "C", "D", "5"]
    assert menu_line("B", quiz[1]) == "  [cyan]B[/]. Un ver"
    assert menu_line("5", quiz[4]) == "  [cyan]5[/]. Indice"
    assert keys_of(["Lancer le dé"]) == ["1"]
    assert keys_of(["A. oui", "A. non"]) == ["1", "2"]  # one letter for two: numbers
    # Not « Tape A, B, C, D ou 5. », letters and a bare number mixed (a terminal review):
    # the numbered choice is said with what it does.
    assert retry_hint(quiz, "fr") == "Tape A, B, C ou D, ou 5 pour indice."
    assert retry_hint(quiz[:4], "en") == "Type A, B, C or D."
    assert retry_hint(["Lancer le dé", "Passer"], "fr") == "Tape un nombre de 1 à 2."
    for key, label in zip(keys_of(quiz), quiz, strict=True):  # what is shown is what works
        assert choice_of(key, quiz) == quiz.index(label) + 1


def test_a_quiz_with_a_hint_says_what_its_number_does() -> None:
    """Le jeu du Gnou with a game master: its quiz's answers are letters, its hint a
    number; the prompt typed wrong says which is which, in French and in English."""
    fr = ["A. Un virus", "B. Un ver", "C. Un cheval de Troie", "D. Un spam",
          "Demander un indice"]
    en = ["A. A virus", "B. A worm", "C. A Trojan horse", "D. Spam", "Ask for a hint"]
    assert retry_hint(fr, "fr") == "Tape A, B, C ou D, ou 5 pour demander un indice."
    assert retry_hint(en, "en") == "Type A, B, C or D, or 5 to ask for a hint."
    two = ["A. oui", "B. non", "Passer", "Abandonner"]
    assert retry_hint(two, "fr") == "Tape A ou B, 3 pour passer ou 4 pour abandonner."


def test_nonsense_at_the_prompt_is_asked_again_in_french() -> None:
    # Gnou, seed 11: the first decision is a roll (one choice), taken on Enter.
    result = CliRunner().invoke(cli, ["play", "gnou", "--players", "2", "--seed", "11"],
                                input="abc\n-1\n" + "1\n" * 400)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Appuie sur Entrée (ou tape 1)." in out  # a roll: its one choice
    assert "integer" not in out and "<=" not in out and "Error" not in out
    assert "Ton choix\u00a0: " in out or "Ton choix [1]\u00a0: " in out


def test_nonsense_at_the_prompt_in_english() -> None:
    result = CliRunner().invoke(
        cli, ["play", "gnou", "--players", "2", "--seed", "11", "--lang", "en"],
        input="abc\n" + "1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Press Enter (or type 1)." in result.output  # a roll: its one choice
    assert "Your choice: " in result.output or "Your choice [1]: " in result.output
    assert "Player 1:" in result.output and "Player 1 :" not in result.output


@pytest.mark.parametrize("players", ["0", "-3", "9"])
def test_a_wrong_player_count_is_refused_with_the_games_own_rule(players: str) -> None:
    result = CliRunner().invoke(cli, ["play", "gnou", "--players", players, "--seed", "1"])
    assert result.exit_code == 2
    assert "se joue de 2 à 6 joueurs" in result.output, result.output
    assert "--humans" not in result.output


def test_french_spacing_survives_line_wrapping() -> None:
    """rich breaks lines at any Unicode space, no-break ones included: the console keeps
    them whole, so no line starts with « ? », « : », « ! » or « »."""
    out = io.StringIO()
    console = FrenchConsole(width=20, file=out)
    console.print("Est-ce que tu viens ? Oui : « bonjour » ! Et encore ; une fois ?")
    text = out.getvalue()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert len(lines) > 2  # it did wrap
    assert not [line for line in lines if line[0] in "?:!»;"], lines
    assert "\u202f?" in text and "\u00a0:" in text  # the no-break spaces are written back
    assert "\ue000" not in text and "\ue001" not in text


def test_a_menu_still_too_tall_groups_the_choices_of_one_verb() -> None:
    """A Web Runners turn with a big hand, every group of shared words closed already,
    still listed its six « Jouer … » one a line: 11 rows where the screen left 7 (27 rows
    in all). Three choices or more beginning with the same word, shown alone, are then
    one entry (« Jouer… (6 choix) »), opened when chosen; a short menu keeps them."""
    plays = [f"Jouer {card} → cercle 1, case {n}" for n, card in enumerate(
        ("Sédentarité, 1 case", "Polémique avec un troll, 2 cases", "Exposé en classe, 5 cases",
         "Musique & streaming, 5 cases", "Hobbies et passion, 10 cases",
         "Déplacement 1 : avancer de 1"), 20)]
    labels = ["Franchir le pont (1 carte PONT) → cercle 2, case 0", *plays,
              "Attaquer avec « Surveillance »", "Attaquer avec « Bug »",
              *(f"Rester sur place en défaussant « Carte {n} »" for n in range(11))]
    keys = [str(n) for n in range(1, len(labels) + 1)]
    menu = Menu(keys, labels, 80, 7, "fr")
    assert rows(menu.lines(), 80) <= 7, menu.lines()
    assert menu.entry_labels()[:4] == [labels[0], "Jouer… (6 choix)", labels[7], labels[8]]
    assert menu.entries()[1] == [1, 2, 3, 4, 5, 6]
    shown, offered = menu.opened(menu.entries()[1], "fr")
    assert shown[0] == "  Jouer…" and offered[:6] == plays
    assert "Sédentarité, 1 case → cercle 1, case 20" in shown[1]
    # With room, every choice is listed as before.
    roomy = Menu(keys, labels, 80, 40, "fr")
    assert "Jouer… (6 choix)" not in roomy.entry_labels()
    assert sum(label.startswith("Jouer ") for label in roomy.entry_labels()) == 6


def test_a_group_of_choices_the_game_ranks_apart_is_numbered_as_shown() -> None:
    """Le Voleur ranks each card's paper board then its digital one, so the words both
    boards share gathered 1, 3, 5, 7 under « …, plateau papier » and 2, 4, 6, 8 under
    « …, plateau numérique »: the numbers jumped about the screen. Numbered as shown,
    they read 1 to 8 down it, and each number still stands for the choice beside it."""
    cards = ("Poser « Bulletins de paie »", "Poser « Arrêts de travail »",
             "Cacher « Armoire fermée à clé »", "Cacher « Sauvegardes hors ligne »")
    labels = [f"{card}, plateau {board}" for card in cards
              for board in ("papier", "numérique")]
    menu = Menu([str(n) for n in range(1, 9)], labels, 80, 40, "fr")
    assert [entry[0] for entry in menu.entries()] == [0, 2, 4, 6, 1, 3, 5, 7]
    plain = [re.sub(r"\[cyan\]|\[/\]", "", line) for line in menu.lines()]
    assert plain[0] == "  …, plateau papier" and plain[3] == "  …, plateau numérique"
    numbers = [int(n) for line in plain for n in re.findall(r"(\d+)\. ", line)]
    assert sorted(numbers) == list(range(1, 9))
    # Down each column, one group after the other: 1 2 | 3 4, then 5 6 | 7 8.
    assert numbers == [1, 3, 2, 4, 5, 7, 6, 8], plain
    for number, entry in enumerate(menu.entries(), 1):
        text = labels[entry[0]].split(", plateau")[0]
        assert any(f"{number}. {text}" in line for line in plain), (number, plain)
    # A menu whose groups keep the game's order keeps its numbers.
    kept = Menu(["1", "2", "3"], labels[::2][:3], 80, 40, "fr")
    assert kept.entries() == [[0], [1], [2]]


def test_a_long_line_goes_on_under_its_own_text() -> None:
    """A line wider than the terminal went on from its left edge: a Voleur board's line
    (« Numérique : … ╎ … — ta mesure cachée : … », up to 400 columns) and a told move
    (« • … ») read as lines of their own. Each row after the first is indented 2 columns
    more than the line, cut at a space, its colours kept, never wider than the terminal;
    a paragraph at the left edge wraps as before."""
    out = io.StringIO()
    console = FrenchConsole(width=40, file=out, color_system="truecolor")
    console.print("  [bold]Numérique :[/bold] Planning des congés (standard, 1 point)"
                  " ╎ [red]Fichier clients[/red] (hautement confidentielle, 3 points)")
    console.print("• Bot 3 pose « Bulletins de paie » sur son plateau papier.")
    console.print("  " + "x" * 90)
    console.print("Jeu coopératif : l'équipe fait avancer un seul pion jusqu'à la fin.")
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out.getvalue()).splitlines()
    assert plain[:4] == ["  Numérique : Planning des congés",
                         "    (standard, 1 point) ╎ Fichier",
                         "    clients (hautement confidentielle, 3",
                         "    points)"]
    assert plain[4:6] == ["• Bot 3 pose «\u202fBulletins de paie\u202f» sur",
                          "  son plateau papier."]
    assert plain[6:9] == ["  " + "x" * 38, "    " + "x" * 36, "    " + "x" * 16]
    # A paragraph at the left edge (a game's summary) wraps as it did, flush left.
    assert [line.rstrip().replace("\xa0", " ") for line in plain[9:]] == [
        "Jeu coopératif : l'équipe fait avancer", "un seul pion jusqu'à la fin."]
    assert "\x1b[1mNumérique :" in out.getvalue()  # still bold
    assert "\x1b[31mclients" in out.getvalue()  # the red carried over the cut


def test_bots_deciding_at_once_move_in_a_random_order() -> None:
    """H4: a Hacker traveller (the person) sees each virus appear; the bots that drop
    during the trip move in a random order, drawn from the game's seed."""
    game = get_game("hacker")
    state = game.new_state(4, 5)
    bots = {seat: make_bot("hacker", "random", seat) for seat in (1, 2, 3)}
    order = random.Random("5:order")
    for _ in range(2000):  # to the person's trip: every bot free to drop
        deadline = state.deadline()
        if deadline is not None and deadline.kind == "trip" and deadline.player == 0 \
                and len(state.active_players()) == 4:
            break
        p = next(q for q in state.active_players() if deadline is None or q != deadline.player)
        state.apply(p, state.legal_actions(p)[0])
    else:
        raise AssertionError("no trip of seat 0")
    movers = []
    while True:
        seat = next_seat(state, bots, None, order)
        if seat not in bots:
            break
        movers.append(seat)
        state.apply(seat, bots[seat].choose(state, seat))
    assert set(movers) == {1, 2, 3}
    assert movers != sorted(movers)
    # the same seed gives the same order
    assert [one_of((1, 2, 3), random.Random("x")) for _ in range(3)] == \
        [one_of((1, 2, 3), random.Random("x")) for _ in range(3)]


@pytest.mark.parametrize("name", ["webrunners", "gnou", "hacker", "voleur"])
def test_the_end_says_why_where_everyone_finished_and_what_the_game_teaches(
    name: str,
) -> None:
    """A terminal review: end screens said « Joueur 1 3 · Joueur 2 26 » and taught
    nothing. Now: why the game ended (``GameText.ending``), each seat's place or points
    in words, and the game's lessons, as on the classroom's end screen."""
    game = get_game(name)
    result = CliRunner().invoke(cli, ["play", name, "--humans", "0", "--seed", "3"])
    assert result.exit_code == 0, result.output[-1500:]
    end = result.output.split("─" * 40)[-1]
    assert "Ce que la partie nous apprend" in end
    if not game.cooperative:
        # points (money: « en billets ») in the game's words, or places
        unit = game.text.score_words(2).split(" ", 1)[1]
        assert unit in end or "le centre" in end
    lessons = [line for line in end.splitlines() if line.startswith("• ")]
    assert len(lessons) >= 4


def test_passed_around_the_last_move_is_printed_once() -> None:
    """Pass-and-play: the last person's move was printed on their screen, then again for
    the whole table at the end. The move that ends the game is told by the end itself
    (« The team won! », then why), not by its event line as well
    (``GameText.endings``)."""
    result = CliRunner().invoke(
        cli, ["play", "gnou", "--humans", "2", "-p", "3", "--seed", "21", "--lang", "en"],
        input="\n" + "1\n" * 3000)
    assert result.exit_code == 0, result.output[-1500:]
    out = result.output
    assert out.count("The team won!") == 1 and "victory!" not in out
    assert out.count("the pawn goes to cell 42 (free society)") == 1


def test_a_hacker_seat_has_one_name_on_the_terminal() -> None:
    """Hacker's text calls seats by colour (« Rouge (J1) »): the hand-over, the menus and
    the end say the same, never « Joueur 1 » beside it (``GameText.seat_label``)."""
    result = CliRunner().invoke(cli, ["play", "hacker", "--humans", "2", "--seed", "3"],
                                input="\n" + "1\n" * 3000)
    assert result.exit_code == 0, result.output[-1500:]
    out = result.output.replace("\u00a0", " ")
    assert "Passe l'appareil à Rouge (J1)" in out
    assert "Rouge (J1) :" in out  # the menu's header
    assert "Joueur 1" not in out and "Joueur 2" not in out


@pytest.mark.parametrize(("lang", "scores", "points"),
                         [("fr", "Argent :", " : 17 en billets"),
                          ("en", "Money:", ": 17 in bills")])
def test_the_end_of_hacker_says_the_scores_once(lang: str, scores: str, points: str) -> None:
    """Hacker's end board listed « Scores : 1 pour Rouge (J1) ; 17 pour Bleu (J2) ; … »,
    then the end said them again in words (« Rouge (J1) : 1 point · Bleu (J2) : 17 points
    … »). Its scores line is the game's result line now (``GameText.result``), left out of
    the board printed above, as the other games' end does. The amounts are money, in the
    game's words (« Ton argent », the end screen's « Argent » column: H9), not points."""
    result = CliRunner().invoke(cli, ["play", "hacker", "--humans", "0", "--seed", "3",
                                      "--bots", "random", "--lang", lang])
    assert result.exit_code == 0, result.output[-1500:]
    end = " ".join(result.output.replace("\u00a0", " ").split("─" * 40)[-1].split())
    assert scores not in end, end
    assert end.count(points) == 2, end  # Bleu (J2) and Jaune (J4): 17 each, once each
    assert " point" not in end, end
    # Before the end the board has no result line to leave out.
    game = get_game("hacker")
    assert game.text.result({"phase": "trip", "round": 1, "rounds": 4}, lang) == ""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_end_of_le_voleur_says_the_points_once(lang: str) -> None:
    """Le Voleur's end board gave each seat's points (« Joueur 2 — 33 points, 1 carte,
    3 preuves », « Voleur : Joueur 1 — 30 points — butin : 8 données »), then the end's
    line said them again (« Joueur 1 : 30 points · Joueur 2 : 33 points · … »). The end
    board leaves them out (``GameText.end_board``); the line under the winner
    says them, once, beside each name (V7: the most points win)."""
    result = CliRunner(env={"COLUMNS": "250"}).invoke(
        cli, ["play", "voleur", "--humans", "0", "-p", "3", "--seed", "4", "--lang", lang])
    assert result.exit_code == 0, result.output[-1500:]
    end = result.output.replace("\u00a0", " ").split("─" * 40)[-1]
    end = end.split("Ce que la partie" if lang == "fr" else "What this game teaches")[0]
    colon = " :" if lang == "fr" else ":"
    player = "Joueur" if lang == "fr" else "Player"
    said = [line for line in end.splitlines() if " points" in line and "·" in line]
    assert said == [f"{player} 1{colon} 30 points · {player} 2{colon} 33 points · "
                    f"{player} 3{colon} 10 points"], end
    # the board's seat lines keep what only they say: cards, proofs, the thief's loot
    assert f"{player} 2 — 1 {'carte' if lang == 'fr' else 'card'}, 3 " in end, end
    assert ("butin : 8 données" if lang == "fr" else "loot: 8 data car") in end, end
    assert not re.search(r"— \d+ points?\b", end), end
    # the game's own view, elsewhere, still gives each seat's points (the web's, a turn's)
    game = get_game("voleur")
    state = game.setup(game.make_config(3, 4))
    assert re.search(r"— \d+ points?", game.text.view(state.view(None), lang))
