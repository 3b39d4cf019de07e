"""The quiz and its diploma in real Chromium, as a pupil and a teacher would use them: the
facilitator makes the quiz link, the pupil answers by clicking, downloads the diploma,
the teacher checks its code on the site, and the pupil's second hand-in is refused."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ludinum.content.typography import french_spacing
from ludinum.site.content import load_quiz
from tests.browser.test_accessibility import audit
from tests.site.helpers import pdf_text

pytestmark = pytest.mark.slow


def test_pass_the_quiz_download_verify_and_resubmit(live: Any, browser: Any, axe_path: Path,
                                                    tmp_path: Path) -> None:
    bank = load_quiz()
    context = browser.new_context(accept_downloads=True, bypass_csp=True,
                                  viewport={"width": 390, "height": 844}, locale="fr-FR")
    try:
        page = context.new_page()
        # The facilitator sets the quiz and gets the pupils' link.
        page.goto(f"{live.url}/apprendre/quiz/reglages")
        for theme in ("relations", "information", "education"):
            page.uncheck(f"#theme-{theme}")
        page.fill("#par", "3")
        page.fill("#seuil", "80")
        page.click("text=Créer le lien du quiz")
        link = page.inner_text("a.quiz-link")
        assert "/apprendre/quiz?r=" in link
        assert not audit(page, axe_path)
        # The pupil opens it: the settings are shown, not editable.
        page.goto(link)
        assert "3\u00a0questions" in page.inner_text("main")
        assert page.locator("#seuil").count() == 0
        page.click("text=C'est parti")
        questions = page.locator("fieldset.question")
        assert questions.count() == 3
        for i in range(questions.count()):
            box = questions.nth(i)
            qid = box.locator("input[type=radio]").first.get_attribute("name")
            question = bank.by_id[qid]
            box.get_by_text(french_spacing(question.choices[question.answer]), exact=True).click()
        page.screenshot(path=str(tmp_path / "quiz.png"), full_page=True)
        token = page.get_attribute("input[name=tentative]", "value")
        page.click("text=Voir mon score")
        assert "3 / 3" in page.inner_text("h1")
        page.fill("#pseudo", "Loutre Agile")
        with page.expect_download() as download:
            page.click("text=Télécharger mon diplôme")
        pdf = Path(download.value.path()).read_bytes()
        text = " ".join(pdf_text(pdf)[0].split())
        assert "Loutre Agile" in text and "3 questions" in text and "80 %" in text
        code = re.search(r"Code de vérification : ([0-9A-Z-]{24})", text).group(1)  # type: ignore[union-attr]
        # The pupil goes back to the questions and hands them in again: refused.
        page.go_back()
        assert page.get_attribute("input[name=tentative]", "value") == token
        page.click("text=Voir mon score")
        assert "Tu as déjà rendu ce quiz" in page.inner_text("main")
        # The teacher checks the code on the site.
        page.goto(f"{live.url}/diplome/verifier")
        page.fill("#pseudo", "Loutre Agile")
        page.fill("#code", code)
        page.click("button:has-text('Vérifier')")
        assert "Diplôme authentique" in page.inner_text("main")
        assert not audit(page, axe_path)
        page.fill("#pseudo", "Loutre Agile")
        page.fill("#code", code[:-1] + ("0" if code[-1] != "0" else "1"))
        page.click("button:has-text('Vérifier')")
        assert "ne correspond à aucun diplôme" in page.inner_text("main")
    finally:
        context.close()
