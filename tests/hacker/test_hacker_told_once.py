"""A seat reads each thing once, in the « tu » form when it is about itself: a guess is
not told to the guesser (nor to the virus's owner) both as the table reads it and as its
own private line says it, and one's own crediting reads « Tu crédites… » (a terminal
review: « Rouge (J1) crédite le compte 8. » then « Tu crédites le compte 8. »)."""

from __future__ import annotations

from ludinum.engine import Event
from ludinum.games.hacker import GAME
from ludinum.games.hacker.table import CREDITED, GUESSED
from tests.cli.terminal import play

TEXT = GAME.text


def lines(events: list[Event], seat: int | None, lang: str = "fr") -> list[str]:
    return [line for _, line in TEXT.told(events, seat, lang)]


def missed() -> list[Event]:
    """Rouge (J1) names Bleu (J2) for account 8, wrong: Vert (J3) steals a bill of 3."""
    return [
        GUESSED[0][0][7],
        Event("guess_detail", {"account": 7, "named": 1, "right": False, "owner": 2,
                               "value": 3}, (0,)),
        Event("your_virus", {"account": 7, "player": 0, "right": False, "value": 3}, (2,)),
    ]


def test_the_guesser_and_the_owner_read_a_guess_once_to_tu() -> None:
    events = missed()
    assert lines(events, 0) == [
        "Raté : tu avais désigné Bleu (J2), c'était Vert (J3). Tu perds un billet de 3."]
    assert lines(events, 2) == [
        "Rouge (J1) a fait erreur sur ton virus du haut du compte 8 : tu voles un billet de "
        "3 !"]
    # The others, and a screen with no seat (the projector), read the table's line.
    table = "Raté pour Rouge (J1) sur le compte 8 : un billet est volé."
    assert lines(events, 1) == [table]
    assert lines(events, None) == [table]
    assert lines(events, 0, "en") == [
        "Wrong: you named Blue (P2), it was Green (P3). You lose a bill of 3."]


def test_a_public_guess_is_kept_when_no_private_line_follows_it() -> None:
    """Only the private lines told with it replace it: a later guess's detail does not
    hide an earlier guess from its guesser."""
    later = missed()
    events = [GUESSED[1][0][4], *later]
    assert lines(events, 0)[0] == "Rouge (J1) a deviné juste pour le compte 5."
    assert len(lines(events, 0)) == 2


def test_ones_own_crediting_reads_tu() -> None:
    event = CREDITED[0][7]
    assert lines([event], 0) == ["Tu crédites le compte 8."]
    assert lines([event], 0, "en") == ["You credit account 8."]
    assert lines([event], 1) == ["Rouge (J1) crédite le compte 8."]
    assert lines([event], None) == ["Rouge (J1) crédite le compte 8."]


def test_the_terminal_tells_the_human_seat_each_thing_once() -> None:
    """``ludinum play hacker --seed 2``: the human seat (Rouge) credits account 8 and
    misses a guess on it; it reads neither in the third person."""
    text = play(["hacker", "--seed", "2"], lambda prompt: 1).text().replace("\xa0", " ")
    assert "Tu crédites le compte 8." in text
    assert "Raté : tu avais désigné" in text
    assert "Rouge (J1) crédite" not in text
    assert "Raté pour Rouge (J1)" not in text


def test_ones_own_turns_read_tu() -> None:
    """Who starts, travels, comes back, protects: « tu » on that seat's screen only."""
    trip = Event("trip", {"traveller": 0})
    back = Event("returned", {"traveller": 0, "drops": 3})
    start = Event("round", {"round": 2, "first": 0})
    assert lines([trip, back, start], 0) == [
        "Tu pars pirater la banque.", "Tu reviens de la banque (3 virus posés).",
        "Tour 2 : tu pars en premier."]
    assert lines([trip, back, start], 1) == [
        "Rouge (J1) part pirater la banque.", "Rouge (J1) revient de la banque (3 virus posés).",
        "Tour 2 : Rouge (J1) part en premier."]
    assert lines([Event("resolve", {"player": 0, "account": 7})], 0, "en") == [
        "You protect account 8."]
    dropped = Event("dropped", {"account": 7, "trip": 0})
    assert lines([dropped], 0) == ["Un virus apparaît sur le compte 8 pendant ton trajet."]
    assert lines([dropped], 1) == [
        "Un virus apparaît sur le compte 8 pendant le trajet de Rouge (J1)."]


def test_a_phone_reads_each_thing_once_too() -> None:
    """The phone's log (server/frames.py) tells a seat the same lines as the terminal: no
    table line of a guess a private line says again, one's own crediting « Tu crédites »
    (with the seat's nickname elsewhere)."""
    import random

    from ludinum.server.framecache import FrameCache, once_for
    from tests.server import socketless

    room = socketless.playing_room("hacker", 4, 5)
    socketless.random_moves(room, random.Random(5), 400)
    cache = FrameCache(room, 0.0, [])
    everything = [e for _, e in room.recent]
    # who reads each guess in their own words: the guesser and the virus's owner
    own: dict[int, tuple[int, ...]] = {}
    for i, event in enumerate(everything):
        if event.kind == "guess":
            assert everything[i + 2].kind == "your_virus"
            own[i] = (event.data["player"], *(everything[i + 2].to or ()))
    assert own
    for seat in range(4):  # the table's line of a guess for the others only
        told = [e for _, e in once_for(room, -1, seat)]
        assert told == [e for i, e in enumerate(everything)
                        if e.visible_to(seat) and seat not in own.get(i, ())], seat
    own = next(e for e in everything if e.kind == "credited" and e.data["player"] == 0)
    assert cache.event_text(own, "fr", 0)[0] == "Tu crédites le compte " + \
        f"{own.data['account'] + 1}."
    assert cache.event_text(own, "fr", 1)[0].startswith("Joueur1 crédite")
    assert cache.event_text(own, "fr")[0].startswith("Joueur1 crédite")


def test_two_of_ones_viruses_on_one_account_read_true() -> None:
    """Vert (J3)'s two viruses on account 8, each guessed in turn from the top (H5): « Rouge
    (J1) a trouvé ton virus sur le compte 8. » then « Rouge (J1) ne t'a pas trouvé sur le
    compte 8 : tu voles… » read as a contradiction. Each line says which virus it is about."""
    events = [
        Event("your_virus", {"account": 7, "player": 0, "right": True}, (2,)),
        Event("your_virus", {"account": 7, "player": 0, "right": False, "value": 3}, (2,)),
    ]
    assert lines(events, 2) == [
        "Rouge (J1) a trouvé ton virus du haut du compte 8.",
        "Rouge (J1) a fait erreur sur ton virus du haut du compte 8 : tu voles un billet de "
        "3 !"]
    assert lines(events, 2, "en") == [
        "Red (P1) found your virus on top of account 8.",
        "Red (P1) guessed wrong about your virus on top of account 8: you steal a bill of 3!"]
    assert not any("pas trouvé" in line or "missed you" in line
                   for lang in ("fr", "en") for line in lines(events, 2, lang))
