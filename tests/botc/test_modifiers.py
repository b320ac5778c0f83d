"""Every set-up modifier meeple enforces, against bags counted by hand on small scripts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from meeple.botc import setup
from meeple.botc.model import Bag, Grimoire, Placed, ReminderToken, Seat
from meeple.botc.notation import format_grimoire as format_line
from meeple.botc.notation import read_grimoire as parse_placed
from meeple.botc.script import (
    MARIONETTE_TOKEN,
    MONSTA_TOKEN,
    Script,
    bag_difference,
    effective_role,
    script_findings,
    script_of,
)
from meeple.botc.scriptfile import ScriptFile
from tests.cli_helpers import meeple


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
    # Village Idiot 1 to 3 times at 5 (3 townsfolk): none C(4,3)=4, one C(4,2)=6,
    # two C(4,1)=4, three C(4,0)=1.
    ((*GOOD, "villageidiot", "poisoner", "imp"), 5, 15),
    # Legion at 5: 3 or 4 Legion (most players, not all), no minions, any outsiders among
    # the rest: 3 Legion + 2 good: C(4,2) + C(4,1)*1 = 10; 4 Legion + 1 good: 4 + 1 = 5;
    # no Legion: imp, poisoner, C(4,3) = 4.
    ((*GOOD, "saint", "poisoner", "legion", "imp"), 5, 19),
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


def _witch_hunt_like() -> Script:
    witch = {
        "id": "witch",
        "name": "Witch",
        "team": "minion",
        "ability": "x",
        "special": [{"type": "selection", "name": "bag-duplicate"}],
    }
    town = (*GOOD, "washerwoman", "librarian", "investigator")
    return script_of(ScriptFile(({"id": "_meta", "name": "hunt"}, *town, "poisoner", witch, "imp")))


def test_a_bag_duplicate_homebrew_character_fills_its_team_more_than_once() -> None:
    script = _witch_hunt_like()
    # 10 players: 7 townsfolk of 7 (1 way), 2 minions: witch+witch or witch+poisoner
    # (the poisoner alone is one minion short), the imp: 2 bags.
    assert setup.count_bags(script, 10) == 2
    assert sorted(" ".join(bag.roles) for bag in setup.all_bags(script, 10)) == [
        "chef empath imp investigator librarian monk poisoner soldier washerwoman witch",
        "chef empath imp investigator librarian monk soldier washerwoman witch witch",
    ]


def test_duplicates_beyond_the_rule_are_named() -> None:
    idiots = _script(*GOOD, "villageidiot", "poisoner", "imp")
    bag = ["villageidiot"] * 4 + ["poisoner", "imp"]
    (problem,) = setup.bag_problems(idiots, bag, 6)[:1]
    assert "the Village Idiot 1 to 3 times in the bag; this bag has it 4 times" in problem
    legion = _script(*GOOD, "saint", "poisoner", "legion", "imp")
    assert setup.bag_problems(legion, ["legion", "legion", "chef", "empath", "monk"]) == [
        "5 players have the Legion 3 or 4 times in the bag (most players, not all);"
        " this bag has it 2 times"
    ]
    assert setup.bag_problems(legion, ["legion"] * 3 + ["chef", "saint"]) == []
    assert (
        "the chef is in the bag twice"
        in setup.bag_problems(legion, ["legion"] * 3 + ["chef", "chef"])[0]
    )


def test_no_legal_bags_says_which_rule_makes_them_impossible(tmp_path: Path) -> None:
    path = tmp_path / "tiny.json"
    path.write_text(
        '[{"id": "_meta", "name": "Tiny"}, "chef", "empath", "poisoner", "imp", "saint"]'
    )
    run = meeple(["botc", "bags", "--script", str(path), "--players", "7"])
    assert run.code == 1
    assert "Tiny has no legal bag for 7 players: 7 players have 5 townsfolk" in run.err
    assert "the script has 2" in run.err


# -- seating what a bag cannot seat one character a player --------------------------------


def test_setup_seats_a_lil_monsta_bag_with_a_minion_babysitting() -> None:
    monsta = _script(*GOOD, "saint", "poisoner", "spy", "lilmonsta")
    bag = Bag.of(["lilmonsta", "poisoner", "spy", "chef", "empath", "monk"])
    for seed in range(10):
        grimoire = setup.seat(monsta, bag, ["A", "B", "C", "D", "E"], random.Random(seed))
        assert "lilmonsta" not in grimoire.roles
        (sitter,) = [s for s in grimoire.seats if MONSTA_TOKEN in s.tokens]
        assert sitter.role in {"poisoner", "spy"}
        assert bag_difference(bag, grimoire).same
        assert list(script_findings(_placed(grimoire), monsta, format_line(grimoire))) == []
    with pytest.raises(ValueError, match="6 names for a bag of 6 characters"):
        setup.seat(monsta, bag, ["A", "B", "C", "D", "E", "F"], random.Random(1))
    run = meeple(
        [
            "botc",
            "setup",
            "{lilmonsta poisoner spy chef empath monk}",
            "--names",
            "A,B,C,D,E",
            "--script",
            "bad-moon-rising",
            "--seed",
            "1",
        ]
    )
    assert run.code == 2 and "not on" not in run.err  # bad-moon-rising has no Lil' Monsta


def test_setup_marks_the_marionette_and_the_drunk_village_idiot() -> None:
    script = _script(*GOOD, "villageidiot", "saint", "marionette", "imp")
    bag = Bag.of(["villageidiot", "villageidiot", "chef", "marionette", "imp"])
    for seed in range(10):
        grimoire = setup.seat(script, bag, list("ABCDE"), random.Random(seed))
        (puppet,) = [s for s in grimoire.seats if MARIONETTE_TOKEN in s.tokens]
        assert puppet.role in {"empath", "monk", "soldier", "saint"}
        assert effective_role(puppet) == "marionette"
        at = grimoire.seats.index(puppet)
        neighbours = {grimoire.seats[at - 1].role, grimoire.seats[(at + 1) % 5].role}
        assert "imp" in neighbours
        idiots = [s for s in grimoire.seats if s.role == "villageidiot"]
        assert [ReminderToken("drunk", "villageidiot") in s.tokens for s in idiots].count(True) == 1
        assert bag_difference(bag, grimoire).same


def test_the_lord_of_typhon_sits_in_the_middle_of_the_evil_line() -> None:
    script = _script(
        *GOOD,
        "washerwoman",
        "librarian",
        "saint",
        "poisoner",
        "spy",
        "baron",
        "scarletwoman",
        "lordoftyphon",
    )
    bag = Bag.of(
        [
            "lordoftyphon",
            "poisoner",
            "spy",
            "scarletwoman",
            "chef",
            "empath",
            "monk",
            "soldier",
            "washerwoman",
            "librarian",
        ]
    )
    for seed in range(20):
        grimoire = setup.seat(script, bag, list("ABCDEFGHIJ"), random.Random(seed))
        placed = _placed(grimoire)
        assert [
            f for f in script_findings(placed, script, format_line(grimoire)) if "Lord" in f.message
        ] == []
    line = Grimoire(
        tuple(
            Seat(n, r)
            for n, r in zip(
                "ABCDE", ["lordoftyphon", "poisoner", "chef", "spy", "empath"], strict=True
            )
        )
    )
    found = [f.message for f in script_findings(_placed(line), script, format_line(line))]
    assert any("evil players sit in one line" in m for m in found)
    edge = Grimoire(
        tuple(
            Seat(n, r)
            for n, r in zip(
                "ABCDE", ["lordoftyphon", "poisoner", "spy", "chef", "empath"], strict=True
            )
        )
    )
    found = [f.message for f in script_findings(_placed(edge), script, format_line(edge))]
    assert any("middle of the evil line; this is seat 1 of 3" in m for m in found)


def test_a_godfather_grimoire_may_take_either_alternative() -> None:
    script = _script(*GOOD, "saint", "recluse", "godfather", "imp")
    plus = Grimoire(
        tuple(
            Seat(n, r)
            for n, r in zip(
                "ABCDEF", ["godfather", "imp", "saint", "recluse", "chef", "empath"], strict=True
            )
        )
    )
    assert [f.message for f in script_findings(_placed(plus), script, format_line(plus))] == []


def _placed(grimoire: Grimoire) -> Placed:
    return parse_placed(format_line(grimoire))
