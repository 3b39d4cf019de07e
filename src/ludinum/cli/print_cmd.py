"""``ludinum print GAME``: the game's cards (and board) as a PDF to print and cut out, each
card with a QR code of its page on the classroom server (ruling W16)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

import click

from ludinum.cli.common import check_output, fail, writable_file
from ludinum.cli.content_cmd import content_flag, use_content


class PrintableGame(click.Choice[str]):
    """A game with a print-and-play deck, asked of the site when the command runs: the
    games' site modules import their game, which may read its content on import, so not
    before ``--content`` has chosen the pack."""

    def __init__(self) -> None:
        super().__init__(())

    @property
    def choices(self) -> tuple[str, ...]:
        from ludinum.site.catalog import PRINTABLE

        return PRINTABLE

    @choices.setter
    def choices(self, value: object) -> None:
        """Set by ``click.Choice``'s constructor: the site's list stands instead."""


def _check_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    parsed = urlparse(value)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        fail(
            f"--base-url : adresse attendue comme http://192.168.1.20:8000 (reçu : {value}).",
            f"--base-url: an address like http://192.168.1.20:8000 is expected (got: {value}).",
        )
    return value.rstrip("/")


@click.command("print")
@click.argument("game", metavar="JEU", type=PrintableGame())
@click.option(
    "--base-url",
    default=None,
    callback=_check_url,
    help="Adresse du serveur de la classe, vers laquelle pointent les codes QR (défaut : "
    "celle que « ludinum serve » affiche, détectée sur le réseau local, avec --port).",
)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535),
              help="Port de « ludinum serve », pour l'adresse détectée.")
@click.option(
    "--output",
    type=click.Path(path_type=Path),
    callback=check_output,
    default=None,
    help="Fichier PDF à écrire (défaut : JEU-a-imprimer.pdf).",
)
@content_flag
def print_cards(
    game: str, base_url: str | None, port: int, output: Path | None, content_dir: Path | None
) -> None:
    """Crée le PDF à imprimer d'un jeu : cartes A4 avec traits de coupe et codes QR."""
    use_content(content_dir)
    from ludinum.site.catalog import print_deck
    from ludinum.site.pdf.deck import build_print_pdf
    from ludinum.weblib.address import join_bases

    base_url = base_url or join_bases("0.0.0.0", port)[0]
    target = writable_file(output or Path(f"{game}-a-imprimer.pdf"))
    data = build_print_pdf(game, base_url)
    target.write_bytes(data)
    host = urlparse(base_url).hostname or ""
    cards = len(print_deck(game).cards())
    click.echo(f"{target} : {cards} cartes, codes QR vers {base_url}/cartes/{game}/…")
    if host in ("localhost", "::1") or host.startswith("127."):
        click.echo(
            "Attention : les téléphones ne joignent pas « localhost ». Donne l'adresse du "
            "serveur sur le réseau de la classe, par exemple --base-url http://192.168.1.20:8000.",
            err=True,
        )
