"""How a Web Runners phone draws a seat's decision (``web/static/games/webrunners.js``,
issue 21): every move once, the cards in hand it cannot play now greyed on its own turn
only."""

from __future__ import annotations

import re

from ludinum.games import get_game
from tests.conformance.playout import phone_decisions
from tests.drawing import controls, decision

OWN_TURN = {"move", "stay", "attack", "pay", "discard", "whitehat"}


def test_every_choice_is_drawn_once_and_idle_cards_only_on_the_pupils_turn() -> None:
    game = get_game("webrunners")
    seen: set[str] = set()
    for seat, view, legal in phone_decisions(game, 4, range(4), 150):
        html = decision(game, seat, view, legal)
        sent = controls(html)
        assert sorted(map(repr, sent)) == sorted(repr(a.to_json()) for a in legal)
        # a card used two ways is tapped, then one of its uses
        picked = set(re.findall(r'data-card="([^"]+)"', html))
        for card in picked:
            assert game.text.card_face(card, "fr") is not None
        # the pupil's own turn: a card to play or use (not an answer to someone else's)
        own = any(a.kind in OWN_TURN and a.get("card") and a.kind not in ("target", "influence")
                  for a in legal)
        idle = re.findall(r'class="card-tile tone-\w+ idle"', html)
        # the cards a tap plays (staying in place and White Hat's power are buttons below)
        played = {str(a.get("card")) for a in legal if a.get("card")
                  and a.kind not in ("target", "influence", "stay", "whitehat")}
        if own and played:  # the hand is drawn when a card of it is played
            hand = [c for c in view.get("hand") or [] if c not in played]
            assert len(idle) == len(dict.fromkeys(hand))
            seen.update({"idle"} if idle else set())
        else:
            assert not idle
        seen.update(k for k, present in (
            ("targets", 'class="act target"' in html), ("picked", bool(picked)),
            ("extra", "more-choices" in html), ("played", 'class="card-tile' in html))
            if present)
    assert {"targets", "extra", "played", "idle"} <= seen
