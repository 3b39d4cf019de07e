"""The others' moves summed up in the terminal between two turns of its person
(:meth:`GameText.gist`, ``cli/digest.py``): a trip and what the table may know of it in one
line, « Trajet de Bleu (J2) : 3 virus (comptes 4, 10 et 12) ; compte 2 crédité. » (H3; H4:
during whose trip each virus was dropped is public, who dropped it is not), a seat's
protection, « Jaune (J4) protège le compte 19 : 1 bien vu, 4 billets volés. » (H5), and the
bills credited outside a trip. A 7-seat game's trips, each drop a line of its own, scrolled
the board and the person's decision off an 80 × 24 screen.

Only public events are summed up, and only from what they say; a line about the person
stays whole: a virus on one of their accounts (after its trip's line, which counts it:
``Whole``), a drop they noticed (private), their own trip's bill, crediting and guesses,
what was stolen from them, a guess that says who dropped the virus."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from ludinum.engine import Event
from ludinum.engine.game import Whole, counted
from ludinum.games.hacker.words import elided, listed, name


def keys(events: Sequence[Event], seat: int | None,
         view: Mapping[str, Any] | None) -> list[Hashable | None]:
    """For each event, the trip it belongs to (its start, drops, return and the
    traveller's crediting), the protection of a seat's accounts (its guesses, the accounts
    emptied), or the bills credited outside a trip (set-up); None for the rest, each said
    whole: what is told to the seat alone, what the seat did, a virus on its accounts."""
    mine = {a["id"] for a in (view or {}).get("accounts") or ()
            if seat is not None and a.get("owner") == seat}
    out: list[Hashable | None] = []
    trip, traveller, back = 0, None, False
    protector: int | None = None
    rounds = 0
    for event in events:
        data = event.data
        key: Hashable | None = None
        if event.to is not None:  # told to the seat alone: about it
            out.append(None)
            continue
        if event.kind in ("resolve", "guess"):  # a guess: its protector's (H5)
            protector = data["player"] if data["player"] != seat else None
        elif event.kind in ("protection", "round_end", "round"):
            protector, rounds = None, rounds + 1
        if event.kind in _PROTECTING and protector is not None and not (
                {"named", "owner"} & set(data)):  # who dropped it, said: whole (H5)
            key = ("protect", rounds, protector)
        elif event.kind == "trip":
            trip, traveller, back = trip + 1, data["traveller"], False
            key = ("trip", trip)
        elif event.kind == "dropped":
            if traveller != data["trip"]:  # the trip began before what is summed up
                trip, traveller, back = trip + 1, data["trip"], False
            key = Whole(("trip", trip)) if data["account"] in mine else ("trip", trip)
        elif event.kind == "returned":
            if traveller != data["traveller"]:
                trip, traveller = trip + 1, data["traveller"]
            back, key = True, ("trip", trip)
        elif event.kind == "credited" and data["player"] != seat:
            after_trip = back and data["player"] == traveller  # else: the set-up's
            key = ("trip", trip) if after_trip else ("credits", trip)
            traveller, back = None, False
        out.append(key)
    return out


#: A seat protecting its accounts, what the table sees of it (H5): the guesses, right or
#: wrong, and the accounts left without a bill.
_PROTECTING = frozenset({"resolve", "guess", "emptied"})


def line(events: Sequence[Event], seat: int | None, lang: str) -> str:
    """The one line of a trip, of a seat's protection or of the bills credited outside a
    trip."""
    en = lang == "en"
    if all(event.kind == "credited" for event in events):
        return _credits(events, lang)
    if events[0].kind in _PROTECTING:
        return _protection(events, lang)
    drops = [e.data["account"] for e in events if e.kind == "dropped"]
    count = next((e.data["drops"] for e in events if e.kind == "returned"), len(drops))
    traveller = next((e.data.get("traveller", e.data.get("trip")) for e in events
                      if e.kind in ("trip", "returned", "dropped")), None)
    credited = [e.data["account"] for e in events if e.kind == "credited"]
    if traveller == seat:
        head = "Your trip" if en else "Ton trajet"
    else:
        who = name(traveller, lang)
        head = f"{who}'s trip" if en else f"Trajet de {who}"
    said = f"{head}{':' if en else ' :'} {_viruses(count, lang)}"
    if drops:
        said += f" ({_accounts(drops, lang)})"
    if credited:
        where = _accounts(credited, lang)
        said += f"; {where} credited" if en else f" ; {where} crédité"
    return elided(said + ".", lang)


def _protection(events: Sequence[Event], lang: str) -> str:
    """« Jaune (J4) protège les comptes 13 et 19 : 1 bien vu, 4 billets volés ; compte 19
    vidé (2 virus écartés). » (H5: a wrong guess, a bill stolen)."""
    en = lang == "en"
    who = name(next(e.data["player"] for e in events if "player" in e.data), lang)
    protected = [e.data["account"] for e in events if e.kind in ("resolve", "guess")]
    right = sum(1 for e in events if e.kind == "guess" and e.data.get("right"))
    wrong = sum(1 for e in events if e.kind == "guess" and not e.data.get("right"))
    guesses: list[str] = []
    if right:
        guesses.append(counted(right, ("bien vu", "bien vus"), ("right", "right"), lang))
    if wrong:
        guesses.append(counted(wrong, ("billet volé", "billets volés"),
                               ("bill stolen", "bills stolen"), lang))
    clauses = [", ".join(guesses)] if guesses else []
    for e in events:
        if e.kind == "emptied":
            aside = viruses_aside(int(e.data["count"]), lang)
            # the account named again only among several
            where = "" if len(set(protected)) == 1 else _accounts([e.data["account"]], lang) + " "
            clauses.append(f"{where}emptied ({aside})" if en else f"{where}vidé ({aside})")
    where = _accounts(protected, lang)
    head = (f"{who} protects {where}" if en else
            f"{who} protège {'le' if len(set(protected)) == 1 else 'les'} {where}")
    if not clauses:
        return elided(head + ".", lang)
    return elided(f"{head}{':' if en else ' :'} {('; ' if en else ' ; ').join(clauses)}.",
                  lang)


def viruses_aside(count: int, lang: str) -> str:
    """« 1 virus écarté », « 3 virus écartés »."""
    if lang == "en":
        return f"{count} virus{'es' if count > 1 else ''} set aside"
    return f"{count} virus écarté{'s' if count > 1 else ''}"


def _credits(events: Sequence[Event], lang: str) -> str:
    """Bills credited outside a trip: « Bleu (J2) crédite 2 billets, sur les comptes 9 et
    14. », several seats' « 12 billets crédités, sur les comptes 3, 4… »."""
    en = lang == "en"
    accounts = [e.data["account"] for e in events]
    players = {e.data["player"] for e in events}
    bills = counted(len(events), ("billet", "billets"), ("bill", "bills"), lang)
    if len(players) == 1:
        who = name(players.pop(), lang)
        said = (f"{who} credits {bills}, {_on(accounts, lang)}" if en
                else f"{who} crédite {bills}, {_on(accounts, lang)}")
    else:
        said = (f"{bills} credited ({_accounts(accounts, lang)})" if en
                else f"{bills} crédité{'s' if len(events) > 1 else ''} "
                f"({_accounts(accounts, lang)})")
    return elided(said + ".", lang)


def _viruses(count: int, lang: str) -> str:
    if count == 0:
        return "no virus" if lang == "en" else "aucun virus"
    return counted(count, ("virus", "virus"), ("virus", "viruses"), lang)


def _accounts(accounts: Sequence[int], lang: str) -> str:
    """« compte 4 », « comptes 4, 10 et 12 » (each once, in their order on the table)."""
    numbers = [str(k + 1) for k in sorted(set(accounts))]
    noun = ("account" if lang == "en" else "compte") + ("s" if len(numbers) > 1 else "")
    return f"{noun} {listed(numbers, lang)}"


def _on(accounts: Sequence[int], lang: str) -> str:
    """« sur le compte 4 », « sur les comptes 4, 10 et 12 »."""
    where = _accounts(accounts, lang)
    if lang == "en":
        return f"on {where}"
    return f"sur le {where}" if len(set(accounts)) == 1 else f"sur les {where}"
