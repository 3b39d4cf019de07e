"""A nickname is never personal (nicknames only, nothing personal stored): a phone number
typed as a nickname is refused, in a class as in a room (tests/server/test_classes.py)."""

from __future__ import annotations

import contextlib

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from ludinum.weblib import names
from tests.server.helpers import create_room, hello, join, make_app


@pytest.mark.parametrize("typed", ["0612345678", "06 12 34 56 78", "Léa 06-12-34-56",
                                   "Tom 123456"])
def test_a_phone_number_is_not_a_nickname(typed: str) -> None:
    with pytest.raises(names.NicknameError) as refused:
        names.clean(typed)
    assert "numéro de téléphone" in refused.value.fr


@pytest.mark.parametrize("typed", ["Élève 12", "Lynx 2024", "Zoé 12345"])
def test_a_short_number_stays_allowed(typed: str) -> None:
    assert names.clean(typed) == typed



# -- a first name and a family name (docs/web.md « Nicknames, not names ») ----------------

REAL_NAMES = ["Léa Martin", "LEA MARTIN", "Lea Martin", "Lucas Dupont", "Marie-Lou Dupont",
              "Tom D'Amico", "Inès Ben Ali", "Noé le Gall", "Chloé Martin 2",
              # Case says nothing: a phone capitalises the first word alone, a child may
              # type no capital at all.
              "léa martin", "Léa martin", "lucas dupont", "noé le gall",
              # An ordinary word that is also a common family name stays a name.
              "Léa Petit", "Hugo Blanc", "Zoé Renard", "Léa Bonbon-Martin"]
NOT_NAMES = ["Léa", "Léa M", "Léa M.", "Zoé B.", "Zoé B", "Léa 2", "Loutre Agile",
             "Dominique R", "Véronique Rose", "Petit Pois", "Lucas le rapide",
             # A first name and an ordinary word of nicknames, any case (docs/web.md).
             "Rose Bonbon", "rose bonbon", "Léa Licorne", "Tom le Rapide", "hugo ninja",
             "Jade Étoiles", "Inès la Pro", "Léo Super Panda", "Emma xoxo", "Lou Lou",
             "Tom Minecraft", "Léa Chat Noir", "Lucas Foot"]


@pytest.mark.parametrize("typed", REAL_NAMES)
def test_a_first_and_family_name_is_not_a_nickname(typed: str) -> None:
    with pytest.raises(names.NicknameError) as refused:
        names.clean(typed)
    assert refused.value.code == "bad_nickname"
    assert refused.value.fr == "Choisis un pseudo, pas ton prénom et ton nom de famille."
    assert refused.value.en == "Pick a nickname, not your first and last name."


@pytest.mark.parametrize("typed", NOT_NAMES)
def test_a_first_name_alone_or_with_an_initial_stays_a_nickname(typed: str) -> None:
    assert names.clean(typed) == typed


def test_an_initial_with_its_dot_is_no_family_name() -> None:
    assert not names.looks_like_real_name("Léa M.")
    assert names.looks_like_real_name("Léa M. Dupont")


@pytest.mark.parametrize("typed", ["L.éa", "Léa. M", "Léa M..", "Léa MA.", "Léa M. B",
                                   "Léa 2.", ".M", "Léa M.Dupont", "Léa-M."])
def test_a_dot_anywhere_but_after_a_final_initial_is_refused(typed: str) -> None:
    with pytest.raises(names.NicknameError) as refused:
        names.clean(typed)
    assert "point après une initiale" in refused.value.fr


def test_a_dotted_initial_counts_in_the_length_and_in_look_alikes() -> None:
    assert names.clean("Maximilien Alexa M.") == "Maximilien Alexa M."  # 19 characters
    with pytest.raises(names.NicknameError):
        names.clean("Maximilien Alexand M.")  # 21
    assert names.taken("Léa M", ["Léa M."])
    assert names.variant("Léa M.", ["Léa M."]) == "Léa M 2"  # a nickname clean accepts
    assert names.clean(names.variant("Léa M.", ["Léa M."])) == "Léa M 2"


