"""What a phone's decision says when it has none: the game's start in the lobby, its
turn during the game, nothing once it is over (it said « Attends ton tour… » throughout)."""

from __future__ import annotations

import html
import random
from collections.abc import Callable

from ludinum.server import framecache
from ludinum.server.rooms import FINISHED, LOBBY, PLAYING, Room
from tests.drawing import slot
from tests.reading import plain_spaces, single_spaced
from tests.server import socketless


def test_a_phone_without_a_decision_is_told_what_it_waits_for() -> None:
    room = socketless.playing_room("gnou", 2, 4)
    waiting = 1 - room.active()[0]
    assert "Attends ton tour" in slot(room, waiting, "actions", "fr")
    room.status = LOBBY
    assert "La partie n'a pas encore commencé." in html.unescape(slot(room, 0, "actions", "fr"))
    assert "The game has not started yet." in slot(room, 0, "actions", "en")
    room.status = PLAYING
    socketless.random_moves(room, random.Random(4), 500)
    assert room.status == FINISHED
    assert slot(room, 0, "actions", "fr") == slot(room, 1, "actions", "fr") == ""


def test_web_runners_asks_its_two_opening_questions_as_questions() -> None:
    """W15: the answers come under the question they answer, as a grid of short numbers
    (« Aucun », « 1 » … « 10 ou plus »; « Pas encore », « 6 ans » … « 18 ans »), each
    sending its answer; the terminal keeps the whole sentences."""
    import re

    def answers(shown: str) -> list[str]:
        grid = shown.split('class="buttons answers-grid"', 1)[1].split("</div>", 1)[0]
        return re.findall(r">([^<]+)</button>", grid)

    room = socketless.playing_room("webrunners", 3, 1)
    seat = room.deciding()[0]
    shown = html.unescape(slot(room, seat, "actions", "fr"))
    assert "Combien as-tu de comptes sur les réseaux sociaux" in shown
    assert answers(shown) == ["Aucun", *map(str, range(1, 10)), "10 ou plus"]
    assert shown.count('data-action="') == len(room.state.legal_actions(seat)) == 11
    for s in room.deciding():
        room.apply(s, room.state.legal_actions(s)[0], 0.0)
    seat = room.deciding()[0]
    shown = html.unescape(slot(room, seat, "actions", "en"))
    assert "How old were you when you got your first phone?" in shown
    assert answers(shown) == ["Not yet", *map(str, range(6, 19))]
    fr = html.unescape(slot(room, seat, "actions", "fr"))
    assert answers(fr) == ["Pas encore", *(f"{age} ans" for age in range(6, 19))]


def test_the_debriefs_key_moments_are_each_said_once() -> None:
    """A line said twice in a game (« Noé passe son tour (attaque subie). ») is one moment."""
    import re

    for game in ("voleur", "hacker", "webrunners", "gnou"):
        for seed in (1, 2, 3):
            room = socketless.playing_room(game, 4, seed)
            socketless.random_moves(room, random.Random(seed), 2000)
            shown = framecache.debrief(room, "fr", [s.label("fr") for s in room.seats])
            box = shown.split('<ul class="moments">', 1)[-1].split("</ul>", 1)[0]
            moments = re.findall(r"<li>(.*?)</li>", box)
            assert len(moments) == len(set(moments)), (game, seed, moments)


