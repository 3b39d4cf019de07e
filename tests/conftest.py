"""What every test starts from."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ludinum.cli import common


@pytest.fixture(autouse=True)
def _a_fresh_terminal_language() -> Iterator[None]:
    """The terminal's language (``--lang``) is kept for the rest of a process, which is one
    command; here a test's command must not leave it to the next test's (a command
    invoked on its own, not through the group, reads the one kept)."""
    yield
    common._LANG.clear()
