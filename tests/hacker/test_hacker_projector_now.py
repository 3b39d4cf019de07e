"""Hacker on the projector: besides whose turn it is, the class reads what is happening
now (revue du 29/11/2026). During the set-up the header said « À qui le tour : Léa, Sami,
Tom » and nothing said what they did; only the phones said « Touche le compte où ranger
ton billet ». Each phase now has its sentence on a screen with no seat, in the manner of
Le jeu du Gnou's (text.py: NOW, web/board.js: nowBox), and it never tells what is hidden
(H2-H5): the thief stealing or crediting his loot is never named. A seat's screen says
nothing more (its decision says it)."""

from __future__ import annotations

import random
from html import unescape

from ludinum.games.hacker import GAME
from ludinum.games.hacker.state import HackerState
from ludinum.server.rooms import PLAYING, Room
from ludinum.server.seats import Seat
from tests.drawing import slot
from tests.hacker.helpers import fresh
from tests.reading import single_spaced

#: What the projector says in each phase, the seats named by place (no nicknames here).
SAID = {
    "setup": "Chacun range ses billets sur ses propres comptes, sans les montrer.",
    "trip": "{traveller} est à la banque : les autres peuvent poser des virus en secret.",
    "credit": "{traveller} revient de la banque et range son billet sur un de ses comptes.",
    "choose": "{protector} choisit le prochain compte attaqué à protéger.",
    "guess": "{protector} devine qui a posé le virus du compte {k}.",
    "steal": "Raté ! Celui qui a posé le virus prend en secret un billet du compte {k}.",
    "loot": "Celui qui a posé le virus range en secret le billet volé sur un de ses comptes.",
}


def _room(state: HackerState) -> Room:
    return Room(1, "ABCD", GAME, state.config, "live", [Seat(i) for i in range(state.n)], "",
                state, status=PLAYING)


def _said(html: str) -> str:
    return single_spaced(unescape(html))


def _expected(state: HackerState, phase: str) -> str:
    view = state.view(None)
    trips = view["trips"]
    traveller = trips[-1]["traveller"] if trips else None
    return SAID[phase].format(
        traveller=f"Place {traveller + 1}" if traveller is not None else "",
        protector=f"Place {view['protector'] + 1}" if view["protector"] is not None else "",
        k=view["current"] + 1 if view["current"] is not None else "")


def _walk() -> dict[str, tuple[str, str, list[str]]]:
    """What the projector should say, what it says and the seats' spotlights, the first
    time each phase is met, in games where every seat plays a seeded random move (some
    guesses are wrong: a theft)."""
    seen: dict[str, tuple[str, str, list[str]]] = {}
    for seed in range(6):
        state = fresh(4, seed, theft="chosen")
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            phase = state.view(None)["phase"]
            if phase in SAID and phase not in seen:
                room = _room(state)
                seen[phase] = (_expected(state, phase), _said(slot(room, None, "spotlight")),
                               [slot(room, seat, "spotlight") for seat in range(state.n)])
            p = state.active_players()[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
        if set(SAID) <= set(seen):
            break
    return seen


def test_the_projector_says_what_each_phase_does() -> None:
    seen = _walk()
    assert set(SAID) <= set(seen), sorted(seen)
    for phase in SAID:
        expected, spot, seats = seen[phase]
        assert f'<p class="spot">{expected}</p>' in spot, (phase, spot)
        for html in seats:
            assert 'class="spot"' not in html, (phase, html)


def test_the_thief_is_never_named_on_the_projector() -> None:
    seen = _walk()
    for phase in ("steal", "loot"):
        _expected_line, spot, _seats = seen[phase]
        assert "Place" not in spot, spot
