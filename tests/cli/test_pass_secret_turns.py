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
from tests.passing_checks import Handed, handover, secret_now, twin_move, unexplained


def played(monkeypatch: pytest.MonkeyPatch, game: str, args: list[str],
           answers: str = "1\n", steps: list[tuple[Any, ...]] | None = None
           ) -> tuple[list[Handed], str]:
    """Play ``ludinum play game *args`` answering ``answers`` over and over: every
    handover and the output. In ``steps``, in order: each move of a person (``move``, the
    seat, its view as the terminal prints it right after the move), each handover
    (``hand``, the seat) and each « Ton tour est fini » (``done``, the seat, the lines and
    the view it shows)."""
    text = get_game(game).text
    states: list[State] = []
    handed: list[Handed] = []
    secret = [False]
    loop = play_cmd._loop
    humans = int(args[args.index("--humans") + 1])
    steps = [] if steps is None else steps
    turn_over = pass_screen.PassScreen.turn_over

    def spying_loop(console: Any, game_text: Any, state: State, *rest: Any) -> None:
        states.append(state)
        apply = state.apply

        def spying_apply(player: int, action: Action) -> list[Event]:
            secret[0] = secret[0] or secret_now(state)
            events = apply(player, action)
            if player < humans:
                steps.append(("move", player, text.view(state.view(player), "fr")))
            return events

        state.apply = spying_apply  # type: ignore[method-assign]
        loop(console, game_text, state, *rest)

    def spying_turn_over(screen: pass_screen.PassScreen, name: str, lines: list[str],
                         view: str) -> None:
        state = states[-1]
        seat = next(p for p in range(state.config.players)
                    if text.seat_label(p, screen.lang) == name)
        steps.append(("done", seat, lines, view))
        turn_over(screen, name, lines, view)

    def hand_to(screen: pass_screen.PassScreen, name: str) -> None:
        state = states[-1]
        seat = next(p for p in range(state.config.players)
                    if text.seat_label(p, screen.lang) == name)
        handed.append(handover(state, seat, secret[0], handed))
        steps.append(("hand", seat))
        secret[0] = False

    monkeypatch.setattr(play_cmd, "_loop", spying_loop)
    monkeypatch.setattr(pass_screen.PassScreen, "hand_to", hand_to)
    monkeypatch.setattr(pass_screen.PassScreen, "turn_over", spying_turn_over)
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


def handed_twin(monkeypatch: pytest.MonkeyPatch,
                swapped: bool) -> tuple[list[str], list[dict[str, Any]]]:
    """The names the terminal hands the device to, idle visits included, and every change
    of what the whole table sees (``view(None)``) before the end, in one of the two Hacker
    games of :func:`twin_move` played by four people on one terminal."""
    states: list[State] = []
    names: list[str] = []
    public: list[dict[str, Any]] = []
    now: dict[str, Any] = {}
    loop, rank, decide = play_cmd._loop, play_cmd.ranked, play_cmd.screen

    def spying_loop(console: Any, game_text: Any, state: State, *rest: Any) -> None:
        states.append(state)
        apply = state.apply

        def spying_apply(player: int, action: Action) -> list[Event]:
            events = apply(player, action)
            seen = state.view(None)
            if not state.is_terminal() and (not public or public[-1] != seen):
                public.append(seen)
            return events

        state.apply = spying_apply  # type: ignore[method-assign]
        loop(console, game_text, state, *rest)

    def spying_ranked(text: Any, view: Any, legal: Any) -> list[Action]:
        now["legal"] = rank(text, view, legal)
        return list(now["legal"])

    def spying_screen(text: Any, view: Any, seat: int, labels: list[str],
                      lang: str, *rest: Any) -> tuple[list[str], Any]:
        now["seat"] = seat
        return decide(text, view, seat, labels, lang)  # every choice its own entry

    def answer(console: Any, labels: list[str], lang: str) -> int:
        if labels in ([play_cmd.nothing_to_do(lang)], [play_cmd.nothing_to_do(lang, True)]):
            return 1
        legal = now.pop("legal")
        return legal.index(twin_move(states[-1], now["seat"], legal, swapped)) + 1

    monkeypatch.setattr(play_cmd, "_loop", spying_loop)
    monkeypatch.setattr(play_cmd, "ranked", spying_ranked)
    monkeypatch.setattr(play_cmd, "screen", spying_screen)
    monkeypatch.setattr(play_cmd, "ask", answer)
    monkeypatch.setattr(pass_screen.PassScreen, "hand_to", lambda _, name: names.append(name))
    monkeypatch.setattr(pass_screen.PassScreen, "turn_over", lambda *_: None)
    result = CliRunner().invoke(cli, ["play", "hacker", "-p", "4", "--humans", "4", "--seed",
                                      "9", "-o", "vigilance=0"])
    assert result.exit_code == 0, result.output[-2000:]
    return names, public


