"""``ludinum serve --content DIR``: a teacher's quiz questions reach the phones, and the
host page names the pack in use (issue 22 §2)."""

from __future__ import annotations

import contextlib
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from starlette.testclient import TestClient

from ludinum.cli.serve import serve
from ludinum.content import BUILTIN
from ludinum.content import pack as content_pack
from ludinum.games.gnou.content import load_bank
from tests.server.helpers import Conn, create_room, hello, join

#: Put before every question of the pack (French: a no-break space before « : »).
MARK = "Question de la classe\u00a0: "


@pytest.fixture(autouse=True)
def builtin_afterwards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test chooses its content; the next one gets the built-in content back."""
    monkeypatch.setenv(content_pack.CONTENT_ENV, "")  # restored (unset) afterwards
    monkeypatch.delenv(content_pack.CONTENT_ENV)
    yield
    content_pack.use(None)


def changed_quiz_pack(root: Path) -> Path:
    """A pack holding only the Gnou quiz, every question of every series changed."""
    quiz = root / "gnou" / "quiz"
    quiz.mkdir(parents=True)
    for source in sorted((BUILTIN / "gnou" / "quiz").glob("*.yaml")):
        data = yaml.safe_load(source.read_text(encoding="utf-8"))
        for q in data["questions"]:
            q["question"] = MARK + q["question"]
        (quiz / source.name).write_text(
            yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8"
        )
    return root


def served(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[Any, Any]:
    """Run ``ludinum serve ARGS`` up to the point where uvicorn would start: its result and
    the app it would serve (None when it stopped before)."""
    import uvicorn

    started: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.update(app=app, **kw))
    result = CliRunner().invoke(serve, list(args))
    return result, started.get("app")


def test_a_pack_with_changed_questions_is_asked_in_a_served_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = changed_quiz_pack(tmp_path / "ma-classe")
    result, app = served(
        monkeypatch, "--content", str(pack), "--db", str(tmp_path / "db.sqlite3"),
        "--bot-delay", "0", "--public-url", "http://192.0.2.10:8000",
    )
    assert result.exit_code == 0, result.output
    assert "Contenu : pack « ma-classe »" in result.output.replace("\u00a0", " ")
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "gnou", 2, mode="turns", seed=3)
        page = client.get(f"/host/{code}").text
        assert "ma-classe" in page and "10 fichiers dont 10 remplacent" in page
        # the page opens with the room's code alone: the server's folder is not on it
        assert str(pack) not in page and str(tmp_path) not in page
        host = hello(client, code, stack, role="host", token=host_token)
        _, token = join(client, code, "Léa")
        me = hello(client, code, stack, role="player", token=token)
        host.send(type="start", level="random")
        asked = play_until_quiz(me, host, client)
    room_question, shown = asked
    # The question asked is the pack's, not the built-in one.
    builtin = load_bank(BUILTIN / "gnou").get(room_question)
    assert builtin is not None and not builtin.question.startswith("Question de la classe")
    assert "Question de la classe" in shown
    # Served from the pack: the phone shows the pack's text of the question asked.
    served_question = load_bank().get(room_question)
    assert served_question is not None and served_question.question.startswith(MARK)


def play_until_quiz(me: Conn, host: Conn, client: TestClient) -> tuple[str, str]:
    """Play the human seat (first listed action, the others by chance) until a quiz shows on
    its phone; the question's id (server side) and the frame that showed it."""
    rng = random.Random(5)
    app: Any = client.app
    for _ in range(2000):
        me.sync()
        for text in me.texts:
            if "Question de la classe" in text:
                room = next(iter(app.state.hub.rooms.values()))
                quiz = room.state.quiz or []
                bank = load_bank()
                ident = bank.questions[quiz[0]].id if quiz else ""
                return ident, text
        if me.actions:
            choice = me.actions[rng.randrange(len(me.actions))]
            me.send(type="act", seat=choice["seat"], action=choice["action"],
                    seq=me.last["seq"])
        host.sync()
        assert host.last.get("status") != "finished", "no quiz in a whole game"
    raise AssertionError("no quiz asked")


def test_the_host_page_says_the_built_in_content_without_a_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result, app = served(monkeypatch, "--db", str(tmp_path / "db.sqlite3"),
                         "--public-url", "http://192.0.2.10:8000")
    assert result.exit_code == 0, result.output
    with TestClient(app) as client:
        code, _ = create_room(client, "gnou", 2)
        page = client.get(f"/host/{code}").text
        assert "celui d'origine de Ludinum" in page.replace("&#39;", "'")


def test_a_bad_pack_is_refused_at_start_up_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = tmp_path / "pack"
    (pack / "gnou" / "quiz").mkdir(parents=True)
    broken = pack / "gnou" / "quiz" / "utiliser.yaml"
    shutil.copy(BUILTIN / "gnou" / "quiz" / "utiliser.yaml", broken)
    broken.write_text(
        broken.read_text(encoding="utf-8").replace("answer: 2", "answer: 9", 1), encoding="utf-8"
    )
    result, app = served(monkeypatch, "--content", str(pack),
                         "--db", str(tmp_path / "db.sqlite3"))
    assert result.exit_code == 2 and app is None
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("ludinum : erreur : Contenu refusé") and f"{broken}:" in lines[0]
    assert "Content pack refused" not in lines[0]  # one language (tests/cli/test_term_review)
    assert content_pack.active() is None
