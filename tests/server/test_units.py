"""Room codes, tokens, nicknames and the rate limit."""

from __future__ import annotations

import pytest

from ludinum.server import tokens
from ludinum.weblib import names
from ludinum.weblib.ratelimit import RateLimit


def test_codes_use_an_unambiguous_alphabet() -> None:
    codes = {tokens.new_code() for _ in range(500)}
    assert len(codes) > 490
    for code in codes:
        assert len(code) == 6 and tokens.looks_like_code(code)
        assert not set(code) & set("0O1IL")
    assert tokens.normalise_code(" ab-c d2 ") == "ABCD2"


def test_tokens_are_long_random_and_stored_as_digests() -> None:
    a, b = tokens.new_token(), tokens.new_token()
    assert a != b and len(a) >= 32  # 24 bytes = 192 bits
    stored = tokens.digest(a)
    assert a not in stored
    assert tokens.matches(a, stored)
    assert not tokens.matches(b, stored)
    assert not tokens.matches(None, stored)
    assert not tokens.matches(a, None)


@pytest.mark.parametrize("name", ["Léa", "Constance", "Pascal", "Unique", "Dispute", "Zoé-Ana",
                                  "O'Neil", "Gnou Agile"])
def test_ordinary_nicknames_pass(name: str) -> None:
    assert names.clean(f"  {name} ") == name


@pytest.mark.parametrize("name", ["con", "C.0.N", "Putain", "p u t a i n", "gros con",
                                  "FDP", "Merde", "sh1t", "encülé"])
def test_rude_nicknames_are_refused(name: str) -> None:
    with pytest.raises(names.NicknameError) as info:
        names.clean(name)
    assert info.value.code == "bad_nickname"


@pytest.mark.parametrize("name", ["", "x", "a" * 21, "<script>", "😀😀", 12, None])
def test_malformed_nicknames_are_refused(name: object) -> None:
    with pytest.raises(names.NicknameError):
        names.clean(name)


def test_generated_nicknames_are_clean() -> None:
    for _ in range(200):
        assert names.clean(names.generate())


def test_rate_limit_refills_per_address() -> None:
    now = [0.0]
    limit = RateLimit(burst=3, per_second=1.0, clock=lambda: now[0])
    assert [limit.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("b")
    now[0] += 1.0
    assert limit.allow("a")
    assert not limit.allow("a")


def test_rate_limit_memory_is_bounded() -> None:
    now = [0.0]
    limit = RateLimit(burst=2, per_second=1.0, clock=lambda: now[0], max_keys=10)
    for i in range(50):
        limit.allow(f"k{i}")
        now[0] += 5
    assert len(limit._buckets) <= 10


def test_a_blocked_address_stays_blocked_when_many_others_fill_the_limiter() -> None:
    """The limiter forgot every address at once when 10,000 were counted and none had
    refilled: a guesser with many IPv6 networks (a /48 holds 65,536 /64s) could fill it
    and unblock its own address (attack review). The addresses closest to refilled are
    forgotten first; a blocked one is kept while fuller ones remain."""
    now = [0.0]
    limit = RateLimit(burst=3, per_second=0.001, clock=lambda: now[0], max_keys=10)
    for _ in range(3):
        limit.failed("guesser")
    assert limit.blocked("guesser")
    for i in range(40):  # other networks, one miss each: fuller than the guesser
        now[0] += 1
        limit.failed(f"net{i}")
        assert len(limit._buckets) <= 10
        assert limit.blocked("guesser"), i


def test_a_frame_is_encoded_once_per_fragment_and_reads_back_the_same() -> None:
    import json as _json

    from ludinum.server import framecache as _framecache
    from ludinum.server import frames as _frames

    class Cache:
        def __init__(self) -> None:
            self._json: dict[str, str] = {}
            self._shared: dict[int, tuple[object, str]] = {}

        json_text = _framecache.FrameCache.json_text
        json_of = _framecache.FrameCache.json_of
        json_seats = _framecache.FrameCache.json_seats

    cache = Cache()
    board = '<svg><title>Léa « 3 »</title><text>"x" \\ é</text></svg>'
    actions = [{"seat": 0, "label": "Jouer « 3 » !", "action": {"kind": "roll"}}]
    for slots in ({"map": board, "board": "", "status": "<p>ok</p>"}, {}):
        frame = {"type": "update", "seq": 7, "status": "playing", "active": [0],
                 "slots": slots, "log": [{"seq": 7, "text": "à toi"}], "actions": actions}
        assert _json.loads(_frames.encode(frame, cache)) == frame  # type: ignore[arg-type]
    # Each fragment and log line once, the seat's action list once (the same list object).
    assert list(cache._json) == ["update", "playing", board, "", "<p>ok</p>", "à toi"]
    assert [kept for kept, _ in cache._shared.values()] == [actions]
