"""Script checks (Trouble Brewing) and naming lints, through the library."""

from __future__ import annotations

import pytest

from meeple.botc import notation
from meeple.botc.model import Bag
from meeple.botc.script import (
    bag_convention_findings,
    bag_difference,
    bag_script_findings,
    convention_findings,
    effective_role,
    load_script,
    script_findings,
)
from meeple.errors import Finding
from tests.cli_helpers import meeple

TB = load_script("trouble-brewing")
SEVEN = "[Ann:washerwoman Ben:chef Cat:empath Dan:monk Eve:slayer Fay:poisoner Gus:imp]"


def findings(text: str) -> list[Finding]:
    return list(script_findings(notation.read_grimoire(text), TB, text))


def where(found: list[Finding]) -> list[tuple[int, str]]:
    return [(f.location.column, f.message) for f in found]


def test_the_script_data_is_bundled() -> None:
    assert TB.roles["imp"].team == "demon"
    assert TB.roles["washerwoman"].tokens == ("townsfolk", "wrong")
    assert TB.expected_counts(7, []) == {"townsfolk": 5, "outsider": 0, "minion": 1, "demon": 1}
    with pytest.raises(ValueError, match="unknown script"):
        load_script("trouble-bubbling")


# The three base scripts: 13 townsfolk, 4 outsiders, 4 minions and 4 demons each (the Imp
# alone in Trouble Brewing), and the set-up modifiers that change the outsider count.
@pytest.mark.parametrize(
    ("name", "modifiers"),
    [
        ("trouble-brewing", {"baron": ({"townsfolk": -2, "outsider": 2},)}),
        (
            "bad-moon-rising",
            {
                "godfather": (
                    {"outsider": -1, "townsfolk": 1},
                    {"outsider": 1, "townsfolk": -1},
                )
            },
        ),
        (
            "sects-and-violets",
            {
                "fanggu": ({"outsider": 1, "townsfolk": -1},),
                "vigormortis": ({"outsider": -1, "townsfolk": 1},),
            },
        ),
    ],
)
def test_every_base_script_is_bundled_with_its_modifiers(
    name: str, modifiers: dict[str, object]
) -> None:
    script = load_script(name)
    teams = [role.team for role in script.roles.values()]
    demons = 1 if name == "trouble-brewing" else 4
    assert [teams.count(t) for t in ("townsfolk", "outsider", "minion", "demon")] == [
        13,
        4,
        4,
        demons,
    ]
    assert dict(script.modifiers) == modifiers
    assert script.setup_counts == TB.setup_counts
    for role in script.roles.values():
        assert all(token.isidentifier() and token.islower() for token in role.tokens)


def test_unknown_roles_and_tokens_get_the_closest_names() -> None:
    text = "[Ann:chfe(washerwoman:townsfok) Ben:washerwoman Cat:imp Dan:poisoner Eve:monk]"
    messages = [f.message for f in findings(text)]
    assert "seat 1 (Ann): 'chfe' is not a role of trouble-brewing; did you mean 'chef'?" in messages
    assert any("no reminder token 'townsfok'; did you mean 'townsfolk'?" in m for m in messages)


def test_a_proper_seven_player_setup_has_no_findings() -> None:
    assert findings(SEVEN) == []


def test_the_baron_trades_two_townsfolk_for_two_outsiders() -> None:
    text = "[Ann:washerwoman Ben:chef Cat:empath Dan:saint Eve:recluse Fay:baron Gus:imp]"
    assert findings(text) == []
    assert TB.expected_counts(7, ["baron"]) == {
        "townsfolk": 3,
        "outsider": 2,
        "minion": 1,
        "demon": 1,
    }


def test_the_drunks_seat_counts_as_the_drunk_and_may_carry_its_shown_roles_tokens() -> None:
    text = (
        "[Ann:washerwoman(drunk:is_the_drunk) Ben:chef(washerwoman:townsfolk) Cat:empath"
        " Dan:monk Eve:slayer Hal:soldier Fay:poisoner Gus:imp]"
    )
    assert findings(text) == []
    seat = notation.parse_grimoire(text).seats[0]
    assert effective_role(seat) == "drunk"


def test_unknown_and_repeated_roles_name_their_seats() -> None:
    text = "[Ann:washerwoman Ben:chef Cat:chef Dan:monk Eve:goblin Fay:poisoner Gus:imp]"
    found = findings(text)
    chef_again = text.index("Cat:chef") + len("Cat:") + 1
    assert (chef_again, "seat 3 (Cat): the chef is already in play at seat 2") in where(found)
    goblin = text.index("goblin") + 1
    assert (goblin, "seat 5 (Eve): 'goblin' is not a role of trouble-brewing") in where(found)
    assert all(f.severity == "warning" for f in found)


