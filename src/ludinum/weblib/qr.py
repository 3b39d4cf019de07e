"""QR codes of join links, drawn as inline SVG on the server (no external service)."""

from __future__ import annotations

import io

import segno


def svg(url: str, title: str = "") -> str:
    code = segno.make(url, error="m")
    out: str = code.svg_inline(
        scale=1, border=2, dark="#000", light="#fff", omitsize=True, svgclass="qr",
        title=title or None,
    )
    return out


def terminal(url: str) -> str:
    """The QR code as text for a terminal with light text on a dark background."""
    buffer = io.StringIO()
    segno.make(url, error="m").terminal(out=buffer, compact=True)
    return buffer.getvalue()
