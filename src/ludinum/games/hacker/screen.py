"""A seat's view as terminal text (rich markup): the accounts table, your bills, your
viruses and the record of this round's trips."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rich.text import Text

from ludinum.engine import counted
from ludinum.games.hacker.base import ACCOUNTS_PER_PLAYER, COLOURS_EN, COLOURS_FR, COLOURS_RICH
from ludinum.games.hacker.words import account, bills, listed, name, phase_words


def _name(player: int | None, lang: str) -> str:
    return name(player, lang, markup=True)


def _colour(player: int, lang: str) -> str:
    """A seat by its colour alone, coloured (« Rouge »), where its seat is said nearby."""
    colour = (COLOURS_EN if lang == "en" else COLOURS_FR)[player].capitalize()
    style = COLOURS_RICH[player]
    return f"[{style}]{colour}[/{style}]"


def _marks(entries: list[Mapping[str, Any]], you: int | None, lang: str) -> list[str]:
    """Each virus of a stack, bottom to top: whose trip it came in, and its owner when
    known by its colour (« ▮J3 », « ▮J3* », « ▮J3=Rouge »)."""
    parts = []
    for e in entries:
        trip = f"P{e['trip'] + 1}" if lang == "en" else f"J{e['trip'] + 1}"
        owner = e.get("owner")
        if owner is None:
            parts.append(f"▮{trip}")
        elif owner == you:
            parts.append(f"[bold]▮{trip}*[/bold]")
        else:
            parts.append(f"▮{trip}={_colour(owner, lang)}")
    return parts


def _stack(entries: list[Mapping[str, Any]], you: int | None, lang: str) -> str:
    """Bottom to top, a run of the same mark said once with its count (« ▮J6×4 » for
    « ▮J6 ▮J6 ▮J6 ▮J6 »); « — » for none."""
    runs: list[tuple[str, int]] = []
    for mark in _marks(entries, you, lang):
        if runs and runs[-1][0] == mark:
            runs[-1] = (mark, runs[-1][1] + 1)
        else:
            runs.append((mark, 1))
    return " ".join(mark if n == 1 else f"{mark}×{n}" for mark, n in runs) or "—"


@lru_cache(maxsize=4096)
def _width(markup: str) -> int:
    """Printed width of a cell (cells repeat from one view to the next: remembered)."""
    return Text.from_markup(markup).cell_len


#: A terminal's width, which the accounts' table keeps to.
WIDTH = 80


def _widths(rows: list[list[str]]) -> list[int]:
    return [max(_width(row[i]) for row in rows) for i in range(len(rows[0]))]


def _fits(rows: list[list[str]], width: int = WIDTH) -> bool:
    """Whether ``rows``, their columns padded, fit ``width`` columns."""
    widths = _widths(rows)
    return sum(widths) + 3 * (len(widths) - 1) <= width


def _table(rows: list[list[str]], width: int = WIDTH) -> list[str]:
    """Rows of cells, columns padded to their printed width when the table fits ``width``
    columns; a row whose columns, padded, would not fit is written unpadded (the first
    column still padded), so that it does not wrap."""
    widths = _widths(rows)
    out = []
    for row in rows:
        cells = [cell + " " * (widths[i] - _width(cell)) for i, cell in enumerate(row)]
        line = " │ ".join(cells).rstrip()
        if _width(line) > width:
            line = " │ ".join([cells[0], *row[1:]]).rstrip()
        out.append(line)
    return out


def _whose_account(k: int, owner: int | None, you: int | None, lang: str) -> str:
    """An account with its owner as a player says it: « le compte 2 de Noé », « ton
    compte 7 », « le compte 4 » when its owner is not shown (brouillage, H7)."""
    en = lang == "en"
    if owner is None:
        return f"account {k + 1}" if en else f"le compte {k + 1}"
    if owner == you:
        return f"your account {k + 1}" if en else f"ton compte {k + 1}"
    who = _name(owner, lang)
    return f"{who}'s account {k + 1}" if en else f"le compte {k + 1} de {who}"


def _counted_on(places: Mapping[str, int], lang: str) -> str:
    """Viruses counted per account: « 1 virus sur le compte 5 de Sami et 2 virus sur ton
    compte 7 », "1 virus on Sami's account 5 and 2 viruses on your account 7"."""
    en = lang == "en"
    return listed([(f"{n} {'virus' if n == 1 else 'viruses'} on {at}" if en
                    else f"{n} virus sur {at}") for at, n in places.items()], lang)


def _accounts_in_words(view: Mapping[str, Any], you: int | None, lang: str) -> list[str]:
    """What a phone needs beside the drawn board, which shows every account's owner and
    virus stack to everyone: the bills this seat sees, and the viruses whose owner it
    knows, in sentences (no table, no « J3 »)."""
    en = lang == "en"
    money = []
    mine: dict[str, int] = {}  # where each of this seat's viruses sits, and how many there
    known: dict[int, dict[str, int]] = {}  # the same for each other owner this seat knows
    for acc in view.get("accounts", []):
        where = account(int(acc["id"]), lang)
        if acc.get("bills") is not None:
            money.append(f"{where}{':' if en else ' :'} {bills(list(acc['bills']), lang)}")
        for e in acc.get("stack", []):
            owner = e.get("owner")
            if owner is None:
                continue
            at = _whose_account(int(acc["id"]), acc.get("owner"), you, lang)
            places = mine if owner == you else known.setdefault(int(owner), {})
            places[at] = places.get(at, 0) + 1
    over = view.get("phase") == "over"
    lines = []
    join = "; " if en else " ; "  # French spacing in French only
    if money:
        title = ("Bills" if over else "Your bills") if en else (
            "Billets" if over else "Tes billets")
        lines.append(f"{title}{':' if en else ' :'} " + join.join(money) + ".")
    if mine:
        # Whose account each of its viruses sits on, counted (a child read « Tes virus
        # sur : compte 2 (trajet de Noé) » as a riddle): « Tu as posé 1 virus sur le
        # compte 2 de Noé et 2 virus sur ton compte 7. » Only what the board shows
        # everyone (the account's owner, none under brouillage, H7) and what the seat
        # knows of its own viruses (H2).
        lines.append(("You dropped " if en else "Tu as posé ") + _counted_on(mine, lang) + ".")
    for owner, places in known.items():
        # Another's viruses this seat noticed (H4), the same way, one sentence per owner
        # (« Tu sais à qui : le virus du compte 4 (trajet de Tom) est à Léa » was another
        # riddle): « Tu sais que Léa a posé 1 virus sur le compte 4 de Tom. » A screen of
        # no seat says it without « tu ».
        who, listed = _name(owner, lang), _counted_on(places, lang)
        if en:
            lines.append(f"{'' if you is None else 'You know '}{who} dropped {listed}.")
        else:
            lines.append(f"{'' if you is None else 'Tu sais que '}{who} a posé {listed}.")
    return lines


def _guess_question(view: Mapping[str, Any], you: int | None, lang: str) -> list[str]:
    """The terminal's question above a guess (H5), which the phone's decision asks: which
    virus, the trip it came in, what a wrong guess costs. Only its protector is asked."""
    current = view.get("current")
    if view.get("phase") != "guess" or current is None or view.get("protector") != you:
        return []
    accounts = view.get("accounts") or []
    if int(current) >= len(accounts):
        return []
    stack = accounts[int(current)].get("stack") or []
    if not stack:
        return []
    trip = stack[-1].get("trip")
    where = int(current) + 1
    if lang == "en":
        came = ("It was dropped during your trip." if trip == you
                else f"It was dropped during {_name(trip, lang)}'s trip.")
        return [f"Who dropped the virus on top of your account {where}? {came} If you are "
                "wrong, its owner takes a bill from this account."]
    came = ("Il a été posé pendant ton trajet." if trip == you
            else f"Il a été posé pendant le trajet de {_name(trip, lang)}.")
    return [f"Qui a posé le virus du haut de ton compte {where} ? {came} Si tu te trompes, "
            "son auteur te prend un billet de ce compte."]


def scores_line(view: Mapping[str, Any], lang: str = "fr") -> str:
    """The finished game's scores, the last line of its board (« Argent : 1 pour Rouge
    (J1) ; 17 pour Bleu (J2) … », the money each ends with, H9: the word of the end
    screen's column, ``HackerText.score_name``), or ``""`` before the end (the view has no
    scores then):
    the game's result line (``HackerText.result``), which a screen that says the scores in
    its own words leaves out (the terminal's end)."""
    if view.get("scores") is None:
        return ""
    en = lang == "en"
    # The amount first, as on the trips line: « Rouge (J1) 4 » ran a seat into its count.
    scores = (";" if en else " ;").join(
        f" {s}{' for ' if en else ' pour '}{_name(p, lang)}"
        for p, s in enumerate(view["scores"]))
    return f"Money:{scores}." if en else f"Argent :{scores}."


def _owners_table(view: Mapping[str, Any], you: int | None, lang: str) -> list[str]:
    """The terminal's accounts: a row per owner (a row per three accounts when the
    brouillage hides the owners, H7), each account as its number, its viruses from the
    bottom up and, on one's own, its bills in brackets; a title above, the marks
    explained under (a terminal review found « ▮J3 », « * » and « =nom » opaque). A
    seat's marks (its own viruses, those it knows) only to a seat: the host and
    spectators are shown neither. Seven players' 21 accounts on 21 rows ran a decision
    past a terminal's 24."""
    en = lang == "en"
    over = view.get("phase") == "over"
    accounts = list(view.get("accounts", []))
    owners = [acc.get("owner") for acc in accounts]

    def table(tight: bool) -> list[list[str]]:
        rows: list[list[str]] = []
        if all(owner is not None for owner in owners):
            for owner in sorted(set(owners)):  # seat order
                rows.append([_name(owner, lang)] + [
                    _cell(acc, view, you, lang, tight) for acc in accounts
                    if acc.get("owner") == owner])
        else:  # the owners hidden (H7): the accounts in their order, three a row
            for first in range(0, len(accounts), ACCOUNTS_PER_PLAYER):
                rows.append(["?"] + [_cell(acc, view, you, lang, tight)
                                     for acc in accounts[first:first + ACCOUNTS_PER_PLAYER]])
        width = max(len(row) for row in rows)
        return [row + [""] * (width - len(row)) for row in rows]

    # The game's end shows every account's bills: « [2 + 1 + 3 + 2 = 8] » ran a row past
    # the terminal's 80 columns, unaligned and cut in the middle of a sum. Written tight
    # (« 9 [2+1+3+2=8] »: no spaces in the sums, no « : — » for an account without
    # viruses) when the table would not fit otherwise.
    rows = table(tight=False)
    if not _fits(rows):
        rows = table(tight=True)
    money = ("bills" if over else "your bills") if en else ("billets" if over else "tes billets")
    title = (f"[bold]Accounts[/bold]: number, viruses from the bottom up, \\[{money}]" if en
             else f"[bold]Comptes[/bold] : numéro, virus du bas vers le haut, \\[{money}]")
    legend = (("[dim]▮P3 = dropped during P3's trip"
               + ("; ▮P3* = one of yours; ▮P3=Red = it is Red's" if you is not None else "")
               + "[/dim]") if en else
              ("[dim]▮J3 = posé au trajet de J3"
               + (" ; ▮J3* = un des tiens ; ▮J3=Rouge = il est à Rouge" if you is not None
                  else "") + "[/dim]"))
    return [title, *_table(rows), legend]


def _cell(acc: Mapping[str, Any], view: Mapping[str, Any], you: int | None,
          lang: str, tight: bool = False) -> str:
    """An account in the owners' table: « ▶ 9 : ▮J1×5 [3 + 2 = 5] », ``tight``
    « ▶ 9 : ▮J1×5 [3+2=5] », and « 9 [3+2=5] » with no virus on it (the game's end,
    every virus resolved)."""
    k = int(acc["id"])
    mark = "▶ " if view.get("current") == k else ""
    marks = _stack(acc.get("stack", []), you, lang)
    money = ""
    if acc.get("bills") is not None:
        money = f" \\[{bills(list(acc['bills']), lang, tight)}]"
        if tight and not acc.get("stack"):
            return f"{mark}{k + 1}{money}"
    return f"{mark}{k + 1} : {marks}{money}" if lang != "en" else f"{mark}{k + 1}: {marks}{money}"


def render(view: Mapping[str, Any], lang: str = "fr", board: bool = True) -> str:
    """The seat's view as text; ``board`` False where a board is drawn beside it (the web):
    the accounts are said in sentences instead of the terminal's table."""
    en = lang == "en"
    you = view.get("you")
    lines: list[str] = []
    phase = str(view.get("phase", ""))
    phases = phase_words(lang)
    head = (
        f"[bold]Hacker[/bold] — round {view['round']}/{view['rounds']} — {phases.get(phase)}"
        if en
        else f"[bold]Hacker[/bold] — tour {view['round']}/{view['rounds']} — {phases.get(phase)}"
    )
    lines.append(head)
    if view.get("traveller") is not None:
        who = _name(view["traveller"], lang)
        lines.append(f"{who} is at the bank." if en else f"{who} est à la banque.")
    if view.get("protector") is not None:
        who = _name(view["protector"], lang)
        lines.append(f"{who} is protecting their accounts." if en else f"{who} se protège.")
    if board and len(lines) == 2:  # the terminal's 24 rows: who acts on the header's line
        lines[:] = [f"{lines[0]} — {lines[1]}"]
    if view.get("blurred"):
        lines.append(
            "[italic]Magnetic jamming: the accounts show no colour.[/italic]"
            if en
            else "[italic]Brouillage magnétique : les comptes ne montrent plus leur couleur."
            "[/italic]"
        )
    if not board:
        lines.extend(_accounts_in_words(view, you, lang))
    if board:
        lines.extend(_owners_table(view, you, lang))
    bank = int(view.get("bank") or 0)
    left = counted(bank, ("billet", "billets"), ("bill", "bills"), lang)
    status = []  # on one line in the terminal (``board``), one a line beside a board
    if en:
        status.append("Bank: no bills left." if bank == 0 else f"Bank: {left} left.")
    else:
        status.append("Banque : il ne reste aucun billet." if bank == 0 else
                      f"Banque : il reste {left}.")
    if you is not None:
        hand = view.get("hand", 0)
        status.append(
            f"Your viruses in hand: {hand}/{view.get('viruses')}."
            if en
            else f"Tes virus en main : {hand}/{view.get('viruses')}."
        )
        if view.get("score") is not None:
            status.append(
                f"Your money: {view['score']}." if en else f"Ton argent : {view['score']}."
            )
    lines.extend([" ".join(status)] if board else status)
    if you is not None:
        if phase == "steal" and view.get("thief") == you and view.get("current") is not None:
            where = account(int(view["current"]), lang)
            lines.append(
                f"Choose the bill to steal from {where}: you do not see the values."
                if en
                else f"Choisis le billet à voler sur le {where} : tu ne vois pas la valeur "
                "des billets."
            )
        if view.get("incoming"):
            values = bills(list(view["incoming"]), lang)
            lines.append(
                f"To credit now: {values}." if en else f"À créditer tout de suite : {values}."
            )
        if view.get("pending"):
            where = ", ".join(account(int(k), lang) for k in view["pending"])
            lines.append(f"Ready to drop: {where}." if en else f"Virus prêts : {where}.")
        seen = [(_name(note["dropper"], lang), account(note["account"], lang))
                for note in view.get("notices", [])]
        if board and len(seen) > 1:  # the terminal's 24 rows: what one saw on one line
            join = "; " if en else " ; "
            lines.append(("You saw " + join.join(f"{who} on {where}" for who, where in seen)
                          if en else
                          "Tu as vu " + join.join(f"{who} sur le {where}" for who, where in seen))
                         + ".")
        else:
            lines.extend(f"You saw {who} on {where}." if en else f"Tu as vu {who} sur le {where}."
                         for who, where in seen)
    trips = view.get("trips", [])
    if trips:
        # Viruses dropped by the others while each one was at the bank (not by them).
        # « 7 pour Bot 4 », not « Bot 4 7 » (a bot's number read as its count).
        word = " for " if en else " pour "
        # The terminal (``board``) names each traveller by colour (the table's rows give
        # each colour its seat): seven players' trips took three of its 24 rows.
        whom = _colour if board else _name
        record = (";" if en else " ;").join(
            f" {t['drops']}{word}{whom(t['traveller'], lang)}" for t in trips)
        lines.append(f"Viruses dropped during each trip:{record}." if en
                     else f"Virus posés pendant chaque trajet :{record}.")
    if view.get("scores") is not None:
        lines.append(scores_line(view, lang))
    if board:  # last, right above the choices it asks for
        lines.extend(_guess_question(view, you, lang))
    return "\n".join(lines)
