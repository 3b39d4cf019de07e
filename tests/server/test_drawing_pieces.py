"""The pieces every game's page drawing is made of (``web/static/draw.js``, issue 19), run
by a JavaScript engine: a card, buttons, a seat's badge and pawn, a nickname cut to fit,
printed as the server's templates print text (French no-break spaces, then escaped once);
and what the server computes once per update for every screen (a log line, the game's
text lines)."""

from __future__ import annotations

import json
import random
import re
from html import escape
from xml.etree import ElementTree

import pytest

from ludinum.content.typography import NNBSP, french_spacing
from ludinum.engine import Event
from ludinum.games import registry
from ludinum.server import boards, framecache, frames, render
from tests.drawing import shared
from tests.server import socketless

GAMES = [g.name for g in registry()]
GAME = registry().get("webrunners")


def piece(expression: str, names: list[str] | None = None, lang: str = "fr") -> str:
    return shared().piece(GAME, lang, names or [], expression)


FACE = json.dumps({"title": "Mot de passe <fort>", "family": "Protection", "symbol": "🛡",
                   "tone": "green", "value": "5 points", "text": "Garde-le pour toi !",
                   "portrait": ""}, ensure_ascii=False)


@pytest.mark.parametrize("name", GAMES)
def test_the_view_text_is_the_games_text_named_spaced_and_plain(name: str) -> None:
    """The lines under a board: the game's text of the seat's view (without what the board
    draws), seats by nickname, no terminal markup, French spacing; drawn line by line."""
    game = registry().get(name)
    players = max(game.min_players, min(4, game.max_players))
    state = game.new_state(players, seed=3)
    rng = random.Random(3)
    names = [f"Élève{i + 1}" for i in range(players)]
    checked = 0
    for _ in range(60):
        if state.is_terminal():
            break
        for seat in (None, *range(players)):
            view = state.view(seat)
            for lang in ("fr", "en"):
                whole = french_spacing(render.plain(game.text.with_names(
                    game.text.view(view, lang, board=False), names, lang)))
                lines = render.lines(game, view, lang, names)
                assert lines == whole.splitlines()
                shown = [f"<p>{escape(line)}</p>" for line in lines if line.strip()]
                assert render.board(game, view, lang, seat, names) == (
                    f'<div class="game-text">{"".join(shown)}</div>')
                checked += 1
        actor = rng.choice(state.active_players())
        state.apply(actor, rng.choice(list(state.legal_actions(actor))))
    assert checked >= 20


def test_a_card_tile_prints_every_text_spaced_and_escaped() -> None:
    shown = piece(f"c.cardTile({FACE}, {{idle: true}})")
    assert shown.startswith('<div class="card-tile tone-green idle">')
    assert "Mot de passe &lt;fort&gt;" in shown and f"toi{NNBSP}!" in shown
    assert '<span class="card-value">5 points</span>' in shown
    assert shown.count("aria-hidden") == 1  # the symbol only: no label, the words are read

    played = piece(f"c.cardTile({FACE}, {{seat: 2, action: '{{\"kind\":\"play\"}}', "
                   "label: 'Jouer « fort » ?', confirm: 'Sûr ?', count: 3})")
    assert played.startswith('<button type="button" class="card-tile tone-green act"')
    assert 'data-seat="2" data-action="{&#34;kind&#34;:&#34;play&#34;}"' in played
    assert f'data-confirm="Sûr{NNBSP}?"' in played
    # the label without the card's name: a screen reader hears both (it skips the title)
    assert (f'<span class="visually-hidden">Mot de passe &lt;fort&gt; — Jouer «{NNBSP}fort'
            f'{NNBSP}»{NNBSP}?</span>') in played
    assert '<span class="card-count">× 3</span>' in played
    assert played.count('aria-hidden="true"') == 4  # the symbol, top, title and text

    picked = piece(f"c.cardTile({FACE}, {{pick: 'c<1>'}})")
    assert 'data-card="c&lt;1&gt;" aria-pressed="false" aria-controls="targets-c&lt;1&gt;"' \
        in picked


def test_a_card_with_several_uses_is_picked_then_used() -> None:
    """A hand (``cardChoices``): a card with one use is tapped to play it, a card with
    several is tapped first, then one of its uses, under its name and a question."""
    card = next(iter(json.loads(piece("JSON.stringify(c.kit.faces)")).keys()))
    groups = [[card, [[{"kind": "move", "card": card}, "Avancer", '{"kind":"move"}'],
                      [{"kind": "stay", "card": card}, "Rester", '{"kind":"stay"}']]]]
    drawn = piece(f"c.cardChoices({json.dumps(groups)}, 1)")
    assert f'data-card="{card}"' in drawn and 'class="card-targets"' in drawn
    assert drawn.count("<button") == 3  # the card, then its two uses
    assert f"que veux-tu en faire{NNBSP}?" in drawn


@pytest.mark.parametrize("seat", range(7))
def test_every_seat_token_is_well_formed_svg_with_its_number(seat: int) -> None:
    for ring, turn in (("false", 0), ("true", -30.5)):
        drawn = piece(f"c.token({seat}, 120.5, 80, 14, {turn}, {ring})")
        svg = drawn.replace("<g ", '<g xmlns="http://www.w3.org/2000/svg" ', 1)
        tree = ElementTree.fromstring(svg)
        assert tree.get("class") == f"token seat-{seat}"
        assert ("transform" in tree.attrib) == bool(turn)
        shapes = [child.tag.split("}")[1] for child in tree]
        assert shapes[-1] == "text" and tree[-1].text == str(seat + 1)
        assert len(shapes) == (3 if ring == "true" else 2)  # the halo, the shape, the number
        assert boards.SEAT_FILL[seat] in drawn  # the server's pages use the same colours


