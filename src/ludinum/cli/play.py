"""``ludinum play``: a game in the terminal, humans against bots, pass-and-play."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from ludinum.bots.base import Bot
from ludinum.cli.common import (
    CliError,
    current_lang,
    fail,
    game_or_fail,
    option_flag,
    options_or_fail,
    session_notice,
)
from ludinum.cli.console import FrenchConsole
from ludinum.cli.content_cmd import content_flag, use_content
from ludinum.cli.digest import folded
from ludinum.cli.handover import PassScreen
from ludinum.cli.menu import Menu, rows
from ludinum.engine import (
    Action,
    Event,
    GameText,
    LudinumError,
    State,
    deciders,
    one_of,
    visible,
)
from ludinum.engine.game import with_word
from ludinum.engine.passing import PassRound
from ludinum.games import make_bot


@click.command("play")
@click.argument("game_name", metavar="JEU")
@click.option("--players", "-p", type=int, default=None, help="Nombre de joueurs.")
@click.option(
    "--humans", type=int, default=1, show_default=True, help="Sièges humains (les premiers)."
)
@click.option(
    "--bots", "bot_level", default="medium",
    help="Niveau des bots : hasard, facile, moyen, difficile, expert (ou random, easy, medium, "
    "hard) ; défaut : moyen.",
)
@click.option("--seed", type=int, default=None, help="Graine (partie reproductible).")
@click.option("--lang", type=click.Choice(["fr", "en"]), default=None,
              help="Langue des messages : fr ou en (défaut : fr, en si LANG commence par en).")
@option_flag
@content_flag
def play(
    game_name: str,
    players: int | None,
    humans: int,
    bot_level: str,
    seed: int | None,
    lang: str | None,
    options: tuple[str, ...],
    content_dir: Path | None,
) -> None:
    """Joue une partie dans le terminal (humains et bots)."""
    lang = lang or current_lang()
    use_content(content_dir)
    game = game_or_fail(game_name)
    # The terminal has no clock: a timed decision waits for its player (its timers at 0
    # unless set with -o), and a timed trip's drops are revealed together when it ends
    # (H3, turn-based), not as each person passing the keyboard makes them.
    opts = game.options.untimed(options_or_fail(game, options))
    if players is None:
        players = min(game.max_players, max(game.min_players, 4))
    # A seed drawn here is told only once the game is over: on the screen from the start,
    # anyone at the table could play it on another terminal and read every hand and pile.
    drawn = seed is None
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    try:
        state = game.new_state(players, seed, opts)  # the player count checked first
        if not 0 <= humans <= players:
            fail(f"--humans doit être entre 0 et {players}.",
                 f"--humans must be between 0 and {players}.")
        bots = {
            seat: make_bot(game.name, bot_level, seed * 31 + seat)
            for seat in range(humans, players)
        }
    except LudinumError as exc:
        raise CliError(exc.fr, exc.en) from None
    console = FrenchConsole(highlight=False)
    title = game.title_en if lang == "en" else game.title_fr
    seed_word = "" if drawn else f" · {'seed' if lang == 'en' else 'graine'} {seed}"
    console.rule(f"[bold]{title}[/]{seed_word}")
    notice = session_notice(game, players, opts, lang)
    if notice:
        console.print(f"[yellow]{escape(notice)}[/]")
    _loop(console, game.text, state, humans, bots, lang)
    _end(console, game.text, state, lang)
    if drawn:
        console.print()
        console.print(f"To replay this game: --seed {seed}" if lang == "en"
                      else f"Pour rejouer cette partie : --seed {seed}")


class Feed:
    """What each person has been told. With one screen per person (one human, or none) the
    events are printed as they happen, the bots' moves when the person looks again; in
    pass-and-play the screen is wiped between two people, so each is shown what they may
    see of what happened since they last looked. What is printed at once is summed up
    (:func:`folded`: a bot's trip and its drops in one line) and a line repeated in a row
    said once (:func:`merged_repeats`); ``views`` gives a seat's view, for the game to
    tell what is that seat's own (None: a screen with no seat)."""

    def __init__(self, console: Console, text: GameText, lang: str, live: bool,
                 views: Callable[[int | None], Mapping[str, Any]] | None = None) -> None:
        self.console, self.text, self.lang, self.live = console, text, lang, live
        self.views = views
        self.history: list[Event] = []
        self.seen: dict[int | None, int] = {}
        #: What was told (live) and not yet printed, and to which seat: said together.
        self.pending: list[tuple[Event, str]] = []
        self.pending_seat: int | None = None

    def add(self, events: list[Event], seat: int | None) -> None:
        self.history.extend(events)
        if self.live:
            self.pending.extend(self._told(seat))
            self.pending_seat = seat

    def show(self, seat: int | None) -> None:
        told, self.pending = [*self.pending, *self._told(seat)], []
        for line in self._bullets(told, seat):
            self.console.print(line)

    def flush(self) -> None:
        """Print what was told and not printed yet (the last bots' moves of a game)."""
        told, self.pending = self.pending, []
        for line in self._bullets(told, self.pending_seat):
            self.console.print(line)

    def lines(self, seat: int | None, upto: int | None = None) -> list[str]:
        """What ``seat`` may see of what happened since it last looked (up to event
        ``upto``: the rest it has not seen yet), one console line each (markup)."""
        return self._bullets(self._told(seat, upto), seat)

    def _told(self, seat: int | None, upto: int | None = None) -> list[tuple[Event, str]]:
        start = self.seen.get(seat, 0)
        end = len(self.history) if upto is None else upto
        self.seen[seat] = max(start, end)
        # Each thing once, « tu » when it is about the seat (GameText.told).
        return [(event, line)
                for event, line in self.text.told(self.history[start:end], seat, self.lang)
                if event.kind not in self.text.endings]  # the end says it (_end), once

    def _bullets(self, told: Sequence[tuple[Event, str]], seat: int | None) -> list[str]:
        view = self.views(seat) if self.views is not None and told else None
        lines = folded(self.text, told, seat, view, self.lang)
        return [f"• {escape(line)}" for line in merged_repeats(lines, self.lang)]


def merged_repeats(lines: Sequence[str], lang: str) -> list[str]:
    """``lines`` with a line repeated in a row said once, followed by how many times
    (« (6 fois) »): a trip's drops on one account scrolled a 7-player board off the
    screen. The lines are the seat's own already: merging them tells nothing more."""
    out: list[str] = []
    count = 0
    for i, line in enumerate(lines):
        count += 1
        if i + 1 < len(lines) and lines[i + 1] == line:
            continue
        out.append(line if count == 1 else
                   f"{line} ({count} times)" if lang == "en" else f"{line} ({count}\u00a0fois)")
        count = 0
    return out


def next_seat(
    state: State, bots: Mapping[int, Bot], in_front: int | None, order: random.Random
) -> int:
    """The seat that acts next in the terminal: people first.

    Of the seats with a decision to make (:func:`ludinum.engine.deciders`: a seat whose
    only move ends a duration, a traveller coming back, waits until every other seat is
    done, H3), the person in front of the screen keeps it while they have one, then the
    next person, and only then the bots: a bot never closes a window a person was due to
    be offered. Bots deciding at once move in a random order (``order``, drawn from the
    game's seed: :func:`ludinum.engine.one_of`), so a person seeing their secret moves
    appear cannot tell whose each one is (H4)."""
    seats = deciders(state)
    people = [p for p in seats if p not in bots]
    if in_front in people:
        return in_front
    return people[0] if people else one_of(seats, order)


def ranked(text: GameText, view: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    """A seat's legal actions in the order its menu lists them (:meth:`GameText.rank`:
    the most useful first, standing still or giving up last)."""
    return sorted(legal, key=lambda action: text.rank(action, view))


def letter_of(label: str, labels: list[str]) -> str | None:
    """The letter a choice is known by (« B » of « B. Un ver », a quiz's answer), when its
    text starts with one that no other choice starts with; None otherwise."""
    if len(label) < 3 or not label[0].isalpha() or label[1:3] != ". ":
        return None
    same = sum(other[:2].upper() == label[:2].upper() for other in labels)
    return label[0].upper() if same == 1 else None


def keys_of(labels: list[str]) -> list[str]:
    """What a person types for each choice, as the menu shows it: a quiz's answer its
    letter (the one the projector and the phones show), any other choice its number."""
    return [letter_of(label, labels) or str(i) for i, label in enumerate(labels, 1)]


def choice_of(typed: str, labels: list[str]) -> int | None:
    """The choice (1…n) a person typed: its number, or the letter its text starts with
    (« B. » of a quiz's answers) when one choice alone starts so; None for anything else."""
    typed = typed.strip()
    if typed.isascii() and typed.isdigit():
        number = int(typed)
        return number if 1 <= number <= len(labels) else None
    if len(typed) == 1 and typed.isalpha():
        starts = [i for i, label in enumerate(labels, 1)
                  if letter_of(label, labels) == typed.upper()]
        return starts[0] if starts else None
    return None


def retry_hint(labels: list[str], lang: str) -> str:
    """What to type, said again after something else was typed."""
    keys = keys_of(labels)
    if len(labels) == 1:  # not « de 1 à 1 »: the one choice is taken on Enter
        return ("Press Enter (or type 1)." if lang == "en"
                else "Appuie sur Entrée (ou tape 1).")
    if all(key.isdigit() for key in keys):
        return (f"Type a number from 1 to {len(labels)}." if lang == "en"
                else f"Tape un nombre de 1 à {len(labels)}.")
    # Letters (a quiz's answers) then any numbered choice with what it does: « Tape A, B,
    # C ou D, ou 5 pour demander un indice. », not « A, B, C, D ou 5 » (a review).
    en = lang == "en"
    letters = either([key for key in keys if not key.isdigit()], lang)
    numbered = [f"{key} {'to' if en else 'pour'} {lowered(label)}"
                for key, label in zip(keys, labels, strict=True) if key.isdigit()]
    if not numbered:
        return f"Type {letters}." if en else f"Tape {letters}."
    rest = either(numbered, lang)
    if len(numbered) == 1:
        rest = f"or {rest}" if en else f"ou {rest}"
    return f"Type {letters}, {rest}." if en else f"Tape {letters}, {rest}."


def either(items: list[str], lang: str) -> str:
    """« A, B ou C », "A, B or C"."""
    word = " or " if lang == "en" else " ou "
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + word + items[-1]


def lowered(label: str) -> str:
    """A choice's text inside a sentence: « Demander un indice » → « demander un indice »
    (an acronym, « QCM », kept)."""
    if len(label) > 1 and label[1].isupper():
        return label
    return label[:1].lower() + label[1:]


def ask(console: Console, labels: list[str], lang: str) -> int:
    """Ask for a choice until one is typed (a single choice is taken on Enter)."""
    en = lang == "en"
    while True:
        # An empty answer (Enter alone) is no choice: told what to type, not asked in
        # silence again (a single choice is taken on it).
        typed = click.prompt(
            "Your choice" if en else "Ton choix",
            default="1" if len(labels) == 1 else "",
            prompt_suffix=": " if en else "\u00a0: ",
            show_default=len(labels) == 1,
        )
        choice = choice_of(str(typed), labels)
        if choice is not None:
            # A quiz's answer typed by its number (« 1 » for « A ») is taken, and said
            # by its letter: the child knows which answer was given.
            key = keys_of(labels)[choice - 1]
            if not key.isdigit() and str(typed).strip().isdigit():
                console.print(f"You chose answer {key}." if en
                              else f"Tu as choisi la réponse {key}.")
            return choice
        console.print(f"[red]{escape(retry_hint(labels, lang))}[/]")


def _loop(
    console: Console, text: GameText, state: State, humans: int, bots: dict[int, Bot], lang: str
) -> None:
    screen = PassScreen(console, lang) if humans > 1 else None
    feed = Feed(console, text, lang, live=screen is None, views=state.view)
    with screen or nullcontext():
        _turns(console, state, screen, feed, bots, lang)
    feed.flush()
    if screen is not None:  # what the whole table may know of the last moves
        feed.seen[None] = feed.seen.get(None, len(feed.history))
        feed.show(None)


def _turns(
    console: Console,
    state: State,
    screen: PassScreen | None,
    feed: Feed,
    bots: dict[int, Bot],
    lang: str,
) -> None:
    text = feed.text
    in_front: int | None = None
    human = None if len(bots) == state.config.players else 0  # the one person, if any
    order = random.Random(f"{state.config.seed}:order")  # bots moving at once (next_seat)
    # Passed around: who gets the device is seen by all (engine.passing).
    passing = PassRound() if screen is not None else None
    people = [p for p in range(state.config.players) if p not in bots]
    # The person in front of the screen who moved last, the events told then and their
    # view right after the move, while the device is still theirs (TurnOver).
    moved: TurnOver | None = None
    # A round under way goes on to its end with the game: were the last secret move to end
    # it, the table would know whose it was.
    while not state.is_terminal() or (passing is not None and passing.owed):
        if passing is None:
            player = next_seat(state, bots, in_front, order)
        else:
            player = passed_to(state, bots, passing, people, order)
        if player in bots:
            events = state.apply(player, bots[player].choose(state, player))
            for seat, bot in bots.items():
                bot.observe(seat, visible(events, seat))
            feed.add(events, human)
            continue
        if screen is not None and player != in_front:
            if moved is not None:  # the device leaves the person who moved last
                moved.show(screen, feed)
                moved = None
            screen.hand_to(text.seat_label(player, lang))
        in_front = player
        feed.show(player)
        feed.seen[None] = len(feed.history)
        view = state.view(player)
        if passing is not None:
            passing.took(player)
            if passing.idle(player, deciders(state), state.hidden_turns()):
                # A round's seat with nothing to decide: its screen looks like the others'.
                idle = [nothing_to_do(lang, state.is_terminal())]
                for line in decision(text, view, player, idle, lang, console.width):
                    console.print(line)
                ask(console, idle, lang)
                passing.visited(player)
                moved = None  # they saw their game as it is since
                continue
        legal = ranked(text, view, state.legal_actions(player))
        labels = [text.action(action, view, lang) for action in legal]
        choice = choose(console, text, view, player, labels, lang)
        events = state.apply(player, legal[choice - 1])
        for seat, bot in bots.items():
            bot.observe(seat, visible(events, seat))
        # Live, the move's lines are printed with the bots' moves that follow it, when the
        # person looks again (nothing waits in between): said together, a bot's trip begun
        # by the move is summed up in one line (Feed).
        feed.add(events, player)
        # The screen in front of the table showed it: the end does not print it again.
        feed.seen[None] = len(feed.history)
        if screen is None or passing is None:
            continue
        # The person reads the result of the move (the card drawn) before hiding their
        # game, as the game stood right after it, whatever the bots do next.
        moved = TurnOver(player, text.seat_label(player, lang), len(feed.history),
                         text.view(state.view(player), lang))
        over = passing.over(player, deciders(state), state.public_active(None),
                            state.hidden_turns())
        if over:
            passing.visited(player)
        if over or state.is_terminal():  # the device goes on, even back to them
            moved.show(screen, feed)
            moved, in_front = None, None
    if moved is not None and screen is not None:  # the bots ended the game meanwhile
        moved.show(screen, feed)


class TurnOver:
    """A person's turn that ended with their own move, on a terminal passed around: what
    :meth:`PassScreen.turn_over` shows them before the device goes on (« Ton tour est
    fini »), as it stood right after that move."""

    def __init__(self, seat: int, name: str, told: int, view: str) -> None:
        self.seat, self.name, self.told, self.view = seat, name, told, view

    def show(self, screen: PassScreen, feed: Feed) -> None:
        screen.turn_over(self.name, feed.lines(self.seat, self.told), self.view)


def passed_to(state: State, bots: Mapping[int, Bot], passing: PassRound,
              people: list[int], order: random.Random) -> int:
    """The seat that acts next on a terminal passed around (:class:`PassRound`): the seat
    the device goes to, unless it has nothing to decide while a bot has (a bot deciding in
    secret moves first, then the round goes on without it)."""
    seats = deciders(state)
    seat = passing.next(seats, state.public_active(None), people, state.hidden_turns())
    robots = [p for p in seats if p in bots]
    if seat is None or (seat not in seats and robots):
        return one_of(robots or list(seats), order)
    return seat


def nothing_to_do(lang: str, over: bool = False) -> str:
    """The one choice of a person handed the device in a round with nothing to decide;
    ``over``: the round goes on past the game's end (so that the table does not learn
    whose secret move ended it), and says so."""
    if over:
        return ("The game is over: pass the device on" if lang == "en"
                else "La partie est finie : passer l'appareil")
    return ("Nothing for you to do this time: pass the device on" if lang == "en"
            else "Rien à faire pour toi cette fois : passer l'appareil")


def decision(text: GameText, view: Mapping[str, Any], seat: int, labels: list[str],
             lang: str, width: int = 80) -> list[str]:
    """What the terminal prints (markup, a console line each) for a seat to decide: a blank
    line, the seat's view, the question the choices answer if any, who decides, then the
    choices (:class:`Menu`, laid out for ``width`` columns)."""
    return screen(text, view, seat, labels, lang, width)[0]


def screen(text: GameText, view: Mapping[str, Any], seat: int, labels: list[str],
           lang: str, width: int = 80, height: int | None = None) -> tuple[list[str], Menu]:
    """:func:`decision`'s lines and its menu, the menu fitted to the rows left on a screen
    ``height`` rows tall (None: as tall as it is) once the view, the question and the
    prompt are printed, so that the top of the view does not scroll away."""
    who = escape(text.seat_label(seat, lang))
    asked = text.asked(view, lang)
    head = ["", text.view(view, lang), *([escape(asked)] if asked else []),
            f"[bold]{who}[/]{':' if lang == 'en' else ' :'}"]
    room = 10**6 if height is None else height - rows(head, width) - 1  # 1: the prompt
    menu = Menu(keys_of(labels), labels, width, room, lang)
    return [*head, *menu.lines()], menu


def choose(console: Console, text: GameText, view: Mapping[str, Any], seat: int,
           labels: list[str], lang: str) -> int:
    """Show a seat its decision and ask for a choice (1…n of ``labels``); a group of
    choices shown as one entry (:class:`Menu`) is opened when chosen, and can be left."""
    while True:
        lines, menu = screen(text, view, seat, labels, lang, console.width, console.height)
        for line in lines:
            console.print(line)
        entries = menu.entries()
        entry = entries[ask(console, menu.entry_labels(), lang) - 1]
        if len(entry) == 1:
            return entry[0] + 1
        shown, offered = menu.opened(entry, lang)
        console.print(f"[bold]{escape(text.seat_label(seat, lang))}[/]"
                      f"{':' if lang == 'en' else ' :'}")
        for line in shown:
            console.print(line)
        picked = ask(console, offered, lang)
        if picked <= len(entry):
            return entry[picked - 1] + 1


def _end(console: Console, text: GameText, state: State, lang: str) -> None:
    """The end as the table reads it: :func:`end_summary`, then what the game teaches
    (its lessons, as the classroom's end screen shows them)."""
    end_summary(console, text, state, lang)
    en = lang == "en"
    lessons = text.lessons(state, lang)
    if lessons:
        console.print()
        teaches = "What this game teaches" if en else "Ce que la partie nous apprend"
        console.print(f"[bold]{teaches}[/]")
        for lesson in lessons:
            console.print(f"• [bold]{escape(lesson.title)}[/]{':' if en else ' :'} "
                          f"{escape(lesson.text)}")


def end_summary(console: Console, text: GameText, state: State, lang: str) -> None:
    """A finished game's end (``ludinum play``'s and ``ludinum replay``'s): the public
    board, the result and why the game ended, where or with how many points each seat
    finished. The result is said once, in the end screen's words: not by the event that
    ended the game (:attr:`GameText.endings`, left out of the feed) nor by the board's own
    line (:meth:`GameText.result`, left out here, with each seat's points where the board
    gives them: :meth:`GameText.view_without_result`)."""
    outcome = state.outcome()
    console.rule()
    # What the whole table sees at the end (a game may turn every account over, H9).
    public = state.view(None)
    console.print(text.view_without_result(public, lang))
    console.print()
    en = lang == "en"
    console.print(f"[bold]{escape(result_line(text, state, lang))}[/]")
    seats = [text.seat_label(p, lang) for p in range(state.config.players)]
    ending = text.ending(public, lang)
    if ending:
        console.print(escape(text.with_names(ending, seats, lang)))
    standings = text.standings(public, lang)
    if standings:
        for name, line in zip(seats, standings, strict=False):  # where each seat is
            console.print(escape(f"{name}{':' if en else ' :'} "
                                 f"{text.with_names(line, seats, lang)}"))
    elif not outcome.team:  # in the game's unit (GameText.score_words)
        console.print(" · ".join(
            f"{name}{':' if en else ' :'} {text.score_words(score, lang)}"
            for name, score in zip(seats, outcome.scores, strict=False)))


def result_line(text: GameText, state: State, lang: str) -> str:
    """How a finished game ended, in the words of the web's end screen
    (frag/outcome.html): « Victoire de Joueur 2 ! », « L'équipe a gagné ! », « Pas de
    gagnant. »."""
    outcome = state.outcome()
    en = lang == "en"
    if outcome.team:
        if outcome.winners:
            return "The team won!" if en else "L'équipe a gagné !"
        return "The team lost this time." if en else "L'équipe a perdu cette fois."
    if not outcome.winners:
        return "No winner." if en else "Pas de gagnant."
    names = [text.seat_label(w, lang) for w in outcome.winners]
    both = " and " if en else " et "
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + both + names[-1]
    return f"{who} won!" if en else f"Victoire {with_word('de', who)} !"
