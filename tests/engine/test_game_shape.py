"""Each game package has the same shape, so that a reader of one knows all four
(docs/architecture.md): the same modules, each with the same job, and a state class built
the same way (its rules in ``rules.py``'s class, what a seat sees in ``views.py``)."""

from __future__ import annotations

import importlib
import inspect

import pytest

from ludinum.games import MODULES, get_game

#: The modules every game has, and the job each one's docstring names.
SHAPE = ("game", "options", "state", "rules", "views", "text", "lessons", "content", "bot",
         "search", "encoding")


@pytest.mark.parametrize("name", MODULES)
def test_every_game_package_has_the_same_modules(name: str) -> None:
    missing = []
    for module in SHAPE:
        try:
            loaded = importlib.import_module(f"ludinum.games.{name}.{module}")
        except ModuleNotFoundError:
            missing.append(module)
            continue
        assert (loaded.__doc__ or "").strip(), f"{name}.{module} says nothing of its job"
    assert not missing, f"{name} lacks {', '.join(missing)}"


@pytest.mark.parametrize("name", MODULES)
def test_a_games_state_takes_its_rules_and_views_from_their_modules(name: str) -> None:
    """The state's class inherits the moves from ``rules.py``'s class, and its ``view``
    is ``views.py``'s: no game keeps a rule or a view in ``state.py`` (Web Runners and
    Le jeu du Gnou once held their views there, the Gnou and Le Voleur their rules)."""
    state = get_game(name).new_state(get_game(name).min_players, 1)
    rules = importlib.import_module(f"ludinum.games.{name}.rules")
    views = importlib.import_module(f"ludinum.games.{name}.views")
    owner = next(klass for klass in type(state).__mro__ if "_apply" in vars(klass))
    assert inspect.getmodule(owner) is rules, owner
    # The state's own ``view`` hands over to the views module (one line, no view built).
    source = inspect.getsource(type(state).view)
    assert "views." in source and len(source.strip().splitlines()) <= 3, source
    assert state.view(0) and views.__doc__