def test_team_counts_must_fit_the_player_count() -> None:
    text = "[Ann:washerwoman Ben:chef Cat:empath Dan:monk Eve:saint Fay:poisoner Gus:imp]"
    (found,) = findings(text)
    assert found.location.column == 1
    assert "7 players start with 5 townsfolk, 0 outsiders, 1 minion, 1 demon" in found.message
    assert "this has 4 townsfolk, 1 outsider, 1 minion, 1 demon" in found.message


@pytest.mark.parametrize(
    ("record", "this"),
    [
        (SEVEN, "this has 7 characters not on bad-moon-rising (washerwoman, chef, empath, monk,"),
        (
            "[Ann:zombuul Ben:godfather Cat:chef Dan:empath Eve:monk Fay:grandmother Gus:sailor]",
            "this has 2 townsfolk, 0 outsiders, 1 minion, 1 demon, and 3 characters not on"
            " bad-moon-rising (chef, empath, monk)",
        ),
        ("{imp chef empath monk mayor soldier poisoner}", "this has 7 characters not on"),
    ],
)
def test_characters_not_on_the_script_are_named_in_the_team_counts(record: str, this: str) -> None:
    done = meeple(["check", "--format", "botc", "-", "--script", "bad-moon-rising"], stdin=record)
    assert done.code == 0
    assert this in done.out
    assert "0 townsfolk, 0 outsiders, 0 minions, 0 demons" not in done.out


def test_player_count_must_be_on_the_table() -> None:
    (found,) = findings("[Ann:imp Ben:chef]")
    assert found.message == "trouble-brewing seats 5 to 15 players, not 2"


@pytest.mark.parametrize(
    ("token", "words"),
    [
        ("goblin:grin", "token prefix 'goblin' is not a role of trouble-brewing"),
        ("monk:poisoned", "the monk has no reminder token 'poisoned' (it has: safe)"),
        ("virgin:no_ability", "token 'virgin:no_ability': the virgin is not in play"),
        ("red_herring", "no role in play has a reminder token called 'red_herring'"),
    ],
)
def test_reminder_tokens_must_belong_to_a_role_in_play(token: str, words: str) -> None:
    text = SEVEN.replace("Ben:chef", f"Ben:chef({token})")
    (found,) = findings(text)
    assert found.location.column == text.index(token) + 1
    assert found.message == f"seat 2 (Ben): {words}"


def test_a_bare_token_of_a_role_in_play_is_fine() -> None:
    assert findings(SEVEN.replace("Ben:chef", "Ben:chef(poisoned)")) == []


def test_naming_conventions_are_lints() -> None:
    text = "[ann:Imp Bob:baron(Poisoner:poisoned)]"
    found = list(convention_findings(notation.read_grimoire(text), text))
    columns = [text.index(word) + 1 for word in ("ann", "Imp", "Poisoner")]
    assert [(f.location.column, f.severity) for f in found] == [(c, "lint") for c in columns]
    assert "capital letter" in found[0].message


def test_bag_checks() -> None:
    text = "{imp imp goblin chef Empath}"
    roles = notation.read_bag(text)
    found = list(bag_script_findings(roles, TB, text))
    assert where(found)[:2] == [
        (text.index("imp goblin") + 1, "the imp is in the bag twice"),
        (text.index("goblin") + 1, "'goblin' is not a role of trouble-brewing"),
    ]
    assert found[-1].message.endswith(
        "this has 1 townsfolk, 0 outsiders, 0 minions, 2 demons,"
        " and 2 characters not on trouble-brewing (goblin, Empath)"
    )
    (lint,) = bag_convention_findings(roles, text)
    assert lint.location.column == text.index("Empath") + 1


def test_a_bag_compares_with_the_grimoire_counting_the_drunk() -> None:
    grimoire = notation.parse_grimoire("[A:imp B:chef(drunk:is_the_drunk) C:baron]")
    assert bag_difference(Bag(("imp", "drunk", "baron")), grimoire).same
    difference = bag_difference(Bag(("imp", "chef", "spy")), grimoire)
    assert difference.missing == Bag(("chef", "spy"))
    assert difference.extra == Bag(("baron", "drunk"))
