"""``ludinum games``: option defaults as they are typed (``non``, not Python's ``False``
nor ``false``) and the allowed values in words, French or English."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ludinum.cli import common
from ludinum.cli.main import cli
from ludinum.engine.options import Option


@pytest.fixture(autouse=True)
def _own_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "_LANG", [])


def run(*args: str) -> str:
    result = CliRunner(env={"LANG": "C.UTF-8", "LC_ALL": None, "COLUMNS": "250"}).invoke(
        cli, list(args), prog_name="ludinum")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_values_in_words() -> None:
    whole = Option("n", "int", 0, "", "", minimum=0, maximum=100)
    chance = Option("c", "float", 0.2, "", "", minimum=0.0, maximum=1.0)
    text = Option("t", "text", "", "", "")
    assert whole.allowed("fr") == "nombre entier de 0 à 100"
    assert whole.allowed("en") == "whole number from 0 to 100"
    assert chance.allowed("fr") == "nombre de 0 à 1"
    assert chance.allowed("en") == "number from 0 to 1"
    assert Option("h", "float", 0.5, "", "", maximum=0.5).allowed("fr") == (
        "nombre jusqu'à 0,5")
    assert Option("m", "int", 5, "", "", minimum=5).allowed("en") == (
        "whole number from 5")
    assert (text.allowed("fr"), text.allowed("en")) == ("texte", "text")
    flag = Option("b", "bool", False, "", "")
    assert (flag.allowed("fr"), flag.allowed("en")) == ("oui, non", "yes, no")
    typed = whole.typed
    assert (typed(False), typed(True), typed(0.2), typed(3)) == ("non", "oui", "0.2", "3")
    assert (typed(False, "en"), typed(True, "en")) == ("no", "yes")


def test_the_games_table() -> None:
    french = run("games")
    assert "False" not in french and "True" not in french
    assert "│ non " in french and "│ false " not in french
    assert "nombre entier de 0 à 100" in french
    assert "nombre de 0 à 1" in french and "texte" in french
    assert "int [" not in french and "float [" not in french
    english = run("--lang", "en", "games")
    assert "whole number from 0 to 100" in english and "number from 0 to 1" in english
    assert "nombre" not in english and "False" not in english


def test_every_metric_of_every_game_has_words_in_both_languages() -> None:
    """The lab's tables name each measure in words, never by its key (``dangers_removed``)."""
    import random

    from ludinum.games import metric_labels, registry

    for game in registry():
        state = game.new_state(game.max_players, 3)
        rng = random.Random(3)
        while not state.is_terminal():
            seat = rng.choice(state.active_players())
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        labels = metric_labels(game.name)
        missing = [key for key in state.metrics() if key not in labels]
        assert not missing, (game.name, missing)
        for key in state.metrics():
            fr, en = labels[key]
            assert fr and en and "_" not in fr + en, (game.name, key)


def test_choice_values_say_what_they_mean_beside_what_is_typed() -> None:
    """« ludinum games » listed « questions, random, host » and « dealt, chosen »: English
    words of the code with no meaning on a French screen. Each choice reads as typed after
    « -o option= », then its meaning in the reader's language (« random → Tirage au sort »),
    the typed value marked as such by the line above the table."""
    french = " ".join(run("games").split())
    assert "-o option=valeur (la valeur à taper, avant « → »)" in french
    assert "valeurs : à taper → sens" in french
    for typed, meaning in (("random", "Tirage au sort"), ("host", "Le joueur 1 commence"),
                           ("dealt", "Distribués au hasard"),
                           ("chosen", "Choisis à tour de rôle"),
                           ("victim", "La victime et qui a deviné"),
                           ("no_draw", "On joue sans piocher")):
        assert f"{typed} → {meaning}" in french, typed
    assert "questions, random, host" not in french and "dealt, chosen" not in french
    english = " ".join(run("--lang", "en", "games").split())
    assert "-o option=value (the value as typed, before « → »)" in english
    for typed, meaning in (("random", "Random draw"), ("dealt", "Dealt at random"),
                           ("no_draw", "Play on without drawing")):
        assert f"{typed} → {meaning}" in english, typed
    assert "Tirage au sort" not in english
