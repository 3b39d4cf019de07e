"""How an option's refusal reads in the terminal (``-o key=value``): the value quoted, the
expected form said in correct French, and an empty number or yes/no taken as the
option's default, as a help's « vide ou 0 » promises (Gnou's ``turn_limit``)."""

from __future__ import annotations

import pytest

from ludinum.engine import OptionError
from ludinum.games import get_game


def test_a_bad_value_is_quoted_in_both_languages() -> None:
    options = get_game("gnou").options
    with pytest.raises(OptionError) as refused:
        options.parse_pairs(["turn_limit=beaucoup"])
    assert "« turn_limit » : « beaucoup » (valeurs permises" in refused.value.fr
    assert "'turn_limit': \"beaucoup\" (allowed" in refused.value.en


def test_a_pair_without_equals_says_the_form_expected() -> None:
    with pytest.raises(OptionError) as refused:
        get_game("gnou").options.parse_pairs(["turn_limit"])
    assert refused.value.fr == (
        "Option mal écrite : « turn_limit » (forme attendue : clé=valeur).")


def test_an_empty_number_is_the_options_default() -> None:
    options = get_game("gnou").options
    assert "vide ou 0" in options["turn_limit"].help_fr
    assert options.parse_pairs(["turn_limit="]) == {"turn_limit": 0}
    assert options.parse_pairs(["turn_limit=  "]) == {"turn_limit": 0}
