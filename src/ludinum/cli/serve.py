"""``ludinum serve``: the classroom web app on this machine (SQLite by default)."""

from __future__ import annotations

import errno
import gc
import os
import socket
from pathlib import Path

import click

from ludinum.cli.common import fail, os_reason
from ludinum.cli.content_cmd import content_flag, use_content
from ludinum.content import pack as content_pack
from ludinum.content.pack import CONTENT_ENV

#: Largest WebSocket frame accepted (a protocol message is at most 8,192 characters).
WS_MAX_SIZE = 65_536


@click.command()
@click.option("--host", default="0.0.0.0", show_default=True,
              help="Adresse d'écoute (0.0.0.0 : tout le réseau local).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535),
              help="Port d'écoute.")
@click.option("--db", default=None,
              help="Base : URL SQLAlchemy (postgresql://…) ou chemin d'un fichier SQLite "
                   "(défaut : ./ludinum.sqlite3).")
@click.option("--retention-hours", default=168.0, show_default=True, type=float,
              help="Durée de conservation des parties terminées, en heures.")
@click.option("--bot-delay", default=0.8, show_default=True, type=float,
              help="Pause des bots avant de jouer, en secondes (pour suivre).")
@click.option("--join-rate", default=1.0, show_default=True, type=click.FloatRange(min=0.01),
              help="Codes ou jetons faux permis par seconde et par adresse (gardés en "
                   "mémoire seulement ; rafale de 20 fois plus) ; entrer dans un salon ne "
                   "compte pas.")
@click.option("--public-url", default=None,
              help="Adresse à afficher et à mettre dans le QR code (défaut : détectée).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Processus serveurs sur ce port (plus d'un : PostgreSQL et Redis requis).")
@click.option("--redis", default=None,
              help="URL Redis partagée par les processus (défaut : $LUDINUM_REDIS).")
@content_flag
def serve(host: str, port: int, db: str | None, retention_hours: float, bot_delay: float,
          join_rate: float, public_url: str | None, workers: int, redis: str | None,
          content_dir: Path | None) -> None:
    """Lance l'application de classe : un écran d'animation et les téléphones des joueurs."""
    use_content(content_dir)
    import uvicorn
    from starlette.applications import Starlette

    from ludinum.server.app import create_app, rate_limit
    from ludinum.server.http_guard import GuardedH11Protocol
    from ludinum.server.ws_protocol import DirectWebSocketProtocol
    from ludinum.weblib import address, qr

    bases = address.join_bases(host, port, public_url)
    base = bases[0]
    redis = redis or os.environ.get("LUDINUM_REDIS") or None
    db = db or os.environ.get("LUDINUM_DB") or None
    if workers > 1:
        check_cluster(db, redis)
    check_db(db)
    check_port(host, port)
    if workers <= 1:
        hold_sqlite_lock(db)
    click.echo(f"Ludinum : ouvre {base}/ sur l'écran de la classe.")
    click.echo("Les téléphones du même réseau peuvent scanner ce QR code :")
    click.echo(qr.terminal(base + "/"))
    if base.startswith("http://127.") and host in ("0.0.0.0", "::"):
        click.echo("(Adresse du réseau local introuvable : utilise --public-url.)")
    if len(bases) > 1:
        click.echo("Autres adresses de cet ordinateur (au choix sur l'écran d'animation) : "
                   + ", ".join(bases[1:]))
    pack = content_pack.active()
    if pack is not None:
        click.echo(f"Contenu : pack « {pack.name} » ({pack.source}), {len(pack.overrides)} "
                   "fichier(s) à la place ou en plus du contenu d'origine.")
    app: Starlette | str
    if workers > 1:
        # Each worker builds its app from the environment (uvicorn imports it by name).
        os.environ.update({
            "LUDINUM_DB": str(db), "LUDINUM_REDIS": str(redis), "LUDINUM_PUBLIC_URL": base,
            "LUDINUM_BOT_DELAY": str(bot_delay), "LUDINUM_JOIN_RATE": str(join_rate),
            "LUDINUM_RETENTION_HOURS": str(retention_hours),
        })
        if content_dir is not None:  # each worker lays the same pack over the built-in content
            os.environ[CONTENT_ENV] = str(content_dir.resolve())
        app = "ludinum.server.app:app_from_env"
    else:
        app = create_app(db, public_url=base, bot_delay=bot_delay, redis=redis,
                         retention_hours=retention_hours, rate_limit=rate_limit(join_rate))
    tune_gc()
    # loop="auto": uvloop when installed (``pip install ludinum[fast]``), else asyncio.
    # http: uvicorn's h11 with a time limit on headers and a cap per address (http_guard).
    uvicorn.run(app, factory=workers > 1, loop="auto", workers=workers, host=host, port=port,
                http=GuardedH11Protocol, log_level="warning", access_log=False,
                ws=DirectWebSocketProtocol,
                ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=ws_compression())