def test_the_first_names_are_a_data_file_of_about_150() -> None:
    listed = names.first_names()
    assert 140 <= len(listed) <= 200
    assert {"lea", "lucas", "ines", "noe"} <= listed  # read without accents or case
    assert (names.WORDLISTS / "first-names.txt").exists()


def test_every_way_in_refuses_a_real_name_and_changes_nothing(sqlite_url: str,
                                                              catalog: Catalog) -> None:
    """The join form and the host's « Ajouter ce joueur sur cet appareil » (pass-and-play)
    post to the room's join, a pupil of a class to the class's, the host renames over the
    WebSocket: each refuses « Léa Martin » with the same words, and seats nobody."""
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client, contextlib.ExitStack() as stack:
        code, host_token = create_room(client, "toy", 2)
        refused = client.post(f"/api/rooms/{code}/join", json={"nickname": "Léa Martin"})
        assert refused.status_code == 400
        assert refused.json()["error"]["en"] == "Pick a nickname, not your first and last name."
        assert [s.kind for s in app.state.hub.rooms[code].seats] == ["open", "open"]
        made = client.post("/api/classes", json={"game": "toy", "table_size": 2,
                                                 "bot_level": "random"}).json()
        pupil = client.post(f"/api/classes/{made['code']}/join", json={"nickname": "Lucas Dupont"})
        assert pupil.status_code == 400 and pupil.json()["error"]["code"] == "bad_nickname"
        assert not app.state.classes.sessions[made["code"]].pupils
        join(client, code, "Léa")
        host = hello(client, code, stack, role="host", token=host_token)
        before = len(host.messages)
        host.send(type="rename", seat=0, nickname="Léa Martin")
        host.sync()
        errors = host.errors(before)
        assert [e["code"] for e in errors] == ["bad_nickname"]
        assert errors[0]["en"] == "Pick a nickname, not your first and last name."
        assert app.state.hub.rooms[code].seats[0].nickname == "Léa"


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Choisis un pseudo, pas ton prénom et ton nom de famille."),
    ("en", "Pick a nickname, not your first and last name."),
])
def test_the_join_form_says_why_a_real_name_is_refused(sqlite_url: str, catalog: Catalog,
                                                       lang: str, said: str) -> None:
    """What the join page's form shows (app.js: the refusal's text in the page's language,
    in its ``[data-error]`` line under the field), read without a browser: the page has
    the line, and the join it posts answers with these words."""
    app = make_app(sqlite_url, catalog)
    with TestClient(app) as client:
        client.cookies.set("lang", lang)
        code, _ = create_room(client, "toy", 2)
        page = client.get(f"/j/{code}").text
        form = page[page.index("<form data-join"):page.index("</form>")]
        assert 'id="nickname"' in form and 'class="error" data-error role="alert"' in form
        answer = client.post(f"/api/rooms/{code}/join", json={"nickname": "Léa Martin"})
        assert answer.status_code == 400
        shown = answer.json()["error"][lang]
        assert shown == said
        assert client.post(f"/api/rooms/{code}/join", json={"nickname": "Léa M"}
                           ).status_code == 201


def test_no_ordinary_word_of_nicknames_is_a_common_family_name() -> None:
    ordinary = names.nickname_words()
    assert {"bonbon", "licorne", "rapide", "le"} <= ordinary
    assert not {"petit", "blanc", "roux", "brun", "renard", "martin", "rose", "grand",
                "fort", "berger", "noel", "leroy", "fontaine"} & ordinary


def test_a_dotted_initial_is_seated_as_typed(sqlite_url: str, catalog: Catalog) -> None:
    with TestClient(make_app(sqlite_url, catalog)) as client:
        code, _host = create_room(client, "gnou", 3)
        answer = client.post(f"/api/rooms/{code}/join", json={"nickname": "Léa M."})
        assert answer.status_code == 201, answer.text
        state = client.get(f"/api/rooms/{code}").json()
        assert "Léa M." in str(state)
