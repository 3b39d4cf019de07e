"""A decision's choices laid out for the terminal: a long menu says once the words its
choices share and lays them out in columns; one still too tall for the screen shows a
group of choices as one entry, opened when it is chosen (:class:`Menu`)."""

from __future__ import annotations

import io
from dataclasses import dataclass

from rich.markup import escape

#: Below this many choices, a menu lists one a line (:class:`Menu` closes a group of them
#: into one entry only when the screen has no room for them).
FOLD_FROM = 5


def menu_line(key: str, label: str) -> str:
    """A choice in the menu: its key, then its text (without its letter, which is the key)."""
    text = label[3:] if not key.isdigit() else label
    return f"  [cyan]{key}[/]. {escape(text)}"


def shared_start(labels: list[str]) -> str:
    """The start of a long menu's choices said once above them (« Poser un virus sur le
    compte »): the words at least three choices begin with, where saying them once saves
    the most; ``""`` when none is worth it."""
    best, saved = "", 0
    for label in labels:
        words = label.split(" ")
        for cut in range(1, len(words)):
            start = " ".join(words[:cut]) + " "
            if start.count("«") != start.count("»") or start.count("(") != start.count(")"):
                continue  # not inside a quote: « Poser «… » said nothing
            sharing = sum(other.startswith(start) and len(other) > len(start)
                          for other in labels)
            if sharing >= 3 and len(start) >= 8 and len(start) * (sharing - 1) > saved:
                best, saved = start, len(start) * (sharing - 1)
    return best


def shared_end(labels: list[str]) -> str:
    """The end choices share (« sur les réseaux sociaux »), as :func:`shared_start`."""
    start = shared_start([" ".join(reversed(label.split(" "))) for label in labels])
    return " " + " ".join(reversed(start.rstrip().split(" "))) if start else ""


