"""Each game package has the same shape, so that a reader of one knows all four
(docs/architecture.md): the same modules, each with the same job, and a state class built
the same way (its rules in ``rules.py``'s class, what a seat sees in ``views.py``)."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
from pathlib import Path

import pytest

from ludinum.games import MODULES, get_game
from ludinum.site.content import load_pages
from ludinum.sitekit.model import GameSite

#: The modules every game has, and the job each one's docstring names.
SHAPE = ("game", "options", "state", "rules", "views", "text", "lessons", "content", "bot",
         "search", "encoding", "site")
#: The modules a game has only when it needs them, with when it does: a game whose
#: printed deck has a board draws it in ``board.py`` (the print-and-play PDF calls it).
OPTIONAL = {"board": lambda name: _deck_has_board(name)}
#: The modules a game may have, with what a caller takes from it: ``baseline.py``, an
#: engine-free simulator that ``ludinum bench`` measures the engine against.
MAY_HAVE = {"baseline": "simulate"}
#: The game's own part of the page's drawing, in its package's ``web`` folder: its drawer
#: and its styles (server/kits.py ``ASSETS`` serves them as ``/static/games/<game>.js``
#: and ``.css``).
WEB = ("board.css", "board.js")


def _deck_has_board(name: str) -> bool:
    from ludinum.site.catalog import PRINTABLE, print_deck

    return name in PRINTABLE and print_deck(name).board


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
def test_a_game_has_an_optional_module_exactly_when_it_needs_it(name: str) -> None:
    """``board.py`` draws the board of a printed deck that has one: a game with a board
    to print has it, and a game without has none (no module that nothing calls)."""
    for module, needed in OPTIONAL.items():
        spec = importlib.util.find_spec(f"ludinum.games.{name}.{module}")
        assert (spec is not None) == needed(name), f"{name}.{module}"
        if spec is not None:
            loaded = importlib.import_module(f"ludinum.games.{name}.{module}")
            assert (loaded.__doc__ or "").strip(), f"{name}.{module} says nothing of its job"


@pytest.mark.parametrize("name", MODULES)
def test_a_games_module_that_a_command_may_call_has_what_it_calls(name: str) -> None:
    for module, attribute in MAY_HAVE.items():
        if importlib.util.find_spec(f"ludinum.games.{name}.{module}") is None:
            continue
        loaded = importlib.import_module(f"ludinum.games.{name}.{module}")
        assert callable(getattr(loaded, attribute, None)), f"{name}.{module}.{attribute}"
        assert (loaded.__doc__ or "").strip(), f"{name}.{module} says nothing of its job"


@pytest.mark.parametrize("name", MODULES)
def test_a_games_site_module_declares_its_part_of_the_site(name: str) -> None:
    """Every game's ``site.py`` gives the site a :class:`GameSite` (its pages, its deck,
    its texts' schema): the site lists the games from these and names none."""
    site = importlib.import_module(f"ludinum.games.{name}.site").SITE
    assert isinstance(site, GameSite)
    assert site.themes(load_pages(), "fr"), f"{name} has no page on the site"


def test_the_games_stand_in_one_order_on_the_site() -> None:
    """Each game's rank on the site's index is its own: the index never depends on the
    order the games were loaded in."""
    ranks = [importlib.import_module(f"ludinum.games.{name}.site").SITE.rank
             for name in MODULES]
    assert len(set(ranks)) == len(ranks), ranks


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


@pytest.mark.parametrize("name", MODULES)
def test_every_game_owns_its_drawing_in_the_page(name: str) -> None:
    """Every game's browser files are in its package, named alike (``web/board.js``, its
    drawer, registered under the game's name; ``web/board.css``, its styles), and are the
    ones the server serves for it."""
    from ludinum.server import kits

    folder = Path(inspect.getfile(importlib.import_module(f"ludinum.games.{name}"))).parent
    web = folder / "web"
    assert sorted(p.name for p in web.iterdir()) == sorted(WEB), name
    assert sorted(kits.ASSETS.values()) == sorted(WEB)
    drawer = (web / "board.js").read_text(encoding="utf-8")
    assert re.findall(r'\bL\.game\("(\w+)"', drawer) == [name]
    styles = (web / "board.css").read_text(encoding="utf-8")
    assert styles.startswith("/*") and styles.count("{") == styles.count("}") > 0
    for ending in kits.ASSETS:
        assert kits.asset(name, ending) == (web / kits.ASSETS[ending]).resolve()


def test_every_games_browser_files_ship_in_the_package() -> None:
    """The wheel holds each game's drawer and styles: ``pyproject.toml``'s package data
    names every file of their folders (an installed server would serve a game undrawn)."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    globs = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["package-data"]["ludinum"]
    package = root / "src" / "ludinum"
    shipped = {p for pattern in globs for p in package.glob(pattern) if p.is_file()}
    files = {p for name in MODULES for p in (package / "games" / name / "web").iterdir()}
    assert files and files <= shipped, sorted(str(p) for p in files - shipped)
