"""Legal bags and set-ups (meeple.botc.setup and `meeple botc`): counts, draws, seating."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple import botc
from meeple.botc import setup
from meeple.botc.model import Bag
from meeple.botc.script import DRUNK_TOKEN, TEAMS, Role, Script, load_script
from tests.cli_helpers import meeple

TB = load_script("trouble-brewing")


def _legal_by_brute_force(script: Script, players: int) -> int:
    """Every set of `players` characters, kept when its team counts fit (no cleverness)."""
    base = script.setup_counts[players]
    legal = 0
    for roles in itertools.combinations(sorted(script.roles), players):
        found = Counter(script.roles[r].team for r in roles)
        options = [script.modifiers[r] for r in roles if r in script.modifiers]
        for picked in itertools.product(*options):
            expected = Counter(base)
            for change in picked:
                expected.update(change)
            if all(found[t] == expected[t] for t in TEAMS):
                legal += 1
                break
    return legal


@pytest.mark.parametrize("players", [5, 6, 7])
def test_counts_agree_with_brute_force(players: int) -> None:
    assert setup.count_bags(TB, players) == _legal_by_brute_force(TB, players)


@pytest.mark.parametrize("script", ["bad-moon-rising", "sects-and-violets"])
@pytest.mark.parametrize("players", [5, 6])
def test_counts_with_every_modifier_agree_with_brute_force(script: str, players: int) -> None:
    rules = load_script(script)
    assert setup.count_bags(rules, players) == _legal_by_brute_force(rules, players)
    drawn = list(setup.random_bags(rules, players, 50, random.Random(players)))
    assert all(setup.bag_problems(rules, bag.roles) == [] for bag in drawn)


def test_counts_for_every_player_count_follow_the_setup_table() -> None:
    # 12 players: 7 townsfolk, 2 outsiders, 2 minions, 1 demon, or with the Baron 5 and 4.
    without_baron = 1716 * 6 * 3  # C(13,7) C(4,2) C(3,2)
    with_baron = 3 * 1287 * 1  # one of 3 other minions, C(13,5), all 4 outsiders
    assert setup.count_bags(TB, 12) == without_baron + with_baron
    for players in range(5, 16):
        bags = list(setup.all_bags(TB, players)) if players <= 9 else []
        if bags:
            assert len(bags) == len(set(bags)) == setup.count_bags(TB, players)
            assert all(setup.bag_problems(TB, bag.roles) == [] for bag in bags)


@given(st.integers(5, 15), st.integers(0, 2**32))
def test_every_drawn_bag_is_legal(players: int, seed: int) -> None:
    for bag in setup.random_bags(TB, players, 3, random.Random(seed)):
        assert len(bag) == players
        assert setup.bag_problems(TB, bag.roles, players) == []


def test_draws_are_uniform_over_bags_not_over_makeups() -> None:
    # 5 players: 858 bags without the Baron, 78 with; a uniform draw picks the Baron 1/12 of
    # the time, where picking a make-up first (Baron or not) would give 1/2.
    draws = list(setup.random_bags(TB, 5, 20_000, random.Random(7)))
    share = sum("baron" in bag.roles for bag in draws) / len(draws)
    assert abs(share - 78 / 936) < 0.01
    assert len(set(draws)) > 900  # nearly every one of the 936 bags appears


def test_a_modifier_with_alternatives_allows_either() -> None:
    godfather_script = Script(
        "test",
        {
            **{f"t{i}": Role(f"t{i}", "townsfolk", ()) for i in range(8)},
            **{f"o{i}": Role(f"o{i}", "outsider", ()) for i in range(4)},
            "godfather": Role("godfather", "minion", ()),
            "demon": Role("demon", "demon", ()),
        },
        {7: {"townsfolk": 5, "outsider": 0, "minion": 1, "demon": 1}},
        {"godfather": ({"outsider": -1, "townsfolk": 1}, {"outsider": 1, "townsfolk": -1})},
    )
    # -1 outsider is impossible with none to lose; +1 gives 4 townsfolk and 1 outsider.
    assert setup.count_bags(godfather_script, 7) == 70 * 4
    assert setup.count_bags(godfather_script, 7) == _legal_by_brute_force(godfather_script, 7)
    bag = ["godfather", "demon", "t0", "t1", "t2", "t3", "t4"]
    assert setup.bag_problems(godfather_script, bag) == [
        "with a Godfather (1 more outsider), 7 players have 1 outsider; this bag has 0, 1 too few"
    ]


def test_problems_name_the_rule_broken() -> None:
    baron = "baron imp poisoner chef empath monk mayor soldier virgin slayer butler saint"
    assert setup.bag_problems(TB, baron.split()) == [
        "with a Baron (2 more outsiders), 12 players have 4 outsiders; this bag has 2, 2 too few"
    ]
    baron = "baron imp chef empath butler saint recluse"
    assert setup.bag_problems(TB, baron.split()) == [
        "with a Baron (2 more outsiders), 7 players have 2 outsiders; this bag has 3, 1 too many"
    ]
    assert setup.bag_problems(
        TB, ["imp", "poisoner", "spy", "chef", "empath", "monk", "mayor"]
    ) == ["7 players have 1 minion; this bag has 2, 1 too many"]
    assert setup.bag_problems(TB, ["imp", "chef"], 5) == [
        "5 players need 5 characters; this bag has 2"
    ]
    assert (
        "the chef is in the bag twice"
        in setup.bag_problems(TB, ["imp", "poisoner", "chef", "chef", "monk"])[0]
    )
    assert setup.bag_problems(TB, ["imp"] * 3, 3) == [
        "trouble-brewing seats 5 to 15 players, not 3"
    ]


def test_seating_shows_the_drunk_a_townsfolk_out_of_play_and_places_the_red_herring() -> None:
    bag = Bag.of(["imp", "poisoner", "fortune_teller", "drunk", "chef", "empath", "monk", "saint"])
    names = ["Alice", "Bob", "Carol", "Dave", "Eve", "Fay", "Gus", "Hal"]
    for seed in range(20):
        grimoire = setup.seat(TB, bag, names, random.Random(seed))
        assert grimoire.players == tuple(names)
        (drunk,) = [s for s in grimoire.seats if DRUNK_TOKEN in s.tokens]
        assert TB.roles[drunk.role].team == "townsfolk" and drunk.role not in bag.roles
        (herring,) = [s for s in grimoire.seats if setup.RED_HERRING in s.tokens]
        assert botc.effective_role(herring) in {"fortune_teller", "drunk", "chef", "empath"} | {
            "monk",
            "saint",
        }
        assert sorted(botc.effective_role(s) for s in grimoire.seats) == list(bag.roles)
    with pytest.raises(ValueError, match="2 names for a bag of 8"):
        setup.seat(TB, bag, ["A", "B"], random.Random(1))


# -- the command line -----------------------------------------------------------------------


def test_bags_count_only_and_all_agree() -> None:
    assert meeple(["botc", "bags", "--players", "12", "--count-only"]).out == "34749\n"
    listed = meeple(["botc", "bags", "--players", "5", "--all"]).out.splitlines()
    assert len(listed) == len(set(listed)) == 936


def test_drawn_bags_are_reproducible_and_check_as_legal(tmp_path: object) -> None:
    args = ["botc", "bags", "--players", "9", "--count", "5", "--seed", "3"]
    first, again = meeple(args).out, meeple(args).out
    assert first == again and len(first.splitlines()) == 5
    for line in first.splitlines():
        run = meeple(["check", "--format", "botc", "-", "--players", "9"], stdin=line)
        assert run.code == 0, run.out


def test_check_names_the_broken_rule_of_a_bag_file() -> None:
    bag = "{baron imp poisoner chef empath monk mayor soldier virgin slayer butler saint}\n"
    run = meeple(["check", "--format", "botc", "-", "--players", "12"], stdin=bag)
    assert run.code == 1
    assert (
        "<stdin>:1:1: error: with a Baron (2 more outsiders), 12 players have 4 outsiders;"
        " this bag has 2, 2 too few" in run.out
    )
    assert meeple(["check", "--format", "botc", "-", "--players", "many"], stdin=bag).code == 2


@pytest.mark.parametrize("source", ["file", "--bag"])
def test_a_bags_unknown_or_repeated_character_is_named_where_it_is_written(
    source: str, tmp_path: object
) -> None:
    bag = "{imp poisoner chef chef monk sant}"
    if source == "file":
        run = meeple(["check", "--format", "botc", "-", "--players", "6"], stdin=bag + "\n")
        where = "<stdin>"
    else:
        line = "[Ann:imp Bob:poisoner Cat:chef Dan:chef Eve:monk Fay:saint]\n"
        run = meeple(["check", "--format", "botc", "-", "--bag", bag, "--players", "6"], stdin=line)
        where = "--bag"
    assert run.code == 1
    errors = [line for line in run.out.splitlines() if ": error: " in line]
    assert errors == [
        f"{where}:1:20: error: the chef is in the bag twice: each character once",
        f"{where}:1:30: error: 'sant' is not a role of trouble-brewing; did you mean 'saint'?",
    ]


def test_setup_seats_a_bag_and_writes_a_grimoire_that_checks() -> None:
    bag = meeple(["botc", "bags", "--players", "7", "--seed", "11"]).out.strip()
    names = "Alice,Bob,Carol,Dave,Eve,Fay,Gus"
    run = meeple(["botc", "setup", bag, "--names", names, "--seed", "2"])
    assert run.code == 0, run.err
    line = run.out
    assert line.startswith("[Alice:") and line.endswith("]\n")
    checked = meeple(["check", "--format", "botc", "-", "--script", "trouble-brewing"], stdin=line)
    assert checked.code == 0 and "warning" not in checked.out, checked.out
    art = meeple(["botc", "setup", bag, "--names", names, "--seed", "2", "--to", "botc-ascii"])
    assert art.out.startswith("┌─ Grimoire (7 players)")
    back = meeple(["convert", "--format", "botc-ascii", "-", "--to", "botc"], stdin=art.out)
    assert back.out == line


def test_setup_refuses_an_illegal_bag_or_the_wrong_names() -> None:
    run = meeple(["botc", "setup", "{imp chef}", "--names", "A,B,C"])
    assert run.code == 2 and "not legal for 3 players" in run.err
    bag = meeple(["botc", "bags", "--players", "5", "--seed", "1"]).out.strip()
    run = meeple(["botc", "setup", bag, "--names", "A,B,C,D,A"])
    assert run.code == 2 and "'A' is named twice" in run.err


SEATED_12 = (
    "[A1:monk A2:soldier A3:baron A4:poisoner A5:imp A6:mayor A7:washerwoman(drunk:is_the_drunk)"
    " A8:saint A9:empath B1:butler B2:recluse B3:chef]\n"
)


@pytest.mark.parametrize("to", ["botc", "botc-ascii", "botc-townsquare"])
def test_players_checks_a_seated_grimoires_set_up(to: str, tmp_path: Path) -> None:
    record = tmp_path / "seated"
    record.write_text(meeple(["convert", "-", "--format", "botc", "--to", to], stdin=SEATED_12).out)
    done = meeple(["check", "--format", to, str(record), "--players", "12"])
    assert done.code == 0, done.out
    done = meeple(["check", "--format", to, str(record), "--players", "11"])
    assert done.code == 1
    assert "11 players need 11 characters; this bag has 12" in done.out


def test_players_on_a_grimoire_points_at_the_seat_a_rule_concerns() -> None:
    grimoire = "[Ann:imp Ben:chef Cat:chef Dan:monk Eve:poisoner]\n"
    done = meeple(["check", "--format", "botc", "-", "--players", "5"], stdin=grimoire)
    assert done.code == 1
    assert "<stdin>:1:23: error: the chef is in the bag twice" in done.out


def test_players_on_a_grimoire_counts_the_babysat_lil_monsta(tmp_path: Path) -> None:
    script = tmp_path / "monsta.json"
    script.write_text(
        '[{"id": "_meta", "name": "Monsta"}, "lilmonsta", "poisoner", "spy", "baron", "chef",'
        ' "empath", "monk", "mayor", "soldier", "butler", "saint"]'
    )
    grimoire = "[A:monk B:spy C:soldier D:chef E:baron(lilmonsta:is_the_demon) F:saint G:butler]\n"
    args = ["check", "--format", "botc", "-", "--script", str(script), "--players"]
    assert meeple([*args, "7"], stdin=grimoire).code == 0
    done = meeple([*args, "8"], stdin=grimoire)
    assert "8 players need 9 characters (with the Lil' Monsta" in done.out
