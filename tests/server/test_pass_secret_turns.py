"""A device passed around the table (the shared screen, ``/pass/<code>``) tells the table
nothing a seat keeps secret, neither on its privacy screen (« Passe l'appareil à … ») nor
by where it goes. A review found that in Hacker the device was handed by name to the
thief after a wrong guess: with ``reveal=victim`` (H5) only the victim may learn whose
virus it was, and the whole table read it. Now, while a seat decides in secret, the device
goes round every person on it from the one after its holder (``engine.passing``), each
shown their own game, whoever the secret seat is, a bot's secret too."""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum.engine import Action
from ludinum.server.catalog import Catalog
from tests.passing_checks import Handed, handover, secret_now, twin_move, unexplained
from tests.server.helpers import Conn, create_room, hello, join, leaves, make_app

NAMES = ("Léa", "Noé", "Tom", "Inès", "Jade", "Sami")
REVEAL = re.compile(r'data-reveal="(\d+)"')
#: The card of a visit ended by the seat's own move (« Ton tour est fini »).
DONE = "Ton tour est fini"
#: How a test picks a move on the shared screen: from the state and the offered actions
#: (each with its seat and its action), the one to tap.
Chooser = Callable[[Any, list[dict[str, Any]]], dict[str, Any]]


def random_choice(rng: random.Random) -> Chooser:
    return lambda _, offered: rng.choice(offered)



def strings(value: Any) -> set[str]:
    """The strings of a view, its keys too (Le Voleur's deck composition, public, names
    every card by its key)."""
    if isinstance(value, dict):
        return set(value) | strings(list(value.values()))
    return leaves(value) if not isinstance(value, list) else set().union(
        *(strings(v) for v in value))


def hidden_from_table(state: Any) -> set[str]:
    """What some seat knows that the table does not (its view's own strings)."""
    shown = strings(state.view(None)) | set(NAMES)
    out: set[str] = set()
    for seat in range(state.config.players):
        out |= leaves(state.view(seat)) - shown
    return out


def shared_text(conn: Conn, message: dict[str, Any]) -> str:
    """Everything the shared screen holds after ``message``: its slots, the log lines it
    was sent and what it draws its board from (all it was sent so far)."""
    return " ".join([*conn.page.values(), *(line["text"] for line in message["log"]),
                     str(conn.drawn)])


