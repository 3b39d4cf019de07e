"""The learning site speaks the page's language (issue 21 §2): every /apprendre page, the
Gnou and Voleur pages, the quiz (start, facilitator's settings, questions, result) and the
diploma pages, fetched in English, hold no French-only words in their visible text, and in
French no English leftovers. The language comes from ``?lang=``, the app's ``lang`` cookie
or ``Accept-Language``; English pages keep it in their links."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from ludinum.content.typography import french_spacing
from ludinum.site.catalog import catalog
from ludinum.site.content import load_quiz
from ludinum.site.render import LOCALE, TEMPLATES
from ludinum.weblib import i18n
from tests.site.helpers import client

CLIENT = client()

#: Words that give French away in an English page (whole words, any case).
FRENCH = frozenset({"le", "la", "les", "des", "une", "est", "du", "et", "pour", "dans",
                    "avec", "sur", "tu", "ton", "ta", "tes", "pas", "qui", "au", "aux",
                    "cartes", "thème", "réponse", "quiz de"})
#: Words that give English away in a French page.
ENGLISH = frozenset({"the", "and", "of", "with", "your", "you", "is", "to", "for", "this",
                     "card", "answer", "learn", "theme"})
#: Proper nouns and titles kept as they are in both languages (organisations, services,
#: works); the words inside them are not counted.
PROPER = ("La Quadrature du Net", "Les Restos du cœur", "Le jeu du Gnou",
          "Le Voleur de Données", "Free Software Foundation", "Fil Santé Jeunes",
          "Joueurs Info Service", "Défenseur des droits", "Tux Paint", "White Hat",
          "White Hats", "Web Runners", "Web Runner", "Creative Commons", "Tor Browser",
          "Signal", "The GNU Project", "Framasoft", "Informatique et Libertés",
          "Longue vie aux objets")


class Visible(HTMLParser):
    """The text a reader sees (and hears: ``alt``), without the parts marked as another
    language (the language switch), the cited sources (law texts and addresses are cited
    in their own language) and the answers' form values."""

    SKIPPED = ("script", "style")

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.stack: list[bool] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        hidden = bool(self.stack and self.stack[-1]) or tag in self.SKIPPED or (
            a.get("lang") not in (None, self.lang)) or "source" in (a.get("class") or "").split()
        if tag in ("img", "input", "br", "meta", "link"):
            if not hidden and a.get("alt"):
                self.parts.append(str(a["alt"]))
            return
        self.stack.append(hidden)

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("img", "input", "br", "meta", "link") and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1]):
            self.parts.append(data)


def visible(html: str, lang: str) -> str:
    parser = Visible(lang)
    parser.feed(html)
    return " ".join(parser.parts)


def leftovers(text: str, words: frozenset[str]) -> set[str]:
    for name in PROPER:
        text = text.replace(name, " ")
    text = re.sub(r"\S*[./@]\S*[a-z]\S*", " ", text)  # addresses: 3018.fr, cnil.fr
    found = {w for w in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text.lower()) if w in words}
    return found | {w for w in words if " " in w and w in text.lower()}


def pages() -> list[str]:
    return ["/apprendre", *(f"/apprendre/{g}" for g in ("webrunners", "gnou", "voleur",
                                                          "hacker")),
            *sorted(catalog().paths()), "/apprendre/quiz", "/apprendre/quiz/reglages",
            "/apprendre/quiz/reglages?theme=relations&theme=sante&par=3&seuil=60",
            "/apprendre/quiz?r=altered", "/apprendre/quiz/questions?r=altered",
            "/diplome/verifier",
            "/diplome/verifier?pseudo=Lynx&code=AAAA-AAAA-AAAA-AAAA-AAAA"]


@pytest.mark.parametrize("path", pages())
def test_every_page_in_english_has_no_french_left(path: str) -> None:
    page = CLIENT.get(f"{path}{'&' if '?' in path else '?'}lang=en")
    assert page.status_code in (200, 400), path
    assert '<html lang="en">' in page.text
    text = visible(page.text, "en")
    assert leftovers(text, FRENCH) == set(), (path, text)
    if page.status_code == 400:  # the refusal itself is said in English
        assert re.search(r'role="alert">(This|Too many)', page.text), path


@pytest.mark.parametrize("path", pages())
def test_every_page_in_french_has_no_english_left(path: str) -> None:
    page = CLIENT.get(path)
    assert page.status_code in (200, 400), path
    assert '<html lang="fr">' in page.text
    text = visible(page.text, "fr")
    assert leftovers(text, ENGLISH) == set(), (path, text)


