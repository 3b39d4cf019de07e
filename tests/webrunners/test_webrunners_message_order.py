"""A prevention message (W16) is told after the line of the move its card is played for:
« Léa attaque avec la carte « Hacking ». » then « White Hat (Hacking, attaque) : « … » »,
never the message first (the journal read backwards, and the projector's narration, which
shows an update's first public line large, led with the message instead of the move)."""

from __future__ import annotations

import random

from ludinum.engine import Event
from ludinum.games.webrunners import GAME
from ludinum.games.webrunners.text import WebRunnersText
from tests.webrunners.helpers import act, arrange, kinds, new, pawn

TEXT = WebRunnersText()


def _public(events: list[Event]) -> list[str]:
    return [e.kind for e in events if e.to is None]


def test_a_moves_message_follows_the_move() -> None:
    s = arrange(new(2, theme="information"), hands={0: ["fake_news", "plain_1"]})
    assert _public(act(s, 0, "move card=fake_news"))[:2] == ["move", "message"]


def test_an_attacks_message_follows_the_attack_and_a_retros_the_retro() -> None:
    s = arrange(new(2, theme="information"), hands={0: ["hacking", "plain_1"],
                                                    1: ["contre_hacking", "plain_1"]})
    events = act(s, 0, "attack card=hacking")
    assert kinds(events) == ["attack", "message"]
    lines = [TEXT.event(e) for e in events]
    assert lines[0] == "Joueur 1 attaque avec la carte « Hacking »."
    assert lines[1].startswith("White Hat (Hacking, attaque) : « ")
    act(s, 0, "target seat=1")
    assert _public(act(s, 1, "retro card=contre_hacking"))[:2] == ["retro", "message"]


def test_a_counter_surveillance_message_follows_its_line() -> None:
    s = arrange(new(3, theme="information"),
                hands={0: ["surveillance"], 2: ["contre_surveillance", "plain_1"]},
                draw=["plain_10"] * 8)
    assert kinds(act(s, 0, "attack card=surveillance")) == ["attack", "message"]
    assert _public(act(s, 2, "counter card=contre_surveillance"))[:2] == ["retro", "message"]


def test_the_bridge_cards_messages_follow_the_crossing() -> None:
    """Cards paid one at a time (W3) say nothing alone: their messages come with the
    crossing, after its line, before the card drawn and the exit cell's colour."""
    s = arrange(new(2, theme="education"),
                hands={0: ["s_informer", "e_learning", "plain_pont", "plain_1"]},
                pawns={0: (1, 12)})
    act(s, 0, "cross")
    assert act(s, 0, "pay card=s_informer") == []
    events = act(s, 0, "pay card=e_learning")
    assert pawn(s, 0) == (2, 3)
    assert _public(events)[:3] == ["cross", "message", "message"]
    assert [e.data["card"] for e in events[1:3]] == ["s_informer", "e_learning"]

    s = arrange(new(2, theme="education"), hands={0: ["initiation_codage", "plain_1"]},
                pawns={0: (1, 20)})
    assert _public(act(s, 0, "cross"))[:2] == ["cross", "message"]


def test_white_hats_card_played_as_a_bridge_is_told_after_the_crossing() -> None:
    s = arrange(new(2, theme="education"), hands={0: ["expose_classe", "plain_pont"]},
                pawns={0: (1, 12)}, chars={0: "white_hat"})
    act(s, 0, "whitehat card=expose_classe")
    events = act(s, 0, "convert to=bridge")
    assert _public(events)[:3] == ["power", "cross", "message"]
    assert events[2].data["card"] == "expose_classe"


def test_no_message_ever_leads_an_update() -> None:
    """Random games of every theme: a message is never an update's first public line, and
    always follows the move, attack, answer or crossing its card was played for (or the
    message of another card of the same crossing)."""
    seen = 0
    for seed, theme in enumerate(("relations", "sante", "information", "education") * 3):
        s = GAME.new_state(2 + seed % 3, seed, {"theme": theme})
        rng = random.Random(seed)
        for _ in range(600):
            if s.is_terminal():
                break
            player = rng.choice(s.active_players())
            public = _public(s.apply(player, rng.choice(list(s.legal_actions(player)))))
            for i, kind in enumerate(public):
                if kind == "message":
                    seen += 1
                    assert i > 0 and public[i - 1] in (
                        "move", "attack", "retro", "cross", "message"), public
    assert seen > 50
