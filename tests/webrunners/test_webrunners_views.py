"""Views, text and bots of Web Runners."""

from __future__ import annotations

import random

from ludinum.bots.base import RandomBot
from ludinum.engine import Action, visible
from ludinum.games.webrunners import BOTS, GAME, WebRunnersBot
from ludinum.games.webrunners.tuning import simulate
from tests.webrunners.helpers import act, arrange, new


def test_views_hide_other_hands() -> None:
    s = arrange(new(3), hands={0: ["plain_pont", "debug"], 1: ["hacking"], 2: ["plain_10"]})
    v0, v1, spectator = s.view(0), s.view(1), s.view(None)
    assert v0["hand"] == ["debug", "plain_pont"] and v1["hand"] == ["hacking"]
    assert "hand" not in spectator
    assert v0["hand_sizes"] == [2, 1, 1]
    for view in (v0, spectator):
        assert "hacking" not in str(view) and "plain_10" not in str(view)


def test_resample_keeps_the_view_and_redraws_hidden_cards() -> None:
    s = new(4)
    rng = random.Random(3)
    twins = [s.resample(0, rng) for _ in range(5)]
    for twin in twins:
        assert twin.view(0) == s.view(0)
    assert any(t.hands[1] != s.hands[1] for t in twins)


def test_draws_are_private() -> None:
    s = arrange(new(2), hands={0: ["plain_2"]}, pawns={0: (1, 2)}, draw=["debug"])
    events = act(s, 0, "move card=plain_2")
    assert all("debug" not in str(e.data) for e in visible(events, 1))
    assert any("debug" in str(e.data) for e in visible(events, 0))


def test_text_renders_every_event_and_action_in_both_languages() -> None:
    rng = random.Random(5)
    for seed in range(4):
        s = GAME.new_state(3, seed, {"first_player": "questions", "characters": "chosen"})
        steps = 0
        while not s.is_terminal() and steps < 400:
            p = s.active_players()[0]
            legal = s.legal_actions(p)
            for lang in ("fr", "en"):
                for a in legal:
                    assert GAME.text.action(a, s.view(p), lang)
            events = s.apply(p, legal[rng.randrange(len(legal))])
            for e in events:
                for lang in ("fr", "en"):
                    text = GAME.text.event(e, lang)
                    assert text and not text.startswith(e.kind + " "), e
            steps += 1
        for lang in ("fr", "en"):
            board = GAME.text.view(s.view(0), lang)
            assert ("Cercle 1" if lang == "fr" else "Circle 1") in board


def test_bot_is_registered_and_plays_legal_moves() -> None:
    assert {"heuristic": WebRunnersBot} == BOTS
    s = GAME.new_state(4, 11, {"characters": "chosen", "first_player": "questions"})
    bots = [WebRunnersBot(i) for i in range(4)]
    while not s.is_terminal():
        p = s.active_players()[0]
        action = bots[p].choose(s, p)
        assert action in s.legal_actions(p)
        s.apply(p, action)
    assert s.outcome().winners


def test_heuristic_beats_random_heads_up() -> None:
    """Statistical, seeded: over 60 two-player games the heuristic wins almost all."""
    result = simulate(60, 2, ["heuristic", "random"], seed=123)
    assert result["win_rate_by_level"]["heuristic"] >= 0.9


def test_heuristic_beats_three_random_bots() -> None:
    """Statistical, seeded: a fair share would be 25 %; the heuristic wins far more."""
    result = simulate(40, 4, ["heuristic", "random", "random", "random"], seed=321)
    assert result["win_rate_by_level"]["heuristic"] >= 0.8
    assert RandomBot.level == "random"


def _hack_in_progress() -> object:
    s = arrange(new(3), hands={0: ["hacking", "plain_1", "plain_2"],
                               1: ["plain_pont", "plain_10", "debug"], 2: ["bug", "plain_5"]})
    act(s, 0, "attack card=hacking")
    act(s, 0, "target seat=1")
    act(s, 1, "accept")
    act(s, 0, "take card=plain_pont")
    act(s, 0, "give card=plain_2")
    return s


def test_resample_during_hacking_for_every_seat() -> None:
    """Hacker, victim and bystander: each view survives resampling, and the resampled game
    can finish the exchange (its tentative swaps stay consistent with the hands)."""
    s = _hack_in_progress()
    rng = random.Random(9)
    for p in range(3):
        for _ in range(5):
            twin = s.resample(p, rng)  # type: ignore[attr-defined]
            assert twin.view(p) == s.view(p)  # type: ignore[attr-defined]
            twin.apply(0, Action.from_text("done"))
            assert sum(len(h) for h in twin.hands) == sum(len(h) for h in s.hands) + 1  # type: ignore[attr-defined]


def test_resample_during_surveillance_for_every_seat() -> None:
    s = arrange(new(3), hands={0: ["surveillance", "plain_1", "plain_1"]},
                draw=["plain_2", "plain_pont", "plain_10", "plain_5", "debug", "plain_2"])
    act(s, 0, "attack card=surveillance")
    act(s, 1, "pass")
    act(s, 2, "pass")
    act(s, 0, "keep card=plain_pont")
    rng = random.Random(4)
    for p in range(3):
        for _ in range(5):
            twin = s.resample(p, rng)
            assert twin.view(p) == s.view(p)
            twin.apply(0, twin.legal_actions(0)[0])  # a give
            twin.apply(0, Action.from_text("done"))


def test_state_round_trip_mid_exchange() -> None:
    s = _hack_in_progress()
    data = s.to_json()  # type: ignore[attr-defined]
    restored = GAME.restore(data)
    assert restored.to_json() == data
    assert restored.view(0) == s.view(0)  # type: ignore[attr-defined]


def test_tuning_main_prints_json(capsys: object) -> None:
    """The tuning loop's command line (used for the figures of the rules document)."""
    import json

    from ludinum.games.webrunners.tuning import main

    main(["-n", "4", "--players", "2", "--bots", "heuristic,random", "--seed", "5", "--json"])
    out = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert out["games"] == 4 and out["players"] == 2
    assert set(out["win_rate_by_level"]) == {"heuristic", "random"}
