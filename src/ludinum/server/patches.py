"""Parts of a fragment: what a client is sent when only some of a slot changed.

A template marks the pieces of a slot that change on their own (a row of accounts, a
manager's boards, a seat of the room) with :data:`OPEN` and :data:`CLOSE`, two HTML
comments that the page keeps in its DOM, written as they are in the template (no call
block: they cost nothing to draw); every ``remember(…)`` block is a part too. When a
slot's new HTML has the same text around its parts as the HTML the client was last sent
(its *frame*), the client is sent only the parts that differ, by their rank in the slot,
and the page replaces what lies between that part's two comments (``app.js``). Otherwise
the whole slot is sent as before (the decision, ``actions``, always is: the page reads it
to know a turn begins): a patch is an optimisation, never a different page.

Parts do not nest: a slot whose markers nest or do not pair up is always sent whole. User
text never forges a marker: every nickname and content text is escaped (``<`` →
``&lt;``) before it reaches a fragment.
"""

from __future__ import annotations

from collections import OrderedDict

OPEN = "<!--p-->"
CLOSE = "<!--/p-->"

#: Characters under which a slot is sent whole, parts or not: measured with
#: ``bench/frames_cost.py`` and ``bench/load_open.py``, cutting and encoding parts costs
#: more CPU than sending a slot this small (docs/web.md).
SMALL = 4096

#: A slot's HTML cut at its markers: the text around the parts (one more piece than
#: parts) and the parts. None: no parts, or markers that nest or do not pair up.
Cut = tuple[tuple[str, ...], tuple[str, ...]]

#: Cuts of recent fragments (a fragment is shared by every client it goes to, and cut for
#: the next update's patches too): bounded by the characters of the fragments kept (their
#: cuts hold as many again), least recently used out; a fragment cut again costs tens of
#: microseconds, so a small bound suffices.
_CUTS: OrderedDict[str, Cut | None] = OrderedDict()
CUTS_CHARS = 2 * 1024 * 1024
_cut_chars = 0


def wrap(html: str) -> str:
    """``html`` (trusted HTML: a template block's output) marked as a part of its slot;
    plain ``str`` so that a ``Markup`` block does not escape the markers."""
    return "".join((OPEN, html, CLOSE))


def cut(html: str) -> Cut | None:
    """``html``'s frame and parts, or None (see :data:`Cut`)."""
    kept = _CUTS.get(html)
    if kept is not None or html in _CUTS:
        _CUTS.move_to_end(html)
        return kept
    global _cut_chars
    result = _cut(html)
    _CUTS[html] = result
    _cut_chars += len(html)
    while _cut_chars > CUTS_CHARS:
        _cut_chars -= len(_CUTS.popitem(last=False)[0])
    return result


def _cut(html: str) -> Cut | None:
    if OPEN not in html:
        return None
    pieces = html.split(OPEN)
    frame = [pieces[0]]
    parts: list[str] = []
    if CLOSE in pieces[0]:
        return None
    for piece in pieces[1:]:
        inside, found, after = piece.partition(CLOSE)
        if not found or CLOSE in after:
            return None  # unpaired or nested markers
        parts.append(inside)
        frame.append(after)
    return tuple(frame), tuple(parts)


def patch(old: str, new: str) -> dict[str, str] | None:
    """The parts of ``new`` that differ from ``old``, by rank (``"0"``, ``"1"``…), when both
    have the same frame; else None (send ``new`` whole). With the same frame the changed
    parts are always smaller than ``new``: at worst ``new`` without its frame and
    markers."""
    before, after = cut(old), cut(new)
    if before is None or after is None or before[0] != after[0]:
        return None
    return {str(rank): part
            for rank, (was, part) in enumerate(zip(before[1], after[1], strict=True))
            if was != part}


def apply(old: str, parts: dict[str, str]) -> str:
    """What the page holds after it applies ``parts`` to a slot showing ``old``: the
    reference for ``app.js`` and for tests that follow a client's frames."""
    shape = cut(old)
    if shape is None:
        raise ValueError("parts sent for a slot without parts")
    frame, current = shape
    pieces = list(current)
    for rank, part in parts.items():
        pieces[int(rank)] = part
    out = [frame[0]]
    for part, after in zip(pieces, frame[1:], strict=True):
        out.append(wrap(part) + after)
    return "".join(out)
