"""The PDF base: A4, embedded DejaVu Sans, French metadata, and text that fits its box."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from ludinum.content.typography import french_spacing

FONTS = Path(__file__).resolve().parent.parent / "site" / "fonts"
FAMILY = "DejaVu"
#: Reproducible documents: the same input gives the same bytes (no clock in the file).
EPOCH = datetime(2024, 1, 1, tzinfo=UTC)


class Document(FPDF):
    """A4 document with the embedded fonts registered and no automatic page breaks."""

    def __init__(self, title: str, orientation: str = "P", lang: str = "fr") -> None:
        super().__init__(orientation=orientation, unit="mm", format="A4")
        self.add_font(FAMILY, "", str(FONTS / "DejaVuSans.ttf"))
        self.add_font(FAMILY, "B", str(FONTS / "DejaVuSans-Bold.ttf"))
        self.set_font(FAMILY, "", 11)
        self.set_auto_page_break(False)
        self.set_margins(12, 12, 12)
        self.set_title(title)
        self.set_lang(lang)
        self.set_creator("Ludinum")
        self.set_creation_date(EPOCH)

    def normalize_text(self, text: str) -> str:
        """Every text written gets French no-break spaces (issue 16 §5)."""
        return str(super().normalize_text(french_spacing(text)))

    def font(self, size: float, bold: bool = False) -> None:
        self.set_font(FAMILY, "B" if bold else "", size)

    def colour(self, rgb: tuple[int, int, int]) -> None:
        self.set_text_color(*rgb)

    def lines(self, text: str, width: float) -> list[str]:
        """Greedy word wrap of ``text`` at ``width`` in the current font."""
        out: list[str] = []
        for paragraph in french_spacing(text).split("\n"):
            line = ""
            # Ordinary spaces only: a no-break space (« ? », « mot ») never breaks a line.
            for word in paragraph.replace("\t", " ").split(" "):
                if not word:
                    continue
                candidate = f"{line} {word}" if line else word
                if line and self.get_string_width(candidate) > width:
                    out.append(line)
                    line = word
                else:
                    line = candidate
            out.append(line)
        return out

    def fit(
        self,
        text: str,
        x: float,
        y: float,
        w: float,
        h: float,
        size: float = 9,
        smallest: float = 5.5,
        bold: bool = False,
        align: str = "L",
    ) -> float:
        """Write ``text`` in the box, shrinking the font to fit (cut with « … » below the
        smallest size). Returns the height used."""
        current = size
        while True:
            self.font(current, bold)
            line_h = current * 0.42
            found = self.lines(text, w)
            if len(found) * line_h <= h or current <= smallest:
                break
            current = max(smallest, current - 0.5)
        keep = max(1, int(h // line_h))
        if len(found) > keep:
            found = found[:keep]
            found[-1] = found[-1].rstrip(" .,;:") + " …"
        for i, line in enumerate(found):
            self.set_xy(x, y + i * line_h)
            self.cell(w, line_h, line, align=align, new_x=XPos.RIGHT, new_y=YPos.TOP)
        return len(found) * line_h

    def bytes(self) -> bytes:
        return bytes(self.output())
