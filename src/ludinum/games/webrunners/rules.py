"""Web Runners rules: who acts, what is legal, and what each action does.

Ruling IDs (``/work/shared/design/RULINGS.md``) are cited where a rule depends on one.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from ludinum.engine import Action, Event, private, public, shuffle
from ludinum.games.webrunners import actions as A
from ludinum.games.webrunners import events as EV
from ludinum.games.webrunners.base import (
    CONVERT,
    DISTANCE,
    GEEK,
    GREEN_PHASE,
    HACK,
    MAIN,
    OVER,
    PAY,
    RESPOND,
    SETUP_ACCOUNTS,
    SETUP_CHARACTER,
    SETUP_PHONE,
    SURVEIL,
    TARGET,
    WINDOW,
    StateData,
)
from ludinum.games.webrunners.data import (
    BOARD_DATA,
    BRIDGE,
    BUG,
    CENTRE,
    CYBERVIOLENCE,
    DAMAGE,
    DECK_DATA,
    GREEN,
    INNER,
    MOVE,
    OBSOLESCENCE,
    ORANGE,
    RED,
    RETRO,
    SURVEILLANCE,
    YELLOW,
)

HAND_SIZE = 6
KIND = tuple(c.kind for c in DECK_DATA.cards)
VALUE = tuple(c.value for c in DECK_DATA.cards)
EFFECT = tuple(c.effect for c in DECK_DATA.cards)
THEME = tuple(c.theme for c in DECK_DATA.cards)
IDS = tuple(c.id for c in DECK_DATA.cards)
SIZES = BOARD_DATA.sizes
ENTRIES = BOARD_DATA.entries
COLOURS = BOARD_DATA.colours
BARS_AT = {key: b.bars for key, b in BOARD_DATA.bridge_at.items()}
INNER_MOVES = BOARD_DATA.inner_moves
CENTRE_BARS = BOARD_DATA.centre_bars
MOVE_VALUES = (1, 2, 5, 10)
#: Cards Obsolescence programmée makes the victim discard: 5, 10 and bridges.
OBSOLETE = tuple(
    k == BRIDGE or (k == MOVE and v in (5, 10)) for k, v in zip(KIND, VALUE, strict=True)
)
ALL_SEEN = 0xF
#: Bridge cards needed to cross from each cell (circles 1-3, the inner circle by number,
#: the centre): 0 where there is no bridge.
BARS_BY_CELL = (
    *(tuple(BARS_AT.get((c, i), 0) for i in range(size)) for c, size in enumerate(SIZES)),
    tuple(CENTRE_BARS.get(i, 0) for i in range(11)),
    (0,),
)
#: Per circle (1-3, inner, centre) and cell: whether the cell is red (W5).
RED_BY_CELL = (
    *(tuple(colour == RED for colour in row) for row in COLOURS),
    tuple(False for _ in range(11)),
    (False,),
)
#: Opcodes by the identity of the shared action objects (the fast path of DECODE).
DECODE_ID = {id(action): code for action, code in A.DECODE.items()}
DAMAGE_SET = frozenset(i for i, k in enumerate(KIND) if k == DAMAGE)
IS_BRIDGE = tuple(1 if k == BRIDGE else 0 for k in KIND)
#: Main-phase actions of a card on circles 1-3 (attacks are added when a target exists).
OUTER_ACTIONS = tuple(
    (A.MOVE_A[i], A.STAY_A[i]) if k == MOVE else (A.STAY_A[i],) for i, k in enumerate(KIND)
)
#: Per set of damage cards, their attacks in card order: all of them, and those that need
#: no target (Surveillance; W6, W9). One tuple when they are the same.
ATTACKS: dict[frozenset[int], tuple[tuple[Action, ...], tuple[Action, ...]]] = {}
for _size in range(len(DAMAGE_SET) + 1):
    for _cards in combinations(sorted(DAMAGE_SET), _size):
        _armed = tuple(A.ATTACK_A[x] for x in _cards)
        _untargeted = tuple(A.ATTACK_A[x] for x in _cards if EFFECT[x] == SURVEILLANCE)
        ATTACKS[frozenset(_cards)] = (
            _armed, _armed if _untargeted == _armed else _untargeted)
#: Phases whose legal actions do not depend on the position.
DIST_ALL = tuple(A.DIST_A.values())
ACCOUNTS_ALL = tuple(A.ACCOUNTS_A.values())
PHONE_ALL = tuple(A.PHONE_A.values())


class Rules(StateData):
    """Legal actions and their effects; events are collected in ``self._ev``."""

    _ev: list[Event]

    # -- who acts ----------------------------------------------------------------------
    def active_players(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == MAIN:
            return (self.cur,)
        if phase <= SETUP_CHARACTER:
            if phase == SETUP_ACCOUNTS:
                return tuple(p for p in range(self.n) if self.answers[p] < 0)
            if phase == SETUP_PHONE:
                return tuple(p for p in range(self.n) if self.phone[p] < 0)
            return (self.pick_order[0],)
        if phase == RESPOND:
            return (self.a_tgt,)
        if phase == WINDOW:
            return tuple(self.waiting)
        if phase in (DISTANCE, HACK):
            return (self.inf,)
        if phase == GREEN_PHASE and self.vic >= 0:  # a pushed pawn on green (W5 option)
            return (self.vic,)
        if phase == SURVEIL:
            return (self.s_by,)
        if phase == OVER:
            return ()
        return (self.cur,)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # -- small queries -------------------------------------------------------------------
    def bars_here(self, p: int) -> int:
        """Bridge cards needed to cross from ``p``'s cell now (0: no bridge here; W3)."""
        c = self.circle[p]
        if c < INNER:
            return BARS_AT.get((c, self.cell[p]), 0)
        if c == INNER:
            return CENTRE_BARS.get(self.cell[p], 0)
        return 0

    def can_move(self, p: int, value: int) -> bool:
        """Circles 1-3 are loops (any value); the inner circle is the text's graph (W4)."""
        c = self.circle[p]
        return c < INNER or (c == INNER and (self.cell[p], value) in INNER_MOVES)

    def immune(self, q: int) -> bool:
        """A pawn on a red cell cannot be targeted (W5)."""
        c = self.circle[q]
        return c < INNER and COLOURS[c][self.cell[q]] == RED

    def neighbours(self, p: int) -> tuple[int, ...]:
        """Left (next seat) and right (previous seat) neighbours, without repeats."""
        left, right = (p + 1) % self.n, (p - 1) % self.n
        return (left,) if left == right else (left, right)

    def targets(self, p: int) -> list[int]:
        """W6: with 4 players the two neighbours only, else anyone; never an immune pawn."""
        pool = self.neighbours(p) if self.n == 4 else [q for q in range(self.n) if q != p]
        return [q for q in pool if not self.immune(q)]

    def has_target(self, p: int) -> bool:
        """Whether a targeted damage card has a target (the fast form of ``targets``)."""
        n, circle, cell = self.n, self.circle, self.cell
        for q in ((p + 1) % n, (p - 1) % n) if n == 4 else range(n):
            if q != p and not RED_BY_CELL[circle[q]][cell[q]]:
                return True
        return False

    def conversions(self, p: int, card: int) -> list[int]:
        """White Hat (W13): values a move or bridge card may be played as here (0 = bridge)."""
        kind = KIND[card]
        out = [v for v in MOVE_VALUES if (kind != MOVE or v != VALUE[card]) and self.can_move(p, v)]
        if kind == MOVE:
            bars = self.bars_here(p)
            if bars and 1 + sum(1 for c in self.hands[p] if KIND[c] == BRIDGE) >= bars:
                out.append(0)
        return out

    # -- legal actions ---------------------------------------------------------------------
    def _list_legal(self, player: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase == MAIN:
            return self._legal_main(player) if player == self.cur else ()
        if player not in self.active_players():
            return ()
        if phase == GREEN_PHASE:  # the most frequent after MAIN
            return (*[A.DISCARD_A[c] for c in _distinct(self.hands[player])], A.DONE_A)
        if phase == RESPOND:
            out = [A.RETRO_A[c] for c in _distinct(self.hands[player])
                   if KIND[c] == RETRO and EFFECT[c] == EFFECT[self.a_card]]
            if self.chars[player] == A.CYBER_ACTIVISTE and not self.used[player]:
                out.append(A.CYBERACT_A)
            out.append(A.ACCEPT_A)
            return tuple(out)
        if phase == WINDOW:
            return (*(A.COUNTER_A[c] for c in _distinct(self.hands[player])
                      if KIND[c] == RETRO and EFFECT[c] == SURVEILLANCE), A.PASS_A)
        if phase == PAY:
            return tuple(A.PAY_A[c] for c in _distinct(self.hands[player]) if KIND[c] == BRIDGE)
        if phase == TARGET:
            return tuple(A.TARGET_A[q] for q in self.targets(player))
        if phase == DISTANCE:
            return DIST_ALL
        if phase == HACK:
            return self._legal_exchange(self.hands[self.vic], A.TAKE_A, self.hands[player])
        if phase == SURVEIL:
            return self._legal_exchange(self.s_cards, A.KEEP_A, self.hands[player])
        if phase == GEEK:
            return tuple(A.PICK_A[c] for c in _distinct(self.disc))
        if phase == CONVERT:
            return (*(A.CONVERT_A[v] for v in self.conversions(player, self.wh_card)),
                    A.CANCEL_A)
        if phase == SETUP_ACCOUNTS:
            return ACCOUNTS_ALL
        if phase == SETUP_PHONE:
            return PHONE_ALL
        if phase == SETUP_CHARACTER:
            taken = set(self.chars)
            return tuple(a for i, a in A.CHARACTER_A.items() if i not in taken)
        return ()

    def _legal_main(self, p: int) -> tuple[Action, ...]:
        hand = self.hands[p]
        out: list[Action] = [] if hand else [A.STAY_EMPTY]
        c = self.circle[p]
        bars = BARS_BY_CELL[c][self.cell[p]]
        if bars and sum(map(IS_BRIDGE.__getitem__, hand)) >= bars:
            out.append(A.CROSS_A)
        distinct = set(hand)
        cards = sorted(distinct)
        if c < INNER:
            for x in cards:  # a loop beats map(tuple.__getitem__) here
                out += OUTER_ACTIONS[x]
            damage = DAMAGE_SET & distinct  # a frozenset: a key of ATTACKS
            if damage:
                armed, untargeted = ATTACKS[damage]
                out.extend(armed if armed is untargeted or self.has_target(p) else untargeted)
        else:
            cell = self.cell[p]
            for x in cards:
                kind = KIND[x]
                if kind == MOVE and (cell, VALUE[x]) in INNER_MOVES:
                    out.append(A.MOVE_A[x])
                elif kind == DAMAGE and (EFFECT[x] == SURVEILLANCE or self.has_target(p)):
                    out.append(A.ATTACK_A[x])
                out.append(A.STAY_A[x])
        if self.used[p]:
            return tuple(out)
        power = self.chars[p]
        if power == A.WHITE_HAT:
            # On circles 1-3 every movement or bridge card has a conversion (any value moves).
            out.extend(
                A.WHITEHAT_A[x] for x in cards
                if KIND[x] <= BRIDGE and (c < INNER or self.conversions(p, x))
            )
        elif power == A.INFLUENCEUSE:
            out.extend(A.INFLUENCE_A[q] for q in self.neighbours(p) if self.hands[q])
        elif power == A.GEEKCOLO_CHAR and self.disc:
            out.append(A.GEEKCOLO_A)
        return tuple(out)

    def _legal_exchange(
        self, source: list[int], take: tuple[Action, ...], own: list[int]
    ) -> tuple[Action, ...]:
        """Hacking (W8) and Surveillance (W9): take one, give one, up to 2, then done."""
        takes, gives = self.x_takes, self.x_gives
        out: list[Action] = []
        if len(takes) > len(gives):
            rest = _minus(own, gives)
            out.extend(A.GIVE_A[c] for c in _distinct(rest))
        else:
            if len(takes) < 2 and len(_minus(own, gives)) > 0:
                out.extend(take[c] for c in _distinct(_minus(source, takes)))
            out.append(A.DONE_A)
        out.append(A.TIMEOUT_A)
        return tuple(out)

    # -- applying -------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        self._ev = []
        op, arg = DECODE_ID.get(id(action)) or A.DECODE[action]
        HANDLERS[op](self, player, arg)
        return self._ev

    # cards in and out
    def _draw(self, p: int, count: int) -> None:
        """Draw ``count`` cards (fewer if pile and discard are both empty; W17)."""
        if count == 1:
            draw = self.draw
            if draw:
                card = draw.pop()
            elif len(self.disc) == 1:
                # W17 with a discard of one card (most draws of a long game): it becomes the
                # pile and is drawn; shuffling one card draws nothing from the generator.
                card = self.disc.pop()
                self.dseen.clear()
                self._ev.append(EV.RESHUFFLE_ONE)
            else:
                self._draw_many(p, 1)
                return
            self.hands[p].append(card)
            self._ev.append(EV.DRAW_ONE[p][card])
            return
        self._draw_many(p, count)

    def _draw_many(self, p: int, count: int) -> None:
        """:meth:`_draw` card by card, the discard shuffled into the pile when it runs out."""
        draw = self.draw
        got: list[int] = []
        for _ in range(count):
            if not draw:
                if not self.disc:
                    break
                draw.extend(self.disc)
                self.disc.clear()
                self.dseen.clear()
                shuffle(self.rng, draw)  # the draws of ``Random.shuffle``, fewer calls
                self._ev.append(EV.reshuffle(len(draw)))
            got.append(draw.pop())
        if got:
            self.hands[p].extend(got)
            self._ev.append(EV.draw(p, got))

    def _to_discard(self, card: int, seen: int) -> None:
        self.disc.append(card)
        self.dseen.append(seen)

    def _play(self, p: int, card: int) -> None:
        """A card played face up, to the discard. Its message (W16) is told by
        :meth:`_said`, after the event of the move it is played for."""
        self.hands[p].remove(card)
        self.disc.append(card)
        self.dseen.append(ALL_SEEN)

    def _said(self, card: int) -> None:
        """W16: the prevention message of a card of the theme just played, told after the
        line that says the move (« Léa attaque avec… », then the message)."""
        if THEME[card] == self.theme:
            self._ev.append(EV.MESSAGE[card])  # type: ignore[arg-type]

    # turn flow
    def _land(self, p: int) -> None:
        """The colour of the cell reached by a move or a bridge (W5), then end of turn."""
        c = self.circle[p]
        if c < INNER:
            colour = COLOURS[c][self.cell[p]]
            if colour == YELLOW:
                self.extra = True
                self._ev.append(EV.COLOUR[p, "yellow"])
            elif colour == ORANGE:
                self._ev.append(EV.COLOUR[p, "orange"])
                self._draw(p, 3)
            elif colour == GREEN:
                self._ev.append(EV.COLOUR[p, "green"])
                self.phase = GREEN_PHASE
                self.green_n = 0
                return
            elif colour == RED:
                self._ev.append(EV.COLOUR[p, "red"])
        self._end_turn()

    def _end_turn(self) -> None:
        self.m_turns += 1
        if self.extra:  # yellow: the same player plays again (W5)
            self.extra = False
            self.phase = MAIN
            self._ev.append(EV.AGAIN[self.cur])
            return
        self.cur = (self.cur + 1) % self.n
        if self.cur == self.first:
            self.round += 1
            if self.round > self.max_rounds:
                self.capped = True
                self.phase = OVER
                self._ev.append(public("round_cap", rounds=self.max_rounds))
                return
        self.phase = MAIN

    # main actions (W14)
    def _do_move(self, p: int, card: int, value: int) -> None:
        self._play(p, card)
        c = self.circle[p]
        if c < INNER:
            self.cell[p] = (self.cell[p] + value) % SIZES[c]
        else:
            self.cell[p] = INNER_MOVES[(self.cell[p], value)]
        self._ev.append(EV.move(p, card, value, c + 1, self.cell[p]))
        self._said(card)
        self._draw(p, 1)
        self._land(p)

    def _pay_rest(self, p: int) -> None:
        """Pay the remaining bridge cards; ask only when the choice matters."""
        hand = self.hands[p]
        bridges = [c for c in hand if KIND[c] == BRIDGE]
        if len(bridges) == self.pay_left or len(set(bridges)) == 1:
            for c in bridges[: self.pay_left]:
                self._play(p, c)
            self.pay_left = 0
            self._cross(p)
        else:
            self.phase = PAY

    def _cross(self, p: int) -> None:
        """W3: move to the exit cell, draw 1, apply the exit cell's colour."""
        c = self.circle[p]
        if c == INNER:
            bars = CENTRE_BARS[self.cell[p]]
            self.m_bridges[bars - 1] += 1
            self.circle[p] = CENTRE
            self.cell[p] = 0
            self.winner = p
            self.phase = OVER
            self._ev.append(public("cross", seat=p, bars=bars, circle=5, cell=0))
            self._said_paid(bars)
            self._ev.append(public("win", seat=p))
            return
        bridge = BOARD_DATA.bridge_at[(c, self.cell[p])]
        self.m_bridges[bridge.bars - 1] += 1
        self.circle[p] = c + 1
        self.cell[p] = bridge.exit
        self._ev.append(public("cross", seat=p, bars=bridge.bars, circle=c + 2, cell=bridge.exit))
        self._said_paid(bridge.bars)
        self._draw(p, 1)
        self._land(p)

    def _said_paid(self, bars: int) -> None:
        """The messages of the ``bars`` cards that paid a crossing, after the crossing's
        line: they are the discard's top cards (a crossing plays nothing else between its
        first card and the crossing itself, White Hat's converted card included)."""
        for card in self.disc[len(self.disc) - bars:]:
            self._said(card)

    # attacks (W6-W11)
    def _resolve(self) -> None:
        effect = EFFECT[self.a_card]
        vic = self.vic
        if effect == CYBERVIOLENCE:  # W11
            c = self.circle[vic]
            self.cell[vic] = ENTRIES[c] if c < INNER else 1
            self._ev.append(public("damage", effect="cyberviolence", seat=vic, by=self.inf,
                                   circle=c + 1, cell=self.cell[vic]))
            self._pushed(vic)
        elif effect == OBSOLESCENCE:
            hand = self.hands[vic]
            shown = [IDS[c] for c in hand]
            lost = [c for c in hand if OBSOLETE[c]]
            for c in lost:
                hand.remove(c)
                self._to_discard(c, ALL_SEEN)
            self._ev.append(public("damage", effect="obsolescence", seat=vic, by=self.inf,
                                   hand=shown, lost=[IDS[c] for c in lost]))
            self._draw(vic, len(lost))
            self._finish_attack()
        elif effect == BUG:  # W10: the one who inflicts chooses the distance
            self.phase = DISTANCE
        else:  # HACKING, W8
            self.x_takes = []
            self.x_gives = []
            self.phase = HACK
            self._ev.append(private((self.inf,), "shown", seat=vic,
                                    hand=[IDS[c] for c in self.hands[vic]]))

    def _pushed(self, vic: int) -> None:
        """After Cyberviolence or Bug (or their retro-damage) moved ``vic``'s pawn.

        Option ``forced_move_colours`` (W5, off by default: the text gives the colours to
        « le joueur qui se positionne / se place », the one who moves): the cell reached
        acts on the pushed player. Orange draws 3, green lets that player discard and
        redraw, red is immunity anyway; yellow (« peut rejouer ») gives a new turn only to
        the player whose turn it is (a Débug or Contre-violence sent back to the attacker).
        """
        c = self.circle[vic]
        if not self.forced_colours or c >= INNER:
            self._finish_attack()
            return
        colour = COLOURS[c][self.cell[vic]]
        if colour == ORANGE:
            self._ev.append(EV.COLOUR[vic, "orange"])
            self._draw(vic, 3)
        elif colour == GREEN:
            self._ev.append(EV.COLOUR[vic, "green"])
            self.phase = GREEN_PHASE  # the pushed player acts; _done ends the attack
            self.green_n = 0
            return
        elif colour == YELLOW and vic == self.cur:
            self._ev.append(EV.COLOUR[vic, "yellow"])
            self.extra = True
        elif colour == RED:
            self._ev.append(EV.COLOUR[vic, "red"])
        self._finish_attack()

    def _finish_attack(self) -> None:
        """Refill: the responder for the retro card, the attacker for the damage card."""
        if self.a_retro >= 0:
            self._draw(self.a_retro, 1)
        self._draw(self.a_by, 1)
        self.a_card = self.a_by = self.a_tgt = self.a_retro = self.inf = self.vic = -1
        self.s_by = -1
        self.s_cards = []
        self.x_takes = []
        self.x_gives = []
        self._end_turn()

    def _start_surveillance(self, p: int) -> None:
        """W9: draw 5; keep at most 2 by giving back as many; the rest is discarded."""
        self.s_by = p
        hand = self.hands[p]
        before = len(hand)
        self._draw(p, 5)
        self.s_cards = hand[before:]
        del hand[before:]
        self.x_takes = []
        self.x_gives = []
        self._ev.append(public("surveillance", seat=p, cards=len(self.s_cards)))
        if self.s_cards:
            self.phase = SURVEIL
        else:
            self._finish_attack()


def _distinct(cards: list[int]) -> list[int]:
    return sorted(set(cards))


def _minus(cards: list[int], removed: list[int]) -> list[int]:
    rest = cards[:]
    for c in removed:
        rest.remove(c)
    return rest


# -- handlers: one per opcode ---------------------------------------------------------------
def _move(s: Rules, p: int, card: int) -> None:
    s._do_move(p, card, VALUE[card])


def _stay(s: Rules, p: int, card: int) -> None:
    hand = s.hands[p]
    if card >= 0:
        hand.remove(card)
        s.disc.append(card)
        s.dseen.append(1 << p)  # the discard is face down: only p knows it
    s._ev.append(EV.STAY[p])
    if s.draw:
        drawn = s.draw.pop()
        hand.append(drawn)
        s._ev.append(EV.DRAW_ONE[p][drawn])
    else:
        s._draw(p, 1)
    s._end_turn()


def _cross_start(s: Rules, p: int, _: int) -> None:
    s.pay_left = s.bars_here(p)
    s._pay_rest(p)


def _pay(s: Rules, p: int, card: int) -> None:
    s._play(p, card)
    s.pay_left -= 1
    if s.pay_left == 0:
        s._cross(p)
    else:
        s._pay_rest(p)


def _attack(s: Rules, p: int, card: int) -> None:
    s._play(p, card)
    s.a_card, s.a_by, s.a_retro = card, p, -1
    s.m_attacks += 1
    s._ev.append(public("attack", seat=p, card=IDS[card]))
    s._said(card)
    if EFFECT[card] == SURVEILLANCE:
        s.waiting = [(p + i) % s.n for i in range(1, s.n)]
        s.phase = WINDOW
    else:
        s.phase = TARGET


def _target(s: Rules, p: int, q: int) -> None:
    s.a_tgt = q
    s._ev.append(public("target", seat=p, target=q, card=IDS[s.a_card]))
    s.phase = RESPOND


def _accept(s: Rules, p: int, _: int) -> None:
    s._ev.append(EV.ACCEPT[p])
    s.inf, s.vic = s.a_by, s.a_tgt
    s._resolve()


def _retro(s: Rules, p: int, card: int) -> None:
    """W7: the matching retro card returns the effect to the attacker, even on red (W5)."""
    s._play(p, card)
    s.m_retros += 1
    s._ev.append(public("retro", seat=p, card=IDS[card], attacker=s.a_by))
    s._said(card)
    s.a_retro = p
    s.inf, s.vic = p, s.a_by
    s._resolve()


def _cyberactivist(s: Rules, p: int, _: int) -> None:
    """W7, W13: Cyber-activiste cancels the attack, nothing is returned."""
    s.used[p] = True
    s.m_blocked += 1
    s.m_powers += 1
    s._ev.append(public("power", seat=p, power="cyber_activiste", attacker=s.a_by))
    s._finish_attack()


def _pass(s: Rules, p: int, _: int) -> None:
    s.waiting.remove(p)
    s._ev.append(EV.PASS[p])
    if not s.waiting:
        s._start_surveillance(s.a_by)


def _counter(s: Rules, p: int, card: int) -> None:
    """W9: Contre-surveillance cancels Surveillance; its player draws 5 instead."""
    s._play(p, card)
    s.m_retros += 1
    s._ev.append(public("retro", seat=p, card=IDS[card], attacker=s.a_by))
    s._said(card)
    s.waiting = []
    s.a_retro = p
    s._start_surveillance(p)


def _distance(s: Rules, p: int, cells: int) -> None:
    """W10: back counter-clockwise, never below the circle's entry cell."""
    vic = s.vic
    c = s.circle[vic]
    if c < INNER:
        size, entry = SIZES[c], ENTRIES[c]
        progress = (s.cell[vic] - entry) % size
        moved = min(progress, cells)
        s.cell[vic] = (entry + progress - moved) % size
    else:
        moved = int(s.cell[vic] != 1)  # one step along the inner graph, back to « 1 »
        s.cell[vic] = 1
    # ``moved``: the cells the pawn really went back (the entry cell stops it), which the
    # narration says: « recule de 8 cases » for a pawn 3 cells from START was untrue.
    s._ev.append(public("damage", effect="bug", seat=vic, by=p, cells=cells, moved=moved,
                        circle=c + 1, cell=s.cell[vic]))
    s._pushed(vic)


def _take(s: Rules, p: int, card: int) -> None:
    """One step of a Hacking or Surveillance exchange (W8, W9): the table learns that a
    card is taken, then the seats that may know it which one (a detail of that line, not a
    second card)."""
    s.x_takes.append(card)
    other = s.vic if s.phase == HACK else -1
    s._ev.append(public("exchange_step", seat=p, step="take"))
    s._ev.append(private((p,) if other < 0 else (p, other), "take", seat=p, card=IDS[card]))


def _give(s: Rules, p: int, card: int) -> None:
    s.x_gives.append(card)
    other = s.vic if s.phase == HACK else -1
    s._ev.append(public("exchange_step", seat=p, step="give"))
    s._ev.append(private((p,) if other < 0 else (p, other), "give", seat=p, card=IDS[card]))


def _done(s: Rules, p: int, _: int) -> None:
    if s.phase == GREEN_PHASE:
        _green_done(s, p)
        if s.vic >= 0:  # a pawn pushed onto green (option forced_move_colours, W5)
            s._finish_attack()
        else:
            s._end_turn()
        return
    own = s.hands[p]
    for c in s.x_gives:
        own.remove(c)
    own.extend(s.x_takes)
    if s.phase == HACK:  # W8: the swap happens at once when the hacker is done
        victim = s.hands[s.vic]
        for c in s.x_takes:
            victim.remove(c)
        victim.extend(s.x_gives)
        s._ev.append(public("hacked", seat=s.vic, by=p, cards=len(s.x_takes)))
    else:  # W9: kept cards join the hand, the rest and the given cards are discarded
        for c in s.x_takes:
            s.s_cards.remove(c)
        for c in s.s_cards + s.x_gives:
            s._to_discard(c, 1 << p)
        s._ev.append(public("surveilled", seat=p, kept=len(s.x_takes)))
    s._finish_attack()


def _timeout(s: Rules, p: int, _: int) -> None:
    """W12: the one-minute action runs out of time and is cancelled."""
    s.m_cancelled += 1
    if s.phase == SURVEIL:
        for c in s.s_cards:
            s._to_discard(c, 1 << p)
    name = "hacking" if s.phase == HACK else "surveillance"
    s._ev.append(public("cancelled", seat=p, action=name))
    s._finish_attack()


def _discard(s: Rules, p: int, card: int) -> None:
    """W5, green cell: one card discarded face down (only ``p`` knows it). Nothing is told
    yet: the table hears of the whole discard in one line when ``p`` is done."""
    s.hands[p].remove(card)
    s._to_discard(card, 1 << p)
    s.green_n += 1


def _green_done(s: Rules, p: int) -> None:
    """W5, green cell done: one public line for the whole discard (how many cards, never
    which: they went face down), then as many drawn; ``p``'s own line of the draw names the
    cards discarded too (the discard's last ``green_n`` cards: nothing is drawn meanwhile)."""
    n = s.green_n
    s._ev.append(public("green_done", seat=p, cards=n))
    if n:
        gone = tuple(IDS[c] for c in s.disc[len(s.disc) - n:])
        s._draw(p, n)
        drawn = s._ev.pop()  # the private draw, the last event (a reshuffle may precede it)
        s._ev.append(private((p,), "draw", seat=p, cards=drawn.data["cards"], discarded=gone))
    s.green_n = 0


def _whitehat(s: Rules, p: int, card: int) -> None:
    s.wh_card = card
    s.phase = CONVERT


def _convert(s: Rules, p: int, value: int) -> None:
    """W13 White Hat: play the chosen card as another movement value or as a bridge."""
    card = s.wh_card
    s.wh_card = -1
    s.used[p] = True
    s.m_powers += 1
    s._ev.append(public("power", seat=p, power="white_hat", card=IDS[card], value=value))
    s.phase = MAIN
    if value:
        s._do_move(p, card, value)
        return
    s._play(p, card)
    s.pay_left = s.bars_here(p) - 1
    if s.pay_left == 0:
        s._cross(p)
    else:
        s._pay_rest(p)


def _cancel(s: Rules, p: int, _: int) -> None:
    s.wh_card = -1
    s.phase = MAIN


def _after_power(s: Rules) -> None:
    if s.power_ends_turn:
        s._end_turn()
    else:
        s.phase = MAIN


def _influence(s: Rules, p: int, q: int) -> None:
    """W13 Influenceuse: a random card from a neighbour's hand, not replaced."""
    hand = s.hands[q]
    card = hand.pop(s.rng.randrange(len(hand)))
    s.hands[p].append(card)
    s.used[p] = True
    s.m_powers += 1
    s._ev.append(public("power", seat=p, power="influenceuse", target=q))
    s._ev.append(private((p, q), "stolen", seat=p, target=q, card=IDS[card]))
    _after_power(s)


def _geekcolo(s: Rules, p: int, _: int) -> None:
    s.phase = GEEK
    s._ev.append(private((p,), "discard_shown", cards=[IDS[c] for c in s.disc]))


def _pick(s: Rules, p: int, card: int) -> None:
    """W13 Geekcolo: any card of the discard, without discarding."""
    i = len(s.disc) - 1 - s.disc[::-1].index(card)
    del s.disc[i]
    del s.dseen[i]
    s.dseen[:] = [m | (1 << p) for m in s.dseen]
    s.hands[p].append(card)
    s.used[p] = True
    s.m_powers += 1
    s._ev.append(public("power", seat=p, power="geekcolo"))
    s._ev.append(private((p,), "picked", card=IDS[card]))
    _after_power(s)


# -- setup (W13, W15) -------------------------------------------------------------------------
def _accounts(s: Rules, p: int, n: int) -> None:
    """W15, first question. Everybody then answers the second one too, so that nobody
    learns from who is asked whether there was a tie."""
    s.answers[p] = n
    s._ev.append(public("answered", seat=p, question="accounts"))
    if min(s.answers) >= 0:
        s.phone = [-1] * s.n
        s.phase = SETUP_PHONE


def _phone(s: Rules, p: int, age: int) -> None:
    s.phone[p] = 99 if age == 0 else age  # no phone yet: the latest of all
    s._ev.append(public("answered", seat=p, question="phone"))
    if min(s.phone) < 0:
        return
    low = min(s.answers)
    tied = [q for q in range(s.n) if s.answers[q] == low]
    late = max(s.phone[q] for q in tied)
    best = [q for q in tied if s.phone[q] == late]
    # One draw, tie or not: a log whose answers were redacted (W15, ``redact``) replays to
    # the same state, random generator included.
    start_order(s, best[int(s.rng.random() * len(best))])


def start_order(s: Rules, first: int) -> None:
    """The first player is known: answers are forgotten (W15), characters come next. The
    event says how they were chosen (the option ``first_player``), never the answers."""
    s.answers = []
    s.phone = []
    s.first = first
    s._ev.append(public("first_player", seat=first, how=s.config.options["first_player"]))
    if s.config.options["characters"] == "chosen":
        s.pick_order = [(first + i) % s.n for i in range(s.n)]
        s.phase = SETUP_CHARACTER
    else:
        s.chars = s.rng.sample(range(4), s.n)
        s._ev.append(public("characters", characters=[A.CHARACTERS[c] for c in s.chars]))
        _begin(s)


def _character(s: Rules, p: int, i: int) -> None:
    s.chars[p] = i
    s.pick_order.pop(0)
    s._ev.append(public("character", seat=p, character=A.CHARACTERS[i]))
    if not s.pick_order:
        _begin(s)


def _begin(s: Rules) -> None:
    s.cur = s.first
    s.round = 1
    s.phase = MAIN
    s._ev.append(public("turn", seat=s.cur, again=False))


_HANDLER_MAP = {
    A.MOVE: _move, A.STAY: _stay, A.CROSS: _cross_start, A.PAY: _pay, A.ATTACK: _attack,
    A.TARGET: _target, A.RETRO: _retro, A.CYBERACT: _cyberactivist, A.ACCEPT: _accept,
    A.COUNTER: _counter, A.PASS: _pass, A.DIST: _distance, A.TAKE: _take, A.GIVE: _give,
    A.DONE: _done, A.TIMEOUT: _timeout, A.KEEP: _take, A.DISCARD: _discard,
    A.WHITEHAT: _whitehat, A.CONVERT: _convert, A.CANCEL: _cancel, A.INFLUENCE: _influence,
    A.GEEKCOLO: _geekcolo, A.PICK: _pick, A.ACCOUNTS: _accounts, A.PHONE: _phone,
    A.CHARACTER: _character,
}
#: Handlers by opcode (a list: indexing is the fastest dispatch).
HANDLERS: list[Callable[[Rules, int, int], None]] = [
    _HANDLER_MAP.get(op, _cancel) for op in range(max(_HANDLER_MAP) + 1)
]