def test_plain_buttons_ask_first_and_put_the_expected_move_first() -> None:
    choices = [[{"kind": "roll"}, "Lancer le dé !", '{"kind":"roll"}'],
               [{"kind": "stay", "card": "m1"}, "Rester sur place",
                '{"kind":"stay","card":"m1"}']]
    drawn = piece(f"c.plainButtons({json.dumps(choices, ensure_ascii=False)}, 1, true, "
                  "{stay: 'Rester ? Ton tour finira.'})")
    assert drawn.count("<button") == 2 and drawn.count('class="act primary"') == 1
    assert f'data-confirm="Rester{NNBSP}? Ton tour finira."' in drawn
    assert f">Lancer le dé{NNBSP}!</button>" in drawn
    assert 'data-action="{&#34;kind&#34;:&#34;roll&#34;}"' in drawn
    assert piece("c.plainButtons([], 1)") == ""


def test_a_badge_names_the_seat_by_nickname_or_by_number() -> None:
    assert "Léa &lt;3" in piece("c.badge(0)", ["Léa <3", ""])
    assert ">■ 2</span>" in piece("c.badge(1)", ["Léa", ""])
    assert "Joueur 2" in piece("c.badge(1)", ["Léa", ""])
    assert "Player 2" in piece("c.badge(1)", ["Léa", ""], "en")


def test_a_seat_name_is_cut_before_escaping_and_numbered_without_a_nickname() -> None:
    names = ["Anne-Charlotte-Marie", "Léa & Co !", ""]
    assert piece("c.seatName(0, 12)", names) == "Anne-Charlo…"
    assert piece("c.seatName(0)", names) == "Anne-Charlotte-Marie"
    assert piece("c.seatName(1)", names) == f"Léa &amp; Co{NNBSP}!"
    assert piece("c.seatName(1, 6)", names) == "Léa &amp;…"
    assert piece("c.seatName(2)", names, "en") == "Player 3"
    assert piece("c.seatName(null)", names) == "Joueur 1"
    assert piece("c.seatsLegend(2)", names[:2]) == (
        f"● 1 Anne-Charlotte-Marie · ■ 2 Léa &amp; Co{NNBSP}!")
    # Into a sentence, a nickname goes as text, escaped once with the sentence.
    said = piece("c.h`${c._('%(name)s a gagné !', {name: c.seatText(1)})}`", names)
    assert said == f"Léa &amp; Co{NNBSP}! a gagné{NNBSP}!"


def test_a_log_line_is_written_once_per_update_for_every_client(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    room = socketless.playing_room(GAMES[0], 3, seed=5)
    clients = [socketless.client("spectator") for _ in range(3)]
    clients[1].lang = "en"
    rng = random.Random(5)
    for step in range(6):
        actor = rng.choice(room.active())
        room.apply(actor, rng.choice(list(room.state.legal_actions(actor))), float(step))
    cache = framecache.FrameCache(room, 6.0, ["random"])
    written: list[tuple[int, str]] = []
    real = room.game.text.event

    def counting(event: Event, lang: str = "fr") -> str:
        written.append((id(event), lang))
        return real(event, lang)

    monkeypatch.setattr(room.game.text, "event", counting)
    frames.fan_out(clients, cache)
    for client in clients:  # a reconnection later in the same update: nothing written again
        client.log_seq = 0
        frames.build(client, cache)
    public = [e for _, e in room.events_since(0, None)]
    assert public and len(written) == len(set(written)) == 2 * len(public)


def test_an_engine_made_inside_an_event_loop_outlives_that_loop() -> None:
    """The first test to draw may be an async one: the engine it makes must still draw once
    that test's event loop is closed (mini-racer binds an engine to the loop it is made in)."""
    import asyncio

    from tests.drawing import Drawing

    async def make() -> Drawing:
        return Drawing()

    with asyncio.run(make()) as drawing:
        assert drawing.piece(GAME, "fr", ["Zoé"], "c.seatName(0)").endswith("Zoé")


@pytest.mark.parametrize("name", GAMES)
def test_a_waiting_phone_draws_its_hand_as_cards(name: str) -> None:
    """While another plays, a phone showed its hand only as a text line (« Ta main : Bug ;
    Pont ; … »): it is drawn as its cards, not buttons, each once with how many of it;
    games whose hand is not cards (a count, no hand) draw none."""
    from html import unescape

    from tests.drawing import state_of

    game = registry().get(name)
    room = socketless.playing_room(name, game.max_players, seed=3)
    rng = random.Random(3)
    seen = 0
    for _ in range(60):
        if room.state.is_terminal():
            break
        for seat in (s for s in range(game.max_players) if s not in room.deciding()):
            state = state_of(room, seat)
            html = shared().screen(game, state, ("actions",))["actions"]
            hand = state["view"].get("hand")
            if not (isinstance(hand, list) and hand and state["wait"]):
                assert "held-hand" not in html
                continue
            assert 'class="held-hand"' in html and "<button" not in html, html
            faces = json.loads(shared().piece(game, "fr", [], "JSON.stringify(c.kit.faces)"))
            drawn = [" ".join(unescape(t).split()) for t in re.findall(
                r'<span class="card-title">(.*?)(?: <span class="card-count">.*?</span>)?'
                r"</span>", html)]
            wanted = [" ".join(faces[str(i)]["title"].split()) for i in dict.fromkeys(
                map(str, hand))]
            assert drawn == wanted, (drawn, wanted)
            for ident in set(map(str, hand)):
                count = list(map(str, hand)).count(ident)
                if count > 1:
                    assert f"× {count}" in unescape(html).replace("\xa0", " ")
            seen += 1
        socketless.random_moves(room, rng, 1)
    if name in ("webrunners", "voleur"):
        assert seen >= 10
