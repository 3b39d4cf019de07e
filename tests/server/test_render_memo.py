"""What the drawing path remembers between moves draws exactly what it drew without it
(issue 19): the view's text line by line, the card tiles, each log line once per update."""

from __future__ import annotations

import random
from html import escape
from xml.etree import ElementTree

import pytest

from ludinum.content.typography import NNBSP, french_spacing
from ludinum.engine import Action, CardFace, Event
from ludinum.games import registry
from ludinum.server import boards, frames, patches, render, tiles
from tests.server import socketless

GAMES = [g.name for g in registry()]


def whole_text(game_name: str, view: dict[str, object], lang: str, names: list[str]) -> str:
    """The board's text as drawn before it was drawn line by line: the whole text named,
    stripped of markup and spaced at once; each line of a long text is a part of the slot
    (server/patches.py)."""
    game = registry().get(game_name)
    text = french_spacing(render.plain(game.text.with_names(
        game.text.view(view, lang, board=not render.has_board(game.name)), names, lang)))
    lines = [f"<p>{escape(line)}</p>" for line in text.splitlines() if line.strip()]
    if sum(map(len, lines)) >= patches.SMALL:
        lines = [patches.wrap(line) for line in lines]
    return f'<div class="game-text">{"".join(lines)}</div>'


@pytest.mark.parametrize("name", GAMES)
def test_the_view_text_drawn_line_by_line_is_the_whole_text_drawn_at_once(name: str) -> None:
    game = registry().get(name)
    players = max(game.min_players, min(4, game.max_players))
    state = game.new_state(players, seed=3)
    rng = random.Random(3)
    names = [f"Joueur{i + 1}" for i in range(players)]
    checked = 0
    for _ in range(60):
        if state.is_terminal():
            break
        for seat in (None, *range(players)):
            view = state.view(seat)
            for lang in ("fr", "en"):
                assert render.board(game, view, lang, seat, names) == whole_text(
                    name, view, lang, names)
                checked += 1
        actor = rng.choice(state.active_players())
        state.apply(actor, rng.choice(list(state.legal_actions(actor))))
    assert checked >= 20


def test_a_card_tile_prints_every_text_spaced_and_escaped() -> None:
    face = CardFace(title="Mot de passe <fort>", family="Protection", symbol="🛡",
                    tone="green", value="5 pts", text="Garde-le pour toi !")
    shown = str(tiles.card_tile(face, idle=True))
    assert shown.startswith('<div class="card-tile tone-green idle">')
    assert "Mot de passe &lt;fort&gt;" in shown and f"toi{NNBSP}!" in shown
    assert '<span class="card-value">5 pts</span>' in shown
    assert shown.count("aria-hidden") == 1  # the symbol only: no label, the words are read

    played = str(tiles.card_tile(face, seat=2, action='{"kind": "play"}',
                                 label="Jouer « fort » ?", confirm="Sûr ?", count=3))
    assert played.startswith('<button type="button" class="card-tile tone-green act"')
    assert 'data-seat="2" data-action="{&#34;kind&#34;: &#34;play&#34;}"' in played
    assert f'data-confirm="Sûr{NNBSP}?"' in played
    assert f'<span class="visually-hidden">Jouer «{NNBSP}fort{NNBSP}»{NNBSP}?</span>' in played
    assert '<span class="card-count">× 3</span>' in played
    assert played.count('aria-hidden="true"') == 4  # the symbol, top, title and text

    picked = str(tiles.card_tile(face, pick="c<1>"))
    assert 'data-card="c&lt;1&gt;" aria-controls="targets-c&lt;1&gt;"' not in picked
    assert 'data-card="c&lt;1&gt;" aria-pressed="false" aria-controls="targets-c&lt;1&gt;"' \
        in picked


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
    cache = frames.FrameCache(room, 6.0, ["random"])
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


@pytest.mark.parametrize("seat", range(7))
def test_every_seat_token_is_well_formed_svg_with_its_number(seat: int) -> None:
    for ring, turn in ((False, 0), (True, -30.5)):
        drawn = str(boards.token(seat, 120.5, 80, 14, turn, ring))
        svg = drawn.replace("<g ", '<g xmlns="http://www.w3.org/2000/svg" ', 1)
        tree = ElementTree.fromstring(svg)
        assert tree.get("class") == f"token seat-{seat}"
        assert ("transform" in tree.attrib) == bool(turn)
        shapes = [child.tag.split("}")[1] for child in tree]
        assert shapes[-1] == "text" and tree[-1].text == str(seat + 1)
        assert len(shapes) == 3 if ring else 2  # the halo, the shape, the number
        assert boards.SEAT_FILL[seat] in drawn


