"""Between two turns of the terminal's person, the bots' moves are summed up: a 7-player
Hacker game printed a median of 23 lines and up to 39 there (each trip's start, every drop
« Un virus apparaît sur le compte 10 pendant le trajet de Bleu (J2). », the return, the
crediting; each guess of each protection), which scrolled the board and the decision off an
80 × 24 screen. A trip reads as one line of what the table may know (H3, H4: during whose
trip each virus was dropped, never who dropped it), a seat's protection as one line (H5);
what concerns the person stays whole: a virus on their account, a drop they noticed, their
own results (``cli/digest.py``, ``games/hacker/digest.py``)."""

from __future__ import annotations

import io
import re
import statistics

from click.testing import CliRunner
from rich.console import Console

from ludinum.cli.main import cli
from ludinum.cli.play import Feed
from ludinum.engine import Event, deciders, visible
from ludinum.games import get_game, make_bot

GAME = get_game("hacker")
STATE = GAME.new_state(7, 5, {})
VIEW = STATE.view(0)
MINE = [a["id"] for a in VIEW["accounts"] if a["owner"] == 0]
THEIRS = [a["id"] for a in VIEW["accounts"] if a["owner"] not in (0, 1)]


def _feed() -> Feed:
    return Feed(Console(file=io.StringIO()), GAME.text, "fr", live=False,
                views=STATE.view)


def test_a_bot_s_trip_is_one_line_and_what_concerns_the_person_stays_whole() -> None:
    other, mine = THEIRS[0], MINE[0]
    noticed = Event("noticed", {"dropper": 2, "account": other, "trip": 1, "index": 0}, (0,))
    feed = _feed()
    feed.add([Event("trip", {"traveller": 1}),
              Event("dropped", {"account": other, "trip": 1}),
              Event("dropped", {"account": mine, "trip": 1}), noticed,
              Event("dropped", {"account": THEIRS[1], "trip": 1}),
              Event("dropped", {"account": other, "trip": 1}),
              Event("returned", {"traveller": 1, "drops": 4}),
              Event("bill", {"value": 3}, (1,)),
              Event("credited", {"player": 1, "account": 1})], None)
    a, b, c = sorted((other + 1, THEIRS[1] + 1, mine + 1))
    assert feed.lines(0) == [
        f"• Trajet de Bleu (J2) : 4 virus (comptes {a}, {b} et {c}) ; compte 2 crédité.",
        f"• Un virus apparaît sur le compte {mine + 1} pendant le trajet de Bleu (J2).",
        f"• Tu as vu Vert (J3) poser un virus sur le compte {other + 1} !"]
    # the traveller's own screen: « ton trajet », its bill whole
    traveller = feed.lines(1)
    assert traveller[0].startswith("• Ton trajet : 4 virus (comptes "), traveller
    assert traveller[-2:] == ["• Tu rapportes un billet de 3. Crédite-le.",
                              "• Tu crédites le compte 2."]
    assert feed.lines(1) == []
    english = Feed(Console(file=io.StringIO()), GAME.text, "en", live=False,
                   views=STATE.view)
    english.add([Event("trip", {"traveller": 6}), Event("returned", {"traveller": 6,
                                                                     "drops": 0})], None)
    assert english.lines(0) == ["• Orange (P7)'s trip: no virus."]


def test_a_seat_s_protection_is_one_line() -> None:
    k = THEIRS[0]
    owner = VIEW["accounts"][k]["owner"]
    feed = _feed()
    feed.add([Event("protection"),
              Event("resolve", {"player": owner, "account": k}),
              Event("guess", {"player": owner, "account": k, "right": True}),
              Event("guess", {"player": owner, "account": k, "right": False}),
              Event("guess", {"player": owner, "account": k, "right": False}),
              Event("emptied", {"account": k, "count": 2})], None)
    who = GAME.text.seat_label(owner, "fr")
    assert feed.lines(0)[1:] == [f"• {who} protège le compte {k + 1} : 1 bien vu, 2 billets "
                                 "volés ; vidé (2 virus écartés)."]


def test_only_the_public_events_are_summed_up_and_a_trip_names_its_traveller_alone() -> None:
    """Never more than the seat was told: a private event keeps its own line (a noticed
    drop, a bill), and a trip's line names no seat but the traveller (H4)."""
    state = GAME.new_state(5, 3, {})
    bots = {seat: make_bot("hacker", "medium", seat) for seat in range(5)}
    feeds = {seat: _feed_for(state) for seat in range(5)}
    trips = 0
    while not state.is_terminal():
        player = sorted(deciders(state))[0]
        events = state.apply(player, bots[player].choose(state, player))
        for seat, bot in bots.items():
            bot.observe(seat, visible(events, seat))
        for seat, feed in feeds.items():
            feed.add(events, None)
            told = GAME.text.told(feed.history[feed.seen.get(seat, 0):], seat)
            keys = GAME.text.gist([event for event, _ in told], seat, state.view(seat))
            assert all(key is None for (event, _), key in zip(told, keys, strict=True)
                       if event.to is not None)
            for line in feed.lines(seat):
                if "rajet" in line and ":" in line:
                    trips += 1
                    assert len(set(re.findall(r"\(J\d\)", line))) <= 1, line
    assert trips > 5


def _feed_for(state: object) -> Feed:
    return Feed(Console(file=io.StringIO()), GAME.text, "fr", live=False,
                views=state.view)  # type: ignore[attr-defined]


def _between_turns(seed: int) -> list[int]:
    """The feed's lines printed between one choice of the person and the next decision
    screen, in a whole 7-player game (the person choosing the first choice each time)."""
    result = CliRunner().invoke(cli, ["play", "hacker", "-p", "7", "--seed", str(seed)],
                                input="1\n" * 900, terminal_width=80)
    assert result.exit_code == 0, result.output[-1500:]
    out = result.output.replace("\xa0", " ")
    drops = [line for line in out.splitlines() if "Un virus apparaît" in line]
    mine = [str(k + 1) for k in MINE]
    # a drop said whole is on one of the person's accounts (seat 0's, the same layout)
    assert all(re.search(r"compte (\d+)", line)[1] in mine for line in drops), drops  # type: ignore[index]
    return [len([line for line in chunk.split("\n\n")[0].splitlines()
                 if line.startswith("• ")])
            for chunk in out.split("Ton choix : ")[1:]]


def test_a_seven_player_game_prints_a_short_summary_between_two_turns() -> None:
    counts = _between_turns(5)
    assert max(counts) <= 16, counts  # 39 before
    assert statistics.median([c for c in counts if c > 2]) <= 12, counts  # 23 before
