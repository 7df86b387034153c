"""An AF attack is on "a target" ("Action": "Hack, aim, or taunt a target"): never on the
attacker themselves; a target beyond the encounter's participants stays the GM's to name."""

from __future__ import annotations

import pytest

from tests.rules.af_steps import last
from tests.rules.test_af_reactions import attack, begun


def test_an_attack_on_the_attacker_is_refused_with_the_texts_words():
    with pytest.raises(ValueError, match="Mira cannot attack themselves"):
        begun(None, attack("Mira", "Mira", check="aim", result=14, damage=3))


def test_an_attack_on_another_is_logged():
    map_ = begun(None, attack("Mira", "Raider", check="aim", result=14, damage=3))
    assert last(map_).action == "attack" and last(map_).target == "raider"
