"""Every set-up modifier meeple enforces, against bags counted by hand on small scripts."""

from __future__ import annotations

import random

import pytest

from meeple.botc import setup
from meeple.botc.script import Script, script_of
from meeple.botc.scriptfile import ScriptFile


def _script(*ids: str) -> Script:
    return script_of(ScriptFile(({"id": "_meta", "name": "hand"}, *ids)))


GOOD = ("chef", "empath", "monk", "soldier")

# Each case: the script, the players, the bags counted by hand (see each comment).
CASES = [
    # Baron +2 outsiders at 7 (5,0,1,1 -> 3,2,1,1): C(4,3) * 1 (saint+recluse) = 4;
    # without the Baron: poisoner, C(4,4)... 5 townsfolk from 4: none.
    ((*GOOD, "saint", "recluse", "poisoner", "baron", "imp"), 7, 4),
    # Godfather -1 or +1 outsider at 6 (3,1,1,1): -1: C(4,4)=1; +1: C(4,2)*1=6; without
    # him: poisoner with C(4,3)*2 = 8.
    ((*GOOD, "saint", "recluse", "poisoner", "godfather", "imp"), 6, 15),
    # Fang Gu +1 outsider at 5: fanggu with C(4,2) * 2 outsiders (choose 1) = 12; imp: 4.
    ((*GOOD, "saint", "recluse", "poisoner", "fanggu", "imp"), 5, 16),
    # Vigormortis -1 outsider at 6: vigormortis C(4,4)=1; imp C(4,3)*2 = 8.
    ((*GOOD, "saint", "recluse", "poisoner", "vigormortis", "imp"), 6, 9),
    # Balloonist +0 or +1 outsider at 5: with it, +0: C(4,2)=6, +1: C(4,1)*2=8; without: 4.
    ((*GOOD, "balloonist", "saint", "recluse", "poisoner", "imp"), 5, 18),
    # Hermit -0 or -1 outsider at 6: hermit alone as the outsider: C(4,3)=4, or -1 (the
    # hermit itself makes 1 outsider where 0 are left): none; without: C(4,3)*1 = 4.
    ((*GOOD, "hermit", "saint", "poisoner", "imp"), 6, 8),
    # Lil' Monsta +1 minion, held by no player: lilmonsta + C(4,3) + both minions.
    ((*GOOD, "saint", "poisoner", "spy", "lilmonsta"), 5, 4),
    # Huntsman brings the Damsel: at 5 no outsider: plain 1; at 6 see below.
    ((*GOOD[:3], "huntsman", "damsel", "saint", "poisoner", "imp"), 5, 1),
    # 6: {} saint 1, {damsel} 1, {huntsman, damsel} C(3,2)=3.
    ((*GOOD[:3], "huntsman", "damsel", "saint", "poisoner", "imp"), 6, 5),
    # Choirboy brings the King (a townsfolk): at 5, {} C(3,3)=1, {king} C(3,2)=3,
    # {choirboy, king} C(3,1)=3.
    ((*GOOD[:3], "choirboy", "king", "poisoner", "imp"), 5, 7),
    # Kazali: no minions, any outsiders: O=0 C(4,4)=1, O=1 C(4,3)*2=8, O=2 C(4,2)=6.
    ((*GOOD, "saint", "recluse", "kazali"), 5, 15),
    # Summoner: no demon, the summoner and 4 townsfolk.
    ((*GOOD, "summoner", "imp"), 5, 1),
    # Atheist: no evil: atheist + 4 townsfolk; without: C(4,3) * poisoner * imp = 4.
    ((*GOOD, "atheist", "poisoner", "imp"), 5, 5),
    # Xaan: any outsiders at 5: O=0 C(4,3)=4, O=1 C(4,2)*2=12, O=2 C(4,1)=4; no Xaan: none
    # (no other minion).
    ((*GOOD, "saint", "recluse", "xaan", "imp"), 5, 20),
    # Lord of Typhon: +1 minion, any outsiders, at 5: 2 minions (both), 2 good:
    # O=0 C(4,2)=6, O=1 4*2=8, O=2 1 -> 15.
    ((*GOOD, "saint", "recluse", "poisoner", "spy", "lordoftyphon"), 5, 15),
    # The Sentinel (fabled, on the script): 0, +1 or -1 outsider at 6: 1 + 8 + 6.
    ((*GOOD, "saint", "recluse", "poisoner", "imp", "sentinel"), 6, 15),
]


@pytest.mark.parametrize(("ids", "players", "bags"), CASES)
def test_modifiers_against_hand_counted_bags(ids: tuple[str, ...], players: int, bags: int) -> None:
    script = _script(*ids)
    assert setup.count_bags(script, players) == bags
    listed = list(setup.all_bags(script, players))
    assert len(listed) == len(set(listed)) == bags
    assert all(setup.bag_problems(script, bag.roles, players) == [] for bag in listed)
    for bag in setup.random_bags(script, players, 20, random.Random(players)):
        assert bag in listed


def test_broken_modifier_rules_are_named() -> None:
    hunt = _script(*GOOD[:3], "huntsman", "damsel", "saint", "poisoner", "imp")
    problems = setup.bag_problems(hunt, ["huntsman", "chef", "empath", "saint", "poisoner", "imp"])
    assert "the Huntsman brings the Damsel into the bag" in problems
    monsta = _script(*GOOD, "saint", "poisoner", "spy", "lilmonsta")
    assert setup.bag_problems(monsta, ["lilmonsta", "chef", "empath", "monk", "poisoner"], 5) == [
        "5 players need 6 characters (with the Lil' Monsta, held by no player); this bag has 5"
    ]


def test_homebrew_setup_without_a_rule_is_listed() -> None:
    brew = {"id": "bog", "name": "Bog", "team": "minion", "ability": "x", "setup": True}
    script = script_of(ScriptFile(({"id": "_meta", "name": "b"}, *GOOD, brew, "imp")))
    assert script.unruled == ("bog",)
