"""The ASGI application: routes, static files, security headers, start-up and shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from ludinum import site
from ludinum.server import (
    api,
    class_api,
    class_pages,
    fanout,
    kits,
    leases,
    limits,
    pages,
    render,
    ws,
)
from ludinum.server.catalog import Catalog
from ludinum.server.class_hub import ClassHub
from ludinum.server.guards import BodyLimit, HostCheck, PdfLimit
from ludinum.server.hub import Hub
from ludinum.server.ledger import StoredLedger
from ludinum.server.makers import Makers, signing_key
from ludinum.server.storage import Storage, default_url
from ludinum.weblib.ratelimit import FairLimit, KnownCodes, RateLimit
from ludinum.weblib.security import SecurityHeaders

log = logging.getLogger("ludinum.server")

PURGE_EVERY = 3600.0
#: Rooms one address may create at once, then one per this many seconds
#: (``$LUDINUM_ROOMS_BURST``, ``$LUDINUM_ROOM_EVERY``).
ROOMS_BURST = 30
ROOM_EVERY = 120.0
#: Pages and joins naming a live room or class from an address blocked by wrong codes: a
#: class at once, then one per this many seconds (api.guessing).
KNOWN_BURST = 64
KNOWN_EVERY = 2.0
#: Game logs one browser (its maker cookie), and then one address, may upload to the
#: replay page at once, then one per this many seconds (each is replayed in a worker
#: thread).
UPLOAD_BURST = 10
UPLOAD_EVERY = 6.0


def create_app(
    db: str | None = None,
    *,
    catalog: Catalog | None = None,
    public_url: str | None = None,
    bot_delay: float = 0.8,
    retention_hours: float = 24 * 7,
    rate_limit: RateLimit | None = None,
    redis: str | None = None,
    room_limit: RateLimit | None = None,
) -> Starlette:
    """The classroom app. ``db`` is an SQLAlchemy URL or a file path (default:
    ``$LUDINUM_DB``, else SQLite file ``ludinum.sqlite3`` in the working directory).
    ``redis`` (default ``$LUDINUM_REDIS``) shares the rooms with other processes (see
    ``docs/deploy.md``); without it the app runs alone."""
    store = Storage(db or os.environ.get("LUDINUM_DB") or default_url())
    hub: Hub = fanout.make_hub(store, catalog or Catalog.default(),
                               redis or os.environ.get("LUDINUM_REDIS"), bot_delay=bot_delay,
                               retention_hours=retention_hours, bots_need_a_screen=True)
    classes = ClassHub(hub)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        soft, _hard = limits.raise_open_files()
        log.info("open-file limit: %d", soft)
        leases.migrate_once(store)
        # The makers' cookies signed with the service's key, known to all its processes.
        app.state.makers = Makers(signing_key(await asyncio.to_thread(
            app.state.site_ledger.secret)))
        hub.purge()
        count = hub.load_later()  # brought back once serving (Hub.resume_all)
        if count:
            log.info("%d live rooms to restore", count)
        classes.purge()
        classes.load()
        hub.resume_all()
        await fanout.start(hub)
        purger = asyncio.create_task(_purge_loop(hub, classes))
        try:
            yield
        finally:
            purger.cancel()
            await hub.close()
            store.close()

    routes = [
        Route("/", pages.home),
        Route("/lang/{lang}", pages.set_lang),
        Route("/join", pages.find_room),
        Route("/new/{game}", pages.new_room, methods=["GET", "POST"]),
        Route("/host/{code}", pages.host),
        Route("/j/{code}", pages.join),
        Route("/play/{code}", pages.play),
        Route("/pass/{code}", pages.pass_and_play),
        Route("/watch/{code}", pages.watch),
        Route("/replay/journal", pages.replay_log_form),
        Route("/replay/journal", pages.replay_log_upload, methods=["POST"]),
        Route("/replay/journal/{key}", pages.replay_log),
        Route("/replay/{code}", pages.replay),
        Route("/debrief/{code}.{fmt}", pages.debrief),
        Route("/kit/{game}/{lang}.js", pages.kit),
        Route("/classe/nouvelle", class_pages.choose_game),
        Route("/classe/nouvelle/{game}", class_pages.new_class, methods=["GET", "POST"]),
        Route("/classe/{code}/tableau", class_pages.dashboard),
        Route("/classe/{code}/bilan", class_pages.debrief, methods=["GET", "POST"]),
        Route("/classe/{code}/bilan.pdf", class_pages.debrief, methods=["GET", "POST"]),
        Route("/c/{code}", class_pages.join),
        Route("/qr/{code}.svg", api.qr_svg),
        Route("/openapi.json", api.openapi_json),
        Route("/api/games", api.games),
        Route("/api/nickname", api.nickname),
        Route("/api/rooms", api.create_room, methods=["POST"]),
        Route("/api/rooms/{code}", api.room_info),
        Route("/api/rooms/{code}/join", api.join, methods=["POST"]),
        Route("/api/rooms/{code}/replay", api.replay_step),
        Route("/api/classes", class_api.create, methods=["POST"]),
        Route("/api/classes/{code}/join", class_api.join, methods=["POST"]),
        Route("/api/classes/{code}/me", class_api.me, methods=["POST"]),
        Route("/api/classes/{code}/state", class_api.state, methods=["POST"]),
        Route("/api/classes/{code}/move", class_api.move, methods=["POST"]),
        Route("/api/classes/{code}/remove", class_api.remove, methods=["POST"]),
        Route("/api/classes/{code}/lock", class_api.lock, methods=["POST"]),
        Route("/api/classes/{code}/start", class_api.start, methods=["POST"]),
        Route("/api/classes/{code}/command", class_api.command, methods=["POST"]),
        Route("/api/classes/{code}/message", class_api.message, methods=["POST"]),
        WebSocketRoute("/ws/{code}", ws.endpoint),
        *site.routes,  # the learning site: /apprendre, card and theme pages, quiz, print
        Mount("/static/games", kits.GameAssets(), name="game_assets"),  # each game's own
        Mount("/static", StaticFiles(directory=str(render.STATIC)), name="static"),
    ]
    middleware = [Middleware(SecurityHeaders), Middleware(HostCheck, public_url=public_url),
                  Middleware(BodyLimit), Middleware(PdfLimit)]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan,
                    exception_handlers={HTTPException: pages.http_problem})
    app.state.hub = hub
    app.state.classes = classes
    hub.lobby_hours = limits.setting("LUDINUM_LOBBY_HOURS", hub.lobby_hours)
    app.state.limit = rate_limit or RateLimit()
    # Joins naming a live code from an address blocked by wrong codes (api.guessing).
    app.state.known_limit = KnownCodes(burst=KNOWN_BURST, per_second=1 / KNOWN_EVERY)
    # Rooms made, per browser that made rooms (makers.py), then per address: as many each.
    rooms = room_limit or RateLimit(
        burst=int(limits.setting("LUDINUM_ROOMS_BURST", ROOMS_BURST)),
        per_second=1 / limits.setting("LUDINUM_ROOM_EVERY", ROOM_EVERY))
    app.state.room_limit = FairLimit(rooms, RateLimit(
        burst=rooms.burst, per_second=rooms.per_second, clock=rooms.clock))
    app.state.makers = Makers()
    app.state.connections = limits.Connections()
    app.state.address_messages = limits.AddressMessages()
    app.state.address_hellos = limits.AddressHellos()
    # Game logs uploaded to the replay page (each replayed in a worker thread; the server
    # keeps the last 64): per browser that made a room, then per address, as many each.
    app.state.upload_limit = FairLimit(
        RateLimit(burst=UPLOAD_BURST, per_second=1 / UPLOAD_EVERY),
        RateLimit(burst=UPLOAD_BURST, per_second=1 / UPLOAD_EVERY))
    app.state.hello_timeout = limits.setting("LUDINUM_HELLO_TIMEOUT", limits.HELLO_TIMEOUT)
    app.state.public_url = public_url
    # The quiz's and diploma's secret and used attempts, shared by every process (site.ledger).
    app.state.site_ledger = StoredLedger(store.engine)
    return app


def rate_limit(join_rate: float) -> RateLimit:
    """Failed room lookups (wrong code or token) per second and per address, with a burst
    of 20 times that (at least 20); successful joins are not counted."""
    return RateLimit(burst=max(20, int(20 * join_rate)), per_second=join_rate)


def app_from_env() -> Starlette:
    """Factory for ``ludinum serve --workers N`` (and ``uvicorn --factory``): settings from
    the ``LUDINUM_*`` variables of ``docs/deploy.md``."""
    return create_app(
        bot_delay=float(os.environ.get("LUDINUM_BOT_DELAY", "0.8")),
        retention_hours=float(os.environ.get("LUDINUM_RETENTION_HOURS", str(24 * 7))),
        public_url=os.environ.get("LUDINUM_PUBLIC_URL"),
        rate_limit=rate_limit(float(os.environ.get("LUDINUM_JOIN_RATE", "1.0"))),
    )


async def _purge_loop(hub: Hub, classes: ClassHub) -> None:
    while True:
        await asyncio.sleep(PURGE_EVERY)
        try:
            await hub.purge_live()
            await classes.purge_live()
        except Exception:
            log.exception("purge failed")
