"""Simulated games opened in the web app's replay page (issue 18: « the web app's replay
page opens it », as catanatron lets you open any simulated game).

A log written by ``ludinum simulate --keep-games`` is uploaded, read with the same reader as
``ludinum replay`` (``sim.gamelog.read_log``: a log that does not replay is refused with
its reason) and kept in this process's memory for :data:`KEEP_SECONDS` under a random key,
:data:`MOST` logs and :data:`MOST_MOVES` moves at most. Such a log holds bots' moves only:
nothing personal.

Reading a log replays it in a worker thread: each browser has a budget of uploads, and
then its address (:func:`spend`, ``app.UPLOAD_BURST`` at once, then one per
``app.UPLOAD_EVERY`` seconds), so that one browser, or a script, keeps neither the
threads busy nor pushes out everyone else's logs. The body's size is bounded before
(``guards.BodyLimit``).
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict

from ludinum.engine import Action, LudinumError, StateFormatError
from ludinum.server.catalog import Catalog
from ludinum.server.protocol import fail
from ludinum.server.replay import Replay
from ludinum.server.seats import Seat
from ludinum.sim.gamelog import read_log
from ludinum.weblib.ratelimit import FairLimit

KEEP_SECONDS = 2 * 3600
MOST = 64
#: The moves of all kept logs together, at most: a prepared replay weighs about 220 bytes
#: per move (a copy of the state every ``replay.EVERY`` moves), and a log of up to
#: ``guards.LOG_BODY`` may hold tens of thousands; so about 45 MB at most, oldest out.
MOST_MOVES = 200_000
_KEPT: OrderedDict[str, tuple[float, Replay]] = OrderedDict()


def spend(limit: FairLimit, address: str, browser: str | None) -> LudinumError | None:
    """Count one upload against ``browser`` (a maker cookie's key, None without one), then
    ``address`` (:class:`FairLimit`); None when it may go on, else the refusal (429), saying
    whose budget is spent: the browser's own, or its network's (a school's address, which a
    browser holding a cookie gets past while it has used at most half its own). Never given
    back: a refused log was read too."""
    if limit.allow(address, browser):
        return None
    where_fr, where_en = (("ce navigateur", "this browser")
                          if browser is not None and limit.keys.left(browser) < 1
                          else ("ce réseau", "this network"))
    return fail(
        "rate_limited",
        f"Trop de journaux de partie déposés depuis {where_fr} : attends quelques "
        "secondes avant d'en déposer un autre.",
        f"Too many game logs uploaded from {where_en}: wait a few seconds before "
        "uploading another one.")


def read(catalog: Catalog, raw: bytes) -> Replay:
    """The replay of an uploaded log, prepared (:meth:`Replay.prepare`);
    :class:`StateFormatError` (French and English) when it is not one. Work for a worker
    thread: the log is replayed."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise StateFormatError("Ce fichier n'est pas un journal de partie (texte UTF-8 "
                               "attendu).", "This file is not a game log (UTF-8 text "
                               "expected).") from None
    if not text.strip():
        raise StateFormatError("Choisis un journal de partie (fichier JSON écrit par "
                               "ludinum simulate --keep-games).", "Choose a game log (a JSON "
                               "file written by ludinum simulate --keep-games).")
    log = read_log(catalog.game, text)
    game = catalog.game(log.config.game)
    seats = [Seat(i) for i in range(log.config.players)]
    for seat, level in zip(seats, log.bots, strict=False):
        seat.make_bot(level)
    actions: list[tuple[int, Action]] = list(log.actions)
    replay = Replay(game, log.config, seats, actions)
    replay.prepare()  # stepped through next: prepared here, with the reading
    return replay


def keep(record: Replay, now: float | None = None) -> str:
    now = time.monotonic() if now is None else now
    for key in [k for k, (at, _) in _KEPT.items() if now - at > KEEP_SECONDS]:
        del _KEPT[key]
    moves = sum(len(r.log) for _, r in _KEPT.values()) + len(record.log)
    while _KEPT and (len(_KEPT) >= MOST or moves > MOST_MOVES):
        moves -= len(_KEPT.popitem(last=False)[1][1].log)
    key = secrets.token_urlsafe(12)
    _KEPT[key] = (now, record)
    return key


def get(key: str, now: float | None = None) -> Replay | None:
    now = time.monotonic() if now is None else now
    kept = _KEPT.get(key)
    if kept is None or now - kept[0] > KEEP_SECONDS:
        return None
    return kept[1]