def _quiz_in(lang: str) -> tuple[str, str]:
    """The questions page (every theme, 10 a theme) and its result page in ``lang``."""
    settings = CLIENT.get("/apprendre/quiz/reglages", params={
        "theme": ["relations", "sante", "information", "education"], "par": "10",
        "seuil": "50", "lang": lang})
    token = re.search(r'\?r=([^"&<]+)', settings.text).group(1)  # type: ignore[union-attr]
    questions = CLIENT.get("/apprendre/quiz/questions", params={"r": token, "lang": lang})
    assert questions.status_code == 200
    attempt = re.search(r'name="tentative" value="([^"]+)"', questions.text).group(1)  # type: ignore[union-attr]
    action = re.search(r'<form method="post" action="([^"]+)"', questions.text).group(1)  # type: ignore[union-attr]
    ids = re.findall(r'<fieldset class="question">.*?name="([a-z]+-\d\d)"', questions.text,
                     flags=re.S)
    result = CLIENT.post(action.replace("&amp;", "&"),
                         data={"tentative": attempt, **{q: "0" for q in ids}})
    assert result.status_code == 200 and len(ids) == 40
    return questions.text, result.text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_quiz_questions_and_answers_speak_the_page_language(lang: str) -> None:
    questions, result = _quiz_in(lang)
    words = FRENCH if lang == "en" else ENGLISH
    for html in (questions, result):
        assert f'<html lang="{lang}">' in html
        assert leftovers(visible(html, lang), words) == set()
    bank = load_quiz()
    shown = re.findall(r"<legend>.*?<br>(.*?)</legend>", questions, flags=re.S)
    expected = {french_spacing(q.question_in(lang)) for q in bank.questions}
    assert shown and {s.replace("&#39;", "'").replace("&#34;", '"') for s in shown} <= expected
    if lang == "en":  # the result page explains in English and keeps English in its links
        assert "Your score:" in result and "The answers" in result
        assert 'href="/apprendre/quiz?r=' in result and "lang=en" in result


def test_every_quiz_question_has_its_english() -> None:
    bank = load_quiz()
    assert len(bank.questions) == 48
    for q in bank.questions:
        assert q.question_en and q.explanation_en and len(q.choices_en) == len(q.choices)
        english = " ".join((q.question_en, *q.choices_en, q.explanation_en))
        assert leftovers(english, FRENCH) == set(), q.id


def test_the_site_catalogue_translates_every_template_message() -> None:
    english = i18n.catalog("en", LOCALE)
    used = set()
    for template in TEMPLATES.glob("*.html"):
        used |= set(re.findall(r"""_\((?:"([^"]*)"|'([^']*)')""", template.read_text()))
    messages = {a or b for a, b in used}
    assert messages and messages <= set(english), messages - set(english)


@pytest.mark.parametrize(("params", "cookies", "accept", "lang"), [
    ({}, {}, None, "fr"),
    ({"lang": "en"}, {}, None, "en"),
    ({}, {"lang": "en"}, None, "en"),
    ({}, {}, "en-GB,en;q=0.9,fr;q=0.8", "en"),
    ({}, {}, "fr-FR,fr;q=0.9,en;q=0.8", "fr"),
    ({}, {}, "de-DE,en;q=0.5", "en"),
    ({"lang": "fr"}, {"lang": "en"}, "en", "fr"),
    ({"lang": "xx"}, {}, None, "fr"),
])
def test_the_page_language_comes_from_the_link_the_cookie_or_the_browser(
        params: dict[str, str], cookies: dict[str, str], accept: str | None, lang: str) -> None:
    headers = {"accept-language": accept} if accept else {}
    CLIENT.cookies.clear()
    for name, value in cookies.items():
        CLIENT.cookies.set(name, value)
    page = CLIENT.get("/apprendre/gnou", params=params, headers=headers)
    CLIENT.cookies.clear()
    assert f'<html lang="{lang}">' in page.text
    assert page.headers["content-language"] == lang
    if lang == "en":
        assert "The Gnu game" in page.text and 'href="/apprendre?lang=en"' in page.text
    else:
        assert "Le jeu du Gnou" in page.text and 'href="/apprendre"' in page.text


@pytest.mark.parametrize("path", ["/apprendre", "/apprendre/voleur", "/cartes/gnou/danger/2"])
def test_the_scan_hears_each_language(path: str) -> None:
    # The word lists catch each language where it is expected: the checks above are real.
    english = visible(CLIENT.get(path, params={"lang": "en"}).text, "en")
    french = visible(CLIENT.get(path).text, "fr")
    assert leftovers(english, ENGLISH) and leftovers(french, FRENCH)