def play_shared(client: TestClient, stack: Any, game: str, players: int, people: int,
                seed: int, steps: int = 4000, options: dict[str, Any] | None = None,
                choose: Chooser | None = None, after_end: list[str] | None = None,
                screens: list[str] | None = None, dones: list[dict[str, Any]] | None = None
                ) -> tuple[list[Handed], list[str]]:
    """A room of ``game`` with ``people`` of its seats on one shared device (the others
    bots), played at random (or as ``choose`` says) to its end: every handover (the seat
    named, whether a seat decides in secret now, whether one did since the last handover,
    the seat that held the device) and every leak found on the hidden screen; the privacy
    cards shown once the game had ended go in ``after_end``, what the table sees under
    each privacy card (the card, the status line, the board's public view) in
    ``screens``, each step « Ton tour est fini » (the visit it ends, counted from 0, the
    seat, its card, status line, what the page draws and the lines it was told) in
    ``dones``, with each visit with nothing to do (kind ``idle``).

    A visit ended by the seat's own move shows that seat's view as it stood right after
    the move, its lines included, and nothing moves on while it is shown: anything else
    is counted as a leak."""
    code, host_token = create_room(client, game, players, mode="turns", seed=seed,
                                   options=options or {})
    tokens = [join(client, code, name)[1] for name in NAMES[:people]]
    host = hello(client, code, stack, role="host", token=host_token)
    host.send(type="start", level="random", shared=True)
    host.sync()
    device = hello(client, code, stack, role="pass", tokens=tokens)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    room = hub.rooms[code]
    rng = random.Random(seed)
    handed: list[Handed] = []
    leaks: list[str] = []
    since = [False]  # a seat decided in secret since the last handover
    state = room.state
    apply, reveal = state.apply, hub._reveal
    game = room.game
    moved: list[Any] = [None]  # the view of the device's seat right after its last move
    acted = [False]  # the seat shown has moved during its visit
    dones = [] if dones is None else dones
    tapped = [-1]  # the frame of the last « Ton tour est fini » hidden

    def spying_apply(seat: int, action: Any) -> Any:
        since[0] = since[0] or secret_now(state)
        events = apply(seat, action)
        if seat == pass_client(hub, code).revealed:
            acted[0] = True
            moved[0] = json.loads(json.dumps(game.text.localised(state.view(seat), "fr")))
        return events

    def spying_reveal(where: Any, who: Any, seat: int) -> None:
        fresh = who.revealed != seat
        reveal(where, who, seat)
        if fresh and who.revealed == seat:  # the device taken by ``seat``
            handed.append(handover(room.state, seat, since[0], handed))
            since[0] = False

    state.apply, hub._reveal = spying_apply, spying_reveal
    for _ in range(steps):
        privacy = device.page.get("privacy", "")
        if after_end is not None and room.status == "finished" and privacy:
            after_end.append(privacy)
        named = REVEAL.search(privacy)
        if acted[0] and DONE not in privacy and (named or 'data-cmd="hand_on"' in privacy):
            leaks.append(f"a visit ended by a move with no « {DONE} »: {privacy[:80]}")
        if named or 'data-cmd="hand_on"' in privacy:
            acted[0] = False
        if DONE in privacy and device.last["seq"] == tapped[0]:
            device.sync()  # hidden already: its next frame waits for a move being stored
        elif DONE in privacy:
            tapped[0] = device.last["seq"]
            seat = device.last["revealed"]
            shown = {**device.drawn["pub"], **device.drawn["own"]}
            shown = {k: v for k, v in shown.items() if v is not None}
            if shown != {k: v for k, v in (moved[0] or {}).items() if v is not None}:
                leaks.append(f"seat {seat}'s « {DONE} » is not its view right after its move")
            updates = sum(m["type"] == "update" for m in device.messages)
            for _ in range(3):  # the bots play on meanwhile: the screen stands still
                device.sync()
            if sum(m["type"] == "update" for m in device.messages) != updates:
                leaks.append(f"seat {seat}'s « {DONE} » moved on while shown")
            dones.append({"visit": len(handed) - 1, "kind": "done", "seat": seat,
                          "privacy": privacy, "status": device.page["status"],
                          "drawn": json.dumps(device.drawn, sort_keys=True),
                          "pub": json.dumps(device.drawn["pub"], sort_keys=True),
                          "log": [(line["text"], line["private"])
                                  for line in device.last["log"]],
                          "finished": room.status == "finished"})
            device.send(type="hand_on")
        elif named:
            seat = int(named.group(1))
            if screens is not None:
                screens.append(" ".join([privacy, device.page.get("status", ""),
                                         json.dumps(device.drawn["pub"], sort_keys=True)]))
            hidden = hidden_from_table(room.state)
            text = shared_text(device, device.last)
            leaks += [s for s in hidden
                      if re.search(r"(?<![\w-])" + re.escape(s) + r"(?![\w-])", text)]
            # Under the privacy screen, nobody's own view: the board is the public one.
            if device.drawn["own"] or device.drawn.get("seat") is not None:
                leaks.append(f"seat {device.drawn.get('seat')}'s view under the privacy screen")
            # The privacy screen names its person and nobody else.
            others = [n for i, n in enumerate(NAMES[:players]) if i != seat and n in privacy]
            leaks += others
            device.send(type="reveal", seat=seat)
        elif 'data-cmd="hand_on"' in privacy:
            dones.append({"visit": len(handed) - 1, "kind": "idle"})
            # « Rien à faire pour toi cette fois » with moves under it, which the server
            # took (a review of pass-and-play, 2026-12-03): a decision that came up during
            # the round waits for its end (engine/passing.py).
            if device.actions:
                leaks.append(f"moves offered on a visit with nothing to do: {privacy[:60]}")
            if room.state.active_players():  # a move tried all the same is refused
                seat = device.last["revealed"]
                sent = len(device.messages)
                device.send(type="act", seat=seat, action={"kind": "pass"},
                            seq=device.last["seq"])
                device.sync()
                if [e["code"] for e in device.errors(sent)] != ["not_your_turn"]:
                    leaks.append("a move on a visit with nothing to do, not refused as such")
            device.send(type="hand_on")
        elif device.actions:
            chosen = (choose or random_choice(rng))(room.state, device.actions)
            device.send(type="act", seat=chosen["seat"], action=chosen["action"],
                        seq=device.last["seq"])
        elif room.status == "finished":
            break
        seq, sent = device.last.get("seq"), len(device.messages)
        for _ in range(50):  # until the screen changes (a frame may follow a write)
            device.sync()
            if device.last.get("seq") != seq or room.status == "finished":
                break
        # A game that ended during a round shows its end once the round is over (were the
        # last secret move to show it, the table would know whose it was).
        if device.last.get("status") == "finished" and pass_client(hub, code).passing.owed:
            leaks.append("the end shown before the round's end")
        if device.errors(sent) and room.status == "finished" and not (
                pass_client(hub, code).passing.owed):
            break  # the game ended under the tap
        # A tap on a screen the game changed under (the page shows the new one).
        stale = [e for e in device.errors() if e["code"] not in ("not_your_turn", "stale")]
        assert not stale, (stale[-1], privacy, handed[-3:])
    assert room.status == "finished"
    device.sync()
    assert device.page.get("debrief") and not device.page.get("privacy")  # the end, shown
    return handed, leaks


