"""The rules of Le Voleur de Données: turns, laying, attacks, counters, thefts, scoring.

Seats: one thief, the others are data managers (V1). A round is one turn of each seat,
starting with the seat to the thief's left, so a manager always starts and the thief plays
last (V6: he comes in at round 3). Boards are numbered ``2 * seat + b`` (b = 0 paper,
1 digital); each has its data cards (face up), its hidden measures and its revealed
measures (V3, V4).
"""

from __future__ import annotations

from ludinum.engine import (
    Action,
    Deadline,
    Event,
    GameConfig,
    KeptLegal,
    new_rng,
    private,
    public,
)
from ludinum.games.voleur.actions import (
    ATTACK_OP,
    COUNTER_BOARD,
    COUNTER_HAND,
    DISCARD,
    LAY,
    LET,
    PASS,
    STEAL,
    STEAL_CAT,
    ActionTable,
)
from ludinum.games.voleur.content import BOARDS, DATA, Deck

PLAY, DEFEND, STEAL_PHASE, OVER = 0, 1, 2, 3
PHASES = ("play", "defend", "steal", "over")
#: The round at which the thief comes in (V6).
THIEF_ROUND = 3
#: Cards in a manager's hand at the start (V3) and in the thief's (V5).
MANAGER_HAND = 3
THIEF_HAND = 1