def test_the_key_moments_tell_the_games_story_not_its_routine() -> None:
    """« Moments clés » are the game's story (a danger met, a card stolen, an account
    guessed, a bridge crossed, the win), never its routine (« Tour 4 : Léa. », « — Tour 2
    — », « X crédite le compte 5. »): each game names its story's event kinds."""
    import re

    routine = re.compile(r"^(Tour \d|— Tour|À .* de jouer|.* crédite le compte|.* lance \d)")
    for game in ("voleur", "hacker", "webrunners", "gnou"):
        text = socketless.playing_room(game, 4, 0).game.text
        assert text.moments, game
        told = 0
        for seed in (1, 2, 3):
            room = socketless.playing_room(game, 4, seed)
            names = [s.label("fr") for s in room.seats]
            # the game's real moments, from its whole course: each story line once, its
            # end aside (said above in large type)
            real: list[str] = []
            ended: list[str] = []  # « Limite de 5 tours atteinte : pas de gagnant. »
            rng = random.Random(seed)
            for step in range(2000):
                if room.state.is_terminal():
                    break
                actor = rng.choice(room.active())
                events = room.apply(actor, rng.choice(list(room.state.legal_actions(actor))),
                                    float(step))
                said = [(e.kind, text.with_names(text.moment(e, "fr"), names, "fr"))
                        for e in events if e.to is None and e.kind in text.moments]
                real += [line for kind, line in said if kind not in text.endings]
                ended += [line for kind, line in said if kind in text.endings]
            assert room.state.is_terminal(), (game, seed)
            real = list(dict.fromkeys(real))
            shown = html.unescape(framecache.debrief(room, "fr", names))
            box = shown.split('<ul class="moments">', 1)[-1].split("</ul>", 1)[0]
            moments = re.findall(r"<li>(.*?)</li>", box, re.S)
            assert moments, (game, seed)
            assert not [m for m in moments if routine.match(m)], (game, seed, moments)
            # the end screen's large line is not said again among the moments
            def plain(line: str) -> str:
                return single_spaced(line)

            ending = plain(framecache.ending_line(text, room.state.view(None), names, "fr"))
            assert ending and ending not in map(plain, moments), (game, seed, ending)
            assert ended and not set(map(plain, ended)) & set(map(plain, moments)), (
                game, seed, ended)
            # the last 8 of the game's real moments: none lost because later routine
            # events (a Web Runners draw pile reshuffled 30 times) pushed them out
            assert len(moments) == min(8, len(real)), (game, seed, moments, real)
            told += len(moments)
        # Every game's three random games count at least 6 real moments (the fewest: Le
        # jeu du Gnou's short games, 5 + 7 + 8; Web Runners had 5 when its moments came
        # from the last 120 events only).
        assert told >= 6, game


def test_a_paused_game_says_so_on_every_phone() -> None:
    from ludinum.server.rooms import PAUSED

    room = socketless.playing_room("gnou", 2, 4)
    room.status = PAUSED
    for seat in (0, 1):  # the seat with a decision too: no move is taken until resumed
        assert "La partie est en pause." in html.unescape(slot(room, seat, "actions", "fr"))
        assert "button" not in slot(room, seat, "actions", "fr")
    assert "The game is paused." in slot(room, 0, "actions", "en")


def _hacker_at(test: Callable[[Room], bool], seed: int = 3) -> Room:
    room = socketless.playing_room("hacker", 4, seed)
    rng = random.Random(seed)
    for _ in range(400):
        if test(room):
            return room
        socketless.random_moves(room, rng, 1)
    raise AssertionError("the situation never came")


def test_the_hacker_traveller_is_told_what_goes_on_at_the_bank() -> None:
    """« C'est à toi ! » in the status and « Attends ton tour… » under it contradicted each
    other: the traveller has nothing to decide (H3), and is told why."""
    room = _hacker_at(lambda r: r.state.view(None).get("traveller") is not None)
    traveller = room.state.view(None)["traveller"]
    said = html.unescape(slot(room, traveller, "actions", "fr"))
    assert "Tu es à la banque" in said and "Attends ton tour" not in said
    assert "You are at the bank" in slot(room, traveller, "actions", "en")
    other = next(s for s in range(4) if s != traveller)
    shown = html.unescape(slot(room, other, "actions", "fr"))
    assert "Tu es à la banque" not in shown  # the traveller's words only
    if "Touche un compte" in shown.replace("touche", "Touche"):  # a drop: whose trip it is
        assert "est à la banque" in shown