def shared_hacker(client: TestClient, stack: Any, seed: int,
                  options: dict[str, Any] | None = None, watched: bool = False
                  ) -> tuple[str, Conn, Conn | None, Conn]:
    """A Hacker room of four people on one device, started turn-based (``shared``): its
    code, the host's connection, a spectator's (``watched``; opened before the device)
    and the shared device's."""
    code, host_token = create_room(client, "hacker", 4, mode="turns", seed=seed,
                                   options=options or {})
    tokens = [join(client, code, name)[1] for name in NAMES[:4]]
    host = hello(client, code, stack, role="host", token=host_token)
    host.send(type="start", level="random", shared=True)
    host.sync()
    watch = hello(client, code, stack, role="spectator") if watched else None
    return code, host, watch, hello(client, code, stack, role="pass", tokens=tokens)


def tap_device(device: Conn, pick: Callable[[list[dict[str, Any]]], dict[str, Any]]) -> bool:
    """One tap on a shared device, as its people make it: the name its privacy card calls,
    « Cacher mon jeu », or the move ``pick`` chooses of those offered. False: nothing to
    tap."""
    privacy = device.page.get("privacy", "")
    named = REVEAL.search(privacy)
    if named:
        device.send(type="reveal", seat=int(named.group(1)))
    elif 'data-cmd="hand_on"' in privacy:
        device.send(type="hand_on")
    elif device.actions:
        chosen = pick(device.actions)
        device.send(type="act", seat=chosen["seat"], action=chosen["action"],
                    seq=device.last["seq"])
    else:
        return False
    return True


def pass_client(hub: Any, code: str) -> Any:
    """The room's shared device, as the server holds it."""
    return next(c for c in hub.clients[code] if c.role == "pass")


@pytest.mark.parametrize(("game", "players", "people", "seed"), [
    ("hacker", 4, 4, 3), ("hacker", 4, 4, 8), ("hacker", 5, 3, 5),
    ("voleur", 4, 4, 2), ("webrunners", 4, 4, 4), ("gnou", 4, 4, 6),
])
def test_the_shared_screen_hands_the_device_only_as_the_table_may_know(
    sqlite_url: str, catalog: Catalog, game: str, players: int, people: int, seed: int
) -> None:
    """Every handover names a seat the whole table may know is acting, except during a
    secret decision: then the device goes round every person on it, in seat order from
    the one after its holder. And the privacy screen holds nothing of any seat's secrets.
    Every visit ended by the seat's own move shows its result first (« Ton tour est
    fini »), whether the move had a private result or not."""
    app = make_app(sqlite_url, catalog)
    dones: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        handed, leaks = play_shared(client, stack, game, players, people, seed, dones=dones)
    assert not leaks, leaks[:5]
    dones = [done for done in dones if done["kind"] == "done"]
    assert len(dones) > 5
    assert all(done["seat"] in range(people) for done in dones)
    assert any(not any(private for _, private in done["log"]) for done in dones)
    assert not unexplained(handed, range(people)), [
        (i, handed[max(0, i - people):i + people]) for i in unexplained(handed, range(people))]
    secret = [i for i, (_, now, since, *_) in enumerate(handed) if now or since]
    if game == "hacker":
        assert secret  # the game did have thefts to hide
    else:
        assert not secret  # nobody acts in secret: each handover names who acts


