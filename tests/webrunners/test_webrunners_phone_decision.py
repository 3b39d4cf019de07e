"""How a Web Runners phone sorts a seat's decision before drawing it
(``WebRunnersText.decision``, frag/actions_webrunners.html, issue 21)."""

from __future__ import annotations

from ludinum.games import get_game
from tests.conformance.playout import phone_decisions

OWN_TURN = {"move", "stay", "attack", "pay", "discard", "whitehat"}


def test_every_choice_is_drawn_once_and_idle_cards_only_on_the_pupils_turn() -> None:
    game = get_game("webrunners")
    seen: set[str] = set()
    for _seat, view, choices in phone_decisions(game, 4, range(4), 150):
        d = game.text.decision(choices, view, "fr")
        drawn = (d["targets"] + d["extra"] + d["others"]
                 + [c for _, group in d["by_card"] for c in group])
        assert sorted(map(repr, drawn)) == sorted(map(repr, choices))
        for card, group in d["by_card"]:
            assert game.text.card_face(card, "fr") is not None
            assert all(c[0].get("card") == card for c in group)
        own = any(a.kind in OWN_TURN for a, _, _ in
                  d["extra"] + [c for _, g in d["by_card"] for c in g])
        hand = view.get("hand") or []
        assert d["idle"] == ([] if not own else list(dict.fromkeys(
            c for c in hand if c not in dict(d["by_card"]))))
        assert d["influence"] == any(c[0].kind == "influence" for c in d["targets"])
        seen.update(k for k in ("targets", "extra", "others", "idle", "by_card") if d[k])
    assert seen == {"targets", "extra", "others", "idle", "by_card"}