def test_a_secret_actor_leaves_no_dangling_status() -> None:
    """While who acts is a secret (a Hacker thief choosing a bill, issue 20) the status line
    says that someone chooses, not « Hacker · » and nothing."""
    room = _hacker_at(lambda r: bool(r.state.active_players())
                      and not r.public_active(None))
    status = html.unescape(framecache.FrameCache(room, 0.0, ["random"]).html("status", None, "fr"))
    assert "Un joueur choisit en secret…" in status


def test_voleur_without_a_counter_offers_to_go_on_not_a_choice() -> None:
    room = socketless.playing_room("voleur", 3, 1)
    rng = random.Random(1)
    for _ in range(3000):
        seat = next(iter(room.deciding()), None)
        if seat is not None:
            kinds = {a.kind for a in room.state.legal_actions(seat)}
            if kinds == {"let_through"}:
                break
        socketless.random_moves(room, rng, 1)
    else:
        raise AssertionError("no attack without a counter came")
    shown = html.unescape(slot(room, seat, "actions", "fr"))
    assert "Tu n'as pas la mesure qui contre cette attaque." in shown
    assert ">Continuer</button>" in shown and "Ne pas contrer" not in shown


def test_a_race_ends_with_where_everyone_got_to_not_scores_of_0_and_1() -> None:
    """Web Runners' end listed « Scores : 0, 0, 0, 1 »: it says where each pawn stopped;
    a game with real scores (Hacker: money, its table captioned « Argent ») keeps them."""
    for game, shown, hidden in (("webrunners", "Où chacun est arrivé", "Scores"),
                                ("hacker", "<caption>Argent</caption>",
                                 "Où chacun est arrivé")):
        room = socketless.playing_room(game, 4, 2)
        socketless.random_moves(room, random.Random(2), 3000)
        assert room.state.is_terminal()
        said = html.unescape(framecache.debrief(room, "fr", [s.label("fr") for s in room.seats]))
        assert shown in said and hidden not in said, game
        if game == "webrunners":
            assert "cercle" in said or "le centre" in said


def test_every_end_screen_says_why_the_game_ended() -> None:
    """Under the result, one sentence says why the game ended: the centre reached or the
    round limit (Web Runners), the turn the free society was reached or the last turn
    played (Gnou), the last round played (Hacker), who the thief was (Voleur)."""
    import re

    expected = {
        "webrunners": r"(Le premier pion arrivé au centre gagne|"
                      r"Limite de \d+ tours atteinte : personne)",
        "gnou": r"(atteint la société libre au tour \d+ sur \d+|Les \d+ tours sont joués)",
        "hacker": r"Les 4 tours sont joués : chacun compte ses billets, le plus riche gagne",
        "voleur": r"\S+ était le voleur\. Les 15 tours sont joués",
    }
    for game, pattern in expected.items():
        for seed in (1, 2):
            room = socketless.playing_room(game, 4, seed)
            socketless.random_moves(room, random.Random(seed), 3000)
            assert room.state.is_terminal(), (game, seed)
            names = [s.label("fr") for s in room.seats]
            shown = html.unescape(framecache.debrief(room, "fr", names))
            ending = re.search(r'<p class="ending">(.*?)</p>', shown)
            assert ending is not None, (game, shown[:300])
            said = ending.group(1)
            assert re.search(pattern, plain_spaces(said)), said
            assert not re.search(r"Joueur \d", said), said  # seats by the table's names
            if game == "voleur":
                thief = room.state.view(None)["thief"]
                assert said.startswith(f"{names[thief]} était le voleur."), said
            english = html.unescape(framecache.debrief(room, "en", names))
            ending = re.search(r'<p class="ending">(.*?)</p>', english)
            assert ending is not None and not re.search(r"(Joueur|Player) \d", ending.group(1))


def test_the_gnou_key_moments_name_a_danger_without_reading_it_again() -> None:
    """A danger card is read in full when it is met (G5); at the end « Moments clés » only
    reminds of it by its title: a phone's end screen was 4,700 px of the same cards."""
    import re

    met = 0
    for seed in (1, 2, 3, 4):
        room = socketless.playing_room("gnou", 4, seed)
        socketless.random_moves(room, random.Random(seed), 3000)
        shown = html.unescape(framecache.debrief(room, "fr", [s.label("fr") for s in room.seats]))
        box = shown.split('<ul class="moments">', 1)[-1].split("</ul>", 1)[0]
        for moment in re.findall(r"<li>(.*?)</li>", box):
            assert "Comment s'en protéger" not in moment and len(moment) <= 140, moment
            met += moment.startswith("Danger en case")
    assert met, "dangers were met"