def test_a_game_ended_during_a_round_shows_its_end_once_the_round_is_over(
    sqlite_url: str, catalog: Catalog
) -> None:
    """In this game the thief's last credit (H5) ends it while the device goes round: the
    three people after the thief still get it, each told there is nothing more for them,
    and only then does the end show (the terminal does the same). It showed at once,
    telling the table that the person holding the device was the thief; this happened in
    more than half of the four-player games tried (seeds 0 to 39)."""
    app = make_app(sqlite_url, catalog)
    cards: list[str] = []
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        handed, leaks = play_shared(client, stack, "hacker", 4, 4, 16, after_end=cards)
    assert not leaks, leaks[:5]
    assert not unexplained(handed, range(4))
    seats = [seat for seat, *_ in handed]
    assert seats[-3:] == [1, 2, 3] and seats[-4] == 0
    named = [int(m.group(1)) for card in cards for m in [REVEAL.search(card)] if m]
    assert named == [1, 2, 3]
    # The thief reads the result of his last move first, then the round goes on.
    assert DONE in cards[0]
    idle = [card for card in cards if 'data-cmd="hand_on"' in card and DONE not in card]
    assert len(idle) == 3
    assert all("à la personne suivante" in card for card in idle)


def card(done: dict[str, Any]) -> str:
    """The card of a « Ton tour est fini » step without the lines told to its seat alone."""
    return re.sub(r'\s*<ul class="turn-result".*?</ul>', "", done["privacy"], flags=re.S)


def twin_chooser(swapped: bool) -> Chooser:
    """The shared screen's taps in one of the two Hacker games of :func:`twin_move`."""
    def choose(state: Any, offered: list[dict[str, Any]]) -> dict[str, Any]:
        seat = offered[0]["seat"]
        legal = [Action.from_json(o["action"]) for o in offered if o["seat"] == seat]
        move = twin_move(state, seat, legal, swapped)
        return next(o for o in offered if o["seat"] == seat
                    and Action.from_json(o["action"]) == move)
    return choose


def test_the_shared_screen_goes_the_same_way_whatever_viruses_each_still_holds(
    sqlite_url: str, catalog: Catalog
) -> None:
    """During a trip (turn-based on a shared screen, H3) how many viruses each player
    still holds and who said « J'ai fini » are secrets (H2, H4): two games the table cannot
    tell apart (one player with no virus left, or with viruses and done) name the same
    people on the privacy screen in the same order, the visits with nothing to do
    included, and show the same screen under every privacy card: while the device goes
    round, what the table sees stands as it was when the round began. The device went
    only to the players with a decision, skipping the one with no virus left for the whole
    table to see; then the drops landed and the traveller was named crediting while
    people who might have had viruses were still to be visited."""
    ways, seen, read = [], [], []
    for swapped in (False, True):
        app = make_app(sqlite_url, catalog)
        with contextlib.ExitStack() as stack:
            client = stack.enter_context(TestClient(app))
            screens: list[str] = []
            dones: list[dict[str, Any]] = []
            handed, leaks = play_shared(client, stack, "hacker", 4, 4, 9,
                                        options={"vigilance": 0},
                                        choose=twin_chooser(swapped), screens=screens,
                                        dones=dones)
        assert not leaks, leaks[:5]
        ways.append([seat for seat, *_ in handed])
        seen.append(screens)
        read.append(dones)
    assert len(ways[0]) > 20
    assert ways[0] == ways[1]
    assert len(seen[0]) == len(ways[0])
    assert seen[0] == seen[1]
    # « Ton tour est fini » ends the same visits but those of the two players whose
    # secrets differ (one decides, the other has nothing to do: « Rien à faire pour toi
    # cette fois », with the same « Cacher mon jeu »), and shows the same public board (it
    # is taken when the move was played: the trip's drops not yet landed, whatever the
    # bots did next); only what the seat itself may know differs, until the last move
    # (the end turns every account over, H9: the two games' outcomes differ).
    steps = [{d["visit"]: d for d in dones} for dones in read]
    assert steps[0].keys() == steps[1].keys()
    both = [v for v in steps[0] if steps[0][v]["kind"] == steps[1][v]["kind"] == "done"]
    assert steps[0][both[-1]]["finished"] and steps[1][both[-1]]["finished"]
    both = [v for v in both if not steps[0][v]["finished"]]
    assert len(both) > 10
    assert all((steps[0][v]["seat"], card(steps[0][v]), steps[0][v]["pub"])
               == (steps[1][v]["seat"], card(steps[1][v]), steps[1][v]["pub"])
               for v in both), [v for v in both if steps[0][v]["pub"] != steps[1][v]["pub"]]
    assert any(steps[0][v]["drawn"] != steps[1][v]["drawn"] for v in both)
    differ = [v for v in steps[0] if steps[0][v]["kind"] != steps[1][v]["kind"]]
    assert differ  # the visits of the two players, one done, the other idle
    assert all(ways[0][v] in (2, 3) for v in differ)


