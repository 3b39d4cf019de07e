"""A tiny card game with hidden hands and a timed turn, used to test the server without
depending on the real games (which are tested through ``registry()`` as they land)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ludinum.bots.base import Bot, RandomBot
from ludinum.engine import (
    Action,
    Deadline,
    Event,
    Game,
    GameConfig,
    GameText,
    Option,
    OptionSet,
    Outcome,
    State,
    private,
    public,
    rng_from_json,
    rng_to_json,
)

PASS = Action.make("pass")
CARDS = tuple(f"carte{i:02d}" for i in range(1, 21))


def value(card: str) -> int:
    return int(card[-2:])


class ToyState(State):
    def __init__(self, config: GameConfig, rng: random.Random) -> None:
        self.config = config
        self.rng = rng
        self.hands: list[list[str]] = []
        self.deck: list[str] = []
        self.scores = [0] * config.players
        self.played: list[tuple[int, str]] = []
        self.turn = 0
        self.moves = 0

    def active_players(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (self.turn,)

    def legal_actions(self, player: int) -> Sequence[Action]:
        if player != self.turn or self.is_terminal():
            return []
        return [Action.make("play", card=c) for c in self.hands[player]] + [PASS]

    def _apply(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if action.kind == "play":
            card = action.word("card")
            self.hands[player].remove(card)
            self.scores[player] += value(card)
            self.played.append((player, card))
            events.append(public("played", player=player, card=card))
            if self.deck:
                new = self.deck.pop()
                self.hands[player].append(new)
                events.append(private([player], "drew", player=player, card=new))
        else:
            events.append(public("passed", player=player))
        self.moves += 1
        self.turn = (self.turn + 1) % self.config.players
        if self.is_terminal():
            events.append(public("over", winners=list(self.outcome().winners)))
        return events

    def deadline(self) -> Deadline | None:
        seconds = float(self.config.option("turn_seconds"))
        if self.is_terminal() or seconds <= 0:
            return None
        return Deadline("turn", seconds, self.turn, PASS)

    def is_terminal(self) -> bool:
        return self.moves >= int(self.config.option("rounds")) * self.config.players

    def outcome(self) -> Outcome:
        best = max(self.scores)
        return Outcome(
            tuple(float(s) for s in self.scores),
            tuple(p for p, s in enumerate(self.scores) if s == best),
        )

    def view(self, player: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "turn": self.turn,
            "scores": list(self.scores),
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "played": [[p, c] for p, c in self.played],
        }
        if player is not None:
            out["hand"] = sorted(self.hands[player])
        return out

    def redraw(self, twin: State, observer: int, rng: random.Random) -> None:
        assert isinstance(twin, ToyState)
        unseen = [c for p, h in enumerate(self.hands) if p != observer for c in h] + list(
            self.deck
        )
        rng.shuffle(unseen)
        for p in range(self.config.players):
            if p != observer:
                n = len(twin.hands[p])
                twin.hands[p], unseen = unseen[:n], unseen[n:]
        twin.deck = unseen

    def copy_with(self, rng: random.Random) -> State:
        twin = ToyState(self.config, rng)
        twin.hands = [list(h) for h in self.hands]
        twin.deck = list(self.deck)
        twin.scores = list(self.scores)
        twin.played = list(self.played)
        twin.turn = self.turn
        twin.moves = self.moves
        return twin

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config.to_json(),
            "rng": rng_to_json(self.rng),
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "scores": list(self.scores),
            "played": [[p, c] for p, c in self.played],
            "turn": self.turn,
            "moves": self.moves,
        }

    def metrics(self) -> dict[str, float]:
        return {"turns": float(self.moves)}


class ToyText(GameText):
    def event(self, event: Event, lang: str = "fr") -> str:
        d = event.data
        if event.kind == "played":
            if lang == "en":
                return f"Player {d['player'] + 1} plays {d['card']}."
            return f"Le joueur {d['player'] + 1} joue {d['card']}."
        if event.kind == "drew":
            return f"You draw {d['card']}." if lang == "en" else f"Tu pioches {d['card']}."
        if event.kind == "passed":
            if lang == "en":
                return f"Player {d['player'] + 1} passes."
            return f"Le joueur {d['player'] + 1} passe."
        return "Game over." if lang == "en" else "Partie terminée."

    def action(self, action: Action, view: Mapping[str, Any], lang: str = "fr") -> str:
        if action.kind == "play":
            card = action.word("card")
            return f"Play {card}" if lang == "en" else f"Jouer {card}"
        return "Pass" if lang == "en" else "Passer"

    def view(self, view: Mapping[str, Any], lang: str = "fr", board: bool = True) -> str:
        scores = ", ".join(str(s) for s in view["scores"])
        hand = view.get("hand")
        mine = "" if hand is None else (
            f"\nYour hand: {', '.join(hand)}" if lang == "en" else f"\nTa main : {', '.join(hand)}")
        return f"[bold]Scores[/bold] : {scores}{mine}"


class ToyGame(Game):
    name = "toy"
    title_fr = "Duel de cartes"
    title_en = "Card duel"
    summary_fr = "Chacun joue une carte à son tour ; le plus gros total gagne."
    summary_en = "Play a card on your turn; the highest total wins."
    min_players = 2
    max_players = 4
    max_actions = 200

    def __init__(self) -> None:
        self.options = OptionSet(
            "toy",
            [
                Option("rounds", "int", 3, "Nombre de tours.", "Number of rounds.",
                       minimum=1, maximum=10),
                Option("turn_seconds", "int", 0, "Temps par tour (0 : sans limite).",
                       "Time per turn (0: no limit).", minimum=0, maximum=600),
                Option("variant", "choice", "simple", "Variante.", "Variant.",
                       choices=("simple", "double")),
                Option("bonus", "bool", False, "Bonus.", "Bonus."),
            ],
        )
        self.text = ToyText()

    def setup(self, config: GameConfig) -> State:
        state = ToyState(config, random.Random(config.seed))
        deck = list(CARDS)
        state.rng.shuffle(deck)
        state.hands = [sorted(deck[i * 3 : i * 3 + 3]) for i in range(config.players)]
        state.deck = deck[config.players * 3 :]
        return state

    def state_from_json(self, config: GameConfig, data: Mapping[str, Any]) -> State:
        state = ToyState(config, rng_from_json(data["rng"]))
        state.hands = [list(h) for h in data["hands"]]
        state.deck = list(data["deck"])
        state.scores = list(data["scores"])
        state.played = [(int(p), str(c)) for p, c in data["played"]]
        state.turn = int(data["turn"])
        state.moves = int(data["moves"])
        return state


class FirstBot(Bot):
    level = "first"

    def choose(self, state: State, player: int) -> Action:
        return state.legal_actions(player)[0]


GAME = ToyGame()
BOTS: dict[str, type[Bot]] = {"random": RandomBot, "first": FirstBot}
