"""Shared tools of the site tests: a small app with the site's routes, PDF text and QR
codes read back from the bytes (pypdf, pypdfium2 and zxing-cpp, all from PyPI)."""

from __future__ import annotations

import io
import re

import pypdfium2
import zxingcpp
from pypdf import PdfReader
from starlette.applications import Starlette
from starlette.testclient import TestClient

from ludinum.site import routes


def client() -> TestClient:
    return TestClient(Starlette(routes=routes))


def pdf_text(data: bytes) -> list[str]:
    """The text of each page (what a reader's copy-paste gives)."""
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


def embedded_fonts(data: bytes) -> set[str]:
    """Names of the fonts whose program is embedded in the file (FontFile2 = TrueType)."""
    found = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        fonts = page["/Resources"].get_object().get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            for desc in font.get("/DescendantFonts", [font]):
                descriptor = desc.get_object().get("/FontDescriptor")
                if descriptor is not None and "/FontFile2" in descriptor.get_object():
                    name = str(desc.get_object()["/BaseFont"]).lstrip("/")
                    found.add(re.sub(r"^[A-Z]{6}\+", "", name))
    return found


def qr_codes(data: bytes, pages: range | None = None, scale: float = 3.0) -> list[str]:
    """Every QR code found on the rendered pages, in reading order."""
    document = pypdfium2.PdfDocument(data)
    found: list[str] = []
    for index in pages if pages is not None else range(len(document)):
        image = document[index].render(scale=scale).to_pil()
        results = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        found.extend(r.text for r in results)
    return found


def page_count(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)
