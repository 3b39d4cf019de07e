"""A third attack review of the nickname filter: insults glued inside a longer word
(« Grossesalope », « Petitebite »), words the lists missed (« Conasse », « Führer »), and
nicknames that pass for the teacher or the app (« Prof Martin », « Admin 1 »). Each is
refused with the filter's own error; ordinary first names, nicknames and words that hold the
same letters by chance (« Bitume », « Salopette », « Profiterole ») still pass."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludinum.server.catalog import Catalog
from ludinum.weblib import names
from tests.server.helpers import make_app

#: Insults glued to another word, no separator: a listed stem inside the word, or a short
#: word glued at its start or end.
GLUED = ["Salepute", "Grossesalope", "Grosconnard", "Sucemabite", "Tagueule", "Mangemerde",
         "Grossepute", "Fermetagueule", "Petitebite", "Mabite", "Troudcul", "Jmebranle",
         "Niketamer", "Fdpute", "Fck", "Stfu", "Zebi", "Adolfh", "Kkk"]
#: Words and phrases the lists missed.
MISSED = ["Conasse", "Pétasse", "Salopard", "Trouduc", "Crouille", "Niga", "Biatch",
          "Dickhead", "Mein Kampf", "Führer", "Ku Klux", "Violeur", "Je vais te tuer",
          "Grosse vache", "Mange tes morts", "Tom pue"]
#: The same, disguised as the filter already reads past (case, digits, separators,
#: repeated letters, plurals).
DISGUISED = ["SALEPUTE", "Sale-pute", "Gr0sconnard", "Mabiiite", "Petites bites", "M4bite",
             "Kkkk", "F-c-k", "Ku Klux Klan", "KKK 2", "Fuhrer", "Fuehrer", "Mein-Kampf",
             "Tompue", "Tom Puuue", "Jtebranle", "Niktamere", "Trou d cul", "Mangemerdes"]
#: Nicknames that pass for the teacher or the app on the projector.
AUTHORITY = ["Le prof", "Prof Martin", "Professeur X", "La maitresse", "Maitresse Anne",
             "Mme la prof", "Mr le Directeur", "Admin 1", "Administrateur", "Enseignant 2",
             "L'animateur", "Hote 2", "Modo", "Surveillant", "CPE", "Spectateur", "Système",
             "Ludinum", "Prof'", "PROF", "Pr0f Anne", "Admin1", "Profs", "Maître Yoda",
             "Enseignante", "Directrice 3", "Hôtesse", "Modérateur", "Le Serveur", "Instit",
             "P-r-o-f", "Teacher Tom", "Ludinum Bot"]

#: About 300 common French first names, old and new, from every origin of a class.
FIRST_NAMES = [
    "Léa", "Lucas", "Hugo", "Chloé", "Jules", "Inès", "Nathan", "Manon", "Louis", "Camille",
    "Sacha", "Anaïs", "Dominique", "Pascal", "Bastien", "Sébastien", "Constance", "Cécile",
    "Lucie", "Côme", "Noé", "Maël", "Titouan", "Anouk", "Capucine", "Clément", "Marius", "Victor",
    "Hector", "Basile", "Mathis", "Enzo", "Lilou", "Jade", "Louise", "Zoé", "Charlotte", "Rose",
    "Anna", "Mila", "Ambre", "Léon", "Gabin", "Nino", "Timéo", "Emma", "Alice", "Lina", "Julia",
    "Mia", "Léna", "Juliette", "Lou", "Agathe", "Jeanne", "Eva", "Nina", "Romane", "Sarah",
    "Louna", "Margaux", "Iris", "Victoire", "Léonie", "Clémence", "Adèle", "Maëlys", "Yasmine",
    "Nour", "Aya", "Sofia", "Salomé", "Margot", "Elsa", "Lola", "Clara", "Pauline", "Marie",
    "Mathilde", "Océane", "Apolline", "Héloïse", "Garance", "Céleste", "Ninon", "Suzanne",
    "Violette", "Yuna", "Élise", "Emmy", "Lya", "Lana", "Luna", "Alba", "Gabrielle", "Olivia",
    "Maya", "Livia", "Valentine", "Joséphine", "Marguerite", "Albane", "Bérénice", "Sixtine",
    "Philippine", "Domitille", "Faustine", "Cassandre", "Pénélope", "Ophélie", "Aurélie", "Émilie",
    "Élodie", "Mélanie", "Stéphanie", "Nathalie", "Sandrine", "Isabelle", "Sophie", "Valérie",
    "Christine", "Brigitte", "Sylvie", "Catherine", "Véronique", "Pascale", "Monique", "Laurence",
    "Hélène", "Claire", "Anne", "Hortense", "Blanche", "Bertille", "Colette", "Lise", "Maëlle",
    "Nolwenn", "Solène", "Morgane", "Gwendoline", "Inaya", "Kenza", "Imane", "Aïcha", "Fatima",
    "Khadija", "Salma", "Lyna", "Assia", "Jasmine", "Noémie", "Justine", "Amandine", "Laetitia",
    "Coralie", "Audrey", "Marine", "Mélissa", "Tiphaine", "Axelle", "Zélie", "Clotilde", "Eugénie",
    "Ondine", "Roxane", "Séverine", "Vanessa", "Cunégonde", "Candice", "Gabriel", "Léo", "Raphaël",
    "Arthur", "Adam", "Noah", "Liam", "Paul", "Aaron", "Mohamed", "Ethan", "Tom", "Éden", "Tiago",
    "Théo", "Isaac", "Martin", "Nolan", "Axel", "Naël", "Baptiste", "Antoine", "Samuel", "Ibrahim",
    "Malo", "Rayan", "Simon", "Valentin", "Augustin", "Maxime", "Alexandre", "Thomas", "Romain",
    "Julien", "Nicolas", "Guillaume", "Benjamin", "Florian", "Kevin", "Dylan", "Mathéo", "Evan",
    "Eliott", "Ewan", "Lenny", "Robin", "Oscar", "Félix", "Gaspard", "Aristide", "Anatole",
    "Achille", "Ulysse", "Aurélien", "Cyprien", "Kylian", "Erwan", "Yann", "Loïc", "Tanguy",
    "Killian", "Corentin", "Quentin", "Grégoire", "Benoît", "Jérôme", "Olivier", "Philippe",
    "Christophe", "Stéphane", "Frédéric", "Laurent", "Thierry", "Patrick", "Didier", "Bruno",
    "Éric", "Franck", "Cédric", "Jérémy", "Mickaël", "Sylvain", "Damien", "Fabien", "Adrien",
    "Constantin", "Colin", "Marc", "Luc", "Jean", "Pierre", "Jacques", "Michel", "Bernard",
    "Gérard", "Francis", "Joseph", "Émile", "Edgar", "Lazare", "Ambroise", "Honoré", "Timothée",
    "Matthias", "Elias", "Ilyes", "Mehdi", "Bilal", "Sofiane", "Yanis", "Wassim", "Karim",
    "Djibril", "Moussa", "Mamadou", "Amine", "Ayoub", "Youssef", "Hamza", "Souleymane", "Idriss",
    "Issa", "Ismaël", "Ilan", "Noam", "Jonas", "Milo", "Nils", "Lino", "Marceau", "Sohan",
    "Hippolyte", "Octave", "Séraphin", "Zacharie", "Joachim", "Josué", "Lorenzo", "Matteo",
    "Ludovic", "Hervé", "Gaëtan", "Anthony", "Jordan", "Kenzo", "Naïm", "Nazim", "Sami", "Abel",
    "Auguste", "Barnabé", "Blaise", "Brieuc", "Clovis", "Ferdinand", "Gauthier", "Gildas",
    "Hugues", "Léandre", "Lucien", "Marin", "Maxence", "Melvin", "Nestor", "Paulin", "Pacôme",
    "Rémi", "Tristan", "Virgile", "Xavier", "Yves", "Zinedine", "Hakim", "Nadia", "Samia", "Leïla",
    "Yasmina", "Soraya", "Malik", "Tarek", "Tamer", "Anissa", "Kadiatou", "Aminata", "Ousmane",
    "Seydou", "Fanta", "Binta", "Mariama", "Awa", "Ngozi", "Chidi", "Kofi"
]
#: Ordinary words and names that hold a listed word's letters by chance (Scunthorpe), and
#: words that merely start like an interface word.
ORDINARY = ["Bitume", "Culture", "Cumulus", "Pétale", "Salopette", "Constance", "Aconit",
            "Trouvère", "Cocon", "Nicolas", "Bastien", "Mancini", "Pénélope", "Cassandre",
            "Analyse", "Arsenal", "Therapist", "Calcul", "Calculs", "Recul", "Orbite",
            "Dispute", "Disputes", "Député", "Réputé", "Habite", "Sucette", "Nigaud",
            "Ebranlé", "Computer", "Putois", "Cacahuète", "Pupuce", "Escalope", "Pétunia",
            "Coccinelle", "Confiture", "Concombre", "Pistache", "Biscotte", "Chaton",
            "Cumin", "Culbuto", "Bitoniot", "Cornichon", "Profiterole", "Profil", "Hotel",
            "Hôtelière", "Maîtrise", "Directive", "Systémique", "Admiral", "Moderne",
            "Spectacle", "Servante", "Ludique", "Placide", "Bottine", "Robotte", "Professionnel",
            "Enseigne", "Kiki", "Titi", "Coco", "Zébulon", "Puebla", "Pépite", "Dominique R",
            "Tom 12", "Léa 2", "Petit Pois", "Gros Câlin", "Super Mamie",
            "Roi Lion", "Reine des Neiges", "Capitaine Crochet", "Grand Chef", "Le Boss"]


@pytest.mark.parametrize("nickname", GLUED + MISSED + DISGUISED)
def test_glued_and_missed_insults_are_refused(nickname: str) -> None:
    assert names.is_rude(nickname), nickname
    with pytest.raises(names.NicknameError) as refused:
        names.clean(nickname)
    assert refused.value.code == "bad_nickname"
    assert refused.value.fr == "Ce pseudo n'est pas accepté : choisis-en un autre."
    assert refused.value.en == "This nickname is not accepted: choose another one."


@pytest.mark.parametrize("nickname", AUTHORITY)
def test_a_nickname_holding_a_word_of_the_teacher_or_the_app_is_refused(nickname: str
                                                                          ) -> None:
    assert names.poses_as_interface(nickname), nickname
    with pytest.raises(names.NicknameError) as refused:
        names.clean(nickname)
    word = names.authority_word(nickname)
    assert refused.value.code == "bad_nickname" and word in names.AUTHORITY
    # The message names the word, in French and English.
    assert f"«\u202f{word}\u202f»" in refused.value.fr and "mot de l'écran" in refused.value.fr
    assert f"“{word}”" in refused.value.en and "teacher" in refused.value.en


def test_the_authority_message_names_the_word_with_its_accents() -> None:
    with pytest.raises(names.NicknameError) as refused:
        names.clean("La maitresse")
    assert refused.value.fr == ("Ce pseudo contient «\u202fmaîtresse\u202f», un mot de l'écran "
                                "ou de l'enseignant\u00a0: choisis-en un autre.")
    assert refused.value.en == ("This nickname holds “maîtresse”, a word of the screen or of "
                                "the teacher: choose another one.")


def test_generated_nicknames_still_pass() -> None:
    drawn = names.generated_names()
    assert len(drawn) == len(names.ANIMALS) * len(names.QUALITIES)
    for nickname in drawn:
        assert names.clean(nickname) == nickname


def test_about_300_first_names_pass_in_any_case() -> None:
    assert len(FIRST_NAMES) >= 300 and len(set(FIRST_NAMES)) == len(FIRST_NAMES)
    refused = [typed for name in FIRST_NAMES for typed in (name, name.upper(), name.lower())
               if names.is_rude(typed) or names.poses_as_interface(typed)]
    assert refused == []
    for name in FIRST_NAMES:
        assert names.clean(name) == name


@pytest.mark.parametrize("nickname", ORDINARY)
def test_ordinary_words_holding_listed_letters_pass(nickname: str) -> None:
    assert names.clean(nickname) == nickname
    assert names.clean(nickname.upper()) == nickname.upper()


def test_first_names_glued_to_an_ordinary_word_pass() -> None:
    """« Léa calcul », « Hugo bitume »: a first name beside an ordinary word is no insult.
    After a listed first name (« Léa », « Hugo », « Lilou »), a word that is not one of the
    ordinary words of nicknames reads as a family name in any case and is refused as such
    (names.looks_like_real_name), never as rude; after another first name it passes."""
    for first in ("Léa", "Hugo", "Côme", "Anouk", "Basile", "Lilou"):
        for word in ("Bitume", "Calcul", "Salopette", "Orbite", "Profil", "Cocon"):
            for typed in (f"{first} {word}", f"{first} {word.lower()}"):
                assert not names.is_rude(typed)
                if names.looks_like_real_name(typed):
                    with pytest.raises(names.NicknameError) as refused:
                        names.clean(typed)
                    assert refused.value.fr == names.i18n.gettext("fr", names.REAL_NAME)
                else:
                    assert names.clean(typed) == typed


@pytest.fixture
def room(sqlite_url: str, catalog: Catalog) -> Iterator[tuple[TestClient, str]]:
    with TestClient(make_app(sqlite_url, catalog)) as client:
        r = client.post("/api/rooms", json={"game": "gnou", "players": 4})
        yield client, r.json()["code"]


def join(client: TestClient, code: str, nickname: str) -> Any:
    return client.post(f"/api/rooms/{code}/join", json={"nickname": nickname})


def test_the_join_api_refuses_the_attacks_and_seats_ordinary_names(
        room: tuple[TestClient, str]) -> None:
    client, code = room
    for nickname in (*GLUED, *MISSED, *AUTHORITY):
        r = join(client, code, nickname)
        assert r.status_code == 400, nickname
        assert r.json()["error"]["code"] == "bad_nickname", nickname
        assert r.json()["error"]["fr"] and r.json()["error"]["en"], nickname
    for nickname in ("Côme", "Salopette", "Profiterole", "Anouk"):
        assert join(client, code, nickname).status_code == 201, nickname


@pytest.mark.parametrize("nickname", ["--", "''", "' - '", "-'-'-'-'-'"])
def test_a_nickname_of_separators_only_is_refused(nickname: str) -> None:
    """« -- » and « ' - ' » were seated, and a look-alike of them was told to try « 2 »,
    which the filter itself refused: a nickname holds a letter or a digit."""
    with pytest.raises(names.NicknameError) as refused:
        names.clean(nickname)
    assert "au moins une lettre ou un chiffre" in refused.value.fr
    assert names.clean("A-") == "A-" and names.clean("2 B") == "2 B"
