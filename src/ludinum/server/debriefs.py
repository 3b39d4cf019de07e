"""The debriefs of finished games, kept once built (issue 20: a PDF costs a worker thread
for a while; a class downloading its debrief asks for the same one thirty times).

A finished game never changes, so its debrief (PDF or HTML, per language) is kept in this
process's memory, least recently used first out, :data:`MOST` downloads and
:data:`MOST_BYTES` at most. The key holds a digest of everything the debrief is drawn from
(the game's settings, its log, the nicknames): a nickname renamed by the host after the end
makes a new debrief, and a room deleted at the end of the retention period is refused by
its lookup before this cache is asked, so nothing is shown past it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from starlette.responses import Response

from ludinum.server.render import digest

MOST = 64
MOST_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class _Kept:
    body: bytes
    media_type: str | None
    headers: tuple[tuple[str, str], ...]


_KEPT: OrderedDict[tuple[str, str, str, bytes], _Kept] = OrderedDict()
_size = 0
#: Downloads answered from memory and built, since start (tests, measurements).
hits = 0
misses = 0


def key(code: str, lang: str, fmt: str, source: bytes, names: Sequence[str]
        ) -> tuple[str, str, str, bytes]:
    """``source``: the digest of the game, its settings and its stored log
    (:func:`ludinum.server.replay.log_digest`, made off the event loop with the log's
    reading: for a long game it is the costly part)."""
    return code, lang, fmt, digest(source.hex(), list(names))


async def response(key: tuple[str, str, str, bytes],
                   build: Callable[[], Awaitable[Response]]) -> Response:
    """The kept download under ``key``, or ``build()``'s, kept if it succeeded."""
    global _size, hits, misses
    kept = _KEPT.get(key)
    if kept is not None:
        hits += 1
        _KEPT.move_to_end(key)
    else:
        misses += 1
        made = await build()
        if made.status_code != 200:
            return made
        kept = _Kept(bytes(made.body), made.media_type,
                     tuple((k, v) for k, v in made.headers.items()
                           if k not in ("content-length", "content-type")))
        if len(kept.body) <= MOST_BYTES:
            old = _KEPT.pop(key, None)
            _size -= len(old.body) if old else 0
            _KEPT[key] = kept
            _size += len(kept.body)
            while len(_KEPT) > MOST or _size > MOST_BYTES:
                _size -= len(_KEPT.popitem(last=False)[1].body)
    return Response(kept.body, media_type=kept.media_type, headers=dict(kept.headers))


def clear() -> None:
    """Forget every kept debrief (tests)."""
    global _size, hits, misses
    _KEPT.clear()
    _size = hits = misses = 0


def size() -> tuple[int, int]:
    """Debriefs kept, and their bytes."""
    return len(_KEPT), _size
