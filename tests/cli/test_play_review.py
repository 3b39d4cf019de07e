"""``ludinum play`` as a new player met it in a play review: Enter alone said nothing, a
Web Runners turn offered « Rester sur place en défaussant » as its first choice, and the
end's « L’équipe » wrote its apostrophe unlike the rest of the terminal's text."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from ludinum.cli.main import cli
from ludinum.cli.play import ranked, retry_hint
from ludinum.games import get_game

STAYING = ("Rester sur place", "Stay, discarding")


@pytest.mark.parametrize(("lang", "hint"), [("fr", "Tape un nombre de 1 à 11."),
                                             ("en", "Type a number from 1 to 11.")])
def test_enter_alone_is_asked_again_with_what_to_type(lang: str, hint: str) -> None:
    """The first Web Runners question has 11 answers: Enter alone asked it again in
    silence, as if the key did nothing."""
    result = CliRunner().invoke(
        cli, ["play", "webrunners", "--seed", "3", "--lang", lang],
        input="\n" + "1\n" * 600)
    assert result.exit_code == 0, result.output[-1500:]
    first = result.output.split(hint)[0]
    assert hint in result.output, result.output[:3000]
    # Said once, right after the first question: the question is asked again below it.
    prompt = "Your choice" if lang == "en" else "Ton choix"
    assert first.count(prompt) == 1
    assert result.output.split(hint)[1].lstrip().startswith(prompt)


def _menus(seed: int) -> list[list[str]]:
    """The menus seat 0 is shown in a Web Runners game played at random (``seed``)."""
    game = get_game("webrunners")
    state = game.new_state(4, seed)
    rng = random.Random(seed)
    menus = []
    while not state.is_terminal():
        seat = rng.choice(state.active_players())
        view = state.view(seat)
        legal = ranked(game.text, view, state.legal_actions(seat))
        if seat == 0:
            menus.append([game.text.action(a, view, "fr") for a in legal])
        state.apply(seat, rng.choice(legal))
    return menus


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_web_runners_turn_lists_moves_first_and_staying_last(seed: int) -> None:
    """The menu of a turn listed the legal actions in the rules' order, card by card:
    « 1. Rester sur place en défaussant … » before any move. Now getting nearer the
    centre comes first (crossing, then the cards that move), staying in place last."""
    turns = 0
    for menu in _menus(seed):
        stays = [i for i, label in enumerate(menu) if label.startswith(STAYING)]
        if not stays or len(stays) == len(menu):
            continue
        turns += 1
        assert stays == list(range(len(menu) - len(stays), len(menu))), menu
        moves = [i for i, label in enumerate(menu)
                 if label.startswith(("Jouer ", "Franchir le pont"))]
        if moves:
            assert moves == list(range(len(moves))), menu
    assert turns >= 3


def test_the_first_web_runners_turn_offers_a_move_first() -> None:
    """Seed 3, the review's game: its first turn's choice 1 was « Rester sur place en
    défaussant Matériel reconditionné »."""
    result = CliRunner().invoke(cli, ["play", "webrunners", "--seed", "3"],
                                input="1\n" * 600)
    assert result.exit_code == 0, result.output[-1500:]
    turn = result.output.split("— tour 1")[1]
    first = next(line for line in turn.splitlines() if line.startswith("  1. "))
    assert first.startswith("  1. Jouer "), first


@pytest.mark.parametrize("humans", ["1", "2"])
def test_the_terminal_writes_its_apostrophes_as_the_project_does(humans: str) -> None:
    """« L’équipe a perdu. » and « Passe l’appareil à » used a curly apostrophe where
    every other line of the terminal (the games' texts, the prompts) uses ' ."""
    result = CliRunner().invoke(
        cli, ["play", "gnou", "-p", "3", "--humans", humans, "--seed", "3"],
        input="\n1\n" * 800)
    assert result.exit_code == 0, result.output[-1500:]
    assert "L'équipe a gagné" in result.output or "L'équipe a perdu" in result.output
    if humans == "2":
        assert "Passe l'appareil à Joueur 2" in result.output
    assert "’" not in result.output


def test_a_single_choice_is_not_a_number_from_1_to_1() -> None:
    """Something else typed where the one choice is taken on Enter (a roll) said « Tape
    un nombre de 1 à 1. »."""
    assert retry_hint(["Lancer le dé"], "fr") == "Appuie sur Entrée (ou tape 1)."
    assert retry_hint(["Roll the die"], "en") == "Press Enter (or type 1)."
    result = CliRunner().invoke(cli, ["play", "gnou", "--players", "2", "--seed", "11"],
                                input="7\n" + "1\n" * 400)
    assert result.exit_code == 0, result.output[-1500:]
    assert "Appuie sur Entrée (ou tape 1)." in result.output
    assert "de 1 à 1." not in result.output


def test_a_hacker_trip_lists_the_drops_first_and_ending_the_trip_last() -> None:
    """While dropping viruses, the terminal's choice 1 was « J'ai fini pour ce trajet »:
    answering 1 ended every trip at once. The drops (and a thief's bills) come first."""
    game = get_game("hacker")
    rng = random.Random(4)
    menus = 0
    for seed in range(3):
        state = game.new_state(5, seed)
        while not state.is_terminal():
            seat = rng.choice(state.active_players())
            view = state.view(seat)
            legal = ranked(game.text, view, state.legal_actions(seat))
            kinds = [a.kind for a in legal]
            ending = [i for i, k in enumerate(kinds) if k in ("done", "return")]
            if ending and len(ending) < len(kinds):
                menus += 1
                assert ending == list(range(len(kinds) - len(ending), len(kinds))), kinds
            state.apply(seat, rng.choice(legal))
    assert menus >= 10