def test_plain_buttons_ask_first_and_put_the_expected_move_first() -> None:
    roll, stay = Action.make("roll"), Action.make("stay", card="m1")
    choices = [(roll, "Lancer le dé !", render.action_data(roll)),
               (stay, "Rester sur place", render.action_data(stay))]
    drawn = str(tiles.plain_buttons(choices, 1, primary_first=True,
                                    confirm={"stay": "Rester ? Ton tour finira."}))
    assert drawn.count("<button") == 2 and drawn.count('class="act primary"') == 1
    assert f'data-confirm="Rester{NNBSP}? Ton tour finira."' in drawn
    assert f">Lancer le dé{NNBSP}!</button>" in drawn
    assert 'data-action="{&#34;kind&#34;: &#34;roll&#34;}"' in drawn
    assert str(tiles.plain_buttons([], 1)) == ""


def test_a_badge_names_the_seat_by_nickname_or_by_number() -> None:
    assert "Léa &lt;3" in str(tiles.badge(0, ["Léa <3", ""], "fr"))
    assert ">■ 2</span>" in str(tiles.badge(1, ["Léa", ""], "fr"))
    assert "Joueur 2" in str(tiles.badge(1, ["Léa", ""], "fr"))
    assert "Player 2" in str(tiles.badge(1, ["Léa", ""], "en"))


def test_a_catalogue_groups_card_ids_in_order_and_unknown_ids_apart() -> None:
    game = registry().get("voleur")
    known = boards.catalogue(game)
    data = [c["id"] for c in boards.layout(game) if c.get("category")]
    assert data and all(known[i]["category"] for i in data)
    picked = [*data[:6], "no-such-card", *data[:2]]
    groups = boards.grouped(game, picked, "category")
    assert groups[None] == ["no-such-card"]
    assert sorted(i for g in groups.values() for i in g) == sorted(picked)
    for category, idents in groups.items():
        if category is not None:
            assert idents == [i for i in picked if known.get(i, {}).get("category") == category]


def test_a_remembered_block_is_drawn_once_for_the_same_values() -> None:
    drawn: list[int] = []
    env = render.environment("fr")
    template = env.from_string(
        '{% for n in numbers %}{% call remember("test-block", n, lang) %}'
        "<b>{{ count(n) }} : {{ n }}</b>{% endcall %}{% endfor %}")

    def count(n: int) -> str:
        drawn.append(n)
        return "n°"

    render.clear_caches()
    first = template.render(numbers=[1, 2, 1], count=count)
    # Each block is also a part of its slot (server/patches.py), sent alone when it alone
    # changed.
    assert first == "".join(patches.wrap(f"<b>n° : {n}</b>") for n in (1, 2, 1))
    assert drawn == [1, 2]  # the second 1 is the first one's drawing
    assert template.render(numbers=[2, 3], count=count).count("<b>") == 2
    assert drawn == [1, 2, 3]
    assert "&lt;" in template.render(numbers=["<"], count=count)  # still escaped inside


def test_a_seat_name_is_cut_before_escaping_and_numbered_without_a_nickname() -> None:
    names = ["Anne-Charlotte-Marie", "Léa & Co !", ""]
    assert str(boards.seat_name(names, 0, 12, lang="fr")) == "Anne-Charlo…"
    assert str(boards.seat_name(names, 0, lang="fr")) == "Anne-Charlotte-Marie"
    assert str(boards.seat_name(names, 1, lang="fr")) == f"Léa &amp; Co{NNBSP}!"
    assert str(boards.seat_name(names, 1, 6, lang="fr")) == "Léa &amp;…"
    assert str(boards.seat_name(names, 2, lang="en")) == "Player 3"
    assert str(boards.seat_name(names, None, lang="fr")) == "Joueur 1"
    assert str(boards.seats_legend(names[:2], 2, lang="fr")) == (
        f"● 1 Anne-Charlotte-Marie · ■ 2 Léa &amp; Co{NNBSP}!")
