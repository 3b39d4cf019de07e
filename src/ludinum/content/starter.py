"""``ludinum content init``: a starter pack, the built-in content with a header per file
(what the file is, how to edit it, how to check it) and a README."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from ludinum.content.pack import builtin_files
from ludinum.content.schema import ContentKind
from ludinum.content.typography import french_spacing

#: What each kind of file holds, in French then English (by kind name).
WHAT: dict[str, tuple[str, str]] = {
    "quiz": (
        "une série du quiz (un fichier par série ; au moins 4 questions par niveau 1, 2, 3)",
        "one quiz series (one file per series; at least 4 questions per level 1, 2, 3)",
    ),
    "board": ("le plateau : ses cases et leur rôle", "the board: its cells and their role"),
    "dangers": ("les cartes danger, une par case danger", "the danger cards, one per danger cell"),
    "themes": ("les textes des thèmes, lus à voix haute", "the theme texts, read aloud"),
    "deck": ("les cartes du jeu", "the game's cards"),
    "lessons": (
        "les leçons montrées à la fin d'une partie",
        "the lessons shown at the end of a game",
    ),
    "pages": ("les textes des pages « Apprendre »", "the texts of the learning pages"),
}
#: A hint for the fields of quiz questions, the kind a teacher edits most.
QUIZ_HINT = (
    "# answer : rang de la bonne réponse dans choices, à partir de 0 ; "
    "id : « série-niveau-numéro ».",
    "# answer: index of the right choice, from 0; id: \"series-level-number\".",
)
RULE = "# " + "─" * 78


def header(kind: ContentKind, title: tuple[str, str], pack: str) -> str:
    """The comment put at the top of a copied file of ``kind``."""
    fr, en = kind.what or WHAT.get(kind.name, (f"contenu « {kind.name} »",
                                               f"'{kind.name}' content"))
    lines = [
        RULE,
        f"# Ludinum · {title[0]} · « {kind.name} »",
        f"# Ce fichier : {fr}.",
        "# Pour modifier : change les textes, garde les clés (id, level…), l'indentation et",
        "#   les tirets des listes. Les champs « …_en » sont l'anglais : facultatifs,",
        "#   mais dès qu'une entrée d'un fichier en a, toutes en ont besoin.",
        "#   Un fait (nombre, loi, adresse web, service) porte « source » et « checked ».",
        "#   Supprime ce fichier du pack pour reprendre celui d'origine de Ludinum.",
        f"# Pour vérifier : ludinum content check {pack}",
        f"# Pour l'utiliser : ludinum serve --content {pack}",
    ]
    lines = [french_spacing(line) for line in lines]
    if kind.questions:
        lines.append(french_spacing(QUIZ_HINT[0]))
    lines += [
        "#",
        f"# Ludinum · {title[1]} · '{kind.name}'",
        f"# This file: {en}.",
        "# To edit: change the texts, keep the keys (id, level…), the indentation and the",
        "#   list dashes. Fields '…_en' are the English: optional, but once one entry of a",
        "#   file has them, every entry needs them. A fact carries 'source' and 'checked'.",
        "#   Delete this file from the pack to get Ludinum's built-in one back.",
        f"# To check: ludinum content check {pack}   To use: ludinum serve --content {pack}",
    ]
    if kind.questions:
        lines.append(QUIZ_HINT[1])
    return "\n".join([*lines, RULE, ""])


def kind_of(rel: str, kinds: Mapping[str, Sequence[ContentKind]], root: Path) -> ContentKind:
    """The kind of the built-in file ``rel`` (``section/…``)."""
    section = rel.split("/", 1)[0]
    for kind in kinds.get(section, ()):
        if root / rel in (root / section).glob(kind.pattern):
            return kind
    raise LookupError(rel)


def write_pack(
    target: Path,
    kinds: Mapping[str, Sequence[ContentKind]],
    titles: Mapping[str, tuple[str, str]],
    example: str,
) -> list[Path]:
    """Copy every built-in content file under ``target`` with its header, and a README
    whose commands play and print the game ``example``."""
    from ludinum.content import BUILTIN

    written = []
    shown = str(target)
    for rel, source in builtin_files().items():
        section = rel.split("/", 1)[0]
        kind = kind_of(rel, kinds, BUILTIN)
        title = titles.get(section, (section, section))
        out = target / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(header(kind, title, shown) + source.read_text(encoding="utf-8"),
                       encoding="utf-8")
        written.append(out)
    readme = target / "README.md"
    readme.write_text(readme_text(shown, [p.relative_to(target).as_posix() for p in written],
                                  titles, example), encoding="utf-8")
    return [*written, readme]


def readme_text(pack: str, files: Sequence[str], titles: Mapping[str, tuple[str, str]],
                example: str) -> str:
    sections = sorted({f.split("/", 1)[0] for f in files})
    listing = "\n".join(
        f"- `{s}/` — {titles.get(s, (s, s))[0]} : "
        + ", ".join(f"`{f.split('/', 1)[1]}`" for f in files if f.startswith(s + "/"))
        for s in sections
    )
    french = f"""# Pack de contenu Ludinum

Ce dossier est une copie du contenu de Ludinum (quiz, cartes, textes), à adapter à ta classe.
Chaque fichier commence par un commentaire qui dit ce qu'il contient et comment le modifier.

## Ce qu'il contient

{listing}

## Modifier

- Change les textes : garde les clés (`id`, `level`…), l'indentation et les tirets.
- Les champs `…_en` sont l'anglais : facultatifs, mais tout ou rien dans un fichier.
- Un fait (nombre, loi, adresse web, service à contacter) porte `source` et `checked`
  (la date où tu l'as vérifié).
- Tu n'es pas obligé de tout garder : **un fichier que tu supprimes reprend la version
  d'origine**. Un pack peut ne contenir qu'un seul fichier.

## Vérifier

    ludinum content check {pack}

Chaque problème s'affiche en « fichier:ligne: message » ; « Contenu valide. » quand tout va bien.

## Utiliser

    ludinum serve --content {pack}
    ludinum play {example} --content {pack}
    ludinum print {example} --content {pack}

Un pack qui ne passe pas la vérification est refusé au démarrage. L'écran d'animation
affiche le pack utilisé.
"""
    english = f"""
---

# Ludinum content pack (English)

A copy of Ludinum's content (quizzes, cards, texts) to adapt to your class. Each file starts
with a comment saying what it holds and how to edit it. Keep the keys and the indentation;
`…_en` fields are the English (optional, all or nothing in a file); a fact carries `source`
and `checked`. Delete a file to get the built-in one back: a pack may hold a single file.

Check: `ludinum content check {pack}` · Use: `ludinum serve --content {pack}` (also `play`
and `print`). A pack that fails the check is refused at start-up; the host screen shows the
pack in use.
"""
    return "\n".join(french_spacing(line) if not line.startswith("    ") else line
                     for line in french.splitlines()) + "\n" + english