def test_a_pause_or_a_stop_during_a_round(sqlite_url: str, catalog: Catalog) -> None:
    """While the device goes round, a pause shows « Pause » over the screen as it stood
    (the board does not move on), and the round goes on after it; a game the host stops
    during a round shows as it is, with no privacy card left waiting."""
    app = make_app(sqlite_url, catalog)
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        code, host, _, device = shared_hacker(client, stack, 16)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        rng = random.Random(16)
        for _ in range(4000):  # random taps until the device goes round, nobody shown
            held = pass_client(hub, code)
            if held.passing.owed and held.revealed is None:
                break
            tap_device(device, rng.choice)
            device.sync()
        else:
            raise AssertionError("no round in this game")
        device.sync()
        board = json.dumps(device.drawn, sort_keys=True)
        host.send(type="pause")
        host.sync()
        device.sync()
        assert device.last["status"] == "paused" and "Pause" in device.page["status"]
        assert json.dumps(device.drawn, sort_keys=True) == board
        host.send(type="resume")
        host.sync()
        device.sync()
        assert device.last["status"] == "playing" and REVEAL.search(device.page["privacy"])
        assert json.dumps(device.drawn, sort_keys=True) == board
        host.send(type="end")
        host.sync()
        device.sync()
        assert device.last["status"] == "ended"
        assert not device.page.get("privacy")
        assert "arrêtée" in device.page["status"]


@pytest.mark.parametrize(("game", "seed", "told"), [
    ("webrunners", 4, "Tu pioches"), ("hacker", 3, "Tu "), ("voleur", 2, ""),
])
def test_a_player_reads_the_private_result_of_their_move_before_passing_the_device(
    sqlite_url: str, catalog: Catalog, game: str, seed: int, told: str
) -> None:
    """At a real table a player looks at the card they drew before passing the cards on:
    the device shows the seat's own view as it stood right after its move, with the
    move's private lines (Web Runners' « Tu pioches : … », a Hacker thief's bill), under
    « Ton tour est fini » and « Cacher mon jeu »; then comes the next privacy card. They
    used to read it only at their next turn."""
    app = make_app(sqlite_url, catalog)
    dones: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        _, leaks = play_shared(client, stack, game, 4, 4, seed, dones=dones)
    assert not leaks, leaks[:5]
    dones = [done for done in dones if done["kind"] == "done"]
    private = [text for done in dones for text, mine in done["log"] if mine]
    assert any(text.startswith(told) for text in private), private[:5]
    # On the card too, where it is read first.
    assert any(re.search(r'class="turn-result"[^>]*>\s*<li>' + told, done["privacy"])
               for done in dones)
    assert all('data-cmd="hand_on"' in done["privacy"] and "Cacher mon jeu" in done["privacy"]
               for done in dones)


def test_a_shared_device_tells_the_table_s_events_in_the_third_person(
        sqlite_url: str, catalog: Catalog) -> None:
    """A shared device's journal read « Tu crédites le compte 6. » once its seat had hidden
    again, the next person reading it as their own move (a review of pass-and-play,
    2026-12-03). The table's events are told as the table reads them (« Noé crédite… »);
    only the lines told to the seat alone (private, dropped when it hides) say « tu »."""
    app = make_app(sqlite_url, catalog)
    dones: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(TestClient(app))
        _, leaks = play_shared(client, stack, "hacker", 4, 4, 3, dones=dones)
    assert not leaks, leaks[:5]
    public = [text for done in dones if done["kind"] == "done"
              for text, private in done["log"] if not private]
    assert any(" crédite le compte " in text for text in public), public[:10]
    assert not [text for text in public if text.startswith(("Tu ", "Ton ", "Ta "))], public
