"""Facts carry a source and a check date: ``content check`` refuses them bare, lists stale
ones, and the learning pages show them (« Source : …, vérifié le … »)."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from ludinum.cli.main import cli
from ludinum.content import BUILTIN
from ludinum.content.facts import fact_marks, months_before
from tests.reading import plain_spaces
from tests.site.helpers import client

CLIENT = client()


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def _webrunners_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "webrunners"
    shutil.copytree(BUILTIN / "webrunners", folder)
    return folder


def _set_checked(file: Path, card_id: str, when: str) -> None:
    """Give card ``card_id``'s ``checked`` the date ``when`` (the line after its sources)."""
    lines = file.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"  - id: {card_id}")
    at = next(i for i in range(start, len(lines)) if lines[i].startswith("    checked:"))
    lines[at] = f"    checked: {when}"
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_what_makes_an_item_factual() -> None:
    assert fact_marks({"message": "Appelle le 3018."})
    assert fact_marks({"message": "C'est puni par la loi."})
    assert fact_marks({"text": "Va sur cybermalveillance.gouv.fr."})
    assert fact_marks({"what": "Écoute", "contact": "cnil.fr"})
    assert fact_marks({"message": "La CNIL t'aide."})
    # Advice, names, game turns and news articles are not facts to source.
    assert not fact_marks({"message": "Garde ton esprit critique."})
    assert not fact_marks({"name_fr": "Déplacement 5", "explication": "Tu perds 2 tours."})
    assert not fact_marks({"text": "Des articles et des vidéos disparaissent."})


def test_builtin_content_has_every_fact_sourced() -> None:
    code, out, err = run("content", "check", "--json")
    assert code == 0, err
    counts = json.loads(out)
    for game, kind in [
        ("webrunners", "deck"), ("webrunners", "themes"), ("gnou", "dangers"),
        ("gnou", "themes"), ("voleur", "deck"), ("site", "pages"),
    ]:
        facts = counts[game][kind]["facts"]
        assert facts["factual"] > 0 and facts["unsourced"] == 0, (game, kind, facts)
    # Quiz items may carry the two fields but are not required to yet.
    assert set(counts["gnou"]["quiz"]["facts"]) == {"factual", "sourced", "unsourced"}


def test_check_refuses_a_factual_item_without_source(tmp_path: Path) -> None:
    folder = _webrunners_copy(tmp_path)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    start = text.index("  - id: cyberviolence\n")
    head, tail = text[:start], text[start:]
    # Drop the card's source list and date (they follow its id line).
    tail = re.sub(r"\A(  - id: cyberviolence\n)    source:\n(      - .*\n)+    checked: .*\n",
                  r"\1", tail)
    deck.write_text(head + tail, encoding="utf-8")
    code, _, err = run("content", "check", str(folder))
    assert code == 1
    line = (head + tail).splitlines().index("  - id: cyberviolence") + 1
    assert f"{deck}:{line}:" in err
    assert "« cyberviolence » énonce un fait" in err and "source" in err


def test_check_refuses_a_bad_or_future_date_and_a_date_without_source(tmp_path: Path) -> None:
    folder = _webrunners_copy(tmp_path)
    deck = folder / "deck.yaml"
    _set_checked(deck, "cyberviolence", "hier")
    _set_checked(deck, "pornographie", (dt.date.today() + dt.timedelta(days=3)).isoformat())
    text = deck.read_text(encoding="utf-8").replace(
        "  - id: communaute\n", "  - id: communaute\n    checked: 2026-01-05\n"
    )
    deck.write_text(text, encoding="utf-8")
    code, _, err = run("content", "check", str(folder))
    assert code == 1
    assert "« cyberviolence » : « checked » doit être une date AAAA-MM-JJ" in err
    assert "« pornographie » : « checked » dans le futur" in err
    assert "« communaute » : « checked » sans « source »" in err


