"""``ludinum serve``'s process settings: the collector, the event loop, compression."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from ludinum.cli import serve


@pytest.fixture
def restore_gc() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_start_up_objects_are_frozen_and_young_collections_rarer(
    restore_gc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LUDINUM_GC_FREEZE", raising=False)
    serve.tune_gc()
    assert gc.get_freeze_count() > 10_000  # modules, games, content: out of the collector's way
    assert gc.get_threshold() == serve.GC_THRESHOLDS
    assert serve.GC_THRESHOLDS[0] > 700


def test_the_collector_can_be_left_as_is_to_measure(
    restore_gc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LUDINUM_GC_FREEZE", "0")
    before = gc.get_threshold()
    serve.tune_gc()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_websocket_compression_is_off_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LUDINUM_WS_COMPRESSION", raising=False)
    assert serve.ws_compression() is False
    monkeypatch.setenv("LUDINUM_WS_COMPRESSION", "1")
    assert serve.ws_compression() is True
