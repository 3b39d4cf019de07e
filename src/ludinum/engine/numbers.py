"""A number as its reader writes it: a decimal comma in French (« 0,484 », « 1,5 point »),
a point in English. One function, for the games' texts, the options' help, the bench and
the sweep's report alike."""

from __future__ import annotations


def decimal(value: float, lang: str) -> str:
    """``value`` in its shortest form (``:g``), with the decimal mark of ``lang``:
    « 0,484 » in French, "0.484" in English; a whole value has none (« 3 »)."""
    text = f"{value:g}"
    return text if lang == "en" else text.replace(".", ",")
