"""How the Gnou speaks: events, actions and views in French and English."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ludinum.engine import Action, DebriefItems, Event, GameConfig, GameText, Lesson, State
from ludinum.engine.lessons import in_lang
from ludinum.games.gnou.content import (
    DangerCard,
    load_bank,
    load_board,
    load_dangers,
    load_themes,
)
from ludinum.games.gnou.lessons import lessons_for

SERIES_NAMES = {
    "anti_espion": ("Dispositifs anti-espion", "Anti-spy tools"),
    "logiciels_libres": ("Logiciels libres", "Free software"),
    "oeuvres_libres": ("Œuvres sous licence libre", "Works under a free licence"),
    "services_decentralises": ("Services décentralisés", "Decentralised services"),
    "action_citoyenne": ("Action citoyenne", "Citizen action"),
    "utiliser": ("Liberté d'utiliser", "Freedom to use"),
    "etudier": ("Liberté d'étudier", "Freedom to study"),
    "diffuser": ("Liberté de diffuser", "Freedom to share"),
    "modifier": ("Liberté de modifier", "Freedom to modify"),
    "culture_generale": ("Culture générale", "General knowledge"),
}
DANGER_NAMES = {
    "traceurs": ("traceurs sur l'Internet", "trackers on the Internet"),
    "privateurs": ("logiciels privateurs", "proprietary software"),
    "liberticide": ("action liberticide", "freedom-threatening action"),
    "centralisation": ("centralisation et monopoles", "centralisation and monopolies"),
    "restrictions": ("restrictions d'usage", "usage restrictions"),
}
CELL_NAMES = {
    "start": ("départ", "start"),
    "community": ("la communauté du libre", "the free software community"),
    "gull": ("GULL", "LUG"),
    "end": ("société libre", "free society"),
}
#: The awareness cells' mascots by name (the English says the GNU project's gnu).
MASCOT_NAMES = {"gnou": ("Gnou", "Gnu"), "tux": ("Tux", "Tux")}
#: The text board's cells on its first line (``_track``), the rest on the second.
TRACK_ROW = 22
#: The text board's symbols (``_track``), one legend line per language; the English
#: letters are English initials (A = awareness, F = freedom, L = LUG).
TRACK_LETTERS = {
    "fr": {"awareness": "S", "liberty": "L", "community": "C", "gull": "G"},
    "en": {"awareness": "A", "liberty": "F", "community": "C", "gull": "L"},
}
#: What a choice on the phone is about (:meth:`GnouText.prompt`), by step, French then
#: English: the protection to seek; the protection a teammate may pass on, with who is on
#: the danger (``learner``, a seat's words that become its nickname), the cell and the
#: protection's name. Also the page's drawing (``kit``: ``games/gnou/web/board.js``).
PROMPTS = {
    "choose": (
        "Case sensibilisation : choisis la protection que tu veux gagner. Une question "
        "suit : si tu réponds bien, elle est à toi.",
        "Awareness cell: choose the protection you want to win. A question follows; answer "
        "it right and the protection is yours.",
    ),
    "offer": (
        "%(learner)s est sur un danger (case %(cell)s) sans la protection « %(name)s », que "
        "tu as. La transmettre ? Si %(learner)s répond bien à la question qui suit, le "
        "danger est éliminé ; sinon, le pion recule.",
        "%(learner)s is on a danger (cell %(cell)s) without the protection “%(name)s”, which "
        "you have. Pass it on? If %(learner)s answers the next question right, the danger "
        "is removed; otherwise the pawn moves back.",
    ),
}
#: What the player whose turn it is does now, said on a screen with no seat (the
#: projector) where no quiz or danger card fills the spotlight (``kit``: board.js); the
#: player's ``name`` filled in by the page. French then English.
NOW = {
    "roll": ("%(name)s lance les dés.", "%(name)s rolls the dice."),
    "roll_one": ("%(name)s lance le dé.", "%(name)s rolls the die."),
    "choose": ("%(name)s choisit sur son écran la protection à chercher ; une question suit.",
               "%(name)s chooses on their screen the protection to seek; a question follows."),
}
#: A quiz's series and level in words (:meth:`GnouText.quiz_title`), French then English.
QUIZ_TITLE = ("%(series)s · niveau %(level)s", "%(series)s · level %(level)s")
#: What leads the right choice of a quiz just answered, in the answered quiz's place on a
#: screen with no seat (``kit``: board.js).
RIGHT_ANSWER = ("La bonne réponse :", "The right answer:")
#: What leads a danger card's alternative (G5), its own sentences after it: a question, so
#: that the capital they start with is right (« Pour s'en protéger : Le navigateur… » was
#: not).
HOW_TO_PROTECT = ("Comment s'en protéger ?", "How can you protect yourself?")
TRACK_LEGEND = {
    # Two rows of an 80-column terminal (a decision's 24 rows): the French on two lines
    # of its own (on one it wrapped over three).
    "fr": "[dim]♞ = pion, · = départ, S = sensibilisation, G = GULL (club du logiciel libre),"
          "[/dim]\n[dim]C = communauté, ! = danger, ✓ = danger éliminé, L = liberté, "
          "★ = société libre[/dim]",
    "en": "[dim]♞ = the pawn, · = start, C = community, ! = danger, ✓ = danger removed, "
          "A = awareness, F = freedom, L = LUG (free software user group), "
          "★ = free society[/dim]",
}


def series_name(series: str, lang: str = "fr") -> str:
    fr, en = SERIES_NAMES[series]
    return en if lang == "en" else fr


def danger_name(kind: str, lang: str = "fr") -> str:
    fr, en = DANGER_NAMES[kind]
    return en if lang == "en" else fr


def cell_name(index: int, lang: str = "fr") -> str:
    cell = load_board()[index]
    if cell.kind == "danger":
        return danger_name(cell.detail, lang)
    if cell.kind == "liberty":
        return series_name(cell.detail, lang)
    if cell.kind == "awareness":
        names = MASCOT_NAMES.get(cell.detail, (cell.detail.capitalize(),) * 2)
        if lang == "en":
            return f"{names[1]} awareness"  # « awareness Tux » did not read as English
        return f"sensibilisation {names[0]}"
    fr, en = CELL_NAMES[cell.kind]
    return en if lang == "en" else fr


def _pick(lang: str, fr: str, en: str) -> str:
    return en if lang == "en" else fr


def seat(player: Any, lang: str) -> str:
    return f"{'Player' if lang == 'en' else 'Joueur'} {int(player) + 1}"


def danger_card(cell: Any) -> DangerCard | None:
    return load_dangers().get(int(cell))


def localised_quiz(quiz: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
    """A view's pending quiz with its question, choices and hint in ``lang`` where the
    content gives them (French otherwise). Only what the view already shows is rewritten:
    a question hidden from this seat stays hidden, the answer is never added."""
    q = load_bank().get(quiz["id"]) if lang == "en" and "id" in quiz else None
    if q is None:
        return quiz
    out = dict(quiz)
    for key, text in (
        ("question", q.question_in(lang)),
        ("choices", list(q.choices_in(lang))),
        ("hint", q.hint_in(lang)),
    ):
        if key in quiz:
            out[key] = text
    return out


def localised_answered(answered: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
    """A public view's answered quiz (views.py: ``answered``) with its question, choices
    and explanation in ``lang`` where the content gives them (French otherwise)."""
    q = load_bank().get(answered["id"]) if lang == "en" else None
    if q is None:
        return answered
    return {**answered, "question": q.question_in(lang), "choices": list(q.choices_in(lang)),
            "explanation": q.explanation_in(lang)}


class GnouText(GameText):
    moments = frozenset({"danger", "protection", "transmission", "danger_removed", "win"})
    endings = frozenset({"win", "lose"})

    def turn(self, view: Mapping[str, Any]) -> int | None:
        """The turn the board's line counts (« Tour 3/10 »): one player's throw of the die."""
        return int(view["turn"]) or None

    def turn_moves(self, lang: str = "fr") -> tuple[str, str]:
        """One player plays a turn: a "turn" in English too."""
        return ("Previous turn", "Next turn") if lang == "en" else super().turn_moves(lang)

    def ending(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The free society reached, on which turn; or the last turn played without it."""
        turn, limit = view.get("turn"), view.get("turn_limit")
        if view.get("result") == "win":
            return ("The pawn reached the free society on turn "
                    f"{turn} of {limit}." if lang == "en" else
                    f"Le pion a atteint la société libre au tour {turn} sur {limit}.")
        if view.get("result") == "lose":
            return (f"All {limit} turns have been played: the pawn did not reach the free society."
                    if lang == "en" else f"Les {limit} tours sont joués : le pion n'a pas "
                                         "atteint la société libre.")
        return ""

    def lessons(self, state: State, lang: str = "fr") -> list[Lesson]:
        """4 to 6 cards of real-life advice from the finished game's public view: the
        dangers removed, the protections won, then the others (``lessons.py``)."""
        cards = lessons_for(state.view(None), load_dangers(), load_themes()["protections"])
        return in_lang(cards, lang)

    def debrief(
        self, config: GameConfig, events: Sequence[Event], lang: str = "fr"
    ) -> DebriefItems:
        """The series of the quizzes met (themes), every question answered with whether
        the answer was right, and the danger cards drawn (title, text)."""
        bank = load_bank()
        themes: dict[str, None] = {}
        questions: list[tuple[str, bool]] = []
        messages: list[tuple[str, str]] = []
        for event in events:
            d = event.data
            if event.kind == "quiz":
                series = str(d["series"])
                titles = bank.titles.get(series, (series, series))
                themes[titles[1] if lang == "en" else titles[0]] = None
            elif event.kind == "answer" and (question := bank.get(d.get("question"))):
                questions.append((question.question_in(lang), bool(d.get("right"))))
            elif event.kind == "danger" and (card := danger_card(d["cell"])) is not None:
                messages.append((card.title_in(lang), card.text_in(lang)))
        return DebriefItems(tuple(themes), tuple(questions), tuple(messages))

    def waiting(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """A teammate's phone while a question is asked (its spotlight shows it): a team
        question is talked over, the answerer choosing (G4); a solo one gets no help (G4,
        G5). « Attends ton tour… » read as « not your business » beside a team question.
        Between quizzes: nothing (« Attends ton tour… »)."""
        quiz = view.get("quiz")
        if not quiz or view.get("seat") is None or view.get("seat") == quiz.get("answerer"):
            return ""
        if quiz.get("solo"):
            return _pick(lang, "Pas d'aide cette fois : la question est posée à un seul "
                               "joueur, attends sa réponse.",
                         "No help this time: the question is for one player alone; wait "
                         "for their answer.")
        # Not « sur son téléphone »: on a shared device there is only the one.
        return _pick(lang, "Aide ton équipe : discutez ensemble de la réponse, puis celui à "
                           "qui la question est posée la choisit.",
                     "Help your team: talk the answer over together, then the player "
                     "asked chooses it.")

    def headline(self, event: Event, lang: str = "fr",
                 view: Mapping[str, Any] | None = None) -> str | None:
        """A quiz's line without its question: the screens show the question itself in
        large type (the spotlight) while it is asked. A transmission's line without how to
        protect oneself: while the quiz that follows is asked, the screens show the danger
        card (G5: the projector and a spectator's screen in its spotlight, a seat's screen
        under its board). Likewise the danger met, while that screen shows its card (an
        offer to pass its protection on is pending): its first sentence only, the cell, the
        title and the kind (the card's text was said twice on a spectator's screen, in the
        spotlight and in the narration); read in full when the card is not on the screen
        (the danger removed at once, or the pawn gone back). On a screen with no seat (the
        projector) the danger that sent the pawn back to a quiz, or to an awareness cell
        where a protection is chosen, is named the same way while that fills its
        spotlight: read in full, the card was the first line to give way in a full column,
        and the projector no longer said which danger it was. A quiz, while it is asked,
        nothing: every screen's spotlight says whose it is, of which series and level. An
        answer, while that screen shows the quiz answered: whether it was right only."""
        if event.kind == "quiz":
            # while asked, every screen's spotlight heading says whose question, which
            # series and level (« … · question pour Noé », a solo one « sans l'aide de
            # l'équipe »), then the question or that it stays secret (G4): nothing more
            # to narrate (the projector and the teammates read it twice, three times for
            # a solo question)
            quiz = (view or {}).get("quiz") or {}
            if (view is not None and quiz.get("answerer") == event.data.get("answerer")
                    and quiz.get("series") == event.data.get("series")):
                # A protection sought right after an answer that brought the pawn to an
                # awareness cell: on a screen with no seat, that answer's box (its right
                # choice, its explanation) gave way to this quiz, and its narration had
                # said only whether it was right; it is said whole here, as when the
                # answer and the quiz came in one move (the view keeps it, rules.py).
                done = view.get("answered")  # (a seat's view never has it: views.py)
                return _recap(done, lang) if done else ""
            return _quiz_line(event.data, lang)
        if event.kind == "transmission":
            return self.moment(event, lang)
        # A screen with no seat shows the quiz just answered in large type, its right
        # choice marked and its explanation (board.js), unless a new quiz or a danger card
        # takes the spotlight at once: the narration says only whether the answer was
        # right (it ran to ~450 characters, and beside a long quiz only its first sentence
        # showed). Told again after a later move (a screen reloaded after a new quiz was
        # asked, which narrates nothing), it is said as it was then: the view keeps the
        # quiz answered only until the next move.
        if event.kind == "answer" and view is not None and view.get("seat") is None:
            shown = view.get("answered") or {}
            danger = view.get("danger")
            taken = view.get("quiz") is not None or (
                danger is not None and danger_card(danger) is not None)
            if shown.get("id") != event.data.get("question") or not taken:
                return _verdict(event.data, lang)
        # On a screen with no seat the spotlight is full once the pawn went back (the quiz
        # of the cell it went back to, or who chooses a protection on an awareness cell):
        # the danger's whole line gave way in the narration's column, the class never read
        # which danger it was.
        if event.kind == "danger" and view is not None and (
                view.get("danger") == event.data["cell"]
                or (view.get("seat") is None
                    and (view.get("quiz") is not None or view.get("step") == "choose"))):
            return self.moment(event, lang)
        return None

    def moment(self, event: Event, lang: str = "fr") -> str:
        """A danger met or explained, by its title only: the end screen lists the game's
        moments as reminders (the card was read in full when it was met, G5)."""
        d = event.data
        if event.kind == "danger":
            return _danger_text(d, lang, whole=False)
        if event.kind == "transmission":
            giver, learner = seat(d["giver"], lang), seat(d["learner"], lang)
            card = danger_card(d["cell"])
            title = f" {_quoted(card.title_in(lang), lang)}" if card is not None else ""
            if lang == "en":
                return f"{giver} explains the danger{title} to {learner}."
            return f"{giver} explique le danger{title} à {learner}."
        return self.event(event, lang)

    def event(self, event: Event, lang: str = "fr") -> str:
        d = event.data
        en = lang == "en"
        kind = event.kind
        if kind == "roll":
            dice = " + ".join(str(x) for x in d["dice"])
            where = f"{d['to']} ({cell_name(d['to'], lang)})"
            if en:
                return f"{seat(d['player'], lang)} rolls {dice}: the pawn goes to cell {where}."
            return f"{seat(d['player'], lang)} lance {dice} : le pion va à la case {where}."
        if kind == "reroll":
            # G6: the roll that led back to the danger is said first (« Encore le même
            # danger » alone did not say which roll); an event without dice said as before.
            who = seat(d["player"], lang)
            dice = " + ".join(str(x) for x in d.get("dice") or ())
            if en:
                if dice:
                    return (f"{who} rolls {dice}: the same danger again (cell {d['cell']}), "
                            "roll again.")
                return f"Same danger again (cell {d['cell']}): {who} rolls again."
            if dice:
                return (f"{who} lance {dice} : encore le même danger (case {d['cell']}), "
                        "on relance.")
            return f"Encore le même danger (case {d['cell']}) : {who} relance."
        if kind == "free_cell":
            if en:
                return f"Cell {d['cell']} is now a free alternative: roll again."
            return f"La case {d['cell']} est devenue une alternative libre : on relance."
        if kind == "danger":
            return _danger_text(d, lang)
        if kind == "danger_removed":
            who, name = seat(d["player"], lang), series_name(d["protection"], lang)
            if en:
                return f"Danger removed by {who} ({name}): the cell becomes a free alternative."
            return f"Danger éliminé par {who} ({name}) : la case devient une alternative libre."
        if kind == "offer":
            holders = ", ".join(seat(p, lang) for p in d["holders"])
            name = series_name(d["protection"], lang)
            if en:
                return f"{holders} may pass on the protection “{name}”."
            verb = "peuvent" if len(d["holders"]) > 1 else "peut"
            return f"{holders} {verb} transmettre la protection « {name} »."
        if kind == "declined":
            return (
                f"{seat(d['player'], lang)} {'does not pass it on' if en else 'ne transmet pas'}."
            )
        if kind == "transmission":
            # « il doit expliquer à son coéquipier l'enjeu (le danger et la façon de s'en
            # protéger) » (G5): the explanation is on screen before the quiz. The danger's
            # own text was read when the pawn met it (the line before): named here by its
            # title, with the way to protect oneself that the giver explains.
            card = danger_card(d["cell"])
            title, about = "", ""
            if card is not None:
                title = f" {_quoted(card.title_in(lang), lang)}"
                about = f" {_pick(lang, *HOW_TO_PROTECT)} {card.alternative_in(lang)}"
            if en:
                return (
                    f"{seat(d['giver'], lang)} explains the danger{title} to "
                    f"{seat(d['learner'], lang)}.{about}"
                )
            return (
                f"{seat(d['giver'], lang)} explique le danger{title} à "
                f"{seat(d['learner'], lang)}.{about}"
            )
        if kind == "quiz":
            # A question the whole table may hear (not a solo one, G4) is said with it: who
            # did not answer it reads what was asked before the answer's line.
            q = None if d["solo"] else load_bank().get(d.get("question"))
            asked = f" {_quoted(q.question_in(lang), lang)}" if q else ""
            return _quiz_line(d, lang) + asked
        if kind == "hint":
            # the answerer asks for it (the option: « celui qui répond à un quiz peut
            # demander un indice »); no game master was there to give it
            who = seat(d["player"], lang)
            return f"{who} asks for a hint." if en else f"{who} demande un indice."
        if kind == "answer":
            # A solo question (G4) is told with its answer: the table never heard it.
            q = load_bank().get(d.get("question")) if d.get("solo") else None
            asked = f"{_quoted(q.question_in(lang), lang)} " if q else ""
            return asked + _answer_line(d, lang)
        if kind == "protection":
            name = series_name(d["protection"], lang)
            if en:
                return f"{seat(d['player'], lang)} gains the protection “{name}”."
            return f"{seat(d['player'], lang)} acquiert la protection « {name} »."
        if kind == "protection_lost":
            name = series_name(d["protection"], lang)
            if en:
                return f"{seat(d['player'], lang)} loses the protection “{name}”."
            return f"{seat(d['player'], lang)} perd la protection « {name} »."
        if kind == "pushback":
            if en:
                return f"No protection: the pawn goes back to cell {d['to']}."
            return f"Pas de protection : le pion recule en case {d['to']}."
        if kind == "move":
            where = f"{d['to']} ({cell_name(d['to'], lang)})"
            if en:
                return f"The pawn advances to cell {where}."
            return f"Le pion avance en case {where}."
        if kind == "all_protections":
            if en:
                return "All five protections already: roll again."
            return "Déjà les cinq protections : on relance."
        if kind == "turn":
            sep = ":" if en else " :"
            return f"{'Turn' if en else 'Tour'} {d['turn']}{sep} {seat(d['player'], lang)}."
        if kind == "win":
            return (
                "The team reaches the free society: victory!"
                if en
                else ("L'équipe atteint la société libre : victoire !")
            )
        if kind == "lose":
            return (
                "The last turn is over: the team has lost."
                if en
                else ("Le dernier tour est fini : l'équipe a perdu.")
            )
        return kind

    def action(self, action: Action, view: Mapping[str, Any], lang: str = "fr") -> str:
        en = lang == "en"
        kind = action.kind
        if kind == "roll":
            n = view.get("dice", 1)
            if en:
                return "Roll the dice" if n == 2 else "Roll the die"
            return "Lancer les dés" if n == 2 else "Lancer le dé"
        if kind == "seek":
            name = series_name(action.word("protection"), lang)
            return f"Seek “{name}”" if en else f"Chercher « {name} »"
        if kind == "answer":
            i = action.number("choice")
            quiz = localised_quiz(view.get("quiz") or {}, lang)
            choices = quiz.get("choices") or []
            label = choices[i] if i < len(choices) else ""
            return f"{chr(65 + i)}. {label}".strip()
        if kind == "hint":
            return "Ask for a hint" if en else "Demander un indice"
        if kind == "transmit":
            return "Pass on my protection" if en else "Transmettre ma protection"
        if kind == "decline":
            return "Do not pass it on" if en else "Ne pas transmettre"
        return action.to_text()

    def _track(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """The 43 cells as text, the pawn on them (the SVG board draws the same), on two
        lines of at most 45 columns, cells 0 to 21 then 22 to 42 (on one line, 87 columns,
        an 80-column terminal wrapped its last four cells alone under it); the letters are
        the initials of the cells' kinds in ``lang`` (:data:`TRACK_LEGEND`)."""
        letters = TRACK_LETTERS["en" if lang == "en" else "fr"]
        removed = set(view["removed"])
        track = []
        for cell in load_board():
            if cell.index == view["pawn"]:
                mark = "[bold reverse] ♞ [/]"
            elif cell.kind == "danger":
                mark = "[green]✓[/]" if cell.index in removed else "[red]![/]"
            elif cell.kind == "awareness":
                mark = f"[green]{letters['awareness']}[/]"
            elif cell.kind in ("liberty", "community", "gull"):
                mark = f"[blue]{letters[cell.kind]}[/]"
            elif cell.kind == "end":
                mark = "[green]★[/]"
            else:
                mark = "·"
            track.append(mark)
        return " ".join(track[:TRACK_ROW]) + "\n" + " ".join(track[TRACK_ROW:])

    @staticmethod
    def _status(view: Mapping[str, Any], lang: str) -> str:
        """The turn and the pawn's cell: « Tour 11/13 · case 42 (société libre) »."""
        en = lang == "en"
        return (f"{'Turn' if en else 'Tour'} {view['turn']}/{view['turn_limit']} · "
                f"{'cell' if en else 'case'} {view['pawn']} ({cell_name(view['pawn'], lang)})")

    def result(self, view: Mapping[str, Any], lang: str = "fr") -> str:
        """Once the team won, the status line (« Tour 11/13 · case 42 (société libre) »)
        says how: the end says it in its own words (« Le pion a atteint la société libre
        au tour 11 sur 13. », :meth:`ending`). A lost game's status line says where the
        pawn stopped, which its end does not: it stays."""
        return self._status(view, lang) if view.get("result") == "win" else ""

    @staticmethod
    def _protections(view: Mapping[str, Any], lang: str, board: bool,
                     lines: list[str]) -> None:
        """« Protections : » and each seat's, appended to ``lines``. The terminal
        (``board``) says the seats without any on one line: six players' « aucune pour
        l'instant » a line each ran a quiz past a terminal's 24 rows."""
        en = lang == "en"
        lines.append("Protections:" if en else "Protections :")
        without = [p for p, prots in enumerate(view["protections"]) if not prots]
        # « pour l'instant » while the game goes on; once it is over there is no « yet ».
        over = bool(view.get("result"))
        for p, prots in enumerate(view["protections"]):
            if board and not prots and len(without) > 1:
                continue
            names = ", ".join(series_name(x, lang) for x in prots) or (
                ("none" if en else "aucune") if over else
                ("none yet" if en else "aucune pour l'instant"))
            you = (" (you)" if en else " (toi)") if view.get("seat") == p else ""
            lines.append(f"  {seat(p, lang)}{you}{':' if en else ' :'} {names}")
        if board and len(without) > 1:
            seats = [seat(p, lang) + ((" (you)" if en else " (toi)")
                                      if view.get("seat") == p else "") for p in without]
            none = (("None:" if en else "Aucune :") if over else
                    ("None yet:" if en else "Aucune pour l'instant :"))
            lines.append(f"  {none} {', '.join(seats)}")

    def view(self, view: Mapping[str, Any], lang: str = "fr", board: bool = True) -> str:
        en = lang == "en"
        key = "en" if en else "fr"
        # A quiz in the terminal (``board``) is the screen's decision: the track's legend
        # and the seats' protections, which answering it does not need, are left out (a
        # quiz under a danger card, G5, ran to 29 rows of a 24-row terminal with them).
        quizzing = board and bool(view.get("quiz"))
        lines = [self._track(view, lang)] if board else []
        if board and not quizzing:
            lines.append(TRACK_LEGEND[key])
        lines.append(self._status(view, lang))
        if not quizzing:
            self._protections(view, lang, board, lines)
        # Where a board is drawn beside the text (the web), the quiz is drawn there too, in
        # the spotlight: not said a second time here.
        quiz = view.get("quiz") if board else None
        if quiz:
            quiz = localised_quiz(quiz, lang)
            lines.append("")
            level = "level" if en else "niveau"
            title = f"[bold]{series_name(quiz['series'], lang)}[/] ({level} {quiz['level']})"
            lines.append(title)
            if "question" in quiz:
                lines.append(quiz["question"])
                # The answerer reads the choices in its menu; a teammate's screen (one
                # device passed around, « Ton tour est fini » under a bot's question) read
                # the question alone, nothing to talk over (G4).
                if view.get("seat") != quiz.get("answerer"):
                    lines.extend(f"  {chr(65 + i)}. {choice}"
                                 for i, choice in enumerate(quiz.get("choices") or ()))
                if "hint" in quiz:
                    lines.append(f"[italic]{'Hint:' if en else 'Indice :'} {quiz['hint']}[/]")
            else:
                who = seat(quiz["answerer"], lang)
                lines.append(f"{who} answers alone." if en
                             else f"{who} répond sans l'aide de l'équipe.")
        # Where a board is drawn beside the text, a screen with no seat (the projector, a
        # spectator's) shows the danger card in its spotlight too (games/gnou/web/board.js).
        danger = view.get("danger")
        if danger is not None and (board or view.get("seat") is not None):
            card = danger_card(danger)
            if card is not None:
                lines.append("")
                # The title on its own line: the text is a sentence of its own.
                lines.append(f"[red]{card.title_in(lang)}[/]")
                # A seat's terminal (``board``) names the danger by its title: its text was
                # told when the pawn met it (the feed above), and said again it ran a
                # decision past a terminal's 24 rows. How to protect oneself stays: it is
                # what the player passing it on explains before the quiz (G5).
                if not (board and view.get("seat") is not None):
                    lines.append(card.text_in(lang))
                lines.append(f"{_pick(lang, *HOW_TO_PROTECT)} {card.alternative_in(lang)}")
        return "\n".join(lines)

    # -- the page's drawing (issue 19) ------------------------------------------------
    def kit(self, lang: str = "fr") -> dict[str, Any]:
        """What the page's drawing (``games/gnou/web/board.js``) reads besides the views:
        every series' name (the protections, the quizzes), the sentences saying what a
        phone's choice is about and a quiz's heading (``%(…)s`` filled in by the page), what
        leads the right choice of a quiz just answered;
        for the text under the board (:meth:`view` without its board), what leads a danger
        card's alternative, every cell's name
        by index and each danger card's title, text and alternative by cell (read aloud to
        the whole table, G5), in ``lang``, from the content in use."""
        cells = load_board()
        return {
            "series": {series: series_name(series, lang) for series in SERIES_NAMES},
            "prompts": {step: _pick(lang, *texts) for step, texts in PROMPTS.items()},
            "now": {step: _pick(lang, *texts) for step, texts in NOW.items()},
            "quiz_title": _pick(lang, *QUIZ_TITLE),
            "right_answer": _pick(lang, *RIGHT_ANSWER),
            "how_to_protect": _pick(lang, *HOW_TO_PROTECT),
            "cells": [cell_name(index, lang) for index in range(len(cells))],
            "dangers": {
                str(cell): {"title": card.title_in(lang), "text": card.text_in(lang),
                            "alternative": card.alternative_in(lang)}
                for cell, card in sorted(load_dangers().items())
            },
        }

    def localised(self, view: Mapping[str, Any], lang: str = "fr") -> Mapping[str, Any]:
        quiz, answered = view.get("quiz"), view.get("answered")
        if not (quiz or answered) or lang != "en":
            return view
        out = dict(view)
        if quiz:
            out["quiz"] = localised_quiz(quiz, lang)
        if answered:
            out["answered"] = localised_answered(answered, lang)
        return out


def _answer_line(d: Mapping[str, Any], lang: str, named: bool = False) -> str:
    """An answer's line: whether it was right, the right choice, the explanation.
    ``named``: who answered said in it (« Bonne réponse de Tom : D. … »), for a line read
    without the quiz's line before it (``GnouText.headline``: the recap of a quiz whose
    answered box gave way to the next quiz)."""
    en = lang == "en"
    # Once answered, a question's explanation is for the whole table (G4 hides a
    # solo question only until its answer). « Le joueur choisit une réponse puis lit
    # à voix haute la réponse correcte écrite au verso de la carte quiz. »
    q = load_bank().get(d.get("question"))
    # The explanation a sentence of its own, named: after the choice's text it ran
    # on as if the choice went on (« D. Mettre à jour. Les mises à jour… »).
    why = (f" {'Explanation:' if en else 'Explication :'} {q.explanation_in(lang)}"
           if q else "")
    choices = q.choices_in(lang) if q else ()
    key = d.get("answer")
    label = ""
    if isinstance(key, int) and 0 <= key < len(choices):
        label = f"{chr(65 + key)}. {choices[key]}"
        label += "" if label[-1] in ".!?…" else "."
    # Right: the answer once (« Bonne réponse : D. … »); wrong: which one it was.
    if d["right"] and label:
        by = f" from {seat(d['player'], lang)}" if en else f" de {seat(d['player'], lang)}"
        by = by if named else ""
        said = f"Right answer{by}: {label}" if en else f"Bonne réponse{by} : {label}"
    elif named:  # « Bonne réponse de Léa ! », « Mauvaise réponse de Léa (B). »
        said = _verdict(d, lang)
    else:
        said = ("Right answer!" if en else "Bonne réponse !") if d["right"] else (
            "Wrong answer." if en else "Mauvaise réponse.")
    if not d["right"] and label:
        said += f" Correct answer: {label}" if en else f" Réponse correcte : {label}"
    return said + why


def _recap(done: Mapping[str, Any], lang: str) -> str:
    """The line of a view's answered quiz (views.py: ``answered``), who answered named."""
    right = done["choice"] == done["answer"]
    return _answer_line({"player": done["answerer"], "question": done["id"],
                         "choice": done["choice"], "answer": done["answer"], "right": right},
                        lang, named=True)


def _verdict(d: Mapping[str, Any], lang: str) -> str:
    """An answer's line without the answer's text and explanation (« Mauvaise réponse de
    Léa (B). »): for a screen that shows them (``GnouText.headline``)."""
    who = seat(d["player"], lang)
    if d["right"]:
        return f"Right answer from {who}!" if lang == "en" else f"Bonne réponse de {who} !"
    key = d.get("choice")
    letter = f" ({chr(65 + key)})" if isinstance(key, int) and 0 <= key < 8 else ""
    return (f"Wrong answer from {who}{letter}." if lang == "en"
            else f"Mauvaise réponse de {who}{letter}.")


def _quiz_line(d: Mapping[str, Any], lang: str) -> str:
    """Who answers a quiz, of which series and level (« Quiz pour Lina : Action citoyenne,
    niveau 1. »), without the question."""
    alone = (" (alone)" if lang == "en" else " (seul)") if d["solo"] else ""
    name = series_name(d["series"], lang)
    who = seat(d["answerer"], lang)
    if lang == "en":
        return f"Quiz for {who}{alone}: {name}, level {d['level']}."
    return f"Quiz pour {who}{alone} : {name}, niveau {d['level']}."


def _danger_text(d: Mapping[str, Any], lang: str, whole: bool = True) -> str:
    """G5: the danger card read aloud every time it is met: title, recto (description) and
    verso (how to protect oneself). The event carries the French; the card the English.
    ``whole=False``: the first sentence only (cell, title, kind)."""
    card = danger_card(d["cell"])
    en = lang == "en"
    if en and card is not None:
        title, text, protect = card.title_in(lang), card.text_in(lang), card.alternative_in(lang)
    else:
        title = d.get("title") or (card.title if card else "")
        text = d.get("text") or (card.text if card else "")
        protect = d.get("protect") or (card.alternative if card else "")
    kind = danger_name(d["type"], lang)
    title = _quoted(title, lang) if title else ""
    if en:
        head = f"Danger on cell {d['cell']}" + (f" {title}" if title else "") + f" ({kind})."
        parts = [head, text, f"{HOW_TO_PROTECT[1]} {protect}" if protect else ""]
    else:
        head = f"Danger en case {d['cell']}" + (f" {title}" if title else "") + f" ({kind})."
        parts = [head, text, f"{HOW_TO_PROTECT[0]} {protect}" if protect else ""]
    return " ".join(p for p in (parts if whole else parts[:1]) if p)


_FRENCH_QUOTE = re.compile(r"«\s*(.*?)\s*»")


def _quoted(text: str, lang: str) -> str:
    """``text`` between quotes, quotes inside it made second-level ones: « Le droit
    d'auteur “tous droits réservés” », "“‘All rights reserved’ copyright”"."""
    if lang == "en":
        return "“" + text.replace("“", "‘").replace("”", "’") + "”"
    return "« " + _FRENCH_QUOTE.sub(r"“\1”", text) + " »"


def protection_text(protection: str) -> str:
    return str(load_themes()["protections"][protection]["text"])
