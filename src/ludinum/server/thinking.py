"""Where the search bots think: a few threads of their own, beside the event loop.

A search bot (``Bot.searches``: the ``hard`` and ``expert`` levels, ISMCTS, up to about
0.3 s of CPU a move) cannot think on the event loop, which serves every phone of the
process; the other levels answer in microseconds and are asked on the loop. In a
thread it still holds Python's interpreter lock while it computes, so every thread that
searches at once takes a share of the one core the loop runs on: with asyncio's default
pool (up to 6 threads, shared with the other blocking calls), 8 tables playing against
expert bots took the other tables' phones from 13 ms to 689 ms per move
(``bench/load_search.py``, ``docs/deploy.md`` § Search bots). Here the searches queue for
``threads`` threads (1 by default, ``$LUDINUM_SEARCH_THREADS``): the loop keeps its share
whatever the number of tables, and bots think in turn, first come first served; the
interpreter is asked to switch threads every millisecond rather than every five while a
search runs, so that a frame waiting on the loop is not held behind a search's slice.
"""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor

from ludinum.bots.base import Bot
from ludinum.engine import Action, State
from ludinum.server import limits

#: Threads that search at once, in one process (``$LUDINUM_SEARCH_THREADS``).
SEARCH_THREADS = 1
#: How often, in seconds, a thread holding the interpreter is asked to let another run
#: while searches are under way (Python's default is 0.005).
SWITCH_INTERVAL = 0.001

#: Searches under way in this process, every hub's (the switch interval is the process's).
_searching = 0
#: The interval to come back to when none is.
_usual = sys.getswitchinterval()


class Thinker:
    """The search bots' threads of one hub; :meth:`choose` is a bot's move, off the loop."""

    def __init__(self, threads: int | None = None) -> None:
        wanted = threads if threads is not None else int(
            limits.setting("LUDINUM_SEARCH_THREADS", SEARCH_THREADS))
        if wanted < 1:
            raise ValueError(f"LUDINUM_SEARCH_THREADS: at least 1 thread (got {wanted})")
        self.threads = wanted
        self._pool = ThreadPoolExecutor(wanted, thread_name_prefix="ludinum-think")
        #: Searches asked for and not finished (waiting for a thread or thinking).
        self.pending = 0

    async def choose(self, bot: Bot, state: State, seat: int) -> Action:
        """``bot.choose(state, seat)`` in one of the search threads; ``state`` is the
        bot's own copy (the room's state goes on changing while it thinks)."""
        global _searching
        if _searching == 0:
            sys.setswitchinterval(min(_usual, SWITCH_INTERVAL))
        _searching += 1
        self.pending += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._pool, bot.choose, state, seat)
        finally:
            self.pending -= 1
            _searching -= 1
            if _searching == 0:
                sys.setswitchinterval(_usual)

    def close(self) -> None:
        """Stop taking searches; those under way finish in their threads."""
        self._pool.shutdown(wait=False, cancel_futures=True)
