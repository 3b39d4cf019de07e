"""Nothing outside ``ludinum/games/`` names a game (docs/architecture.md, STYLE): the
engine, the content tools, the site, the server and the command line reach each game
through the registry and the game's own modules, so that adding a game touches no other
layer. Checked on the tokens of every module: its names (``gnou_board``), its strings
(docstrings included) and its comments."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from ludinum.games import MODULES, registry

SRC = Path(__file__).resolve().parents[2] / "src" / "ludinum"
GAMES = SRC / "games"

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
