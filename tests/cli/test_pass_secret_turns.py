"""Pass-and-play in the terminal tells the table nothing a seat keeps secret by the way the
device goes round. A review found that in Hacker the device was handed by name to the
thief after a wrong guess (« Passe l'appareil à Bleu (J2) »): with ``reveal=victim`` (H5)
only the victim may learn whose virus it was, and the whole table read it. Now, while a
seat decides in secret, the device goes round every person on it from the one after its
holder (``engine.passing``); each other game hands it only to seats everyone knows act."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from ludinum.cli import handover as pass_screen
from ludinum.cli import play as play_cmd
from ludinum.cli.main import cli
from ludinum.engine import Action, Event, State
from ludinum.games import get_game
from tests.passing_checks import Handed, handover, secret_now, unexplained


def played(monkeypatch: pytest.MonkeyPatch, game: str, args: list[str],
           answers: str = "1\n") -> tuple[list[Handed], str]:
    """Play ``ludinum play game *args`` answering ``answers`` over and over: every
    handover and the output."""
    text = get_game(game).text
    states: list[State] = []
    handed: list[Handed] = []
    secret = [False]
    loop = play_cmd._loop

    def spying_loop(console: Any, game_text: Any, state: State, *rest: Any) -> None:
        states.append(state)
        apply = state.apply

        def spying_apply(player: int, action: Action) -> list[Event]:
            secret[0] = secret[0] or secret_now(state)
            return apply(player, action)

        state.apply = spying_apply  # type: ignore[method-assign]
        loop(console, game_text, state, *rest)

    def hand_to(screen: pass_screen.PassScreen, name: str) -> None:
        state = states[-1]
        seat = next(p for p in range(state.config.players)
                    if text.seat_label(p, screen.lang) == name)
        handed.append(handover(state, seat, secret[0], handed))
        secret[0] = False

    monkeypatch.setattr(play_cmd, "_loop", spying_loop)
    monkeypatch.setattr(pass_screen.PassScreen, "hand_to", hand_to)
    result = CliRunner().invoke(cli, ["play", game, *args], input=answers * 6000)
    assert result.exit_code == 0, result.output[-2000:]
    return handed, result.output


@pytest.mark.parametrize(("game", "players", "humans", "seed"), [
    ("hacker", 4, 4, 7), ("hacker", 4, 4, 3), ("hacker", 5, 3, 11), ("hacker", 6, 2, 4),
    ("voleur", 4, 4, 5), ("webrunners", 4, 4, 6), ("gnou", 4, 4, 2),
])
def test_the_device_goes_by_name_only_where_the_table_knows_who_acts(
    monkeypatch: pytest.MonkeyPatch, game: str, players: int, humans: int, seed: int
) -> None:
    """Every handover names a seat the whole table may know is acting, except during a
    secret decision: then the device goes round every person on it, in seat order from
    the one after its holder, whoever the secret seat is (a bot's secret too: were the
    device to stay put, the table would know the secret seat is a bot's)."""
    handed, _ = played(monkeypatch, game, ["-p", str(players), "--humans", str(humans),
                                           "--seed", str(seed)])
    assert not unexplained(handed, range(humans)), [
        (i, handed[max(0, i - humans):i + humans]) for i in unexplained(handed, range(humans))]
    rounds = sum(now or since for _, now, since, *_ in handed)
    if game == "hacker":
        assert rounds >= 2  # the game did have thefts to hide
    else:
        assert rounds == 0  # nobody acts in secret: each handover names who acts
