"""Help texts in both languages: the commands carry their French help, this module their
English one (``--lang en`` or ``LANG=en…``), and Click's own words in French."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import click

#: English help, keyed by the French help written on the commands (whitespace collapsed).
ENGLISH: dict[str, str] = {
    ("Pack de contenu (voir « ludinum content init ») ; le contenu d'origine pour ce qu'il "
     'ne définit pas.'):
        ('Content pack (see “ludinum content init”); the built-in content for what it does '
         'not define.'),
    'Dossier où garder le journal de chaque partie (JSON, pour ludinum replay).':
        "Folder where each game's log is kept (JSON, for ludinum replay).",
    ('Jouer sur un cluster Ray (extra ludinum[cluster]) au lieu des processus locaux ; '
     'mêmes graines, mêmes résultats. local : un Ray sur cette machine (--workers cœurs).'):
        ('Play on a Ray cluster (extra ludinum[cluster]) instead of local processes; same '
         'seeds, same results. local: a Ray on this machine (--workers cores).'),
    'Image PNG des résultats principaux avec leurs intervalles à 95 % (matplotlib).':
        'PNG image of the headline results with their 95% intervals (matplotlib).',
    ("Simule chaque combinaison d'une grille d'options et écrit un rapport HTML : les "
     'résultats principaux du jeu selon chaque clé, et quels réglages sont équitables. '
     'Exemple : ludinum sweep JEU --grid OPTION=V1,V2,V3 players=3,4 quiz_accuracy=0.5,0.9 '
     '--fair-margin 0.05 (les options de chaque jeu : ludinum games).'):
        ("Simulate every combination of a grid of options and write an HTML report: the game's "
         'headline results against each key, and which settings are fair. Example: ludinum '
         'sweep GAME --grid OPTION=V1,V2,V3 players=3,4 quiz_accuracy=0.5,0.9 --fair-margin '
         "0.05 (each game's options: ludinum games)."),
    "Écart toléré à la valeur équitable (part égale 1/n) pour dire qu'un réglage est équitable.":
        'Allowed distance from the fair value (an even share, 1/n) to call a setting fair.',
    ('Rejoue pas à pas une partie gardée par « ludinum simulate --keep-games ». Entrée : '
     'étape suivante ; q : quitter. Sans terminal en entrée, toutes les étapes sont '
     "affichées d'un coup."):
        ('Step through a game kept by “ludinum simulate --keep-games”. Enter: next step; q: '
         'quit. Without a terminal on input, every step is printed at once.'),
    "Aller directement à l'étape N (puis continuer pas à pas dans un terminal).":
        'Go straight to step N (then step on in a terminal).',
    ('Vérifie les fichiers de contenu ; chaque problème en « fichier:ligne: message ». Sans'
     " DOSSIER : le contenu d'origine. Un pack (voir « ludinum content init ») est vérifié "
     "tel qu'il sera utilisé : ses fichiers à la place de ceux d'origine, les autres "
     'inchangés. Un élément qui énonce un fait (nombre, loi, adresse web, service) doit '
     'porter « source » et « checked » (voir docs/content-review.md).'):
        ('Check the content files; each problem as “file:line: message”. Without FOLDER: the '
         'built-in content. A pack (see “ludinum content init”) is checked as it will be '
         'used: its files instead of the built-in ones, the others unchanged. An item that '
         'states a fact (number, law, web address, service) must carry “source” and “checked'
         '” (see docs/content-review.md).'),
    ("Crée un pack de contenu à adapter : le contenu d'origine, commenté, et un README. "
     'Vérifie-le avec « ludinum content check DOSSIER », utilise-le avec « ludinum serve '
     '--content DOSSIER ».'):
        ('Create a content pack to adapt: the built-in content, commented, and a README. Check '
         'it with “ludinum content check FOLDER”, use it with “ludinum serve --content '
         'FOLDER”.'),
    ('Adresse du serveur de la classe, vers laquelle pointent les codes QR (défaut : celle '
     'que « ludinum serve » affiche, détectée sur le réseau local, avec --port).'):
        ('Address of the classroom server the QR codes point to (default: the one “ludinum '
         'serve” shows, detected on the local network, with --port).'),
    "Port de « ludinum serve », pour l'adresse détectée.":
        'Port of “ludinum serve”, for the detected address.',
    ('Codes ou jetons faux permis par seconde et par adresse (gardés en mémoire seulement ;'
     ' rafale de 20 fois plus) ; entrer dans un salon ne compte pas.'):
        ('Wrong codes or tokens allowed per second and per address (kept in memory only; bursts'
         ' of 20 times that); joining a room does not count.'),
    "Ludinum : quatre jeux sur les risques du numérique (moteur, bots, simulation).":
        "Ludinum: four games about digital risks (engine, bots, simulation).",
    "Langue des messages : fr ou en (défaut : fr, en si LANG commence par en).":
        "Language of the messages: fr or en (default: fr, en when LANG starts with en).",
    "Affiche la version et quitte.": "Show the version and exit.",
    "Liste les jeux : résumé, nombre de joueurs, coopératif ou non, options de règle.":
        "List the games: summary, player count, cooperative or not, rule options.",
    "Sortie JSON.": "JSON output.",
    "Joue une partie dans le terminal (humains et bots).":
        "Play a game in the terminal (humans and bots).",
    "Nombre de joueurs.": "Number of players.",
    "Sièges humains (les premiers).": "Human seats (the first ones).",
    "Niveau des bots : hasard, facile, moyen, difficile, expert (ou random, easy, medium, "
    "hard) ; défaut : moyen.": "Bot level: random, easy, medium, hard, expert (default: "
    "medium).",
    "Graine (partie reproductible).": "Seed (a reproducible game).",
    "Graine de la série : même graine et mêmes réglages, mêmes parties.":
        "The run's seed: same seed and settings, same games.",
    "Nombre de parties.": "Number of games.",
    "Option de règle (répétable), ex. -o variant=trottant.":
        "Rule option (repeatable), e.g. -o variant=trottant.",
    "Simule des parties entre bots et résume les résultats.":
        "Simulate games between bots and summarise the results.",
    "Un niveau pour tous ou une liste par siège : medium,random,hard (random, easy, medium "
    "ou heuristic, hard, expert).":
        "One level for all or a list per seat: medium,random,hard (random, easy, medium or "
        "heuristic, hard, expert).",
    "Processus (défaut : tous les cœurs).": "Processes (default: every core).",
    "Taux de bonnes réponses des bots aux quiz.": "Share of quiz answers the bots get right.",
    "Un objet JSON sur la sortie standard.": "One JSON object on standard output.",
    "Fichier CSV (une ligne par partie) ou JSON (selon l'extension).":
        "CSV file (one line per game) or JSON (by the extension).",
    "Classe les niveaux de bots : chacun contre les autres, intervalles de confiance à 95 %.":
        "Rank the bot levels: each against the others, 95% confidence intervals.",
    "Parties par match, un nombre pair (chaque tirage joué deux fois, sièges échangés) ; "
    "par niveau pour un jeu coopératif.":
        "Games per match, an even number (each draw played twice, seats swapped); per "
        "level for a cooperative game.",
    "Nombre de joueurs (défaut : 4, ou le plus proche permis).":
        "Number of players (default: 4, or the nearest allowed).",
    "Niveaux, du plus faible au plus fort.": "Levels, weakest first.",
    "Seulement chaque niveau contre le précédent.": "Only each level against the one below.",
    "Valeurs à essayer : une option de règle, quiz_accuracy, bots ou players.":
        "Values to try: a rule option, quiz_accuracy, bots or players.",
    "Parties par case.": "Games per cell.",
    "Niveau des bots (tous les sièges).": "Bot level (every seat).",
    "Précision aux quiz (défaut : celle du niveau).":
        "Quiz accuracy (default: the level's own).",
    "Rapport HTML autonome.": "Self-contained HTML report.",
    "Les données du balayage en JSON sur la sortie standard.":
        "The sweep's data as JSON on standard output.",
    "Écrire aussi les données dans ce fichier JSON.":
        "Also write the data to this JSON file.",
    "Mesure la vitesse du moteur (temps CPU) : actions/s et parties/s en jeu aléatoire (un "
    "cœur), le chemin de simulate, et le temps de 1 000 itérations ISMCTS au plus grand nombre "
    "de joueurs ; chaque chiffre est la médiane de --repeat mesures.":
        "Measure the engine's speed (CPU time): actions/s and games/s in random play (one "
        "core), the simulate path, and the time of 1,000 ISMCTS iterations at the largest "
        "player count; each figure is the median of --repeat measures.",
    "Durée par mesure (temps CPU), plus de 0.": "Duration of each measure (CPU time), more than 0.",
    "Mesures répétées ; chaque chiffre est leur médiane.":
        "Repeated measures; each figure is their median.",
    "Limiter à ces jeux.": "Only these games.",
    "Mesurer aussi la recherche ISMCTS (1 000 itérations).":
        "Also measure the ISMCTS search (1,000 iterations).",
    "Contenus pédagogiques (quiz, messages, cartes).":
        "Educational content (quizzes, messages, cards).",
    "Vérifie les fichiers de contenu ; chaque problème en « fichier:ligne: message ». Un "
    "élément qui énonce un fait (nombre, loi, adresse web, service) doit porter « source » "
    "et « checked » (voir docs/content-review.md).":
        "Check the content files; each problem as 'file:line: message'. An item that states "
        "a fact (a number, a law, a web address, a service) must carry 'source' and "
        "'checked' (see docs/content-review.md).",
    "Comptes par jeu et par type, en JSON.": "Counts per game and kind, as JSON.",
    "Liste les faits vérifiés il y a plus de MOIS mois (sortie 1 s'il y en a).":
        "List the facts checked more than MONTHS months ago (exit 1 if there are any).",
    "Crée le PDF à imprimer d'un jeu : cartes A4 avec traits de coupe et codes QR.":
        "Make a game's PDF to print: A4 cards with cut marks and QR codes.",
    "Adresse du serveur de la classe, vers laquelle pointent les codes QR.":
        "Address of the classroom server the QR codes point to.",
    "Fichier PDF à écrire (défaut : JEU-a-imprimer.pdf).":
        "PDF file to write (default: GAME-a-imprimer.pdf).",
    "Lance l'application de classe : un écran d'animation et les téléphones des joueurs.":
        "Start the classroom app: one host screen and the players' phones.",
    "Adresse d'écoute (0.0.0.0 : tout le réseau local).":
        "Address to listen on (0.0.0.0: the whole local network).",
    "Port d'écoute.": "Port to listen on.",
    "Base : URL SQLAlchemy (postgresql://…) ou chemin d'un fichier SQLite (défaut : "
    "./ludinum.sqlite3).":
        "Database: an SQLAlchemy URL (postgresql://…) or an SQLite file's path (default: "
        "./ludinum.sqlite3).",
    "Durée de conservation des parties terminées, en heures.":
        "How long finished games are kept, in hours.",
    "Pause des bots avant de jouer, en secondes (pour suivre).":
        "Bots' pause before they play, in seconds (to follow the game).",
    "Essais pour rejoindre permis par seconde et par adresse (gardés en mémoire seulement ; "
    "rafale de 20 fois plus).":
        "Join attempts allowed per second and address (kept in memory only; bursts of 20 "
        "times as many).",
    "Adresse à afficher et à mettre dans le QR code (défaut : détectée).":
        "Address to show and put in the QR code (default: detected).",
    "Processus serveurs sur ce port (plus d'un : PostgreSQL et Redis requis).":
        "Server processes on this port (more than one: PostgreSQL and Redis needed).",
    "URL Redis partagée par les processus (défaut : $LUDINUM_REDIS).":
        "Redis URL shared by the processes (default: $LUDINUM_REDIS).",
}

#: The placeholders written on the commands (French) in English: « ludinum play GAME ».
METAVARS_EN = {
    "JEU": "GAME",
    "CLÉ=VALEUR": "KEY=VALUE",
    "[DOSSIER]": "[FOLDER]",
    "DOSSIER": "FOLDER",
    "FICHIER": "FILE",
    "MOIS": "MONTHS",
    "[CLÉ=V1,V2]...": "[KEY=V1,V2]...",
    "CLÉ=V1,V2": "KEY=V1,V2",
    "ray://HÔTE:PORT|auto|local": "ray://HOST:PORT|auto|local",
}

#: Click's own words, in French.
CLICK_FRENCH = {
    "Show this message and exit.": "Affiche cette aide et quitte.",
    "Show the version and exit.": "Affiche la version et quitte.",
    "Usage:": "Utilisation :",
    "Options": "Options",
    "Commands": "Commandes",
    "Arguments": "Arguments",
}


def collapse(text: str) -> str:
    return " ".join(text.split())


def english(text: str) -> str | None:
    return ENGLISH.get(collapse(text))


def walk(command: click.Command) -> Iterator[click.Command]:
    yield command
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            yield from walk(sub)


def help_texts(command: click.Command) -> Iterator[str]:
    """Every help text written on ``command`` and its subcommands."""
    for cmd in walk(command):
        if cmd.help:
            yield cmd.help
        for param in cmd.params:
            if isinstance(param, click.Option) and param.help:
                yield param.help


def translate(command: click.Command, lang: str) -> None:
    """Put ``command``'s help texts and placeholders (and its subcommands') in ``lang``;
    French is kept aside so that the switch goes both ways."""
    for cmd in walk(command):
        cmd.context_class = HelpContext
        for param in cmd.params:
            if param.metavar is None:
                continue
            french_metavar = getattr(param, "metavar_fr", None)
            if french_metavar is None:
                french_metavar = param.metavar
                param.metavar_fr = french_metavar  # type: ignore[attr-defined]
            param.metavar = (METAVARS_EN.get(french_metavar, french_metavar) if lang == "en"
                             else french_metavar)
        targets: list[click.Command | click.Option] = [cmd]
        targets += [p for p in cmd.params if isinstance(p, click.Option)]
        for target in targets:
            french = getattr(target, "help_fr", None)
            if french is None:
                french = target.help
                target.help_fr = french  # type: ignore[union-attr]
            if french is None:
                continue
            target.help = (english(french) or french) if lang == "en" else french
        cmd.short_help = None


#: Click's own placeholders (an option's type, a group's usage), in French.
METAVARS_FR = (
    ("COMMAND [ARGS]...", "COMMANDE [ARGUMENTS]..."),
    (" INTEGER RANGE", " ENTIER"),
    (" FLOAT RANGE", " NOMBRE"),
    (" INTEGER", " ENTIER"),
    (" FLOAT", " NOMBRE"),
    (" TEXT", " TEXTE"),
    (" FILENAME", " FICHIER"),
    (" DIRECTORY", " DOSSIER"),
    (" FILE", " FICHIER"),
    (" PATH", " CHEMIN"),
)


def french_metavars(text: str) -> str:
    """``text`` (a usage line, an option's left column) with Click's placeholders in
    French: « -p, --players ENTIER », not « INTEGER »."""
    for english_word, french in METAVARS_FR:
        text = re.sub(re.escape(english_word) + r"(?![\w-])", french, text)
    return text


#: Click's range of a number (« x>=1 », « 0<=x<=1 », « 0<x<1 »): its bounds and operators.
RANGE = re.compile(r"^(?:(?P<low>-?[\d.]+)(?P<lop><=?))?x(?:(?P<hop>[<>]=?)(?P<high>-?[\d.]+))?$")


def range_words(text: str, lang: str) -> str:
    """Click's range (« x>=1 », a formula) in words: « au moins 1 », « de 0 à 1 »
    ("at least 1", "from 0 to 1"), French decimals with a comma; ``text`` unchanged when
    it is not a range."""
    found = RANGE.match(text.strip())
    if found is None or not (found["low"] or found["high"]):
        return text
    en = lang == "en"

    def num(value: str) -> str:
        return value if en else value.replace(".", ",")

    low, high, hop = found["low"], found["high"], found["hop"] or ""
    if hop.startswith(">"):  # « x>=1 »: the lower bound written after x
        low, high, lop = high, None, hop.replace(">", "<")
    else:
        lop = found["lop"] or ""
    words = []
    if low is not None and high is not None and lop == hop == "<=":
        return f"from {num(low)} to {num(high)}" if en else f"de {num(low)} à {num(high)}"
    if low is not None:
        words.append((f"at least {num(low)}" if en else f"au moins {num(low)}")
                     if lop == "<=" else
                     (f"more than {num(low)}" if en else f"plus de {num(low)}"))
    if high is not None:
        words.append((f"at most {num(high)}" if en else f"au plus {num(high)}")
                     if hop == "<=" else
                     (f"less than {num(high)}" if en else f"moins de {num(high)}"))
    return (" and " if en else " et ").join(words)


def held_range(text: str, lang: str) -> str:
    """:func:`range_words`, its words held on one line (no-break spaces): « [au\nmoins 1] »
    wrapped in a narrow terminal."""
    said = range_words(text, lang)
    return said if said == text else said.replace(" ", "\u00a0")


#: The brackets Click ends an option's help with (« [default: 1000; x>=1] »).
EXTRA = re.compile(r"\[([^\[\]]*)\]$")


def help_extra(text: str, lang: str) -> str:
    """An option's help with Click's closing brackets in ``lang``: the default, the range
    in words, « obligatoire »; French spacing (« [défaut : 1000 ; au moins 1] »)."""
    found = EXTRA.search(text)
    if found is None:
        return text
    en = lang == "en"
    parts = []
    for part in found.group(1).split("; "):
        if part.startswith("default: ") and not en:
            part = "défaut\u00a0: " + part[len("default: "):]
        elif part == "required" and not en:
            part = "obligatoire"
        parts.append(held_range(part, lang))
    return text[:found.start()] + "[" + ("; " if en else "\u00a0; ").join(parts) + "]"


class EnglishFormatter(click.HelpFormatter):
    """Click's own words, a range said in words (« at least 1 », not « x>=1 »)."""

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        super().write_dl([(a, help_extra(b, "en")) for a, b in rows], col_max, col_spacing)


class FrenchFormatter(click.HelpFormatter):
    """Click's own words in French."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, french_metavars(" " + args)[1:],
                            prefix=CLICK_FRENCH["Usage:"] + " ")

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{CLICK_FRENCH.get(heading, heading)} :\n")

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        def french(text: str) -> str:
            return help_extra(CLICK_FRENCH.get(text, text), "fr")

        super().write_dl([(french_metavars(a), french(b)) for a, b in rows], col_max,
                         col_spacing)


class HelpContext(click.Context):
    """A context whose help is formatted in the user's language."""

    def make_formatter(self) -> click.HelpFormatter:
        from ludinum.cli.common import current_lang

        if current_lang() == "en":
            return EnglishFormatter(width=self.terminal_width,
                                    max_width=self.max_content_width)
        return FrenchFormatter(width=self.terminal_width, max_width=self.max_content_width)
