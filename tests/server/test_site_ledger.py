"""The site's ledger in the database (quiz attempts and diplomas are single use, issue 16
§4 and issue 20): one secret shared by every process on a database, so a diploma signed by
one process is honoured by another, and a used attempt is refused by every process."""

from __future__ import annotations

import time

from sqlalchemy import select

from ludinum.server.ledger import StoredLedger, site_keys, used_tokens
from ludinum.server.storage import Storage


def _two_processes(url: str) -> tuple[StoredLedger, StoredLedger, Storage]:
    first, second = Storage(url), Storage(url)
    first.migrate()
    return StoredLedger(first.engine), StoredLedger(second.engine), first


def test_one_secret_and_single_use_across_processes(db_url: str) -> None:
    one, two, store = _two_processes(db_url)
    try:
        assert len(one.secret()) == 32
        assert one.secret() == two.secret()  # created once, read by the other
        expires = time.time() + 60
        assert one.consume("quiz:abc", expires)
        assert not two.consume("quiz:abc", expires)  # handed in on the other process
        assert not one.consume("quiz:abc", expires)
        assert two.consume("diplome:abc", expires)
        with store.engine.connect() as conn:
            rows = conn.execute(select(used_tokens)).all()
            keys = conn.execute(select(site_keys.c.name)).scalars().all()
        # Nothing personal: random keys and their expiry, and the one secret.
        assert sorted(r.key for r in rows) == ["diplome:abc", "quiz:abc"]
        assert keys == ["site"]
    finally:
        one.engine.dispose()
        two.engine.dispose()


def test_expired_records_are_forgotten(sqlite_url: str) -> None:
    one, _, store = _two_processes(sqlite_url)
    assert one.consume("quiz:old", time.time() - 1)
    one._purged = 0.0  # the next write purges
    assert one.consume("quiz:new", time.time() + 60)
    with store.engine.connect() as conn:
        keys = conn.execute(select(used_tokens.c.key)).scalars().all()
    assert keys == ["quiz:new"]


def test_a_diploma_from_one_process_downloads_once_from_another(pg_url: str,
                                                                catalog: object) -> None:
    """Two processes share a database only on PostgreSQL (an SQLite file has one server)."""
    import re
    from html import unescape

    from starlette.testclient import TestClient

    from ludinum.content.typography import french_spacing
    from ludinum.site.content import load_quiz
    from tests.server.helpers import make_app

    bank = load_quiz()
    with TestClient(make_app(pg_url, catalog)) as a, \
            TestClient(make_app(pg_url, catalog)) as b:
        page = unescape(a.get("/apprendre/quiz/questions").text)
        form = {"tentative": re.search(r'name="tentative" value="([^"]+)"', page).group(1)}  # type: ignore[union-attr]
        for qid in dict.fromkeys(re.findall(r'type="radio" id="[^"]+" name="([^"]+)"', page)):
            good = french_spacing(bank.by_id[qid].choices[bank.by_id[qid].answer])
            labels = re.findall(rf'<label for="{qid}-(\d)">([^<]*)</label>', page)
            form[qid] = next(i for i, text in labels if text == good)
        result = b.post("/apprendre/quiz/resultat", data=form)  # handed in on process b
        assert result.status_code == 200 and "Bravo" in result.text
        assert a.post("/apprendre/quiz/resultat", data=form).status_code == 409
        award = re.search(r'name="jeton" value="([^"]+)"', unescape(result.text)).group(1)  # type: ignore[union-attr]
        assert a.post("/apprendre/diplome", data={"jeton": award, "pseudo": "Zébu"}
                      ).status_code == 200
        assert b.post("/apprendre/diplome", data={"jeton": award, "pseudo": "Yak"}
                      ).status_code == 409