def test_the_voleur_thief_is_told_its_role_while_it_waits() -> None:
    """Until round 3 the thief has nothing to do: its phone says who it is and when it
    comes in, not only « Attends ton tour… »; a manager's phone does not say it."""
    room = socketless.playing_room("voleur", 4, 1)
    thief = room.state.view(None)["thief"]
    assert thief not in room.deciding()
    shown = html.unescape(slot(room, thief, "actions", "fr"))
    assert "Tu es le voleur de données\u202f! Tu entres en jeu au tour 3" in shown, shown
    manager = next(s for s in range(4) if s != thief and s not in room.deciding())
    other = html.unescape(slot(room, manager, "actions", "fr"))
    assert "voleur" not in other, other
    english = slot(room, thief, "actions", "en")
    assert "You are the data thief!" in english


def test_hacker_key_moments_mark_the_end_of_each_round() -> None:
    """Two guesses of one account in two rounds (« Raté pour Bot 4 sur le compte 11 »,
    then « Bot 4 a deviné juste pour le compte 11 ») read as a contradiction without the
    round between them."""
    import re

    for seed in (1, 2):
        room = socketless.playing_room("hacker", 4, seed)
        socketless.random_moves(room, random.Random(seed), 3000)
        shown = html.unescape(framecache.debrief(room, "fr", [s.label("fr") for s in room.seats]))
        box = shown.split('<ul class="moments">', 1)[-1].split("</ul>", 1)[0]
        moments = re.findall(r"<li>(.*?)</li>", box)
        marks = [m for m in moments if re.fullmatch(r"— Fin du tour \d —", m)]
        assert marks, moments
        assert not any("reprend ses virus" in m for m in moments)


def test_the_key_moments_are_the_last_ones_said() -> None:
    """The debrief's « Moments clés » are the story's last eight moments, each once. A line
    said again late in the game was kept where it was first said and dropped at the end:
    Le Voleur's end screen read « L'attaque « Intrus dans les locaux » réussit : Maël ne la
    contre pas. » with no theft after it (« Le voleur dérobe « Compte rendu de réunion » à
    Maël » had been said in round 4 already), and Hacker's last round lost every guess said
    in an earlier round. Each line now stands where it was said last."""
    import re

    def plain(line: str) -> str:
        return single_spaced(html.unescape(line))

    for game in ("voleur", "hacker"):
        text = socketless.playing_room(game, 4, 0).game.text
        repeated = 0
        for seed in (1, 2, 3):
            room = socketless.playing_room(game, 4, seed)
            names = [s.label("fr") for s in room.seats]
            story: list[str] = []
            rng = random.Random(seed)
            for step in range(3000):
                if room.state.is_terminal():
                    break
                actor = rng.choice(room.active())
                events = room.apply(actor, rng.choice(list(room.state.legal_actions(actor))),
                                    float(step))
                story += [plain(text.with_names(text.moment(e, "fr"), names, "fr"))
                          for e in events if e.to is None and e.kind in text.moments
                    and e.kind not in text.endings]
            assert room.state.is_terminal(), (game, seed)
            repeated += len(story) > len(set(story))
            last: list[str] = []
            for line in reversed(story):
                if line not in last:
                    last.append(line)
            shown = html.unescape(framecache.debrief(room, "fr", names))
            box = shown.split('<ul class="moments">', 1)[-1].split("</ul>", 1)[0]
            moments = [plain(m) for m in re.findall(r"<li>(.*?)</li>", box, re.S)]
            assert moments == last[:8][::-1], (game, seed, moments, last[:8][::-1])
        assert repeated, game  # lines said twice were met
