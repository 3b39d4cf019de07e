"""A teacher's content pack, and the content in use by this process.

A pack is a folder laid out like the built-in content (one folder per game, plus ``site``),
or one game's folder named after the game. It need not hold every file: each file it has
replaces the built-in file of the same path (or adds one), every other file stays the
built-in one. :func:`overlay` builds that merged view in a temporary folder, so that every
loader keeps reading one plain folder.

The process chooses its content once, at start-up (``ludinum serve|play|print --content``):
:func:`use` makes a pack current, and every loader asks :func:`folder` for the folder of its
content. ``$LUDINUM_CONTENT`` names the pack for processes started without the command line
(``ludinum serve --workers N``).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Generic, TypeVar

from ludinum.content import BUILTIN
from ludinum.engine import ContentError

#: The environment variable naming the pack of worker processes.
CONTENT_ENV = "LUDINUM_CONTENT"
#: Files of a pack that are content (anything else, a README for instance, is ignored).
SUFFIX = ".yaml"

T = TypeVar("T")


def builtin_files() -> dict[str, Path]:
    """The built-in content files by their path relative to the content root."""
    return {
        p.relative_to(BUILTIN).as_posix(): p
        for p in sorted(BUILTIN.glob(f"*/**/*{SUFFIX}"))
        if "__pycache__" not in p.parts
    }


def sections() -> tuple[str, ...]:
    """The top-level content folders (one per game, and the learning site's)."""
    return tuple(sorted({rel.split("/", 1)[0] for rel in builtin_files()}))


def pack_files(source: Path) -> dict[str, Path]:
    """The content files of the pack ``source``, by their path relative to the content root.

    ``source`` named after a section (``…/<section>``) is that section's folder alone."""
    prefix = f"{source.name}/" if source.name in sections() else ""
    return {
        prefix + p.relative_to(source).as_posix(): p
        for p in sorted(source.rglob(f"*{SUFFIX}"))
        if p.is_file()
    }


@dataclass(frozen=True)
class Pack:
    """The built-in content overlaid with a pack's files, merged under ``root``."""

    source: Path
    root: Path
    #: Where each merged file comes from (the pack's file or the built-in one).
    origin: dict[str, Path]
    #: The paths (relative to the root) the pack defines, sorted.
    overrides: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.source.name

    @property
    def replaced(self) -> int:
        """How many of the pack's files replace a built-in file (the others add one)."""
        builtin = builtin_files()
        return sum(1 for rel in self.overrides if rel in builtin)

    def sections(self) -> tuple[str, ...]:
        """The sections (games, site) in which the pack defines at least one file."""
        return tuple(sorted({rel.split("/", 1)[0] for rel in self.overrides}))

    def original(self, where: str | Path) -> str:
        """``where`` (a path under :attr:`root`) as the path the author knows: the pack's
        file or folder when the pack defines it, else the built-in one."""
        path = Path(where)
        try:
            rel = path.relative_to(self.root).as_posix()
        except ValueError:
            return str(where)
        if rel in self.origin:
            return str(self.origin[rel])
        mine = [r for r in self.overrides if r.startswith(rel + "/")]
        if mine:  # a folder of the pack: its file's folder, as deep as ``rel``
            depth = rel.count("/") + 1
            file = self.origin[mine[0]]
            return str(file.parents[mine[0].count("/") - depth])
        return str(BUILTIN / rel)

    def original_text(self, text: str) -> str:
        """``text`` (a message) with every merged file's path made :meth:`original`."""
        if str(self.root) not in text:
            return text
        for rel in sorted(self.origin, key=len, reverse=True):
            text = text.replace(str(self.root / rel), str(self.origin[rel]))
        return text.replace(str(self.root), str(BUILTIN))


def overlay(source: Path, into: Path) -> Pack:
    """Merge the built-in content and the pack ``source`` under the empty folder ``into``."""
    if not source.is_dir():
        raise ContentError(
            f"{source} : dossier de contenu introuvable", f"{source}: content folder not found"
        )
    mine = pack_files(source)
    origin = builtin_files() | mine
    for rel, file in origin.items():
        target = into / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(file, target)
    return Pack(source.resolve(), into, origin, tuple(sorted(mine)))


def open_pack(source: Path) -> Pack:
    """:func:`overlay` into a temporary folder removed when the process ends."""
    into = Path(tempfile.mkdtemp(prefix="ludinum-content-"))
    atexit.register(shutil.rmtree, into, True)
    return overlay(source, into)


_state: dict[str, Pack | None] = {}
#: :func:`folder`'s answers for the pack in use (a game asks on every new state).
_folders: dict[str, Path] = {}


def use(pack: Pack | None) -> None:
    """Make ``pack`` the content of this process (``None``: the built-in content)."""
    _state["pack"] = pack
    _folders.clear()


def active() -> Pack | None:
    """The pack in use, if any (read from ``$LUDINUM_CONTENT`` the first time)."""
    if "pack" not in _state:
        named = os.environ.get(CONTENT_ENV)
        use(open_pack(Path(named)) if named else None)
    return _state["pack"]


def folder(section: str) -> Path:
    """The folder of ``section``'s content in use: the pack's merged one or the built-in."""
    path = _folders.get(section)
    if path is None:
        pack = active()
        path = _folders[section] = (pack.root if pack else BUILTIN) / section
    return path


class Loader(Generic[T]):
    """A content loader memoised per folder, reading the content in use by default."""

    def __init__(self, section: str, load: Callable[[Path], T], size: int) -> None:
        self.section = section
        self.cached = lru_cache(maxsize=size)(load)
        #: The folder object of the last call and what it gave: the same folder asked
        #: again (every new state asks) is answered without hashing its path. Any other
        #: folder asked in between replaces it, so it never outlives the cache's entry.
        self.last: tuple[Path, T] | None = None
        self.__doc__ = load.__doc__
        self.__name__ = getattr(load, "__name__", "load")

    def __call__(self, folder_: Path | None = None) -> T:
        path = folder_ if folder_ is not None else folder(self.section)
        last = self.last
        if last is not None and last[0] is path:
            return last[1]
        value = self.cached(path)
        self.last = (path, value)
        return value

    def cache_clear(self) -> None:
        self.last = None
        self.cached.cache_clear()


def loader(section: str, size: int = 4) -> Callable[[Callable[[Path], T]], Loader[T]]:
    """Decorate ``load(folder)``: called without a folder, it reads ``section``'s content
    in use (:func:`folder`); each folder is loaded once."""

    def wrap(load: Callable[[Path], T]) -> Loader[T]:
        return Loader(section, load, size)

    return wrap
