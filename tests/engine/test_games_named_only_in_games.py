"""Nothing outside ``ludinum/games/`` names a game (docs/architecture.md, STYLE): the
engine, the content tools, the site, the server and the command line reach each game
through the registry and the game's own modules, so that adding a game touches no other
layer. Checked on the tokens of every module: its names (``gnou_board``), its strings
(docstrings included) and its comments; on the lines of the site's templates; on the lines
of the server's pages, scripts and styles (``web/``: each game's drawer and styles are in
its package, ``games/<game>/web/``), and on the messages of their catalogue."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from babel.messages.pofile import read_po

from ludinum.games import MODULES, registry

SRC = Path(__file__).resolve().parents[2] / "src" / "ludinum"
GAMES = SRC / "games"
WEB = SRC / "web"
#: The server's pages, scripts and styles; a library kept as its authors wrote it (a
#: ``vendor`` folder) is not the project's text.
WEB_FILES = (".html", ".js", ".css")
VENDOR = WEB / "static" / "vendor"

#: Words that are a game's id but mean something else where they stand: (module, word,
#: why). The nickname animals are French words, not the game (« Gnou Vif »).
ALLOWED = {("weblib/names.py", "Gnou")}


def _titles() -> set[str]:
    found = set()
    for game in registry():
        found |= {game.title_fr, game.title_en, game.title_of_fr}
    return {t for t in found if t and t.lower() not in MODULES}


def namings(source: str, titles: set[str]) -> list[tuple[int, str]]:
    """Each (line, word) of ``source`` that names a game: a name with a game's id as one
    of its ``_`` parts, a string or a comment with a game's id as a word or a game's
    title in it."""
    ids = set(MODULES)
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NAME:
            if ids & set(token.string.lower().split("_")):
                found.append((token.start[0], token.string))
        elif token.type in (tokenize.STRING, tokenize.COMMENT):
            for word in re.findall(r"[^\W\d]+", token.string):
                if word.lower() in ids or any(p.lower() in ids for p in word.split("_")):
                    found.append((token.start[0], word))
            found += [(token.start[0], t) for t in titles if t.lower() in token.string.lower()]
    return found


def test_the_check_finds_a_game_in_a_name_a_string_and_a_title() -> None:
    titles = _titles()
    source = ('def gnou_board():\n    """Draw the board."""\n    return "webrunners"\n'
              f'TITLE = "{registry().get("voleur").title_fr} — plateau"\n# hacker\n'
              '# the rules of the game\nplain = "board"\n')
    assert sorted({line for line, _ in namings(source, titles)}) == [1, 3, 4, 5]


def test_no_module_outside_games_names_a_game() -> None:
    titles = _titles()
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if GAMES in path.parents:
            continue
        where = path.relative_to(SRC).as_posix()
        for line, word in namings(path.read_text(encoding="utf-8"), titles):
            if (where, word) not in ALLOWED:
                found.append(f"{where}:{line}: {word}")
    assert not found, "\n".join(found)


def test_no_site_template_names_a_game() -> None:
    """The site's pages take a game's words from the game (its title, its quiz's diploma):
    no template of the site holds a game's id or title, nor tests one."""
    titles = _titles()
    found = []
    for path in sorted((SRC / "site" / "templates").rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            words = {w.lower() for w in re.findall(r"[^\W\d]+", line)}
            if words & set(MODULES) or any(t.lower() in line.lower() for t in titles):
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def line_namings(text: str, titles: set[str]) -> list[tuple[int, str]]:
    """Each (line number, line) of ``text`` (a template, a script, a stylesheet) with a
    game's id as a word or as a part of one (``.gnou-board``, ``games/gnou.js``,
    ``gnou_board``) or a game's title in it."""
    ids = set(MODULES)
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        words = {w.lower() for w in re.findall(r"[^\W\d]+", line)}
        parts = {p for w in words for p in w.split("_")}
        if (words | parts) & ids or any(t.lower() in line.lower() for t in titles):
            found.append((number, line.strip()))
    return found


def test_the_line_check_finds_a_game_in_a_selector_an_address_and_a_title() -> None:
    titles = _titles()
    text = ('.stage:has(.gnou-board) { flex: none; }\n<script src="/static/games/hacker.js">\n'
            f'// {registry().get("webrunners").title_fr}: the seats\n'
            'const voleur_cards = [];\n.board-svg svg { width: 100%; }\n')
    assert [number for number, _ in line_namings(text, titles)] == [1, 2, 3, 4]


def test_no_page_script_or_style_of_the_server_names_a_game() -> None:
    """The server's pages (``web/templates``), scripts and styles (``web/static``) reach
    each game through the registry: its drawer and its styles are its own files
    (``games/<game>/web/``, served as ``/static/games/<game>.js`` and ``.css``), its words
    its own (the quiz's game is the one that declares the site's quiz). Neither their code
    nor their comments name a game."""
    titles = _titles()
    found = []
    files = [p for p in sorted(WEB.rglob("*")) if p.suffix in WEB_FILES]
    assert {p.suffix for p in files} == set(WEB_FILES)
    for path in files:
        if VENDOR in path.parents:
            continue
        for number, line in line_namings(path.read_text(encoding="utf-8"), titles):
            found.append(f"{path.relative_to(SRC).as_posix()}:{number}: {line}")
    assert not found, "\n".join(found)


def _game_sources() -> str:
    """Every text a game's own files hold: its modules, its drawer, its content."""
    texts = [p.read_text(encoding="utf-8") for p in sorted(GAMES.rglob("*"))
             if p.suffix in (".py", ".js", ".css")]
    texts += [p.read_text(encoding="utf-8") for p in sorted((SRC / "content").rglob("*"))
              if p.suffix in (".yaml", ".json") and p.is_file()]
    return "\n".join(texts)


def test_a_message_of_the_pages_that_names_a_game_is_the_games_own() -> None:
    """The pages' catalogue (``web/locale``) also holds the words of each game's drawer:
    a message that names a game is said by that game's own files, never by a shared page,
    script or template (those say « le quiz %(game)s », the game given by the registry)."""
    titles = _titles()
    shared = "\n".join(p.read_text(encoding="utf-8") for p in sorted(WEB.rglob("*"))
                       if p.suffix in WEB_FILES)
    games = _game_sources()
    naming = []
    for path in sorted(WEB.rglob("*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id or not isinstance(message.id, str):
                continue
            if not line_namings(message.id, titles):
                continue
            naming.append(message.id)
            assert message.id not in shared, message.id
            assert message.id in games, f"{message.id}: said by no game"
    assert naming, "the drawers' messages that name their game are in the catalogue"
