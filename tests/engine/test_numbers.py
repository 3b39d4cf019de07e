"""A number written as its reader writes it (engine.numbers.decimal), and the places that
write one: a decimal comma in French, a point in English, nothing after a whole value."""

from __future__ import annotations

import pytest

from ludinum.engine import counted
from ludinum.engine.numbers import decimal


@pytest.mark.parametrize("value,fr,en", [
    (0.484, "0,484", "0.484"), (1.5, "1,5", "1.5"), (3.0, "3", "3"), (2, "2", "2"),
    (0.05, "0,05", "0.05"),
])
def test_a_decimal_has_its_readers_mark(value: float, fr: str, en: str) -> None:
    assert decimal(value, "fr") == fr
    assert decimal(value, "en") == en


def test_a_counted_score_writes_its_decimal_as_its_reader_does() -> None:
    assert counted(1.5, ("point", "points"), ("point", "points"), "fr") == "1,5 point"
    assert counted(2.5, ("point", "points"), ("point", "points"), "en") == "2.5 points"
    # A whole score stays whole, however large: never « 1e+06 ».
    assert counted(1_000_000.0, ("point", "points"), ("point", "points"), "fr") == (
        "1000000 points")
