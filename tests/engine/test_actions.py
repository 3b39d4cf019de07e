from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludinum.engine import Action, MalformedActionError

words = st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True).filter(
    lambda w: w not in ("true", "false")
)
scalars = st.one_of(st.integers(-10**6, 10**6), st.booleans(), words)
values = st.one_of(scalars, st.tuples(scalars, scalars), st.lists(scalars, max_size=4).map(tuple))


@given(kind=words, params=st.dictionaries(words, values, max_size=4))
def test_text_and_json_round_trip(kind: str, params: dict[str, object]) -> None:
    action = Action.make(kind, **params)
    assert Action.from_text(action.to_text()) == action
    assert Action.from_json(action.to_json()) == action
    assert eval(repr(action)) == action  # repr is valid code


def test_parameters_are_sorted_and_hashable() -> None:
    assert Action.make("x", b=1, a=2) == Action.make("x", a=2, b=1)
    assert len({Action.make("roll"), Action.make("roll")}) == 1


@pytest.mark.parametrize(
    "text",
    ["", "   ", "roll choice", "roll =3", "roll a=1 a=2", "9roll", "roll a=hello world=x y"],
)
def test_malformed_text(text: str) -> None:
    with pytest.raises(MalformedActionError):
        Action.from_text(text)


BAD_JSON = [None, [], {"kind": 3}, {"kind": "x", "a": {"b": 1}}, {"kind": "x", "a": 1.5}]


@pytest.mark.parametrize("data", BAD_JSON)
def test_malformed_json(data: object) -> None:
    with pytest.raises(MalformedActionError):
        Action.from_json(data)


def test_typed_accessors() -> None:
    a = Action.make("give", cards=(3, 5), to=2, who="alice")
    assert a.numbers("cards") == (3, 5)
    assert a.number("to") == 2
    assert a.word("who") == "alice"
    with pytest.raises(MalformedActionError):
        a.number("who")


def test_restore_refuses_unreadable_states_clearly() -> None:
    from ludinum.engine import StateFormatError
    from ludinum.games import registry

    for game in registry():
        state = game.new_state(game.min_players, 1)
        data = state.to_json()
        with pytest.raises(StateFormatError, match=game.title_of()):
            game.restore({"nothing": 1})
        broken = {key: value for key, value in data.items() if key in ("config",)}
        with pytest.raises(StateFormatError):
            game.restore(broken)
        assert game.restore(data).to_json() == data


def test_hash_and_equality_by_value() -> None:
    """The hash kept by an action is the hash of its value; equality is by value, across
    the ways of building one (a boolean equals its integer here, as in Python: the strict
    check of a move is ``strictly_in``)."""
    import copy
    import pickle

    a = Action.make("give", cards=(3, 5), to=2)
    same = Action.from_text("give cards=[3,5] to=2")
    assert a is not same and a == same and hash(a) == hash(same) == hash((a.kind, a.params))
    assert {a: 1}[same] == 1
    assert a != Action.make("give", cards=(3, 5), to=3) and a != Action.make("take")
    assert a != ("give", a.params)
    assert Action.make("x", n=True) == Action.make("x", n=1)
    assert not Action.make("x", n=True).strictly_in([Action.make("x", n=1)])
    # Pickled and copied from its fields: a string's hash is not the same in another process.
    assert a.__reduce__() == (Action, (a.kind, a.params))
    for twin in (pickle.loads(pickle.dumps(a)), copy.copy(a), copy.deepcopy(a)):
        assert twin == a and hash(twin) == hash(a)
    with pytest.raises(AttributeError):
        a.kind = "take"  # type: ignore[misc]