def test_stale_lists_old_checks_with_json_fields(tmp_path: Path) -> None:
    folder = _webrunners_copy(tmp_path)
    deck = folder / "deck.yaml"
    today = dt.date.today()
    old = months_before(today, 13)
    recent = months_before(today, 11)
    _set_checked(deck, "cyberviolence", old.isoformat())
    _set_checked(deck, "pornographie", recent.isoformat())
    code, out, _ = run("content", "check", str(folder), "--stale", "12", "--json")
    assert code == 1  # something is stale
    report = json.loads(out)
    assert report["months"] == 12 and report["today"] == today.isoformat()
    stale = {e["item"]: e for e in report["stale"]}
    assert set(stale) == {"cyberviolence"}
    entry = stale["cyberviolence"]
    assert entry["game"] == "webrunners" and entry["kind"] == "deck"
    assert entry["checked"] == old.isoformat() and entry["months"] == 13
    assert entry["file"] == str(deck) and entry["line"] > 1
    assert "Code pénal, art. 222-33-2-2" in entry["source"]
    code, out, _ = run("content", "check", str(folder), "--stale", "12")
    assert code == 1
    assert "« cyberviolence » vérifié le" in out and "(il y a 13 mois)" in out
    assert "pornographie" not in out
    code, out, _ = run("content", "check", str(folder), "--stale", "24")
    assert code == 0 and "0 fait vérifié il y a plus de 24 mois" in out


def test_builtin_content_has_nothing_stale() -> None:
    code, out, _ = run("content", "check", "--stale", "12", "--json")
    assert code == 0
    assert json.loads(out)["stale"] == []


def _text(path: str) -> str:
    response = CLIENT.get(path)
    assert response.status_code == 200, path
    # French no-break spaces (issue 16 §5) read as ordinary ones.
    return plain_spaces(re.sub(r"<[^>]+>", "", response.text))


def test_card_pages_show_the_source_of_their_message() -> None:
    text = _text("/cartes/webrunners/divulgateur_nu")
    assert "Source : Code pénal, art. 226-2-1, Code pénal, art. 227-23, https://www.3018.fr, " \
        "vérifié le 24 novembre 2026" in " ".join(text.split())
    html = CLIENT.get("/cartes/webrunners/divulgateur_nu").text
    assert '<a href="https://www.3018.fr" rel="external noopener">' in html
    danger = _text("/cartes/gnou/danger/25")
    assert "Source : Règlement (UE) 2015/2120, art. 3, vérifié le" in danger
    assert "Source : Règlement (UE) 2016/679 (RGPD), art. 9" in _text(
        "/cartes/voleur/dossier_medical"
    )


def test_theme_pages_show_the_source_of_each_resource_and_text() -> None:
    text = " ".join(_text("/apprendre/webrunners/information").split())
    assert "Source : Loi n° 78-17 du 6 janvier 1978, art. 45" in text  # the parents' text
    assert text.count("Source :") >= 6  # the theme and its five resources
    voleur = " ".join(_text("/apprendre/voleur").split())
    assert "Source : Règlement (UE) 2016/679 (RGPD), art. 33 et 34" in voleur
    assert "Source : https://cyber.gouv.fr, vérifié le 24 novembre 2026" in voleur
    gnou = " ".join(_text("/apprendre/gnou/modifier").split())
    assert "Source : https://creativecommons.org/licenses/" in gnou


def test_a_reference_links_its_address_alone() -> None:
    """« https://…gpl-3.0.html (section 6) » was one link whose address held the note, and
    the Hacker page's « https://www.legifrance.gouv.fr (Code pénal, …), https://… » one
    link to nowhere (a review of the site, 2026-12-03). The address is the link, its note
    text after it; two addresses in one reference are refused by the check."""
    html = CLIENT.get("/apprendre/hacker").text
    links = re.findall(r'<a href="([^"]+)" rel="external noopener">', html)
    assert links and all(" " not in link and "(" not in link for link in links), links
    assert "https://www.legifrance.gouv.fr" in links
    assert "Code pénal, article 323-1" in " ".join(_text("/apprendre/hacker").split())


def test_check_refuses_two_addresses_in_one_reference(tmp_path: Path) -> None:
    folder = _webrunners_copy(tmp_path)
    deck = folder / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    assert "https://www.3018.fr" in text
    deck.write_text(text.replace("https://www.3018.fr", "https://www.3018.fr, "
                                 "https://www.e-enfance.org", 1), encoding="utf-8")
    code, _, err = run("content", "check", str(folder))
    assert code == 1 and "deux adresses dans une même référence" in err, err