def grid(cells: list[tuple[str, str]], width: int, indent: int = 2) -> list[str]:
    """Choices (key, text) in as many columns as ``width`` holds, read down each column,
    three spaces between two columns; one a line when two do not fit. Under a heading
    (``indent`` 4), they stand further in than the choices around them."""
    plain = [f"{key}. {text[3:] if not key.isdigit() else text}" for key, text in cells]
    cell = max(len(text) for text in plain) + 3
    columns = max(1, min(len(cells), (width - indent + 3) // cell))
    rows = -(-len(cells) // columns)
    columns = -(-len(cells) // rows)  # as few columns as the rows need
    lines = []
    for row in range(rows):
        parts = []
        for column in range(columns):
            i = column * rows + row
            if i >= len(cells):
                break
            key, text = cells[i][0], plain[i]
            last = column == columns - 1 or i + rows >= len(cells)
            pad = "" if last else " " * (cell - len(text))
            parts.append(f"[cyan]{key}[/]{escape(text[len(key):])}{pad}")
        lines.append(" " * indent + "".join(parts))
    return lines


@dataclass
class Block:
    """Choices shown together: one choice (``heading`` empty), or those sharing the words
    of ``heading`` (« Poser un virus sur le compte… »), each shown without them (``texts``):
    under it in columns, or, ``flat`` (columns would not save a row), each in full where
    its number puts it, the group then only closed into one entry when room is short."""

    choices: list[int]  # indices into the menu's labels
    heading: str = ""
    texts: tuple[str, ...] = ()
    flat: bool = False

    def entry(self, lang: str) -> str:
        """The group as one choice of a menu (« Poser un virus sur le compte… (16 choix) »)."""
        many = len(self.choices)
        return f"{self.heading} ({many} {'choices' if lang == 'en' else 'choix'})"


def blocks_of(labels: list[str], width: int) -> list[Block]:
    """A menu's choices in blocks, in the order of their first choice: the choices sharing a
    start or an end (at least three of them) grouped (``flat`` when columns would not save
    a row: their heading, then their columns, took as many), the others one a block."""
    left = list(range(len(labels)))  # the choices not in a group yet
    blocks: list[Block] = []
    while len(left) >= 3:
        among = [labels[i] for i in left]
        start = shared_start(among)
        end = "" if start else shared_end(among)
        if not start and not end:
            break
        group = [i for i in left if len(labels[i]) > len(start + end)
                 and labels[i].startswith(start) and labels[i].endswith(end)]
        texts = [labels[i][len(start):len(labels[i]) - len(end)] for i in group]
        stop = ""  # « Poser « X », plateau papier »: the comma goes with the heading
        if end and all(text.endswith(",") for text in texts):
            texts, stop = [text[:-1] for text in texts], ","
        heading = f"{start.rstrip()}…" if start else f"…{stop}{end}"
        cells = [(str(i + 1), text) for i, text in zip(group, texts, strict=True)]
        # a short menu one choice a line (a quiz's four answers): its groups flat
        flat = len(labels) < FOLD_FROM or 1 + len(grid(cells, width, 4)) >= len(group)
        blocks.append(Block(group, heading, tuple(texts), flat))
        left = [i for i in left if i not in group]
    if not blocks and len(labels) >= FOLD_FROM:  # nothing shared: in columns if short
        return [Block(left, "", tuple(labels[i] for i in left))]
    return sorted(blocks + [Block([i]) for i in left], key=lambda b: b.choices[0])


def rows(lines: list[str], width: int) -> int:
    """How many rows ``lines`` (markup) take on a terminal ``width`` columns wide."""
    from ludinum.cli.console import FrenchConsole

    out = io.StringIO()
    console = FrenchConsole(file=out, width=width, highlight=False, color_system=None)
    for line in lines:
        console.print(line)
    return out.getvalue().count("\n")


class Menu:
    """A decision's choices as the terminal shows them, fitted to ``room`` rows of a
    terminal ``width`` columns wide: a long menu's groups laid out in columns under the
    words they share (:func:`blocks_of`); when that is still too tall, the tallest groups
    shown as one entry each (« Rester sur place en défaussant… (9 choix) »), opened when
    chosen, and the entries then numbered from 1 as they are shown."""

    def __init__(self, keys: list[str], labels: list[str], width: int, room: int,
                 lang: str) -> None:
        self.keys, self.labels, self.width, self.lang = keys, labels, width, lang
        self.blocks = blocks_of(labels, width)
        self.closed: set[int] = set()  # blocks shown as one entry
        if not self._close_to(room) and self._by_first_word():
            self._close_to(room)

    def _close_to(self, room: int) -> bool:
        """Close the tallest groups, one after the other, until the menu fits ``room``
        rows; whether it does."""
        while rows(self.lines(), self.width) > room:
            open_ = [(rows(self._shown(i), self.width), i) for i, b in enumerate(self.blocks)
                     if len(b.choices) > 1 and b.heading and i not in self.closed]
            if not open_:
                return False
            self.closed.add(max(open_)[1])
        return True

    def _by_first_word(self) -> bool:
        """For a menu still too tall once every group is closed: the choices shown alone
        that begin with the same word, three at least, made a group (« Jouer… (6 choix) »;
        :func:`shared_start` asks for 8 characters, a verb alone is fewer), each such
        group laid out flat until it is closed. Whether one was made. (A turn
        with a big hand listed its six « Jouer … » one a line: 27 rows.)"""
        alone: dict[str, list[int]] = {}
        for block in self.blocks:
            label = self.labels[block.choices[0]]
            if len(block.choices) == 1 and " " in label:
                alone.setdefault(label.split(" ", 1)[0], []).append(block.choices[0])
        groups = [(word, group) for word, group in alone.items() if len(group) >= 3]
        if not groups:
            return False
        closed = [self.blocks[i] for i in self.closed]
        grouped = {i for _, group in groups for i in group}
        self.blocks = sorted(
            [b for b in self.blocks if not (len(b.choices) == 1 and b.choices[0] in grouped)]
            + [Block(group, f"{word}…", tuple(self.labels[i][len(word) + 1:] for i in group),
                     flat=True) for word, group in groups],
            key=lambda b: b.choices[0])
        self.closed = {i for i, b in enumerate(self.blocks) if any(b is c for c in closed)}
        return True

    def _items(self) -> list[tuple[int, str, int]]:
        """What is shown, in order: (where, kind, block or choice), kind « closed » (a
        group as one entry), « one » (a choice in full), « group » (a heading and its
        columns) or « grid » (choices in columns)."""
        items = []
        for i, block in enumerate(self.blocks):
            if i in self.closed:
                items.append((block.choices[0], "closed", i))
            elif block.flat or len(block.choices) == 1:
                items.extend((c, "one", c) for c in block.choices)
            else:
                items.append((block.choices[0], "group" if block.heading else "grid", i))
        return sorted(items)

    def entries(self) -> list[list[int]]:
        """The choices each number typed stands for: each choice its own, numbered as
        the game ranks them; numbered as shown instead once a group is closed (the
        group one) or when a group gathers choices the game ranks apart, so that the
        numbers read 1, 2, 3… down the screen (« …, plateau papier » over 1, 3, 5, 7
        and « …, plateau numérique » over 2, 4, 6, 8 read as 1 to 4 and 5 to 8)."""
        out: list[list[int]] = []
        for _, kind, at in self._items():
            if kind == "closed":
                out.append(self.blocks[at].choices)
            elif kind == "one":
                out.append([at])
            else:
                out.extend([c] for c in self.blocks[at].choices)
        return out

    def entry_labels(self) -> list[str]:
        """Each entry's text (a closed group's with how many choices it holds)."""
        closed = {tuple(self.blocks[i].choices): self.blocks[i] for i in self.closed}
        return [closed[tuple(e)].entry(self.lang) if tuple(e) in closed
                else self.labels[e[0]] for e in self.entries()]

    def _key(self, choices: list[int]) -> str:
        """What is typed for ``choices``: the game's key while every entry keeps its
        rank (:meth:`entries`), else its number as shown."""
        entries = self.entries()
        if entries == [[i] for i in range(len(self.labels))]:
            return self.keys[choices[0]]
        return str(entries.index(choices) + 1)

    def _shown(self, index: int) -> list[str]:
        """A block's lines as they are shown now."""
        return [line for _, kind, at in self._items()
                if at == index or (kind == "one" and at in self.blocks[index].choices)
                for line in self._item_lines(kind, at)]

    def _item_lines(self, kind: str, at: int) -> list[str]:
        if kind == "closed":
            block = self.blocks[at]
            return [menu_line(self._key(block.choices), block.entry(self.lang))]
        if kind == "one":
            return [menu_line(self._key([at]), self.labels[at])]
        block = self.blocks[at]
        cells = [(self._key([c]), text) for c, text in zip(block.choices, block.texts,
                                                          strict=True)]
        if kind == "grid":
            return grid(cells, self.width)
        return [f"  {escape(block.heading)}", *grid(cells, self.width, 4)]

    def lines(self) -> list[str]:
        """The menu's lines (markup)."""
        return [line for _, kind, at in self._items() for line in self._item_lines(kind, at)]

    def opened(self, entry: list[int], lang: str) -> tuple[list[str], list[str]]:
        """A closed group once chosen: its lines (its words, then its choices numbered from
        1 in columns, then going back), and each number's text (the last, going back)."""
        block = next(b for b in self.blocks if b.choices == entry)
        back = "Back to the other choices" if lang == "en" else "Revenir aux autres choix"
        cells = [(str(n), text) for n, text in enumerate(block.texts, 1)]
        lines = [f"  {escape(block.heading)}", *grid(cells, self.width, 4),
                 menu_line(str(len(cells) + 1), back)]
        labels = [self.labels[c] for c in block.choices] + [back]
        return lines, labels