def check_db(db: str | None) -> None:
    """The database answers before the server starts: an SQLite file in an existing
    folder, or a PostgreSQL server that accepts a connection."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from ludinum.server.storage import default_url, normalise_url

    url = normalise_url(db or default_url())
    if url.startswith("sqlite:///"):
        path = Path(url[len("sqlite:///"):])
        if path.is_dir():
            fail(f"--db : {path} est un dossier, pas un fichier SQLite.",
                 f"--db: {path} is a folder, not an SQLite file.")
        if not path.parent.is_dir():
            fail(f"--db : le dossier {path.parent} n'existe pas.",
                 f"--db: folder {path.parent} does not exist.")
        if not path.exists():
            return  # created by the server
    shown = db or url
    try:
        engine = create_engine(url, connect_args=_timeout(url))
    except (ArgumentError, ImportError, ValueError) as exc:
        fail(f"--db : adresse de base non reconnue : {shown} ({exc}).",
             f"--db: unrecognised database address: {shown} ({exc}).")
    try:
        with engine.connect() as conn:
            probe = "SELECT count(*) FROM sqlite_master" if url.startswith("sqlite") else (
                "SELECT 1")
            conn.execute(text(probe))
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        fail(f"--db : base injoignable : {shown} ({reason}).",
             f"--db: database unreachable: {shown} ({reason}).")
    finally:
        engine.dispose()


def _timeout(url: str) -> dict[str, object]:
    return {"connect_timeout": 5} if url.startswith("postgresql") else {}


def check_port(host: str, port: int) -> None:
    """The port is free (as the server will bind it, with SO_REUSEADDR)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                fail(f"le port {port} est déjà utilisé sur {host} : choisis-en un autre "
                     f"avec --port.",
                     f"port {port} is already in use on {host}: pick another with --port.")
            fail(f"impossible d'écouter sur {host}:{port} ({os_reason(exc)}).",
                 f"cannot listen on {host}:{port} ({os_reason(exc)}).")


def check_cluster(db: str | None, redis: str | None) -> None:
    """Several processes share rooms through PostgreSQL and Redis (docs/deploy.md)."""
    if not (db or "").startswith(("postgresql://", "postgresql+psycopg://")):
        fail(
            "--workers > 1 demande une base PostgreSQL (--db postgresql://…) : SQLite ne se "
            "partage pas entre processus.",
            "--workers > 1 needs PostgreSQL (--db postgresql://…): SQLite is not shared "
            "between processes.")
    if not redis:
        fail(
            "--workers > 1 demande Redis (--redis redis://… ou $LUDINUM_REDIS) pour "
            "prévenir chaque processus des actions des autres.",
            "--workers > 1 needs Redis (--redis redis://… or $LUDINUM_REDIS) so each process "
            "hears the others' actions.")



def ws_compression() -> bool:
    """Per-message compression of WebSocket frames: off unless ``LUDINUM_WS_COMPRESSION=1``.
    It costs CPU on every frame and memory per connection (a compressor each way) for
    frames that cross a school's local network (docs/deploy.md, Performance)."""
    return os.environ.get("LUDINUM_WS_COMPRESSION", "") in ("1", "true", "yes")


def hold_sqlite_lock(db: str | None) -> None:
    """One server per SQLite file: hold its lock for the life of this process, or stop
    here with one clear line if another server holds it."""
    from ludinum.server.storage import StorageLocked, acquire_lock, default_url

    try:
        acquire_lock(db or default_url(), claim=False)
    except StorageLocked as exc:
        fr, _, en = str(exc).partition(" / ")
        fail(fr, en or fr)


#: Collector thresholds of a server: young collections ten times rarer than the default
#: (700), the older generations as usual. With the start-up heap frozen, a full collection
#: walks only what the rooms and connections allocated since.
GC_THRESHOLDS = (7_000, 10, 10)


def tune_gc() -> None:
    """No stop-the-world pauses from the collector: everything built at start-up (modules,
    games, content, templates) is moved out of its reach and young collections are rarer."""
    if os.environ.get("LUDINUM_GC_FREEZE", "1") in ("0", "false", "no"):
        return  # to measure the difference (docs/deploy.md, Performance)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
