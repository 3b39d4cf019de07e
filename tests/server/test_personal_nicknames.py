"""A nickname is never personal (nicknames only, nothing personal stored): a phone number
typed as a nickname is refused, in a class as in a room (tests/server/test_classes.py)."""

from __future__ import annotations

import pytest

from ludinum.server import names


@pytest.mark.parametrize("typed", ["0612345678", "06 12 34 56 78", "Léa 06-12-34-56",
                                   "Tom 123456"])
def test_a_phone_number_is_not_a_nickname(typed: str) -> None:
    with pytest.raises(names.NicknameError) as refused:
        names.clean(typed)
    assert "numéro de téléphone" in refused.value.fr


@pytest.mark.parametrize("typed", ["Élève 12", "Lynx 2024", "Zoé 12345"])
def test_a_short_number_stays_allowed(typed: str) -> None:
    assert names.clean(typed) == typed