def test_the_device_goes_the_same_way_whatever_viruses_each_still_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """During a trip (turn-based on one device, H3) how many viruses each player still
    holds and who said « J'ai fini » are secrets (H2, H4): two games the table cannot tell
    apart (one player with no virus left, or with viruses and done) hand the device to the
    same names in the same order. It went only to the players with a decision, skipping
    the one with no virus left for the whole table to see."""
    with monkeypatch.context() as patch:
        one, public = handed_twin(patch, False)
    with monkeypatch.context() as patch:
        other, public_too = handed_twin(patch, True)
    assert public == public_too  # the table cannot tell the two games apart
    assert len(one) > 20
    assert one == other


def turns_over(steps: list[tuple[Any, ...]]) -> list[str]:
    """What is wrong with the « Ton tour est fini » of a game's ``steps`` (:func:`played`):
    each turn of a person ended by their own move shows it, before the device goes on
    (to them again too), as their game stood right after that move."""
    wrong = []
    last: tuple[Any, ...] | None = None  # the last move of the person holding the device
    for i, step in enumerate(steps):
        if step[0] == "move":
            last = step
        elif step[0] == "done":
            if last is None or last[1] != step[1] or last[2] != step[3]:
                wrong.append(f"step {i}: « Ton tour est fini » not as after the move")
            last = None
        elif step[0] == "hand" and last is not None:
            wrong.append(f"step {i}: handed on with no « Ton tour est fini »")
    if last is not None:
        wrong.append("the game ended with no « Ton tour est fini »")
    return wrong


@pytest.mark.parametrize(("game", "players", "humans", "seed", "told"), [
    ("webrunners", 4, 4, 6, "Tu pioches"), ("hacker", 4, 4, 7, "Tu "),
    ("voleur", 4, 4, 5, ""), ("gnou", 4, 4, 2, ""), ("hacker", 5, 3, 11, "Tu "),
])
def test_a_person_reads_the_result_of_their_move_before_passing_the_device(
    monkeypatch: pytest.MonkeyPatch, game: str, players: int, humans: int, seed: int,
    told: str
) -> None:
    """At a real table a player looks at the card they drew before passing the cards on:
    every turn ended by the person's own move shows « Ton tour est fini », the lines told
    them since their decision (Web Runners' « Tu pioches : … ») and their game as it stood
    right after the move (whatever the bots did next), until they press Enter, whether
    the move had a private result or not; the last move of the game too, before the
    end."""
    steps: list[tuple[Any, ...]] = []
    _, output = played(monkeypatch, game, ["-p", str(players), "--humans", str(humans),
                                           "--seed", str(seed)], steps=steps)
    assert not turns_over(steps), turns_over(steps)[:5]
    dones = [step for step in steps if step[0] == "done"]
    assert len(dones) > 5
    assert any(line.startswith("• " + told) for _, _, lines, _ in dones for line in lines)
    assert "Ton tour est fini" in output
    assert "appuie sur Entrée pour cacher ton jeu" in output
    # The last move's result is read before the end is shown.
    assert output.rindex("Ton tour est fini") < output.rindex("Ce que la partie nous apprend")


def test_past_the_end_the_idle_screen_says_the_game_is_over() -> None:
    """The round goes on past the game's end so that the table does not learn whose secret
    move ended it; its idle screens read « Rien à faire pour toi cette fois » under the
    final board. They say the game is over, and nothing before the end says so."""
    result = CliRunner().invoke(cli, ["play", "hacker", "-p", "4", "--humans", "2",
                                      "--seed", "21"], input="1\n" * 600)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output.replace("\u00a0", " ")
    end = out.index("— partie finie")
    assert "La partie est finie : passer l'appareil" in out[end:]
    assert "Rien à faire pour toi cette fois" not in out[end:]
    assert "La partie est finie : passer l'appareil" not in out[:end]