class Rules(KeptLegal):
    """A game's fields and its rules: plain lists of ints; card types are indices into
    :attr:`deck` (the state as a whole: :class:`.state.VoleurState`)."""

    def __init__(self, config: GameConfig, deck: Deck, table: ActionTable) -> None:
        self.config = config
        self.deck = deck
        self.table = table
        self.ids = tuple(c.id for c in deck.cards)
        n = config.players
        self.n = n
        self.expert = bool(config.options["expert"])
        self.foil_points = int(config.options["foil_points"])
        self.ask = config.options["defence"] == "ask"
        self.response_seconds = int(config.options["response_seconds"])
        self.matching = config.options["measure_board"] == "matching"
        self.reshuffle = config.options["empty_pile"] == "reshuffle"
        self.rounds = int(config.options["rounds"])
        self.rng = new_rng(config.seed)
        self.thief = 0
        self.managers: tuple[int, ...] = ()
        self.order: tuple[int, ...] = ()
        self.pos = 0
        self.round = 1
        self.phase = PLAY
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.pile: list[int] = []
        self.tpile: list[int] = []
        self.discard: list[int] = []
        self.tdiscard: list[int] = []
        self.data: list[list[int]] = [[] for _ in range(2 * n)]
        self.hidden: list[list[int]] = [[] for _ in range(2 * n)]
        self.shown: list[list[int]] = [[] for _ in range(2 * n)]
        self.opened: list[bool] = [False] * (2 * n)
        self.proofs: list[list[int]] = [[] for _ in range(n)]
        self.loot: list[int] = []
        self.skips: list[int] = [0] * n
        # The attack being resolved: card type, target seat, board index (-1: none).
        self.p_attack = -1
        self.p_target = -1
        self.p_board = -1
        # Statistics (per attack type) for metrics().
        self.played: list[int] = [0] * len(deck)
        self.foiled: list[int] = [0] * len(deck)
        self.skipped_turns = 0
        self.thief_discards = 0
        self._singles = tuple((s,) for s in range(n))

    # -- setup --------------------------------------------------------------------------
    def deal(self) -> list[Event]:
        """Choose the thief (V1), shuffle both piles, deal the hands, start round 1."""
        n = self.n
        seat = int(self.config.options["thief_seat"])
        self.thief = seat if seat >= 0 else self.rng.randrange(n)
        self.set_seats()
        # Piles are kept unordered: each draw takes a random card (the same as drawing the
        # top of a shuffled pile, without shuffling cards that are never drawn).
        self.pile = list(self.deck.common)
        self.tpile = list(self.deck.thief)
        for s in self.managers:
            for _ in range(MANAGER_HAND):
                if self.pile:
                    self.hands[s].append(self._pop_random(self.pile))
        for _ in range(THIEF_HAND):
            if self.tpile:
                self.hands[self.thief].append(self._pop_random(self.tpile))
        events = [public("roles", thief=self.thief, managers=list(self.managers))]
        for s in range(n):
            names = [self.ids[t] for t in self.hands[s]]
            events.append(private([s], "hand", cards=names))
        self._start_turn(events)
        return events

    def set_seats(self) -> None:
        n, t = self.n, self.thief
        self.order = tuple((t + 1 + i) % n for i in range(n))
        self.managers = self.order[:-1]

    # -- turns ------------------------------------------------------------------------
    def current(self) -> int:
        return self.order[self.pos]

    def _end_turn(self, events: list[Event]) -> None:
        self.phase = PLAY
        self.p_attack = self.p_target = self.p_board = -1
        self.pos += 1  # _advance(), inlined: this is the hot path
        if self.pos == self.n:
            self.pos = 0
            self.round += 1
        self._start_turn(events)

    def _advance(self) -> None:
        self.pos += 1
        if self.pos == self.n:
            self.pos = 0
            self.round += 1

    def _start_turn(self, events: list[Event]) -> None:
        """Skip the seats that do not play, then draw for the seat that does."""
        while True:
            if self.round > self.rounds:
                self.phase = OVER
                self.round = self.rounds
                self.pos = self.n - 1
                events.append(public("game_over", scores=list(self.scores())))
                return
            if self.pos == 0:
                events.append(self.table.events.round[self.round])
            seat = self.order[self.pos]
            if seat == self.thief:
                if self.round < THIEF_ROUND:
                    self._advance()
                    continue
                self._draw(seat, self.tpile, self.tdiscard, events)
                return
            if self.skips[seat]:
                self.skips[seat] -= 1
                self.skipped_turns += 1
                events.append(public("skip_turn", player=seat, left=self.skips[seat]))
                self._advance()
                continue
            self._draw(seat, self.pile, self.discard, events)
            return

    def _draw(self, seat: int, pile: list[int], discard: list[int], events: list[Event]) -> None:
        if not pile and self.reshuffle and discard:
            pile.extend(discard)  # drawing picks at random: this is the shuffle
            discard.clear()
            events.append(public("reshuffle", player=seat, cards=len(pile)))
        if pile:
            card = self._pop_random(pile)
            self.hands[seat].append(card)
            events.append(self.table.events.draw[seat][card])
        else:
            events.append(public("no_draw", player=seat))

    def _pop_random(self, pile: list[int]) -> int:
        i = int(self.rng.random() * len(pile))
        card = pile[i]
        pile[i] = pile[-1]
        pile.pop()
        return card

    # -- protocol ---------------------------------------------------------------------
    def active_players(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLAY:
            return self._singles[self.order[self.pos]]
        if phase == DEFEND:
            return self._singles[self.p_target]
        if phase == STEAL_PHASE:
            return self._singles[self.thief]
        return ()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def _list_legal(self, player: int) -> tuple[Action, ...]:
        if player not in self.active_players():
            return ()
        phase = self.phase
        table = self.table
        if phase == PLAY:
            seat = self.order[self.pos]
            if seat == self.thief:
                return self._thief_legal(seat)
            return self._manager_legal(seat)
        if phase == DEFEND:
            i = self.p_board
            measure = self.deck.countered_by[self.p_attack]
            acts = []
            if measure in self.hidden[i]:
                acts.append(table.counter_board)
            if measure in self.hands[self.p_target]:
                acts.append(table.counter_hand)
            acts.append(table.let_through)
            return tuple(acts)
        if phase == STEAL_PHASE:
            cards = self.data[self.p_board]
            if self.expert:
                category = self.deck.category
                cats = sorted({category[t] for t in cards})
                return tuple(table.steal_category[c] for c in cats)
            return tuple(table.steal[t] for t in sorted(set(cards)))
        return ()

    def _manager_legal(self, seat: int) -> tuple[Action, ...]:
        """V3: data on either board (opening it); measures on an opened board (under the
        ``matching`` option, only the board of their attack's nature); else discard."""
        hand = self.hands[seat]
        table = self.table
        if not hand:
            return (table.pass_,)
        mask = self.opened[2 * seat] + 2 * self.opened[2 * seat + 1]
        where = table.lay_options[self.matching][mask]
        types = sorted(set(hand))
        acts: list[Action] = []
        for t in types:
            acts.extend(where[t])
        if not acts:  # V3: no legal card to lay, discard one
            return tuple(table.discard[t] for t in types)
        return tuple(acts)

    def operative(self, attack: int, seat: int) -> bool:
        """V4/V5: the thief may attack ``seat`` with ``attack`` when the board of the
        attack's nature holds data and shows no revealed measure against it."""
        i = 2 * seat + self.deck.nature[attack]
        return bool(self.data[i]) and self.deck.countered_by[attack] not in self.shown[i]

    def _thief_legal(self, seat: int) -> tuple[Action, ...]:
        hand = self.hands[seat]
        table = self.table
        if not hand:
            return (table.pass_,)
        nature = self.deck.nature
        countered_by = self.deck.countered_by
        data, shown = self.data, self.shown
        acts: list[Action] = []
        types = sorted(set(hand))
        for a in types:
            b = nature[a]
            m = countered_by[a]
            row = table.attack[a]
            for s in self.managers:
                i = 2 * s + b
                if data[i] and m not in shown[i]:
                    acts.append(row[s])
        if not acts:  # V5: he cannot attack, he discards one card face up
            return tuple(table.discard[t] for t in types)
        return tuple(acts)

    def _apply(self, player: int, action: Action) -> list[Event]:
        decoded = self.table.by_id.get(id(action))
        op, x, y = decoded if decoded is not None else self.table.decode[action]
        events: list[Event] = []
        if op == LAY:
            self._lay(player, x, y, events)
        elif op == ATTACK_OP:
            self._attack(player, x, y, events)
        elif op == DISCARD:
            self.hands[player].remove(x)
            if player == self.thief:
                self.tdiscard.append(x)
                self.thief_discards += 1
            else:
                self.discard.append(x)
            events.append(self.table.events.discard[player][x])
            self._end_turn(events)
        elif op == PASS:
            events.append(public("pass", player=player))
            self._end_turn(events)
        elif op == COUNTER_BOARD:
            self._counter(True, events)
        elif op == COUNTER_HAND:
            self._counter(False, events)
        elif op == LET:
            self._succeed(events)
        elif op == STEAL:
            self._take([x], events)
        elif op == STEAL_CAT:
            category = self.deck.category
            self._take([t for t in self.data[self.p_board] if category[t] == x], events)
        return events

    # -- the steps ------------------------------------------------------------------------
    def _lay(self, seat: int, card: int, b: int, events: list[Event]) -> None:
        self.hands[seat].remove(card)
        i = 2 * seat + b
        if self.deck.kind[card] == DATA:
            self.data[i].append(card)
            self.opened[i] = True
            events.append(self.table.events.lay_data[seat][card][b])
        else:
            self.hidden[i].append(card)
            events.append(self.table.events.lay_hidden[seat][b])
            events.append(self.table.events.hidden_card[seat][card][b])
        self._end_turn(events)

    def _attack(self, thief: int, attack: int, target: int, events: list[Event]) -> None:
        self.hands[thief].remove(attack)
        b = self.deck.nature[attack]
        self.p_attack, self.p_target, self.p_board = attack, target, 2 * target + b
        self.played[attack] += 1
        events.append(
            public(
                "attack",
                player=thief,
                card=self.ids[attack],
                target=target,
                board=BOARDS[b],
            )
        )
        if self.ask:
            self.phase = DEFEND  # V4: the defender decides (always asked, so nothing leaks)
            return
        measure = self.deck.countered_by[attack]
        if measure in self.hidden[self.p_board]:
            self._counter(True, events)
        elif measure in self.hands[target]:
            self._counter(False, events)
        else:
            self._succeed(events)

    def _counter(self, from_board: bool, events: list[Event]) -> None:
        """V4: the measure is revealed (or played from the hand, revealed) on the attacked
        board; the defender keeps the attack card as proof (V5, V7)."""
        attack, target, i = self.p_attack, self.p_target, self.p_board
        measure = self.deck.countered_by[attack]
        if from_board:
            self.hidden[i].remove(measure)
        else:
            self.hands[target].remove(measure)
        self.shown[i].append(measure)
        self.proofs[target].append(attack)
        self.foiled[attack] += 1
        events.append(
            public(
                "foiled",
                player=target,
                card=self.ids[attack],
                measure=self.ids[measure],
                source="board" if from_board else "hand",
                board=BOARDS[i & 1],
            )
        )
        self._end_turn(events)

    def _succeed(self, events: list[Event]) -> None:
        attack, target = self.p_attack, self.p_target
        skip = self.deck.skip[attack]
        card = self.ids[attack]
        if skip:
            self.skips[target] += skip
            self.tdiscard.append(attack)
            events.append(public("breach_skip", player=target, card=card, turns=skip))
            self._end_turn(events)
            return
        events.append(public("breach", player=target, card=card, board=BOARDS[self.p_board & 1]))
        self.phase = STEAL_PHASE

    def _take(self, cards: list[int], events: list[Event]) -> None:
        board = self.data[self.p_board]
        for t in cards:
            board.remove(t)
            self.loot.append(t)
        self.tdiscard.append(self.p_attack)
        names = [self.ids[t] for t in cards]
        events.append(
            public(
                "steal",
                player=self.thief,
                victim=self.p_target,
                cards=names,
                board=BOARDS[self.p_board & 1],
            )
        )
        self._end_turn(events)

    def deadline(self) -> Deadline | None:
        """V4: the attacked manager's answer; when time is up he counters if he can."""
        if self.phase != DEFEND:
            return None
        legal = self.legal_actions(self.p_target)
        return Deadline("response", float(self.response_seconds), self.p_target, legal[0])

    # -- end --------------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """V7: managers score their data plus ``foil_points`` per proof; the thief his loot."""
        value = self.deck.points.__getitem__
        data = self.data
        foil = self.foil_points
        out = []
        for s in range(self.n):
            if s == self.thief:
                out.append(sum(map(value, self.loot)))
            else:
                total = sum(map(value, data[2 * s])) + sum(map(value, data[2 * s + 1]))
                out.append(total + foil * len(self.proofs[s]))
        return tuple(out)
